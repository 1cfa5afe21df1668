//! [`Engine`]: owns the game, the rules, komi and the clocks, and answers
//! what the GTP commands ask. It knows nothing of GTP text.

use crate::board::{Color, Game, Move, Point, Rules, DEFAULT_KOMI};
use crate::mcts::{Reporter, SearchResult};
use crate::player::{final_status, Answer, FinalStatus, GenMode, Options, Player};
use crate::sgf::{self, SgfGame, SgfNode};
use crate::time::{TimeControl, TimeState};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Board side of a new engine.
pub const DEFAULT_SIZE: usize = 19;

/// The engine state behind the GTP front end.
pub struct Engine {
    pub game: Game,
    pub time: TimeState,
    /// The result of the game, when known (for the game record).
    pub result: Option<String>,
    pub player: Player,
    /// Set by the controller's interrupt (GoGui's `# interrupt`): the
    /// running search stops and answers with what it has.
    pub interrupt: Arc<AtomicBool>,
    /// Show the search to GoGui while `genmove` thinks (live graphics on
    /// the standard error; the GTP layer writes them).
    pub live_gfx: bool,
    /// A move was just generated and pondering is on: search on the
    /// opponent's time until the next command.
    ponder_due: bool,
    started: Instant,
    /// The last judgement of a final position, and what it was of: GUIs
    /// ask `final_score` and several `final_status_list`s of one position.
    judged: Option<(JudgedKey, FinalStatus)>,
}

/// What a judgement depends on: the position and its history, the side
/// to move, komi and handicap, and the threads (a judgement repeats
/// exactly for a given number of threads).
#[derive(Clone, Copy, Debug, PartialEq)]
struct JudgedKey {
    hash: u64,
    moves: usize,
    to_move: Color,
    komi: f64,
    handicap: f64,
    threads: usize,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(
            DEFAULT_SIZE,
            DEFAULT_KOMI,
            Rules::chinese(),
            Options::default(),
        )
    }
}

impl Engine {
    pub fn new(size: usize, komi: f64, rules: Rules, options: Options) -> Engine {
        Engine {
            game: Game::new(size, komi, rules),
            time: TimeState::default(),
            result: None,
            player: Player::new(options),
            interrupt: Arc::new(AtomicBool::new(false)),
            live_gfx: false,
            ponder_due: false,
            started: Instant::now(),
            judged: None,
        }
    }

    /// The judgement of the current position as a final one (dead stones,
    /// seki, territory, the result), made once per position.
    pub fn final_status(&mut self) -> &FinalStatus {
        let key = JudgedKey {
            hash: self.game.board().hash(),
            moves: self.game.moves().len(),
            to_move: self.game.to_move(),
            komi: self.game.komi(),
            handicap: self.game.handicap_compensation(),
            threads: self.player.options.threads,
        };
        if self.judged.as_ref().is_none_or(|(k, _)| *k != key) {
            let status = final_status(&self.game, key.threads);
            self.judged = Some((key, status));
        }
        &self.judged.as_ref().expect("just judged").1
    }

    /// Generate a move for `c`; unless `mode` is `Regression`, play it and
    /// charge the time to `c`'s clock.
    pub fn genmove(&mut self, c: Color, mode: GenMode) -> Answer {
        self.genmove_reporting(c, mode, None)
    }

    /// [`Engine::genmove`] with a reporter that sees the search as it goes.
    pub fn genmove_reporting(
        &mut self,
        c: Color,
        mode: GenMode,
        reporter: Option<Reporter<'_>>,
    ) -> Answer {
        let start = Instant::now();
        let answer =
            self.player
                .genmove(&self.game, c, &self.time, mode, &self.interrupt, reporter);
        self.ponder_due = self.player.options.ponder
            && mode != GenMode::Regression
            && answer != Answer::Resign
            && !self.game.is_over();
        if mode != GenMode::Regression {
            match answer {
                Answer::Resign => self.result = Some(format!("{}+Resign", (!c).letter())),
                Answer::Move(mv) => {
                    if self.game.play(c, mv).is_err() {
                        log::error!("the player chose an illegal move; passing instead");
                        let _ = self.game.play(c, Move::Pass);
                        self.time.charge(c, start.elapsed().as_secs_f64());
                        return Answer::Move(Move::Pass);
                    }
                }
            }
            self.time.charge(c, start.elapsed().as_secs_f64());
        }
        answer
    }

    /// Search the position for `c` with the normal per-move budget, as
    /// `genmove` would, without playing; the controller's interrupt stops
    /// it early.
    pub fn think(&mut self, c: Color) -> &SearchResult {
        self.player
            .think(&self.game, c, &self.time, &self.interrupt)
    }

    /// The last search for `c`, if it was of the current position.
    pub fn last_search(&self, c: Color) -> Option<&SearchResult> {
        self.player.last_for(&self.game, c)
    }

    /// Whether to ponder now (once after each generated move).
    pub fn take_ponder(&mut self) -> bool {
        std::mem::take(&mut self.ponder_due)
    }

    /// Think on the opponent's time until `stop` is set.
    pub fn ponder(&mut self, stop: &AtomicBool) {
        if self.result.is_none() {
            self.player.ponder(&self.game, stop);
        }
    }

    /// Analyse the position for `c` until `stop` is set, reporting as it
    /// goes. The tree is kept for the next search of the same position.
    pub fn analyze(
        &mut self,
        c: Color,
        stop: &AtomicBool,
        ownership: bool,
        reporter: Option<Reporter<'_>>,
    ) -> SearchResult {
        self.player
            .analyze(&self.game, c, stop, ownership, reporter)
    }

    /// Forget an interrupt that came when nothing was running.
    pub fn clear_interrupt(&self) {
        self.interrupt.store(false, Ordering::Relaxed);
    }

    /// A new empty game of side `size`, same komi and rules.
    pub fn set_size(&mut self, size: usize) {
        self.game = Game::new(size, self.game.komi(), self.game.rules());
        self.new_game();
    }

    /// Empty the board, keeping size, komi, rules and time settings.
    pub fn clear(&mut self) {
        self.game.clear();
        self.new_game();
    }

    fn new_game(&mut self) {
        self.result = None;
        self.time = TimeState::new(self.time.control);
    }

    pub fn set_time_control(&mut self, control: TimeControl) {
        self.time = TimeState::new(control);
    }

    /// Seconds of CPU time used by the process (wall time where the system
    /// does not tell).
    pub fn cpu_time(&self) -> f64 {
        process_cpu_seconds().unwrap_or_else(|| self.started.elapsed().as_secs_f64())
    }

    /// The game record as SGF: handicap and setup stones in the root, then
    /// every move.
    pub fn to_sgf(&self) -> String {
        let g = &self.game;
        let size = g.size();
        let coord = |p: &Point| p.xy(size);
        let handicap = g.handicap_stones();
        let (setup_black, setup_white) = g.setup_stones();
        let mut root = SgfNode {
            add_black: handicap.iter().chain(setup_black).map(coord).collect(),
            add_white: setup_white.iter().map(coord).collect(),
            ..SgfNode::default()
        };
        // Black stones played as handicap are in the root already.
        let skip = g.handicap_moves();
        if !handicap.is_empty() || !setup_black.is_empty() || !setup_white.is_empty() {
            root.player = Some(g.moves().get(skip).map_or(g.to_move(), |&(c, _)| c));
        }
        let mut nodes = vec![root];
        for &(c, m) in &g.moves()[skip..] {
            let mv = match m {
                Move::Play(p) => Some(p.xy(size)),
                Move::Pass => None,
            };
            nodes.push(SgfNode {
                mv: Some((c, mv)),
                ..SgfNode::default()
            });
        }
        sgf::write(&SgfGame {
            size,
            komi: Some(g.komi()),
            handicap: (handicap.len() >= 2).then_some(handicap.len() as u32),
            rules: Some("Chinese".into()),
            result: self.result.clone(),
            nodes,
        })
    }

    /// A default engine with the SGF game record in the file at `path`
    /// loaded to its end.
    pub fn from_sgf_file(path: &std::path::Path) -> Result<Engine, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut engine = Engine::default();
        engine
            .load_sgf(&String::from_utf8_lossy(&bytes), None)
            .map_err(|e| format!("cannot load {}: {e}", path.display()))?;
        Ok(engine)
    }

    /// Load an SGF game record up to, not including, move number
    /// `before_move` (all of it when `None`). On error nothing changes.
    pub fn load_sgf(&mut self, text: &str, before_move: Option<usize>) -> Result<(), String> {
        let record = sgf::parse(text).map_err(|e| e.to_string())?;
        let size = record.size;
        let komi = record.komi.unwrap_or(self.game.komi());
        let mut game = Game::new(size, komi, self.game.rules());
        let point = |&(x, y): &(usize, usize)| {
            Point::new(x, y, size).ok_or_else(|| "coordinate off the board".to_string())
        };
        let points =
            |list: &[(usize, usize)]| list.iter().map(point).collect::<Result<Vec<_>, _>>();
        let mut moves_played = 0;
        for (i, node) in record.nodes.iter().enumerate() {
            if !node.add_black.is_empty()
                || !node.add_white.is_empty()
                || !node.add_empty.is_empty()
            {
                game.setup(
                    &points(&node.add_black)?,
                    &points(&node.add_white)?,
                    &points(&node.add_empty)?,
                )?;
                let handicap = record.handicap.unwrap_or(0) as usize;
                if i == 0
                    && handicap >= 2
                    && node.add_white.is_empty()
                    && node.add_black.len() == handicap
                {
                    game.mark_setup_as_handicap();
                    game.set_to_move(Color::White);
                }
            }
            if let Some(c) = node.player {
                game.set_to_move(c);
            }
            if let Some((c, at)) = node.mv {
                if before_move.is_some_and(|n| moves_played + 1 >= n) {
                    break;
                }
                let mv = match at {
                    Some(xy) => Move::Play(point(&xy)?),
                    None => Move::Pass,
                };
                game.play(c, mv)
                    .map_err(|e| format!("move {} is illegal ({e})", moves_played + 1))?;
                moves_played += 1;
            }
        }
        self.game = game;
        self.result = None;
        Ok(())
    }
}

/// CPU time of this process from /proc (Linux), user plus system.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are the
    // 14th and 15th fields of the whole line, in clock ticks (100 a second
    // on Linux).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_round_trip_keeps_handicap_and_moves() {
        let mut e = Engine::new(9, 0.5, Rules::chinese(), Options::default());
        e.game.fixed_handicap(3).unwrap();
        for (c, v) in [
            (Color::White, "E5"),
            (Color::Black, "D4"),
            (Color::White, "pass"),
        ] {
            e.game.play(c, Move::parse(v, 9).unwrap()).unwrap();
        }
        let text = e.to_sgf();
        assert!(text.contains("HA[3]"), "{text}");
        let mut f = Engine::default();
        f.load_sgf(&text, None).unwrap();
        assert_eq!(f.game.board().hash(), e.game.board().hash());
        assert_eq!(f.game.handicap_stones(), e.game.handicap_stones());
        assert_eq!(f.game.moves(), e.game.moves());
        assert_eq!(f.game.to_move(), Color::Black);
        assert_eq!(f.game.komi(), 0.5);
        f.load_sgf(&text, Some(2)).unwrap();
        assert_eq!(f.game.moves().len(), 1);
        assert!(f.load_sgf("(;SZ[9];B[zz])", None).is_err());
        assert_eq!(
            f.game.moves().len(),
            1,
            "a bad file leaves the game as it was"
        );
    }

    #[test]
    fn cpu_time_is_read() {
        let e = Engine::default();
        assert!(e.cpu_time() >= 0.0);
    }
}
