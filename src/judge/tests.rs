//! Tests of the judgement on hand-made positions.

use super::*;
use crate::board::{Point, Rules};

fn game(rows: &[&str], komi: f64) -> Game {
    Game::from_rows(rows, komi, Rules::chinese()).unwrap()
}

#[test]
fn dead_stone_in_territory() {
    let g = game(
        &[
            ". . X O . . . . .",
            "O . X O . . . . .",
            ". . X O . . O . .",
            ". X X O . . . . .",
            "X . X O . . . . .",
            ". X X O . . . . .",
            ". X . X O . . . .",
            ". X X X O . . X .",
            ". . . X O . . . .",
        ],
        7.5,
    );
    let j = judge(&g, JudgeParams::new(1));
    let p = |s| Point::parse(s, 9).unwrap();
    assert!(!j.dead.contains(p("C9")));
    assert!(!j.dead.contains(p("D9")));
    assert!(
        !j.dead.contains(p("G7")),
        "white's own stone in its area lives"
    );
    assert!(
        !j.dead.contains(p("A5")),
        "black's own stone in its area lives"
    );
    assert!(j.dead.contains(p("A8")), "white stone inside black's area");
    assert!(j.dead.contains(p("H2")), "black stone inside white's area");
    let (_, score) = g.score(j.dead, j.seki);
    assert!(score.0 < 0.0, "{score:?}");
}

#[test]
fn seki_is_found_and_kept_alive() {
    // White D1-D4 E4 E1 and Black F1-F4 share E2 and E3 and have no
    // other liberty: whoever fills one is captured and the other side
    // lives in the space. A seki.
    let g = game(
        &[
            ". . . . X O . . .",
            ". . . . X O . . .",
            ". . . . X O . . .",
            ". . . . X O . . .",
            ". . X X X O O . .",
            ". . X O O X O . .",
            ". . X O . X O . .",
            ". . X O . X O . .",
            ". . X O O X O . .",
        ],
        7.5,
    );
    let p = |s| Point::parse(s, 9).unwrap();
    let seki = seki_stones(g.board(), None);
    let expected: Bitboard = ["D1", "D2", "D3", "D4", "E4", "E1", "F1", "F2", "F3", "F4"]
        .into_iter()
        .map(p)
        .collect();
    assert_eq!(seki, expected);
    let j = judge(&g, JudgeParams::new(1));
    assert!((j.dead & expected).is_empty(), "seki stones judged dead");
    let (count, _) = g.score(j.dead, j.seki);
    for shared in ["E2", "E3"] {
        assert!(!count.area.territory_points[Color::Black].contains(p(shared)));
        assert!(!count.area.territory_points[Color::White].contains(p(shared)));
    }
    // No seki where the shared points are plain liberties.
    assert!(seki_stones(&Board::new(7), None).is_empty());
}

#[test]
fn a_stone_in_an_open_ko_lives() {
    // White's C2 is in atari; Black takes it only as a ko (D2 keeps
    // one liberty, C2), and White's D2 joins D1-E3: a ko is not taken
    // at the count. Black's lone A8 inside White's corner is in atari
    // too, but White takes it for good: no ko.
    let g = game(
        &[
            ". . . X O . . . .",
            "X O . X O . . . .",
            "O . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . X X O . . . .",
            ". X X O O . . . .",
            ". X O . O . . . .",
            ". X X O O . . . .",
        ],
        7.5,
    );
    let b = g.board();
    let p = |s| Point::parse(s, 9).unwrap();
    let c2 = b.string_bitboard(p("C2"));
    assert!(in_open_ko(b, c2, Color::White, Bitboard::EMPTY));
    // Not when the strings it would join are dead.
    let wall = b.string_bitboard(p("D1"));
    assert!(!in_open_ko(b, c2, Color::White, wall));
    let a8 = b.string_bitboard(p("A8"));
    assert!(!in_open_ko(b, a8, Color::Black, Bitboard::EMPTY));
    let j = judge(&g, JudgeParams::new(1));
    assert!(!j.dead.contains(p("C2")));
}

#[test]
fn a_seki_inside_each_others_walls() {
    // Issue 45's seki: Black D1-D3 and White B1 B2 B3 C3 share C1 and
    // C2 and have no other liberty. Whoever fills one is taken, but
    // the stones taken leave their space to a living wall (White's
    // D4-E4, Black's A1-C4), so neither filling is a throw-in that
    // kills. GNU Go and Pachi: seki, W+38.5.
    let g = game(
        &[
            ". . X O . . . . .",
            ". . X O . . . . .",
            ". . X O . . . . .",
            ". . X O . . . . .",
            ". . X O . . . . .",
            "X X X O O . . . .",
            "X O O X O . . . .",
            "X O . X O . . . .",
            "X O . X O . . . .",
        ],
        7.5,
    );
    let p = |s| Point::parse(s, 9).unwrap();
    let expected: Bitboard = ["B1", "B2", "B3", "C3", "D1", "D2", "D3"]
        .into_iter()
        .map(p)
        .collect();
    assert_eq!(seki_stones(g.board(), None), expected);
    let j = judge(&g, JudgeParams::new(1));
    assert!(j.dead.is_empty(), "{:?}", j.dead);
    assert_eq!(j.seki, expected);
    assert_eq!(g.result_text(g.score(j.dead, j.seki).1), "W+38.5");
}

#[test]
fn a_seki_of_three_shared_liberties_without_eyes() {
    // Game 81 of the 500-game 9x9 soak: White's 16 stones (F1-J5) and
    // Black's G2 H2 J2 have only G3, J3 and J1, shared, and no eye.
    // Filling one leaves both with two; whoever fills the next is
    // taken. A seki (GNU Go: seki too). Tianyuan called White dead.
    let g = game(
        &[
            "O X . O O X . . .",
            "O O O O X X . . X",
            "O . O O X . X . .",
            "O O X O X X . X X",
            "X X X X X O X X O",
            ". . X X O O O O O",
            ". . X O O O . O .",
            ". . X X O O X X X",
            ". . . X X O O O .",
        ],
        7.5,
    );
    let p = |s| Point::parse(s, 9).unwrap();
    let white = g.board().string_bitboard(p("F1"));
    let black = g.board().string_bitboard(p("G2"));
    assert_eq!(white.count(), 16);
    assert_eq!(seki_stones(g.board(), None), white | black);
    let j = judge(&g, JudgeParams::new(1));
    assert!((j.dead & (white | black)).is_empty(), "{:?}", j.dead);
    // With a one-stone thrower there is no seki: Black's D2 shares C2,
    // E2 and D1 with White's string, but Black fills C2 and E2 and,
    // taken, leaves White the straight three C2-D2-E2, one eye.
    let small = game(
        &[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "X X X X X X X",
            "X O O O O O X",
            "X O . X . O X",
            "X O O . O O X",
        ],
        7.5,
    );
    assert!(seki_stones(small.board(), None).is_empty());
    // Nor where the taken stones leave a square four: White's A6 B6
    // and Black's string share A7, A5 and B5; White fills A5 and B5,
    // Black takes four stones and has one eye (as in
    // 13x13/ty100-gg8-13-a-003 of the test set).
    let square = game(
        &[
            ". X X O . . .",
            "O O X O . . .",
            ". . X O . . .",
            "X X X O . . .",
            "O O O O . . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        7.5,
    );
    assert!(seki_stones(square.board(), None).is_empty());
}

#[test]
fn a_filling_that_only_helps_the_other_side_is_no_approach() {
    // Game 202 of the second 500-game 9x9 soak: Black's 16 stones at
    // the top left and White's B8 C8 B9 C9 inside share B7, A9 and D9,
    // with no eye. Black's B7 would let White throw in at A9 and leave
    // Black a bulky five, but Black need not play it; White's fillings
    // leave Black six points, two eyes. A seki (GNU Go: seki too).
    let g = game(
        &[
            ". O O . X X X O .",
            "X O O X X X O . O",
            "X . X X O O . O X",
            "X X X X O O O X X",
            "X O X O X . O X .",
            "O O O O O O O X X",
            "X X X O O X X O .",
            "O X O X X . X X X",
            ". X . X . X . X .",
        ],
        7.5,
    );
    let p = |s| Point::parse(s, 9).unwrap();
    let b = g.board();
    let cluster = b.string_bitboard(p("A5")) | b.string_bitboard(p("B8"));
    assert_eq!(b.string_bitboard(p("A5")).count(), 16);
    assert_eq!(seki_stones(b, None) & cluster, cluster);
}

#[test]
fn a_throw_in_that_only_one_side_has_kills() {
    // Game 13 of the 19x19 soak (2026-12-02), White to move: Black's
    // ten stones at the bottom left and White's A1 B1 share A2 and C1,
    // with no eye. Black filling either is a self-atari of eleven
    // stones; White's A2 gives up three stones and leaves Black a bent
    // three, one eye. Black is dead, White's two stones live (GNU Go
    // too); tianyuan had it the other way round.
    let g = game(
        &[
            "O O X X . . O . O O O O . . O O . O .",
            ". . O O X X X O . O X X O O . . O . O",
            "O O O . O O O O O X X X O O . O O O X",
            "X O O . O O X X O O X O O O O X X X X",
            "X X O O X O X X X X X X O O X O O . O",
            ". X X X X X X O X O X X X X X X O O .",
            ". . . . O O X O O O X . X . X O O . O",
            ". X . O . O O X X O O X O O X O X O O",
            ". X . O O O X . X O O X X X O O X X X",
            ". . X X X X X . X X O O X . X X X . .",
            ". . . . . . O X X O O O X X O O X . .",
            ". . . . X . X . X X O O O X O X X O .",
            "X X X X . X . . . O X O O O O O X X .",
            "O O X O X X X X . . X X X O O X . . X",
            "O O O O O X O O X X X . X O X X . X O",
            "X O X O X X O O X O O X X O X X X X O",
            "X X X O O X O . O O O O X O O X X O O",
            ". X X X O O . O O . O X X O . O X O .",
            "O O . X X O O O . O X X O O O . O . O",
        ],
        7.5,
    );
    let p = |s| Point::parse(s, 19).unwrap();
    let black = g.board().string_bitboard(p("A3"));
    assert_eq!(black.count(), 10);
    let (killed, killers) = seki::one_sided_approaches(g.board(), None);
    assert_eq!(killed & black, black);
    assert!(killers.contains(p("A1")) && killers.contains(p("B1")));
    let j = judge(&g, JudgeParams::new(1));
    assert_eq!(j.dead & black, black, "{:?}", j.dead);
    assert!(!j.dead.contains(p("A1")) && !j.dead.contains(p("B1")));
}

#[test]
fn a_cyclic_seki_of_three_strings() {
    // Game 235 of the 500-game 9x9 soak: Black's 12 stones (C2-J5)
    // have F1 and the eye J3, White's G1 H1 H2 have F1 and J1, Black's
    // J2 has J1 and J3. Each filling is a self-atari; Black's J1 gives
    // up two stones to White's J3, which Black retakes at J2: no side
    // gains. A seki (GNU Go: seki too); tianyuan called White dead, a
    // throw-in, as if White's J3 joined a white string.
    let g = game(
        &[
            "X X . . . . . . .",
            "O X X X X . . . .",
            "O O O X . X X X X",
            "O . O O X X O O O",
            "X O . O X O O O X",
            ". O O . O O O X X",
            "O . O O O X X X .",
            "X O X X X X X O X",
            ". O O O X . O O .",
        ],
        7.5,
    );
    let p = |s| Point::parse(s, 9).unwrap();
    let b = g.board();
    let cluster =
        b.string_bitboard(p("E1")) | b.string_bitboard(p("G1")) | b.string_bitboard(p("J2"));
    assert_eq!(b.string_bitboard(p("E1")).count(), 12);
    assert_eq!(seki_stones(b, None) & cluster, cluster);
    let j = judge(&g, JudgeParams::new(1));
    assert!((j.dead & cluster).is_empty(), "{:?}", j.dead);
}

#[test]
fn a_straight_three_with_its_vital_point_taken_is_no_seki() {
    // White B1 B2..F2 F1 and Black D1 share C1 and E1, and either side
    // filling one is a self-atari; but Black's C1 is a throw-in: White
    // takes two stones and is left with a two-point eye. White is dead.
    let g = game(
        &[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "X X X X X X X",
            "X O O O O O X",
            "X O . X . O X",
        ],
        7.5,
    );
    let p = |s| Point::parse(s, 7).unwrap();
    assert!(seki_stones(g.board(), None).is_empty());
    let j = judge(&g, JudgeParams::new(1));
    assert!(j.dead.contains(p("B2")) && j.dead.contains(p("F1")));
    assert!(!j.dead.contains(p("D1")));
}

/// White's D1-J3 string has the eye E2 and shares H2 with Black's
/// G1-H1 and J2, whose eye J1 leans on both of them.
const SEKI_WITH_AN_EYE_EACH: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . X X X X X X X",
    ". . X O O O O O O",
    ". . X O . O O . X",
    ". . X O O O X X .",
];

#[test]
fn seki_with_an_eye_each() {
    // White's D1-J3 string has the eye E2 and shares H2 with Black's
    // G1-H1 and J2, whose eye J1 leans on both of them. Either side
    // filling H2 is captured: a seki of four strings, all alive.
    let rows = SEKI_WITH_AN_EYE_EACH;
    let g = game(&rows, 7.5);
    let p = |s| Point::parse(s, 9).unwrap();
    let expected: Bitboard = [
        "D3", "E3", "F3", "G3", "H3", "J3", "D2", "F2", "G2", "D1", "E1", "F1", "G1", "H1", "J2",
    ]
    .into_iter()
    .map(p)
    .collect();
    assert_eq!(seki_stones(g.board(), None), expected);
    // Without J2, J1 is no eye and White can approach from J2: no seki.
    let mut rows_j2 = rows;
    rows_j2[7] = ". . X O . O O . .";
    let g = game(&rows_j2, 7.5);
    assert_eq!(seki_stones(g.board(), None), Bitboard::EMPTY);
}

#[test]
fn eyes_in_seki_count_for_nobody_under_territory_counting() {
    // The seki of `seki_with_an_eye_each`: Black's wall has the 53
    // points outside; White's eye E2 and Black's eye J1 are in the seki.
    let rows = SEKI_WITH_AN_EYE_EACH;
    let mut g = game(&rows, 7.5);
    let j = judge(&g, JudgeParams::new(1));
    assert!(j.dead.is_empty(), "{:?}", j.dead);
    // Chinese: Black 13 stones + 54 points, White 12 + 1 (E2).
    assert_eq!(
        g.score(j.dead, j.seki).1,
        crate::board::Score(67.0 - 13.0 - 7.5)
    );
    // Japanese: Black 53 points (J1 is in the seki), White none.
    g.set_rules(Rules::japanese());
    let (count, score) = g.score(j.dead, j.seki);
    assert_eq!(count.seki_territory.0.map(|t| t.count()), [1, 1]);
    assert_eq!(score, crate::board::Score(53.0 - 7.5));
}

#[test]
fn an_eye_that_leans_on_a_capturable_string_is_no_seki() {
    // A 9x9 match game's end (game 18 of a 100-game run against GNU Go):
    // White J8 and H9 sit in Black's corner. J8 shares J7 with Black's
    // G7-H8-J6 string, and J9 looks like White's eye, but it leans on
    // H9, which Black captures from G9; then J8 falls too. No seki:
    // both white stones are dead and the black string lives (GNU Go:
    // W+0.5 with H9 and J8 dead).
    let g = game(
        &[
            ". . . . X X . O .",
            ". X . . . X . X O",
            "X X X X X O X X .",
            "O O X X O O O X X",
            "X O X O O . . O O",
            "X O O O . . . . O",
            "X X X O O . O O .",
            ". X . X O . . . O",
            ". . X X O . . . .",
        ],
        7.5,
    );
    let p = |s| Point::parse(s, 9).unwrap();
    assert_eq!(seki_stones(g.board(), None), Bitboard::EMPTY);
    let j = judge(&g, JudgeParams::new(1));
    assert!(j.dead.contains(p("J8")) && j.dead.contains(p("H9")));
    assert!(!j.dead.contains(p("H8")));
}

#[test]
fn refined_ownership_is_per_string_and_certain_where_benson_says() {
    // Black's wall has the eyes B5 and D4-D5 (White's D5 inside): alive
    // unconditionally. White's E3-F3 string gets one mean value.
    let b = Board::from_rows(&[
        "X X X X X . .",
        "X . X O X . .",
        "X X X . X . .",
        ". . X X X . .",
        ". . . . O O .",
        ". . . . . . .",
        ". . . . . . .",
    ])
    .unwrap();
    let p = |s| Point::parse(s, 7).unwrap();
    let mut own = vec![0.0; crate::board::ARRAY_SIZE];
    own[p("E3").index()] = -0.2;
    own[p("F3").index()] = -0.6;
    own[p("A7").index()] = 0.3;
    refine_ownership(&b, &mut own);
    assert!((own[p("E3").index()] + 0.4).abs() < 1e-9);
    assert_eq!(own[p("E3").index()], own[p("F3").index()]);
    for v in ["A7", "E5", "B6", "D4", "D6"] {
        assert_eq!(own[p(v).index()], 1.0, "{v}");
    }
    assert_eq!(own[p("G1").index()], 0.0);
}

#[test]
fn strings_in_atari_are_taken_but_not_a_ko_or_a_snapback() {
    let p = |s| Point::parse(s, 7).unwrap();
    // White's C5 is in atari at D5: Black takes it for good.
    let g = game(
        &[
            ". . . . . . .",
            ". . X . . . .",
            ". X O . . . .",
            ". . X . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        7.5,
    );
    assert_eq!(capturable_at_once(g.board()), Bitboard::single(p("C5")));
    // A ko: White's D4 is in atari at C4, but Black's C4 would be in
    // atari at D4 at once.
    let ko = game(
        &[
            ". . . . . . .",
            ". . X O . . .",
            ". X . X O . .",
            ". . X O . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        7.5,
    );
    assert!(ko.board().in_atari(p("D5")));
    assert!(capturable_at_once(ko.board()).is_empty());
    // A snapback: White's C1 is in atari at B1, but Black's B1 would
    // leave B1-B2-C2 with C1 its only liberty.
    let snap = game(
        &[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "O O O O . . .",
            "O X X O . . .",
            "O . O X . . .",
        ],
        7.5,
    );
    assert!(snap.board().in_atari(p("C1")));
    assert!(!capturable_at_once(snap.board()).contains(p("C1")));
}
