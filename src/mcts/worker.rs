//! One search thread and its simulations, in four named steps
//! ([`Worker::simulate`] runs them in order):
//!
//! 1. **select** ([`Worker::select`]): from the root, follow the child of
//!    best RAVE-blended value ([`select_child`]) down to a leaf, counting
//!    a visit at every node on the way (the virtual loss that steers the
//!    other threads elsewhere until the result arrives), and play the
//!    moves on the thread's board;
//! 2. **expand** ([`Worker::expand`], called by select at a leaf): a leaf
//!    visited more than `expand_after` times gets its children with their
//!    priors, when the tree has room for them, and the descent goes on;
//! 3. **playout** ([`Worker::playout`]): play the position out with the
//!    playout policy and count it (or count it as it stands when two
//!    passes in the tree ended the game), and note the score under the
//!    root move and, when asked, who owns each point in the root's
//!    statistics ([`RootStats::record`]);
//! 4. **backup** ([`Worker::backup`] and [`Worker::backup_amaf`]): add
//!    the result to every node of the path, and AMAF results to the
//!    children along it whose move the simulation played later.
//!
//! A worker owns its board, move log, path and AMAF table, made once: a
//! simulation allocates nothing.

use super::children::new_children;
use super::params::SearchParams;
use super::prior::PriorParams;
use super::root::{Root, RootStats};
use super::tree::{NewChild, Node, Stats, Tree, TreeMove, WIN};
use crate::board::{AreaCount, Bitboard, Board, Color, Point, ARRAY_SIZE};
use crate::patterns::Recent;
use crate::playout::{self, PlayoutPolicy, PlayoutRng};
use crate::tactics::reader::Reader;
use rand::{RngCore, SeedableRng};

/// Deepest path followed in the tree.
const MAX_DEPTH: usize = 512;

/// One search thread's private state.
pub(super) struct Worker {
    board: Board,
    rng: PlayoutRng,
    /// Moves of the current simulation from the root: the tree's first,
    /// then the playout's.
    moves: Vec<TreeMove>,
    /// Arena indices of the nodes of the current simulation, the root
    /// first: node `i` was entered by move `i - 1`.
    path: Vec<u32>,
    /// For AMAF: colour (1 Black, 2 White) that first played each point,
    first: [u8; ARRAY_SIZE],
    /// and the index in `moves` of that first play.
    first_at: [u16; ARRAY_SIZE],
    /// The children of the node being expanded.
    children: Vec<NewChild>,
    /// Its moves with their learned strengths.
    rated: Vec<(Point, f64)>,
    /// The capture reader of the tactical prior.
    reader: Reader,
}

/// Where the selection stopped.
#[derive(Clone, Copy, Debug)]
struct Leaf {
    /// The side to move there.
    to_move: Color,
    /// Two passes in a row in the tree ended the game there.
    game_over: bool,
}

/// A simulation's result, in half-points: [`WIN`] for a win, half of it
/// for a draw, 0 for a loss.
#[derive(Clone, Copy, Debug)]
struct Outcome {
    black: u32,
}

impl Outcome {
    /// The outcome of a final score (Black's area minus White's, komi
    /// included).
    fn of_score(score: f64) -> Outcome {
        let black = if score > 0.0 {
            WIN
        } else if score < 0.0 {
            0
        } else {
            WIN / 2
        };
        Outcome { black }
    }

    /// The outcome of a final score with the margin weighed in
    /// ([`super::SearchParams::score_weight`] `w`, above 0): a win is
    /// worth `1 - w + w * score / area`, a loss `w + w * score / area`
    /// (the margin clamped to the board), drawn as whole half-points with
    /// that mean.
    fn of_score_weighted(score: f64, w: f64, area: f64, rng: &mut PlayoutRng) -> Outcome {
        if score == 0.0 {
            return Outcome { black: WIN / 2 };
        }
        let margin = (score / area).clamp(-1.0, 1.0);
        let value = if score > 0.0 {
            1.0 - w + w * margin
        } else {
            w + w * margin
        };
        // `value` in half-points, rounded up with the chance of its fraction.
        let half_points = value * WIN as f64;
        let floor = half_points.floor();
        let up = (rng.next_u32() as f64) < (half_points - floor) * 4_294_967_296.0;
        Outcome {
            black: (floor as u32 + up as u32).min(WIN),
        }
    }

    /// The result for `c`.
    #[inline]
    fn value_for(self, c: Color) -> u32 {
        if c == Color::Black {
            self.black
        } else {
            WIN - self.black
        }
    }
}

/// The colour of the simulation's move `i` (0 is the first move from the
/// root, by the root's side to move).
#[inline]
fn mover(root_to_move: Color, i: usize) -> Color {
    if i.is_multiple_of(2) {
        root_to_move
    } else {
        !root_to_move
    }
}

impl Worker {
    pub(super) fn new(board: &Board, seed: u64) -> Worker {
        Worker {
            board: board.clone(),
            rng: PlayoutRng::seed_from_u64(seed),
            moves: Vec::with_capacity(MAX_DEPTH + playout::max_moves(board.size()) as usize + 8),
            path: Vec::with_capacity(MAX_DEPTH + 2),
            first: [0; ARRAY_SIZE],
            first_at: [0; ARRAY_SIZE],
            children: Vec::with_capacity(board.size() * board.size() + 1),
            rated: Vec::with_capacity(board.size() * board.size()),
            reader: Reader::new(board.size()),
        }
    }

    /// One simulation in `tree` from `root`: select (expanding on the
    /// way), play out (noting the result in `stats`), back up.
    pub(super) fn simulate<P: PlayoutPolicy>(
        &mut self,
        tree: &Tree,
        params: &SearchParams,
        root: &Root,
        stats: &RootStats,
        policy: &mut P,
    ) {
        let leaf = self.select(tree, params, root);
        let tree_moves = self.moves.len();
        let game_over = leaf.game_over;
        let mut difference = self.playout(leaf, policy);
        if !game_over {
            let tree_part = &self.moves[..tree_moves];
            for d in root
                .dead
                .iter()
                .filter(|d| d.holds(tree_part, root.to_move))
            {
                difference += d.adjustment(&self.board);
            }
        }
        if root.adjusts {
            difference += crate::board::playout_adjustment(&self.board, root.rules);
        }
        let score = difference as f64 - root.komi;
        let first = (tree_moves > 0).then(|| self.moves[0]);
        stats.record(first, score, &self.board);
        let outcome = if params.score_weight > 0.0 {
            let area = (self.board.size() * self.board.size()) as f64;
            Outcome::of_score_weighted(score, params.score_weight, area, &mut self.rng)
        } else {
            Outcome::of_score(score)
        };
        if score != 0.0 {
            policy.learn(
                root.to_move,
                root.recent.last,
                self.moves.iter().map(|m| m.point()),
                score > 0.0,
            );
        }
        self.backup(tree, root.to_move, outcome);
        self.backup_amaf(
            tree,
            root.to_move,
            tree_moves,
            outcome,
            params.amaf_distance,
        );
    }

    /// Select: descend from the root to a leaf (expanding a leaf that is
    /// ready, [`Worker::expand`], and going on into its children), or to
    /// where two passes end the game, or to [`MAX_DEPTH`]. Every node on
    /// the way gets its visit now. The moves are played on the worker's
    /// board and noted in `moves`, the nodes in `path`.
    fn select(&mut self, tree: &Tree, params: &SearchParams, root: &Root) -> Leaf {
        self.board.copy_from(root.board);
        self.moves.clear();
        self.path.clear();
        let equiv = params.rave_equiv_for(self.board.size());
        let mut node = tree.root();
        node.add_visit();
        self.path.push(0);
        let mut c = root.to_move;
        // Passes before the root are not counted: after the opponent's pass
        // the player has already checked whether passing wins by the judged
        // count, and in the tree a root pass goes on into a playout, which
        // judges dead stones by play as the referee's count will.
        let mut passes = 0;
        let mut recent = root.recent;
        while passes < 2 && self.path.len() <= MAX_DEPTH {
            if !node.is_expanded() && !self.expand(tree, node, c, recent, params) {
                break;
            }
            if params.priors.tactics > 0
                && node.visits() > params.priors.tactics_after
                && node.try_claim_knowledge()
            {
                self.give_tactics(tree, node, c, recent, &params.priors);
            }
            let child = select_child(tree, node, params, equiv);
            child.add_visit();
            let mv = child.mv();
            match mv.point() {
                None => {
                    self.board.pass();
                    passes += 1;
                }
                Some(p) => {
                    self.board.play_legal(c, p);
                    passes = 0;
                }
            }
            recent = recent.after(mv.point());
            self.moves.push(mv);
            self.path.push(tree.index_of(child));
            node = child;
            c = !c;
        }
        Leaf {
            to_move: c,
            game_over: passes >= 2,
        }
    }

    /// Expand: give `node`, a leaf where `c` is to move, its children with
    /// their priors, when it has been visited more than `expand_after`
    /// times, the tree has room for them (checked before the priors are
    /// computed: [`Tree::is_full`] keeps enough in reserve for every
    /// expansion in flight) and no other thread has begun it. Returns
    /// whether the node has children now (another thread's expansion may
    /// have been published meanwhile).
    fn expand(
        &mut self,
        tree: &Tree,
        node: &Node,
        c: Color,
        recent: Recent,
        params: &SearchParams,
    ) -> bool {
        if node.visits() > params.expand_after && !tree.is_full() && node.try_begin_expand() {
            new_children(
                &mut self.board,
                c,
                recent,
                params,
                &mut self.children,
                &mut self.rated,
                |b, p| b.is_legal(c, p),
            );
            tree.expand(node, &self.children);
        }
        node.is_expanded()
    }

    /// The tactical prior, read late: the children of `node` (where `c`
    /// is to move on the worker's board) that kill or save a weak string
    /// ([`Reader::weak_string_moves`]) get `prior.tactics` virtual wins,
    /// those that do it only by a ko the opponent takes first
    /// `prior.tactics_ko` (off by default), those that only run with a
    /// dead string `prior.futile` virtual losses.
    fn give_tactics(
        &mut self,
        tree: &Tree,
        node: &Node,
        c: Color,
        recent: Recent,
        priors: &PriorParams,
    ) {
        let weak = self
            .reader
            .weak_string_moves(&self.board, c, &[recent.last, recent.last2]);
        let ko = priors.tactics_ko;
        if weak.kill.is_empty()
            && weak.save.is_empty()
            && (weak.ko.is_empty() || ko == 0)
            && weak.futile.is_empty()
        {
            return;
        }
        for child in tree.children(node) {
            if let Some(p) = child.mv().point() {
                if weak.kill.contains(p) || weak.save.contains(p) {
                    child.add_prior_wins(priors.tactics);
                    if priors.tactics_big > 0 && weak.big.contains(p) {
                        child.add_prior_wins(priors.tactics_big);
                    }
                } else if weak.ko.contains(p) {
                    child.add_prior_wins(ko);
                } else if weak.futile.contains(p) && priors.futile > 0 {
                    child.add_prior_losses(priors.futile);
                }
            }
        }
    }

    /// Playout: play the position at the leaf out with `policy`, noting
    /// its moves after the tree's; a game that two passes in the tree
    /// ended is counted exactly as it stands (empty regions of any size,
    /// dead stones and all). Returns Black's area minus White's.
    fn playout<P: PlayoutPolicy>(&mut self, leaf: Leaf, policy: &mut P) -> i32 {
        if leaf.game_over {
            return AreaCount::count(&self.board, Bitboard::EMPTY).difference();
        }
        let moves = &mut self.moves;
        playout::run_logged(policy, &mut self.board, leaf.to_move, &mut self.rng, |m| {
            moves.push(TreeMove::from_point(m))
        })
        .area_difference
    }

    /// Backup: add the result to every node of the path below the root,
    /// for the player who moved into it (the visits were counted on the
    /// way down).
    fn backup(&self, tree: &Tree, root_to_move: Color, outcome: Outcome) {
        for (i, &n) in self.path.iter().enumerate().skip(1) {
            tree.node(n)
                .add_value(outcome.value_for(mover(root_to_move, i - 1)));
        }
    }

    /// Backup of the AMAF results: at every node of the path, each child
    /// whose point the side to move there played first later in the
    /// simulation (tree and playout moves alike) gets the result for that
    /// side. The path is walked from the deepest node up, knowing for each
    /// point which colour played it first after that node, and when.
    /// With `distance` above 0 a result weighs more the sooner after the
    /// node its move came (Pachi's `distance_rave`): [`amaf_weight`].
    fn backup_amaf(
        &mut self,
        tree: &Tree,
        root_to_move: Color,
        tree_moves: usize,
        outcome: Outcome,
        distance: u32,
    ) {
        let len = self.moves.len();
        self.first.fill(0);
        for i in (tree_moves..len).rev() {
            if let Some(p) = self.moves[i].point() {
                self.first[p.index()] = mover(root_to_move, i) as u8 + 1;
                self.first_at[p.index()] = i as u16;
            }
        }
        for d in (0..self.path.len()).rev() {
            let node = tree.node(self.path[d]);
            let to_play = mover(root_to_move, d);
            let tag = to_play as u8 + 1;
            let v = outcome.value_for(to_play);
            for child in tree.children(node) {
                let Some(p) = child.mv().point() else {
                    continue;
                };
                if self.first[p.index()] == tag {
                    let first = self.first_at[p.index()] as usize;
                    child.add_amaf(v, amaf_weight(distance, len, first, d));
                }
            }
            if d > 0 {
                if let Some(p) = self.moves[d - 1].point() {
                    self.first[p.index()] = mover(root_to_move, d - 1) as u8 + 1;
                    self.first_at[p.index()] = (d - 1) as u16;
                }
            }
        }
    }
}

/// The weight of an AMAF result at a node of depth `d` for the move
/// played first at index `first` of a simulation of `len` moves
/// ([`Worker::backup_amaf`]): `1 + distance * (len - first) / (len - d +
/// 1)`, rounded down, so from `distance` just after the node (in all but
/// the shortest simulations) down to 1 at the end; 1 for every result
/// when `distance` is 0.
#[inline]
fn amaf_weight(distance: u32, len: usize, first: usize, d: usize) -> u32 {
    if distance == 0 {
        1
    } else {
        1 + (distance as usize * (len - first) / (len - d + 1)) as u32
    }
}

/// The child of `node` (expanded) with the best RAVE-blended value; of
/// equal values, the last. Each child's value is computed once.
#[inline]
fn select_child<'t>(tree: &'t Tree, node: &Node, params: &SearchParams, equiv: f64) -> &'t Node {
    let parent_visits = node.visits();
    let (mut best, rest) = tree
        .children(node)
        .split_first()
        .expect("expanded nodes have children");
    let mut best_value = rave_value(&best.stats(), parent_visits, params, equiv);
    for child in rest {
        let value = rave_value(&child.stats(), parent_visits, params, equiv);
        if value.total_cmp(&best_value).is_ge() {
            best = child;
            best_value = value;
        }
    }
    best
}

/// The RAVE-blended value of a child for selection: its playouts' win
/// rate (priors included) blended with its AMAF win rate by
/// `beta = r / (r + n + r * n / equiv)` (`equiv` the board size's
/// [`SearchParams::rave_equiv_for`]), plus the UCB term when `explore` is
/// set.
#[inline]
fn rave_value(s: &Stats, parent_visits: u32, params: &SearchParams, equiv: f64) -> f64 {
    let n = (s.visits + s.prior_visits) as f64;
    let mc = if n > 0.0 {
        (s.value + s.prior_value) as f64 / (WIN as f64 * n)
    } else {
        0.5
    };
    let r = s.amaf_visits as f64;
    let value = if r > 0.0 {
        let amaf = s.amaf_value as f64 / (WIN as f64 * r);
        let beta = r / (r + n + r * n / equiv);
        (1.0 - beta) * mc + beta * amaf
    } else {
        mc
    };
    if params.explore > 0.0 {
        value + params.explore * ((parent_visits.max(1) as f64).ln() / n.max(1.0)).sqrt()
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amaf_weights_fall_from_the_node_to_the_end() {
        // Off: every result counts once.
        assert_eq!(amaf_weight(0, 100, 0, 0), 1);
        assert_eq!(amaf_weight(0, 100, 99, 0), 1);
        // Pachi's 3: 1 + 3 * (len - first) / (len - d + 1).
        assert_eq!(amaf_weight(3, 100, 0, 0), 3); // 300 / 101
        assert_eq!(amaf_weight(3, 100, 50, 0), 2); // 150 / 101
        assert_eq!(amaf_weight(3, 100, 99, 0), 1); // 3 / 101
        assert_eq!(amaf_weight(3, 100, 60, 60), 3); // 120 / 41
        let mut last = u32::MAX;
        for first in 10..100 {
            let w = amaf_weight(3, 100, first, 10);
            assert!((1..=3).contains(&w) && w <= last);
            last = w;
        }
    }

    #[test]
    fn weighted_outcomes_have_the_margins_mean() {
        let mut rng = PlayoutRng::seed_from_u64(4);
        let mean = |score: f64, rng: &mut PlayoutRng| {
            let n = 200_000;
            let sum: u32 = (0..n)
                .map(|_| Outcome::of_score_weighted(score, 0.1, 81.0, rng).black)
                .sum();
            sum as f64 / (WIN as f64 * n as f64)
        };
        // A win by 40.5 on 9x9 is worth 1 - 0.1 + 0.1 * 0.5 = 0.95 to Black,
        // a loss by 81 nothing, a loss by 20.25 0.1 - 0.025.
        assert!((mean(40.5, &mut rng) - 0.95).abs() < 0.003);
        assert_eq!(mean(-81.0, &mut rng), 0.0);
        assert!((mean(-20.25, &mut rng) - 0.075).abs() < 0.003);
        assert_eq!(mean(0.0, &mut rng), 0.5);
        // The biggest win is a whole win, and no draw goes past the bounds.
        assert_eq!(mean(500.0, &mut rng), 1.0);
        for s in [-90.5, -3.5, 0.5, 7.5, 90.5] {
            assert!(Outcome::of_score_weighted(s, 0.5, 81.0, &mut rng).black <= WIN);
        }
    }
}
