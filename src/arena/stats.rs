//! The tally of a match and its summary table, with the Wilson score
//! interval for engine A's win rate.

use super::clock::TimeUse;
use super::record::{Ending, GameRecord};
use crate::board::Color;
use std::fmt::Write;

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval of a success rate `wins / n` at `z` standard
/// deviations; `(0, 1)` when there are no trials. `wins` may be fractional
/// (draws count half).
pub fn wilson(wins: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = wins / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Engine A is side 0, engine B side 1.
pub const SIDES: [&str; 2] = ["A", "B"];

/// Counts over the games of a match, per side (A, B).
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub games: u32,
    /// Wins per side and colour (black, white).
    pub wins: [[u32; 2]; 2],
    pub draws: u32,
    pub time_losses: [u32; 2],
    /// Losses of an engine exempt from losing on time that took longer
    /// than the hang limit.
    pub hangs: [u32; 2],
    /// Losses by illegal or unreadable moves, error answers and crashes.
    pub forfeits: [u32; 2],
    pub resignations: [u32; 2],
    /// Games where the referee's winner and tianyuan's differ.
    pub disagreements: u32,
    /// Games the referee could not score.
    pub referee_failures: u32,
    /// Per side: the time spent in `genmove`.
    pub think: [TimeUse; 2],
    /// Per side: the engine's resident memory after each game, in KiB
    /// (where the system tells it).
    pub memory: [Vec<u64>; 2],
    /// Per side: engine processes started (1 when it never had to be
    /// restarted).
    pub starts: [u32; 2],
}

impl Tally {
    /// Count a game in which engine A played `a_color`.
    pub fn add(&mut self, r: &GameRecord, a_color: Color) {
        let side = |c: Color| usize::from(c != a_color);
        self.games += 1;
        match r.winner {
            Some(c) => self.wins[side(c)][c.index()] += 1,
            None => self.draws += 1,
        }
        match &r.ending {
            Ending::Time { loser, .. } => self.time_losses[side(*loser)] += 1,
            Ending::Hung { loser, .. } => self.hangs[side(*loser)] += 1,
            Ending::Forfeit { loser, .. } => self.forfeits[side(*loser)] += 1,
            Ending::Resigned(c) => self.resignations[side(*c)] += 1,
            Ending::NoResult => {}
            Ending::Scored { referee, .. } => {
                if matches!(referee, Some(Err(_))) {
                    self.referee_failures += 1;
                }
            }
        }
        if r.disagreement() {
            self.disagreements += 1;
        }
        for c in Color::BOTH {
            self.think[side(c)].merge(&r.think[c.index()]);
        }
    }

    pub fn total_wins(&self, side: usize) -> u32 {
        self.wins[side].iter().sum()
    }

    /// Engine A's score (draws count half) and its 95% Wilson interval.
    pub fn a_rate(&self) -> (f64, (f64, f64)) {
        let n = self.games as f64;
        let w = self.total_wins(0) as f64 + 0.5 * self.draws as f64;
        let rate = if n > 0.0 { w / n } else { 0.0 };
        (rate, wilson(w, n, Z95))
    }

    /// The summary table, after the `header` lines.
    pub fn report(&self, header: &str) -> String {
        let mut out = String::from(header);
        let row = |out: &mut String, name: &str, v: [String; 2]| {
            let _ = writeln!(out, "  {name:<20}{:>10}{:>10}", v[0], v[1]);
        };
        let per_side = |f: &dyn Fn(usize) -> String| [f(0), f(1)];
        row(&mut out, "", per_side(&|s| SIDES[s].to_string()));
        row(
            &mut out,
            "wins",
            per_side(&|s| self.total_wins(s).to_string()),
        );
        row(
            &mut out,
            "  as black",
            per_side(&|s| self.wins[s][0].to_string()),
        );
        row(
            &mut out,
            "  as white",
            per_side(&|s| self.wins[s][1].to_string()),
        );
        row(
            &mut out,
            "resignations",
            per_side(&|s| self.resignations[s].to_string()),
        );
        row(
            &mut out,
            "losses on time",
            per_side(&|s| self.time_losses[s].to_string()),
        );
        row(
            &mut out,
            "hung (untimed)",
            per_side(&|s| self.hangs[s].to_string()),
        );
        row(
            &mut out,
            "illegal/forfeits",
            per_side(&|s| self.forfeits[s].to_string()),
        );
        row(
            &mut out,
            "avg s/move",
            per_side(&|s| {
                self.think[s]
                    .average()
                    .map_or("-".to_string(), |a| format!("{a:.3}"))
            }),
        );
        row(
            &mut out,
            "longest move (s)",
            per_side(&|s| match self.think[s] {
                t if t.moves == 0 => "-".to_string(),
                t => format!("{:.3}", t.longest),
            }),
        );
        row(
            &mut out,
            "moves over limit",
            per_side(&|s| self.think[s].over.to_string()),
        );
        row(
            &mut out,
            "processes started",
            per_side(&|s| self.starts[s].to_string()),
        );
        if self.memory.iter().any(|m| !m.is_empty()) {
            // Resident memory after the first game, at most, and after
            // the last: an engine that leaks grows from one to the other.
            let mib = |s: usize, f: &dyn Fn(&[u64]) -> Option<u64>| {
                f(&self.memory[s]).map_or("-".to_string(), |k| format!("{:.1}", k as f64 / 1024.0))
            };
            row(
                &mut out,
                "memory MiB, first",
                per_side(&|s| mib(s, &|m| m.first().copied())),
            );
            row(
                &mut out,
                "  most",
                per_side(&|s| mib(s, &|m| m.iter().max().copied())),
            );
            row(
                &mut out,
                "  last",
                per_side(&|s| mib(s, &|m| m.last().copied())),
            );
        }
        let (rate, (lo, hi)) = self.a_rate();
        let _ = writeln!(
            out,
            "  games {}, draws {}, scoring disagreements {}, referee failures {}",
            self.games, self.draws, self.disagreements, self.referee_failures
        );
        let _ = writeln!(
            out,
            "  A win rate {:.1}% (95% Wilson interval {:.1}% to {:.1}%)",
            100.0 * rate,
            100.0 * lo,
            100.0 * hi
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Game, Rules, Score};

    #[test]
    fn wilson_interval_of_known_cases() {
        let (lo, hi) = wilson(90.0, 100.0, Z95);
        assert!((lo - 0.826).abs() < 5e-4, "{lo}");
        assert!((hi - 0.945).abs() < 5e-4, "{hi}");
        let (lo, hi) = wilson(0.0, 10.0, Z95);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 5e-4, "{hi}");
        let (lo, hi) = wilson(5.0, 10.0, Z95);
        assert!((lo + hi - 1.0).abs() < 1e-12);
        assert_eq!(wilson(0.0, 0.0, Z95), (0.0, 1.0));
    }

    fn record(ending: Ending, think: [(f64, u32, f64, u32); 2]) -> GameRecord {
        let game = Game::new(9, 7.5, Rules::chinese());
        let think = think.map(|(total, moves, longest, over)| TimeUse {
            total,
            moves,
            longest,
            over,
        });
        GameRecord::new(game, Vec::new(), ending, think)
    }

    /// The values of the summary's row `name`.
    fn row<'a>(report: &'a str, name: &str) -> Vec<&'a str> {
        let line = report
            .lines()
            .find(|l| l.trim_start().starts_with(name))
            .unwrap_or_else(|| panic!("no row {name}"));
        line.trim_start()[name.len()..].split_whitespace().collect()
    }

    #[test]
    fn tally_counts_per_side_and_colour() {
        let mut t = Tally::default();
        // A black wins by count; then A white loses on time; then a draw.
        let scored = |s| Ending::Scored {
            own: Score(s),
            referee: None,
            capped: false,
        };
        t.add(
            &record(scored(3.5), [(2.0, 10, 0.5, 0), (1.0, 10, 0.25, 0)]),
            Color::Black,
        );
        let late = Ending::Time {
            loser: Color::White,
            elapsed: 3.0,
            allowed: 1.5,
        };
        t.add(
            &record(late, [(1.0, 5, 0.5, 0), (4.0, 5, 3.0, 1)]),
            Color::White,
        );
        t.add(
            &record(scored(0.0), [(0.0, 0, 0.0, 0), (0.0, 0, 0.0, 0)]),
            Color::Black,
        );
        assert_eq!(t.games, 3);
        assert_eq!(t.wins, [[1, 0], [1, 0]]);
        assert_eq!(t.draws, 1);
        assert_eq!(t.time_losses, [1, 0]);
        assert_eq!(t.hangs, [0, 0]);
        let totals = t.think.map(|u| (u.total, u.moves, u.longest, u.over));
        assert_eq!(totals, [(6.0, 15, 3.0, 1), (2.0, 15, 0.5, 0)]);
        assert_eq!(t.a_rate().0, 0.5);
        let report = t.report("");
        assert!(report.contains("A win rate 50.0%"), "{report}");
        assert!(report.contains("0.400"), "{report}");
        assert_eq!(
            row(&report, "longest move (s)"),
            ["3.000", "0.500"],
            "{report}"
        );
    }

    #[test]
    fn moves_over_the_limit_and_hangs_of_an_untimed_engine() {
        let mut t = Tally::default();
        // B (untimed) plays on after two moves over the limit and wins, then
        // hangs as Black.
        let scored = Ending::Scored {
            own: Score(-0.5),
            referee: None,
            capped: false,
        };
        t.add(
            &record(scored, [(5.0, 10, 0.9, 0), (12.0, 10, 2.5, 2)]),
            Color::Black,
        );
        let hung = Ending::Hung {
            loser: Color::Black,
            elapsed: 60.0,
            limit: 60.0,
        };
        t.add(
            &record(hung, [(61.0, 3, 60.0, 1), (1.0, 3, 0.5, 0)]),
            Color::White,
        );
        assert_eq!(t.wins, [[0, 1], [0, 1]]);
        assert_eq!(
            (t.time_losses, t.hangs, t.forfeits),
            ([0; 2], [0, 1], [0; 2])
        );
        assert_eq!((t.think[1].over, t.think[1].longest), (3, 60.0));
        let report = t.report("");
        assert_eq!(row(&report, "hung (untimed)"), ["0", "1"], "{report}");
        assert_eq!(row(&report, "moves over limit"), ["0", "3"], "{report}");
    }
}
