//! Area counting of a final position (RULES.md rows 10 to 13): a side's
//! area is its living stones plus the empty regions that reach only its
//! stones; regions reaching both (dame, seki liberties) count for nobody,
//! which is the rules' "half to each" once the two areas are compared.

use super::bitboard::Bitboard;
use super::board::Board;
use super::point::{ByColor, Color};
use std::fmt;

/// The count of a position after removing the given dead stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct AreaCount {
    /// Living stones of each colour.
    pub stones: ByColor<u32>,
    /// Empty points (and points of removed dead stones) reaching only one colour.
    pub territory: ByColor<u32>,
    /// Empty points reaching both colours or none.
    pub neutral: u32,
    /// The territory points themselves.
    pub territory_points: ByColor<Bitboard>,
}

impl AreaCount {
    /// Count `board` with the stones in `dead` removed.
    pub fn count(board: &Board, dead: Bitboard) -> AreaCount {
        let stride = board.stride();
        let alive = ByColor::new(
            board.stones(Color::Black) - dead,
            board.stones(Color::White) - dead,
        );
        let open = board.on_board() - alive[Color::Black] - alive[Color::White];
        let mut count = AreaCount {
            stones: ByColor::new(alive[Color::Black].count(), alive[Color::White].count()),
            ..AreaCount::default()
        };
        let mut left = open;
        while let Some(p) = left.first() {
            let region = Bitboard::single(p).flood(stride, open);
            left -= region;
            let rim = region.neighbours(stride);
            let reaches_black = !(rim & alive[Color::Black]).is_empty();
            let reaches_white = !(rim & alive[Color::White]).is_empty();
            let n = region.count();
            let owner = match (reaches_black, reaches_white) {
                (true, false) => Color::Black,
                (false, true) => Color::White,
                _ => {
                    count.neutral += n;
                    continue;
                }
            };
            count.territory[owner] += n;
            count.territory_points[owner] |= region;
        }
        count
    }

    /// A colour's area: stones plus territory.
    pub fn area(&self, c: Color) -> u32 {
        self.stones[c] + self.territory[c]
    }

    /// Black's area minus White's area.
    pub fn difference(&self) -> i32 {
        self.area(Color::Black) as i32 - self.area(Color::White) as i32
    }
}

/// A final result: Black's points minus White's, komi and handicap
/// compensation included. Positive means Black wins.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Score(pub f64);

impl Score {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        if self.0 > 0.0 {
            Some(Color::Black)
        } else if self.0 < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    }
}

/// GTP and SGF form: `B+3.5`, `W+0.5`, `0`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(c) => write!(f, "{}+{}", c.letter(), self.0.abs()),
            None => f.write_str("0"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_count_for_the_colour_they_reach() {
        // A5 reaches only White; the right and bottom reach only Black.
        let b = Board::from_rows(&[
            ". O X . .",
            "O O X . .",
            "X X X . .",
            ". . . . .",
            ". . . . .",
        ])
        .unwrap();
        let c = AreaCount::count(&b, Bitboard::EMPTY);
        assert_eq!(c.stones[Color::Black], 5);
        assert_eq!(c.stones[Color::White], 3);
        assert_eq!(c.territory[Color::White], 1);
        assert_eq!(c.territory[Color::Black], 16);
        assert_eq!(c.neutral, 0);
    }

    #[test]
    fn seki_liberties_count_for_nobody() {
        // C5 is empty and touches B5 (Black) and D5, C4 (White): like a
        // seki's shared liberty it reaches both colours.
        let seki = Board::from_rows(&[
            ". X . O .",
            "X X O O .",
            "O O O . .",
            ". . . . .",
            ". . . . .",
        ])
        .unwrap();
        let c = AreaCount::count(&seki, Bitboard::EMPTY);
        // A5 reaches only Black, C5 reaches both: it counts for nobody.
        assert_eq!(c.territory[Color::Black], 1);
        assert_eq!(c.neutral, 1);
        assert_eq!(c.stones[Color::Black], 3);
    }

    #[test]
    fn dead_stones_become_territory() {
        let b = Board::from_rows(&[
            ". . X . .",
            ". O X . .",
            "X X X . .",
            ". . . . O",
            ". . . . .",
        ])
        .unwrap();
        let white = b.stones(Color::White);
        let c = AreaCount::count(&b, white);
        assert_eq!(c.area(Color::Black), 25);
        assert_eq!(c.area(Color::White), 0);
        let alive = AreaCount::count(&b, Bitboard::EMPTY);
        assert!(alive.neutral > 0);
    }

    #[test]
    fn score_text() {
        assert_eq!(Score(3.5).to_string(), "B+3.5");
        assert_eq!(Score(-0.5).to_string(), "W+0.5");
        assert_eq!(Score(0.0).to_string(), "0");
        assert_eq!(Score(-12.0).to_string(), "W+12");
    }
}
