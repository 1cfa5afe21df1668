//! The textbook set (tests/textbook/positions.txt, docs/JUDGEMENT.md):
//! end positions written from the rules, each with the dead stones, the
//! stones in seki and the score the rules give. Every one must be judged
//! right, under every ruleset it lists, over GTP as a GUI asks
//! (`gogui-setup`, `final_status_list dead`, `final_status_list seki`,
//! `final_score`). No change to the judgement lands if it loses one.
//!
//! `cargo test --release --test textbook -- --nocapture` prints a line a
//! position; `TEXTBOOK_ENGINE="gnugo --mode gtp --chinese-rules" cargo test
//! --release --test textbook -- --ignored --nocapture` measures another
//! engine's dead and seki lists on the set (Chinese rules only).

mod common;

use common::GtpProcess;
use std::collections::BTreeSet;

const SET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/textbook/positions.txt");

const COLUMNS: &str = "ABCDEFGHJKLMNOPQRST";

/// One position of the set.
struct Position {
    name: String,
    size: usize,
    to_move: String,
    dead: BTreeSet<String>,
    seki: BTreeSet<String>,
    /// (ruleset, expected `final_score`)
    scores: Vec<(String, String)>,
    /// (colour letter, vertex) of every stone.
    stones: Vec<(char, String)>,
}

fn vertices(words: &[&str]) -> BTreeSet<String> {
    words
        .iter()
        .filter(|w| **w != "-")
        .map(|w| w.to_ascii_uppercase())
        .collect()
}

/// Read the set: blocks opened by `= NAME`, keyed lines, then `board` and
/// `size` rows, top row first.
fn read_set() -> Vec<Position> {
    let text = std::fs::read_to_string(SET).unwrap();
    let mut out: Vec<Position> = Vec::new();
    let mut rows_left = 0;
    for (i, line) in text.lines().enumerate() {
        let at = || format!("{SET}:{}", i + 1);
        if line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix("= ") {
            out.push(Position {
                name: name.trim().to_string(),
                size: 0,
                to_move: "b".into(),
                dead: BTreeSet::new(),
                seki: BTreeSet::new(),
                scores: Vec::new(),
                stones: Vec::new(),
            });
            continue;
        }
        let Some(p) = out.last_mut() else { continue };
        let words: Vec<&str> = line.split_whitespace().collect();
        if rows_left > 0 {
            assert_eq!(words.len(), p.size, "{}: a row of {} points", at(), p.size);
            let row = rows_left;
            for (col, w) in words.iter().enumerate() {
                let vertex = format!("{}{row}", &COLUMNS[col..=col]);
                match *w {
                    "X" => p.stones.push(('b', vertex)),
                    "O" => p.stones.push(('w', vertex)),
                    "." => {}
                    other => panic!("{}: {other:?} is not X, O or .", at()),
                }
            }
            rows_left -= 1;
            continue;
        }
        match words.first().copied() {
            Some("size") => p.size = words[1].parse().unwrap(),
            Some("to-move") => p.to_move = words[1].to_string(),
            Some("dead") => p.dead = vertices(&words[1..]),
            Some("seki") => p.seki = vertices(&words[1..]),
            Some("score") => p.scores.push((words[1].to_string(), words[2].to_string())),
            Some("board") => rows_left = p.size,
            Some("source:") | None => {}
            Some(other) => panic!("{}: unknown key {other:?}", at()),
        }
    }
    assert_eq!(rows_left, 0, "the last board is cut short");
    out
}

/// Set `p` up in `engine` under `rules` (None: the engine's own).
fn set_up(engine: &mut GtpProcess, p: &Position, rules: Option<&str>) {
    engine.ok(&format!("boardsize {}", p.size));
    engine.ok("clear_board");
    if let Some(rules) = rules {
        engine.ok(&format!("kgs-rules {rules}"));
    }
    let komi = if rules == Some("japanese") { 6.5 } else { 7.5 };
    engine.ok(&format!("komi {komi}"));
    let args: Vec<String> = p.stones.iter().map(|(c, v)| format!("{c} {v}")).collect();
    engine.ok(&format!("gogui-setup {}", args.join(" ")));
    engine.ok(&format!("gogui-setup_player {}", p.to_move));
}

fn list(engine: &mut GtpProcess, status: &str) -> BTreeSet<String> {
    let answer = engine.ok(&format!("final_status_list {status}"));
    vertices(&answer.split_whitespace().collect::<Vec<_>>())
}

fn names(set: &BTreeSet<String>) -> String {
    if set.is_empty() {
        "-".into()
    } else {
        set.iter().cloned().collect::<Vec<_>>().join(" ")
    }
}

#[test]
fn every_textbook_position_is_judged_right_under_every_ruleset() {
    let set = read_set();
    assert!(set.len() >= 20, "the set has {} positions", set.len());
    let mut engine = GtpProcess::tianyuan(&["--threads", "2"]);
    let mut failures = Vec::new();
    for p in &set {
        let mut rulesets: Vec<&str> = p.scores.iter().map(|(r, _)| r.as_str()).collect();
        if rulesets.is_empty() {
            rulesets.push("chinese");
        }
        for rules in rulesets {
            set_up(&mut engine, p, Some(rules));
            let dead = list(&mut engine, "dead");
            let seki = list(&mut engine, "seki");
            let score = engine.ok("final_score");
            let expected_score = p.scores.iter().find(|(r, _)| r == rules).map(|(_, s)| s);
            // Tromp-Taylor counts every stone on the board after the two
            // passes: nothing is dead (docs/RULES.md).
            let expected_dead = if rules == "tromp-taylor" {
                BTreeSet::new()
            } else {
                p.dead.clone()
            };
            let right = dead == expected_dead
                && seki == p.seki
                && expected_score.is_none_or(|s| *s == score);
            println!(
                "{} {} {rules}: dead {}, seki {}, {score}",
                if right { "ok  " } else { "MISS" },
                p.name,
                names(&dead),
                names(&seki)
            );
            if !right {
                failures.push(format!(
                    "{} under {rules}: dead {} (expected {}), seki {} (expected {}), \
                     final_score {score} (expected {})",
                    p.name,
                    names(&dead),
                    names(&expected_dead),
                    names(&seki),
                    names(&p.seki),
                    expected_score.map_or("any", |s| s.as_str())
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Another engine's dead and seki lists on the set, for JUDGEMENT.md:
/// `TEXTBOOK_ENGINE="CMD"`, run with `--ignored`.
#[test]
#[ignore]
fn another_engine_on_the_textbook_set() {
    let Ok(cmd) = std::env::var("TEXTBOOK_ENGINE") else {
        eprintln!("SKIPPED: set TEXTBOOK_ENGINE to the engine's command line");
        return;
    };
    let words: Vec<&str> = cmd.split_whitespace().collect();
    let (mut right, mut all) = (0, 0);
    for p in read_set() {
        let mut engine = GtpProcess::start(words[0], &words[1..]);
        engine.ok(&format!("boardsize {}", p.size));
        engine.ok("clear_board");
        engine.ok("komi 7.5");
        // Moves, alternating with passes, for engines without gogui-setup;
        // the side to move comes last.
        let (black, white): (Vec<_>, Vec<_>) = p.stones.iter().partition(|(c, _)| *c == 'b');
        let mut colour = 'b';
        let (mut bi, mut wi) = (black.iter(), white.iter());
        loop {
            let next = if colour == 'b' { bi.next() } else { wi.next() };
            let other_left = if colour == 'b' {
                wi.len() > 0
            } else {
                bi.len() > 0
            };
            match next {
                Some((_, v)) => engine.ok(&format!("play {colour} {v}")),
                None if other_left => engine.ok(&format!("play {colour} pass")),
                None => break,
            };
            colour = if colour == 'b' { 'w' } else { 'b' };
        }
        if !p.to_move.starts_with(colour) {
            engine.ok(&format!("play {colour} pass"));
        }
        let dead = list(&mut engine, "dead");
        let seki = list(&mut engine, "seki");
        let ok = dead == p.dead && seki == p.seki;
        right += usize::from(ok);
        all += 1;
        println!(
            "{} {}: dead {}, seki {}",
            if ok { "ok  " } else { "MISS" },
            p.name,
            names(&dead),
            names(&seki)
        );
    }
    println!("{cmd}: {right} of {all} positions with both lists right");
}
