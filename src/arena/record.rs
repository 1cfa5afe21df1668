//! The record of a finished game: how it ended, the official result
//! (the referee's count when there is one, else tianyuan's), the
//! per-game report line and the SGF record.

use super::clock::TimeUse;
use super::game::GameSettings;
use crate::board::{Color, Game, Move, Point, Score};
use crate::sgf::{SgfGame, SgfNode};

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Ending {
    /// Counted: tianyuan's own score and the referee's answer, if any
    /// (its result text, or why it gave none).
    Scored {
        own: Score,
        referee: Option<Result<String, String>>,
        /// The move limit was reached before two passes.
        capped: bool,
    },
    /// This colour resigned.
    Resigned(Color),
    /// This colour answered too late (seconds taken, seconds allowed).
    Time {
        loser: Color,
        elapsed: f64,
        allowed: f64,
    },
    /// This colour's engine, exempt from losing on time, took longer than
    /// the hang limit over one move (seconds taken, the limit).
    Hung {
        loser: Color,
        elapsed: f64,
        limit: f64,
    },
    /// This colour's engine failed: an illegal or unreadable move, an error
    /// answer, a crash or a protocol error.
    Forfeit { loser: Color, reason: String },
}

/// A finished game.
#[derive(Clone)]
pub struct GameRecord {
    /// The moves played (illegal ones are not in it).
    pub game: Game,
    pub handicap: Vec<Point>,
    pub ending: Ending,
    /// The official winner (`None`: a draw).
    pub winner: Option<Color>,
    /// The official result: `B+3.5`, `W+R`, `B+T`, `W+F` (a forfeit or
    /// a hung engine), `0`.
    pub result: String,
    /// Per colour: the time spent in `genmove`.
    pub think: [TimeUse; 2],
}

/// The winner of a result such as `B+3.5`, `W+R` or `0` (`Some(None)`
/// for a draw), or `None` when it cannot be read.
pub fn result_winner(text: &str) -> Option<Option<Color>> {
    let t = text.trim().to_ascii_uppercase();
    if t.starts_with("B+") {
        Some(Some(Color::Black))
    } else if t.starts_with("W+") {
        Some(Some(Color::White))
    } else if ["0", "DRAW", "JIGO", "B+0", "W+0"].contains(&t.as_str()) {
        Some(None)
    } else {
        None
    }
}

impl GameRecord {
    pub(crate) fn new(
        game: Game,
        handicap: Vec<Point>,
        ending: Ending,
        think: [TimeUse; 2],
    ) -> Self {
        let (winner, result) = match &ending {
            Ending::Scored { own, referee, .. } => match referee {
                Some(Ok(text)) => (result_winner(text).flatten(), text.clone()),
                _ => (own.winner(), own.to_string()),
            },
            Ending::Resigned(c) => (Some(!*c), format!("{}+R", (!*c).letter())),
            Ending::Time { loser, .. } => (Some(!*loser), format!("{}+T", (!*loser).letter())),
            Ending::Forfeit { loser, .. } | Ending::Hung { loser, .. } => {
                (Some(!*loser), format!("{}+F", (!*loser).letter()))
            }
        };
        GameRecord {
            game,
            handicap,
            ending,
            winner,
            result,
            think,
        }
    }

    /// Whether tianyuan's count and the referee's disagree on the winner.
    pub fn disagreement(&self) -> bool {
        match &self.ending {
            Ending::Scored {
                own,
                referee: Some(Ok(text)),
                ..
            } => result_winner(text) != Some(own.winner()),
            _ => false,
        }
    }

    /// The result with how it came about, e.g.
    /// `W+2.5 (referee W+2.5, own W+2.5)`.
    pub fn describe(&self) -> String {
        let detail = match &self.ending {
            Ending::Scored {
                own,
                referee,
                capped,
            } => {
                let mut d = match referee {
                    Some(Ok(text)) => format!("referee {text}, own {own}"),
                    Some(Err(why)) => format!("own {own}; referee failed: {why}"),
                    None => format!("own {own}"),
                };
                if self.disagreement() {
                    d.push_str("; SCORING DISAGREEMENT");
                }
                if *capped {
                    d.push_str("; move limit reached");
                }
                d
            }
            Ending::Resigned(c) => format!("{c} resigned"),
            Ending::Time {
                loser,
                elapsed,
                allowed,
            } => format!("{loser} lost on time: {elapsed:.2} s, {allowed:.2} s allowed"),
            Ending::Hung {
                loser,
                elapsed,
                limit,
            } => format!("{loser} hung: {elapsed:.2} s on a move, hang limit {limit:.2} s"),
            Ending::Forfeit { loser, reason } => format!("{loser} forfeits: {reason}"),
        };
        format!("{} ({detail})", self.result)
    }

    /// The game record as SGF.
    pub fn sgf(&self, settings: &GameSettings) -> SgfGame {
        let size = settings.size;
        let root = SgfNode {
            add_black: self.handicap.iter().map(|p| p.xy(size)).collect(),
            ..SgfNode::default()
        };
        let moves = self.game.moves().iter().map(|&(c, mv)| {
            let at = match mv {
                Move::Play(p) => Some(p.xy(size)),
                Move::Pass => None,
            };
            SgfNode {
                mv: Some((c, at)),
                ..SgfNode::default()
            }
        });
        SgfGame {
            size,
            komi: Some(settings.komi),
            handicap: (!self.handicap.is_empty()).then_some(self.handicap.len() as u32),
            rules: Some("Chinese".into()),
            result: Some(self.result.clone()),
            nodes: std::iter::once(root).chain(moves).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Rules;

    #[test]
    fn results_are_read_by_their_winner() {
        assert_eq!(result_winner("B+3.5"), Some(Some(Color::Black)));
        assert_eq!(result_winner("w+R"), Some(Some(Color::White)));
        assert_eq!(result_winner("0"), Some(None));
        assert_eq!(result_winner("Draw"), Some(None));
        assert_eq!(result_winner("?"), None);
    }

    #[test]
    fn results_of_each_ending() {
        let game = Game::new(9, 7.5, Rules::chinese());
        let rec = |ending| GameRecord::new(game.clone(), Vec::new(), ending, Default::default());
        let r = rec(Ending::Resigned(Color::Black));
        assert_eq!((r.winner, r.result.as_str()), (Some(Color::White), "W+R"));
        let r = rec(Ending::Time {
            loser: Color::White,
            elapsed: 2.0,
            allowed: 1.5,
        });
        assert_eq!(r.result, "B+T");
        let r = rec(Ending::Forfeit {
            loser: Color::Black,
            reason: "illegal move".into(),
        });
        assert_eq!(r.result, "W+F");
        let r = rec(Ending::Hung {
            loser: Color::White,
            elapsed: 60.2,
            limit: 60.0,
        });
        assert_eq!((r.winner, r.result.as_str()), (Some(Color::Black), "B+F"));
        assert!(
            r.describe().contains("white hung: 60.20 s"),
            "{}",
            r.describe()
        );
        let r = rec(Ending::Scored {
            own: Score(-2.5),
            referee: Some(Ok("B+1.5".into())),
            capped: false,
        });
        assert_eq!((r.winner, r.result.as_str()), (Some(Color::Black), "B+1.5"));
        assert!(r.disagreement());
        assert!(r.describe().contains("DISAGREEMENT"));
        let r = rec(Ending::Scored {
            own: Score(-2.5),
            referee: Some(Err("died".into())),
            capped: true,
        });
        assert_eq!((r.winner, r.result.as_str()), (Some(Color::White), "W+2.5"));
        assert!(!r.disagreement());
    }
}
