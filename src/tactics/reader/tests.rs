use super::*;
use crate::tactics::ladder::classic_ladder;

fn p(s: &str, size: usize) -> Point {
    Point::parse(s, size).unwrap()
}

fn names(set: &PointSet<16>, size: usize) -> Vec<String> {
    let mut v: Vec<String> = set.as_slice().iter().map(|q| q.to_gtp(size)).collect();
    v.sort();
    v
}

/// A two-against-two capturing race in the lower left corner of 9x9:
/// White's wall A3-D3-D1 (liberties E1, E2) against Black's A2-C2-C1
/// (liberties A1, B1). Whoever moves first wins it.
fn race() -> Board {
    Board::from_rows(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "X X X X X . . . .",
        "O O O O X . . . .",
        "X X X O . . . . .",
        ". . X O . . . . .",
    ])
    .unwrap()
}

#[test]
fn whoever_moves_first_wins_a_race_of_two_against_two() {
    let b = race();
    let mut r = Reader::new(9);
    let white = p("D3", 9);
    let black = p("A2", 9);
    assert_eq!(r.attack(&b, white), Answer::Yes);
    assert_eq!(r.defend(&b, white), Answer::Yes);
    assert_eq!(r.attack(&b, black), Answer::Yes);
    assert_eq!(r.defend(&b, black), Answer::Yes);
    // Black to move: shorten White's liberties from outside, which both
    // kills White and saves Black; filling its own liberties does neither.
    let m = r.weak_string_moves(&b, Color::Black, &[None]);
    assert_eq!(names(&m.kill, 9), ["E1", "E2"]);
    assert_eq!(names(&m.save, 9), ["E1", "E2"]);
    // Both strings are big (6 and 4 stones).
    assert_eq!(names(&m.big, 9), ["E1", "E2"]);
    // White to move: take a liberty of Black's inside string.
    let m = r.weak_string_moves(&b, Color::White, &[None]);
    assert_eq!(names(&m.kill, 9), ["A1", "B1"]);
}

#[test]
fn an_escape_into_a_ladder_saves_nothing() {
    let mut r = Reader::new(9);
    let b = classic_ladder(&[]);
    let white = p("C3", 9);
    assert_eq!(r.defend(&b, white), Answer::No);
    let m = r.weak_string_moves(&b, Color::White, &[Some(p("C4", 9))]);
    assert!(m.save.is_empty(), "{:?}", names(&m.save, 9));
    assert_eq!(names(&m.futile, 9), ["D3"]);
    // Black, to move again, need not capture: the stone is dead already.
    let m = r.weak_string_moves(&b, Color::Black, &[None]);
    assert!(m.kill.is_empty(), "{:?}", names(&m.kill, 9));
}

#[test]
fn a_ladder_breaker_makes_the_escape_urgent_for_both() {
    let mut r = Reader::new(9);
    let b = classic_ladder(&["G7"]);
    let white = p("C3", 9);
    assert_eq!(r.defend(&b, white), Answer::Yes);
    let m = r.weak_string_moves(&b, Color::White, &[Some(p("C4", 9))]);
    assert_eq!(names(&m.save, 9), ["D3"]);
    assert!(m.futile.is_empty());
    let m = r.weak_string_moves(&b, Color::Black, &[None]);
    assert_eq!(names(&m.kill, 9), ["D3"]);
    // One stone: not a big string.
    assert!(m.big.is_empty(), "{:?}", names(&m.big, 9));
}

/// White D4 between Black's C4 and D3 (liberties D5, E4), with or
/// without Black's F4; GNU Go 3.8's `attack D4` answers "0" without it and
/// "1 D5" with it.
fn cut_stone(f4: bool) -> Board {
    let mut b = Board::new(9);
    for s in ["C4", "D3"].iter().chain(f4.then_some(&"F4")) {
        b.add_setup_stone(Color::Black, p(s, 9)).unwrap();
    }
    b.add_setup_stone(Color::White, p("D4", 9)).unwrap();
    b
}

#[test]
fn a_stone_of_two_liberties_dies_only_when_the_chase_works() {
    let mut r = Reader::new(9);
    let white = p("D4", 9);
    assert_eq!(r.attack(&cut_stone(false), white), Answer::No);
    let b = cut_stone(true);
    assert_eq!(r.attack(&b, white), Answer::Yes);
    assert_eq!(r.defend(&b, white), Answer::Yes);
    let m = r.weak_string_moves(&b, Color::Black, &[None]);
    assert!(m.kill.contains(p("D5", 9)), "{:?}", names(&m.kill, 9));
    let m = r.weak_string_moves(&b, Color::White, &[None]);
    assert!(!m.save.is_empty(), "{:?}", names(&m.save, 9));
}

#[test]
fn reads_leave_the_reader_s_first_board_as_it_was() {
    let b = race();
    let mut r = Reader::new(9);
    r.weak_string_moves(&b, Color::Black, &[None]);
    assert_eq!(r.boards[0].hash(), b.hash());
    r.boards[0].check_consistency().unwrap();
    assert!(r.moves_played > 0);
}

/// The corner of game 9 of the 19x19 match against Pachi
/// (docs/games/pachi-19x19-2s), on 9x9: White's C9-C8-B8-C7-D7 (liberties
/// D8, D9) against Black's B7-B6-C6-D6-B5 (liberties A6, A7), with B9 in
/// atari. Black to move kills White only through a ko: after D8 or D9,
/// White takes B9 at A9 and Black may retake at B9 only after a threat.
fn corner_race() -> Board {
    Board::from_rows(&[
        ". X O . . . . . .",
        "X O O . . . . . .",
        ". X O O X X . . .",
        ". X X X O O . . .",
        "O X O O . O . . .",
        ". O X O . . . . .",
        ". O . O O O . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ])
    .unwrap()
}

#[test]
fn a_race_won_through_a_ko_is_read_as_a_ko() {
    let b = corner_race();
    let mut r = Reader::new(9);
    let white = p("C9", 9);
    // Black to move: a ko that Black must retake after a threat, and
    // White, to move, saves the string by taking B9 at once.
    let (answer, m) = r.attack_move(&b, white);
    assert_eq!(answer, Answer::KoB);
    assert!(
        matches!(m.map(|m| m.to_gtp(9)).as_deref(), Some("D8" | "D9")),
        "{m:?}"
    );
    assert_eq!(r.defence_move(&b, white), (Answer::Yes, Some(p("A9", 9))));
    // The ko moves are the tactical prior's ko kills: without them White
    // lives outright.
    let m = r.weak_string_moves(&b, Color::Black, &[None]);
    assert!(m.ko.contains(p("D8", 9)), "{:?}", names(&m.ko, 9));
    assert!(!m.kill.contains(p("D8", 9)), "{:?}", names(&m.kill, 9));
    // After Black D9 and White's A9 the ko is White's, taken first: Black
    // retakes at B9 after a threat.
    let mut after = b.clone();
    after.play(Color::Black, p("D9", 9)).unwrap();
    after.play(Color::White, p("A9", 9)).unwrap();
    assert_eq!(
        r.attack_move(&after, white),
        (Answer::KoB, Some(p("B9", 9)))
    );
}

/// A ko in the corner that White has just taken at A1 (capturing B1):
/// Black may not retake at once.
#[test]
fn a_ko_taken_first_is_the_taker_s_ko() {
    let mut b = Board::from_rows(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "X X . . . . . . .",
        "X O O . . . . . .",
        ". X O . . . . . .",
    ])
    .unwrap();
    b.play(Color::White, p("A1", 9)).unwrap();
    let mut r = Reader::new(9);
    let stone = p("A1", 9);
    // Black retakes only after a threat; White, to move, connects.
    assert_eq!(r.attack_move(&b, stone), (Answer::KoB, Some(p("B1", 9))));
    assert_eq!(r.attack(&b, stone), Answer::KoB);
    assert_eq!(r.defend(&b, stone), Answer::Yes);
    // Seen from White: the string lives by a ko it took first, and
    // connecting at B1 saves it outright.
    let m = r.weak_string_moves(&b, Color::White, &[None]);
    assert!(m.save.contains(p("B1", 9)), "{:?}", names(&m.save, 9));
    assert!(m.futile.is_empty(), "{:?}", names(&m.futile, 9));
}

/// Game 9's position itself at move 129, Black to move: more than twenty
/// strings of one or two liberties, the race's strings high on the board.
#[test]
fn the_biggest_weak_strings_are_read_first() {
    let b = Board::from_rows(&[
        ". X O . . . . . . . . . . . . . . . .",
        "X O O . . . . . . . . . . . O O X O .",
        ". X O O X X . X . . . . . O . . O O .",
        ". X X X O O X . . . X . . . O O X . .",
        "O X O O . O O X X . . . . . . X X . .",
        ". O X O . . O O X . . . . . X . O X .",
        ". O . O O O O X X . . . . . X O . . .",
        ". . . . . X X O . . . . . . . X . O .",
        ". . X O O O O . O . . . . . . X O . .",
        ". . . X O X X O . . . . . . . . X O .",
        ". . . . X . . O . . . . . . . . X . .",
        ". . X . . . X X O O . . . . . . . X .",
        ". . X . . . . . X . . . . . . . . . .",
        ". O O X . . . . . . X . X . . . O X .",
        ". . O X . . . . . . . . . . . O X X .",
        ". . O X . . . . X . . O . X . O O O .",
        ". . O X X O . . . X . . O . O . . . .",
        ". . O O X O . . . X O X O . . . . . .",
        ". . . . . X . . . . . . . . . . . . .",
    ])
    .unwrap();
    let mut r = Reader::new(19);
    // White's five stones at C19 are read (taken in board order they came
    // fourteenth of the strings of two liberties, after the eight read):
    // D18 and D19 kill them by a ko.
    let m = r.weak_string_moves(&b, Color::Black, &[None]);
    assert!(m.ko.contains(p("D18", 19)), "{:?}", names(&m.ko, 19));
    assert!(m.ko.contains(p("D19", 19)), "{:?}", names(&m.ko, 19));
}
