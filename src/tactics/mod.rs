//! Local tactics read from a [`Board`] without changing it: what a move
//! would capture, how many liberties its string would have, whether it
//! saves a string in atari, whether a string is caught in a ladder
//! ([`ladder`]). No allocation.

pub mod ladder;

use crate::board::{Bitboard, Board, Color, Point};

/// What a move of `c` on the empty point `p` would do locally.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveEffect {
    /// Opposing stones it captures.
    pub captures: u32,
    /// Liberties of the string the stone joins, after the captures.
    pub liberties: u32,
    /// Stones of that string, the new one included.
    pub stones: u32,
    /// Own stones in atari next to `p` before the move.
    pub rescued_in_atari: u32,
}

impl MoveEffect {
    /// Whether the move leaves its own string in atari without capturing.
    pub fn is_self_atari(&self) -> bool {
        self.liberties <= 1 && self.captures == 0
    }

    /// Whether the move takes a string of its own out of atari.
    pub fn escapes_atari(&self) -> bool {
        self.rescued_in_atari > 0 && self.liberties >= 2
    }
}

/// The local effect of `c` playing the empty point `p` (legality aside).
pub fn move_effect(board: &Board, c: Color, p: Point) -> MoveEffect {
    let stride = board.stride();
    let mut own = Bitboard::single(p);
    let mut captured = Bitboard::EMPTY;
    let mut rescued = 0;
    for n in board.neighbours(p) {
        match board.color_at(n) {
            Some(col) if col == c && !own.contains(n) => {
                let s = board.string_bitboard(n);
                if board.in_atari(n) {
                    rescued += s.count();
                }
                own |= s;
            }
            Some(col) if col != c && board.in_atari(n) && !captured.contains(n) => {
                captured |= board.string_bitboard(n);
            }
            _ => {}
        }
    }
    let mut empty = board.empty_points() | captured;
    empty.remove(p);
    MoveEffect {
        captures: captured.count(),
        liberties: (own.neighbours(stride) & empty).count(),
        stones: own.count(),
        rescued_in_atari: rescued,
    }
}

/// Distance from `p` to the nearest edge: 0 on the first line.
pub fn line(board: &Board, p: Point) -> usize {
    let size = board.size();
    let (x, y) = p.xy(size);
    x.min(y).min(size - 1 - x).min(size - 1 - y)
}

/// Manhattan distance between two points.
pub fn distance(board: &Board, a: Point, b: Point) -> usize {
    let size = board.size();
    let (ax, ay) = a.xy(size);
    let (bx, by) = b.xy(size);
    ax.abs_diff(bx) + ay.abs_diff(by)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effects() {
        let b = Board::from_rows(&[
            ". . . . .",
            ". X . . .",
            "X O . . .",
            ". X O . .",
            ". . X . .",
        ])
        .unwrap();
        let p = |s| Point::parse(s, 5).unwrap();
        let e = move_effect(&b, Color::Black, p("C3"));
        assert_eq!(e.captures, 1);
        let w = move_effect(&b, Color::White, p("C3"));
        assert!(w.escapes_atari(), "{w:?}");
        let s = move_effect(&b, Color::White, p("A1"));
        assert!(!s.is_self_atari(), "{s:?}");
        let corner = move_effect(&b, Color::White, p("A2"));
        assert!(corner.is_self_atari(), "{corner:?}");
        assert_eq!(line(&b, p("C3")), 2);
        assert_eq!(distance(&b, p("A1"), p("C3")), 4);
    }
}
