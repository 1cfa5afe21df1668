//! Counting a final position. [`AreaCount`] is the area count (RULES.md
//! rows 10 to 13): a side's area is its living stones plus the empty
//! regions that reach only its stones; regions reaching both (dame, seki
//! liberties) count for nobody, which is the rules' "half to each" once the
//! two areas are compared. [`Count`] adds what the other rulesets count
//! (docs/RULES.md): prisoners and dead stones, territory in seki, and the
//! separate living groups the ancient game taxes. [`playout_adjustment`]
//! is the same difference for the end of a playout, cheaply.

use super::bitboard::Bitboard;
use super::board::Board;
use super::point::{ByColor, Color};
use super::rules::{Rules, Scoring};
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

/// The separate living groups of colour `c`: the parts of its living
/// stones `alive` and its territory `territory` that hang together (two
/// strings sharing an eye or a territory are one group).
pub fn group_count(stride: usize, alive: Bitboard, territory: Bitboard) -> u32 {
    let within = alive | territory;
    let mut left = alive;
    let mut groups = 0;
    while let Some(p) = left.first() {
        left -= Bitboard::single(p).flood(stride, within);
        groups += 1;
    }
    groups
}

/// Of the territory `territory` of one colour, the regions that touch its
/// strings in seki `seki_own` (the eyes of a seki), which territory
/// counting gives to nobody.
pub fn territory_in_seki(stride: usize, territory: Bitboard, seki_own: Bitboard) -> Bitboard {
    let mut in_seki = Bitboard::EMPTY;
    if seki_own.is_empty() {
        return in_seki;
    }
    let mut left = territory;
    while let Some(p) = left.first() {
        let region = Bitboard::single(p).flood(stride, territory);
        left -= region;
        if !(region.neighbours(stride) & seki_own).is_empty() {
            in_seki |= region;
        }
    }
    in_seki
}

/// A final count under any ruleset: the area count and what territory
/// counting and the group tax need besides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Count {
    pub area: AreaCount,
    /// Stones each colour captured during play (prisoners).
    pub prisoners: ByColor<u32>,
    /// Dead stones of each colour taken off before the count.
    pub dead: ByColor<u32>,
    /// The points of each colour's territory in seki (eyes of strings in
    /// seki), which territory counting does not count.
    pub seki_territory: ByColor<Bitboard>,
    /// Separate living groups of each colour.
    pub groups: ByColor<u32>,
}

impl Count {
    /// Count `board` with the stones in `dead` taken off; `seki` holds the
    /// strings in seki.
    pub fn of(board: &Board, dead: Bitboard, seki: Bitboard) -> Count {
        let area = AreaCount::count(board, dead);
        let stride = board.stride();
        let mut count = Count {
            area,
            ..Count::default()
        };
        for c in Color::BOTH {
            count.prisoners[c] = board.captures(c);
            count.dead[c] = (board.stones(c) & dead).count();
            count.seki_territory[c] =
                territory_in_seki(stride, area.territory_points[c], seki & board.stones(c));
            count.groups[c] = group_count(stride, board.stones(c) - dead, area.territory_points[c]);
        }
        count
    }

    /// A side's points under `rules`, before komi: area (less two points a
    /// group under the group tax), or territory outside seki plus prisoners
    /// and the opponent's dead stones.
    pub fn points(&self, rules: Rules, c: Color) -> f64 {
        let points = match rules.scoring() {
            Scoring::Area => self.area.area(c) as f64,
            Scoring::Territory => {
                (self.area.territory[c] - self.seki_territory[c].count()
                    + self.prisoners[c]
                    + self.dead[!c]) as f64
            }
        };
        if rules.group_tax() {
            points - 2.0 * self.groups[c] as f64
        } else {
            points
        }
    }

    /// Black's points minus White's under `rules`, before komi.
    pub fn difference(&self, rules: Rules) -> f64 {
        self.points(rules, Color::Black) - self.points(rules, Color::White)
    }
}

/// What `rules` add to the area difference (Black's minus White's) at the
/// end of a playout on `board`, where every dead stone has been captured
/// and the empty points left are eyes, seki liberties and dame: territory
/// counting takes off the stones on the board and adds the prisoners
/// (seki is not told apart); the group tax takes two points a group,
/// a group being stones joined through eyes. 0 for area counting: the
/// Chinese, AGA, Ing and Tromp-Taylor playouts pay nothing for it.
#[inline]
pub fn playout_adjustment(board: &Board, rules: Rules) -> i32 {
    let mut adjustment = 0;
    let (black, white) = (board.stones(Color::Black), board.stones(Color::White));
    if rules.scoring() == Scoring::Territory {
        adjustment -= black.count() as i32 - white.count() as i32;
        adjustment += board.captures(Color::Black) as i32 - board.captures(Color::White) as i32;
    }
    if rules.group_tax() {
        let stride = board.stride();
        let empty = board.empty_points();
        let black_eyes = empty - white.neighbours(stride);
        let white_eyes = empty - black.neighbours(stride);
        let groups = |alive, eyes| group_count(stride, alive, eyes) as i32;
        adjustment -= 2 * (groups(black, black_eyes) - groups(white, white_eyes));
    }
    adjustment
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
