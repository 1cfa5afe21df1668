//! 3x3 patterns around a point, in the tradition of MoGo's playout
//! patterns (Gelly, Wang, Munos, Teytaud 2006): hane, cut and edge shapes
//! whose centre is a good move for either side.
//!
//! A neighbourhood is encoded in 16 bits, two per neighbour (empty,
//! black, white, off board), and looked up in a table built once from the
//! pattern texts below with every rotation, reflection and colour swap.

use crate::board::{Board, Point};
use std::sync::OnceLock;

/// Patterns, rows top to bottom, centre `.` is the move. `X` one colour,
/// `O` the other, `.` empty, `?` anything, `x` not `X` (empty or `O`),
/// `o` not `O`, `#` off the board.
const PATTERNS: &[&str] = &[
    "XOX...???", // hane enclosing
    "XO....?.?", // hane, non-cutting
    "XO?X..x.?", // hane, magari
    ".O.X.....", // diagonal attachment
    "XO?O.o?o?", // unprotected cut
    "XO?O.X???", // peeped cut
    "?X?O.Oooo", // cut across
    "OX?o.O???", // keima cut
    "OX?X.O###", // edge: block the side cut
    "?X?x.O###", // edge: block the side connection
    "?XOx.x###", // edge: sagari
    "?OXX.O###", // edge: cut
];

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;

/// Neighbour offsets in code order: top row, middle row (no centre), bottom row.
fn offsets(stride: isize) -> [isize; 8] {
    [
        stride - 1,
        stride,
        stride + 1,
        -1,
        1,
        -stride - 1,
        -stride,
        -stride + 1,
    ]
}

/// The 16-bit code of the neighbourhood of `p`.
#[inline]
pub fn code(board: &Board, p: Point) -> u16 {
    let mut code = 0u16;
    for (i, d) in offsets(board.stride() as isize).into_iter().enumerate() {
        let q = Point::from_index((p.index() as isize + d) as usize);
        let v = if !board.is_on_board(q) {
            EDGE
        } else {
            match board.color_at(q) {
                None => EMPTY,
                Some(crate::board::Color::Black) => BLACK,
                Some(crate::board::Color::White) => WHITE,
            }
        };
        code |= (v as u16) << (2 * i);
    }
    code
}

/// Whether the empty point `p` matches a good-shape pattern.
#[inline]
pub fn is_good_shape(board: &Board, p: Point) -> bool {
    table()[code(board, p) as usize]
}

fn table() -> &'static [bool] {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Cells of a 3x3 grid (row-major, centre index 4) for the code order.
const CELLS: [usize; 8] = [0, 1, 2, 3, 5, 6, 7, 8];

fn build() -> Vec<bool> {
    let mut table = vec![false; 1 << 16];
    for pat in PATTERNS {
        let grid: Vec<char> = pat.chars().collect();
        for sym in 0..8 {
            for swap in [false, true] {
                let mut choices: Vec<Vec<u8>> = Vec::with_capacity(8);
                for &cell in &CELLS {
                    let ch = grid[transform(cell, sym)];
                    let (x, o) = if swap { (WHITE, BLACK) } else { (BLACK, WHITE) };
                    choices.push(match ch {
                        'X' => vec![x],
                        'O' => vec![o],
                        '.' => vec![EMPTY],
                        '#' => vec![EDGE],
                        'x' => vec![EMPTY, o],
                        'o' => vec![EMPTY, x],
                        _ => vec![EMPTY, BLACK, WHITE, EDGE],
                    });
                }
                expand(&choices, 0, 0, &mut table);
            }
        }
    }
    table
}

fn expand(choices: &[Vec<u8>], i: usize, code: u16, table: &mut [bool]) {
    if i == choices.len() {
        table[code as usize] = true;
        return;
    }
    for &v in &choices[i] {
        expand(choices, i + 1, code | (v as u16) << (2 * i), table);
    }
}

/// The cell of the original pattern seen at `cell` under symmetry `sym`
/// (four rotations, each optionally mirrored).
fn transform(cell: usize, sym: usize) -> usize {
    let (mut r, mut c) = ((cell / 3) as isize - 1, (cell % 3) as isize - 1);
    if sym & 4 != 0 {
        c = -c;
    }
    for _ in 0..(sym & 3) {
        (r, c) = (c, -r);
    }
    ((r + 1) * 3 + c + 1) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hane_matches_in_every_orientation_and_colour() {
        // Black D5 with White E5 on top of it... the hane at E4 below White:
        // rows top-first around E4: D5 X, E5 O, F5 X: "XOX" over "...".
        let b = Board::from_rows(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . X O X .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ])
        .unwrap();
        let p = |s| Point::parse(s, 7).unwrap();
        assert!(is_good_shape(&b, p("E4")));
        assert!(!is_good_shape(&b, p("B2")));
        let swapped = Board::from_rows(&[
            ". . . . . . .",
            ". . . O . . .",
            ". . . X . . .",
            ". . . O . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ])
        .unwrap();
        // Rotated and colour-swapped: C5 is the hane point beside D5.
        assert!(is_good_shape(&swapped, p("C5")));
        assert!(is_good_shape(&swapped, p("E5")));
    }

    #[test]
    fn transforms_are_permutations() {
        for sym in 0..8 {
            let mut seen = [false; 9];
            for cell in 0..9 {
                seen[transform(cell, sym)] = true;
            }
            assert!(seen.iter().all(|&s| s));
            assert_eq!(transform(4, sym), 4);
        }
    }
}
