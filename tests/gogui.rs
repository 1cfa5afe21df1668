//! GoGui's analyze commands over GTP: the menu, best moves and principal
//! variation from a search that plays nothing, ownership as gfx and
//! dboard, the settings dialog, and live graphics on the standard error.

mod common;

use common::GtpProcess;
use tianyuan::gtp::client::GtpClient;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

#[test]
fn analyze_commands_are_type_label_command_and_known() {
    let mut e = GtpProcess::tianyuan(&[]);
    let list = e.ok("gogui-analyze_commands");
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 7, "{list}");
    assert!(lines.contains(&"gfx/Best moves/tianyuan-gfx_best %m"));
    assert!(lines.contains(&"plist/Dead stones/final_status_list dead"));
    assert!(lines.contains(&"param/Settings/tianyuan-param"));
    for line in lines {
        let command = line.splitn(3, '/').nth(2).unwrap();
        let name = command.split(' ').next().unwrap();
        assert_eq!(e.ok(&format!("known_command {name}")), "true", "{line}");
    }
}

#[test]
fn best_moves_and_principal_variation_play_nothing() {
    let mut e = GtpProcess::tianyuan(&["--playouts", "2000", "--threads", "1", "--seed", "3"]);
    e.ok("boardsize 9");
    e.ok("play b e5");
    let board = e.ok("showboard");
    let gfx = e.ok("tianyuan-gfx_best w");
    let lines: Vec<&str> = gfx.lines().collect();
    assert_eq!(lines.len(), 2, "{gfx}");
    // LABEL: vertex and win rate in percent, at most ten of them.
    let words: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(words[0], "LABEL", "{gfx}");
    assert!(words.len() % 2 == 1 && words.len() <= 21, "{gfx}");
    for pair in words[1..].chunks(2) {
        assert_eq!(e.ok(&format!("is_legal w {}", pair[0])), "1", "{gfx}");
        let percent: u32 = pair[1].parse().unwrap();
        assert!(percent <= 100, "{gfx}");
    }
    // TEXT: playouts and the best move's win rate.
    assert!(lines[1].starts_with("TEXT ") && lines[1].contains(" playouts, best "));
    let best = lines[1]
        .split(" best ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert!(lines[1].ends_with('%'), "{gfx}");
    assert_eq!(e.ok("showboard"), board, "nothing was played");
    // The variation comes from that search: it starts with its best move.
    let pv = e.ok("tianyuan-gfx_pv w");
    assert!(pv.starts_with(&format!("VAR w {best}")), "{pv} after {gfx}");
    let colours: Vec<&str> = pv.split(' ').skip(1).step_by(2).collect();
    for (i, c) in colours.iter().enumerate() {
        assert_eq!(*c, if i % 2 == 0 { "w" } else { "b" }, "{pv}");
    }
    // For the other colour there was no search: a new one, Black first.
    assert!(e.ok("tianyuan-gfx_pv b").starts_with("VAR b "));
    assert_eq!(e.ok("showboard"), board);
    assert!(e.cmd("tianyuan-gfx_best").is_err());
    assert!(e.cmd("tianyuan-gfx_pv x").is_err());
}

#[test]
fn ownership_as_influence_and_dboard() {
    let mut e = GtpProcess::tianyuan(&[]);
    // Black owns columns A-E, White F-J; B5 (White) and H5 (Black) are dead.
    e.ok(&format!("loadsgf {DATA}/dead_stones.sgf"));
    let gfx = e.ok("tianyuan-gfx_ownership");
    let words: Vec<&str> = gfx.split(' ').collect();
    assert_eq!(words[0], "INFLUENCE");
    assert_eq!(words.len(), 1 + 2 * 81, "{gfx}");
    let mut influence = std::collections::HashMap::new();
    for pair in words[1..].chunks(2) {
        let v: f64 = pair[1].parse().unwrap();
        assert!((-1.0..=1.0).contains(&v), "{gfx}");
        influence.insert(pair[0].to_string(), v);
    }
    // Light playouts sometimes kill walls without eyes: the signs are sure.
    for black in ["A1", "B5", "D9", "E5"] {
        assert!(influence[black] > 0.0, "{black}: {gfx}");
    }
    for white in ["F5", "H5", "J9", "G1"] {
        assert!(influence[white] < 0.0, "{white}: {gfx}");
    }
    // The dboard holds the same values, top row (row 9) first.
    let dboard = e.ok("tianyuan-ownership");
    let rows: Vec<Vec<f64>> = dboard
        .lines()
        .map(|l| l.split(' ').map(|v| v.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 9);
    assert!(rows.iter().all(|r| r.len() == 9));
    assert_eq!(rows[0][0], influence["A9"]);
    assert_eq!(rows[8][0], influence["A1"]);
    assert_eq!(rows[4][7], influence["H5"]);
    // The plist and string commands of the menu.
    assert_eq!(e.ok("final_status_list dead"), "B5 H5");
    assert_eq!(e.ok("final_score"), "B+1.5");
}

#[test]
fn settings_are_listed_and_set_one_at_a_time() {
    let mut e = GtpProcess::tianyuan(&["--threads", "1", "--time", "2"]);
    let defaults = "[string] playouts 0\n[string] time 2\n[string] threads 1\n\
                    [string] resign_threshold 0.1\n[bool] resign 1\n[bool] ponder 0\n\
                    [bool] live_gfx 0\n[string] rank max";
    assert_eq!(e.ok("tianyuan-param"), defaults);
    for bad in [
        "tianyuan-param colour 1",
        "tianyuan-param resign 2",
        "tianyuan-param live_gfx yes",
        "tianyuan-param playouts -5",
        "tianyuan-param time 0",
        "tianyuan-param threads 0",
        "tianyuan-param resign_threshold 1.5",
        "tianyuan-param playouts",
        "tianyuan-param playouts 1 2",
    ] {
        assert_eq!(e.cmd(bad), Err("syntax error".to_string()), "{bad}");
    }
    // A rank it does not play is refused with the reason.
    assert!(e
        .cmd("tianyuan-param rank 40k")
        .unwrap_err()
        .contains("not a rank"));
    assert_eq!(e.ok("tianyuan-param"), defaults, "nothing changed");
    for set in [
        "playouts 500",
        "time 0.5",
        "threads 2",
        "resign_threshold 0.05",
        "resign 0",
        "ponder 1",
        "live_gfx 1",
        "rank 12k",
    ] {
        assert_eq!(e.ok(&format!("tianyuan-param {set}")), "");
    }
    assert_eq!(
        e.ok("tianyuan-param"),
        "[string] playouts 500\n[string] time 0.5\n[string] threads 2\n\
         [string] resign_threshold 0.05\n[bool] resign 0\n[bool] ponder 1\n\
         [bool] live_gfx 1\n[string] rank 12k"
    );
    e.ok("tianyuan-param ponder 0");
    e.ok("tianyuan-param playouts 0");
    assert!(e.ok("tianyuan-param").starts_with("[string] playouts 0\n"));
}

#[test]
fn live_graphics_go_to_stderr_while_genmove_thinks() {
    let dir = std::env::temp_dir().join(format!("tianyuan-gogui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("stderr.txt");
    let mut e = GtpClient::spawn_program(
        env!("CARGO_BIN_EXE_tianyuan"),
        // A fixed count (no early stop) of about a second of search.
        &["--threads", "2", "--playouts", "40000"],
        Some(&log),
    )
    .unwrap();
    e.send("boardsize 9", None).unwrap();
    e.send("tianyuan-param live_gfx 1", None).unwrap();
    let mv = e.send("genmove b", None).unwrap();
    assert!(
        !mv.contains('\n') && mv.len() <= 4,
        "stdout carries GTP only: {mv:?}"
    );
    e.send("quit", None).unwrap();
    e.wait().unwrap();
    let err = std::fs::read_to_string(&log).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    // At least one block (every 0.5 s): the header, CLEAR, labels, the
    // variation and the summary, then an empty line; CLEAR at the end.
    let block = err.find("gogui-gfx:\nCLEAR\nLABEL ").expect(&err);
    let end = err[block..].find("\n\n").expect(&err);
    let lines: Vec<&str> = err[block..block + end].lines().collect();
    assert!(lines[3].starts_with("VAR b "), "{err}");
    assert!(lines[4].starts_with("TEXT "), "{err}");
    assert!(err.ends_with("gogui-gfx: CLEAR\n"), "{err}");
}
