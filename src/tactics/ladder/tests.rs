//! Tests of the ladder reader: positions read by hand, and agreement with
//! a slow reader that plays on copies of the board.

use super::*;

/// A board of side `size` with the given stones (GTP vertices).
fn setup(size: usize, black: &[&str], white: &[&str]) -> Board {
    let mut b = Board::new(size);
    for (c, stones) in [(Color::Black, black), (Color::White, white)] {
        for v in stones {
            let p = Point::parse(v, size).unwrap();
            b.add_setup_stone(c, p).unwrap();
        }
    }
    b.check_consistency().unwrap();
    b
}

fn pt(b: &Board, v: &str) -> Point {
    Point::parse(v, b.size()).unwrap()
}

/// White C3 in atari at D3: extending there gives two liberties, D4
/// and E3, and Black chases it up and to the right (E3, D5, F4, E6,
/// ...) along the diagonal.
const CHASERS: &[&str] = &["B3", "C4", "C2", "D2"];

fn escapes(b: &Board) -> bool {
    let mut read = b.clone();
    let escapes = !escape_is_laddered(&mut read, Color::White, pt(b, "D3"));
    assert!(read.same_state(b), "the read left the board changed\n{b}");
    escapes
}

#[test]
fn classic_ladder_works() {
    let b = setup(9, CHASERS, &["C3"]);
    assert!(b.in_atari(pt(&b, "C3")));
    assert!(!escapes(&b), "{b}");
    // The board read from is left as it was.
    b.check_consistency().unwrap();
    assert!(b.is_empty_at(pt(&b, "D3")));
}

#[test]
fn ladder_atari_is_the_one_that_works() {
    let mut b = setup(9, CHASERS, &["C3"]);
    b.play(Color::White, pt(&b, "D3")).unwrap();
    let [d4, e3, runner] = [pt(&b, "D4"), pt(&b, "E3"), pt(&b, "C3")];
    let libs = [d4, e3];
    assert_eq!(ladder_atari(&mut b, Color::Black, runner, libs), Some(e3));
    assert!(is_ladder_atari(&mut b, Color::Black, e3, runner, libs));
    assert!(!is_ladder_atari(&mut b, Color::Black, d4, runner, libs));
}

#[test]
fn breaker_on_the_path_breaks_the_ladder() {
    // White G7 lies on the runner's path (F6, G6, G7, ...).
    let b = setup(9, CHASERS, &["C3", "G7"]);
    assert!(escapes(&b), "{b}");
    let mut b = b;
    b.play(Color::White, pt(&b, "D3")).unwrap();
    let (libs, c3) = ([pt(&b, "D4"), pt(&b, "E3")], pt(&b, "C3"));
    assert_eq!(ladder_atari(&mut b, Color::Black, c3, libs), None);
}

#[test]
fn chasing_stone_on_the_path_helps_the_chaser() {
    let b = setup(9, &[CHASERS, &["G7"]].concat(), &["C3"]);
    assert!(!escapes(&b), "{b}");
}

#[test]
fn breaker_off_the_path_changes_nothing() {
    let b = setup(9, CHASERS, &["C3", "B7"]);
    assert!(!escapes(&b), "{b}");
}

#[test]
fn countercapture_on_the_way_breaks_the_ladder() {
    // White F3 is not on the path, but once White has extended to E4,
    // Black's E3 (the first atari) is left in atari and White, in
    // atari itself after Black's next move, captures it.
    let b = setup(9, CHASERS, &["C3", "F3"]);
    assert!(escapes(&b), "{b}");
}

#[test]
fn chasing_stone_left_in_atari_breaks_the_ladder() {
    // With White on E2 and F3, Black's atari on E3 would keep only
    // the liberty E4, and the other atari lets White join F3.
    let b = setup(9, CHASERS, &["C3", "E2", "F3"]);
    assert!(escapes(&b), "{b}");
}

#[test]
fn more_than_two_liberties_is_no_ladder() {
    let b = setup(9, &["B3", "C4", "C2"], &["C3"]);
    assert!(escapes(&b), "{b}");
}

#[test]
fn first_line_ladder_works() {
    // White E1 in atari at F1; extending gives G1 and F2.
    let mut b = setup(9, &["D1", "E2"], &["E1"]);
    let p = pt(&b, "F1");
    assert!(escape_is_laddered(&mut b, Color::White, p), "{b}");
}

#[test]
fn first_line_ladder_with_a_friend_ahead_fails() {
    let mut b = setup(9, &["D1", "E2"], &["E1", "H2"]);
    let p = pt(&b, "F1");
    assert!(!escape_is_laddered(&mut b, Color::White, p), "{b}");
}

#[test]
fn short_ladder_against_the_edge() {
    // White B5 in atari at B4: after Black B3, White A4 has one
    // liberty left against the edge.
    let mut b = setup(9, &["A5", "B6", "C5", "C4"], &["B5"]);
    let p = pt(&b, "B4");
    assert!(escape_is_laddered(&mut b, Color::White, p), "{b}");
}

#[test]
fn long_ladder_across_19x19() {
    let b = setup(19, CHASERS, &["C3"]);
    assert!(!escapes(&b), "{b}");
    // Read to the far side: some 30 ataris.
    let mut s = b.clone();
    s.play(Color::White, pt(&b, "D3")).unwrap();
    let before = s.clone();
    let mut read = Read::new(Color::White, pt(&b, "C3"));
    let libs = [pt(&b, "D4"), pt(&b, "E3")];
    assert_eq!(read.first_ataris(&mut s, libs, 1), Some(pt(&b, "E3")));
    assert!(s.same_state(&before));
    let used = MAX_CHASE_MOVES - read.moves;
    assert!((28..=36).contains(&used), "{used} ataris");
}

/// The same reading, done the slow way for comparison: moves played
/// on copies of the board, every string's liberties counted afresh.
mod reference {
    use crate::board::{Board, Color, IllegalMove, Point};

    fn open(b: &Board, e: Point, a: Point) -> usize {
        b.neighbours(e)
            .iter()
            .filter(|&&n| n != a && b.is_empty_at(n))
            .count()
    }

    fn short(b: &Board, p: Point) -> bool {
        b.liberty_count(p) <= 1
    }

    /// Chaser to move, runner through `r` on two liberties.
    pub fn read(b: &Board, r: Point, moves: &mut u32) -> Option<Point> {
        let rc = b.color_at(r).unwrap();
        let libs: Vec<Point> = b.liberties(r).iter().collect();
        assert_eq!(libs.len(), 2);
        let mut tries = vec![(libs[0], libs[1]), (libs[1], libs[0])];
        tries.retain(|&(a, e)| open(b, e, a) <= 2);
        // Same order as the reader: the extension's room, then the atari's.
        tries.sort_by_key(|&(a, e)| open(b, e, a) * 4 + 4 - open(b, a, e));
        tries
            .into_iter()
            .find(|&(a, e)| atari(b, r, rc, a, e, moves))
            .map(|(a, _)| a)
    }

    fn atari(b: &Board, r: Point, rc: Color, a: Point, e: Point, moves: &mut u32) -> bool {
        if *moves == 0 {
            return false;
        }
        *moves -= 1;
        let mut s = b.clone();
        match s.play(!rc, a) {
            Ok(info) if info.captured == 0 => {}
            _ => return false,
        }
        after_atari(&s, r, rc, e, moves)
    }

    /// The same line once the chasing stone stands on the board `s`.
    pub fn after_atari(s: &Board, r: Point, rc: Color, e: Point, moves: &mut u32) -> bool {
        if s.last_move().is_some_and(|a| short(s, a)) {
            return false;
        }
        let mut s = s.clone();
        let runner: Vec<Point> = s.string_stones(r).collect();
        let countercapture = runner.iter().any(|&q| {
            s.neighbours(q)
                .iter()
                .any(|&n| s.color_at(n) == Some(!rc) && s.in_atari(n))
        });
        if countercapture {
            return false;
        }
        match s.play(rc, e) {
            Err(IllegalMove::Suicide) => return true,
            Err(_) => return false,
            Ok(info) if info.captured > 0 => return false,
            Ok(_) => {}
        }
        match s.liberty_count(r) {
            0 | 1 => true,
            2 => read(&s, r, moves).is_some(),
            _ => false,
        }
    }
}

#[test]
fn agrees_with_a_slow_reading_on_copies() {
    use crate::playout::{random_position, PlayoutRng};
    use rand::SeedableRng;
    let mut rng = PlayoutRng::seed_from_u64(7);
    let (mut reads, mut ladders, mut deep) = (0, 0, 0);
    let (mut escapes, mut escape_ladders) = (0, 0);
    for size in [7, 9, 13, 19] {
        for game in 0..40 {
            let b = random_position(size, size * size / 3 + game * size / 4, &mut rng);
            let mut r = b.clone();
            for p in b.empty_points().iter() {
                for c in Color::BOTH {
                    let fast = b.is_legal(c, p) && escape_is_laddered(&mut r, c, p);
                    let mut after = b.clone();
                    let slow = match after.play(c, p) {
                        Ok(info) if info.captured == 0 && after.liberty_count(p) == 2 => {
                            let mut moves = 10_000;
                            reference::read(&after, p, &mut moves).is_some()
                        }
                        _ => false,
                    };
                    assert_eq!(fast, slow, "{c:?} {}\n{b}", p.to_gtp(size));
                    escapes += 1;
                    escape_ladders += usize::from(fast);
                }
            }
            for p in b.points() {
                let Some(col) = b.color_at(p) else { continue };
                if b.string_head(p) != p {
                    continue;
                }
                let Some(libs) = two_liberties(&b, p) else {
                    continue;
                };
                let chaser = !col;
                // Both readers stop at their first success, and they
                // try the ataris in the same order; allow them plenty
                // of moves so that neither runs out.
                let mut moves = 10_000;
                let slow = if b.ko_point(chaser).is_some() {
                    continue;
                } else {
                    reference::read(&b, p, &mut moves)
                };
                let mut read = Read::new(col, p);
                read.moves = 10_000;
                let fast = read.first_ataris(&mut r, libs, 1);
                assert_eq!(fast, slow, "{} with {libs:?}\n{b}", p.to_gtp(size));
                let public = ladder_atari(&mut r, chaser, p, libs);
                assert_eq!(public, slow, "{} with {libs:?}\n{b}", p.to_gtp(size));
                for at in libs {
                    let works = is_ladder_atari(&mut r, chaser, at, p, libs);
                    let escape = if at == libs[0] { libs[1] } else { libs[0] };
                    let mut moves = 10_000;
                    let mut after = b.clone();
                    let read = open(&b, escape, at) <= 2
                        && after.play(chaser, at).is_ok_and(|i| i.captured == 0)
                        && reference::after_atari(&after, p, col, escape, &mut moves);
                    assert_eq!(
                        works,
                        read,
                        "{} at {}\n{b}",
                        p.to_gtp(size),
                        at.to_gtp(size)
                    );
                }
                reads += 1;
                ladders += usize::from(fast.is_some());
                deep += usize::from(10_000 - read.moves > 3);
            }
            // Every read left the board exactly as it was.
            assert!(r.same_state(&b), "{b}");
        }
    }
    let counts = format!(
        "{reads} reads, {ladders} ladders, {deep} of more than 3 ataris; \
         {escapes} extensions, {escape_ladders} into ladders"
    );
    assert!(reads > 1000 && ladders > 300 && deep > 20, "{counts}");
    assert!(escape_ladders > 100, "{counts}");
}

#[test]
fn reads_leave_the_board_alone_in_random_positions() {
    use crate::playout::{random_position, run, LightPolicy, PlayoutRng};
    use rand::SeedableRng;
    let mut rng = PlayoutRng::seed_from_u64(4);
    let mut laddered = 0;
    for size in [9, 13, 19] {
        for game in 0..10 {
            // Stop random games part of the way, when tactics abound.
            let moves = size * size / 2 + game * 7;
            let mut b = random_position(size, moves, &mut rng);
            let before = b.clone();
            for p in before.empty_points().iter() {
                for c in Color::BOTH {
                    if b.is_legal(c, p) && escape_is_laddered(&mut b, c, p) {
                        laddered += 1;
                    }
                }
            }
            for p in before.points() {
                if before.color_at(p).is_some() {
                    if let Some(libs) = two_liberties(&before, p) {
                        assert_eq!(before.liberty_count(p), 2);
                        let c = !before.color_at(p).unwrap();
                        if let Some(a) = ladder_atari(&mut b, c, p, libs) {
                            assert!(libs.contains(&a));
                            assert!(is_ladder_atari(&mut b, c, a, p, libs));
                        }
                    }
                }
            }
            assert!(b.same_state(&before));
            b.check_consistency().unwrap();
            let to_move = if moves % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            // The playouts go on from the board the reads played on.
            let _ = run(&mut LightPolicy, &mut b, to_move, &mut rng);
        }
    }
    assert!(laddered > 0);
}

#[test]
fn long_ladder_with_a_distant_breaker() {
    // Q16 is on the diagonal, fifteen lines away.
    let b = setup(19, CHASERS, &["C3", "Q16"]);
    assert!(escapes(&b), "{b}");
    // Off the diagonal: never touched by the runner.
    let b = setup(19, CHASERS, &["C3", "Q12"]);
    assert!(!escapes(&b), "{b}");
}

#[test]
fn long_ladder_into_a_black_wall_works() {
    let b = setup(19, &[CHASERS, &["O14", "O15"]].concat(), &["C3"]);
    assert!(!escapes(&b), "{b}");
}
