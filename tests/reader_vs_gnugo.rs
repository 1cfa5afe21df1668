//! The capture reader against GNU Go's: on positions of random fights
//! (9x9, moves mostly near the last one), every string of one to three
//! liberties is read by both engines' `attack` command. What tianyuan
//! captures, GNU Go must almost always agree can be captured (the reader's
//! "yes" is read out to the end, its approximations favour the
//! defender); and tianyuan must find most of what GNU Go finds (its reads
//! are narrower: a budget, a depth, strings of three liberties are safe
//! deep in a read). The figures are printed.

mod common;

use common::{gnugo, GtpProcess};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

const SIZE: usize = 9;
const POSITIONS: usize = 30;

#[test]
fn attacks_agree_with_gnugo() {
    let Some(gnugo) = gnugo() else { return };
    let mut ours = GtpProcess::tianyuan(&[]);
    let mut theirs = GtpProcess::start(gnugo.to_str().unwrap(), &["--mode", "gtp"]);
    let mut rng = SmallRng::seed_from_u64(20261201);
    let columns: Vec<char> = "ABCDEFGHJ".chars().collect();
    // (tianyuan captures, GNU Go captures) counts.
    let (mut both, mut only_ours, mut only_theirs, mut neither) = (0, 0, 0, 0);
    let mut unsound = Vec::new();
    for position in 0..POSITIONS {
        for e in [&mut ours, &mut theirs] {
            e.ok(&format!("boardsize {SIZE}"));
            e.ok("clear_board");
        }
        let mut last: Option<(usize, usize)> = None;
        let mut color = "b";
        for _ in 0..rng.gen_range(15..60) {
            let mut chosen = None;
            for _ in 0..50 {
                let (x, y) = match last {
                    Some((lx, ly)) if rng.gen_ratio(7, 10) => (
                        (lx as i32 + rng.gen_range(-2..=2)).clamp(0, SIZE as i32 - 1) as usize,
                        (ly as i32 + rng.gen_range(-2..=2)).clamp(0, SIZE as i32 - 1) as usize,
                    ),
                    _ => (rng.gen_range(0..SIZE), rng.gen_range(0..SIZE)),
                };
                let v = format!("{}{}", columns[x], y + 1);
                if ours.ok(&format!("is_legal {color} {v}")) == "1" {
                    chosen = Some((x, y, v));
                    break;
                }
            }
            let Some((x, y, v)) = chosen else { break };
            ours.ok(&format!("play {color} {v}"));
            theirs.ok(&format!("play {color} {v}"));
            last = Some((x, y));
            color = if color == "b" { "w" } else { "b" };
        }
        let mut seen = BTreeSet::new();
        for c in ["black", "white"] {
            for v in ours.ok(&format!("list_stones {c}")).split_whitespace() {
                let libs: u32 = ours.ok(&format!("countlib {v}")).parse().unwrap();
                if libs > 3 {
                    continue;
                }
                let string = theirs.ok(&format!("worm_stones {v}"));
                if !seen.insert(string) {
                    continue;
                }
                let a = ours.ok(&format!("attack {v}"));
                let b = theirs.ok(&format!("attack {v}"));
                match (a != "0", b != "0") {
                    (true, true) => both += 1,
                    (true, false) => {
                        only_ours += 1;
                        unsound.push(format!(
                            "position {position}: attack {v}: {a}\n{}",
                            ours.ok("showboard")
                        ));
                    }
                    (false, true) => only_theirs += 1,
                    (false, false) => neither += 1,
                }
            }
        }
    }
    let claimed = both + only_ours;
    let found = both + only_theirs;
    eprintln!(
        "strings read: {}; tianyuan captures {claimed}, GNU Go confirms {both}; GNU Go captures {found}, tianyuan finds {both}; neither {neither}",
        claimed + only_theirs + neither
    );
    for u in &unsound {
        eprintln!("not confirmed: {u}");
    }
    assert!(
        claimed >= 100 && found >= 100,
        "too few weak strings to judge"
    );
    assert!(
        both as f64 >= 0.95 * claimed as f64,
        "GNU Go confirms only {both} of tianyuan's {claimed} captures"
    );
    assert!(
        both as f64 >= 0.75 * found as f64,
        "tianyuan finds only {both} of GNU Go's {found} captures"
    );
}
