//! Playing at a rank (`--rank`, `tianyuan-rank`): every form of a rank
//! is read, bad ones are refused and change nothing, weak ranks answer
//! quickly, and a stronger rank beats a weaker one.

mod common;

use common::GtpProcess;
use std::process::Command;
use std::time::{Duration, Instant};
use tianyuan::arena::{play_match, MatchArgs};

const BIN: &str = env!("CARGO_BIN_EXE_tianyuan");

#[test]
fn the_rank_is_set_by_option_and_gtp_and_bad_ones_change_nothing() {
    let mut e = GtpProcess::tianyuan(&["--threads", "1", "--rank", "15kyu"]);
    assert!(e.ok("list_commands").lines().any(|l| l == "tianyuan-rank"));
    assert_eq!(e.ok("tianyuan-rank"), "15k");
    for (text, shown) in [
        ("20 kyu", "20k"),
        ("12K", "12k"),
        ("30k", "30k"),
        ("3k", "3k"),
        ("MAX", "max"),
        ("7k", "7k"),
    ] {
        e.ok(&format!("tianyuan-rank {text}"));
        assert_eq!(e.ok("tianyuan-rank"), shown, "{text}");
    }
    for bad in ["0k", "31k", "abc", "15", "-5k", "10d"] {
        let answer = e.cmd(&format!("tianyuan-rank {bad}")).unwrap_err();
        assert!(answer.contains("not a rank"), "{bad}: {answer}");
        assert_eq!(e.ok("tianyuan-rank"), "7k", "{bad}");
    }
    for too_strong in ["2k", "1d", "5 dan"] {
        let answer = e.cmd(&format!("tianyuan-rank {too_strong}")).unwrap_err();
        assert!(answer.contains("its top is 3k"), "{too_strong}: {answer}");
        assert_eq!(e.ok("tianyuan-rank"), "7k");
    }
    // GoGui's parameter dialog shows and sets it too.
    assert!(e.ok("tianyuan-param").contains("[string] rank 7k"));
    e.ok("tianyuan-param rank 25k");
    assert_eq!(e.ok("tianyuan-rank"), "25k");
    assert!(e.cmd("tianyuan-param rank 1d").is_err());
    assert_eq!(e.ok("tianyuan-rank"), "25k");

    for (rank, reason) in [("1d", "its top is 3k"), ("fifteen", "not a rank")] {
        let o = Command::new(BIN).args(["--rank", rank]).output().unwrap();
        assert!(!o.status.success(), "{rank}");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(stderr.contains(reason), "{rank}: {stderr}");
    }
}

#[test]
fn ranks_below_the_top_answer_within_half_a_second_on_19x19() {
    for rank in ["25k", "15k", "3k"] {
        let mut e = GtpProcess::tianyuan(&["--threads", "2", "--rank", rank, "--seed", "7"]);
        e.ok("boardsize 19");
        e.ok("clear_board");
        let mut slowest = Duration::ZERO;
        for i in 0..6 {
            let start = Instant::now();
            let mv = e.ok(&format!("genmove {}", ["b", "w"][i % 2]));
            slowest = slowest.max(start.elapsed());
            assert!(mv != "pass" && mv != "resign", "{rank}: {mv}");
        }
        assert!(
            slowest < Duration::from_millis(500),
            "{rank}: a move took {slowest:?}"
        );
    }
}

#[test]
fn a_10k_beats_a_20k() {
    let dir = std::env::temp_dir().join(format!("tianyuan-ranks-{}", std::process::id()));
    let engine = |rank: &str| format!("\"{BIN}\" --threads 1 --seed 11 --rank {rank}");
    let (strong, weak) = (engine("10k"), engine("20k"));
    let args = MatchArgs::parse_from([
        "--black",
        &strong,
        "--white",
        &weak,
        "--games",
        "2",
        "--size",
        "19",
        "--komi",
        "7.5",
        "--time",
        "0",
        "--sgf-dir",
        dir.to_str().unwrap(),
    ])
    .expect("valid options");
    let mut out = Vec::new();
    let tally = play_match(&args, &mut out).expect("the match runs");
    let out = String::from_utf8(out).unwrap();
    assert_eq!(tally.games, 2, "{out}");
    assert_eq!(tally.total_wins(0), 2, "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
