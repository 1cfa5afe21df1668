//! Eyes and the count at the end of a playout: the questions the playouts
//! ask of the points around an empty point.

use super::{Board, BORDER, WHITE};
use crate::board::bitboard::Bitboard;
use crate::board::point::{Color, Point};

impl Board {
    /// Whether every orthogonal neighbour of the empty point `p` is a stone
    /// of `c` or off the board.
    #[inline]
    pub fn is_eyeish(&self, c: Color, p: Point) -> bool {
        if !self.is_on_board(p) {
            return false;
        }
        let own = c as u8;
        self.around(p.index()).iter().all(|&n| {
            let cell = self.cell(n);
            cell == own || cell == BORDER
        })
    }

    /// Whether the empty point `p` is an eye of `c` that a playout must not
    /// fill: surrounded by `c`, with at most one diagonal held by the
    /// opponent in the centre and none on the edge.
    #[inline]
    pub fn is_true_eye(&self, c: Color, p: Point) -> bool {
        if !self.is_eyeish(c, p) {
            return false;
        }
        let opp = (!c) as u8;
        let mut bad = 0;
        let mut edge = false;
        let (i, s) = (p.index(), self.stride);
        for d in [i - s - 1, i - s + 1, i + s - 1, i + s + 1] {
            match self.cell(d) {
                BORDER => edge = true,
                cell if cell == opp => bad += 1,
                _ => {}
            }
        }
        bad == 0 || (!edge && bad == 1)
    }

    /// Black's area minus White's area when every stone is alive and an
    /// empty point belongs to a colour when all its neighbours are of that
    /// colour: the count at the end of a playout, where only eyes are left.
    pub fn playout_area_difference(&self) -> i32 {
        let mut diff =
            self.stones[Color::Black].count() as i32 - self.stones[Color::White].count() as i32;
        for i in 0..self.num_empty {
            diff += owner_value(self.playout_owner(Point::from_index(self.empties[i] as usize)));
        }
        diff
    }

    /// The part of [`Board::playout_area_difference`] that the points of
    /// `points` make up: Black's of them less White's.
    pub fn playout_area_difference_in(&self, points: Bitboard) -> i32 {
        points
            .iter()
            .map(|p| owner_value(self.playout_owner(p)))
            .sum()
    }

    /// Who owns `p` at the end of a playout: the colour of its stone, or of
    /// every stone next to it when it is empty (`None` for both or none).
    #[inline]
    pub fn playout_owner(&self, p: Point) -> Option<Color> {
        if !self.is_on_board(p) {
            return None;
        }
        let cell = self.cell(p.index());
        let seen = if cell <= WHITE {
            1 << cell
        } else {
            let mut seen = 0u8;
            for n in self.around(p.index()) {
                let c = self.cell(n);
                if c <= WHITE {
                    seen |= 1 << c;
                }
            }
            seen
        };
        match seen {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }
}

/// A point's worth to Black's area minus White's, by its owner.
#[inline]
fn owner_value(owner: Option<Color>) -> i32 {
    match owner {
        Some(Color::Black) => 1,
        Some(Color::White) => -1,
        None => 0,
    }
}
