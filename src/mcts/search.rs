//! The search: UCT with RAVE over the shared [`Tree`], run by scoped
//! worker threads until a stop condition, then summarised; the subtree of
//! the moves played is kept from one search to the next.
//!
//! One simulation (mcts/worker.rs) runs in four steps: select (descend
//! from the root by the RAVE-blended value, counting each visit on the
//! way down: virtual loss), expand (a leaf visited often enough gets its
//! children with priors), playout (with the playout policy), backup (the
//! result to every node of the path, AMAF results to the children along
//! it that the simulation played later). A worker is handed the tree, the
//! parameters, the root position and the root's statistics
//! (mcts/root.rs), not the search: the search uses the worker, and the
//! worker knows nothing of the search. New nodes' children come from
//! mcts/children.rs for both.

use super::children::new_children;
use super::dead::DeadRegion;
use super::params::SearchParams;
use super::root::{Root, RootStats};
use super::tree::{Node, Stats, Tree, TreeMove};
use super::worker::Worker;
use crate::board::{Board, Color, Game, Move, Point};
use crate::playout::HeavyPolicy;
use crate::tactics::life::{survey, Fate, LifeCache};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// When to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this many simulations.
    pub playouts: Option<u64>,
    /// Stop when the root has this many visits, those of a reused tree
    /// included (KataGo's `maxVisits`).
    pub visits: Option<u64>,
    /// Stop at this time.
    pub deadline: Option<Instant>,
    /// Stop early when the best move cannot be overtaken in the time left.
    pub early_stop: bool,
    /// Stop when the tree is full (pondering: more simulations would
    /// only refine what is there).
    pub stop_when_full: bool,
}

/// One search to run.
#[derive(Clone, Debug)]
pub struct Task {
    /// The side to move at the root.
    pub to_move: Color,
    /// Points Black must give beyond the rules' komi (dynamic komi).
    pub komi_offset: f64,
    pub threads: usize,
    /// Seed of the random numbers (one thread and a playout limit make
    /// the search deterministic).
    pub seed: u64,
    pub limits: Limits,
    /// Count who owns each point at the end of every simulation.
    pub ownership: bool,
    /// The same for each root move apart ([`Candidate::ownership`]).
    pub moves_ownership: bool,
    /// Root moves not to search (`None`: the pass). A search with any
    /// starts from an empty tree and leaves none for the next to reuse.
    pub avoid: Vec<Option<Point>>,
}

/// Virtual wins and losses to add to a root move's prior.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hint {
    mv: Point,
    wins: u16,
    losses: u16,
}

/// Reports of a running search: `report` gets the summary every
/// `interval` on the thread that called [`Search::run`].
pub struct Reporter<'a> {
    pub interval: Duration,
    pub report: &'a mut dyn FnMut(&SearchResult),
}

/// A root move with what the search knows of it.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The move (`None` for pass).
    pub mv: Option<Point>,
    pub stats: Stats,
    /// The principal variation from this move on (the move first).
    pub pv: Vec<Option<Point>>,
    /// Mean final score of the simulations through this move, for the
    /// player to move (komi and dynamic komi included), if any ran.
    pub score: Option<f64>,
    /// When the task asked for it and simulations ran through the move:
    /// each point's expected owner at their ends from Black's view (1
    /// Black, -1 White), indexed by point index.
    pub ownership: Option<Vec<f64>>,
}

/// What the search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The root move to play (`None` for pass): the most visited, or the
    /// one of the best lower confidence bound ([`SearchParams::lcb_ratio`]);
    /// `None` at all when the root has no children.
    pub best: Option<Option<Point>>,
    /// Win rate of the best move for the player to move.
    pub win_rate: f64,
    pub playouts: u64,
    pub elapsed: Duration,
    /// Root moves with their statistics: the move to play first
    /// ([`SearchParams::lcb_ratio`]), then the others most visited first.
    pub moves: Vec<Candidate>,
    /// Mean final score of all simulations for the player to move.
    pub score: f64,
    /// When asked for: each point's expected owner from Black's view
    /// (1 Black, -1 White), indexed by point index.
    pub ownership: Option<Vec<f64>>,
    /// Why the search stopped.
    pub stop_reason: &'static str,
}

/// A search with its tree. The subtree of the moves actually played is
/// kept between searches (tree reuse); the memory bound is split between
/// the tree and the spare that receives the reused subtree.
pub struct Search {
    pub tree: Tree,
    spare: Tree,
    pub params: SearchParams,
    /// The position of the last search.
    previous: Option<SearchedPosition>,
    /// The final scores and ownership the simulations note at the root.
    root_stats: RootStats,
    /// Dynamic komi of the running search, added back to the scores it
    /// reports (they count with the rules' komi).
    komi_offset: f64,
    /// The life-and-death readings of earlier searches.
    life: LifeCache,
}

/// What tree reuse needs to know of the last search's root.
struct SearchedPosition {
    board: Board,
    moves: Vec<(Color, Move)>,
    to_move: Color,
    komi: f64,
}

/// Simulations a search runs even when stopped from outside at once.
const MIN_PLAYOUTS: u64 = 100;

impl Search {
    /// A search whose two trees together hold at most `tree_nodes` nodes.
    pub fn new(tree_nodes: usize, params: SearchParams) -> Search {
        Search {
            tree: Tree::with_capacity(tree_nodes / 2),
            spare: Tree::with_capacity(tree_nodes / 2),
            params,
            previous: None,
            root_stats: RootStats::new(),
            komi_offset: 0.0,
            life: LifeCache::new(),
        }
    }

    /// Nodes both trees can hold together.
    pub fn capacity(&self) -> usize {
        self.tree.capacity() + self.spare.capacity()
    }

    /// Keep the subtree of the moves played since the last search, when
    /// this position follows from it; otherwise start an empty tree.
    /// Returns the number of nodes kept.
    fn reuse(&mut self, game: &Game, to_move: Color, komi: f64) -> usize {
        let previous = self.previous.take();
        let Some(SearchedPosition {
            board: prev_board,
            moves,
            to_move: prev_to_move,
            komi: prev_komi,
        }) = previous
        else {
            self.tree.clear();
            return 0;
        };
        let now = game.moves();
        // Dynamic komi moves a little from move to move: values stay usable.
        let follows = (prev_komi - komi).abs() <= 1.0
            && prev_board.size() == game.size()
            && now.len() >= moves.len()
            && now[..moves.len()] == moves[..]
            && now.len() - moves.len() <= 2;
        let mut node = 0u32;
        let mut c = prev_to_move;
        let mut found = follows;
        // The moves are replayed on the old root board: the tree is kept
        // only when they lead to exactly the position searched now.
        let mut board = prev_board;
        if follows {
            for &(col, mv) in &now[moves.len()..] {
                let want = TreeMove::from_move(mv);
                let played = match want.point() {
                    Some(p) => board.play(col, p).is_ok(),
                    None => {
                        board.pass();
                        true
                    }
                };
                if !played {
                    found = false;
                    break;
                }
                let next = self
                    .tree
                    .children(self.tree.node(node))
                    .iter()
                    .find(|n| n.mv() == want);
                match next {
                    Some(n) if col == c => {
                        node = self.tree.index_of(n);
                        c = !c;
                    }
                    _ => {
                        found = false;
                        break;
                    }
                }
            }
        }
        let same_position = board.hash() == game.board().hash()
            && board.ko_point(to_move) == game.board().ko_point(to_move);
        if !found || !same_position || c != to_move || node == 0 && now.len() != moves.len() {
            self.tree.clear();
            return 0;
        }
        if node != 0 {
            self.spare.copy_subtree(&self.tree, node);
            std::mem::swap(&mut self.tree, &mut self.spare);
        }
        self.tree.len()
    }

    /// Search the position of `game` as `task` says, until its limits or
    /// `stop` end it; `reporter`, if any, gets the summary as it goes.
    pub fn run(
        &mut self,
        game: &Game,
        task: &Task,
        stop: &AtomicBool,
        mut reporter: Option<Reporter<'_>>,
    ) -> SearchResult {
        let Task {
            to_move,
            komi_offset,
            threads,
            seed,
            ref limits,
            ownership,
            moves_ownership,
            ref avoid,
        } = *task;
        let start = Instant::now();
        let komi = game.komi() + game.handicap_compensation() + komi_offset;
        if !avoid.is_empty() {
            // Its root lacks moves that a later search would need.
            self.previous = None;
        }
        let kept = self.reuse(game, to_move, komi);
        log::debug!("tree reuse: {kept} nodes kept");
        self.tree
            .set_reserve(Tree::reserve_for(game.size(), threads.max(1)));
        self.previous = avoid.is_empty().then(|| SearchedPosition {
            board: game.board().clone(),
            moves: game.moves().to_vec(),
            to_move,
            komi,
        });
        let mut root = Root::new(game, to_move, komi, self.params.rules_in_playouts);
        self.expand_root(&root, avoid);
        let (hints, dead) = self.life_hints(&root, limits.deadline, start);
        root.dead = dead;
        self.apply_hints(&hints);
        self.root_stats.reset(ownership, moves_ownership);
        // A bound on the root's visits: the simulations still missing.
        let visit_limits;
        let limits = match limits.visits {
            None => limits,
            Some(v) => {
                let have: u64 = self
                    .tree
                    .children(self.tree.root())
                    .iter()
                    .map(|n| u64::from(n.visits()))
                    .sum();
                let need = v.saturating_sub(have);
                visit_limits = Limits {
                    playouts: Some(limits.playouts.map_or(need, |p| p.min(need))),
                    ..limits.clone()
                };
                &visit_limits
            }
        };
        self.komi_offset = komi_offset;
        let done = AtomicU64::new(0);
        let reason = std::sync::Mutex::new("stopped");
        // Set when a limit ends the search (`stop` belongs to the caller).
        let halt = AtomicBool::new(false);
        let this = &*self;
        std::thread::scope(|s| {
            for t in 0..threads.max(1) {
                let (root, done, reason, halt) = (&root, &done, &reason, &halt);
                s.spawn(move || {
                    let mut worker = Worker::new(root.board, seed.wrapping_add(t as u64));
                    let mut policy = HeavyPolicy::new(this.params.heavy_for(root.board.size()));
                    loop {
                        // A stop from outside (an interrupt) still leaves
                        // the search a few simulations to answer with.
                        let outside = stop.load(Relaxed) && done.load(Relaxed) >= MIN_PLAYOUTS;
                        if outside || halt.load(Relaxed) {
                            break;
                        }
                        if let Some(why) = this.should_stop(limits, done.load(Relaxed), start) {
                            *reason.lock().unwrap() = why;
                            halt.store(true, Relaxed);
                            break;
                        }
                        worker.simulate(
                            &this.tree,
                            &this.params,
                            root,
                            &this.root_stats,
                            &mut policy,
                        );
                        done.fetch_add(1, Relaxed);
                    }
                });
            }
            if let Some(rep) = reporter.as_mut() {
                let mut next = start + rep.interval;
                while !stop.load(Relaxed) && !halt.load(Relaxed) {
                    let now = Instant::now();
                    if now >= next {
                        let n = done.load(Relaxed);
                        (rep.report)(&this.summarise(game, to_move, n, now - start, "running"));
                        next = now + rep.interval;
                    }
                    std::thread::sleep((next - now).min(Duration::from_millis(5)));
                }
            }
        });
        let playouts = done.load(Relaxed);
        let stop_reason = *reason.lock().unwrap();
        self.summarise(game, to_move, playouts, start.elapsed(), stop_reason)
    }

    fn should_stop(&self, limits: &Limits, done: u64, start: Instant) -> Option<&'static str> {
        if limits.playouts.is_some_and(|n| done >= n) {
            return Some("playout limit");
        }
        if limits.stop_when_full && self.tree.is_full() {
            return Some("tree full");
        }
        if let Some(deadline) = limits.deadline {
            let now = Instant::now();
            if now >= deadline {
                return Some("time");
            }
            // Stop early only after half the budget: more simulations
            // still sharpen the tree that the next move reuses.
            let half_spent = now - start >= (deadline - start) / 2;
            if limits.early_stop && half_spent && done > 0 && done.is_multiple_of(64) {
                let rate = done as f64 / (now - start).as_secs_f64().max(1e-6);
                let left = rate * (deadline - now).as_secs_f64();
                let (mut first, mut second) = (0u32, 0u32);
                for v in self
                    .tree
                    .children(self.tree.root())
                    .iter()
                    .map(Node::visits)
                {
                    if v > first {
                        second = first;
                        first = v;
                    } else if v > second {
                        second = v;
                    }
                }
                if (first - second) as f64 > left {
                    return Some("best move cannot be overtaken");
                }
            }
        }
        None
    }

    /// Root children: every move legal under the game's rules (superko
    /// included) that does not fill one of the mover's true eyes, and pass.
    fn expand_root(&self, root: &Root, avoid: &[Option<Point>]) {
        if self.tree.root().is_expanded() {
            return;
        }
        let mut children = Vec::new();
        // The priors' ladder reads play on the board they are given (and
        // take their moves back): a copy of the root's, once a search.
        let (mut board, c) = (root.board.clone(), root.to_move);
        let recent = root.recent;
        new_children(
            &mut board,
            c,
            recent,
            &self.params,
            &mut children,
            &mut Vec::new(),
            |_, p| root.game.is_legal(c, p) && !avoid.contains(&Some(p)),
        );
        if avoid.contains(&None) {
            children.retain(|child| child.mv.point().is_some());
        }
        let node = self.tree.root();
        if node.try_begin_expand() {
            self.tree.expand(node, &children);
        }
    }

    /// The life-and-death survey's hints for the root
    /// ([`crate::tactics::life::survey`]): prior wins for the move that
    /// decides an unsettled group, losses for moves inside a settled one;
    /// and the groups it proved dead, when `life_dead` asks for them. The
    /// survey takes at most `params.life_time` of the time to `deadline`.
    fn life_hints(
        &mut self,
        root: &Root,
        deadline: Option<Instant>,
        start: Instant,
    ) -> (Vec<Hint>, Vec<DeadRegion>) {
        let p = &self.params;
        if p.life_prior == 0 && p.life_settled == 0 && p.life_dead == 0 {
            return (Vec::new(), Vec::new());
        }
        let until =
            deadline.map(|d| start + d.saturating_duration_since(start).mul_f64(p.life_time));
        let board = root.board;
        let findings = survey(board, root.to_move, p.life_budget, until, &mut self.life);
        let mut hints = Vec::new();
        let mut dead = Vec::new();
        for f in &findings {
            if f.fate == Fate::Dead && p.life_dead > 0 {
                dead.push(DeadRegion::new(board, f.defender, f.region));
            }
            match f.fate {
                Fate::Urgent { mv, ko } => hints.push(Hint {
                    mv,
                    wins: if ko { p.life_prior / 2 } else { p.life_prior },
                    losses: 0,
                }),
                Fate::Settled | Fate::Dead if p.life_settled > 0 => {
                    for q in (f.region & board.empty_points()).iter() {
                        hints.push(Hint {
                            mv: q,
                            wins: 0,
                            losses: p.life_settled,
                        });
                    }
                }
                _ => {}
            }
        }
        log::debug!(
            "life survey: {} groups, {} urgent, {} settled, {} dead, {:.3} s",
            findings.len(),
            findings
                .iter()
                .filter(|f| matches!(f.fate, Fate::Urgent { .. }))
                .count(),
            findings.iter().filter(|f| f.fate == Fate::Settled).count(),
            findings.iter().filter(|f| f.fate == Fate::Dead).count(),
            start.elapsed().as_secs_f64()
        );
        (hints, dead)
    }

    /// Add `hints` to the priors of the root's children.
    fn apply_hints(&self, hints: &[Hint]) {
        let root = self.tree.root();
        if hints.is_empty() || !root.is_expanded() {
            return;
        }
        for child in self.tree.children(root) {
            for h in hints
                .iter()
                .filter(|h| TreeMove::from_point(Some(h.mv)) == child.mv())
            {
                child.add_prior_wins(h.wins);
                child.add_prior_losses(h.losses);
            }
        }
    }

    /// The most visited line from `node` on, at most `max` moves, each
    /// after the first visited at least [`PV_MIN_VISITS`] times: the line
    /// ends where the tree's visits get thin, rather than running on
    /// through moves (passes among them) that a handful of simulations
    /// happened to try first.
    fn principal_variation(&self, node: &Node, max: usize) -> Vec<Option<Point>> {
        let mut pv = vec![node.mv().point()];
        let mut node = node;
        while pv.len() < max && node.is_expanded() {
            let Some(next) = self
                .tree
                .children(node)
                .iter()
                .max_by_key(|n| n.visits())
                .filter(|n| n.visits() >= PV_MIN_VISITS)
            else {
                break;
            };
            pv.push(next.mv().point());
            node = next;
        }
        pv
    }

    /// The root moves, the move to play first, then most visited first; a
    /// reused tree's root moves were made without the superko history, so
    /// they are checked against it.
    fn summarise(
        &self,
        game: &Game,
        to_move: Color,
        playouts: u64,
        elapsed: Duration,
        stop_reason: &'static str,
    ) -> SearchResult {
        let sign = if to_move == Color::Black { 0.5 } else { -0.5 };
        // Twice the offset, from Black's view, per simulation.
        let offset = 2.0 * self.komi_offset;
        let (mut sum, mut count) = (0i64, 0u64);
        let mut moves: Vec<Candidate> = self
            .tree
            .children(self.tree.root())
            .iter()
            .filter(|n| n.mv().point().is_none_or(|p| game.is_legal(to_move, p)))
            .map(|n| {
                let code = n.mv().code();
                let (s, k) = self.root_stats.move_score(code);
                sum += s;
                count += k as u64;
                Candidate {
                    mv: n.mv().point(),
                    stats: n.stats(),
                    pv: if n.visits() > 0 {
                        self.principal_variation(n, PV_MAX)
                    } else {
                        vec![n.mv().point()]
                    },
                    score: (k > 0).then(|| sign * (s as f64 / k as f64 + offset)),
                    ownership: self.root_stats.move_ownership(code, k),
                }
            })
            .collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.stats.visits));
        lcb_first(&mut moves, self.params.lcb_ratio);
        let ownership = self.root_stats.ownership();
        SearchResult {
            best: moves.first().map(|m| m.mv),
            win_rate: moves.first().map_or(0.5, |m| m.stats.win_rate()),
            playouts,
            elapsed,
            moves,
            score: if count > 0 {
                sign * (sum as f64 / count as f64 + offset)
            } else {
                0.0
            },
            ownership,
            stop_reason,
        }
    }
}

/// Longest principal variation reported.
const PV_MAX: usize = 24;

/// Fewest simulations through a move that let it continue a principal
/// variation.
const PV_MIN_VISITS: u32 = 10;

/// Put first, among `moves` sorted by visits, the move of the highest
/// lower confidence bound of its win rate of those with at least `ratio`
/// of the first's visits (none when `ratio` is 0): a move whose win rate
/// rose late, over fewer visits, is played when its bound says it is
/// better.
fn lcb_first(moves: &mut [Candidate], ratio: f64) {
    let Some(first) = moves.first() else {
        return;
    };
    if ratio <= 0.0 {
        return;
    }
    let floor = (first.stats.visits as f64 * ratio).max(1.0);
    let best = moves
        .iter()
        .enumerate()
        .take_while(|(_, m)| m.stats.visits as f64 >= floor)
        .max_by(|(_, a), (_, b)| a.stats.lcb().total_cmp(&b.stats.lcb()))
        .map_or(0, |(i, _)| i);
    moves[..=best].rotate_right(1);
}

#[cfg(test)]
mod tests;
