//! The record of a finished game: how it ended, the official result
//! (the referee's count when there is one, else tianyuan's), the
//! per-game report line, the SGF record and its date (`DT`).

use super::clock::TimeUse;
use crate::board::{Color, Game, Move, Point, Score};
use crate::sgf::{SgfGame, SgfNode};
use std::time::{SystemTime, UNIX_EPOCH};

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
    /// No result: under the simple ko rule a position came back for the
    /// third time (SGF `RE[Void]`; the tally counts it as a draw).
    NoResult,
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

/// The day of `time` as `YYYY-MM-DD`, in UTC (1970-01-01 for a time
/// before the epoch).
pub fn utc_date(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    // Days to a civil date (H. Hinnant's algorithm), from 0000-03-01.
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
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
                _ => (game.winner(*own), game.result_text(*own)),
            },
            Ending::NoResult => (None, "Void".to_string()),
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
            } => result_winner(text) != Some(self.game.winner(*own)),
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
            Ending::NoResult => "no result: a position came back a third time".to_string(),
        };
        format!("{} ({detail})", self.result)
    }

    /// The game record as SGF (the match runner writes it with the players,
    /// the day and the settings as [`crate::sgf::GameInfo`]).
    pub fn sgf(&self) -> SgfGame {
        let size = self.game.size();
        // Handicap stones, and stones the rules set out (the ancient
        // game's corner stones), with White to move after them.
        let (setup_black, setup_white) = self.game.setup_stones();
        let root = SgfNode {
            add_black: self
                .handicap
                .iter()
                .chain(setup_black)
                .map(|p| p.xy(size))
                .collect(),
            add_white: setup_white.iter().map(|p| p.xy(size)).collect(),
            player: (!setup_black.is_empty() || !setup_white.is_empty()).then(|| {
                self.game
                    .moves()
                    .first()
                    .map_or(self.game.to_move(), |m| m.0)
            }),
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
            komi: Some(self.game.komi()),
            handicap: (!self.handicap.is_empty()).then_some(self.handicap.len() as u32),
            rules: Some(self.game.rules().ruleset.sgf_name().into()),
            result: Some(self.result.clone()),
            nodes: std::iter::once(root).chain(moves).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Rules;
    use crate::sgf::{parse_with_info, write_with_info, GameInfo};
    use std::time::Duration;

    #[test]
    fn dates_are_utc_days() {
        let day = |d: u64| utc_date(UNIX_EPOCH + Duration::from_secs(d * 86_400 + 86_399));
        assert_eq!(day(0), "1970-01-01");
        assert_eq!(day(11_016), "2000-02-29");
        assert_eq!(day(11_017), "2000-03-01");
        assert_eq!(day(19_782), "2024-02-29");
        assert_eq!(day(20_787), "2026-11-30");
        assert_eq!(day(20_789), "2026-12-02");
        assert_eq!(day(20_818), "2026-12-31");
        assert_eq!(day(20_819), "2027-01-01");
        assert_eq!(utc_date(UNIX_EPOCH - Duration::from_secs(5)), "1970-01-01");
    }

    #[test]
    fn the_sgf_record_with_players_date_and_comment_escaped() {
        let mut game = Game::new(9, 7.5, Rules::chinese());
        let e5 = Point::parse("E5", 9).unwrap();
        game.play(Color::Black, Move::Play(e5)).unwrap();
        game.play(Color::White, Move::Pass).unwrap();
        let rec = GameRecord::new(
            game,
            Vec::new(),
            Ending::Resigned(Color::White),
            Default::default(),
        );
        let info = GameInfo {
            black_player: Some("Pachi 12.90".into()),
            white_player: Some("odd]name\\ 1.0".into()),
            date: Some("2026-11-30".into()),
            comment: Some(
                "Black: A, Pachi 12.90 [pachi --nodcnn]\nWhite: B [C:\\go\\odd.exe]".into(),
            ),
        };
        let text = write_with_info(&rec.sgf(), &info);
        let root = text.split(";B[").next().unwrap().replace('\n', "");
        assert_eq!(
            root,
            "(;FF[4]GM[1]CA[UTF-8]AP[tianyuan]SZ[9]KM[7.5]RU[Chinese]RE[B+R]PB[Pachi 12.90]\
             PW[odd\\]name\\\\ 1.0]DT[2026-11-30]GC[Black: A, Pachi 12.90 [pachi --nodcnn\\]\
             White: B [C:\\\\go\\\\odd.exe\\]]",
            "{text}"
        );
        let (game, back) = parse_with_info(&text).unwrap();
        assert_eq!(back, info);
        assert_eq!(game, rec.sgf());
        assert_eq!(game.nodes.len(), 3);
    }

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
