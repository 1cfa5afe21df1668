//! The Chinese count of a final position as the rule texts state it
//! (`../shared/RULES.md` rows 10 to 13): each side's living stones and
//! surrounded points, shared points half to each, the comparison with half
//! the board, komi and handicap compensation in stones (one stone = two
//! points). The dead stones are judged as `final_score` judges them, so the
//! result is always the same as `final_score`'s.

use crate::board::{Color, Game, Score};
use crate::player::final_status;
use std::fmt;

/// A side's share of the board, in stones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Side {
    /// Living stones.
    pub stones: u32,
    /// Empty points (and points of removed dead stones) it surrounds alone.
    pub territory: u32,
    /// Dead stones of this colour removed before counting.
    pub dead: u32,
}

/// The count of a position, in stones as the rule texts count.
#[derive(Clone, Debug, PartialEq)]
pub struct ChineseCount {
    pub black: Side,
    pub white: Side,
    /// Points reaching both colours (dame, seki liberties): half to each.
    pub shared: u32,
    /// Points on the board.
    pub points: u32,
    /// Komi in points (White's).
    pub komi: f64,
    /// Handicap stones, and the points White gets back for them.
    pub handicap_stones: usize,
    pub handicap_points: f64,
    /// The result in points, Black minus White (as `final_score`).
    pub score: Score,
}

impl ChineseCount {
    /// Count `game` with the dead stones judged as `final_score` does
    /// (on `threads` threads).
    pub fn of(game: &Game, threads: usize) -> ChineseCount {
        let status = final_status(game, threads);
        let board = game.board();
        let (count, score) = game.score(status.judgement.dead);
        let side = |c: Color| Side {
            stones: count.stones[c],
            territory: count.territory[c],
            dead: (status.judgement.dead & board.stones(c)).count(),
        };
        ChineseCount {
            black: side(Color::Black),
            white: side(Color::White),
            shared: count.neutral,
            points: (game.size() * game.size()) as u32,
            komi: game.komi(),
            handicap_stones: game.handicap_stones().len(),
            handicap_points: game.handicap_compensation(),
            score,
        }
    }

    fn side(&self, c: Color) -> Side {
        match c {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// A side's count in stones: stones, territory and half the shared points.
    pub fn area(&self, c: Color) -> f64 {
        let s = self.side(c);
        f64::from(s.stones + s.territory) + f64::from(self.shared) / 2.0
    }

    /// Half the board (180.5 on 19x19), the break-even without komi.
    pub fn half_board(&self) -> f64 {
        f64::from(self.points) / 2.0
    }

    /// What Black must exceed: half the board plus komi and handicap
    /// compensation in stones.
    pub fn black_needs(&self) -> f64 {
        self.half_board() + self.komi / 2.0 + self.handicap_points / 2.0
    }

    /// Black's margin in stones (negative: White wins); half of the score
    /// in points, since every point Black lacks is White's.
    pub fn margin_stones(&self) -> f64 {
        self.area(Color::Black) - self.black_needs()
    }
}

fn name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// One side's count: `Black 184 (140 stones + 44 territory + 0.5 shared)`.
fn write_side(f: &mut fmt::Formatter<'_>, count: &ChineseCount, c: Color) -> fmt::Result {
    let s = count.side(c);
    write!(
        f,
        "{} {} ({} stones + {} territory",
        name(c),
        count.area(c),
        s.stones,
        s.territory
    )?;
    if count.shared > 0 {
        write!(f, " + {} shared", f64::from(count.shared) / 2.0)?;
    }
    f.write_str(")")
}

/// Three lines: the two counts (and the dead stones removed), what Black
/// needs, the result in stones and points.
impl fmt::Display for ChineseCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_side(f, self, Color::Black)?;
        f.write_str(", ")?;
        write_side(f, self, Color::White)?;
        if self.shared > 0 {
            write!(f, "; {} shared points, half to each", self.shared)?;
        }
        if self.black.dead + self.white.dead > 0 {
            write!(
                f,
                "; dead stones removed: {} Black, {} White",
                self.black.dead, self.white.dead
            )?;
        }
        writeln!(f)?;
        write!(
            f,
            "Black needs {} (half the board {} + komi {} stones",
            self.black_needs(),
            self.half_board(),
            self.komi / 2.0
        )?;
        if self.handicap_points != 0.0 {
            write!(
                f,
                " + {} for {} handicap stones",
                self.handicap_points / 2.0,
                self.handicap_stones
            )?;
        }
        writeln!(f, ")")?;
        let margin = self.margin_stones();
        match self.score.winner() {
            Some(c) => write!(
                f,
                "{} wins by {} stones ({} points): {}",
                name(c),
                margin.abs(),
                self.score.0.abs(),
                self.score
            ),
            None => write!(f, "Draw: {}", self.score),
        }
    }
}

/// Load the SGF file at `path` (its main line to the end) and count it.
pub fn count_file(path: &std::path::Path) -> Result<ChineseCount, String> {
    let engine = crate::engine::Engine::from_sgf_file(path)?;
    Ok(ChineseCount::of(engine.game(), engine.options().threads))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(black: (u32, u32), white: (u32, u32), komi: f64) -> ChineseCount {
        let area = |s: (u32, u32)| f64::from(s.0 + s.1);
        ChineseCount {
            black: Side {
                stones: black.0,
                territory: black.1,
                dead: 0,
            },
            white: Side {
                stones: white.0,
                territory: white.1,
                dead: 0,
            },
            shared: 361 - black.0 - black.1 - white.0 - white.1,
            points: 361,
            komi,
            handicap_stones: 0,
            handicap_points: 0.0,
            score: Score(area(black) - area(white) - komi),
        }
    }

    #[test]
    fn rules_row_13_worked_example() {
        // Black 140 + 44 = 184, White 140 + 37 = 177.
        let no_komi = example((140, 44), (140, 37), 0.0);
        assert_eq!(no_komi.half_board(), 180.5);
        assert_eq!(no_komi.margin_stones(), 3.5, "Black wins by 3 1/2 stones");
        assert_eq!(no_komi.score, Score(7.0), "that is 7 points");
        let komi = example((140, 44), (140, 37), 7.5);
        assert_eq!(komi.black_needs(), 184.25);
        assert_eq!(komi.margin_stones(), -0.25);
        assert_eq!(komi.score.to_string(), "W+0.5");
        assert_eq!(
            komi.to_string(),
            "Black 184 (140 stones + 44 territory), White 177 (140 stones + 37 territory)\n\
             Black needs 184.25 (half the board 180.5 + komi 3.75 stones)\n\
             White wins by 0.25 stones (0.5 points): W+0.5"
        );
    }

    #[test]
    fn shared_points_count_half_and_handicap_half_a_stone() {
        // Rule 12: with 9 handicap stones (no komi) Black needs more than 185.
        let mut c = example((150, 30), (150, 30), 0.0);
        assert_eq!(c.shared, 1);
        c.handicap_stones = 9;
        c.handicap_points = 9.0;
        c.score = Score(-9.0);
        assert_eq!(c.area(Color::Black), 180.5);
        assert_eq!(c.black_needs(), 185.0);
        assert_eq!(c.margin_stones() * 2.0, c.score.0);
        let text = c.to_string();
        assert!(text.contains("+ 0.5 shared"), "{text}");
        assert!(text.contains("+ 4.5 for 9 handicap stones"), "{text}");
        assert!(
            text.ends_with("White wins by 4.5 stones (9 points): W+9"),
            "{text}"
        );
    }
}
