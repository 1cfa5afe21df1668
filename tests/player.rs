//! The player over GTP: moves within the time control, passes and
//! scoring at the end, handicap games, determinism.

mod common;

use common::GtpProcess;
use std::time::{Duration, Instant};

#[test]
fn one_second_byoyomi_is_never_exceeded() {
    let mut e = GtpProcess::tianyuan(&[]);
    e.ok("boardsize 19");
    e.ok("time_settings 0 1 1");
    let mut color = "b";
    for _ in 0..4 {
        let start = Instant::now();
        let mv = e.ok(&format!("genmove {color}"));
        let took = start.elapsed();
        assert!(took < Duration::from_millis(1000), "{mv} took {took:?}");
        color = if color == "b" { "w" } else { "b" };
    }
}

#[test]
fn sudden_death_game_stays_within_its_clock() {
    // Ten seconds for the whole game on 9x9: the engine plays until both
    // pass (or 120 moves) and never runs over.
    let mut e = GtpProcess::tianyuan(&["--threads", "1"]);
    e.ok("boardsize 9");
    e.ok("time_settings 10 0 0");
    let mut used = [Duration::ZERO; 2];
    let mut passes = 0;
    for i in 0..120 {
        let side = i % 2;
        let start = Instant::now();
        let mv = e.ok(&format!("genmove {}", ["b", "w"][side]));
        used[side] += start.elapsed();
        assert!(
            used[side] < Duration::from_secs(10),
            "side {side} used {:?}",
            used[side]
        );
        if mv == "resign" {
            break;
        }
        passes = if mv == "pass" { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
    }
}

#[test]
fn fixed_playouts_and_seed_are_reproducible() {
    let moves = |_: ()| {
        let mut e = GtpProcess::tianyuan(&["--threads", "1", "--playouts", "500", "--seed", "3"]);
        e.ok("boardsize 9");
        (0..4)
            .map(|i| e.ok(&format!("genmove {}", ["b", "w"][i % 2])))
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(()), moves(()));
}

#[test]
fn reg_genmove_does_not_play() {
    let mut e = GtpProcess::tianyuan(&["--playouts", "300"]);
    e.ok("boardsize 9");
    let mv = e.ok("reg_genmove b");
    assert!(!mv.is_empty());
    assert_eq!(e.ok("list_stones black"), "");
}

#[test]
fn finished_game_is_scored_with_dead_stones_removed() {
    // Black owns the left, White the right; a dead White stone sits in
    // Black's area and a dead Black stone in White's.
    let mut e = GtpProcess::tianyuan(&[]);
    e.ok("boardsize 9");
    e.ok("komi 7.5");
    let black = ["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "H2"];
    let white = ["E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9", "B7"];
    for (b, w) in black.iter().zip(white) {
        e.ok(&format!("play b {b}"));
        e.ok(&format!("play w {w}"));
    }
    let dead = e.ok("final_status_list dead");
    let mut dead: Vec<&str> = dead.split_whitespace().collect();
    dead.sort();
    assert_eq!(dead, ["B7", "H2"]);
    // Black: columns A-D = 36 points; White: E-J = 45 points.
    assert_eq!(e.ok("final_score"), "W+16.5");
    let territory = e.ok("final_status_list black_territory");
    assert!(
        territory.split_whitespace().any(|p| p == "B7"),
        "{territory}"
    );
}

/// A 9x9 engine where Black has walled off A..D and White E..J (45
/// points against 36 + 7.5: White wins).
fn walled_off() -> GtpProcess {
    let mut e = GtpProcess::tianyuan(&["--playouts", "2000"]);
    e.ok("boardsize 9");
    e.ok("komi 7.5");
    for (b, w) in ["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9"]
        .iter()
        .zip(["E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9"])
    {
        e.ok(&format!("play b {b}"));
        e.ok(&format!("play w {w}"));
    }
    e
}

#[test]
fn passes_after_the_opponent_when_winning() {
    let mut e = walled_off();
    e.ok("play b pass");
    assert_eq!(e.ok("genmove w"), "pass");
}

#[test]
fn takes_dead_stones_off_after_the_opponent_passes_then_passes() {
    // As above, with a dead Black stone at H2 inside White's area: White
    // wins either way, but passes only once the stone is off the board,
    // so that no referee can count it alive.
    let mut e = walled_off();
    e.ok("play b H2");
    let mut moves = Vec::new();
    loop {
        e.ok("play b pass");
        let mv = e.ok("genmove w");
        moves.push(mv.clone());
        if mv == "pass" || moves.len() == 6 {
            break;
        }
        assert!(
            ["H1", "H3", "G2", "J2"].contains(&mv.as_str()),
            "White plays at the dead stone: {moves:?}"
        );
    }
    assert_eq!(moves.last().map(String::as_str), Some("pass"), "{moves:?}");
    assert!(moves.len() > 1, "{moves:?}");
    let black = e.ok("list_stones black");
    assert!(!black.split_whitespace().any(|p| p == "H2"), "{black}");
    assert_eq!(e.ok("final_score"), "W+16.5");
}

#[test]
fn handicap_game_does_not_resign_at_once() {
    let mut e = GtpProcess::tianyuan(&["--playouts", "3000"]);
    e.ok("boardsize 9");
    e.ok("komi 0.5");
    e.ok("fixed_handicap 4");
    for _ in 0..3 {
        let w = e.ok("genmove w");
        assert_ne!(w, "resign");
        let b = e.ok("genmove b");
        assert_ne!(b, "resign");
    }
}

#[test]
fn new_board_sizes_and_absurd_clocks_are_handled() {
    let mut e = GtpProcess::tianyuan(&["--playouts", "300"]);
    e.ok("boardsize 9");
    e.ok("genmove b");
    e.ok("boardsize 19");
    let mv = e.ok("genmove b");
    assert_eq!(
        e.cmd(&format!("is_legal w {mv}")),
        Ok("0".to_string()),
        "{mv} is on the board"
    );
    e.ok("boardsize 5");
    e.ok("time_settings 1000000000 0 0");
    let mv = e.ok("genmove w");
    assert!(mv.len() >= 2, "{mv}");
    e.ok("time_left w -5 0");
    e.ok("genmove b");
}
