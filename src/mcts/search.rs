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

use super::prior::{pass_prior, prior, PriorParams};
use super::tree::{NewChild, Node, Stats, Tree, TreeMove};
use super::worker::Worker;
use crate::board::{Board, Color, Game, Move, Point, ARRAY_SIZE};
use crate::playout::HeavyPolicy;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Tuning of the search.
#[derive(Clone, Debug)]
pub struct SearchParams {
    /// Visits a leaf needs before it is expanded.
    pub expand_after: u32,
    /// RAVE equivalence parameter: `beta = r / (r + n + r * n / equiv)`
    /// (Gelly & Silver 2011; Pachi uses a few thousand).
    pub rave_equiv: f64,
    /// UCB exploration constant (0: RAVE and priors do the exploring).
    pub explore: f64,
    pub priors: PriorParams,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            expand_after: 2,
            rave_equiv: 3000.0,
            explore: 0.0,
            priors: PriorParams::default(),
        }
    }
}

/// When to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this many simulations.
    pub playouts: Option<u64>,
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
    game: &'a Game,
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
                let Some(want) = TreeMove::from_move(mv) else {
                    found = false;
                    break;
                };
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
        } = *task;
        let start = Instant::now();
        let komi = game.komi() + game.handicap_compensation() + komi_offset;
        let kept = self.reuse(game, to_move, komi);
        log::debug!("tree reuse: {kept} nodes kept");
        self.tree
            .set_reserve(Tree::reserve_for(game.size(), threads.max(1)));
        self.previous = Some(SearchedPosition {
            board: game.board().clone(),
            moves: game.moves().to_vec(),
            to_move,
            komi,
        });
        let root = Root {
            board: game.board(),
            to_move,
            komi,
            last: game.last_move().and_then(|(_, m)| match m {
                crate::board::Move::Play(p) => Some(p),
                _ => None,
            }),
            game,
        };
        self.expand_root(&root);
        self.reset_root_stats(ownership);
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
                    let mut policy = HeavyPolicy;
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
    fn expand_root(&self, root: &Root) {
        if self.tree.root().is_expanded() {
            return;
        }
        let mut children = Vec::new();
        let (board, c) = (root.board, root.to_move);
        new_children(board, c, root.last, &self.params, &mut children, |p| {
            root.game.is_legal(c, p)
        });
        let node = self.tree.root();
        if node.try_begin_expand() {
            self.tree.expand(node, &children);
        }
    }

    /// Forget the root statistics of the last search.
    fn reset_root_stats(&mut self, ownership: bool) {
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

/// The children of a node where `c` is to move: every empty point that
/// `legal` allows and that fills none of `c`'s true eyes, and the pass,
/// each with its prior. `out` is cleared first (and allocates only when
/// it has never held this many).
pub(super) fn new_children(
    board: &Board,
    c: Color,
    last: Option<Point>,
    params: &SearchParams,
    out: &mut Vec<NewChild>,
    legal: impl Fn(Point) -> bool,
) {
    out.clear();
    for i in 0..board.empty_count() {
        let p = board.empty_at(i);
        if !board.is_true_eye(c, p) && legal(p) {
            out.push(prior(board, c, p, last, &params.priors));
        }
    }
    out.push(pass_prior(board, out.len(), &params.priors));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Rules;

    fn search(game: &Game, search: &mut Search, playouts: u64) -> SearchResult {
        let limits = Limits {
            playouts: Some(playouts),
            ..Limits::default()
        };
        {
            let task = Task {
                to_move: game.to_move(),
                komi_offset: 0.0,
                threads: 1,
                seed: 7,
                limits,
                ownership: false,
            };
            search.run(game, &task, &AtomicBool::new(false), None)
        }
    }

    #[test]
    fn one_thread_with_a_seed_is_deterministic() {
        let game = Game::new(9, 7.5, Rules::chinese());
        let a = search(
            &game,
            &mut Search::new(1 << 16, SearchParams::default()),
            2000,
        );
        let b = search(
            &game,
            &mut Search::new(1 << 16, SearchParams::default()),
            2000,
        );
        assert_eq!(a.best, b.best);
        assert_eq!(
            a.moves.iter().map(|m| m.stats.visits).collect::<Vec<_>>(),
            b.moves.iter().map(|m| m.stats.visits).collect::<Vec<_>>()
        );
        assert_eq!(a.playouts, 2000);
    }

    #[test]
    fn principal_variations_stop_where_visits_get_thin() {
        let game = Game::new(9, 7.5, Rules::chinese());
        let mut s = Search::new(1 << 18, SearchParams::default());
        let r = search(&game, &mut s, 3000);
        let mut longest = 0;
        for m in &r.moves {
            // Walk the line in the tree: every move after the first has the
            // visits, and the line goes on while the next move has them.
            let mut node = s
                .tree
                .children(s.tree.root())
                .iter()
                .find(|n| n.mv().point() == m.mv)
                .unwrap();
            for (i, &mv) in m.pv.iter().enumerate().skip(1) {
                node = s
                    .tree
                    .children(node)
                    .iter()
                    .find(|n| n.mv().point() == mv)
                    .unwrap();
                assert!(node.visits() >= PV_MIN_VISITS, "move {i} of {:?}", m.pv);
            }
            if m.pv.len() < PV_MAX && node.is_expanded() {
                let next = s.tree.children(node).iter().map(|n| n.visits()).max();
                assert!(next.unwrap_or(0) < PV_MIN_VISITS, "{:?} stops early", m.pv);
            }
            longest = longest.max(m.pv.len());
        }
        assert!(longest >= 3, "the best line is read some moves deep");
    }

    #[test]
    fn the_played_subtree_is_reused() {
        let mut game = Game::new(9, 7.5, Rules::chinese());
        let mut s = Search::new(1 << 18, SearchParams::default());
        let r = search(&game, &mut s, 3000);
        let Some(Some(p)) = r.best else {
            panic!("no move")
        };
        game.play(Color::Black, Move::Play(p)).unwrap();
        // White answers with its most visited reply in the tree.
        let node = s
            .tree
            .children(s.tree.root())
            .iter()
            .find(|n| n.mv() == TreeMove::play(p))
            .unwrap();
        let reply = s
            .tree
            .children(node)
            .iter()
            .max_by_key(|n| n.visits())
            .unwrap();
        let expected = reply.visits();
        game.play(Color::White, reply.mv().to_move()).unwrap();
        let kept = s.reuse(&game, Color::Black, 7.5);
        assert!(kept > 1, "kept {kept}");
        assert_eq!(s.tree.root().visits(), expected);
        // A position that does not follow starts afresh.
        let other = Game::new(9, 7.5, Rules::chinese());
        assert_eq!(s.reuse(&other, Color::Black, 7.5), 0);
    }

    #[test]
    fn a_tree_is_never_reused_for_another_position() {
        let mut s = Search::new(1 << 16, SearchParams::default());
        search(&Game::new(9, 7.5, Rules::chinese()), &mut s, 500);
        let big = Game::new(19, 7.5, Rules::chinese());
        assert_eq!(s.reuse(&big, Color::Black, 7.5), 0, "another board size");
        // Two setup-only positions: same (empty) move list, other stones.
        let p = |v| Point::parse(v, 9).unwrap();
        let mut a = Game::new(9, 7.5, Rules::chinese());
        a.setup(&[p("C3")], &[], &[]).unwrap();
        search(&a, &mut s, 500);
        let mut b = Game::new(9, 7.5, Rules::chinese());
        b.setup(&[p("G7")], &[], &[]).unwrap();
        assert_eq!(s.reuse(&b, Color::Black, 7.5), 0, "another setup");
        let r = search(&b, &mut s, 500);
        assert!(r
            .moves
            .iter()
            .all(|m| m.mv.is_none_or(|q| b.is_legal(Color::Black, q))));
    }
}

#[cfg(test)]
mod visit_tests {
    use super::*;
    use crate::board::Rules;
    use crate::mcts::tree::WIN;

    fn run(game: &Game, s: &mut Search, threads: usize, playouts: u64) -> SearchResult {
        let task = Task {
            to_move: game.to_move(),
            komi_offset: 0.0,
            threads,
            seed: 11,
            limits: Limits {
                playouts: Some(playouts),
                ..Limits::default()
            },
            ownership: false,
        };
        s.run(game, &task, &AtomicBool::new(false), None)
    }

    /// The visit-count invariant of a tree after a search, when no
    /// simulation is in flight: a simulation counts one visit at every
    /// node of its path (on the way down: the virtual loss) and ends at
    /// exactly one node, the last of its path. So every node's visits are
    /// its children's visits plus the simulations that ended there,
    /// `ends = visits - sum of the children's visits >= 0`. A simulation
    /// ends at a node while it is a leaf (a leaf's every visit; before
    /// its expansion, the visits that found it a leaf: at least
    /// `expand_after + 1 - threads`, for the expanding thread saw more
    /// than `expand_after` visits, its own among them, and each other
    /// thread may have had one visit on its way down that then found the
    /// children), where two passes in the tree end the game, or at the
    /// depth limit. The root, expanded before the search, ends none in it
    /// (`root_ends`: those of a kept root's earlier searches). No node is
    /// left claimed by an expansion that never finished, and every result
    /// is within its visits. `fresh`: the tree was made by this search.
    /// Returns the nodes walked.
    fn check_visits(s: &Search, threads: u32, root_ends: u32, fresh: bool) -> usize {
        let tree = &s.tree;
        let expand_after = s.params.expand_after;
        let mut stack = vec![tree.root()];
        let mut walked = 0;
        while let Some(node) = stack.pop() {
            walked += 1;
            let st = node.stats();
            assert!(st.value <= WIN * st.visits, "{st:?}");
            assert!(st.amaf_value <= WIN * st.amaf_visits, "{st:?}");
            let kids = tree.children(node);
            let below: u32 = kids.iter().map(Node::visits).sum();
            assert!(st.visits >= below, "{} visits, children {below}", st.visits);
            let ends = st.visits - below;
            if std::ptr::eq(node, tree.root()) {
                assert_eq!(ends, root_ends, "the root ends no simulation");
            } else if node.is_expanded() && fresh {
                assert!(ends + threads > expand_after, "expanded after {ends} ends");
            }
            if !node.is_expanded() {
                // A leaf, not one left half expanded.
                assert!(node.try_begin_expand(), "a node stuck expanding");
                node.abandon_expand();
            }
            stack.extend(kids);
        }
        walked
    }

    /// Results recorded under each root move: one per simulation that
    /// went through it and finished.
    fn recorded(s: &Search, n: &Node) -> u32 {
        s.root_score_n[n.mv().code()].load(Relaxed)
    }

    #[test]
    fn two_threads_keep_the_visit_counts_whole() {
        let game = Game::new(9, 7.5, Rules::chinese());
        let mut s = Search::new(1 << 17, SearchParams::default());
        let r = run(&game, &mut s, 2, 4000);
        assert!(r.playouts >= 4000);
        assert_eq!(s.tree.root().visits() as u64, r.playouts);
        assert!(check_visits(&s, 2, 0, true) > 1000);
        // Every visit counted on the way down has its result: each root
        // move's visits equal the results recorded under it.
        for n in s.tree.children(s.tree.root()) {
            assert_eq!(n.visits(), recorded(&s, n), "{:?}", n.mv());
        }
        assert_eq!(s.tree.refused(), 0);

        // A small tree, full after a few expansions, then kept for the
        // next move (its root's earlier visits: those that ended there, as
        // a leaf or not) and searched again.
        let mut s = Search::new(2 * 600, SearchParams::default());
        let r = run(&game, &mut s, 2, 1500);
        assert!(
            s.tree.is_full(),
            "{} of {}",
            s.tree.len(),
            s.tree.capacity()
        );
        assert_eq!(s.tree.refused(), 0, "no priors computed for nothing");
        check_visits(&s, 2, 0, true);
        let mut game = game;
        let best = r.best.unwrap();
        game.play(Color::Black, TreeMove::from_point(best).to_move())
            .unwrap();
        let kept = s
            .tree
            .children(s.tree.root())
            .iter()
            .find(|n| n.mv() == TreeMove::from_point(best))
            .unwrap();
        let kept_visits = kept.visits();
        let kept_ends = kept_visits - s.tree.children(kept).iter().map(Node::visits).sum::<u32>();
        let r = run(&game, &mut s, 2, 1500);
        assert_eq!(
            s.tree.root().visits() as u64,
            kept_visits as u64 + r.playouts
        );
        check_visits(&s, 2, kept_ends, false);
        let results: u32 = s
            .tree
            .children(s.tree.root())
            .iter()
            .map(|n| recorded(&s, n))
            .sum();
        assert_eq!(results as u64, r.playouts);
        assert_eq!(s.tree.refused(), 0);
    }

    #[test]
    fn a_full_tree_computes_no_priors_it_cannot_store() {
        // The empty 25x25 board: 626 root children, as many again for
        // each node below. With 400 nodes in reserve a full tree took
        // expansions it had no room for.
        let game = Game::new(25, 7.5, Rules::chinese());
        let mut s = Search::new(2 * 3000, SearchParams::default());
        run(&game, &mut s, 1, 200);
        assert_eq!(s.tree.refused(), 0);
        assert!(s.tree.is_full());
        check_visits(&s, 1, 0, true);
    }
}
