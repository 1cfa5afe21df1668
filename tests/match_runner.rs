//! The GTP client against the real engine, and `tianyuan match`: tianyuan
//! against itself, against GNU Go (when installed), and against engines
//! that die, hang or play illegal moves.

mod common;

use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tianyuan::arena::{play_match, stats::Tally, MatchArgs};
use tianyuan::gtp::client::{GtpClient, GtpFailure};

/// The games that think take turns, so clocks are not skewed by each other.
static HEAVY: Mutex<()> = Mutex::new(());

const BIN: &str = env!("CARGO_BIN_EXE_tianyuan");

/// The engine under test as a command line.
fn tianyuan(options: &str) -> String {
    format!("\"{BIN}\" {options}")
}

/// Play a match in-process; its tally and output.
fn play(words: &[&str]) -> (Tally, String) {
    let args = MatchArgs::parse_from(words).expect("valid options");
    let mut out = Vec::new();
    let tally = play_match(&args, &mut out).expect("the match runs");
    (tally, String::from_utf8(out).unwrap())
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tianyuan-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn client_talks_to_the_engine() {
    let mut e = GtpClient::spawn(&tianyuan("--threads 1")).unwrap();
    let t = Some(Duration::from_secs(10));
    assert_eq!(e.send("name", t), Ok("tianyuan".into()));
    assert!(matches!(
        e.send("no_such_command", t),
        Err(GtpFailure::Error(_))
    ));
    let commands = e.send("list_commands", t).unwrap();
    assert!(commands.lines().count() > 10 && commands.contains("\ngenmove\n"));
    e.send("boardsize 9", t).unwrap();
    e.send("time_settings 0 1 1", t).unwrap();
    // A request that times out; its late answer is skipped, not taken for
    // the answer to the next request.
    assert_eq!(
        e.send("genmove b", Some(Duration::from_millis(1))),
        Err(GtpFailure::Timeout)
    );
    assert_eq!(e.send("echo next", t), Ok("next".into()));
    assert_eq!(e.send("quit", t), Ok("".into()));
    assert_eq!(e.send("name", t), Err(GtpFailure::Died));
}

#[test]
fn tianyuan_plays_itself() {
    let _turn = HEAVY.lock().unwrap_or_else(|e| e.into_inner());
    let dir = temp_dir("selfplay");
    let engine = tianyuan("--threads 1 --playouts 200");
    let sgf_dir = dir.to_str().unwrap();
    let summary = dir.join("summary.txt");
    let (tally, out) = play(&[
        "--black",
        &engine,
        "--white",
        &engine,
        "--games",
        "2",
        "--size",
        "5",
        "--komi",
        "0.5",
        "--time",
        "1",
        "--sgf-dir",
        sgf_dir,
        "--out",
        summary.to_str().unwrap(),
    ]);
    println!("{out}");
    assert_eq!(tally.games, 2);
    assert_eq!(tally.time_losses, [0, 0], "{out}");
    assert_eq!(tally.forfeits, [0, 0], "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("game ")).count(), 2);
    let name = format!("tianyuan {}", env!("CARGO_PKG_VERSION"));
    for g in 1..=2 {
        let text = std::fs::read_to_string(dir.join(format!("game-{g:03}.sgf"))).unwrap();
        let (sgf, info) = tianyuan::sgf::parse_with_info(&text).unwrap();
        assert_eq!(sgf.size, 5);
        assert_eq!(sgf.komi, Some(0.5));
        assert_eq!(sgf.rules.as_deref(), Some("Chinese"));
        let result = sgf.result.expect("a result");
        assert!(["B+", "W+", "0"].iter().any(|p| result.starts_with(p)));
        assert!(sgf.nodes.len() > 2, "{text}");
        // The players as they name themselves, the day, and the settings.
        assert_eq!(info.black_player.as_deref(), Some(name.as_str()), "{text}");
        assert_eq!(info.white_player.as_deref(), Some(name.as_str()), "{text}");
        let date = info.date.expect("a date");
        assert!(
            date.len() == 10 && date.starts_with("20") && date.as_bytes()[4] == b'-',
            "{date}"
        );
        let comment = info.comment.expect("a game comment");
        let (black, white) = if g == 1 { ("A", "B") } else { ("B", "A") };
        for want in [
            format!("tianyuan match, game {g} of 2 (colours alternate)\n"),
            format!("\nBlack: engine {black}, {name} [{engine}]\n"),
            format!("\nWhite: engine {white}, {name} [{engine}]\n"),
            "\nBoard 5x5, komi 0.5, handicap 0, Chinese rules, at most 75 moves\n".into(),
            "\nTime: 0 s main time + 1 s per move (time_settings 0 1 1), 0.5 s grace\n".into(),
            format!("\nResult: {result} ("),
        ] {
            assert!(comment.contains(&want), "{want:?} not in {comment:?}");
        }
        let line = format!("game {g}: {black} (black) vs {white} (white): ");
        let rest = out.lines().find_map(|l| l.strip_prefix(&line)).unwrap();
        // The line ends with each engine's memory: "; A 9.6 MiB; B 9.5 MiB".
        let (outcome, memory) = rest.split_once("; A ").unwrap();
        assert!(
            memory.ends_with(" MiB") && memory.contains(" MiB; B "),
            "{rest}"
        );
        assert!(
            comment.ends_with(&format!("\nResult: {outcome}")),
            "{comment}"
        );
    }
    let written = std::fs::read_to_string(&summary).unwrap();
    assert!(written.contains("A win rate"), "{written}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engine that plays a match keeps its process from game to game; with
/// its moves fixed by a seed, playouts and one thread, the games must still
/// differ (each search takes its own seed), or a match would repeat one game.
#[test]
fn games_of_one_engine_process_differ() {
    let _turn = HEAVY.lock().unwrap_or_else(|e| e.into_inner());
    let dir = temp_dir("repeat");
    let engine = tianyuan("--threads 1 --playouts 300 --seed 5 --no-resign");
    let (tally, out) = play(&[
        "--black",
        &engine,
        "--white",
        &engine,
        "--games",
        "2",
        "--alternate",
        "false",
        "--size",
        "9",
        "--time",
        "0",
        "--sgf-dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(tally.games, 2, "{out}");
    let moves = |g: u32| {
        let text = std::fs::read_to_string(dir.join(format!("game-{g:03}.sgf"))).unwrap();
        tianyuan::sgf::parse(&text).unwrap().nodes
    };
    let (first, second) = (moves(1), moves(2));
    assert!(first.len() > 10, "{out}");
    assert_ne!(first, second, "the same game twice:\n{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tianyuan_plays_gnu_go() {
    let Some(gnugo) = common::gnugo() else {
        return;
    };
    let _turn = HEAVY.lock().unwrap_or_else(|e| e.into_inner());
    let gnugo = gnugo.to_str().unwrap();
    let opponent = format!("\"{gnugo}\" --mode gtp --level 1 --chinese-rules");
    let referee = format!("\"{gnugo}\" --mode gtp --level 1 --chinese-rules");
    let (tally, out) = play(&[
        "--black",
        &tianyuan("--threads 1 --playouts 1000"),
        "--white",
        &opponent,
        "--games",
        "2",
        "--size",
        "9",
        "--time",
        "2",
        // GNU Go's clock is not under test: on a loaded CI machine one of
        // its moves took over 2.5 s (2026-12-02) and lost the game on time.
        "--untimed",
        "B",
        "--referee",
        &referee,
    ]);
    println!("{out}");
    assert_eq!(tally.games, 2);
    assert_eq!(tally.time_losses, [0, 0], "{out}");
    assert_eq!(tally.forfeits, [0, 0], "{out}");
    assert_eq!(tally.referee_failures, 0, "{out}");
}

/// A shell one-liner engine: answers everything with an empty success,
/// and `genmove` as `on_genmove` (shell code) says.
fn shell_engine(on_genmove: &str) -> String {
    format!(
        "sh -c \"while read l; do case $l in genmove*) {on_genmove};; *) printf '= \\n\\n';; esac; done\""
    )
}

#[test]
fn failing_engines_lose_without_hanging() {
    let start = Instant::now();
    let strong = tianyuan("--threads 1 --playouts 50");
    // An engine that is dead at once, as Black then White.
    let (t, out) = play(&["--black", "false", "--white", &strong, "--games", "2"]);
    assert_eq!((t.wins, t.forfeits), ([[0, 0], [1, 1]], [2, 0]), "{out}");
    assert!(out.contains("W+F") && out.contains("B+F"), "{out}");
    // One that dies when asked for a move.
    let dies = shell_engine("exit 3");
    let (t, out) = play(&["--black", &dies, "--white", &strong, "--size", "5"]);
    assert_eq!((t.wins[1], t.forfeits), ([0, 1], [1, 0]), "{out}");
    assert!(out.contains("genmove"), "{out}");
    // One that plays the same point again: an illegal move.
    let repeats = shell_engine("printf '= A1\\n\\n'");
    let (t, out) = play(&["--black", &repeats, "--white", &strong, "--size", "5"]);
    assert_eq!(t.forfeits, [1, 0], "{out}");
    assert!(out.contains("illegal move A1 (occupied point)"), "{out}");
    // One that answers too late.
    let slow = shell_engine("sleep 3; printf '= pass\\n\\n'");
    let (t, out) = play(&["--black", &strong, "--white", &slow, "--time", "0.2"]);
    assert_eq!((t.time_losses, t.forfeits), ([0, 1], [0, 0]), "{out}");
    assert!(out.contains("B+T"), "{out}");
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn an_sprt_match_stops_once_the_answer_is_clear() {
    // Against an engine that forfeits every game, A wins each: with elo0 0
    // and elo1 100 (a win adds ln(2 p1), p1 = 0.64), the upper bound
    // ln(19) = 2.94 is reached at the 12th win, long before 100 games.
    let strong = tianyuan("--threads 1 --playouts 50");
    let words = ["--black", &strong, "--white", "false", "--games", "100"];
    let (t, out) = play(&[&words[..], &["--size", "5", "--sprt", "0,100"]].concat());
    assert_eq!(t.games, 12, "{out}");
    assert!(
        out.contains("SPRT elo0 0 elo1 100 alpha 0.05 beta 0.05"),
        "{out}"
    );
    assert!(out.contains("  LLR 0.25 (-2.94, 2.94)\n"), "{out}");
    assert!(out.contains("H1 accepted"), "{out}");
    // A losing A ends in H0, with the error rates as given.
    let (t, out) = play(&[
        "--black",
        "false",
        "--white",
        &strong,
        "--size",
        "5",
        "--games",
        "100",
        "--sprt",
        "0,100",
        "--sprt-alpha",
        "0.1",
    ]);
    assert!(t.games < 20 && out.contains("H0 accepted"), "{out}");
    for bad in [["--sprt", "10,0"], ["--sprt-alpha", "0.5"]] {
        let args = ["--black", "a", "--white", "b"].iter().chain(&bad);
        assert!(MatchArgs::parse_from(args).is_err(), "{bad:?}");
    }
}

/// A shell engine that plays A`row`, B`row`, C`row`, ... (from A again
/// after `clear_board`), each after `delay` seconds, and appends every
/// `time_left` it is sent to the file `log`.
fn row_player(row: u32, delay: &str, log: &std::path::Path) -> String {
    let log = log.display();
    format!(
        "sh -c \"n=0; while read l; do case $l in genmove*) n=$((n+1)); sleep {delay}; printf '= %s{row}\\n\\n' $(echo ABCDEFGHJ | cut -c$n);; clear_board*) n=0; printf '= \\n\\n';; time_left*) echo $l >> {log}; printf '= \\n\\n';; *) printf '= \\n\\n';; esac; done\""
    )
}

/// The values of the summary's row `name`.
fn row<'a>(out: &'a str, name: &str) -> Vec<&'a str> {
    let line = out
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with(name))
        .unwrap_or_else(|| panic!("no row {name}: {out}"));
    line.trim_start()[name.len()..].split_whitespace().collect()
}

#[test]
fn an_untimed_engine_plays_on_over_its_limit_but_not_when_it_hangs() {
    let start = Instant::now();
    let dir = temp_dir("untimed");
    std::fs::create_dir_all(&dir).unwrap();
    // B takes 0.7 s a move against a limit of 0.1 s (+ 0.5 s grace), as
    // White then as Black, and plays on; A keeps to its clock.
    let log = dir.join("time_left.log");
    let quick = row_player(3, "0", &dir.join("quick.log"));
    let slow = row_player(1, "0.7", &log);
    let (t, out) = play(&[
        "--black",
        &quick,
        "--white",
        &slow,
        "--games",
        "2",
        "--size",
        "5",
        "--time",
        "0.1",
        "--max-moves",
        "4",
        "--untimed",
        "B",
    ]);
    println!("{out}");
    assert_eq!(
        (t.time_losses, t.hangs, t.forfeits),
        ([0; 2], [0; 2], [0; 2]),
        "{out}"
    );
    assert_eq!((t.think[1].moves, t.think[1].over), (4, 4), "{out}");
    assert!(t.think[1].longest >= 0.7, "{out}");
    assert_eq!((t.think[0].moves, t.think[0].over), (4, 0), "{out}");
    assert_eq!(row(&out, "moves over limit"), ["0", "4"]);
    assert_eq!(row(&out, "hung (untimed)"), ["0", "0"]);
    assert!(out.contains("  untimed: B ("), "{out}");
    let overs = "4 moves; B (untimed) over the time limit on 2 move(s), longest 0.7";
    assert_eq!(out.matches(overs).count(), 2, "{out}");
    // Its clock was the fresh period before every move, the one after a
    // move over the limit too.
    let sent = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = sent.lines().collect();
    assert_eq!(
        lines,
        [
            "time_left white 0.1 1",
            "time_left white 0.1 1",
            "time_left black 0.1 1",
            "time_left black 0.1 1"
        ],
        "{sent}"
    );

    let strong = tianyuan("--threads 1 --playouts 50");
    let slow = shell_engine("sleep 0.7; printf '= pass\\n\\n'");
    // Exempting the other engine does not exempt this one.
    let (t, out) = play(&[
        "--black",
        &strong,
        "--white",
        &slow,
        "--size",
        "5",
        "--time",
        "0.1",
        "--untimed",
        "A",
    ]);
    assert_eq!((t.time_losses, t.hangs), ([0, 1], [0, 0]), "{out}");
    assert!(out.contains("B+T"), "{out}");

    // A move longer than the hang limit loses all the same.
    let hangs = shell_engine("sleep 5; printf '= pass\\n\\n'");
    let (t, out) = play(&[
        "--black",
        &hangs,
        "--white",
        &strong,
        "--size",
        "5",
        "--time",
        "0.1",
        "--untimed",
        "A,B",
        "--hang-limit",
        "1",
    ]);
    assert_eq!(
        (t.time_losses, t.hangs, t.forfeits),
        ([0; 2], [1, 0], [0; 2]),
        "{out}"
    );
    assert!(out.contains("W+F (black hung: 1.0"), "{out}");
    assert!(out.contains("untimed: A, B ("), "{out}");
    assert_eq!(row(&out, "hung (untimed)"), ["1", "0"]);
    assert!(start.elapsed() < Duration::from_secs(15));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_line_runs_matches_and_refuses_bad_options() {
    let run = |args: &[&str]| Command::new(BIN).arg("match").args(args).output().unwrap();
    // Two engines that fail at once, so that games end in a moment.
    let run_false = |args: &[&str]| {
        let mut words = vec!["--black", "false", "--white", "false"];
        words.extend_from_slice(args);
        run(&words)
    };
    let o = run_false(&["--games", "2", "--untimed", "a", "--untimed", "b"]);
    assert_eq!(o.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.contains("game 2: B (black) vs A (white):"),
        "{stdout}"
    );
    assert!(stdout.contains("illegal/forfeits"), "{stdout}");
    // Going on with a match from game 4: game 4 has B as Black, as it would
    // have in a match from game 1, and its record is game-004.sgf.
    let dir = temp_dir("first-game");
    let o = run_false(&[
        "--games",
        "2",
        "--first-game",
        "4",
        "--sgf-dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.starts_with("match: games 4 to 5 on 9x9"), "{stdout}");
    assert!(
        stdout.contains("game 4: B (black) vs A (white):"),
        "{stdout}"
    );
    assert!(
        stdout.contains("game 5: A (black) vs B (white):"),
        "{stdout}"
    );
    assert!(dir.join("game-005.sgf").exists());
    assert!(!dir.join("game-001.sgf").exists());
    // An engine that does not answer `name` is named by its program.
    let text = std::fs::read_to_string(dir.join("game-004.sgf")).unwrap();
    let (_, info) = tianyuan::sgf::parse_with_info(&text).unwrap();
    assert_eq!(info.black_player.as_deref(), Some("false"), "{text}");
    assert_eq!(info.white_player.as_deref(), Some("false"), "{text}");
    let comment = info.comment.unwrap();
    assert!(
        comment.starts_with(
            "tianyuan match, game 4 of games 4 to 5 (colours alternate)\nBlack: engine B, false [false]\n"
        ),
        "{comment}"
    );
    assert!(
        comment.contains("\nResult: W+F (black forfeits: "),
        "{comment}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    for bad in [
        &["--black", "false"][..],
        &["--black", "false", "--white", "false", "--size", "40"],
        &[
            "--black",
            "false",
            "--white",
            "false",
            "--size",
            "7",
            "--handicap",
            "5",
        ],
        &["--black", "false", "--white", "\"unterminated"],
        &["--black", "no-such-engine-here", "--white", "false"],
        &["--black", "false", "--white", "false", "--untimed", "C"],
        &["--black", "false", "--white", "false", "--first-game", "0"],
        &["--black", "false", "--white", "false", "--hang-limit", "9"],
        &[
            "--black",
            "false",
            "--white",
            "false",
            "--untimed",
            "B",
            "--hang-limit",
            "0",
        ],
    ] {
        let o = run(bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
    }
}
