//! Tests of the search: determinism, principal variations, tree reuse,
//! and the visit counts of multi-thread searches.

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
            moves_ownership: false,
            avoid: Vec::new(),
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

mod visits {
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
            moves_ownership: false,
            avoid: Vec::new(),
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
        s.root_stats.move_score(n.mv().code()).1
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

#[test]
fn parameters_are_set_by_name() {
    let mut p = SearchParams::default();
    for name in SearchParams::names() {
        let value = if name.contains("ladders")
            || name.contains("nakade")
            || name.contains("reply")
            || name.contains("race")
            || name.contains("attack")
            || name == "two_liberty_large"
            || name == "rules_in_playouts"
            || name == "playout.shapes_second"
            || name.starts_with("prior.hand_")
        {
            "off"
        } else {
            "3"
        };
        p.set(name, value).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    assert_eq!(p.rave_equiv, 3.0);
    assert_eq!(p.priors.learned, 3);
    assert!(!p.heavy.nakade);
    assert!(p.heavy.shapes.is_some());
    p.set("playout.shapes", "0").unwrap();
    assert!(p.heavy.shapes.is_none());
    assert!(p.set("prior.learned", "-1").is_err());
    assert!(p.set("playout.nakade", "maybe").is_err());
    assert!(p.set("no.such", "1").is_err());
    assert!(p.set("playout.shapes", "NaN").is_err());
}

#[test]
fn two_liberty_stages_follow_the_board_size() {
    let mut p = SearchParams::default();
    assert!(p.two_liberty_large);
    let small = p.heavy_for(9);
    assert!(!small.two_liberty_attack && !small.two_liberty_race);
    assert_eq!(small.two_liberty_stones, 0);
    for size in [13, 19] {
        let large = p.heavy_for(size);
        assert!(large.two_liberty_attack && large.two_liberty_race);
        assert_eq!(large.two_liberty_stones, 1);
    }
    p.set("two_liberty_large", "off").unwrap();
    assert_eq!(p.heavy_for(19), p.heavy);
    // A stage set for every size stays set.
    p.set("playout.two_liberty_stones", "2").unwrap();
    p.set("two_liberty_large", "on").unwrap();
    assert_eq!(p.heavy_for(19).two_liberty_stones, 2);
    assert_eq!(p.heavy_for(9).two_liberty_stones, 2);
}

fn candidate(x: usize, visits: u32, win_rate: f64) -> Candidate {
    let value = (win_rate * f64::from(visits) * f64::from(crate::mcts::tree::WIN)) as u32;
    Candidate {
        mv: Point::new(x, 0, 9),
        stats: Stats {
            visits,
            value,
            ..Stats::default()
        },
        pv: Vec::new(),
        score: None,
        ownership: None,
    }
}

#[test]
fn the_move_of_the_best_lower_bound_is_played() {
    // Go Game Guru easy-110 at 10,000 playouts: Q1 7,539 visits at 0.900,
    // T1 1,450 at 0.935 (the answer), a third move 80 at 0.99.
    let moves = || {
        vec![
            candidate(0, 7539, 0.900),
            candidate(1, 1450, 0.935),
            candidate(2, 80, 0.99),
        ]
    };
    let mut m = moves();
    lcb_first(&mut m, 0.1);
    let order: Vec<_> = m.iter().map(|c| c.stats.visits).collect();
    assert_eq!(order, [1450, 7539, 80], "T1's bound is the highest");
    let mut m = moves();
    lcb_first(&mut m, 0.0);
    assert_eq!(m[0].stats.visits, 7539, "off: the most visited");
    let mut m = moves();
    lcb_first(&mut m, 0.5);
    assert_eq!(m[0].stats.visits, 7539, "T1 has too few visits for 0.5");
}
