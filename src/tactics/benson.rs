//! Unconditional life in Benson's sense: strings that cannot be captured
//! even if their owner passes for ever, and the opposing stones that lie
//! in eyes of such strings and so can never live. Certain knowledge: the
//! judgement never overrules it with playouts.
//!
//! Benson (1976): take the regions of a colour `c` (maximal connected sets
//! of points that hold no stone of `c`). A region is *vital* to a string
//! of `c` when every empty point of the region is a liberty of the string.
//! Repeatedly drop the strings that have fewer than two vital regions
//! among the regions left, and the regions that touch a dropped string;
//! the strings that remain are alive unconditionally.

use crate::board::{Bitboard, Board, ByColor, Color};

/// What unconditional life settles in a position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Certain {
    /// Stones of both colours that are alive unconditionally.
    pub alive: Bitboard,
    /// Stones of both colours that are dead for certain: they lie in a
    /// region bordered only by unconditionally alive strings of the other
    /// colour, every empty point of which is a liberty of one of them, so
    /// that they can never make an eye.
    pub dead: Bitboard,
    /// Per colour, the regions those strings close: points that colour
    /// owns for certain (empty, or held by such dead stones).
    pub territory: ByColor<Bitboard>,
}

/// The strings of `c` alive unconditionally, and the regions of `c` they
/// close (each bordered only by those strings and vital to one of them).
pub fn pass_alive(board: &Board, c: Color) -> (Bitboard, Vec<Bitboard>) {
    let stride = board.stride();
    let own = board.stones(c);
    let empty = board.empty_points();
    let mut regions: Vec<Bitboard> = Vec::new();
    let mut left = board.on_board() - own;
    while let Some(p) = left.first() {
        let r = Bitboard::single(p).flood(stride, board.on_board() - own);
        left -= r;
        regions.push(r);
    }
    let mut strings: Vec<Bitboard> = Vec::new();
    let mut left = own;
    while let Some(p) = left.first() {
        let s = board.string_bitboard(p);
        left -= s;
        strings.push(s);
    }
    let libs: Vec<Bitboard> = strings
        .iter()
        .map(|s| s.neighbours(stride) & empty)
        .collect();
    // A region is vital to a string when its empty points are all
    // liberties of the string.
    let vital = |r: &Bitboard, s: usize| (*r & empty) - libs[s] == Bitboard::EMPTY;
    // The strings each region touches, and the regions vital to each string.
    let touches: Vec<Vec<usize>> = regions
        .iter()
        .map(|r| {
            let rim = r.neighbours(stride);
            (0..strings.len())
                .filter(|&s| !(rim & strings[s]).is_empty())
                .collect()
        })
        .collect();
    let vital_to: Vec<Vec<usize>> = (0..strings.len())
        .map(|s| {
            (0..regions.len())
                .filter(|&r| touches[r].contains(&s) && vital(&regions[r], s))
                .collect()
        })
        .collect();
    let mut string_in = vec![true; strings.len()];
    let mut region_in = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (s, vitals) in vital_to.iter().enumerate() {
            if string_in[s] && vitals.iter().filter(|&&r| region_in[r]).count() < 2 {
                string_in[s] = false;
                changed = true;
            }
        }
        for (r, strings_touched) in touches.iter().enumerate() {
            if region_in[r] && strings_touched.iter().any(|&s| !string_in[s]) {
                region_in[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let alive = (0..strings.len())
        .filter(|&s| string_in[s])
        .fold(Bitboard::EMPTY, |a, s| a | strings[s]);
    let closed = (0..regions.len())
        .filter(|&r| {
            region_in[r]
                && !touches[r].is_empty()
                && touches[r].iter().any(|&s| vital(&regions[r], s))
        })
        .map(|r| regions[r])
        .collect();
    (alive, closed)
}

/// What unconditional life settles in `board`, for both colours.
pub fn certain(board: &Board) -> Certain {
    let mut out = Certain::default();
    for c in Color::BOTH {
        let (alive, closed) = pass_alive(board, c);
        out.alive |= alive;
        for r in closed {
            out.dead |= r & board.stones(!c);
            out.territory[c] |= r;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    #[test]
    fn two_eyes_are_unconditional_and_the_stone_inside_is_dead() {
        // One black string with the eye B5 and the region D5-D4, where
        // White's D5 can never make an eye.
        let b = Board::from_rows(&[
            "X X X X X .",
            "X . X O X .",
            "X X X . X .",
            ". . X X X .",
            ". . . . . .",
            ". . . . . .",
        ])
        .unwrap();
        let p = |s| Point::parse(s, 6).unwrap();
        let c = certain(&b);
        // The black string has the eyes B5 and the region D5-D4 (empty D4
        // is its liberty): two vital regions.
        assert!(c.alive.contains(p("A6")) && c.alive.contains(p("E5")));
        assert!(c.dead.contains(p("D5")), "{:?}", c.dead);
        assert!(!c.alive.contains(p("D5")));
    }

    #[test]
    fn one_eye_is_not_enough() {
        let b = Board::from_rows(&[
            "X X X O . .",
            "X . X O . .",
            "X X X O . .",
            "O O O O . .",
            ". . . . . .",
            ". . . . . .",
        ])
        .unwrap();
        let c = certain(&b);
        assert!(c.alive.is_empty(), "{:?}", c.alive);
        assert!(c.dead.is_empty());
    }

    #[test]
    fn an_empty_board_settles_nothing() {
        let c = certain(&Board::new(9));
        assert!(c.alive.is_empty() && c.dead.is_empty());
    }
}
