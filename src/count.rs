//! The count of a final position as the rules in force state it
//! (docs/RULES.md): for the Chinese rules as the rule texts word it
//! (docs/RULES.md, "Chinese"): each side's living stones and
//! surrounded points, shared points half to each, the comparison with half
//! the board, komi and handicap compensation in stones (one stone = two
//! points); for territory counting, each side's territory, prisoners and
//! dead stones, and komi; for the ancient game, the group tax besides. The
//! dead stones are judged as `final_score` judges them, so the result is
//! always the same as `final_score`'s.

use crate::board::{Color, Game, Rules, Ruleset, Score, Scoring};
use crate::judge::final_status;
use std::fmt;

/// A side's share of the board.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Side {
    /// Living stones.
    pub stones: u32,
    /// Empty points (and points of removed dead stones) it surrounds alone.
    pub territory: u32,
    /// Dead stones of this colour removed before counting.
    pub dead: u32,
    /// Stones of the other colour it captured during play.
    pub prisoners: u32,
    /// Of its territory, the points in seki (eyes of strings in seki).
    pub seki_territory: u32,
    /// Separate living groups.
    pub groups: u32,
}

/// The count of a position under its rules.
#[derive(Clone, Debug, PartialEq)]
pub struct FinalCount {
    pub rules: Rules,
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
    /// The result as `final_score` writes it (`B+0` for a tie Ing gives
    /// to Black).
    pub result: String,
}

impl FinalCount {
    /// Count `game` with the dead stones judged as `final_score` does
    /// (on `threads` threads).
    pub fn of(game: &Game, threads: usize) -> FinalCount {
        let status = final_status(game, crate::judge::JudgeParams::new(threads));
        let (count, score) = game.score(status.judgement.dead, status.judgement.seki);
        let side = |c: Color| Side {
            stones: count.area.stones[c],
            territory: count.area.territory[c],
            dead: count.dead[c],
            prisoners: count.prisoners[c],
            seki_territory: count.seki_territory[c].count(),
            groups: count.groups[c],
        };
        FinalCount {
            rules: game.rules(),
            black: side(Color::Black),
            white: side(Color::White),
            shared: count.area.neutral,
            points: (game.size() * game.size()) as u32,
            komi: game.komi(),
            handicap_stones: game.handicap_stones().len(),
            handicap_points: game.handicap_compensation(),
            score,
            result: game.result_text(score),
        }
    }

    fn side(&self, c: Color) -> Side {
        match c {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// A side's area in stones: stones, territory and half the shared points.
    pub fn area(&self, c: Color) -> f64 {
        let s = self.side(c);
        f64::from(s.stones + s.territory) + f64::from(self.shared) / 2.0
    }

    /// Stones a side pays the other under the group tax: one for each
    /// group it has beyond the other's (0 without the tax).
    pub fn tax_paid(&self, c: Color) -> f64 {
        if self.rules.group_tax() {
            (f64::from(self.side(c).groups) - f64::from(self.side(!c).groups)).max(0.0)
        } else {
            0.0
        }
    }

    /// A side's area after the group tax, in stones.
    pub fn area_after_tax(&self, c: Color) -> f64 {
        self.area(c) - self.tax_paid(c) + self.tax_paid(!c)
    }

    /// A side's points under territory counting: territory outside seki,
    /// prisoners and the other side's dead stones.
    pub fn territory_points(&self, c: Color) -> u32 {
        let s = self.side(c);
        s.territory - s.seki_territory + s.prisoners + self.side(!c).dead
    }

    /// Half the board (180.5 on 19x19), the break-even without komi.
    pub fn half_board(&self) -> f64 {
        f64::from(self.points) / 2.0
    }

    /// What Black must exceed under area counting: half the board plus
    /// komi and handicap compensation in stones.
    pub fn black_needs(&self) -> f64 {
        self.half_board() + self.komi / 2.0 + self.handicap_points / 2.0
    }

    /// Black's margin in stones under area counting (negative: White
    /// wins); half of the score in points, since every point Black lacks
    /// is White's.
    pub fn margin_stones(&self) -> f64 {
        self.area_after_tax(Color::Black) - self.black_needs()
    }
}

fn name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// One side's area: `Black 184 (140 stones + 44 territory + 0.5 shared)`.
fn write_area_side(f: &mut fmt::Formatter<'_>, count: &FinalCount, c: Color) -> fmt::Result {
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

/// One side's territory count: `White 45 (40 territory + 3 prisoners + 2
/// dead Black stones)`, and the seki points left out.
fn write_territory_side(f: &mut fmt::Formatter<'_>, count: &FinalCount, c: Color) -> fmt::Result {
    let s = count.side(c);
    write!(
        f,
        "{} {} ({} territory",
        name(c),
        count.territory_points(c),
        s.territory - s.seki_territory
    )?;
    if s.seki_territory > 0 {
        write!(f, ", not counting {} in seki", s.seki_territory)?;
    }
    write!(
        f,
        " + {} prisoners + {} dead {} stones)",
        s.prisoners,
        count.side(!c).dead,
        name(!c)
    )
}

impl FinalCount {
    fn write_area(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_area_side(f, self, Color::Black)?;
        f.write_str(", ")?;
        write_area_side(f, self, Color::White)?;
        if self.shared > 0 {
            write!(f, "; {} shared points, half to each", self.shared)?;
        }
        if !self.rules.removes_dead_stones() {
            f.write_str("; every stone on the board counts (Tromp-Taylor)")?;
        } else if self.black.dead + self.white.dead > 0 {
            write!(
                f,
                "; dead stones removed: {} Black, {} White",
                self.black.dead, self.white.dead
            )?;
        }
        writeln!(f)?;
        if self.rules.group_tax() {
            write!(
                f,
                "Group tax: groups Black {}, White {}",
                self.black.groups, self.white.groups
            )?;
            for c in Color::BOTH {
                if self.tax_paid(c) > 0.0 {
                    write!(f, "; {} pays {} stones", name(c), self.tax_paid(c))?;
                }
            }
            writeln!(
                f,
                ": Black {}, White {}",
                self.area_after_tax(Color::Black),
                self.area_after_tax(Color::White)
            )?;
        }
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
                self.result
            ),
            None => self.write_tie(f),
        }
    }

    fn write_territory(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_territory_side(f, self, Color::Black)?;
        f.write_str(", ")?;
        write_territory_side(f, self, Color::White)?;
        writeln!(f)?;
        write!(f, "Komi {}", self.komi)?;
        if self.handicap_points != 0.0 {
            write!(
                f,
                " + {} for {} handicap stones",
                self.handicap_points, self.handicap_stones
            )?;
        }
        writeln!(f)?;
        match self.score.winner() {
            Some(c) => write!(
                f,
                "{} wins by {} points: {}",
                name(c),
                self.score.0.abs(),
                self.result
            ),
            None => self.write_tie(f),
        }
    }

    fn write_tie(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.rules.tie_winner(self.handicap_stones) {
            Some(c) => write!(
                f,
                "A tie, which the {} rules give to {}: {}",
                self.rules.ruleset,
                name(c),
                self.result
            ),
            None => write!(f, "Draw: {}", self.result),
        }
    }
}

/// The rules (unless Chinese), the counts (and the dead stones removed), what Black needs
/// or the komi, the result.
impl fmt::Display for FinalCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = match self.rules.scoring() {
            Scoring::Area if self.rules.ruleset == Ruleset::Ing => {
                "Ing's fill-in counting, as area"
            }
            Scoring::Area => "area counting",
            Scoring::Territory => "territory counting",
        };
        // The Chinese count is the rule texts' own: no header.
        if self.rules != Rules::chinese() {
            writeln!(f, "Rules {} ({how})", self.rules)?;
        }
        match self.rules.scoring() {
            Scoring::Area => self.write_area(f),
            Scoring::Territory => self.write_territory(f),
        }
    }
}

/// Load the SGF file at `path` (its main line to the end) and count it
/// under its rules (`RU[]`, else the Chinese rules), or under `rules` when
/// given: the game is played by its own and counted by these (the
/// ancient game's corner stones are not added to a finished game).
pub fn count_file(path: &std::path::Path, rules: Option<Rules>) -> Result<FinalCount, String> {
    let mut engine = crate::engine::Engine::from_sgf_file(path)?;
    if let Some(rules) = rules {
        engine.set_rules(rules);
    }
    Ok(FinalCount::of(engine.game(), engine.options().threads))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(black: (u32, u32), white: (u32, u32), komi: f64) -> FinalCount {
        let area = |s: (u32, u32)| f64::from(s.0 + s.1);
        let score = Score(area(black) - area(white) - komi);
        FinalCount {
            rules: Rules::chinese(),
            black: Side {
                stones: black.0,
                territory: black.1,
                ..Side::default()
            },
            white: Side {
                stones: white.0,
                territory: white.1,
                ..Side::default()
            },
            shared: 361 - black.0 - black.1 - white.0 - white.1,
            points: 361,
            komi,
            handicap_stones: 0,
            handicap_points: 0.0,
            score,
            result: score.to_string(),
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
        c.result = c.score.to_string();
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
