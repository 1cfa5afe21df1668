//! Raw hostile byte streams on the engine's stdin (issue 16): control
//! bytes, invalid UTF-8, lines of more than a megabyte, numbers and
//! vertices out of every range, and `loadsgf` given truncated, nested and
//! broken records, directories, devices, pipes and missing files. Each
//! seeded stream is written whole and stdin closed; the engine must answer
//! every command line exactly once (`=` or `?`, `\n\n`-terminated), never
//! with `internal error`, never panic, and exit with status 0 at the end of
//! its input. Also: the end of input and a closed stdout end the engine
//! in the middle of an analysis stream.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The engine's longest line, in bytes (src/gtp/parse.rs).
const MAX_LINE: usize = 1 << 20;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tianyuan-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn engine(args: &[&str], stderr: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tianyuan"))
        .args(args)
        // printsgf with a random word writes a file: keep it in the scratch directory.
        .current_dir(stderr.parent().unwrap())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(stderr).unwrap())
        .spawn()
        .expect("start tianyuan")
}

/// SGF files of every kind of broken, in `dir`; their paths.
fn records(dir: &Path) -> Vec<String> {
    let good = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese];B[ee];W[gc];B[ce](;W[dc])(;W[cc];B[dd]))";
    let files: Vec<(&str, String)> = vec![
        ("good.sgf", good.to_string()),
        ("truncated.sgf", good[..good.len() / 2].to_string()),
        ("empty.sgf", String::new()),
        (
            "nested.sgf",
            format!("{}(;SZ[9]{}", "(".repeat(5000), ")".repeat(5000)),
        ),
        ("deep.sgf", format!("(;SZ[9]{})", ";B[aa]".repeat(20_000))),
        ("huge-size.sgf", "(;SZ[4294967297];B[aa])".into()),
        ("size-zero.sgf", "(;SZ[0])".into()),
        ("rect.sgf", "(;SZ[9:13];B[aa])".into()),
        ("illegal.sgf", "(;SZ[9];B[ee];W[ee])".into()),
        ("off-board.sgf", "(;SZ[9];B[zz];W[ss])".into()),
        ("setup-all.sgf", format!("(;SZ[5]AB{})", "[aa:ee]")),
        (
            "binary.sgf",
            String::from_utf8_lossy(&[0xff, 0x00, 0x28, 0x3b, 0x80]).into_owned(),
        ),
        (
            "props.sgf",
            format!("(;SZ[9]C[{}]KM[nan]HA[-3]PL[X])", "\\]".repeat(10_000)),
        ),
        ("komi.sgf", "(;SZ[9]KM[1e308]RU[ancient];W[ee])".into()),
        ("unclosed-value.sgf", "(;SZ[9]C[never closed".into()),
    ];
    let mut paths = Vec::new();
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        paths.push(path.to_str().unwrap().to_string());
    }
    // A pipe nobody writes to: opening it for reading would block forever.
    let fifo = dir.join("fifo.sgf");
    if Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        paths.push(fifo.to_str().unwrap().to_string());
    }
    for other in [
        dir.to_str().unwrap().to_string(),
        dir.join("missing.sgf").to_str().unwrap().to_string(),
        dir.join("good.sgf/inside").to_str().unwrap().to_string(),
        "/dev/null".into(),
        "/dev/zero".into(),
        "/proc/self/mem".into(),
    ] {
        paths.push(other);
    }
    paths
}

const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "time_settings",
    "time_left",
    "kgs-time_settings",
    "final_score",
    "final_status_list",
    "loadsgf",
    "printsgf",
    "showboard",
    "known_command",
    "list_commands",
    "gogui-setup",
    "kgs-rules",
    "tianyuan-rules",
    "tianyuan-rank",
    "countlib",
    "all_legal",
];

const WORDS: &[&str] = &[
    "b",
    "w",
    "black",
    "pass",
    "A1",
    "j9",
    "T19",
    "Z25",
    "I5",
    "A0",
    "A-1",
    "A99999999999999999999",
    "0",
    "-1",
    "9",
    "19",
    "25",
    "26",
    "-2147483649",
    "18446744073709551616",
    "1e308",
    "-1e308",
    "nan",
    "inf",
    "0x10",
    "dead",
    "seki",
    "ancient",
    "japanese",
    "byoyomi",
];

/// One command line: a plausible one, a known command with odd words, or
/// raw bytes; control bytes, a tab or invalid UTF-8 mixed in at times.
fn line(rng: &mut StdRng, records: &[String]) -> Vec<u8> {
    let mut text = match rng.gen_range(0..10) {
        0..=2 => {
            let c = ["b", "w"][rng.gen_range(0..2)];
            let col = "ABCDEFGHJ".as_bytes()[rng.gen_range(0..9)] as char;
            let row = rng.gen_range(1..=9);
            match rng.gen_range(0..4) {
                0 => format!("genmove {c}"),
                1 => "boardsize 9".to_string(),
                _ => format!("play {c} {col}{row}"),
            }
            .into_bytes()
        }
        3..=4 => {
            let path = &records[rng.gen_range(0..records.len())];
            let n = if rng.gen_bool(0.3) {
                format!(" {}", WORDS[rng.gen_range(0..WORDS.len())])
            } else {
                String::new()
            };
            format!("loadsgf {path}{n}").into_bytes()
        }
        5..=7 => {
            let mut s = COMMANDS[rng.gen_range(0..COMMANDS.len())].to_string();
            for _ in 0..rng.gen_range(0..4) {
                s.push(' ');
                s.push_str(WORDS[rng.gen_range(0..WORDS.len())]);
            }
            s.into_bytes()
        }
        _ => (0..rng.gen_range(1..40))
            .map(|_| rng.gen_range(0..=255u8))
            .filter(|&b| b != b'\n')
            .collect(),
    };
    if rng.gen_bool(0.15) {
        // Control bytes, a CR, a tab, or bytes that are not UTF-8.
        let junk: &[&[u8]] = &[
            b"\x00",
            b"\x01",
            b"\x1b[2J",
            b"\r",
            b"\t",
            b"\x7f",
            b"\xff\xfe",
            b"\xc3",
        ];
        let at = rng.gen_range(0..=text.len());
        let j = junk[rng.gen_range(0..junk.len())];
        text.splice(at..at, j.iter().copied());
    }
    if rng.gen_bool(0.1) {
        // A numeric id, sometimes too large for any integer.
        let id = ["7 ", "0 ", "18446744073709551616 "][rng.gen_range(0..3)];
        text.splice(0..0, id.bytes());
    }
    text
}

/// Whether the engine answers `line` at all: GTP drops control bytes but
/// the tab, cuts comments and ignores what is left empty; a line over the
/// limit is always answered (with an error).
fn answered(line: &[u8]) -> bool {
    if line.len() > MAX_LINE {
        return true;
    }
    line.iter()
        .take_while(|&&b| b != b'#')
        .any(|&b| !matches!(b, 0..=32 | 127))
}

/// Write `input` to a new engine, close its stdin and collect all it
/// writes, within `limit`; its stdout, its exit status and its stderr.
fn run_stream(
    args: &[&str],
    input: Vec<u8>,
    limit: Duration,
    dir: &Path,
) -> (String, bool, String) {
    let stderr = dir.join("stderr.txt");
    let mut child = engine(args, &stderr);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = stdout.read_to_end(&mut out);
        let _ = tx.send(out);
    });
    let out = match rx.recv_timeout(limit) {
        Ok(out) => out,
        Err(_) => {
            let _ = child.kill();
            panic!("the engine did not finish its input within {limit:?}");
        }
    };
    writer.join().unwrap();
    let status = child.wait().unwrap();
    let err = std::fs::read_to_string(&stderr).unwrap_or_default();
    (
        String::from_utf8_lossy(&out).into_owned(),
        status.success(),
        err,
    )
}

#[test]
fn hostile_byte_streams_get_one_answer_a_line() {
    let dir = scratch("streams");
    let records = records(&dir);
    for seed in 1..=4u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut input = Vec::new();
        let mut expected = 0;
        for i in 0..250 {
            let l = if i == 100 + seed as usize {
                // Over a megabyte on one line.
                let mut l = b"play b ".to_vec();
                l.resize(MAX_LINE + 1000 * seed as usize, b'x');
                l
            } else {
                line(&mut rng, &records)
            };
            if answered(&l) {
                expected += 1;
            }
            input.extend_from_slice(&l);
            input.push(b'\n');
        }
        // The last line has no newline: it is still a command.
        input.extend_from_slice(b"name");
        expected += 1;
        let args = ["--threads", "1", "--playouts", "20", "--time", "0.1"];
        let start = Instant::now();
        let (out, ok, err) = run_stream(&args, input, Duration::from_secs(120), &dir);
        assert!(ok, "seed {seed}: exit status not 0; stderr:\n{err}");
        assert!(!err.contains("panicked"), "seed {seed}: a panic:\n{err}");
        let responses: Vec<&str> = out.split_terminator("\n\n").collect();
        assert!(
            out.ends_with("\n\n"),
            "seed {seed}: the output does not end a response"
        );
        assert_eq!(responses.len(), expected, "seed {seed}: responses");
        let refused = responses.iter().filter(|r| r.starts_with('?')).count();
        for r in &responses {
            assert!(
                r.starts_with('=') || r.starts_with('?'),
                "seed {seed}: {r:?}"
            );
            assert!(!r.contains("internal error"), "seed {seed}: {r:?}");
        }
        assert!(responses.last().unwrap().starts_with("= tianyuan"));
        eprintln!(
            "seed {seed}: {} answers ({refused} refused) in {:.1} s",
            responses.len(),
            start.elapsed().as_secs_f64()
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn loadsgf_refuses_what_is_no_record_and_keeps_the_game() {
    let dir = scratch("loadsgf");
    let records = records(&dir);
    let mut input = b"boardsize 9\nplay b E5\nplay w C3\nshowboard\n".to_vec();
    for path in &records {
        if !path.ends_with("good.sgf") {
            input.extend_from_slice(format!("loadsgf {path}\n").as_bytes());
            // A failed load leaves the game as it was.
            input.extend_from_slice(b"showboard\n");
        }
    }
    let (out, ok, err) = run_stream(&[], input, Duration::from_secs(60), &dir);
    assert!(ok, "stderr:\n{err}");
    let responses: Vec<&str> = out.split_terminator("\n\n").collect();
    let mut current = responses[3];
    let loads = records.iter().filter(|p| !p.ends_with("good.sgf"));
    for (pair, path) in responses[4..].chunks(2).zip(loads) {
        let [load, board] = pair else {
            panic!("{pair:?}")
        };
        if load.starts_with('?') {
            assert_eq!(*load, "? cannot load file");
            assert_eq!(
                *board, current,
                "a refused loadsgf of {path} changed the game"
            );
        } else {
            eprintln!("loaded {path}");
            current = board;
        }
    }
    // The pipe, the directory, the devices, the missing and the binary
    // files and the truncated record are refused.
    let refused = responses.iter().filter(|r| r.starts_with('?')).count();
    assert!(refused >= 8, "{refused} refused:\n{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn end_of_input_ends_an_analysis_stream() {
    let dir = scratch("eof");
    let start = Instant::now();
    let input = b"boardsize 9\nkata-analyze b 10\n".to_vec();
    let (out, ok, err) = run_stream(&["--threads", "1"], input, Duration::from_secs(20), &dir);
    assert!(ok, "stderr:\n{err}");
    assert!(out.starts_with("= \n\n="), "{out}");
    assert!(start.elapsed() < Duration::from_secs(10));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_closed_stdout_ends_an_analysis_stream() {
    let dir = scratch("closed");
    let mut child = engine(&["--threads", "1"], &dir.join("stderr.txt"));
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"boardsize 9\nkata-analyze b 10\n")
        .unwrap();
    stdin.flush().unwrap();
    // The controller reads the start of the stream, then dies (its end of
    // stdout closes) while stdin stays open.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 8];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            eprintln!("exited {status:?} after {:?}", start.elapsed());
            break;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("the engine kept running with its stdout closed");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(stdin);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn end_of_input_during_a_search_or_a_ponder_ends_the_engine() {
    let dir = scratch("eof-search");
    // In the middle of a move: the move is answered, then the engine ends.
    let start = Instant::now();
    let input = b"boardsize 9\ntime_settings 0 2 1\ngenmove b\n".to_vec();
    let (out, ok, err) = run_stream(&["--threads", "1"], input, Duration::from_secs(20), &dir);
    assert!(ok, "stderr:\n{err}");
    let answers: Vec<&str> = out.split("\n\n").filter(|s| !s.is_empty()).collect();
    assert_eq!(answers.len(), 3, "{out}");
    assert!(
        answers[2].starts_with("= ") && answers[2].len() > 2,
        "{out}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(6),
        "{:?}",
        start.elapsed()
    );
    // Pondering after the move stops at the end of input at once.
    let start = Instant::now();
    let input = b"boardsize 19\ntime_settings 0 1 1\ngenmove b\n".to_vec();
    let (out, ok, err) = run_stream(
        &["--threads", "1", "--ponder"],
        input,
        Duration::from_secs(20),
        &dir,
    );
    assert!(ok, "stderr:\n{err}");
    assert_eq!(out.matches("\n\n").count(), 3, "{out}");
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "{:?}",
        start.elapsed()
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Whether `path` is absent or holds the whole record: it parses and has
/// every move of the game loaded.
fn whole_or_absent(path: &Path, moves: usize) -> Result<(), String> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Ok(());
    };
    let game = tianyuan::sgf::parse(&text).map_err(|e| format!("{e}: {text:?}"))?;
    let played = game.nodes.iter().filter(|n| n.mv.is_some()).count();
    if played == moves {
        Ok(())
    } else {
        Err(format!("{played} moves of {moves} in {text:?}"))
    }
}

/// SIGTERM, SIGKILL and a closed stdout (the GUI died: writes fail with
/// EPIPE, since Rust ignores SIGPIPE) at random moments of a stream of
/// `printsgf FILE` commands: the record is never half written.
#[test]
fn signals_and_a_closed_stdout_leave_no_half_written_record() {
    let dir = scratch("signals");
    let record =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/judgement/19x19/pa-pa-19-a-003.sgf");
    let moves = tianyuan::sgf::parse(&std::fs::read_to_string(&record).unwrap())
        .unwrap()
        .nodes
        .iter()
        .filter(|n| n.mv.is_some())
        .count();
    assert!(moves > 100);
    let mut rng = StdRng::seed_from_u64(16);
    for round in 0..24 {
        let target = dir.join(format!("record-{round}.sgf"));
        let mut child = engine(&["--threads", "1"], &dir.join("stderr.txt"));
        let mut stdin = child.stdin.take().unwrap();
        let mut input = format!("loadsgf {}\n", record.display());
        for _ in 0..2000 {
            input.push_str(&format!("printsgf {}\n", target.display()));
        }
        // The writer thread blocks once the engine stops reading.
        std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 1];
        stdout.read_exact(&mut first).unwrap();
        std::thread::sleep(Duration::from_millis(rng.gen_range(0..40)));
        match round % 3 {
            0 => {
                let pid = child.id().to_string();
                let status = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
                assert!(status.success());
            }
            1 => child.kill().unwrap(),
            _ => drop(stdout),
        }
        let start = Instant::now();
        loop {
            if child.try_wait().unwrap().is_some() {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "round {round}: the engine did not end"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        if let Err(e) = whole_or_absent(&target, moves) {
            panic!("round {round}: a half-written record: {e}");
        }
        // What a killed write leaves is a temporary beside it, never the
        // record's own name.
    }
    std::fs::remove_dir_all(&dir).ok();
}
