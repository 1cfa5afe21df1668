//! The search tree: an arena of nodes with atomic statistics, shared by
//! the search threads.
//!
//! Memory ordering: every statistic is a relaxed atomic counter; a reader
//! may see a visit before the matching win, which only blurs a value by
//! one playout. A node's children are published by storing `first_child`
//! and `num_children` before the `Release` store of `EXPANDED` into its
//! state; readers load the state with `Acquire` before reading them, so a
//! thread that sees `EXPANDED` sees the whole block of initialised
//! children. Nodes are never freed during a search.

use crate::board::{Move, Point, MAX_SIZE};
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::*};

/// A move of the tree: a stone on a point, or the pass. It is stored in a
/// node as its code, the point's grid index, or 0 for the pass (grid index
/// 0 is always off the board, and all-zero memory is a pass). A
/// resignation is no tree move: the search never plays one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TreeMove(u16);

impl TreeMove {
    /// The pass.
    pub const PASS: TreeMove = TreeMove(0);

    /// A stone on `p`.
    #[inline]
    pub const fn play(p: Point) -> TreeMove {
        TreeMove(p.index() as u16)
    }

    /// The tree move of a board move.
    #[inline]
    pub fn from_move(m: Move) -> TreeMove {
        match m {
            Move::Play(p) => TreeMove::play(p),
            Move::Pass => TreeMove::PASS,
        }
    }

    /// The tree move of a point, or of the pass for `None`.
    #[inline]
    pub fn from_point(p: Option<Point>) -> TreeMove {
        p.map_or(TreeMove::PASS, TreeMove::play)
    }

    #[inline]
    pub const fn is_pass(self) -> bool {
        self.0 == 0
    }

    /// The point played, `None` for the pass.
    #[inline]
    pub fn point(self) -> Option<Point> {
        (!self.is_pass()).then(|| Point::from_index(self.0 as usize))
    }

    /// The board move.
    #[inline]
    pub fn to_move(self) -> Move {
        self.point().map_or(Move::Pass, Move::Play)
    }

    /// A dense index for per-move tables: 0 for the pass, else the point's
    /// grid index (below [`crate::board::ARRAY_SIZE`]).
    #[inline]
    pub const fn code(self) -> usize {
        self.0 as usize
    }
}

const LEAF: u8 = 0; // must stay 0: trees start as zeroed memory
const EXPANDING: u8 = 1;
const EXPANDED: u8 = 2;
/// Expanded, and the knowledge that is read late (at a visit count) given
/// to its children: [`Node::try_claim_knowledge`].
const KNOWN: u8 = 3;

/// Statistics are kept in half-points: a win adds 2, a draw 1, a loss 0.
pub const WIN: u32 = 2;

/// One node: the position after its move. Values are for the player who
/// played `mv` into it.
pub struct Node {
    /// The move that leads here: a [`TreeMove`]'s code.
    mv: AtomicU16,
    /// Prior knowledge as virtual playouts: visits in the high half,
    /// value in half-points in the low half.
    prior: AtomicU32,
    state: AtomicU8,
    visits: AtomicU32,
    value: AtomicU32,
    /// The AMAF statistics packed into one word, so that an update is one
    /// atomic add (the AMAF backup adds to hundreds of children a
    /// simulation): visits in the high half, value in the low. The value is
    /// at most `WIN` times the visits, so it carries into the visits only
    /// when the visits pass 2^31, where separate counters would overflow
    /// as well.
    amaf: AtomicU64,
    first_child: AtomicU32,
    num_children: AtomicU32,
}

/// A snapshot of a node's statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    pub visits: u32,
    /// Sum of results in half-points, for the player who moved into the node.
    pub value: u32,
    pub amaf_visits: u32,
    pub amaf_value: u32,
    pub prior_visits: u32,
    pub prior_value: u32,
}

impl Stats {
    /// Win rate of the real playouts through the node (0.5 when none).
    pub fn win_rate(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.value as f64 / (WIN as f64 * self.visits as f64)
        }
    }

    /// Lower 95% confidence bound of the win rate (0 when no playouts;
    /// below 0 for a low win rate over few visits, as KataGo reports it).
    pub fn lcb(&self) -> f64 {
        if self.visits == 0 {
            return 0.0;
        }
        let w = self.win_rate();
        w - 1.96 * (w * (1.0 - w) / self.visits as f64).sqrt()
    }
}

/// The most prior visits a node holds: with [`WIN`] per visit the value
/// half of the packed prior stays below 2^16, so it never carries into the
/// visits half, whatever the priors' parameters ask for.
pub const MAX_PRIOR_VISITS: u32 = (1 << 15) - 1;

/// A prior packed into one word: visits in the high half (at most
/// [`MAX_PRIOR_VISITS`]), value in the low (at most `WIN` per visit).
fn pack_prior(visits: u32, value: u32) -> u32 {
    let visits = visits.min(MAX_PRIOR_VISITS);
    (visits << 16) | value.min(WIN * visits)
}

impl Node {
    fn new(mv: TreeMove, prior_visits: u16, prior_value: u16) -> Node {
        Node {
            mv: AtomicU16::new(mv.0),
            prior: AtomicU32::new(pack_prior(prior_visits.into(), prior_value.into())),
            state: AtomicU8::new(LEAF),
            visits: AtomicU32::new(0),
            value: AtomicU32::new(0),
            amaf: AtomicU64::new(0),
            first_child: AtomicU32::new(0),
            num_children: AtomicU32::new(0),
        }
    }

    /// The move that leads here.
    #[inline]
    pub fn mv(&self) -> TreeMove {
        TreeMove(self.mv.load(Relaxed))
    }

    pub fn stats(&self) -> Stats {
        let prior = self.prior.load(Relaxed);
        let amaf = self.amaf.load(Relaxed);
        Stats {
            visits: self.visits.load(Relaxed),
            value: self.value.load(Relaxed),
            amaf_visits: (amaf >> 32) as u32,
            amaf_value: amaf as u32,
            prior_visits: prior >> 16,
            prior_value: prior & 0xffff,
        }
    }

    pub fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }

    /// Count a visit before its result is known (the virtual loss that
    /// steers other threads elsewhere until the result arrives).
    #[inline]
    pub fn add_visit(&self) {
        self.visits.fetch_add(1, Relaxed);
    }

    /// Add a result (half-points) for a visit already counted.
    #[inline]
    pub fn add_value(&self, v: u32) {
        self.value.fetch_add(v, Relaxed);
    }

    /// Add an AMAF result (half-points) of weight `w`: it counts as `w`
    /// results of value `v`.
    #[inline]
    pub fn add_amaf(&self, v: u32, w: u32) {
        self.amaf
            .fetch_add((u64::from(w) << 32) | u64::from(v * w), Relaxed);
    }

    pub fn is_expanded(&self) -> bool {
        self.state.load(Acquire) >= EXPANDED
    }

    /// Claim the right to expand this leaf; `false` when another thread
    /// has it or it is expanded already.
    pub fn try_begin_expand(&self) -> bool {
        self.state
            .compare_exchange(LEAF, EXPANDING, Acquire, Relaxed)
            .is_ok()
    }

    /// Claim the right to give this expanded node's children the knowledge
    /// read late (once a node: `false` when another thread has it or it is
    /// given already, or the node is not expanded).
    pub fn try_claim_knowledge(&self) -> bool {
        self.state
            .compare_exchange(EXPANDED, KNOWN, Acquire, Relaxed)
            .is_ok()
    }

    /// `n` more virtual wins in the prior (up to [`MAX_PRIOR_VISITS`]).
    pub fn add_prior_wins(&self, n: u16) {
        self.add_prior(n.into(), WIN);
    }

    /// `n` more virtual losses in the prior (up to [`MAX_PRIOR_VISITS`]).
    pub fn add_prior_losses(&self, n: u16) {
        self.add_prior(n.into(), 0);
    }

    /// `n` more prior visits worth `per_visit` each, saturating at
    /// [`MAX_PRIOR_VISITS`] (once a node, when its knowledge is read: not
    /// a hot path).
    fn add_prior(&self, n: u32, per_visit: u32) {
        let _ = self.prior.fetch_update(Relaxed, Relaxed, |p| {
            let (visits, value) = (p >> 16, p & 0xffff);
            let added = (visits + n).min(MAX_PRIOR_VISITS).saturating_sub(visits);
            Some(pack_prior(visits + added, value + per_visit * added))
        });
    }

    /// Give up an expansion (the arena was full); the node stays a leaf.
    pub fn abandon_expand(&self) {
        self.state.store(LEAF, Release);
    }
}

/// Copy a node's move, prior and statistics (not its children).
fn copy_node(dst: &Node, src: &Node) {
    dst.mv.store(src.mv.load(Relaxed), Relaxed);
    dst.prior.store(src.prior.load(Relaxed), Relaxed);
    dst.visits.store(src.visits.load(Relaxed), Relaxed);
    dst.value.store(src.value.load(Relaxed), Relaxed);
    dst.amaf.store(src.amaf.load(Relaxed), Relaxed);
    dst.state.store(LEAF, Relaxed);
    dst.first_child.store(0, Relaxed);
    dst.num_children.store(0, Relaxed);
}

/// A fixed-capacity arena of nodes; index 0 is the root.
pub struct Tree {
    nodes: Vec<Node>,
    used: AtomicU32,
    /// Free nodes that [`Tree::is_full`] keeps back: room for every
    /// expansion that may be in flight ([`Tree::reserve_for`]).
    reserve: usize,
    /// Expansions refused for want of room since the tree was cleared.
    refused: AtomicU32,
}

/// What a child is created with.
#[derive(Clone, Copy, Debug)]
pub struct NewChild {
    pub mv: TreeMove,
    pub prior_visits: u16,
    pub prior_value: u16,
}

impl Tree {
    /// Bytes one node takes.
    pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

    /// A tree holding at most `capacity` nodes, reserved now and never
    /// grown. The memory comes zeroed from the system, so pages are only
    /// touched as the tree grows into them: a large bound costs nothing
    /// until it is used.
    pub fn with_capacity(capacity: usize) -> Tree {
        let capacity = capacity.clamp(2, u32::MAX as usize);
        let layout = std::alloc::Layout::array::<Node>(capacity).expect("tree size");
        // SAFETY: the layout is non-empty; every field of `Node` is an
        // atomic integer, for which all-zero bytes are a valid value (a
        // leaf with the pass move and no statistics), so the zeroed block
        // is `capacity` initialised nodes. The pointer comes from the
        // global allocator with `Node`'s layout, as `Vec::from_raw_parts`
        // requires, and the Vec frees it with the same layout.
        let nodes = unsafe {
            let ptr = std::alloc::alloc_zeroed(layout) as *mut Node;
            if ptr.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            Vec::from_raw_parts(ptr, capacity, capacity)
        };
        Tree {
            nodes,
            used: AtomicU32::new(1),
            reserve: Tree::reserve_for(MAX_SIZE, 1),
            refused: AtomicU32::new(0),
        }
    }

    /// The free nodes to keep back for a search of a board of side `size`
    /// with `threads` threads. One expansion makes at most `size * size + 1`
    /// children (every point and the pass: 626 on an empty 25x25 board),
    /// and every thread may have found the tree not full and be computing
    /// the priors of one expansion before it takes its block of nodes.
    /// With this reserve those blocks all fit: the last check that found
    /// the tree not full left room for `threads` of the largest blocks,
    /// and only expansions in flight at that moment, one a thread, can
    /// take nodes before an expansion that passed its own check. So an
    /// expansion, once begun, never computes priors it cannot store.
    pub fn reserve_for(size: usize, threads: usize) -> usize {
        threads.max(1) * (size * size + 1)
    }

    /// Keep `nodes` free nodes back (see [`Tree::reserve_for`]).
    pub fn set_reserve(&mut self, nodes: usize) {
        self.reserve = nodes;
    }

    /// Start again with only a fresh root.
    pub fn clear(&mut self) {
        self.nodes[0] = Node::new(TreeMove::PASS, 0, 0);
        *self.used.get_mut() = 1;
        *self.refused.get_mut() = 0;
    }

    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    pub fn node(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }

    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    pub fn len(&self) -> usize {
        (self.used.load(Relaxed) as usize).min(self.nodes.len())
    }

    /// Whether the tree takes no more expansions: fewer free nodes than
    /// the reserve ([`Tree::reserve_for`]). Checked before an expansion
    /// computes its children's priors.
    pub fn is_full(&self) -> bool {
        self.used.load(Relaxed) as usize + self.reserve > self.nodes.len()
    }

    /// Expansions refused for want of room since the tree was cleared
    /// (their priors were computed for nothing; with the reserve of
    /// [`Tree::reserve_for`] only a root too big for the whole tree is).
    pub fn refused(&self) -> u32 {
        self.refused.load(Relaxed)
    }

    pub fn is_empty(&self) -> bool {
        self.len() <= 1
    }

    /// The children of a node (empty for a leaf).
    pub fn children(&self, node: &Node) -> &[Node] {
        if !node.is_expanded() {
            return &[];
        }
        let first = node.first_child.load(Relaxed) as usize;
        let n = node.num_children.load(Relaxed) as usize;
        &self.nodes[first..first + n]
    }

    /// Index of a node in the arena (for walking the tree).
    pub fn index_of(&self, node: &Node) -> u32 {
        let base = self.nodes.as_ptr() as usize;
        ((node as *const Node as usize - base) / Self::NODE_BYTES) as u32
    }

    /// Make this tree a copy of the subtree of `src` under node `from`
    /// (tree reuse between moves), breadth first, as far as the capacity
    /// allows; nodes that do not fit stay leaves.
    pub fn copy_subtree(&mut self, src: &Tree, from: u32) {
        self.clear();
        copy_node(&self.nodes[0], src.node(from));
        let mut queue = std::collections::VecDeque::from([(from, 0u32)]);
        let mut used = 1usize;
        while let Some((s, d)) = queue.pop_front() {
            let s_node = src.node(s);
            let kids = src.children(s_node);
            if kids.is_empty() || used + kids.len() > self.nodes.len() {
                continue;
            }
            let first = used;
            used += kids.len();
            for (i, kid) in kids.iter().enumerate() {
                copy_node(&self.nodes[first + i], kid);
                queue.push_back((src.index_of(kid), (first + i) as u32));
            }
            let d_node = &self.nodes[d as usize];
            d_node.first_child.store(first as u32, Relaxed);
            d_node.num_children.store(kids.len() as u32, Relaxed);
            // Expanded, and known when the source was.
            let state = s_node.state.load(Acquire).max(EXPANDED);
            d_node.state.store(state, Release);
        }
        *self.used.get_mut() = used as u32;
    }

    /// Finish an expansion begun with [`Node::try_begin_expand`]: allocate
    /// and initialise the children and publish them. Returns `false` (and
    /// leaves the node a leaf) when the arena has no room.
    pub fn expand(&self, node: &Node, children: &[NewChild]) -> bool {
        let n = children.len() as u32;
        // Reserve a block only when it fits, so that the counter never
        // runs past the capacity (nor wraps).
        let reserved = self.used.fetch_update(Relaxed, Relaxed, |used| {
            (used as usize + n as usize <= self.nodes.len()).then_some(used + n)
        });
        let Ok(first) = reserved else {
            self.refused.fetch_add(1, Relaxed);
            node.abandon_expand();
            return false;
        };
        for (i, c) in children.iter().enumerate() {
            // The slot is ours alone: nobody can reach it before publication.
            let fresh = Node::new(c.mv, c.prior_visits, c.prior_value);
            copy_node(&self.nodes[first as usize + i], &fresh);
        }
        node.first_child.store(first, Relaxed);
        node.num_children.store(n, Relaxed);
        node.state.store(EXPANDED, Release);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// `n` children on the first points of a 9x9 board (a 25x25 one past
    /// 82), the last one the pass, with priors that tell them apart.
    fn kids(n: usize) -> Vec<NewChild> {
        let b = Board::new(if n <= 82 { 9 } else { 25 });
        (0..n)
            .map(|i| NewChild {
                mv: if i + 1 == n {
                    TreeMove::PASS
                } else {
                    TreeMove::play(b.empty_at(i))
                },
                prior_visits: 10 + i as u16,
                prior_value: i as u16,
            })
            .collect()
    }

    fn expand(tree: &Tree, node: &Node, n: usize) -> bool {
        assert!(node.try_begin_expand());
        tree.expand(node, &kids(n))
    }

    #[test]
    fn prior_visits_saturate_and_never_carry_into_each_other() {
        // Issue 46: a large prior (a big `--param`) or many late adds kept
        // the packed value from carrying into the visits half.
        let n = Node::new(TreeMove::PASS, u16::MAX, u16::MAX);
        let s = n.stats();
        assert_eq!(s.prior_visits, MAX_PRIOR_VISITS);
        assert_eq!(s.prior_value, WIN * MAX_PRIOR_VISITS);
        let n = Node::new(TreeMove::PASS, 30_000, 60_000);
        for _ in 0..10 {
            n.add_prior_wins(1_000);
        }
        let s = n.stats();
        assert_eq!(s.prior_visits, MAX_PRIOR_VISITS);
        assert_eq!(s.prior_value, 60_000 + WIN * (MAX_PRIOR_VISITS - 30_000));
        n.add_prior_losses(u16::MAX);
        assert_eq!(n.stats().prior_visits, MAX_PRIOR_VISITS);
        let n = Node::new(TreeMove::PASS, 10, 4);
        n.add_prior_losses(5);
        n.add_prior_wins(3);
        let s = n.stats();
        assert_eq!((s.prior_visits, s.prior_value), (18, 4 + WIN * 3));
    }

    #[test]
    fn late_knowledge_is_given_once_and_survives_tree_reuse() {
        let tree = Tree::with_capacity(64);
        let root = tree.root();
        assert!(
            !root.try_claim_knowledge(),
            "a leaf has no children to inform"
        );
        assert!(expand(&tree, root, 3));
        assert!(root.try_claim_knowledge());
        assert!(!root.try_claim_knowledge());
        assert!(root.is_expanded());
        let kid = &tree.children(root)[1];
        let before = kid.stats();
        kid.add_prior_wins(7);
        let after = kid.stats();
        assert_eq!(after.prior_visits, before.prior_visits + 7);
        assert_eq!(after.prior_value, before.prior_value + WIN * 7);
        let mut copy = Tree::with_capacity(64);
        copy.copy_subtree(&tree, 0);
        assert!(copy.root().is_expanded());
        assert!(!copy.root().try_claim_knowledge());
    }

    #[test]
    fn tree_moves_convert_to_and_from_board_moves() {
        let p = Point::parse("C3", 9).unwrap();
        assert_eq!(TreeMove::play(p).point(), Some(p));
        assert_eq!(TreeMove::play(p).to_move(), Move::Play(p));
        assert_eq!(TreeMove::from_move(Move::Play(p)), TreeMove::play(p));
        assert_eq!(TreeMove::from_move(Move::Pass), TreeMove::PASS);
        assert_eq!(TreeMove::from_point(None), TreeMove::PASS);
        assert!(TreeMove::PASS.is_pass() && !TreeMove::play(p).is_pass());
        assert_eq!(TreeMove::PASS.point(), None);
        assert_eq!(TreeMove::PASS.to_move(), Move::Pass);
        assert_eq!(TreeMove::play(p).code(), p.index());
        // A fresh tree's root is the pass node of zeroed memory.
        assert_eq!(Tree::with_capacity(4).root().mv(), TreeMove::PASS);
    }

    #[test]
    fn a_full_arena_refuses_expansion_cleanly() {
        let tree = Tree::with_capacity(6);
        let root = tree.root();
        assert!(expand(&tree, root, 4));
        assert_eq!(tree.len(), 5);
        let child = &tree.children(root)[0];
        // Three more children do not fit in the one free node: refused,
        // with nothing taken and the node a leaf that can be expanded again.
        assert!(!expand(&tree, child, 3));
        assert!(!child.is_expanded());
        assert!(tree.children(child).is_empty());
        assert_eq!(tree.len(), 5);
        assert!(expand(&tree, child, 1));
        assert_eq!(tree.len(), 6);
        assert_eq!(tree.children(child)[0].mv(), TreeMove::PASS);
        // The root's children are untouched.
        let moves: Vec<_> = tree.children(root).iter().map(Node::mv).collect();
        assert_eq!(moves, kids(4).iter().map(|k| k.mv).collect::<Vec<_>>());
        // Not even a single child fits now.
        let grandchild = &tree.children(child)[0];
        assert!(!expand(&tree, grandchild, 1));
        assert_eq!(tree.len(), 6);
    }

    #[test]
    fn the_reserve_holds_the_largest_expansion_of_each_thread() {
        // An empty 25x25 board has 625 points and the pass: a tree that
        // is not full for one thread holds them.
        let biggest = 25 * 25 + 1;
        assert_eq!(Tree::reserve_for(25, 1), biggest);
        assert_eq!(Tree::reserve_for(9, 2), 2 * 82);
        let mut tree = Tree::with_capacity(1 + biggest);
        tree.set_reserve(Tree::reserve_for(25, 1));
        assert!(!tree.is_full());
        assert!(expand(&tree, tree.root(), biggest));
        assert!(tree.is_full());
        // Two threads need room for two such expansions.
        let mut tree = Tree::with_capacity(1 + 2 * biggest - 1);
        tree.set_reserve(Tree::reserve_for(25, 2));
        assert!(tree.is_full());
        // The reserve of 9x9 leaves room to grow.
        let mut tree = Tree::with_capacity(100);
        tree.set_reserve(Tree::reserve_for(9, 1));
        assert!(!tree.is_full());
        assert!(expand(&tree, tree.root(), 18));
        assert!(tree.is_full(), "19 used + 82 kept back > 100");
    }

    /// Every node reachable from the root of `t`, with its arena index,
    /// breadth first; checks that child blocks lie in the used part and
    /// that no node is reached twice.
    fn walk(t: &Tree) -> Vec<u32> {
        let mut seen = vec![false; t.capacity()];
        let mut order = vec![0u32];
        let mut i = 0;
        while i < order.len() {
            let node = t.node(order[i]);
            assert_ne!(node.state.load(Relaxed), EXPANDING);
            for kid in t.children(node) {
                let k = t.index_of(kid);
                assert!((k as usize) < t.len(), "child {k} beyond {}", t.len());
                assert!(!seen[k as usize], "node {k} reached twice");
                seen[k as usize] = true;
                order.push(k);
            }
            i += 1;
        }
        order
    }

    #[test]
    fn a_subtree_copy_cut_off_by_the_capacity_stays_consistent() {
        // Root: 3 children a, b, c; a has 3, b 2, c 1; a's first child 2.
        let src = Tree::with_capacity(64);
        assert!(expand(&src, src.root(), 3));
        let [a, b, c] = [0, 1, 2].map(|i| &src.children(src.root())[i]);
        assert!(expand(&src, a, 3));
        assert!(expand(&src, b, 2));
        assert!(expand(&src, c, 1));
        assert!(expand(&src, &src.children(a)[0], 2));
        // Statistics that differ from node to node.
        for (k, &i) in walk(&src).iter().enumerate() {
            let node = src.node(i);
            for _ in 0..=k {
                node.add_visit();
                node.add_amaf(1, 1);
            }
            node.add_value(k as u32);
        }
        // Room for the root, its 3 children and a's 3, breadth first; b's
        // and c's children and a's grandchildren are cut off.
        let mut dst = Tree::with_capacity(7);
        dst.copy_subtree(&src, 0);
        assert_eq!(dst.len(), 7);
        let copied = walk(&dst);
        assert_eq!(copied.len(), 7);
        let originals = walk(&src);
        for (&d, &s) in copied.iter().zip(&originals) {
            let (dn, sn) = (dst.node(d), src.node(s));
            assert_eq!(dn.mv(), sn.mv());
            assert_eq!(dn.stats(), sn.stats());
        }
        let [da, db, dc] = [0, 1, 2].map(|i| &dst.children(dst.root())[i]);
        assert_eq!(dst.children(da).len(), 3);
        for cut in [db, dc, &dst.children(da)[0]] {
            // A cut-off node is a plain leaf with its statistics kept.
            assert!(!cut.is_expanded() && dst.children(cut).is_empty());
            assert!(cut.visits() > 0);
        }
        // The full copy refuses more children cleanly.
        assert!(!expand(&dst, db, 2));
        assert!(!db.is_expanded());
        assert_eq!(dst.len(), 7);

        // Reuse copies the subtree of a played move: a's, with room for
        // a, its 3 children and 1 more node; a's first child keeps its
        // statistics but not its 2 children.
        let mut dst = Tree::with_capacity(5);
        dst.copy_subtree(&src, src.index_of(a));
        assert_eq!(dst.len(), 4);
        assert_eq!(dst.root().stats(), a.stats());
        assert_eq!(dst.root().mv(), a.mv());
        assert_eq!(walk(&dst).len(), 4);
        let first = &dst.children(dst.root())[0];
        assert!(!first.is_expanded());
        assert_eq!(first.stats(), src.children(a)[0].stats());
        // It can still be expanded into the one free node.
        assert!(expand(&dst, first, 1));
        assert_eq!(dst.len(), 5);
        assert_eq!(walk(&dst).len(), 5);
    }
}
