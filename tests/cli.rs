//! The command line: `--help` explains every option with its default,
//! bad values exit with code 2 and a message naming the option, good
//! values reach the engine.

mod common;

use common::GtpProcess;
use std::process::Command;

fn tianyuan(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tianyuan"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn help_explains_every_option_with_its_default() {
    let out = tianyuan(&["--help"]);
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for (option, default) in [
        ("--threads", Some("all cores")),
        ("--playouts", None),
        ("--time", Some("2")),
        ("--max-tree-mb", Some("512")),
        ("--resign-threshold", Some("0.1")),
        ("--no-resign", None),
        ("--ponder", None),
        ("--seed", Some("from the clock")),
        ("--rules", Some("chinese")),
        ("--ko", Some("the rules' own")),
        ("--komi", Some("the rules' own: 7.5")),
        ("--size", Some("19")),
    ] {
        // An option's entry: its line and the explanation under it.
        let lines: Vec<&str> = help.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.trim_start().starts_with(&format!("{option} ")) || l.trim() == option)
            .unwrap_or_else(|| panic!("--help lacks {option}:\n{help}"));
        let line = format!("{} {}", lines[at], lines.get(at + 1).unwrap_or(&""));
        assert!(
            line.len() > option.len() + 20,
            "{option} is not explained: {line}"
        );
        if let Some(d) = default {
            assert!(line.contains(&format!("[default: {d}")), "{option}: {line}");
        }
    }
    for sub in ["gtp", "bench", "match", "score"] {
        assert!(help.contains(&format!("\n  {sub} ")), "--help lacks {sub}");
    }
    assert!(tianyuan(&["--version"]).status.success());
}

#[test]
fn bad_values_exit_with_code_2_and_say_which_option() {
    for (args, option) in [
        (&["--threads", "x"][..], "--threads"),
        (&["--time", "0"], "--time"),
        (&["--time", "-3"], "-3"),
        (&["--resign-threshold", "7"], "--resign-threshold"),
        (&["--komi", "nan"], "--komi"),
        (&["--max-tree-mb", "0"], "--max-tree-mb"),
        (&["--size", "30"], "--size"),
        (&["--rules", "foo"], "--rules"),
        (&["--no-such-option"], "--no-such-option"),
        (&["score"], "FILE"),
    ] {
        let out = tianyuan(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(option), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    }
}

#[test]
fn options_reach_the_engine() {
    let mut e = GtpProcess::tianyuan(&["--size", "9", "--komi", "-5.5", "--rules", "aga"]);
    let board = e.ok("showboard");
    assert!(board.contains("komi -5.5"), "{board}");
    assert!(board.contains(" 9 "), "{board}");
    // Situational superko under AGA rules, positional otherwise: the
    // engine took the rules (it answers like any rule set here).
    assert_eq!(e.ok("play b e5"), "");
    assert_eq!(e.ok("quit"), "");
    // `gtp` is the default subcommand; it takes the same options.
    let mut e = GtpProcess::tianyuan(&["gtp", "--size", "7"]);
    assert!(e.ok("showboard").contains(" 7 "));
    assert_eq!(e.ok("quit"), "");
}
