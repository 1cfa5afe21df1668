//! Nothing a controller sends may crash or hang the engine: a long,
//! seeded stream of commands, most of them plausible (moves, clocks,
//! handicap, setup, scoring, SGF files, analyze commands) and the rest
//! any known command with arguments drawn from a pool of odd words
//! (huge and non-finite numbers, off-board vertices, long strings).
//! Every command must get a GTP answer within seconds, no handler may
//! panic (`internal error`), no thread may panic (stderr), and the
//! engine must still play, quit and exit with status 0 at the end.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};
use tianyuan::gtp::client::{GtpClient, GtpFailure};

/// Streamed commands need a second input to end; they have tests of
/// their own in tests/analysis.rs.
const STREAMED: &[&str] = &[
    "lz-analyze",
    "kata-analyze",
    "analyze",
    "lz-genmove_analyze",
    "kata-genmove_analyze",
    "genmove_analyze",
    "quit",
    // Writes a file named by a random word into the working directory.
    "printsgf",
    // Its `time` and `playouts 0` together can set a budget of hours;
    // PLAUSIBLE sets it with small values only.
    "tianyuan-param",
];

const ODD_WORDS: &[&str] = &[
    "b",
    "w",
    "B",
    "white",
    "black",
    "x",
    "pass",
    "PASS",
    "resign",
    "A1",
    "a1",
    "J9",
    "T19",
    "Z1",
    "E5",
    "I5",
    "K10",
    "0",
    "1",
    "2",
    "3",
    "-1",
    "9",
    "19",
    "25",
    "26",
    "1e300",
    "-1e300",
    "nan",
    "inf",
    "-inf",
    "0.5",
    "1e-300",
    "4294967296",
    "18446744073709551616",
    "-0",
    "true",
    "false",
    "ownership",
    "interval",
    "chinese",
    "japanese",
    "none",
    "absolute",
    "byoyomi",
    "canadian",
    "dead",
    "alive",
    "seki",
    "playouts",
    "time",
    "threads",
    "resign",
    "live_gfx",
    "/nonexistent",
];

const PLAUSIBLE: &[&str] = &[
    "play {c} {v}",
    "play {c} {v}",
    "play {c} {v}",
    "play {c} {v}",
    "play {c} pass",
    "genmove {c}",
    "genmove {c}",
    "undo",
    "boardsize {size}",
    "clear_board",
    "fixed_handicap {n}",
    "set_free_handicap {v} {v} {v}",
    "place_free_handicap {n}",
    "time_settings {t} {t} {n}",
    "time_left {c} {t} {n}",
    "kgs-time_settings byoyomi {t} {t} {n}",
    "kgs-time_settings canadian {t} {t} {n}",
    "kgs-time_settings absolute {t}",
    "final_score",
    "final_status_list dead",
    "final_status_list seki",
    "kgs-genmove_cleanup {c}",
    "reg_genmove {c}",
    "loadsgf {dir}/game.sgf",
    "loadsgf {dir}/game.sgf {n}",
    "printsgf {dir}/game.sgf",
    "gogui-setup {c} {v} {c} {v}",
    "gogui-setup_player {c}",
    "tianyuan-gfx_best {c}",
    "tianyuan-gfx_pv {c}",
    "tianyuan-ownership",
    "komi {k}",
    "kgs-rules {r}",
    "area_score",
    "all_legal {c}",
    "countlib {v}",
    "tianyuan-param playouts {n}",
    "tianyuan-param threads {n}",
    "tianyuan-param ponder {bit}",
    "tianyuan-param live_gfx {bit}",
];

fn pick<'a>(rng: &mut StdRng, items: &[&'a str]) -> &'a str {
    items[rng.gen_range(0..items.len())]
}

fn vertex(rng: &mut StdRng) -> String {
    // Mostly on a 9x9 board, sometimes anywhere up to 25x25.
    let wide = rng.gen_bool(0.2);
    let col = rng.gen_range(0..if wide { 25 } else { 9 });
    let row = rng.gen_range(1..=if wide { 25 } else { 9 });
    format!(
        "{}{row}",
        "ABCDEFGHJKLMNOPQRSTUVWXYZ".as_bytes()[col] as char
    )
}

fn plausible(rng: &mut StdRng, dir: &str) -> String {
    let mut line = pick(rng, PLAUSIBLE).replace("{dir}", dir);
    let fields: [(&str, &[&str]); 7] = [
        ("{c}", &["b", "w"]),
        ("{t}", &["0", "0.01", "0.3", "1"]),
        ("{n}", &["0", "1", "2", "3", "5"]),
        ("{size}", &["2", "5", "7", "9", "9", "9", "13", "19", "25"]),
        ("{k}", &["0", "7.5", "-3.5", "0.5", "100"]),
        ("{r}", &["chinese", "japanese", "aga", "new_zealand"]),
        ("{bit}", &["0", "1"]),
    ];
    while let Some(at) = line.find("{v}") {
        line.replace_range(at..at + 3, &vertex(rng));
    }
    for (field, values) in fields {
        while let Some(at) = line.find(field) {
            line.replace_range(at..at + field.len(), pick(rng, values));
        }
    }
    line
}

fn odd(rng: &mut StdRng, commands: &[&str]) -> String {
    let mut line = pick(rng, commands).to_string();
    for _ in 0..rng.gen_range(0..5) {
        line.push(' ');
        line.push_str(pick(rng, ODD_WORDS));
    }
    line
}

#[test]
fn random_command_streams_never_crash_or_hang() {
    let dir = std::env::temp_dir().join(format!("tianyuan-robust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let stderr = dir.join("stderr.txt");
    let _ = std::fs::remove_file(&stderr);
    let dir_text = dir.to_str().unwrap().to_string();
    for seed in 1..=3u64 {
        let args = ["--threads", "1", "--playouts", "30", "--time", "0.2"];
        let mut e = GtpClient::spawn_program(env!("CARGO_BIN_EXE_tianyuan"), &args, Some(&stderr))
            .expect("start tianyuan");
        let list = e.send("list_commands", None).unwrap();
        let commands: Vec<&str> = list.lines().filter(|c| !STREAMED.contains(c)).collect();
        let mut rng = StdRng::seed_from_u64(seed);
        let (mut ok, mut refused) = (0, 0);
        for _ in 0..300 {
            let line = if rng.gen_bool(0.7) {
                plausible(&mut rng, &dir_text)
            } else {
                odd(&mut rng, &commands)
            };
            let start = Instant::now();
            match e.send(&line, Some(Duration::from_secs(20))) {
                Ok(_) => ok += 1,
                Err(GtpFailure::Error(message)) => {
                    assert!(
                        !message.contains("internal error"),
                        "seed {seed}: {line:?} panicked in its handler"
                    );
                    refused += 1;
                }
                Err(failure) => panic!("seed {seed}: {line:?}: {failure}"),
            }
            // Every budget here is well under a second, whatever the clock says.
            let took = start.elapsed();
            assert!(
                took < Duration::from_secs(5),
                "seed {seed}: {line:?} took {took:?}"
            );
        }
        // Still a working engine: a fresh game, a move, and a clean exit.
        e.send("boardsize 9", None).unwrap();
        e.send("clear_board", None).unwrap();
        let mv = e.send("genmove b", Some(Duration::from_secs(20))).unwrap();
        assert!(!mv.is_empty());
        e.send("quit", None).unwrap();
        let status = e.wait().unwrap();
        assert!(status.success(), "seed {seed}: {status:?}");
        eprintln!("seed {seed}: {ok} commands answered, {refused} refused");
        assert!(
            ok > 100 && refused > 30,
            "seed {seed}: {ok} answered, {refused} refused"
        );
    }
    let err = std::fs::read_to_string(&stderr).unwrap_or_default();
    assert!(!err.contains("panicked"), "a panic on stderr:\n{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 46: `--threads` on the command line has the bound GTP's setting
/// has (1 to 1024); outside it the engine refuses to start, with a message.
#[test]
fn threads_out_of_range_on_the_command_line_are_refused() {
    for bad in ["0", "1025", "100000000000", "x"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tianyuan"))
            .args(["--threads", bad])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--threads {bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("from 1 to 1024"), "{err}");
        assert!(out.stdout.is_empty());
    }
}
