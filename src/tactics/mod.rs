//! Local tactics read from a [`Board`] without changing it: what a move
//! would capture, how many liberties its string would have, whether it
//! saves a string in atari, whether a string is caught in a ladder
//! ([`ladder`]). No allocation.

pub mod benson;
pub mod ladder;
pub mod life;
pub mod nakade;
pub mod reader;

use crate::board::{Board, Color, Point, PointSet};

/// Liberties are counted up to this many: every reader asks only whether
/// a string would have one, two, or three and more.
pub const LIBERTY_CAP: u32 = 3;

/// What a move of `c` on the empty point `p` would do locally.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveEffect {
    /// Opposing stones it captures.
    pub captures: u32,
    /// Liberties of the string the stone joins, after the captures,
    /// counted up to [`LIBERTY_CAP`].
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
///
/// It reads the strings beside `p` from the board's string lists and walks
/// the stones of the strings `p` joins only until [`LIBERTY_CAP`]
/// liberties are found: no bitboards, no copy.
pub fn move_effect(board: &Board, c: Color, p: Point) -> MoveEffect {
    // Heads of the own strings `p` joins and of the strings it captures.
    let mut own = PointSet::<4>::new();
    let mut taken = PointSet::<4>::new();
    let mut effect = MoveEffect {
        stones: 1,
        ..MoveEffect::default()
    };
    let neighbours = board.neighbours(p);
    for n in neighbours {
        let Some(col) = board.color_at(n) else {
            continue;
        };
        let head = board.string_head(n);
        if col == c {
            if own.add(head) {
                let size = board.string_size(n);
                effect.stones += size;
                if board.in_atari(n) {
                    effect.rescued_in_atari += size;
                }
            }
        } else if board.in_atari(n) && taken.add(head) {
            effect.captures += board.string_size(n);
        }
    }
    // A point next to the new string is a liberty when it is empty (but
    // for `p`) or a stone the move captures.
    let is_liberty = |q: Point| {
        q != p
            && (board.is_empty_at(q)
                || (!taken.is_empty()
                    && board.color_at(q) == Some(!c)
                    && taken.contains(board.string_head(q))))
    };
    // Adds a liberty; whether the cap is reached.
    let mut libs = PointSet::<{ LIBERTY_CAP as usize }>::new();
    let mut add = |q: Point| {
        libs.insert(q);
        libs.is_full()
    };
    'walk: {
        for n in neighbours {
            if is_liberty(n) && add(n) {
                break 'walk;
            }
        }
        // An own string in atari has only `p` for a liberty, so it brings
        // new ones only through captures.
        for &head in own.as_slice() {
            if taken.is_empty() && board.in_atari(head) {
                continue;
            }
            for s in board.string_stones(head) {
                for n in board.neighbours(s) {
                    if is_liberty(n) && add(n) {
                        break 'walk;
                    }
                }
            }
        }
    }
    effect.liberties = libs.len() as u32;
    effect
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

    /// The effect by whole sets: the stones the move joins, the strings
    /// it captures, and the liberties as bitboards, uncapped.
    fn reference(board: &Board, c: Color, p: Point) -> (MoveEffect, u32) {
        use crate::board::Bitboard;
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
                Some(col) if col != c && board.in_atari(n) => captured |= board.string_bitboard(n),
                _ => {}
            }
        }
        let mut empty = board.empty_points() | captured;
        empty.remove(p);
        let libs = (own.neighbours(board.stride()) & empty).count();
        let effect = MoveEffect {
            captures: captured.count(),
            liberties: libs.min(LIBERTY_CAP),
            stones: own.count(),
            rescued_in_atari: rescued,
        };
        (effect, libs)
    }

    /// `move_effect` agrees with the set reading on every empty point of
    /// random positions, for both colours, with liberties capped.
    #[test]
    fn agrees_with_a_reading_by_sets() {
        use crate::playout::{random_position, PlayoutRng};
        use rand::SeedableRng;
        let mut rng = PlayoutRng::seed_from_u64(3);
        let mut seen = [0usize; 5];
        for size in [5, 9, 13, 19] {
            for game in 0..30 {
                let b = random_position(size, size * size / 4 + game * size / 3, &mut rng);
                for p in b.empty_points().iter() {
                    for c in Color::BOTH {
                        let (want, libs) = reference(&b, c, p);
                        let got = move_effect(&b, c, p);
                        assert_eq!(got, want, "{c:?} {}\n{b}", p.to_gtp(size));
                        seen[libs.min(4) as usize] += 1;
                    }
                }
            }
        }
        // Every case was met: no liberty, one, two, three, more.
        assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
    }
}
