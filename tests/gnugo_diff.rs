//! Differential test against GNU Go: random games where, before every
//! move, tianyuan and GNU Go (Chinese rules, positional superko) agree on
//! every legal move of the side to move and, after every move, on the
//! stones of both colours.
//!
//! `TIANYUAN_DIFF_GAMES` sets the number of games (default 200, spread
//! over the sizes 5, 7, 9, 13 and 19).

mod common;

use common::{gnugo, GtpProcess};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

fn set(text: &str) -> BTreeSet<String> {
    text.split_whitespace()
        .map(str::to_ascii_uppercase)
        .collect()
}

#[test]
fn legal_moves_and_stones_agree_with_gnugo() {
    let Some(gnugo) = gnugo() else { return };
    let games: usize = std::env::var("TIANYUAN_DIFF_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let sizes = [5, 7, 9, 13, 19];
    let mut ours = GtpProcess::tianyuan(&[]);
    let gnugo = gnugo.to_str().unwrap().to_string();
    let mut theirs = GtpProcess::start(
        &gnugo,
        &["--mode", "gtp", "--chinese-rules", "--positional-superko"],
    );
    let mut rng = SmallRng::seed_from_u64(20261129);
    let mut total_moves = 0;
    let mut captures_seen = 0;
    for game in 0..games {
        let size = sizes[game % sizes.len()];
        for e in [&mut ours, &mut theirs] {
            e.ok(&format!("boardsize {size}"));
            e.ok("clear_board");
            e.ok("komi 7.5");
        }
        // Long enough for big captures and kos, short enough for CI.
        let max_moves = if size >= 13 {
            size * size
        } else {
            3 * size * size
        };
        let mut color = "b";
        let mut passes = 0;
        let mut stones_before = 0;
        for move_number in 0..max_moves {
            let legal_ours = set(&ours.ok(&format!("all_legal {color}")));
            let legal_theirs = set(&theirs.ok(&format!("all_legal {color}")));
            assert_eq!(
                legal_ours,
                legal_theirs,
                "game {game} ({size}x{size}) move {move_number}: legal moves for {color} differ\n{}",
                ours.ok("showboard")
            );
            let mv = if legal_ours.is_empty() || rng.gen_ratio(1, 40) {
                "pass".to_string()
            } else {
                let i = rng.gen_range(0..legal_ours.len());
                legal_ours.iter().nth(i).unwrap().clone()
            };
            let command = format!("play {color} {mv}");
            ours.ok(&command);
            theirs.ok(&command);
            let mut stones = 0;
            for c in ["black", "white"] {
                let a = set(&ours.ok(&format!("list_stones {c}")));
                let b = set(&theirs.ok(&format!("list_stones {c}")));
                assert_eq!(
                    a, b,
                    "game {game} move {move_number} ({command}): {c} stones differ"
                );
                stones += a.len();
            }
            if stones < stones_before {
                captures_seen += 1;
            }
            stones_before = stones;
            total_moves += 1;
            passes = if mv == "pass" { passes + 1 } else { 0 };
            if passes == 2 {
                break;
            }
            color = if color == "b" { "w" } else { "b" };
        }
    }
    eprintln!("{games} games, {total_moves} moves, {captures_seen} moves that captured: all agreed with GNU Go");
    assert!(
        games == 0 || captures_seen > games,
        "too few captures to test anything"
    );
}
