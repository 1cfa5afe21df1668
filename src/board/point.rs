//! Small typed values of the board: [`Color`], [`Point`], [`Move`] and [`ByColor`].
//!
//! A `Point` is an index into the padded grid of a board of a given size: the
//! grid has a border row above and below and one shared border column between
//! rows, so every on-board point has four neighbours at `±1` and `±stride`.
//! This module knows nothing of strings, rules or GTP.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// Largest board side supported (GTP vertices have 25 column letters).
pub const MAX_SIZE: usize = 25;
/// Smallest board side supported.
pub const MIN_SIZE: usize = 2;
/// Number of slots in every per-point array: enough for the padded 25x25 grid
/// (`(25 + 2) * (25 + 1) + 1 = 703` points), rounded up to whole `u64` words.
pub const ARRAY_SIZE: usize = 704;

/// The colour of a stone or of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// Index for per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Parse a GTP colour (`b`, `w`, `black`, `white`, any case).
    pub fn parse(s: &str) -> Option<Color> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }

    /// One-letter name as used in SGF and GTP output (`B`/`W`).
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// A pair of values, one for each colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByColor<T>(pub [T; 2]);

impl<T> ByColor<T> {
    pub const fn new(black: T, white: T) -> Self {
        ByColor([black, white])
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        &self.0[c.index()]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        &mut self.0[c.index()]
    }
}

/// A point of the padded grid. Only [`Point::new`] and the board create
/// on-board points; the raw index is exposed for per-point arrays.
///
/// A `Point` carries no board size: a point of one board may be a border
/// slot of another, and the board checks points at its public methods
/// ([`Board::is_on_board`](super::Board::is_on_board)). What every `Point`
/// guarantees is its index: always below [`ARRAY_SIZE`], so that any point
/// indexes the board's per-point arrays in bounds. [`Point::new`] keeps it
/// (at most 675, the 25x25 board's last point), the board's neighbour
/// functions keep it for any point, and the crate-private constructors
/// have it as their contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// Distance between vertically adjacent points on a board of side `size`.
    #[inline]
    pub const fn stride(size: usize) -> usize {
        size + 1
    }

    /// Number of padded-grid slots used by a board of side `size`.
    #[inline]
    pub const fn grid_len(size: usize) -> usize {
        (size + 2) * (size + 1) + 1
    }

    /// The point at column `x` and row `y` (both from 0, row 0 at the bottom)
    /// of a board of side `size`, or `None` when off the board.
    pub fn new(x: usize, y: usize, size: usize) -> Option<Point> {
        if x < size && y < size && size <= MAX_SIZE {
            Some(Point::from_xy_unchecked(x, y, size))
        } else {
            None
        }
    }

    /// Contract: `x`, `y` < `size` <= `MAX_SIZE` (so the index is below
    /// `ARRAY_SIZE`).
    #[inline]
    pub(crate) const fn from_xy_unchecked(x: usize, y: usize, size: usize) -> Point {
        debug_assert!(x < size && y < size && size <= MAX_SIZE);
        Point(((y + 1) * Point::stride(size) + x + 1) as u16)
    }

    /// Wraps a raw grid index. Contract: `i < ARRAY_SIZE` (an index of a
    /// point, or of a bit of a bitboard, or one the board stored).
    #[inline]
    pub(crate) const fn from_index(i: usize) -> Point {
        debug_assert!(i < ARRAY_SIZE);
        Point(i as u16)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column and row (from 0, row 0 at the bottom) on a board of side `size`.
    #[inline]
    pub const fn xy(self, size: usize) -> (usize, usize) {
        let s = Point::stride(size);
        let i = self.0 as usize;
        (i % s - 1, i / s - 1)
    }

    /// Parse a GTP vertex such as `D4` or `q16` (not `pass`) for a board of
    /// side `size`.
    pub fn parse(s: &str, size: usize) -> Option<Point> {
        let bytes = s.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 {
            return None;
        }
        let letter = bytes[0].to_ascii_uppercase();
        if !letter.is_ascii_uppercase() || letter == b'I' {
            return None;
        }
        let x = (letter - b'A') as usize - usize::from(letter > b'I');
        let digits = &s[1..];
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let row: usize = digits.parse().ok()?;
        if row == 0 {
            return None;
        }
        Point::new(x, row - 1, size)
    }

    /// The GTP vertex text of this point, such as `D4`.
    pub fn to_gtp(self, size: usize) -> String {
        let (x, y) = self.xy(size);
        format!("{}{}", column_letter(x), y + 1)
    }
}

/// GTP column letter for column `x` (A..Z without I).
pub fn column_letter(x: usize) -> char {
    let c = b'A' + x as u8;
    (if c >= b'I' { c + 1 } else { c }) as char
}

/// A move on the board: a stone on a point, or a pass. (A resignation is
/// not a board move: it is one of the player's answers,
/// [`crate::player::Answer`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Point),
    Pass,
}

impl Move {
    /// Parse a GTP move (`pass` or a vertex) on a board of side `size`.
    pub fn parse(s: &str, size: usize) -> Option<Move> {
        match s.to_ascii_lowercase().as_str() {
            "pass" => Some(Move::Pass),
            _ => Point::parse(s, size).map(Move::Play),
        }
    }

    pub fn to_gtp(self, size: usize) -> String {
        match self {
            Move::Play(p) => p.to_gtp(size),
            Move::Pass => "pass".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_round_trip() {
        for size in [2, 9, 19, 25] {
            for y in 0..size {
                for x in 0..size {
                    let p = Point::new(x, y, size).unwrap();
                    assert_eq!(p.xy(size), (x, y));
                    assert!(p.index() < Point::grid_len(size));
                    assert_eq!(Point::parse(&p.to_gtp(size), size), Some(p));
                }
            }
        }
        assert!(Point::grid_len(MAX_SIZE) <= ARRAY_SIZE);
    }

    #[test]
    fn vertex_parsing() {
        assert_eq!(Point::parse("A1", 19), Point::new(0, 0, 19));
        assert_eq!(Point::parse("j10", 19), Point::new(8, 9, 19));
        assert_eq!(Point::parse("T19", 19), Point::new(18, 18, 19));
        assert_eq!(Point::parse("Z25", 25), Point::new(24, 24, 25));
        for bad in ["I5", "T20", "A0", "A01", "K", "", "1A", "ZZ9", "é1"] {
            assert_eq!(Point::parse(bad, 19), None, "{bad}");
        }
        assert_eq!(Move::parse("PASS", 9), Some(Move::Pass));
        assert_eq!(Move::parse("resign", 9), None, "not a board move");
        assert_eq!(Color::parse("White"), Some(Color::White));
        assert_eq!(!Color::Black, Color::White);
    }
}
