//! The player: turns the engine's game and clock into a search, and the
//! search's answer into an [`Answer`] (a move, a pass or a resignation);
//! judges the final position. Knows nothing of GTP text.

use crate::board::{AreaCount, Bitboard, Board, Color, Count, Game, Move, Point, Scoring};
use crate::judge::{judge, refine_ownership, JudgeParams, Judgement};
use crate::mcts::{Limits, Reporter, Search, SearchParams, SearchResult, Task};
use crate::tactics;
use crate::time::{budget, TimeState};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The player's settings (command-line options and GTP parameters).
#[derive(Clone, Debug)]
pub struct Options {
    /// Search threads.
    pub threads: usize,
    /// Fixed simulations per move (a reproducible strength level).
    pub playouts: Option<u64>,
    /// Seconds per move when no time control is set.
    pub time: f64,
    /// Memory bound of the search tree, in MiB.
    pub max_tree_mb: usize,
    /// Resign when the best move's win rate is below this.
    pub resign_threshold: f64,
    /// Whether resigning is allowed at all.
    pub resign: bool,
    /// Seed of the search's random numbers.
    pub seed: u64,
    /// Search on the opponent's time after `genmove`, until the next command.
    pub ponder: bool,
    /// Weight of the learned patterns' prior ([`crate::mcts::PriorParams::learned`]).
    pub learned_prior: u16,
    /// The learned patterns the priors use.
    pub patterns: &'static crate::patterns::Model,
    /// Heavy playouts of the end-of-game judgement (`final_score`,
    /// `final_status_list`, the pass decision).
    pub judge_playouts: u32,
    /// Simulations of the judgement's search of the strings it is unsure of.
    pub judge_search: u64,
    /// Search and playout parameters set by name
    /// ([`SearchParams::set`]), in order, after the defaults and
    /// `learned_prior`.
    pub params: Vec<(String, String)>,
}

impl Options {
    /// How the end of a game is judged with these options.
    pub fn judge_params(&self) -> JudgeParams {
        JudgeParams {
            playouts: self.judge_playouts,
            search: self.judge_search,
            ..JudgeParams::new(self.threads)
        }
    }

    /// The search's parameters these options ask for.
    pub fn search_params(&self) -> SearchParams {
        let defaults = SearchParams::default();
        let mut params = SearchParams {
            priors: crate::mcts::PriorParams {
                learned: self.learned_prior,
                ..defaults.priors
            },
            patterns: Some(self.patterns),
            ..defaults
        };
        for (name, value) in &self.params {
            // Checked when the options were made (main's --param).
            if let Err(e) = params.set(name, value) {
                log::warn!("--param {name}={value}: {e}");
            }
        }
        params
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            playouts: None,
            time: 2.0,
            max_tree_mb: 512,
            resign_threshold: 0.1,
            resign: true,
            seed: 1,
            ponder: false,
            learned_prior: crate::mcts::PriorParams::default().learned,
            patterns: crate::patterns::shipped(),
            params: Vec::new(),
            judge_playouts: crate::judge::JUDGE_PLAYOUTS,
            judge_search: crate::judge::JUDGE_SEARCH,
        }
    }
}

/// How `genmove` treats the move it finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenMode {
    /// Play it (`genmove`).
    Play,
    /// Only say it (`reg_genmove`).
    Regression,
    /// Capture every dead stone before passing (`kgs-genmove_cleanup`).
    Cleanup,
}

/// A player's answer to `genmove`: a move on the board, or a resignation
/// (which is no board move: the game ends without one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    Move(Move),
    Resign,
}

impl Answer {
    /// Parse a `genmove` reply (`resign`, `pass` or a vertex) on a board of
    /// side `size`.
    pub fn parse(s: &str, size: usize) -> Option<Answer> {
        if s.eq_ignore_ascii_case("resign") {
            Some(Answer::Resign)
        } else {
            Move::parse(s, size).map(Answer::Move)
        }
    }

    pub fn to_gtp(self, size: usize) -> String {
        match self {
            Answer::Move(mv) => mv.to_gtp(size),
            Answer::Resign => "resign".to_string(),
        }
    }
}

/// The player's numbers that are not options: when it may resign, and
/// its dynamic komi. None has been tuned by matches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerParams {
    /// Simulations a resignation needs behind it. Default 2,000 (the first
    /// player, `767fd49`; issue 3 asks for "enough visits"), not measured.
    pub resign_min_playouts: u64,
    /// Moves of the game before which the player never resigns. Default
    /// 10 (`767fd49`), not measured.
    pub resign_min_moves: usize,
    /// The same in a handicap game, whose first moves look lost to White
    /// and won to Black. Default 40 (`767fd49`; issue 3: "never in the
    /// first moves of a handicap game"), not measured.
    pub resign_min_moves_handicap: usize,
    /// Points of dynamic komi per handicap stone at the start of the game.
    /// Default 7 (`953bfcf`), not measured; Pachi 12.90's linear dynamic
    /// komi imposes 12 a stone when it plays Black and 8 as White.
    pub dynamic_komi_per_stone: f64,
    /// Share of the board's points played by which the dynamic komi has
    /// fallen to none. Default 0.55 (`953bfcf`), not measured: 199 moves
    /// on 19x19, about the 200 of Pachi's linear dynamic komi as Black.
    pub dynamic_komi_horizon: f64,
}

impl Default for PlayerParams {
    fn default() -> PlayerParams {
        PlayerParams {
            resign_min_playouts: 2000,
            resign_min_moves: 10,
            resign_min_moves_handicap: 40,
            dynamic_komi_per_stone: 7.0,
            dynamic_komi_horizon: 0.55,
        }
    }
}

/// What an analysis asks of the search beyond the position.
#[derive(Clone, Debug, Default)]
pub struct AnalysisRequest {
    /// Each point's expected owner, in all and per root move.
    pub ownership: bool,
    pub moves_ownership: bool,
    /// Root moves left out (`None`: the pass).
    pub avoid: Vec<Option<Point>>,
    /// Playouts or a deadline; none: until stopped.
    pub limits: Limits,
}

/// The player state kept between moves.
pub struct Player {
    pub options: Options,
    pub params: PlayerParams,
    search: Option<Search>,
    /// The last search, for reports.
    last: Option<SearchResult>,
    /// What the last search was for: the side it searched for, the
    /// board's hash and the number of moves played.
    last_position: Option<(Color, u64, usize)>,
    /// Searches started so far: each takes its own seed from it, so that a
    /// process that plays several games (a match's engine) does not repeat
    /// the same game when its moves are fixed by playouts and one thread.
    searches: u64,
}

impl Player {
    pub fn new(options: Options) -> Player {
        Player {
            options,
            params: PlayerParams::default(),
            search: None,
            last: None,
            last_position: None,
            searches: 0,
        }
    }

    fn search(&mut self) -> &mut Search {
        let nodes = self.options.max_tree_mb.max(1) * (1 << 20) / crate::mcts::Tree::NODE_BYTES;
        let stale = self
            .search
            .as_ref()
            .is_some_and(|s| s.capacity() != nodes / 2 * 2);
        if stale || self.search.is_none() {
            self.search = None;
            let params = self.options.search_params();
            self.search = Some(Search::new(nodes, params));
        }
        self.search.as_mut().expect("just made")
    }

    /// Choose a move for `c` in `game`, spending what `time` allows, or
    /// less when `stop` is set (the controller interrupts); `reporter`
    /// sees the search as it goes.
    pub fn genmove(
        &mut self,
        game: &Game,
        c: Color,
        time: &TimeState,
        mode: GenMode,
        stop: &AtomicBool,
        reporter: Option<Reporter<'_>>,
    ) -> Answer {
        let start = Instant::now();
        let board = game.board();
        // The opponent passed: pass too when the count already wins.
        let opponent_passed = matches!(game.last_move(), Some((col, Move::Pass)) if col != c);
        // Judged once, before the search, in at most 40% of the move's
        // time; a judgement after the search gets what is left.
        let deadline = self.move_deadline(game, c, time, start);
        let base = self.options.judge_params();
        let judge_params = |share: f64| JudgeParams {
            deadline: deadline.map(|d| start + d.saturating_duration_since(start).mul_f64(share)),
            ..base
        };
        let judged =
            (opponent_passed || mode == GenMode::Cleanup).then(|| judge(game, judge_params(0.4)));
        if let Some(j) = judged.as_ref().filter(|_| opponent_passed) {
            let (_, score) = game.score(j.dead, j.seki);
            let dead_of_opponent = !(j.dead & board.stones(!c)).is_empty();
            if game.winner(score) == Some(c) && !(mode == GenMode::Cleanup && dead_of_opponent) {
                if let Some(p) = self.by_the_tax(game, c, j) {
                    return Answer::Move(Move::Play(p));
                }
                if let Some(p) = capture_before_passing(game, c, j) {
                    log::debug!(
                        "opponent passed and {c} wins by {score}: {} takes dead stones off first",
                        p.to_gtp(game.size())
                    );
                    return Answer::Move(Move::Play(p));
                }
                log::debug!("opponent passed and {c} wins by {score}: pass");
                return Answer::Move(Move::Pass);
            }
        }
        // Where a pass waits on a judgement after the search (Tromp-Taylor,
        // the group tax), the search leaves that judgement its own time.
        let judges_after =
            judged.is_none() && (!game.rules().removes_dead_stones() || self.tax_endgame(game));
        let (search_deadline, judge_deadline) = split_deadline(start, deadline, judges_after);
        let result = self.search_move(game, c, time, search_deadline, stop, reporter);
        let after = JudgeParams {
            deadline: judge_deadline,
            ..base
        };
        let answer = self.choose(game, c, &result, mode, judged.as_ref(), after);
        self.remember(game, c, result);
        answer
    }

    /// Search the position for `c` with the per-move budget of
    /// [`Player::genmove`], without choosing or playing a move; the result
    /// is kept as [`Player::last`].
    pub fn think(
        &mut self,
        game: &Game,
        c: Color,
        time: &TimeState,
        stop: &AtomicBool,
    ) -> &SearchResult {
        let deadline = self.move_deadline(game, c, time, Instant::now());
        let result = self.search_move(game, c, time, deadline, stop, None);
        self.remember(game, c, result);
        self.last.as_ref().expect("just kept")
    }

    /// The last search, if it was for `c` in `game`'s current position.
    pub fn last_for(&self, game: &Game, c: Color) -> Option<&SearchResult> {
        let here = (c, game.board().hash(), game.moves().len());
        self.last
            .as_ref()
            .filter(|_| self.last_position == Some(here))
    }

    fn remember(&mut self, game: &Game, c: Color, result: SearchResult) {
        self.last_position = Some((c, game.board().hash(), game.moves().len()));
        self.last = Some(result);
    }

    /// The search of a move for `c`, until `deadline` (or the options'
    /// playouts).
    fn search_move(
        &mut self,
        game: &Game,
        c: Color,
        time: &TimeState,
        deadline: Option<Instant>,
        stop: &AtomicBool,
        reporter: Option<Reporter<'_>>,
    ) -> SearchResult {
        let board = game.board();
        let limits = Limits {
            playouts: self.options.playouts,
            deadline,
            early_stop: self.options.playouts.is_none()
                && budget::time_carries_over(time.control, &time.clocks[c]),
            stop_when_full: false,
            ..Limits::default()
        };
        let task = self.task(game, c, limits);
        let offset = task.komi_offset;
        let result = self.search().run(game, &task, stop, reporter);
        log::debug!(
            "{c}: {} playouts in {:.2} s ({:.0}/s), stop: {}, best {:?} win rate {:.3}, dynamic komi {offset}",
            result.playouts,
            result.elapsed.as_secs_f64(),
            result.playouts as f64 / result.elapsed.as_secs_f64().max(1e-6),
            result.stop_reason,
            result.best.map(|m| m.map(|p| p.to_gtp(board.size()))),
            result.win_rate
        );
        result
    }

    /// When the move of `c` begun at `start` must be chosen: `None` when
    /// only a number of simulations limits it (fixed playouts and no
    /// time control).
    fn move_deadline(
        &self,
        game: &Game,
        c: Color,
        time: &TimeState,
        start: Instant,
    ) -> Option<Instant> {
        let board = game.board();
        let budget = budget::for_move(
            time.control,
            &time.clocks[c],
            board.empty_count(),
            board.size() * board.size(),
            self.options.time,
        );
        (self.options.playouts.is_none() || time.control != crate::time::TimeControl::None)
            .then_some(start + budget)
    }

    /// A search for `c` in `game` with these limits: the options' threads,
    /// the next search's seed, the game's dynamic komi, no ownership counts.
    fn task(&mut self, game: &Game, c: Color, limits: Limits) -> Task {
        // The first search uses the seed as given; later ones step away
        // from it (an odd multiplier keeps the steps distinct).
        let seed = self
            .options
            .seed
            .wrapping_add(self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.searches += 1;
        Task {
            to_move: c,
            komi_offset: dynamic_komi(game, &self.params),
            threads: self.options.threads,
            seed,
            limits,
            ownership: false,
            moves_ownership: false,
            avoid: Vec::new(),
        }
    }

    /// Search the position for `c` until `stop` is set or the request's
    /// limits end it, reporting as it goes (analysis). With ownership
    /// asked for, the reports carry each point's expected owner.
    pub fn analyze(
        &mut self,
        game: &Game,
        c: Color,
        stop: &AtomicBool,
        request: &AnalysisRequest,
        reporter: Option<Reporter<'_>>,
    ) -> SearchResult {
        let task = Task {
            ownership: request.ownership,
            moves_ownership: request.moves_ownership,
            avoid: request.avoid.clone(),
            ..self.task(game, c, request.limits.clone())
        };
        // The ownership shown reads strings and unconditional life as the
        // judgement does.
        let refine = |r: &SearchResult| {
            let mut r = r.clone();
            if let Some(own) = r.ownership.as_mut() {
                refine_ownership(game.board(), own);
            }
            r
        };
        let result = match reporter {
            Some(Reporter { interval, report }) => {
                let mut refined = |r: &SearchResult| report(&refine(r));
                let reporter = Reporter {
                    interval,
                    report: &mut refined,
                };
                self.search().run(game, &task, stop, Some(reporter))
            }
            None => self.search().run(game, &task, stop, None),
        };
        let result = refine(&result);
        log::debug!(
            "analysis for {c}: {} playouts in {:.2} s",
            result.playouts,
            result.elapsed.as_secs_f64()
        );
        result
    }

    /// Search the position for the side to move (the opponent, after our
    /// `genmove`) until `stop` is set or the tree is full: the next
    /// `genmove` reuses the subtree of the move the opponent chose.
    pub fn ponder(&mut self, game: &Game, stop: &AtomicBool) {
        if game.is_over() {
            return;
        }
        let limits = Limits {
            stop_when_full: true,
            ..Limits::default()
        };
        let task = self.task(game, game.to_move(), limits);
        let r = self.search().run(game, &task, stop, None);
        log::debug!(
            "pondered for {}: {} playouts in {:.2} s, stop: {}, best {:?}",
            task.to_move,
            r.playouts,
            r.elapsed.as_secs_f64(),
            r.stop_reason,
            r.best.map(|m| m.map(|p| p.to_gtp(game.size())))
        );
    }

    fn choose(
        &self,
        game: &Game,
        c: Color,
        result: &SearchResult,
        mode: GenMode,
        judged: Option<&Judgement>,
        judge_params: JudgeParams,
    ) -> Answer {
        let Some(best) = result.best else {
            return Answer::Move(Move::Pass);
        };
        let early_handicap = !game.handicap_stones().is_empty()
            && game.moves().len() < self.params.resign_min_moves_handicap;
        if self.options.resign
            && result.playouts >= self.params.resign_min_playouts
            && result.win_rate < self.options.resign_threshold
            && !early_handicap
            && game.moves().len() >= self.params.resign_min_moves
        {
            return Answer::Resign;
        }
        let by_rules = self
            .search
            .as_ref()
            .is_none_or(|s| s.params.rules_in_playouts);
        let best = if game.rules().group_tax() && by_rules {
            score_tiebreak(result).unwrap_or(best)
        } else {
            best
        };
        Answer::Move(match best {
            Some(p) => Move::Play(p),
            None if mode == GenMode::Cleanup || !game.rules().removes_dead_stones() => {
                // Capture the dead stones before passing (and under
                // Tromp-Taylor, where stones left on the board count as
                // alive): play at them, or else take the best move that is
                // not a pass.
                let judged_now;
                let judged = match judged {
                    Some(j) => j,
                    None => {
                        judged_now = judge(game, judge_params);
                        &judged_now
                    }
                };
                let dead = judged.dead & game.board().stones(!c);
                if dead.is_empty() {
                    Move::Pass
                } else {
                    cleanup_move(game, c, dead)
                        .or_else(|| result.moves.iter().find_map(|m| m.mv))
                        .map_or(Move::Pass, Move::Play)
                }
            }
            None => {
                let judged_now;
                let judged = match judged {
                    Some(j) => j,
                    None if self.tax_endgame(game) => {
                        judged_now = judge(game, judge_params);
                        &judged_now
                    }
                    None => return Answer::Move(Move::Pass),
                };
                self.by_the_tax(game, c, judged)
                    .map_or(Move::Pass, Move::Play)
            }
        })
    }

    /// Whether passes are checked against the group tax: under rules with
    /// the tax, unless the ablation parameter turns the rules off.
    fn tax_endgame(&self, game: &Game) -> bool {
        game.rules().group_tax()
            && self
                .search
                .as_ref()
                .is_none_or(|s| s.params.rules_in_playouts)
    }

    /// Under the group tax, a move to play instead of passing: see
    /// [`tax_move`]. `None` under other rules.
    fn by_the_tax(&self, game: &Game, c: Color, judged: &Judgement) -> Option<Point> {
        if !self.tax_endgame(game) {
            return None;
        }
        let p = tax_move(game, c, judged)?;
        log::debug!(
            "{c} plays {} before passing: it gains by the count",
            p.to_gtp(game.size())
        );
        Some(p)
    }
}

/// The share of a move's time that a judgement after the search gets
/// where the move may need one.
const JUDGE_AFTER_SEARCH: f64 = 0.2;

/// The deadlines of a move begun at `start` that must be chosen by
/// `deadline`: the search's and that of a judgement after it. Where the
/// move may need a judgement after the search (`judges_after`: a pass
/// under Tromp-Taylor or the group tax waits on it), the search stops
/// early and the judgement gets the last [`JUDGE_AFTER_SEARCH`] of the
/// time, so that its playouts run; otherwise the search takes it all.
fn split_deadline(
    start: Instant,
    deadline: Option<Instant>,
    judges_after: bool,
) -> (Option<Instant>, Option<Instant>) {
    let Some(d) = deadline else {
        return (None, None);
    };
    if !judges_after {
        return (Some(d), Some(d));
    }
    let budget = d.saturating_duration_since(start);
    (
        Some(start + budget.mul_f64(1.0 - JUDGE_AFTER_SEARCH)),
        Some(d),
    )
}

/// Under the ancient rules, the point worth playing before passing: of
/// the neutral points (dame, reaching both colours' living stones) where
/// `c` may play a stone that keeps at least two liberties, the one that
/// is worth the most by the count with `judged`'s dead stones taken off:
/// what it gains `c` (joining two of its groups saves the tax on one, two
/// points, and the point itself is one more) and what a stone of the
/// opponent's there would have gained the opponent (cutting: a join it
/// prevents). `None` when no point gains `c` anything.
fn tax_move(game: &Game, c: Color, judged: &Judgement) -> Option<Point> {
    let board = game.board();
    let dead = judged.dead;
    let margin = |b: &Board| {
        let count = Count::of(b, dead, judged.seki);
        count.points(game.rules(), c) - count.points(game.rules(), !c)
    };
    let before = margin(board);
    // What a stone of `who` at `p` gains `c`'s margin, if `who` may play it.
    let gain = |who: Color, p: Point| {
        if !game.is_legal(who, p) || tactics::move_effect(board, who, p).liberties < 2 {
            return None;
        }
        let mut after = board.clone();
        after.play(who, p).ok()?;
        Some(margin(&after) - before)
    };
    let now = AreaCount::count(board, dead);
    let neutral = board.empty_points()
        - now.territory_points[Color::Black]
        - now.territory_points[Color::White];
    let mut best: Option<(f64, Point)> = None;
    for p in &neutral {
        let Some(mine) = gain(c, p).filter(|&g| g > 0.0) else {
            continue;
        };
        // The point is worth what it gains and what the opponent would
        // gain there (a join of theirs it prevents).
        let value = mine - gain(!c, p).unwrap_or(0.0).min(0.0);
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, p));
        }
    }
    best.map(|(_, p)| p)
}

/// Under rules where points beyond the win decide what is worth playing
/// (the ancient game's group tax), the move to play among those the
/// search found as good: of the root moves with at least a third of the
/// most visited move's visits and a win rate within 0.02 of it, the one
/// whose simulations ended with the best mean score for the player. When
/// the game is decided either way the win rates all agree, and this is
/// what still makes connecting its groups and cutting the opponent's
/// worth a move. `None` when the result has no such move.
fn score_tiebreak(result: &SearchResult) -> Option<Option<Point>> {
    let top = result.moves.first()?;
    let (visits, rate) = (top.stats.visits, top.stats.win_rate());
    result
        .moves
        .iter()
        .filter(|m| 3 * m.stats.visits >= visits && m.stats.win_rate() >= rate - 0.02)
        .filter_map(|m| m.score.map(|s| (s, m.mv)))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, mv)| mv)
}

/// After the opponent's pass, when `c` wins by the count: the move that
/// takes the opponent's dead stones off the board before `c` passes too,
/// under area counting (a stone inside one's own area costs nothing
/// there). Passing at once would leave the count to whoever scores the
/// game: a referee or an opponent that counts those stones alive (GNU Go
/// did, in game 35 of the 9x9 series of docs/STRENGTH.md) turns a won game
/// into a lost one, and a stone that could live gets the chance to.
/// `None` when no dead stone of the opponent is left, under territory
/// counting, and under the group tax (a new stone may be a new group).
fn capture_before_passing(game: &Game, c: Color, judged: &Judgement) -> Option<Point> {
    let rules = game.rules();
    if rules.scoring() != Scoring::Area || rules.group_tax() {
        return None;
    }
    let dead = judged.dead & game.board().stones(!c);
    if dead.is_empty() {
        return None;
    }
    cleanup_move(game, c, dead)
}

/// A move of `c` toward capturing the opponent's `dead` stones: the
/// capture of a dead string in atari, or else a liberty of a dead string
/// that is no self-atari, the one that leaves the new stone the most
/// liberties. `None` when every such point is illegal or a self-atari.
fn cleanup_move(game: &Game, c: Color, dead: Bitboard) -> Option<Point> {
    let board = game.board();
    let liberties = dead.neighbours(board.stride()) & board.empty_points();
    let mut best: Option<(u32, Point)> = None;
    for p in &liberties {
        if !game.is_legal(c, p) {
            continue;
        }
        let e = tactics::move_effect(board, c, p);
        let captures_dead = e.captures > 0
            && board
                .neighbours(p)
                .iter()
                .any(|&n| dead.contains(n) && board.in_atari(n));
        let value = if captures_dead {
            u32::MAX
        } else if e.is_self_atari() {
            continue;
        } else {
            e.liberties
        };
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, p));
        }
    }
    best.map(|(_, p)| p)
}

/// Extra komi Black is asked to give in a handicap game, in whole points:
/// `params.dynamic_komi_per_stone` a handicap stone at first (seven),
/// falling linearly to none once `params.dynamic_komi_horizon` (55%) of
/// the board's points have been played. It keeps the win rates
/// informative for both sides: White does not see every move as lost,
/// Black does not see every move as won and keeps the lead.
pub fn dynamic_komi(game: &Game, params: &PlayerParams) -> f64 {
    let stones = game.handicap_stones().len();
    if stones == 0 {
        return 0.0;
    }
    let horizon = params.dynamic_komi_horizon * (game.size() * game.size()) as f64;
    let left = (1.0 - game.moves().len() as f64 / horizon).max(0.0);
    (params.dynamic_komi_per_stone * stones as f64 * left).round()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Rules;

    #[test]
    fn dynamic_komi_falls_to_zero() {
        let mut g = Game::new(19, 0.5, Rules::chinese());
        assert_eq!(dynamic_komi(&g, &PlayerParams::default()), 0.0);
        g.fixed_handicap(4).unwrap();
        assert_eq!(dynamic_komi(&g, &PlayerParams::default()), 28.0);
        let mut c = Color::White;
        for _ in 0..100 {
            g.play(c, Move::Pass).unwrap();
            c = !c;
        }
        let mid = dynamic_komi(&g, &PlayerParams::default());
        assert!(mid > 0.0 && mid < 28.0, "{mid}");
        for _ in 0..150 {
            g.play(c, Move::Pass).unwrap();
            c = !c;
        }
        assert_eq!(dynamic_komi(&g, &PlayerParams::default()), 0.0);
    }

    #[test]
    fn the_judgement_after_the_search_has_time_of_its_own() {
        // Issue 45: under Tromp-Taylor a pass waits on a judgement after
        // the search, which used to get the search's spent deadline: its
        // playouts did not run, White's dead bulky five (not in atari,
        // not certain) went unseen, and the player passed with it on the
        // board. Now the search stops early and the judgement gets the
        // rest of the move's time.
        let rows = [
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            "X X X X X . . . .",
            "O O O X X . . . .",
            ". . O O X . . . .",
            ". X . O X . . . .",
        ];
        let g = Game::from_rows(&rows, 7.5, Rules::tromp_taylor()).unwrap();
        let b = g.board().clone();
        let start = Instant::now();
        let deadline = start + std::time::Duration::from_millis(500);
        let (search, judgement) = split_deadline(start, Some(deadline), true);
        let (search, judgement) = (search.unwrap(), judgement.unwrap());
        assert_eq!(judgement, deadline);
        assert!(judgement.duration_since(search).as_millis() >= 99);
        // The search used all of its time.
        std::thread::sleep(search.saturating_duration_since(Instant::now()));
        let j = judge(
            &g,
            JudgeParams {
                deadline: Some(judgement),
                ..JudgeParams::new(2)
            },
        );
        let dead_white = b.stones(Color::White);
        assert_eq!(j.dead, dead_white, "the dead bulky five is found");
        // Where no judgement follows, the search keeps the whole move.
        assert_eq!(
            split_deadline(start, Some(deadline), false),
            (Some(deadline), Some(deadline))
        );
        assert_eq!(split_deadline(start, None, true), (None, None));
    }

    #[test]
    fn joins_its_groups_through_the_dame_under_the_group_tax() {
        // Black's two corner groups reach the dame E9 between them.
        let rows = [
            ". . . X . X . . .",
            ". . . X O X . . .",
            ". . . X O X . . .",
            "X X X X O X X X X",
            "O O O O O O O O O",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ];
        let mut g = Game::from_rows(&rows, 0.0, Rules::chinese()).unwrap();
        g.set_rules(Rules::ancient());
        let judged = Judgement {
            dead: Bitboard::EMPTY,
            seki: Bitboard::EMPTY,
            ownership: Vec::new(),
        };
        let e9 = Point::parse("E9", 9).unwrap();
        // Black joins: two points of tax saved and the point itself.
        assert_eq!(tax_move(&g, Color::Black, &judged), Some(e9));
        // White takes the point too: it keeps Black's groups apart.
        assert_eq!(tax_move(&g, Color::White, &judged), Some(e9));
        // With E9 taken nothing is left to gain.
        g.play(Color::Black, Move::Play(e9)).unwrap();
        assert_eq!(tax_move(&g, Color::White, &judged), None);
        assert_eq!(tax_move(&g, Color::Black, &judged), None);
    }

    #[test]
    fn takes_dead_stones_off_before_passing_under_area_counting() {
        // Black owns A-D, White E-J; Black's lone H2 is dead in White's area.
        let rows = [
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . X .",
            ". . . X O . . . .",
        ];
        let b = Board::from_rows(&rows).unwrap();
        let black: Vec<Point> = b.stones(Color::Black).iter().collect();
        let white: Vec<Point> = b.stones(Color::White).iter().collect();
        let h2 = Point::parse("H2", 9).unwrap();
        let mut dead = Bitboard::EMPTY;
        dead.insert(h2);
        let judged = Judgement {
            dead,
            seki: Bitboard::EMPTY,
            ownership: Vec::new(),
        };
        let liberties: Vec<Point> = ["H1", "H3", "G2", "J2"]
            .iter()
            .map(|v| Point::parse(v, 9).unwrap())
            .collect();
        for rules in [Rules::chinese(), Rules::tromp_taylor(), Rules::aga()] {
            let mut g = Game::new(9, 7.5, rules);
            g.setup(&black, &white, &[]).unwrap();
            let p = capture_before_passing(&g, Color::White, &judged);
            assert!(
                p.is_some_and(|p| liberties.contains(&p)),
                "{rules:?}: {p:?}"
            );
            // Black has no dead stone of White's to take off.
            assert_eq!(capture_before_passing(&g, Color::Black, &judged), None);
        }
        // Under territory counting a stone in one's own territory costs a
        // point, and under the group tax it may cost two.
        for rules in [Rules::japanese(), Rules::ancient()] {
            let mut g = Game::new(9, 6.5, Rules::chinese());
            g.setup(&black, &white, &[]).unwrap();
            g.set_rules(rules);
            assert_eq!(capture_before_passing(&g, Color::White, &judged), None);
        }
    }

    #[test]
    fn answers_read_and_write_as_gtp() {
        for (text, answer) in [
            ("resign", Answer::Resign),
            ("RESIGN", Answer::Resign),
            ("pass", Answer::Move(Move::Pass)),
            ("e5", Answer::Move(Move::parse("E5", 9).unwrap())),
        ] {
            assert_eq!(Answer::parse(text, 9), Some(answer), "{text}");
            assert_eq!(Answer::parse(&answer.to_gtp(9), 9), Some(answer));
        }
        assert_eq!(Answer::parse("z1", 9), None);
    }
}
