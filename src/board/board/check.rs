//! Checking and showing a board: the consistency check that tests run
//! after every move, text drawing, and boards from rows of text (tests,
//! documentation). Nothing here is on a hot path.

use super::{Board, StringData, BORDER, EMPTY};
use crate::board::bitboard::Bitboard;
use crate::board::point::{ByColor, Color, Point, ARRAY_SIZE, MAX_SIZE, MIN_SIZE};
use crate::board::zobrist;
use std::fmt;

impl Board {
    /// Recompute strings, pseudo-liberties, bitboards, the empty list and the
    /// hash from the cells and compare them with the incremental state.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut hash = 0;
        let mut stones = ByColor::<Bitboard>::default();
        for p in self.points() {
            if let Some(c) = self.color_at(p) {
                hash ^= zobrist::key(c, p);
                stones[c].insert(p);
            }
        }
        if hash != self.hash {
            return Err("hash differs from a recomputed one".into());
        }
        if stones != self.stones {
            return Err("colour bitboards differ from the cells".into());
        }
        for i in 0..ARRAY_SIZE {
            let p = Point::from_index(i);
            if (self.cells[i] != BORDER) != self.on_board.contains(p) {
                return Err(format!(
                    "slot {i} is BORDER exactly when off the board: not so"
                ));
            }
        }
        let empty = self.empty_points();
        if empty.count() as usize != self.num_empty {
            return Err("empty list has the wrong length".into());
        }
        for i in 0..self.num_empty {
            let p = self.empties[i] as usize;
            if !empty.contains(Point::from_index(p)) || self.empty_pos[p] as usize != i {
                return Err(format!("empty list entry {i} is wrong"));
            }
        }
        // Each string once, from its first point.
        let mut checked = Bitboard::EMPTY;
        for p in self.points() {
            let Some(c) = self.color_at(p) else { continue };
            if checked.contains(p) {
                continue;
            }
            let string = Bitboard::single(p).flood(self.stride, self.stones[c]);
            checked |= string;
            let members: Bitboard = self.string_stones(p).collect();
            if members != string {
                return Err(format!(
                    "string at {} is not its chain",
                    p.to_gtp(self.size)
                ));
            }
            if string
                .iter()
                .any(|q| self.head_of(q.index()) != self.head_of(p.index()))
            {
                return Err("string stones disagree on their head".into());
            }
            let h = self.head_of(p.index()) as usize;
            let mut expect = StringData {
                stones: string.count() as u16,
                ..StringData::default()
            };
            for q in &string {
                for n in self.neighbours(q) {
                    if self.cell(n.index()) == EMPTY {
                        expect.add_entry(n.index());
                    }
                }
            }
            if expect != self.strings[h] {
                return Err(format!("string data at {} is stale", p.to_gtp(self.size)));
            }
            if expect.pseudo_libs == 0 {
                return Err(format!("string at {} has no liberty", p.to_gtp(self.size)));
            }
            let libs = self.liberties(p).count();
            if (libs == 1) != self.in_atari(p) {
                return Err("atari test disagrees with the liberty count".into());
            }
            if libs <= 2 && !self.may_lack_three_liberties(p) {
                return Err("liberty screen rules out a string of two liberties or fewer".into());
            }
        }
        Ok(())
    }
}

/// Draws the board with `X` for Black, `O` for White and `.` for empty,
/// top row first, with GTP coordinates.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: String = (0..self.size)
            .map(|x| format!(" {}", crate::board::point::column_letter(x)))
            .collect();
        writeln!(f, "   {letters}")?;
        for y in (0..self.size).rev() {
            write!(f, "{:>2} ", y + 1)?;
            for x in 0..self.size {
                let p = Point::from_xy_unchecked(x, y, self.size);
                let ch = match self.color_at(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, " {ch}")?;
            }
            writeln!(f, " {:>2}", y + 1)?;
        }
        write!(f, "   {letters}")
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.size, self.size)?;
        fmt::Display::fmt(self, f)
    }
}

impl Board {
    /// A board from rows of text, top row first: `X` Black, `O` White,
    /// `.` or `+` empty; spaces are ignored. The position must be one that
    /// can stand on a board (every string has a liberty).
    pub fn from_rows(rows: &[&str]) -> Result<Board, String> {
        let size = rows.len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(format!("{size} rows"));
        }
        let mut b = Board::new(size);
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != size {
                return Err(format!("row {r} has {} points", cells.len()));
            }
            for (x, ch) in cells.into_iter().enumerate() {
                let p = Point::from_xy_unchecked(x, size - 1 - r, size);
                let c = match ch {
                    'X' | 'x' | '#' => Color::Black,
                    'O' | 'o' => Color::White,
                    '.' | '+' => continue,
                    other => return Err(format!("bad character {other:?}")),
                };
                b.add_setup_stone(c, p)
                    .map_err(|e| format!("{}: {e}", p.to_gtp(size)))?;
            }
        }
        Ok(b)
    }
}
