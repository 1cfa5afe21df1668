//! Rule tests of the board and game, and property tests over random games.

use super::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn pt(s: &str, size: usize) -> Point {
    Point::parse(s, size).unwrap()
}

fn play(g: &mut Game, c: Color, v: &str) -> Result<MoveInfo, IllegalMove> {
    let size = g.size();
    g.play(c, Move::parse(v, size).unwrap())
}

#[test]
fn capture_removes_strings_without_liberties() {
    let mut b = Board::from_rows(&[
        ". . . . .",
        ". X . . .",
        "X O . . .",
        ". X . . .",
        ". . . . .",
    ])
    .unwrap();
    let b3 = pt("B3", 5);
    assert!(b.in_atari(b3));
    assert_eq!(b.atari_liberty(b3), Some(pt("C3", 5)));
    let info = b.play(Color::Black, pt("C3", 5)).unwrap();
    assert_eq!(info.captured, 1);
    assert_eq!(b.color_at(b3), None);
    assert_eq!(b.captures(Color::Black), 1);
    b.check_consistency().unwrap();
}

#[test]
fn atari_liberty_is_the_last_liberty() {
    let b = Board::from_rows(&[
        ". . . . .",
        ". X X . .",
        "X O O X .",
        ". X . . .",
        ". . . . .",
    ])
    .unwrap();
    let s = pt("B3", 5);
    assert_eq!(b.liberty_count(s), 1);
    assert_eq!(b.atari_liberty(s), Some(pt("C2", 5)));
    assert_eq!(b.string_size(s), 2);
    assert_eq!(b.liberty_count(pt("B4", 5)), 4);
    assert!(!b.in_atari(pt("B4", 5)));
}

#[test]
fn suicide_of_one_or_many_stones_is_illegal() {
    let b = Board::from_rows(&[
        ". X . . .",
        "X . . . .",
        ". . . . .",
        "O O X . .",
        ". O X . .",
    ])
    .unwrap();
    assert_eq!(
        b.check_legal(Color::White, pt("A5", 5)),
        Err(IllegalMove::Suicide)
    );
    assert!(b.is_legal(Color::Black, pt("A5", 5)));
    // White A2 B2 B1 keeps A3 and B3, so Black A1 captures nothing and has
    // no liberty.
    assert_eq!(
        b.check_legal(Color::Black, pt("A1", 5)),
        Err(IllegalMove::Suicide)
    );
    // Five White stones whose last liberty is A2: filling it is suicide.
    let many = Board::from_rows(&[
        ". . . . .",
        "X X X . .",
        "O O X . .",
        ". O X . .",
        "O O X . .",
    ])
    .unwrap();
    assert_eq!(many.liberty_count(pt("A1", 5)), 1);
    assert_eq!(
        many.check_legal(Color::White, pt("A2", 5)),
        Err(IllegalMove::Suicide)
    );
    assert_eq!(
        many.check_legal(Color::Black, pt("C3", 5)),
        Err(IllegalMove::Occupied)
    );
    assert!(many.is_legal(Color::Black, pt("A2", 5)));
}

#[test]
fn capture_comes_before_suicide() {
    let mut b = Board::from_rows(&[
        ". O X . .",
        "O X . . .",
        "X . . . .",
        ". . . . .",
        ". . . . .",
    ])
    .unwrap();
    // Black A5 has no empty neighbour, but it takes the last liberty of
    // White B5 and of White A4, which are removed first.
    let info = b.play(Color::Black, pt("A5", 5)).unwrap();
    assert_eq!(info.captured, 2);
    assert_eq!(b.color_at(pt("B5", 5)), None);
    assert_eq!(b.color_at(pt("A4", 5)), None);
    assert_eq!(b.liberty_count(pt("A5", 5)), 2);
    b.check_consistency().unwrap();
}

#[test]
fn simple_ko_forbids_the_immediate_recapture() {
    let board = Board::from_rows(&[
        ". . . . .",
        ". X O . .",
        "X O . O .",
        ". X O . .",
        ". . . . .",
    ])
    .unwrap();
    let mut g = Game::new(5, 7.5, Rules::chinese());
    let (black, white): (Vec<Point>, Vec<Point>) = (
        board.stones(Color::Black).iter().collect(),
        board.stones(Color::White).iter().collect(),
    );
    g.setup(&black, &white, &[]).unwrap();
    let info = play(&mut g, Color::Black, "C3").unwrap();
    assert_eq!(info.captured, 1);
    assert_eq!(info.ko, Some(pt("B3", 5)));
    assert_eq!(play(&mut g, Color::White, "B3"), Err(IllegalMove::Ko));
    assert_eq!(g.board().ko_point(Color::White), Some(pt("B3", 5)));
    // A ko threat and its answer lift the ban.
    play(&mut g, Color::White, "E5").unwrap();
    play(&mut g, Color::Black, "E1").unwrap();
    assert_eq!(play(&mut g, Color::White, "B3").unwrap().captured, 1);
    // White's recapture is a ko capture too: now Black may not retake at once.
    assert_eq!(play(&mut g, Color::Black, "C3"), Err(IllegalMove::Ko));
    g.board().check_consistency().unwrap();
}

#[test]
fn rules_row_13_counting_example() {
    // RULES.md row 13: Black 184 points, White 177, on 19x19.
    let size = 19;
    let mut black = Vec::new();
    let mut white = Vec::new();
    for x in 0..size {
        let (b, w) = if x <= 12 {
            ((x, 9), (x, 10))
        } else {
            ((x, 8), (x, 9))
        };
        black.push(Point::new(b.0, b.1, size).unwrap());
        white.push(Point::new(w.0, w.1, size).unwrap());
    }
    let mut g = Game::new(size, 7.5, Rules::chinese());
    g.setup(&black, &white, &[]).unwrap();
    let (count, score) = g.score(Bitboard::EMPTY, Bitboard::EMPTY);
    assert_eq!(count.area.area(Color::Black), 184);
    assert_eq!(count.area.area(Color::White), 177);
    // With 3¾ stones komi White wins by ¼ stone, half a point.
    assert_eq!(score, Score(-0.5));
    assert_eq!(score.to_string(), "W+0.5");
    // Without komi Black wins by 3½ stones, 7 points.
    g.set_komi(0.0);
    assert_eq!(g.score(Bitboard::EMPTY, Bitboard::EMPTY).1, Score(7.0));
}

#[test]
fn handicap_compensation_is_one_point_per_stone() {
    let mut g = Game::new(19, 0.5, Rules::chinese());
    g.fixed_handicap(9).unwrap();
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.handicap_stones().len(), 9);
    let (count, score) = g.score(Bitboard::EMPTY, Bitboard::EMPTY);
    assert_eq!(count.area.area(Color::Black), 361);
    assert_eq!(score, Score(361.0 - 0.5 - 9.0));
    assert_eq!(g.fixed_handicap(2), Err(HandicapError::BoardNotEmpty));
}

#[test]
fn black_plays_before_white_are_handicap() {
    let mut g = Game::new(9, 0.5, Rules::chinese());
    play(&mut g, Color::Black, "C3").unwrap();
    assert!(g.handicap_stones().is_empty());
    play(&mut g, Color::Black, "G7").unwrap();
    assert_eq!(g.handicap_stones().len(), 2);
    play(&mut g, Color::White, "E5").unwrap();
    play(&mut g, Color::Black, "E3").unwrap();
    assert_eq!(g.handicap_stones().len(), 2);
    let mut even = Game::new(9, 7.5, Rules::chinese());
    play(&mut even, Color::Black, "E5").unwrap();
    play(&mut even, Color::White, "C3").unwrap();
    play(&mut even, Color::Black, "G7").unwrap();
    assert!(even.handicap_stones().is_empty());
}

#[test]
fn undo_restores_the_exact_position() {
    let mut g = Game::new(9, 7.5, Rules::chinese());
    let mut rng = SmallRng::seed_from_u64(7);
    let mut snapshots = vec![(
        g.board().hash(),
        g.board().stones(Color::Black),
        g.to_move(),
    )];
    for _ in 0..60 {
        let c = g.to_move();
        let legal = g.legal_points(c);
        let mv = if legal.is_empty() {
            Move::Pass
        } else {
            Move::Play(legal[rng.gen_range(0..legal.len())])
        };
        g.play(c, mv).unwrap();
        snapshots.push((
            g.board().hash(),
            g.board().stones(Color::Black),
            g.to_move(),
        ));
    }
    while g.undo() {
        snapshots.pop();
        let &(h, b, c) = snapshots.last().unwrap();
        assert_eq!(
            (
                g.board().hash(),
                g.board().stones(Color::Black),
                g.to_move()
            ),
            (h, b, c)
        );
        g.board().check_consistency().unwrap();
    }
    assert_eq!(snapshots.len(), 1);
    assert!(g.moves().is_empty());
}

/// Random games on many sizes: after every move the incremental state
/// matches a recomputation, game legality agrees with playing, and so do
/// the hash and the ko read without playing.
#[test]
fn random_games_stay_consistent() {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut kos = 0;
    for size in [2, 3, 4, 5, 7, 9, 13, 19, 25] {
        for _ in 0..if size > 13 { 1 } else { 4 } {
            let mut g = Game::new(size, 7.5, Rules::chinese());
            for _ in 0..size * size * 3 {
                let c = g.to_move();
                let legal = g.legal_points(c);
                for p in g.board().empty_points().iter() {
                    let ok = legal.contains(&p);
                    let mut copy = g.board().clone();
                    // Superko aside, the board agrees with the game.
                    let hash = g.board().hash_after(c, p);
                    let board_ok = copy.play(c, p).is_ok();
                    assert!(board_ok || !ok);
                    // The hash after the move, computed without playing it.
                    assert_eq!(hash.is_ok(), board_ok);
                    if board_ok {
                        assert_eq!(hash, Ok(copy.hash()));
                        assert_eq!(g.board().ko_after(c, p), copy.ko_point(!c));
                        kos += usize::from(copy.ko_point(!c).is_some());
                    }
                    if board_ok && !ok {
                        assert_eq!(g.check_legal(c, p), Err(IllegalMove::Superko));
                    }
                }
                if legal.is_empty() || rng.gen_ratio(1, 50) {
                    g.play(c, Move::Pass).unwrap();
                } else {
                    let p = legal[rng.gen_range(0..legal.len())];
                    g.play(c, Move::Play(p)).unwrap();
                }
                g.board().check_consistency().unwrap();
                if g.is_over() {
                    break;
                }
            }
        }
    }
    assert!(kos > 0, "no ko was met");
}

#[test]
fn positional_superko_forbids_any_repetition() {
    // Search random games on 3x3 for a move that simple ko allows and
    // positional superko forbids, then check that the game refuses it and
    // that the position it would make was seen before.
    let mut rng = SmallRng::seed_from_u64(1);
    let mut found = 0;
    for _ in 0..300 {
        let mut g = Game::new(3, 0.0, Rules::chinese());
        let mut seen = vec![g.board().hash()];
        for _ in 0..60 {
            let c = g.to_move();
            for p in g.board().empty_points().iter() {
                let mut b = g.board().clone();
                if b.play(c, p).is_ok() {
                    let repeats = seen.contains(&b.hash());
                    assert_eq!(g.check_legal(c, p) == Err(IllegalMove::Superko), repeats);
                    found += usize::from(repeats);
                }
            }
            let legal = g.legal_points(c);
            if legal.is_empty() {
                g.play(c, Move::Pass).unwrap();
            } else {
                g.play(c, Move::Play(legal[rng.gen_range(0..legal.len())]))
                    .unwrap();
            }
            seen.push(g.board().hash());
        }
    }
    assert!(found > 10, "only {found} superko cases found");
}

#[test]
fn copy_from_gives_an_equal_board() {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut big = Board::new(19);
    for _ in 0..200 {
        let pts: Vec<Point> = big.empty_points().iter().collect();
        let p = pts[rng.gen_range(0..pts.len())];
        let _ = big.play(Color::Black, p);
    }
    let mut small = Board::new(5);
    small.play(Color::White, pt("C3", 5)).unwrap();
    // A 19x19 board copied onto a 5x5 one and back.
    small.copy_from(&big);
    small.check_consistency().unwrap();
    assert_eq!(small.hash(), big.hash());
    assert_eq!(small.to_string(), big.to_string());
    let five = Board::from_rows(&[
        ". . . . .",
        ". X . . .",
        ". O . . .",
        ". . . . .",
        ". . . . .",
    ])
    .unwrap();
    small.copy_from(&five);
    small.check_consistency().unwrap();
    assert_eq!(small.to_string(), five.to_string());
}

#[test]
fn board_state_is_a_few_kilobytes() {
    // Fixed arrays sized for 25x25, no heap: a copy is a memcpy, and
    // `copy_from` copies only the part a 19x19 board uses.
    let size = std::mem::size_of::<Board>();
    assert!(size < 18 * 1024, "{size} bytes");
    let grid = Point::grid_len(19);
    let string_data = 16; // StringData: counts, sums, and the two moments of the screen
    let used_19 =
        grid * (1 + 2 + 2 + string_data + 2) + 361 * 2 + 3 * std::mem::size_of::<Bitboard>();
    assert!(used_19 < 11 * 1024, "{used_19} bytes");
}

/// The board's list of strings left in atari finds every string in atari
/// (as long as no more than 16 have been in atari at once) and nothing
/// else, through captures, merges and saves in random games.
#[test]
fn strings_in_atari_are_all_found() {
    let mut rng = SmallRng::seed_from_u64(16);
    let mut checked = 0;
    for size in [5, 9, 13, 19] {
        for _ in 0..6 {
            let mut b = Board::new(size);
            let mut c = Color::Black;
            let mut most = 0;
            for _ in 0..size * size * 2 {
                let empty: Vec<Point> = b.empty_points().iter().collect();
                let legal: Vec<Point> = empty
                    .into_iter()
                    .filter(|&p| b.is_legal(c, p) && !b.is_true_eye(c, p))
                    .collect();
                if legal.is_empty() {
                    break;
                }
                b.play(c, legal[rng.gen_range(0..legal.len())]).unwrap();
                c = !c;
                let mut in_atari: Vec<Point> = (0..size * size)
                    .map(|i| Point::from_xy_unchecked(i % size, i / size, size))
                    .filter(|&p| b.color_at(p).is_some() && b.in_atari(p))
                    .map(|p| b.string_head(p))
                    .collect();
                in_atari.sort_by_key(|p| p.index());
                in_atari.dedup();
                let mut found: Vec<Point> =
                    b.strings_in_atari().map(|p| b.string_head(p)).collect();
                found.sort_by_key(|p| p.index());
                found.dedup();
                most = most.max(in_atari.len());
                assert!(found.iter().all(|p| in_atari.contains(p)), "{b}");
                if most <= 16 {
                    assert_eq!(found, in_atari, "{b}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// A `Point` carries no board size: a point made for another size is
/// refused by every public method (no stone, not legal, nothing around
/// it), never read around. On a 25x25 board the 2x2 board's A1 is a slot
/// of the border row, whose neighbour below would lie before the grid.
#[test]
fn points_of_another_board_size_are_refused() {
    let foreign = Point::new(0, 0, 2).unwrap();
    let mut b = Board::new(25);
    for c in Color::BOTH {
        assert!(!b.is_true_eye(c, foreign));
        assert!(!b.is_eyeish(c, foreign));
        assert!(!b.is_legal(c, foreign));
        assert_eq!(b.check_legal(c, foreign), Err(IllegalMove::Occupied));
        assert_eq!(b.play(c, foreign), Err(IllegalMove::Occupied));
        assert_eq!(b.add_setup_stone(c, foreign), Err(IllegalMove::Occupied));
    }
    assert!(!b.is_on_board(foreign));
    assert_eq!(b.color_at(foreign), None);
    assert!(!b.is_empty_at(foreign));
    assert_eq!(b.neighbourhood(foreign), u16::MAX);
    assert_eq!(b.playout_owner(foreign), None);
    assert!(!b.in_atari(foreign));
    assert_eq!(b.atari_liberty(foreign), None);
    assert_eq!(b.string_size(foreign), 0);
    assert_eq!(b.string_stones(foreign).count(), 0);
    assert!(b.liberties(foreign).is_empty());
    assert_eq!(b.string_head(foreign), foreign);
    // Its "neighbours" are only computed (one of them is a point of this
    // board, D1, the others are not); asking about them is safe either way.
    for n in b
        .neighbours(foreign)
        .into_iter()
        .chain(b.diagonals(foreign))
    {
        assert_eq!(b.color_at(n), None);
        assert_eq!(b.is_legal(Color::Black, n), b.is_on_board(n));
    }
    b.check_consistency().unwrap();

    // The other way round: a 25x25 point past a small board's grid, and
    // points of a 19x19 board copied into a 9x9 one (whose arrays keep
    // the larger board's stale cells past its own grid).
    let far = Point::new(24, 24, 25).unwrap();
    let small = Board::new(2);
    assert!(!small.is_legal(Color::Black, far) && small.color_at(far).is_none());
    let mut big = Board::new(19);
    let q = Point::new(15, 15, 19).unwrap();
    big.play(Color::Black, q).unwrap();
    big.copy_from(&Board::new(9));
    assert_eq!(big.color_at(q), None);
    assert_eq!(big.string_stones(q).count(), 0);
    assert!(!big.is_legal(Color::White, q));

    // Empty points are empty strings.
    let e = Point::new(3, 3, 9).unwrap();
    let nine = Board::new(9);
    assert_eq!(nine.string_size(e), 0);
    assert_eq!(nine.string_stones(e).count(), 0);
    assert!(!nine.in_atari(e));
}

/// A quiet move (legal, capturing nothing) and its undo leave the board
/// exactly as it was, down to the empty list's order and the atari marks;
/// so do several in a row taken back in reverse. Moves that capture are
/// refused and change nothing.
#[test]
fn quiet_moves_are_taken_back_exactly() {
    use crate::playout::{random_position, PlayoutRng};
    let mut rng = PlayoutRng::seed_from_u64(11);
    let (mut played, mut refused) = (0, 0);
    for size in [2, 5, 9, 13, 19, 25] {
        for game in 0..12 {
            let b = random_position(size, size * size / 3 + game * size / 2, &mut rng);
            for p in b.empty_points().iter() {
                for c in Color::BOTH {
                    let mut after = b.clone();
                    let quiet = matches!(after.play(c, p), Ok(info) if info.captured == 0);
                    let mut t = b.clone();
                    match t.play_quiet(c, p) {
                        Some(u) => {
                            assert!(quiet, "{c:?} {}\n{b}", p.to_gtp(size));
                            // As played, but for the atari marks (a read
                            // has no use for them, and they stay as they were).
                            assert!(t.same_position(&after), "{c:?} {}\n{b}", p.to_gtp(size));
                            t.check_consistency().unwrap();
                            t.undo_quiet(u);
                            played += 1;
                        }
                        None => {
                            assert!(!quiet);
                            refused += 1;
                        }
                    }
                    assert!(t.same_state(&b), "{c:?} {}\n{b}", p.to_gtp(size));
                }
            }
            // A line of quiet moves, taken back last first.
            let mut t = b.clone();
            let mut undos = Vec::new();
            let mut c = Color::Black;
            for _ in 0..8 {
                let empties: Vec<Point> = t.empty_points().iter().collect();
                if let Some(u) = empties.iter().find_map(|&p| {
                    let p2 =
                        empties[(p.index() * 7 + rng.gen_range(0..empties.len())) % empties.len()];
                    t.play_quiet(c, p2)
                }) {
                    undos.push(u);
                }
                t.check_consistency().unwrap();
                c = !c;
            }
            while let Some(u) = undos.pop() {
                t.undo_quiet(u);
            }
            assert!(t.same_state(&b), "{b}");
        }
    }
    assert!(played > 10_000 && refused > 300, "{played} {refused}");
}

/// A game under `rules` whose board holds the stones of `rows` (set up,
/// no moves), with `komi`.
fn game_of(rows: &[&str], rules: Rules, komi: f64) -> Game {
    Game::from_rows(rows, komi, rules).unwrap()
}

/// Black's column B and White's column C split a 5x5 board: Black has 5
/// stones and 5 points (column A), White 5 stones and 10 points.
const WALL: [&str; 5] = [
    ". X O . .",
    ". X O . .",
    ". X O . .",
    ". X O . .",
    ". X O . .",
];

#[test]
fn filling_own_territory_costs_a_point_under_territory_counting_only() {
    for (rules, before, after) in [
        (Rules::chinese(), -5.0, -5.0),
        (Rules::japanese(), -5.0, -6.0),
        (Rules::of(Ruleset::Korean), -5.0, -6.0),
        (Rules::tromp_taylor(), -5.0, -5.0),
        (Rules::aga(), -5.0, -5.0),
        (Rules::ancient(), -5.0, -5.0),
    ] {
        let mut g = game_of(&WALL, rules, 0.0);
        assert_eq!(
            g.score(Bitboard::EMPTY, Bitboard::EMPTY).1,
            Score(before),
            "{rules}"
        );
        play(&mut g, Color::Black, "A1").unwrap();
        let (count, score) = g.score(Bitboard::EMPTY, Bitboard::EMPTY);
        assert_eq!(score, Score(after), "{rules}: Black filled A1");
        assert_eq!(count.area.area(Color::Black), 10, "{rules}");
    }
}

#[test]
fn dead_stones_are_prisoners_under_territory_counting_and_alive_under_tromp_taylor() {
    // A White stone dead in Black's area at A3.
    let mut rows = WALL;
    rows[2] = "O X O . .";
    let dead: Bitboard = [pt("A3", 5)].into_iter().collect();
    let score = |rules| game_of(&rows, rules, 0.0).score(dead, Bitboard::EMPTY);
    // Chinese: taken off, its point is Black's: 10 against 15.
    assert_eq!(score(Rules::chinese()).1, Score(-5.0));
    // Japanese: 5 points of territory and one prisoner against 10.
    let (count, s) = score(Rules::japanese());
    assert_eq!((count.dead[Color::White], s), (1, Score(-4.0)));
    // Tromp-Taylor: the stone stays and counts; Black's column A touches
    // it and is nobody's: 5 against 16.
    let (count, s) = score(Rules::tromp_taylor());
    assert_eq!((count.dead[Color::White], s), (0, Score(-11.0)));
}

#[test]
fn territory_in_seki_counts_for_nobody_under_territory_counting() {
    // Say Black's column B were in seki: its eyes (column A) count for
    // nobody under Japanese counting, as area under Chinese.
    let g = game_of(&WALL, Rules::japanese(), 0.0);
    let seki = g.board().stones(Color::Black);
    let (count, score) = g.score(Bitboard::EMPTY, seki);
    assert_eq!(count.seki_territory[Color::Black].count(), 5);
    assert_eq!(score, Score(-10.0));
    let g = game_of(&WALL, Rules::chinese(), 0.0);
    assert_eq!(g.score(Bitboard::EMPTY, seki).1, Score(-5.0));
}

#[test]
fn the_ancient_group_tax_takes_two_points_a_group() {
    // Black has two groups (each around its eye, B5 and A1), White one.
    let rows = [
        "X . X O .",
        "X X X O .",
        "O O O O .",
        "X X X O .",
        ". X X O .",
    ];
    let chinese = game_of(&rows, Rules::chinese(), 0.0);
    assert_eq!(
        chinese.score(Bitboard::EMPTY, Bitboard::EMPTY).1,
        Score(-1.0)
    );
    let ancient = game_of(&rows, Rules::ancient(), 0.0);
    let (count, score) = ancient.score(Bitboard::EMPTY, Bitboard::EMPTY);
    assert_eq!(
        (count.groups[Color::Black], count.groups[Color::White]),
        (2, 1)
    );
    assert_eq!(
        score,
        Score(-3.0),
        "Black pays a stone for its second group"
    );
    // Strings that share an eye are one group.
    let ring = Board::from_rows(&[". X .", "X . X", ". X ."]).unwrap();
    let eyes = ring.empty_points();
    assert_eq!(
        group_count(ring.stride(), ring.stones(Color::Black), eyes),
        1
    );
}

#[test]
fn the_ancient_game_starts_with_four_corner_stones_and_white() {
    let mut g = Game::new(19, 0.0, Rules::ancient());
    for (v, c) in [
        ("D4", Color::Black),
        ("Q16", Color::Black),
        ("D16", Color::White),
        ("Q4", Color::White),
    ] {
        assert_eq!(g.board().color_at(pt(v, 19)), Some(c), "{v}");
    }
    assert_eq!(g.board().stone_count(), 4);
    assert_eq!(g.to_move(), Color::White);
    assert!(g.is_pristine());
    assert_eq!(g.fixed_handicap(2), Err(HandicapError::NotAllowed));
    assert_eq!(
        g.set_free_handicap(&[pt("C3", 19), pt("E5", 19)]),
        Err(HandicapError::NotAllowed)
    );
    assert!(g.handicap_stones().is_empty());
    // A new game keeps the stones; other rules take them away.
    play(&mut g, Color::White, "K10").unwrap();
    g.clear();
    assert_eq!((g.board().stone_count(), g.to_move()), (4, Color::White));
    g.set_rules(Rules::chinese());
    assert_eq!((g.board().stone_count(), g.to_move()), (0, Color::Black));
    g.set_rules(Rules::ancient());
    assert_eq!(g.board().stone_count(), 4);
    // Boards too small for star points start empty.
    assert_eq!(Game::new(5, 0.0, Rules::ancient()).board().stone_count(), 0);
}

#[test]
fn ing_gives_a_level_count_to_black_in_even_games() {
    // 10 against 15 and komi -5: level.
    let g = game_of(&WALL, Rules::of(Ruleset::Ing), -5.0);
    let (_, score) = g.score(Bitboard::EMPTY, Bitboard::EMPTY);
    assert_eq!(score, Score(0.0));
    assert_eq!(g.winner(score), Some(Color::Black));
    assert_eq!(g.result_text(score), "B+0");
    let g = game_of(&WALL, Rules::chinese(), -5.0);
    assert_eq!(
        (g.winner(score), g.result_text(score)),
        (None, "0".to_string())
    );
    assert_eq!(Ruleset::Ing.default_komi(), 8.0);
}

#[test]
fn the_playout_adjustment_is_the_territory_count_at_a_playout_end() {
    use crate::playout::{self, LightPolicy, PlayoutRng};
    let mut rng = PlayoutRng::seed_from_u64(5);
    for size in [5, 9] {
        for _ in 0..200 {
            let mut b = Board::new(size);
            let r = playout::run(&mut LightPolicy, &mut b, Color::Black, &mut rng);
            let count = Count::of(&b, Bitboard::EMPTY, Bitboard::EMPTY);
            assert_eq!(count.area.difference(), r.area_difference);
            let japanese = count.difference(Rules::japanese());
            assert_eq!(
                japanese,
                f64::from(r.area_difference + playout_adjustment(&b, Rules::japanese()))
            );
            assert_eq!(playout_adjustment(&b, Rules::chinese()), 0);
            assert_eq!(playout_adjustment(&b, Rules::tromp_taylor()), 0);
        }
    }
}

#[test]
fn the_playout_group_tax_is_the_count_s_but_for_seki() {
    use crate::playout::{self, LightPolicy, PlayoutRng};
    let mut rng = PlayoutRng::seed_from_u64(6);
    let (mut same, n) = (0, 300);
    for _ in 0..n {
        let mut b = Board::new(9);
        let r = playout::run(&mut LightPolicy, &mut b, Color::White, &mut rng);
        let count = Count::of(&b, Bitboard::EMPTY, Bitboard::EMPTY);
        let adjusted = r.area_difference + playout_adjustment(&b, Rules::ancient());
        same += usize::from(count.difference(Rules::ancient()) == f64::from(adjusted));
    }
    // They differ only where an empty region touches both colours and
    // joins groups in one count and not the other (seki, dame).
    assert!(same * 100 >= n * 95, "{same} of {n}");
}

#[test]
fn a_cycle_ends_the_game_without_result_under_the_simple_ko_rule() {
    // Two kos: at B2/C2 Black takes first, at E6/F6 White does.
    let rows = [
        ". . . . O X .",
        ". . . O X . X",
        ". . . . O X .",
        ". . . . . . .",
        ". X O . . . .",
        "X O . O . . .",
        ". X O . . . .",
    ];
    let cycle = [
        (Color::Black, "C2"), // takes B2
        (Color::White, "F6"), // takes E6
        (Color::Black, "pass"),
        (Color::White, "B2"), // takes C2 back: the last move was a pass
        (Color::Black, "E6"), // takes F6 back: the board of the start
        (Color::White, "pass"),
    ];
    let mut g = game_of(&rows, Rules::japanese().with_ko(KoRule::Simple), 6.5);
    for round in 0..2 {
        for (i, &(c, v)) in cycle.iter().enumerate() {
            assert!(!g.is_over(), "round {round} move {i}");
            play(&mut g, c, v).unwrap();
        }
    }
    assert!(
        g.no_result() && g.is_over(),
        "the start came back a third time"
    );
    // Positional superko forbids the move that brings the start back.
    let mut g = game_of(&rows, Rules::japanese(), 6.5);
    for &(c, v) in &cycle[..4] {
        play(&mut g, c, v).unwrap();
    }
    assert_eq!(play(&mut g, Color::Black, "E6"), Err(IllegalMove::Superko));
    assert!(!g.no_result());
}

/// The O(1) screen for strings short of three liberties never misses one
/// (checked on every string by `check_consistency` above) and, on strings
/// of random games, almost never lets one of three or more through.
#[test]
fn liberty_screen_lets_few_strings_of_three_liberties_through() {
    let mut rng = SmallRng::seed_from_u64(7);
    let (mut three_or_more, mut let_through) = (0u32, 0u32);
    for size in [9, 19] {
        for _ in 0..20 {
            let mut b = Board::new(size);
            let mut c = Color::Black;
            for _ in 0..size * size * 2 {
                let legal: Vec<Point> = b
                    .empty_points()
                    .iter()
                    .filter(|&p| b.is_legal(c, p))
                    .collect();
                if legal.is_empty() {
                    break;
                }
                b.play(c, legal[rng.gen_range(0..legal.len())]).unwrap();
                c = !c;
                for p in (b.stones(Color::Black) | b.stones(Color::White)).iter() {
                    let libs = b.liberty_count(p);
                    assert!(libs > 2 || b.may_lack_three_liberties(p));
                    if libs > 2 {
                        three_or_more += 1;
                        let_through += b.may_lack_three_liberties(p) as u32;
                    }
                }
            }
        }
    }
    assert!(three_or_more > 100_000, "{three_or_more}");
    assert!(
        let_through * 100 < three_or_more,
        "{let_through} of {three_or_more} let through"
    );
}

/// Issue 46: the neighbours and diagonals of any point, taken twice over,
/// are points in bounds of every board, in any build: for each board size,
/// every point of every board size (its own and others').
#[test]
fn neighbours_of_neighbours_stay_in_bounds_on_every_size() {
    for size in MIN_SIZE..=MAX_SIZE {
        let b = Board::new(size);
        for other in MIN_SIZE..=MAX_SIZE {
            for y in 0..other {
                for x in 0..other {
                    let p = Point::new(x, y, other).unwrap();
                    let first: Vec<Point> =
                        b.neighbours(p).into_iter().chain(b.diagonals(p)).collect();
                    for q in first {
                        assert!(q.index() < ARRAY_SIZE);
                        for r in b.neighbours(q).into_iter().chain(b.diagonals(q)) {
                            assert!(r.index() < ARRAY_SIZE, "{size} {other} {r:?}");
                            // Reads of any of them are safe and off-board
                            // ones read as no stone.
                            let on = b.is_on_board(r);
                            assert_eq!(b.is_empty_at(r), on);
                            assert_eq!(b.color_at(r), None);
                            assert_eq!(b.is_legal(Color::Black, r), on);
                        }
                    }
                }
            }
        }
    }
    // The example of the issue: 25x25's last point, two steps up.
    let b = Board::new(25);
    let top = b.neighbours(b.neighbours(Point::new(24, 24, 25).unwrap())[3])[3];
    assert_eq!(top.index(), ARRAY_SIZE - 1);
    assert!(!b.is_on_board(top));
}
