//! 3x3 patterns around a point, in the tradition of MoGo's playout
//! patterns (Gelly, Wang, Munos, Teytaud 2006): hane, cut and edge shapes
//! whose centre is a good move for either side.
//!
//! A neighbourhood is encoded in 16 bits, two per neighbour (empty,
//! black, white, off board), and looked up in a table built once from the
//! pattern texts below with every rotation, reflection and colour swap.

use crate::board::board::{CODE_BLACK, CODE_EMPTY, CODE_OFF, CODE_WHITE};
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

// A neighbourhood's two-bit codes are the board's.
const EMPTY: u8 = CODE_EMPTY as u8;
const BLACK: u8 = CODE_BLACK as u8;
const WHITE: u8 = CODE_WHITE as u8;
const EDGE: u8 = CODE_OFF as u8;

/// Whether the empty point `p` matches a good-shape pattern.
#[inline]
pub fn is_good_shape(board: &Board, p: Point) -> bool {
    table()[board.neighbourhood(p) as usize]
}

fn table() -> &'static [bool] {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Cells of a 3x3 grid (row-major, top row first, centre index 4) in the
/// order of [`Board::neighbourhood`].
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

    /// `Board::neighbourhood` reads each of the eight points as its
    /// colour, or off the board, in the documented order.
    #[test]
    fn neighbourhood_codes_read_each_point() {
        use crate::board::Color;
        use crate::playout::{random_position, PlayoutRng};
        use rand::SeedableRng;
        let mut rng = PlayoutRng::seed_from_u64(5);
        let order = crate::board::board::NEIGHBOURHOOD_OFFSETS;
        for size in [2, 5, 9, 19] {
            let b = random_position(size, size * size / 2, &mut rng);
            for p in b.points() {
                let (x, y) = p.xy(size);
                let mut want = 0u16;
                for (i, (dx, dy)) in order.into_iter().enumerate() {
                    let q = Point::new(
                        (x as isize + dx as isize) as usize,
                        (y as isize + dy as isize) as usize,
                        size,
                    );
                    let v = match q.map(|q| b.color_at(q)) {
                        None => EDGE,
                        Some(None) => EMPTY,
                        Some(Some(Color::Black)) => BLACK,
                        Some(Some(Color::White)) => WHITE,
                    };
                    want |= (v as u16) << (2 * i);
                }
                assert_eq!(b.neighbourhood(p), want, "{}\n{b}", p.to_gtp(size));
            }
        }
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
