//! The long runs of issue 16, each `#[ignore]`d by `cargo test` because it
//! takes from minutes to hours. All of them, one after the other:
//!
//! ```sh
//! cargo test --release --test soak -- --ignored --nocapture --test-threads 1
//! ```
//!
//! or one by its name. docs/RELIABILITY.md has their figures. Settings
//! from the environment: `SOAK_GAMES_9` (default 500) and `SOAK_GAMES_19`
//! (50) games, `SOAK_DIR` for the game records and engine logs (default a
//! temporary directory), `SOAK_SEARCH_SECS` (60), `SOAK_PONDER_MOVES`
//! (300), `SOAK_ANALYZE_SECS` (600), `SOAK_TREE_MB` (512),
//! `SOAK_MATCH_TREE_MB` (8: the soak matches' tree bound).
//!
//! Why the soak matches run with a small tree: the tree is one arena
//! reserved at its bound and touched as searches use it, so resident
//! memory rises, in steps, to the largest tree any search so far has
//! used (a 500-game soak at the default 512 MiB rose from 33 to 56 MiB in
//! game 136, where GNU Go thought 2.2 s and tianyuan pondered that long,
//! and stayed there). A bound the searches fill in the first games
//! reaches that mark at once, so that any later growth is a leak.
//!
//! - `soak_9x9`, `soak_19x19`: one tianyuan process through a whole match
//!   against GNU Go with handicap, setup and ponder games in turn
//!   (`tianyuan match --vary`): no illegal move, crash, hang or loss on
//!   time, memory flat after the first games; every game whose counts
//!   differ is printed.
//! - `memory_long_search`, `memory_ponder_game`, `memory_kata_analyze`:
//!   resident memory under `--max-tree-mb` plus an overhead.
//! - `sudden_death_under_load`: 1 minute on 9x9 and 5 on 19x19 with the
//!   other core spinning, against GNU Go: no loss on time.

mod common;

use common::GtpProcess;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tianyuan::arena::{play_match, stats::Tally, MatchArgs};

const BIN: &str = env!("CARGO_BIN_EXE_tianyuan");

/// Resident memory beyond the tree's bound that the engine may use: the
/// program, the learned patterns, the boards of the search threads, the
/// standard library's allocator.
const OVERHEAD_MIB: u64 = 64;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn soak_dir(name: &str) -> PathBuf {
    let base = std::env::var_os("SOAK_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            std::env::temp_dir().join(format!("tianyuan-soak-{}", std::process::id()))
        });
    let dir = base.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `VmRSS` and `VmHWM` (the peak) of a process, in KiB.
fn memory_kib(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// Threads that spin on all cores but one until dropped.
struct Load(Arc<AtomicBool>);

impl Load {
    fn start() -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        for _ in 0..cores.saturating_sub(1).max(1) {
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                let mut x = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            });
        }
        Load(stop)
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Play a match with the runner, its output on stdout as it comes.
fn play(words: &[String]) -> (Tally, String) {
    let args = MatchArgs::parse_from(words).expect("valid options");
    struct Tee(Vec<u8>);
    impl std::io::Write for Tee {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            print!("{}", String::from_utf8_lossy(b));
            self.0.extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut out = Tee(Vec::new());
    let tally = play_match(&args, &mut out).expect("the match runs");
    (tally, String::from_utf8(out.0).unwrap())
}

/// The game lines whose two counts (the referee's and tianyuan's own)
/// differ.
fn differing_counts(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.starts_with("game "))
        .filter(|l| {
            let Some(i) = l.find("(referee ") else {
                return false;
            };
            let rest = &l[i + "(referee ".len()..];
            let Some((referee, rest)) = rest.split_once(", own ") else {
                return false;
            };
            let own = rest.split(')').next().unwrap_or("");
            referee != own
        })
        .collect()
}

/// A soak match: tianyuan (engine A, one process) against GNU Go at
/// `level` with the kinds of game of `--vary`.
fn soak(size: u32, games: u32, per_move: &str, level: u32) {
    let Some(gnugo) = common::gnugo() else {
        return;
    };
    let gnugo = gnugo.display().to_string();
    let dir = soak_dir(&format!("soak{size}"));
    let words: Vec<String> = [
        "--black",
        &format!(
            "\"{BIN}\" --threads 1 --max-tree-mb {}",
            env_or("SOAK_MATCH_TREE_MB", 8u64)
        ),
        "--white",
        &format!("{gnugo} --mode gtp --chinese-rules --level {level}"),
        "--untimed",
        "B",
        "--games",
        &games.to_string(),
        "--size",
        &size.to_string(),
        "--time",
        per_move,
        "--vary",
        "--referee",
        &format!("{gnugo} --mode gtp --chinese-rules"),
        "--sgf-dir",
        dir.to_str().unwrap(),
        "--log-dir",
        dir.to_str().unwrap(),
        "--out",
        dir.join("summary.txt").to_str().unwrap(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let (tally, out) = play(&words);
    println!("records and logs in {}", dir.display());
    for line in differing_counts(&out) {
        println!("counts differ: {line}");
    }
    assert_eq!(tally.games, games);
    assert_eq!(tally.forfeits, [0, 0], "illegal moves, crashes or errors");
    assert_eq!(tally.time_losses[0], 0, "tianyuan lost on time");
    assert_eq!(tally.hangs, [0, 0], "an engine hung");
    assert_eq!(tally.starts[0], 1, "tianyuan was started again");
    // Flat memory: after the first 20 games (five of each kind) it grows
    // no more than 16 MiB beyond what those games reached (the tree,
    // small, is full by then).
    let m = &tally.memory[0];
    if m.len() > 20 {
        let early = *m[..20].iter().max().unwrap();
        let late = *m[20..].iter().max().unwrap();
        println!(
            "tianyuan memory: first {:.1} MiB, most in games 1-20 {:.1}, most after {:.1}, last {:.1}",
            mib(m[0]),
            mib(early),
            mib(late),
            mib(*m.last().unwrap())
        );
        assert!(
            late <= early + 16 * 1024,
            "memory grew: {early} KiB in the first 20 games, {late} KiB later"
        );
    }
}

#[test]
#[ignore]
fn soak_9x9() {
    soak(9, env_or("SOAK_GAMES_9", 500), "0.5", 5);
}

#[test]
#[ignore]
fn soak_19x19() {
    // GNU Go at level 1: its 19x19 moves at level 5 took most of the time.
    soak(19, env_or("SOAK_GAMES_19", 50), "0.5", 1);
}

/// Samples a process's resident memory every `every` until dropped; the
/// highest sample.
struct Sampler {
    stop: Arc<AtomicBool>,
    handle: Option<std::thread::JoinHandle<u64>>,
}

impl Sampler {
    fn start(pid: u32, every: Duration) -> Sampler {
        let stop = Arc::new(AtomicBool::new(false));
        let s = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            let mut most = 0;
            while !s.load(Ordering::Relaxed) {
                most = most.max(memory_kib(pid).0);
                std::thread::sleep(every);
            }
            most
        });
        Sampler {
            stop,
            handle: Some(handle),
        }
    }

    fn finish(mut self) -> u64 {
        self.stop.store(true, Ordering::Relaxed);
        self.handle.take().unwrap().join().unwrap()
    }
}

fn check_bound(what: &str, tree_mb: u64, peak_kib: u64) {
    let bound = (tree_mb + OVERHEAD_MIB) * 1024;
    println!(
        "{what}: peak resident memory {:.1} MiB (bound {} MiB = --max-tree-mb {tree_mb} + {OVERHEAD_MIB})",
        mib(peak_kib),
        bound / 1024
    );
    assert!(peak_kib <= bound, "{what}: {peak_kib} KiB over {bound} KiB");
}

/// One long search on 19x19 (60 s), at the default tree bound and at a
/// small one that the search fills.
#[test]
#[ignore]
fn memory_long_search() {
    let secs: u64 = env_or("SOAK_SEARCH_SECS", 60);
    for tree_mb in [env_or("SOAK_TREE_MB", 512u64), 64] {
        let mb = tree_mb.to_string();
        let mut e = GtpProcess::tianyuan(&["--threads", "2", "--max-tree-mb", &mb, "--no-resign"]);
        let pid = e.client().id();
        e.ok("boardsize 19");
        e.ok("clear_board");
        for m in ["b q16", "w d4", "b q3", "w d16"] {
            e.ok(&format!("play {m}"));
        }
        let before = memory_kib(pid).0;
        e.ok(&format!("time_settings 0 {secs} 1"));
        let sampler = Sampler::start(pid, Duration::from_millis(250));
        let start = Instant::now();
        let mv = e.ok("genmove b");
        let took = start.elapsed().as_secs_f64();
        let peak = sampler.finish().max(memory_kib(pid).1);
        println!(
            "19x19 search of {took:.1} s (--max-tree-mb {tree_mb}): {mv}; memory before {:.1} MiB",
            mib(before)
        );
        check_bound("long search", tree_mb, peak);
        assert!(took <= secs as f64 + 1.0, "the move took {took:.1} s");
        e.ok("quit");
    }
}

/// A 19x19 game of `SOAK_PONDER_MOVES` moves in one process playing both
/// colours, the tree kept from move to move and pondering for a second
/// after each move.
#[test]
#[ignore]
fn memory_ponder_game() {
    let moves: u32 = env_or("SOAK_PONDER_MOVES", 300);
    let tree_mb: u64 = env_or("SOAK_TREE_MB", 512);
    let mb = tree_mb.to_string();
    let mut e = GtpProcess::tianyuan(&["--max-tree-mb", &mb, "--ponder", "--no-resign"]);
    let pid = e.client().id();
    e.ok("boardsize 19");
    e.ok("clear_board");
    e.ok("time_settings 0 1 1");
    let sampler = Sampler::start(pid, Duration::from_millis(250));
    let mut passes = 0;
    let mut played = 0;
    let mut longest = 0.0f64;
    for i in 0..moves {
        let color = ["b", "w"][i as usize % 2];
        let start = Instant::now();
        let mv = e.ok(&format!("genmove {color}"));
        longest = longest.max(start.elapsed().as_secs_f64());
        played += 1;
        passes = if mv.eq_ignore_ascii_case("pass") {
            passes + 1
        } else {
            0
        };
        if passes == 2 {
            break;
        }
        // Pondering on the opponent's time.
        std::thread::sleep(Duration::from_secs(1));
        if played % 50 == 0 {
            println!("move {played}: resident {:.1} MiB", mib(memory_kib(pid).0));
        }
    }
    let peak = sampler.finish().max(memory_kib(pid).1);
    println!("ponder game: {played} moves, longest genmove {longest:.2} s");
    check_bound("ponder game", tree_mb, peak);
    assert!(longest < 1.5, "a move took {longest:.2} s");
    e.ok("quit");
}

/// A `kata-analyze` stream left running on a 19x19 position.
#[test]
#[ignore]
fn memory_kata_analyze() {
    let secs: u64 = env_or("SOAK_ANALYZE_SECS", 600);
    let tree_mb: u64 = env_or("SOAK_TREE_MB", 512);
    let mb = tree_mb.to_string();
    let mut e = GtpProcess::tianyuan(&["--max-tree-mb", &mb]);
    let pid = e.client().id();
    e.ok("boardsize 19");
    e.ok("clear_board");
    for m in ["b q16", "w d4", "b q3", "w d16", "b r10"] {
        e.ok(&format!("play {m}"));
    }
    let sampler = Sampler::start(pid, Duration::from_millis(250));
    e.send_raw(b"kata-analyze w 100 ownership true\n");
    assert_eq!(e.read_line(5.0), "=");
    let start = Instant::now();
    let mut lines = 0u64;
    let mut next_report = 60;
    while start.elapsed().as_secs() < secs {
        let line = e.read_line(10.0);
        assert!(line.starts_with("info move "), "unexpected line {line:?}");
        lines += 1;
        if start.elapsed().as_secs() >= next_report {
            println!(
                "{} s: {lines} lines, resident {:.1} MiB",
                start.elapsed().as_secs(),
                mib(memory_kib(pid).0)
            );
            next_report += 60;
        }
    }
    // Any input ends the stream; its empty line ends the response.
    e.send_raw(b"name\n");
    loop {
        let line = e.read_line(10.0);
        if line.is_empty() {
            break;
        }
    }
    assert_eq!(e.read_response(), "= tianyuan");
    let peak = sampler.finish().max(memory_kib(pid).1);
    println!("kata-analyze for {secs} s: {lines} lines");
    check_bound("kata-analyze stream", tree_mb, peak);
    e.ok("quit");
}

/// Sudden death against GNU Go with every other core spinning: 1 minute
/// a side on 9x9 and 5 minutes on 19x19, tianyuan on all cores (its
/// default), a game with each colour.
#[test]
#[ignore]
fn sudden_death_under_load() {
    let Some(gnugo) = common::gnugo() else {
        return;
    };
    let gnugo = gnugo.display().to_string();
    let _load = Load::start();
    for (size, main) in [(9, "60"), (19, "300")] {
        let dir = soak_dir(&format!("sudden{size}"));
        let words: Vec<String> = [
            "--black",
            &format!("\"{BIN}\""),
            "--white",
            &format!("{gnugo} --mode gtp --chinese-rules --level 5"),
            "--untimed",
            "B",
            "--games",
            "2",
            "--size",
            &size.to_string(),
            "--main-time",
            main,
            "--time",
            "0",
            "--sgf-dir",
            dir.to_str().unwrap(),
            "--log-dir",
            dir.to_str().unwrap(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let (tally, _) = play(&words);
        assert_eq!(tally.games, 2);
        assert_eq!(tally.forfeits, [0, 0]);
        assert_eq!(
            tally.time_losses[0], 0,
            "tianyuan lost on time on {size}x{size}"
        );
        println!(
            "{size}x{size} sudden death {main} s: tianyuan {} moves, {:.1} s in all, longest {:.2} s",
            tally.think[0].moves, tally.think[0].total, tally.think[0].longest
        );
    }
}
