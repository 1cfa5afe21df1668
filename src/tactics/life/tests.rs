use super::*;

pub(super) fn board(rows: &[&str]) -> Board {
    Board::from_rows(rows).unwrap()
}

pub(super) fn pt(v: &str, size: usize) -> Point {
    Point::parse(v, size).unwrap()
}

/// Go Game Guru easy-21 on 9x9: Black's corner lives by B1.
pub(super) const EASY_21: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". O O . . . . . .",
    "O O . O O O O . .",
    "X X O X X X O . .",
    ". . . X . X O . .",
];

/// Black's corner group with a straight three of eye space, walled in by
/// White.
const STRAIGHT_THREE: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    "O O O O O . . . .",
    "X X X X O . . . .",
    ". . . X O . . . .",
];

#[test]
fn the_region_is_the_group_and_its_eye_space() {
    let b = board(&STRAIGHT_THREE);
    let p = Problem::around(&b, pt("A2", 9)).unwrap();
    assert_eq!(p.defender, Color::Black);
    let expected: Bitboard = ["A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2"]
        .iter()
        .map(|v| pt(v, 9))
        .collect();
    assert_eq!(p.region, expected);
    // White's wall is open to the board: no problem there.
    assert!(Problem::around(&b, pt("E1", 9)).is_err());
    assert!(Problem::around(&b, pt("J9", 9)).is_err());
}

#[test]
fn the_vital_point_of_a_straight_three_kills_or_lives() {
    let b = board(&STRAIGHT_THREE);
    let p = Problem::around(&b, pt("A2", 9)).unwrap();
    let b1 = Some(pt("B1", 9));
    assert_eq!(p.attack(&b, 100_000), Status::Success(b1));
    assert_eq!(p.defend(&b, 100_000), Status::Success(b1));
}

#[test]
fn two_eyes_cannot_be_attacked() {
    let b = board(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O O . . .",
        "X X X X X O . . .",
        ". X . X . O . . .",
    ]);
    let p = Problem::around(&b, pt("A2", 9)).unwrap();
    assert_eq!(p.attack(&b, 100_000), Status::Failure);
    assert_eq!(p.defend(&b, 100_000), Status::Success(None));
}

#[test]
fn a_seki_is_not_captured() {
    // Issue 45's seki: Black's D1-D3 and White's B1-C3 share C1 and C2.
    let b = board(&[
        ". . X O . . . . .",
        ". . X O . . . . .",
        ". . X O . . . . .",
        ". . X O . . . . .",
        ". . X O . . . . .",
        "X X X O O . . . .",
        "X O O X O . . . .",
        "X O . X O . . . .",
        "X O . X O . . . .",
    ]);
    let p = Problem::around(&b, pt("D1", 9)).unwrap();
    // Black's big eye (A5-B9, ten points) is its own: no move is read there.
    assert!(!p.region.contains(pt("A9", 9)));
    assert_eq!(
        p.attack(&b, 100_000),
        Status::Failure,
        "{:?}",
        p.region.iter().map(|q| q.to_gtp(9)).collect::<Vec<_>>()
    );
}

#[test]
fn a_budget_too_small_answers_unknown() {
    let b = board(&STRAIGHT_THREE);
    let p = Problem::around(&b, pt("A2", 9)).unwrap();
    assert_eq!(p.attack(&b, 2), Status::Unknown);
}

#[test]
fn an_eye_that_hangs_on_a_ko_is_a_ko() {
    // Black's A2-C2 has the eye A1; C1 is its second eye only while Black
    // keeps D1, which White takes at C1 as a ko. White, taking first and
    // then connecting at D1, kills; Black cannot end the ko itself.
    let b = board(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O . . . .",
        "X X X O O . . . .",
        ". X . X O . . . .",
    ]);
    let p = Problem::around(&b, pt("A2", 9)).unwrap();
    assert_eq!(p.attack(&b, 100_000), Status::KoFirst(Some(pt("C1", 9))));
    assert!(
        matches!(p.defend(&b, 100_000), Status::KoSecond(_)),
        "{:?}",
        p.defend(&b, 100_000)
    );
}

#[test]
fn the_zone_leaves_out_the_attackers_own_ground() {
    // White's corner group walled in by Black with room beside it: the
    // points two steps from White's stones are read, Black's ground
    // further off is not.
    let b = board(&[
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        "X X X X X X X X X X . . .",
        ". . . . . . . . . X . . .",
        ". . . . . . . . . X . . .",
        "X X X X X . . . . X . . .",
        "O O O O X . . . . X . . .",
        ". . . O X . . . . X . . .",
        ". . . O X . . . . X . . .",
    ]);
    let p = Problem::around(&b, pt("A3", 13)).unwrap();
    let z = zone(&b, &p);
    assert!(z.contains(pt("A1", 13)) && z.contains(pt("C2", 13)));
    assert!(!z.contains(pt("G2", 13)), "Black's ground");
    assert!(!z.contains(pt("C5", 13)), "beyond Black's wall");
}

#[test]
fn a_group_with_one_eye_is_dead_without_being_captured() {
    // Black's group has the eye A1 and nothing else; White need not fill
    // B1's liberties one by one: passing ends the read as dead.
    let b = board(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O . . . . .",
        "X X X O . . . . .",
        ". X X O . . . . .",
    ]);
    let p = Problem::around(&b, pt("B1", 9)).unwrap();
    assert_eq!(p.defend(&b, 100_000), Status::Failure);
    assert!(matches!(p.attack(&b, 100_000), Status::Success(_)));
}

#[test]
fn a_weak_stone_of_the_wall_is_inside_the_region() {
    // White's C2 has two liberties, one (C3) outside the eye space: it
    // counts as a stone inside, and C3 with it.
    let b = board(&EASY_21);
    let p = Problem::around(&b, pt("D1", 9)).unwrap();
    assert!(p.region.contains(pt("C2", 9)) && p.region.contains(pt("C3", 9)));
    assert!(
        !p.region.contains(pt("D3", 9)),
        "a wall string of 4 liberties"
    );
}

#[test]
fn a_defence_that_needs_a_capture_outside_the_read_is_unknown() {
    // Black lives by B1 (White's C1 would leave C2 to be taken at C3); the
    // read cannot play C3, so its failure to defend is no proof.
    let b = board(&EASY_21);
    let p = Problem::around(&b, pt("D1", 9)).unwrap();
    assert!(!p.reads_every_capture(&b));
    assert_eq!(p.defend(&b, 100_000), Status::Unknown);
}

#[test]
fn the_zone_follows_the_defenders_new_stones() {
    // Go Game Guru easy-131 in a corner of 13x13, upside down: Black kills
    // by A11, a ko. After A11 and White's A10, A10's last liberty A9 lies
    // three steps from White's stones as they stood; a zone fixed at the
    // start leaves the stone in atari standing and proves that no attack
    // works.
    let b = board(&[
        ". . . O . X X . X . . . .",
        ". O . . O O X . X . . . .",
        ". O O O X X X . X . . . .",
        ". X X X . . . . X . . . .",
        ". . . . . . . . X . . . .",
        ". X . . . . . . X . . . .",
        ". . . . . . . . X . . . .",
        "X X X X X X X X X . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
    ]);
    let p = Problem::around(&b, pt("B12", 13)).unwrap();
    assert!(!zone(&b, &p).contains(pt("A9", 13)));
    assert_eq!(p.attack(&b, 100_000), Status::KoFirst(Some(pt("A11", 13))));
}
