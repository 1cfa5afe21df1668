//! The search: UCT with RAVE over the shared [`Tree`], run by scoped
//! worker threads until a stop condition, then summarised; the subtree of
//! the moves played is kept from one search to the next.
//!
//! One simulation (mcts/worker.rs) runs in four steps: select (descend
//! from the root by the RAVE-blended value, counting each visit on the
//! way down: virtual loss), expand (a leaf visited often enough gets its
//! children with priors), playout (with the playout policy), backup (the
//! result to every node of the path, AMAF results to the children along
//! it that the simulation played later).

pub use super::params::SearchParams;
use super::prior::{pass_prior, prior};
use super::tree::{NewChild, Node, Stats, Tree, TreeMove};
use super::worker::Worker;
use crate::board::{Board, Color, Game, Move, Point, ARRAY_SIZE};
use crate::playout::HeavyPolicy;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU32, AtomicU64, Ordering::Relaxed};
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
    /// The most visited root move (`None` for pass), or `None` at all when
    /// the root has no children.
    pub best: Option<Option<Point>>,
    /// Win rate of the best move for the player to move.
    pub win_rate: f64,
    pub playouts: u64,
    pub elapsed: Duration,
    /// Root moves with their statistics, most visited first.
    pub moves: Vec<Candidate>,
    /// Mean final score of all simulations for the player to move.
    pub score: f64,
    /// When asked for: each point's expected owner from Black's view
    /// (1 Black, -1 White), indexed by point index.
    pub ownership: Option<Vec<f64>>,
    /// Why the search stopped.
    pub stop_reason: &'static str,
}

/// The position a search starts from.
pub(super) struct Root<'a> {
    pub(super) board: &'a Board,
    pub(super) to_move: Color,
    /// Black needs more than this area difference to win.
    pub(super) komi: f64,
    pub(super) last: Option<Point>,
    /// The move before the last (a stone; `None` for a pass or none).
    pub(super) last2: Option<Point>,
    /// The rules, and whether their count differs from the area count at
    /// the end of a playout ([`crate::board::playout_adjustment`]).
    pub(super) rules: crate::board::Rules,
    pub(super) adjusts: bool,
    game: &'a Game,
}

impl<'a> Root<'a> {
    /// The root of a search of `game` for `to_move` with `komi`; the
    /// rules' own count adjusts the playouts' when `rules_in_playouts`.
    fn new(game: &'a Game, to_move: Color, komi: f64, rules_in_playouts: bool) -> Root<'a> {
        Root {
            board: game.board(),
            to_move,
            komi,
            last: game.last_move().and_then(|(_, m)| match m {
                crate::board::Move::Play(p) => Some(p),
                _ => None,
            }),
            last2: game
                .moves()
                .iter()
                .rev()
                .nth(1)
                .and_then(|&(_, m)| match m {
                    crate::board::Move::Play(p) => Some(p),
                    _ => None,
                }),
            rules: game.rules(),
            adjusts: rules_in_playouts
                && (game.rules().scoring() == crate::board::Scoring::Territory
                    || game.rules().group_tax()),
            game,
        }
    }
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
    /// Per root move (by its tree code): sum of twice the final score
    /// from Black's view, and the number of simulations.
    root_score: Box<[AtomicI64]>,
    root_score_n: Box<[AtomicU32]>,
    /// When `track_owner`: simulations that ended with Black (even
    /// indices) or White (odd) owning each point, and their number.
    owner: Box<[AtomicU32]>,
    owner_n: AtomicU32,
    track_owner: bool,
    /// When `track_move_owner`: the same counts per root move (by its
    /// tree code, `2 * ARRAY_SIZE` a move), made when first asked for.
    move_owner: Box<[AtomicU32]>,
    track_move_owner: bool,
    /// Dynamic komi of the running search, added back to the scores it
    /// reports (they count with the rules' komi).
    komi_offset: f64,
}

fn atomics<T: Default>(n: usize) -> Box<[T]> {
    (0..n).map(|_| T::default()).collect()
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
            root_score: atomics(ARRAY_SIZE),
            root_score_n: atomics(ARRAY_SIZE),
            owner: atomics(2 * ARRAY_SIZE),
            owner_n: AtomicU32::new(0),
            track_owner: false,
            move_owner: Box::new([]),
            track_move_owner: false,
            komi_offset: 0.0,
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
        let root = Root::new(game, to_move, komi, self.params.rules_in_playouts);
        self.expand_root(&root, avoid);
        self.reset_root_stats(ownership, moves_ownership);
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
                        worker.simulate(this, root, &mut policy);
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
        let recent = Recent {
            last: root.last,
            last2: root.last2,
        };
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

    /// Forget the root statistics of the last search.
    fn reset_root_stats(&mut self, ownership: bool, moves_ownership: bool) {
        for a in self.root_score.iter() {
            a.store(0, Relaxed);
        }
        for a in self.root_score_n.iter() {
            a.store(0, Relaxed);
        }
        if ownership {
            for a in self.owner.iter() {
                a.store(0, Relaxed);
            }
        }
        self.owner_n.store(0, Relaxed);
        self.track_owner = ownership;
        if moves_ownership {
            if self.move_owner.is_empty() {
                self.move_owner = atomics(2 * ARRAY_SIZE * ARRAY_SIZE);
            } else {
                for a in self.move_owner.iter() {
                    a.store(0, Relaxed);
                }
            }
        }
        self.track_move_owner = moves_ownership;
    }

    /// Note a finished simulation: its score (Black's area minus White's,
    /// komi included) under the root move it began with (`None` when it
    /// left the tree at the root), and, when the search counts ownership,
    /// who owns each point of its final `board`.
    pub(super) fn record(&self, first: Option<TreeMove>, score: f64, board: &Board) {
        if let Some(mv) = first {
            let code = mv.code();
            self.root_score[code].fetch_add((2.0 * score).round() as i64, Relaxed);
            self.root_score_n[code].fetch_add(1, Relaxed);
        }
        if self.track_owner {
            for p in board.points() {
                if let Some(c) = board.playout_owner(p) {
                    self.owner[2 * p.index() + c.index()].fetch_add(1, Relaxed);
                }
            }
            self.owner_n.fetch_add(1, Relaxed);
        }
        if let Some(mv) = first.filter(|_| self.track_move_owner) {
            let base = 2 * ARRAY_SIZE * mv.code();
            for p in board.points() {
                if let Some(c) = board.playout_owner(p) {
                    self.move_owner[base + 2 * p.index() + c.index()].fetch_add(1, Relaxed);
                }
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

    /// The root moves, most visited first; a reused tree's root moves were
    /// made without the superko history, so they are checked against it.
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
                let s = self.root_score[code].load(Relaxed);
                let k = self.root_score_n[code].load(Relaxed);
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
                    ownership: (self.track_move_owner && k > 0).then(|| {
                        let base = 2 * ARRAY_SIZE * code;
                        (0..ARRAY_SIZE)
                            .map(|i| {
                                let b = self.move_owner[base + 2 * i].load(Relaxed) as f64;
                                let w = self.move_owner[base + 2 * i + 1].load(Relaxed) as f64;
                                (b - w) / k as f64
                            })
                            .collect()
                    }),
                }
            })
            .collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.stats.visits));
        let owned = self.owner_n.load(Relaxed);
        let ownership = (self.track_owner && owned > 0).then(|| {
            (0..ARRAY_SIZE)
                .map(|i| {
                    let b = self.owner[2 * i].load(Relaxed) as f64;
                    let w = self.owner[2 * i + 1].load(Relaxed) as f64;
                    (b - w) / owned as f64
                })
                .collect()
        });
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

/// The last two moves before a node (stones; `None` for passes).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Recent {
    pub(super) last: Option<Point>,
    pub(super) last2: Option<Point>,
}

/// The children of a node where `c` is to move: every empty point that
/// `legal` allows and that fills none of `c`'s true eyes, and the pass,
/// each with its prior. `out` is cleared first, and `rated` (the moves
/// with their learned strengths) is scratch space; neither allocates once
/// it has held this many.
pub(super) fn new_children(
    board: &mut Board,
    c: Color,
    recent: Recent,
    params: &SearchParams,
    out: &mut Vec<NewChild>,
    rated: &mut Vec<(Point, f64)>,
    legal: impl Fn(&Board, Point) -> bool,
) {
    out.clear();
    rated.clear();
    for i in 0..board.empty_count() {
        let p = board.empty_at(i);
        if !board.is_true_eye(c, p) && legal(board, p) {
            rated.push((p, 0.0));
        }
    }
    let model = params.patterns.filter(|_| params.priors.learned > 0);
    let mut total = 0.0;
    if let Some(m) = model {
        let codes = crate::patterns::spatial::Codes::new(board, c);
        for (p, s) in rated.iter_mut() {
            *s = m.strength_in(&codes, board, c, *p, recent.last, recent.last2);
            total += *s;
        }
    }
    let saves = if params.priors.ladder_defence > 0 {
        super::prior::ladder_saves(board, c, recent.last)
    } else {
        crate::board::PointSet::new()
    };

    let weight = super::prior::learned_weight(board, &params.priors);
    for &(p, s) in rated.iter() {
        let learned = model.map(|_| weight * (s / total).sqrt());
        let mut child = prior(board, c, p, recent.last, learned, &params.priors);
        if saves.contains(p) {
            super::prior::add_wins(&mut child, params.priors.ladder_defence);
        }

        out.push(child);
    }
    out.push(pass_prior(board, out.len(), &params.priors));
}

#[cfg(test)]
mod tests;
