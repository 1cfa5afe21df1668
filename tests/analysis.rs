//! Live analysis, genmove with analysis, pondering and GoGui's interrupt,
//! driven over GTP on the real binary: the search runs in the background
//! of the GTP loop and any new input stops it.

mod common;

use common::GtpProcess;
use std::time::{Duration, Instant};

/// Read the `info` lines of a stream until `n` of them have come.
fn info_lines(e: &mut GtpProcess, n: usize) -> Vec<String> {
    let mut lines = Vec::new();
    while lines.len() < n {
        let line = e.read_line(10.0);
        assert!(line.starts_with("info move "), "unexpected line {line:?}");
        lines.push(line);
    }
    lines
}

/// The fields of each `info` entry of a line, as (key, value) lists.
fn entries(line: &str) -> Vec<Vec<(String, String)>> {
    line.split("info ")
        .filter(|s| !s.trim().is_empty())
        .map(|entry| {
            let words: Vec<&str> = entry.split_whitespace().collect();
            let pv = words.iter().position(|&w| w == "pv").expect("pv");
            let mut fields: Vec<(String, String)> = words[..pv]
                .chunks(2)
                .map(|kv| (kv[0].to_string(), kv[1].to_string()))
                .collect();
            fields.push(("pv".into(), words[pv + 1..].join(" ")));
            fields
        })
        .collect()
}

fn field<'a>(entry: &'a [(String, String)], key: &str) -> &'a str {
    &entry
        .iter()
        .find(|(k, _)| k == key)
        .unwrap_or_else(|| panic!("no {key} in {entry:?}"))
        .1
}

#[test]
fn lz_analyze_streams_until_new_input() {
    let mut e = GtpProcess::tianyuan(&["--threads", "2", "--size", "9"]);
    e.ok("play b e5");
    e.send_raw(b"5 lz-analyze w 10\n");
    assert_eq!(e.read_line(5.0), "=5");
    let lines = info_lines(&mut e, 3);
    for line in &lines {
        let list = entries(line);
        assert!(!list.is_empty());
        for (order, entry) in list.iter().enumerate() {
            let mv = field(entry, "move");
            assert!(mv == "pass" || mv.len() >= 2, "{mv}");
            assert_ne!(mv, "E5", "an occupied point");
            let win: i64 = field(entry, "winrate").parse().unwrap();
            assert!((0..=10000).contains(&win), "{win}");
            let lcb: i64 = field(entry, "lcb").parse().unwrap();
            assert!(lcb <= win);
            let prior: i64 = field(entry, "prior").parse().unwrap();
            assert!((0..=10000).contains(&prior));
            assert_eq!(field(entry, "order"), order.to_string());
            assert!(field(entry, "visits").parse::<u32>().unwrap() > 0);
            assert!(field(entry, "pv").starts_with(mv));
        }
    }
    // Visits grow from report to report.
    let total = |line: &str| -> u64 {
        entries(line)
            .iter()
            .map(|en| field(en, "visits").parse::<u64>().unwrap())
            .sum()
    };
    assert!(total(&lines[2]) > total(&lines[0]));
    // Any command ends the stream (empty line), then gets its own answer.
    let start = Instant::now();
    e.send_raw(b"6 protocol_version\n");
    loop {
        let line = e.read_line(5.0);
        if line.is_empty() {
            break;
        }
        assert!(line.starts_with("info move "), "{line}");
    }
    assert_eq!(e.read_response(), "=6 2");
    assert!(start.elapsed() < Duration::from_secs(2));
    // The position is as it was, and White is still to move.
    assert_eq!(e.ok("list_stones black"), "E5");
    assert_eq!(e.ok("list_stones white"), "");
    assert_eq!(e.ok("quit"), "");
}

#[test]
fn kata_analyze_reports_scores_and_ownership() {
    let mut e = GtpProcess::tianyuan(&["--threads", "2", "--size", "7"]);
    e.send_raw(b"kata-analyze b interval 10 maxmoves 3 ownership true\n");
    assert_eq!(e.read_line(5.0), "=");
    let line = info_lines(&mut e, 2).pop().unwrap();
    let (moves, owner) = line.split_once(" ownership ").expect("ownership");
    let list = entries(moves);
    assert!(!list.is_empty() && list.len() <= 3, "{moves}");
    for entry in &list {
        let win: f64 = field(entry, "winrate").parse().unwrap();
        assert!((0.0..=1.0).contains(&win));
        let lead: f64 = field(entry, "scoreLead").parse().unwrap();
        assert!(lead.abs() <= 49.0 + 7.5, "{lead}");
        assert!(field(entry, "prior").parse::<f64>().unwrap() <= 1.0);
    }
    let values: Vec<f64> = owner
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(values.len(), 49);
    assert!(values.iter().all(|v| (-1.0..=1.0).contains(v)));
    e.send_raw(b"\n");
    while !e.read_line(5.0).is_empty() {}
    // Sabaki's generic command, with a colour and an interval only.
    e.send_raw(b"analyze w 10\n");
    assert_eq!(e.read_line(5.0), "=");
    let line = info_lines(&mut e, 1).pop().unwrap();
    assert!(field(&entries(&line)[0], "winrate").contains('.'));
    e.send_raw(b"name\n");
    while !e.read_line(5.0).is_empty() {}
    assert_eq!(e.read_response(), "= tianyuan");
    assert_eq!(e.ok("quit"), "");
}

#[test]
fn bad_analysis_arguments_are_refused() {
    let mut e = GtpProcess::tianyuan(&["--size", "9"]);
    for bad in [
        "lz-analyze b x",
        "kata-analyze ownership",
        "kata-analyze b 10 ownership maybe",
        "lz-genmove_analyze b 10 interval",
    ] {
        assert_eq!(e.cmd(bad), Err("syntax error".into()), "{bad}");
    }
    assert_eq!(e.ok("list_stones black"), "");
    assert_eq!(e.ok("quit"), "");
}

#[test]
fn genmove_analyze_reports_then_plays() {
    let mut e = GtpProcess::tianyuan(&[
        "--threads",
        "2",
        "--size",
        "9",
        "--playouts",
        "20000",
        "--seed",
        "5",
    ]);
    e.send_raw(b"3 lz-genmove_analyze b 5\n");
    assert_eq!(e.read_line(5.0), "=3");
    let mut infos = 0;
    let played = loop {
        let line = e.read_line(30.0);
        if let Some(mv) = line.strip_prefix("play ") {
            break mv.to_string();
        }
        assert!(line.starts_with("info move "), "{line}");
        infos += 1;
    };
    assert_eq!(e.read_line(5.0), "", "the response ends with an empty line");
    assert!(infos >= 1, "no info line while thinking");
    assert_eq!(e.ok("list_stones black"), played);
    // KataGo's form for White, then the game goes on.
    e.send_raw(b"kata-genmove_analyze w 5\n");
    assert_eq!(e.read_line(5.0), "=");
    let played = loop {
        let line = e.read_line(30.0);
        if let Some(mv) = line.strip_prefix("play ") {
            break mv.to_string();
        }
        assert!(line.contains(" scoreLead "), "{line}");
    };
    assert_eq!(e.read_line(5.0), "");
    assert_eq!(e.ok("list_stones white"), played);
    assert_eq!(e.ok("quit"), "");
}

#[test]
fn gogui_interrupt_ends_a_long_genmove_at_once() {
    let mut e = GtpProcess::tianyuan(&["--threads", "2", "--size", "9", "--time", "60"]);
    assert!(e
        .ok("list_commands")
        .lines()
        .any(|c| c == "gogui-interrupt"));
    e.send_raw(b"genmove b\n");
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    e.send_raw(b"# interrupt\n");
    let answer = e.read_response();
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
    let mv = answer.strip_prefix("= ").expect("a move");
    assert_eq!(e.ok("list_stones black"), mv);
    // The interrupt is spent: the next genmove thinks again (playout limit).
    e.ok("time_settings 0 1 1");
    let start = Instant::now();
    e.ok("genmove w");
    assert!(start.elapsed() > Duration::from_millis(150));
    assert_eq!(e.ok("quit"), "");
}

#[test]
fn pondering_stops_at_the_next_command_and_keeps_the_game() {
    let mut e =
        GtpProcess::tianyuan(&["--threads", "2", "--size", "9", "--time", "0.3", "--ponder"]);
    let mv = e.ok("genmove b");
    // The engine thinks on White's time now; commands still answer at once.
    std::thread::sleep(Duration::from_millis(500));
    let start = Instant::now();
    assert_eq!(e.ok("name"), "tianyuan");
    assert_eq!(e.ok("list_stones black"), mv);
    assert!(start.elapsed() < Duration::from_millis(500));
    e.ok("play w pass");
    let reply = e.ok("genmove b");
    assert_ne!(reply, mv);
    assert_eq!(e.ok("quit"), "");
}
