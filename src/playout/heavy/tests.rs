//! Tests of the heavy playout policy.

use super::*;
use crate::playout::{max_moves, run};
use rand::SeedableRng;

#[test]
fn heavy_playouts_are_legal_and_end() {
    let mut rng = PlayoutRng::seed_from_u64(9);
    for size in [5, 9, 13, 19] {
        for _ in 0..20 {
            let mut b = Board::new(size);
            let r = run(&mut HeavyPolicy::default(), &mut b, Color::Black, &mut rng);
            b.check_consistency().unwrap();
            assert!(r.moves < max_moves(size));
        }
    }
}

/// The tactical answers of `c` to the last move.
fn tactical_moves(board: &Board, c: Color) -> Vec<Point> {
    let params = HeavyParams::default();
    let mut cands = Candidates::new(&params);
    HeavyPolicy::tactical(
        &mut board.clone(),
        c,
        board.last_move().unwrap(),
        &mut cands,
        &params,
    );
    cands.set.as_slice().to_vec()
}

#[test]
fn does_not_extend_into_a_working_ladder() {
    let p = |s| Point::parse(s, 9).unwrap();
    let d3 = p("D3");
    let b = crate::tactics::ladder::classic_ladder(&[]);
    assert!(b.in_atari(p("C3")));
    assert!(tactical_moves(&b, Color::White).is_empty(), "{b}");
    // With a breaker on G7, the extension is the answer.
    let b = crate::tactics::ladder::classic_ladder(&["G7"]);
    assert_eq!(tactical_moves(&b, Color::White), vec![d3], "{b}");
}

#[test]
fn captures_anywhere_when_the_last_move_asks_nothing() {
    let p = |s| Point::parse(s, 9).unwrap();
    // White's G8 was put in atari by Black's H8 earlier; White's last
    // move, B2, leaves nothing to answer near it.
    let mut b = Board::new(9);
    for (c, v) in [
        (Color::Black, "G9"),
        (Color::White, "G8"),
        (Color::Black, "F8"),
        (Color::White, "E5"),
        (Color::Black, "H8"),
        (Color::White, "B2"),
    ] {
        b.play(c, p(v)).unwrap();
    }
    assert_eq!(b.atari_liberty(p("G8")), Some(p("G7")));
    let mut rng = PlayoutRng::seed_from_u64(3);
    for _ in 0..20 {
        let mut copy = b.clone();
        assert_eq!(
            HeavyPolicy::default().choose(&mut copy, Color::Black, &mut rng),
            Some(p("G7")),
            "{b}"
        );
    }
}

#[test]
fn capture_anywhere_avoids_a_snapback() {
    let p = |s| Point::parse(s, 5).unwrap();
    // White's C1 is in atari at B1, but Black taking it there leaves
    // B1-B2-C2 with C1 as its only liberty: White takes three back.
    let snap = Board::from_rows(&[
        ". . . . .",
        ". . . . .",
        "O O O O .",
        "O X X O .",
        "O . O X .",
    ])
    .unwrap();
    let mut rng = PlayoutRng::seed_from_u64(5);
    assert!(snap.in_atari(p("C1")));
    assert_eq!(
        HeavyPolicy::capture_anywhere(&snap, Color::Black, &mut rng, &HeavyParams::default()),
        None
    );
    // With A1 empty the capture leaves two liberties: no snapback.
    let plain = Board::from_rows(&[
        ". . . . .",
        ". . . . .",
        "O O O O .",
        "O X X O .",
        ". . O X .",
    ])
    .unwrap();
    assert_eq!(
        HeavyPolicy::capture_anywhere(&plain, Color::Black, &mut rng, &HeavyParams::default()),
        Some(p("B1"))
    );
}

#[test]
fn last_good_reply_is_learned_and_forgotten() {
    let p = |s| Point::parse(s, 9).unwrap();
    let params = HeavyParams {
        last_good_reply: true,
        nakade: false,
        ..HeavyParams::default()
    };
    let mut policy = HeavyPolicy::new(params);
    // Black answered White's E5 with D4 and won; White's C3 answer
    // to D4 lost.
    let moves = [Some(p("D4")), Some(p("C3")), None];
    policy.learn(Color::Black, Some(p("E5")), moves.into_iter(), true);
    let mut b = Board::new(9);
    b.play(Color::White, p("E5")).unwrap();
    assert_eq!(policy.good_reply(&b, Color::Black, p("E5")), Some(p("D4")));
    assert_eq!(policy.good_reply(&b, Color::White, p("D4")), None);
    let mut rng = PlayoutRng::seed_from_u64(2);
    assert_eq!(policy.choose(&mut b, Color::Black, &mut rng), Some(p("D4")));
    // The same answer losing forgets it.
    policy.learn(
        Color::Black,
        Some(p("E5")),
        [Some(p("D4"))].into_iter(),
        false,
    );
    assert_eq!(policy.good_reply(&b, Color::Black, p("E5")), None);
    // Without the option nothing is kept.
    let mut plain = HeavyPolicy::default();
    plain.learn(Color::Black, Some(p("E5")), moves.into_iter(), true);
    assert_eq!(plain.good_reply(&b, Color::Black, p("E5")), None);
}

/// The candidates' points on a board of side `size`, sorted.
fn sorted_names(cands: &Candidates, size: usize) -> Vec<String> {
    let mut names: Vec<String> = cands
        .set
        .as_slice()
        .iter()
        .map(|q| q.to_gtp(size))
        .collect();
    names.sort();
    names
}

#[test]
fn defends_a_string_left_with_two_liberties() {
    let p = |s| Point::parse(s, 7).unwrap();
    // White's D3 leaves Black's B3-C3 with two liberties, B2 and C2;
    // extending to either gives three.
    let mut b = Board::from_rows(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". O O . . . .",
        "O X X . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ])
    .unwrap();
    b.play(Color::White, p("D3")).unwrap();
    let params = HeavyParams {
        two_liberty_stones: 2,
        ..HeavyParams::default()
    };
    let mut cands = Candidates::new(&params);
    HeavyPolicy::two_liberty_defence(&b, Color::Black, p("D3"), &mut cands, &params);
    assert_eq!(sorted_names(&cands, 7), ["B2", "C2"], "{b}");
    // A single stone is left alone when the option asks for two.
    let params = HeavyParams {
        two_liberty_stones: 3,
        ..params
    };
    let mut cands = Candidates::new(&params);
    HeavyPolicy::two_liberty_defence(&b, Color::Black, p("D3"), &mut cands, &params);
    assert!(cands.set.is_empty());
}

#[test]
fn fights_a_ko_after_a_threat() {
    let p = |s| Point::parse(s, 7).unwrap();
    // Black's C3 takes White's B3: a ko, White may not take back at once.
    let mut b = Board::from_rows(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". X O . . . .",
        "X O . O . . .",
        ". X O . . . .",
        ". . . . . . .",
    ])
    .unwrap();
    b.play(Color::Black, p("C3")).unwrap();
    let mut policy = HeavyPolicy::new(HeavyParams {
        ko_rate: 100,
        ..HeavyParams::default()
    });
    let mut rng = PlayoutRng::seed_from_u64(1);
    policy.begin();
    assert_eq!(policy.ko_fight(&b, Color::White, &mut rng), None);
    // White plays elsewhere (a threat); Black may fill the ko.
    b.play(Color::White, p("F6")).unwrap();
    assert_eq!(policy.ko_fight(&b, Color::Black, &mut rng), Some(p("B3")));
    // Black answers elsewhere instead; White takes the ko back.
    b.play(Color::Black, p("F5")).unwrap();
    assert_eq!(policy.ko_fight(&b, Color::White, &mut rng), Some(p("B3")));
    b.play(Color::White, p("B3")).unwrap();
    // Now Black is banned from C3, and the same follows.
    assert_eq!(policy.ko_fight(&b, Color::Black, &mut rng), None);
    b.play(Color::Black, p("G7")).unwrap();
    assert_eq!(policy.ko_fight(&b, Color::White, &mut rng), Some(p("C3")));
    b.play(Color::White, p("G1")).unwrap();
    assert_eq!(policy.ko_fight(&b, Color::Black, &mut rng), Some(p("C3")));
    // Black gives the ko up: two moves after the ban, the fight is over.
    b.play(Color::Black, p("A7")).unwrap();
    assert_eq!(policy.ko_fight(&b, Color::White, &mut rng), None);
    // And a new playout forgets it.
    b.play(Color::White, p("A6")).unwrap();
    b.play(Color::Black, p("C3")).unwrap();
    assert_eq!(policy.ko_fight(&b, Color::White, &mut rng), None);
    b.play(Color::White, p("G6")).unwrap();
    policy.begin();
    assert_eq!(policy.ko_fight(&b, Color::Black, &mut rng), None);
}

#[test]
fn ataris_a_last_move_left_with_two_liberties() {
    let p = |s| Point::parse(s, 7).unwrap();
    // White's C3 touches Black's B3 and C4: two liberties, C2 and D3,
    // and no friend to connect to: Black may atari at either.
    let mut b = Board::from_rows(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . X . . . .",
        ". X . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ])
    .unwrap();
    b.play(Color::White, p("C3")).unwrap();
    let params = HeavyParams {
        two_liberty_attack: true,
        ..HeavyParams::default()
    };
    let mut cands = Candidates::new(&params);
    HeavyPolicy::two_liberty_attack(&b, Color::Black, p("C3"), &mut cands);
    assert_eq!(sorted_names(&cands, 7), ["C2", "D3"], "{b}");
    // With White's B2 beside C2 the string connects there, and runs
    // out at D3: an atari on either side is answered, so none.
    let mut safe = Board::from_rows(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . X . . . .",
        ". X . . . . .",
        ". O . . . . .",
        ". . . . . . .",
    ])
    .unwrap();
    safe.play(Color::White, p("C3")).unwrap();
    let mut cands = Candidates::new(&params);
    HeavyPolicy::two_liberty_attack(&safe, Color::Black, p("C3"), &mut cands);
    assert!(cands.set.is_empty(), "{safe}");
}

#[test]
fn finds_shapes_around_the_movers_previous_move() {
    let p = |s| Point::parse(s, 9).unwrap();
    // White's E5 makes a diagonal with Black's D4: D5 and E4 are good
    // shapes for either side. Black then plays in the far corner, which
    // makes no shape; White's next move looks around E5 as well.
    let start = Board::from_rows(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . X . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ])
    .unwrap();
    let shape_moves = |shapes_second, seed| {
        let mut policy = HeavyPolicy::new(HeavyParams {
            shapes_second,
            ..HeavyParams::default()
        });
        let mut rng = PlayoutRng::seed_from_u64(seed);
        let mut b = start.clone();
        policy.begin();
        b.play(Color::White, p("E5")).unwrap();
        policy.choose(&mut b, Color::Black, &mut rng);
        b.play(Color::Black, p("A9")).unwrap();
        let m = policy.choose(&mut b, Color::White, &mut rng);
        m == Some(p("D5")) || m == Some(p("E4"))
    };
    assert!((0..50).all(|seed| shape_moves(true, seed)));
    assert!((0..50).filter(|&seed| shape_moves(false, seed)).count() < 10);
}

#[test]
fn fill_board_plays_in_empty_squares() {
    let params = HeavyParams {
        fill_board: 50,
        ..HeavyParams::default()
    };
    let mut rng = PlayoutRng::seed_from_u64(6);
    let b = Board::new(9);
    for _ in 0..100 {
        let mut copy = b.clone();
        let p = HeavyPolicy::new(params)
            .choose(&mut copy, Color::Black, &mut rng)
            .unwrap();
        assert_eq!(b.neighbourhood(p), ALL_EMPTY, "{}", p.to_gtp(9));
    }
}

#[test]
fn plays_the_vital_point_of_a_small_eye_space() {
    let p = |s| Point::parse(s, 5).unwrap();
    // White's D1 closes a straight three A1-C1; Black kills at B1,
    // whatever else the board offers.
    let mut b = Board::from_rows(&[
        ". . . . .",
        ". . . . .",
        ". . . . .",
        "O O O O .",
        ". . . . .",
    ])
    .unwrap();
    b.play(Color::White, p("D1")).unwrap();
    let mut rng = PlayoutRng::seed_from_u64(4);
    let params = HeavyParams {
        nakade: true,
        ..HeavyParams::default()
    };
    for _ in 0..10 {
        let mut copy = b.clone();
        assert_eq!(
            HeavyPolicy::new(params).choose(&mut copy, Color::Black, &mut rng),
            Some(p("B1"))
        );
    }
}

#[test]
fn captures_the_last_move_in_atari() {
    let p = |s| Point::parse(s, 5).unwrap();
    let mut again = Board::from_rows(&[
        ". . . . .",
        ". X . . .",
        "X . . . .",
        ". X . . .",
        ". . . . .",
    ])
    .unwrap();
    // White's B3 is the last move and is in atari at C3.
    again.play(Color::White, p("B3")).unwrap();
    let mut rng = PlayoutRng::seed_from_u64(1);
    for _ in 0..20 {
        let mut copy = again.clone();
        assert_eq!(
            HeavyPolicy::default().choose(&mut copy, Color::Black, &mut rng),
            Some(p("C3"))
        );
    }
}

/// The shortcuts of the playouts' reads agree with `move_effect` on every
/// point of random positions: the acceptability test, the liberties of
/// an extension (`extension_liberties`) and the snapback test.
#[test]
fn shortcuts_agree_with_move_effect() {
    use crate::board::Bitboard;
    use crate::playout::random_position;
    let mut rng = PlayoutRng::seed_from_u64(11);
    let mut met = [0usize; 3];
    for size in [7, 9, 13, 19] {
        for game in 0..25 {
            let b = random_position(size, size * size / 3 + game * size / 4, &mut rng);
            for p in b.points() {
                for c in Color::BOTH {
                    let e = b.is_empty_at(p).then(|| move_effect(&b, c, p));
                    for max in [0, 1, 2] {
                        let want = e.is_some_and(|e| {
                            b.is_legal(c, p)
                                && !b.is_true_eye(c, p)
                                && !(e.is_self_atari() && e.stones > max)
                        });
                        assert_eq!(acceptable(&b, c, p, max), want, "{}", p.to_gtp(size));
                    }
                    let Some(e) = e else { continue };
                    // Beside each own string of one or two liberties, `p`
                    // one of them: the extension's liberties.
                    for n in b.neighbours(p) {
                        let libs = b.liberties(n);
                        if b.color_at(n) != Some(c) || libs.count() > 2 || !libs.contains(p) {
                            continue;
                        }
                        met[0] += 1;
                        let other = (libs - Bitboard::single(p)).first();
                        let want = if b.is_legal(c, p) { e.liberties } else { 0 };
                        let got = extension_liberties(&b, c, p, b.string_head(n), other);
                        assert_eq!(got, want, "{}", p.to_gtp(size));
                    }
                    // A capture of a string in atari: the snapback test.
                    for m in b.neighbours(p) {
                        if b.color_at(m) == Some(!c) && b.in_atari(m) && b.is_legal(c, p) {
                            met[1] += 1;
                            let want = e.captures == 1 && e.liberties == 1 && e.stones >= 2;
                            assert_eq!(is_snapback(&b, c, p, m), want, "{}", p.to_gtp(size));
                            met[2] += usize::from(want);
                        }
                    }
                }
            }
        }
    }
    assert!(met.iter().all(|&n| n > 0), "{met:?}");
}
