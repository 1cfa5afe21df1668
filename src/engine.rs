//! [`Engine`]: owns the game, the rules, komi and the clocks, and answers
//! what the GTP commands ask. It knows nothing of GTP text.
//!
//! Its state is private: every change goes through one method that keeps
//! the engine's invariants (a game record's result is cleared by `undo`
//! and a new game, set by `final_score` and a resignation; settings are
//! checked before they are taken), so the GTP layer only parses, calls and
//! formats.

use crate::board::{
    Color, Game, HandicapError, IllegalMove, Move, Point, Rules, Ruleset, Score, DEFAULT_KOMI,
    MAX_SIZE, MIN_SIZE,
};
use crate::judge::{final_status, FinalStatus};
use crate::mcts::{Reporter, SearchResult};
use crate::player::{Answer, GenMode, Options, Player, Rank};
use crate::sgf::{self, SgfGame, SgfNode};
use crate::tactics::life;
use crate::tactics::reader::{self, Reader};
use crate::time::{TimeControl, TimeState};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Board side of a new engine.
pub const DEFAULT_SIZE: usize = 19;

/// The engine state behind the GTP front end.
pub struct Engine {
    game: Game,
    time: TimeState,
    /// The result of the game, when known (for the game record).
    result: Option<String>,
    player: Player,
    /// Set by the controller's interrupt (GoGui's `# interrupt`): the
    /// running search stops and answers with what it has.
    interrupt: Arc<AtomicBool>,
    /// Show the search to GoGui while `genmove` thinks (live graphics on
    /// the standard error; the GTP layer writes them).
    live_gfx: bool,
    /// A move was just generated and pondering is on: search on the
    /// opponent's time until the next command.
    ponder_due: bool,
    started: Instant,
    /// The last judgement of a final position, and what it was of: GUIs
    /// ask `final_score` and several `final_status_list`s of one position.
    judged: Option<(JudgedKey, FinalStatus)>,
}

/// One setting that can change during a session (GoGui's parameter
/// dialog, `tianyuan-param`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Setting {
    /// Fixed simulations per move, or none (time decides).
    Playouts(Option<u64>),
    /// Seconds per move when no time control is set: finite, above zero.
    Time(f64),
    /// Search threads: 1 to [`MAX_THREADS`].
    Threads(usize),
    /// Resign below this win rate: 0 to 1.
    ResignThreshold(f64),
    /// Whether resigning is allowed at all.
    Resign(bool),
    /// Search on the opponent's time after `genmove`.
    Ponder(bool),
    /// Show the search to GoGui while `genmove` thinks.
    LiveGfx(bool),
    /// The rank it plays at.
    Rank(Rank),
}

/// The most search threads a setting may ask for.
pub const MAX_THREADS: usize = 1024;

/// A setting's value is out of its range; nothing changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InvalidSetting;

/// A board side the engine cannot play on (outside
/// [`MIN_SIZE`]..=[`MAX_SIZE`]); nothing changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UnacceptableSize;

/// A final status of points, as `final_status_list` asks for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointStatus {
    /// Stones that are dead.
    Dead,
    /// Stones that live, seki excepted.
    Alive,
    /// Stones alive in seki.
    Seki,
    /// Empty points (and dead stones' points) that count for this colour.
    Territory(Color),
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
    rules: Rules,
    judge: crate::judge::JudgeParams,
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

    /// The game: position, history, komi, rules, side to move.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, the engine given up (for a game loaded from SGF).
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The player's settings.
    pub fn options(&self) -> &Options {
        &self.player.options
    }

    /// Whether `genmove` shows its search to GoGui as it thinks.
    pub fn live_gfx(&self) -> bool {
        self.live_gfx
    }

    /// The result of the game for its record, when known: set by a
    /// resignation and `final_score`, cleared by `undo` and a new game.
    pub fn result(&self) -> Option<&str> {
        self.result.as_deref()
    }

    /// The flag GoGui's `# interrupt` sets, for the thread that reads the
    /// controller's input while a command runs.
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.interrupt)
    }

    /// Change one setting, when its value is in range.
    pub fn set(&mut self, setting: Setting) -> Result<(), InvalidSetting> {
        let o = &mut self.player.options;
        match setting {
            Setting::Playouts(n) => o.playouts = n.filter(|&n| n > 0),
            Setting::Time(t) if t.is_finite() && t > 0.0 => o.time = t,
            Setting::Threads(n) if (1..=MAX_THREADS).contains(&n) => o.threads = n,
            Setting::ResignThreshold(w) if (0.0..=1.0).contains(&w) => o.resign_threshold = w,
            Setting::Resign(b) => o.resign = b,
            Setting::Ponder(b) => o.ponder = b,
            Setting::LiveGfx(b) => self.live_gfx = b,
            Setting::Rank(r) => o.rank = r,
            Setting::Time(_) | Setting::Threads(_) | Setting::ResignThreshold(_) => {
                return Err(InvalidSetting)
            }
        }
        Ok(())
    }

    pub fn set_komi(&mut self, komi: f64) {
        self.game.set_komi(komi);
    }

    pub fn set_rules(&mut self, rules: Rules) {
        self.game.set_rules(rules);
    }

    /// Play `mv` for `c` (any colour, in any order, as GTP allows). On error
    /// nothing changes.
    pub fn play(&mut self, c: Color, mv: Move) -> Result<(), IllegalMove> {
        self.game.play(c, mv).map(|_| ())
    }

    /// Take back the last move (and forget the result); `false` when there
    /// is none to take back.
    pub fn undo(&mut self) -> bool {
        let undone = self.game.undo();
        if undone {
            self.result = None;
        }
        undone
    }

    /// Place `n` handicap stones on the standard points.
    pub fn fixed_handicap(&mut self, n: usize) -> Result<Vec<Point>, HandicapError> {
        self.game.fixed_handicap(n)
    }

    /// Place `n` handicap stones where the engine likes.
    pub fn place_free_handicap(&mut self, n: usize) -> Result<Vec<Point>, HandicapError> {
        self.game.place_free_handicap(n)
    }

    /// Place handicap stones on `points`.
    pub fn set_free_handicap(&mut self, points: &[Point]) -> Result<(), HandicapError> {
        self.game.set_free_handicap(points)
    }

    /// Put setup stones (not moves, not handicap) on the board, which must
    /// be as a new game left it.
    pub fn setup(&mut self, black: &[Point], white: &[Point]) -> Result<(), String> {
        if !self.game.is_pristine() {
            return Err("board not empty".to_string());
        }
        self.game.setup(black, white, &[])
    }

    /// The side to move in a setup position, before any move is played.
    pub fn set_setup_player(&mut self, c: Color) -> Result<(), String> {
        if !self.game.moves().is_empty() {
            return Err("moves have been played since the setup".to_string());
        }
        self.game.set_to_move(c);
        Ok(())
    }

    /// The controller's word on `c`'s clock: `time` seconds left, for
    /// `stones` moves (0: main time).
    pub fn time_left(&mut self, c: Color, time: f64, stones: u32) {
        self.time.time_left(c, time, stones);
    }

    /// The capture reader's answer for the string on `p` (a stone), the
    /// opponent of its owner to move ([`Reader::attack_move`]).
    pub fn attack(&self, p: Point) -> (reader::Answer, Option<Point>) {
        let board = self.game.board();
        Reader::new(board.size()).attack_move(board, p)
    }

    /// The capture reader's answer for the string on `p` (a stone), its
    /// owner to move ([`Reader::defence_move`]).
    pub fn defend(&self, p: Point) -> (reader::Answer, Option<Point>) {
        let board = self.game.board();
        Reader::new(board.size()).defence_move(board, p)
    }

    /// The life-and-death solver's answer for the group of the string on
    /// `p` (a stone), its attacker (`attack`) or its owner to move: an
    /// error when the group is not enclosed ([`life::Problem::around`]).
    pub fn life(&self, p: Point, attack: bool) -> Result<life::Status, String> {
        let board = self.game.board();
        let problem = life::Problem::around(board, p)?;
        Ok(if attack {
            problem.attack(board, life::GTP_BUDGET)
        } else {
            problem.defend(board, life::GTP_BUDGET)
        })
    }

    /// The count of the current position as a final one, which becomes the
    /// result of the game record.
    pub fn final_score(&mut self) -> Score {
        let score = self.final_status().score;
        self.result = Some(self.game.result_text(score));
        score
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
            rules: self.game.rules(),
            judge: self.player.options.judge_params(),
        };
        if self.judged.as_ref().is_none_or(|(k, _)| *k != key) {
            let status = final_status(&self.game, key.judge);
            self.judged = Some((key, status));
        }
        &self.judged.as_ref().expect("just judged").1
    }

    /// The points of the current position, judged as a final one, that
    /// have this status.
    pub fn final_status_points(&mut self, which: PointStatus) -> Vec<Point> {
        let board = self.game.board();
        let stones = board.stones(Color::Black) | board.stones(Color::White);
        let status = self.final_status();
        let j = &status.judgement;
        match which {
            PointStatus::Dead => j.dead.iter().collect(),
            PointStatus::Alive => (stones - j.dead - j.seki).iter().collect(),
            PointStatus::Seki => (j.seki - j.dead).iter().collect(),
            PointStatus::Territory(c) => status.territory[c.index()].clone(),
        }
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
        self.player.analyze(
            &self.game,
            c,
            stop,
            &crate::player::analysis::AnalysisRequest {
                ownership,
                ..Default::default()
            },
            reporter,
        )
    }

    /// Forget an interrupt that came when nothing was running.
    pub fn clear_interrupt(&self) {
        self.interrupt.store(false, Ordering::Relaxed);
    }

    /// A new empty game of side `size`, same komi and rules.
    pub fn set_size(&mut self, size: usize) -> Result<(), UnacceptableSize> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(UnacceptableSize);
        }
        self.game = Game::new(size, self.game.komi(), self.game.rules());
        self.new_game();
        Ok(())
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
            rules: Some(g.rules().ruleset.sgf_name().into()),
            result: self.result.clone(),
            nodes,
        })
    }

    /// A default engine with the SGF game record in the file at `path`
    /// loaded to its end.
    pub fn from_sgf_file(path: &std::path::Path) -> Result<Engine, String> {
        let bytes = crate::files::read_limited(path, crate::files::MAX_RECORD)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
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
        // The record's rules (`RU[]`) when tianyuan knows them; the ko rule
        // stays as set when the ruleset does not change.
        let mut rules = self.game.rules();
        match record.rules.as_deref().map(|ru| (ru, Ruleset::by_name(ru))) {
            Some((_, Some(r))) if r != rules.ruleset => rules = Rules::of(r),
            Some((ru, None)) => log::warn!("unknown rules RU[{ru}]: playing {rules}"),
            _ => {}
        }
        let mut game = Game::new(size, komi, rules);
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
        e.fixed_handicap(3).unwrap();
        for (c, v) in [
            (Color::White, "E5"),
            (Color::Black, "D4"),
            (Color::White, "pass"),
        ] {
            e.play(c, Move::parse(v, 9).unwrap()).unwrap();
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
    fn the_result_is_set_by_final_score_and_cleared_by_undo_and_a_new_game() {
        let mut e = Engine::new(9, 7.5, Rules::chinese(), Options::default());
        assert_eq!(e.result(), None);
        assert!(!e.undo(), "nothing to take back");
        e.play(Color::Black, Move::Pass).unwrap();
        assert_eq!(e.final_score(), Score(-7.5));
        assert_eq!(e.result(), Some("W+7.5"));
        assert!(e.to_sgf().contains("RE[W+7.5]"));
        assert!(e.undo());
        assert_eq!(e.result(), None);
        e.final_score();
        e.clear();
        assert_eq!(e.result(), None);
        e.final_score();
        assert_eq!(e.set_size(1), Err(UnacceptableSize));
        assert_eq!(e.set_size(MAX_SIZE + 1), Err(UnacceptableSize));
        assert_eq!(e.game().size(), 9, "a refused size changes nothing");
        assert!(e.result().is_some());
        e.set_size(13).unwrap();
        assert_eq!(e.result(), None);
        e.final_score();
        e.load_sgf("(;SZ[9])", None).unwrap();
        assert_eq!(e.result(), None);
    }

    #[test]
    fn a_resignation_plays_nothing_and_sets_the_result() {
        let mut e = Engine::new(
            9,
            150.0,
            Rules::chinese(),
            Options {
                threads: 1,
                playouts: Some(3000),
                seed: 3,
                ..Options::default()
            },
        );
        let mut c = Color::Black;
        for v in ["A1", "J9", "A2", "J8", "A3", "J7", "A4", "J6", "A5", "J5"] {
            e.play(c, Move::parse(v, 9).unwrap()).unwrap();
            c = !c;
        }
        assert_eq!(e.genmove(Color::Black, GenMode::Play), Answer::Resign);
        assert_eq!(e.game().moves().len(), 10);
        assert_eq!(e.result(), Some("W+Resign"));
        assert!(!e.take_ponder());
    }

    #[test]
    fn settings_out_of_range_change_nothing() {
        let mut e = Engine::default();
        let before = format!("{:?}", e.options());
        for bad in [
            Setting::Time(0.0),
            Setting::Time(f64::INFINITY),
            Setting::Time(f64::NAN),
            Setting::Threads(0),
            Setting::Threads(MAX_THREADS + 1),
            Setting::ResignThreshold(1.5),
            Setting::ResignThreshold(-0.1),
            Setting::ResignThreshold(f64::NAN),
        ] {
            assert_eq!(e.set(bad), Err(InvalidSetting), "{bad:?}");
        }
        assert_eq!(format!("{:?}", e.options()), before);
        e.set(Setting::Threads(3)).unwrap();
        e.set(Setting::Playouts(Some(0))).unwrap();
        e.set(Setting::LiveGfx(true)).unwrap();
        assert_eq!(e.options().threads, 3);
        assert_eq!(e.options().playouts, None);
        assert!(e.live_gfx());
    }

    #[test]
    fn setup_only_on_a_new_board_and_its_player_only_before_moves() {
        let mut e = Engine::new(9, 7.5, Rules::chinese(), Options::default());
        let p = |v| Point::parse(v, 9).unwrap();
        e.setup(&[p("E5")], &[p("D4")]).unwrap();
        e.set_setup_player(Color::White).unwrap();
        assert_eq!(e.game().to_move(), Color::White);
        assert!(e.setup(&[p("C3")], &[]).is_err(), "the board is not new");
        e.play(Color::White, Move::Play(p("C3"))).unwrap();
        assert!(e.set_setup_player(Color::Black).is_err());
        assert_eq!(e.game().to_move(), Color::Black);
    }

    #[test]
    fn cpu_time_is_read() {
        let e = Engine::default();
        assert!(e.cpu_time() >= 0.0);
    }
}
