//! Integration tests that drive the real binary over GTP: framing, error
//! answers that leave the state unchanged, handicap, SGF files, clocks.

mod common;

use common::GtpProcess;

#[test]
fn framing_follows_gtp_2() {
    let mut e = GtpProcess::tianyuan(&[]);
    // Comments, empty lines and control characters produce no response;
    // ids are echoed; CR before LF is accepted; tabs are spaces.
    e.send_raw(b"\n# comment only\n  \n12 name\r\n\tprotocol_version\t# trailing\n3 ver\x01sion\n");
    assert_eq!(e.read_response(), "=12 tianyuan");
    assert_eq!(e.read_response(), "= 2");
    assert!(e.read_response().starts_with("=3 "));
    // Unknown commands and bad bytes get an error answer, never a crash.
    e.send_raw(b"7 no_such_command\n8 name \xff\xfe\n");
    assert_eq!(e.read_response(), "?7 unknown command");
    assert!(e.read_response().starts_with("?8 "));
    // A very long line is refused, and the engine carries on.
    let mut long = b"play b ".to_vec();
    long.extend(std::iter::repeat_n(b'x', 3 << 20));
    long.push(b'\n');
    e.send_raw(&long);
    assert!(e.read_response().starts_with('?'));
    assert_eq!(e.ok("name"), "tianyuan");
    // A multi-line response has no empty line inside.
    let board = e.ok("showboard");
    assert!(board.lines().count() > 19 && !board.contains("\n\n"));
    assert_eq!(e.ok("quit"), "");
    assert!(e.finish().success());
}

#[test]
fn end_of_input_is_quit() {
    let mut e = GtpProcess::tianyuan(&[]);
    e.send_raw(b"boardsize 9\nplay b e5");
    e.close_input();
    assert_eq!(e.read_response(), "= ");
    assert_eq!(e.read_response(), "= ");
    assert!(e.finish().success());
}

#[test]
fn list_commands_and_known_command_agree() {
    let mut e = GtpProcess::tianyuan(&[]);
    let list = e.ok("list_commands");
    let names: Vec<&str> = list.lines().collect();
    for required in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "undo",
        "showboard",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "time_settings",
        "time_left",
        "loadsgf",
        "printsgf",
        "kgs-time_settings",
        "kgs-rules",
        "kgs-game_over",
        "cputime",
        "gomill-cpu_time",
        "is_legal",
        "all_legal",
        "list_stones",
        "countlib",
        "captures",
        "echo",
    ] {
        assert!(names.contains(&required), "{required} missing");
    }
    for name in &names {
        assert_eq!(e.ok(&format!("known_command {name}")), "true");
    }
    assert_eq!(e.ok("known_command genmove_nonsense"), "false");
}

#[test]
fn failed_commands_leave_the_state_unchanged() {
    let mut e = GtpProcess::tianyuan(&[]);
    e.ok("boardsize 9");
    e.ok("play b e5");
    e.ok("play w d5");
    let before = (
        e.ok("list_stones b"),
        e.ok("list_stones w"),
        e.ok("printsgf"),
    );
    for (bad, answer) in [
        ("play b e5", "illegal move"),
        ("play b k10", "syntax error"),
        ("play x e4", "syntax error"),
        ("play b", "syntax error"),
        ("boardsize 26", "unacceptable size"),
        ("boardsize 1", "unacceptable size"),
        ("boardsize nine", "syntax error"),
        ("komi seven", "syntax error"),
        ("komi nan", "syntax error"),
        ("fixed_handicap 4", "board not empty"),
        ("set_free_handicap c3 g7", "board not empty"),
        ("loadsgf /nonexistent/file.sgf", "cannot load file"),
        ("time_settings 10 a 3", "syntax error"),
        ("kgs-time_settings sometimes", "syntax error"),
        ("countlib a1", "vertex must not be empty"),
    ] {
        assert_eq!(e.cmd(bad), Err(answer.to_string()), "{bad}");
    }
    assert_eq!(
        (
            e.ok("list_stones b"),
            e.ok("list_stones w"),
            e.ok("printsgf")
        ),
        before
    );
    e.ok("undo");
    e.ok("undo");
    assert_eq!(e.cmd("undo"), Err("cannot undo".into()));
}

#[test]
fn handicap_by_command_and_by_plays() {
    let mut e = GtpProcess::tianyuan(&[]);
    assert_eq!(e.ok("fixed_handicap 9"), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
    assert_eq!(e.cmd("fixed_handicap 2"), Err("board not empty".into()));
    let sgf = e.ok("printsgf");
    assert!(sgf.contains("HA[9]") && sgf.contains("AB["), "{sgf}");
    e.ok("clear_board");
    assert_eq!(
        e.cmd("fixed_handicap 10"),
        Err("invalid number of stones".into())
    );
    assert_eq!(
        e.cmd("set_free_handicap c3 c3"),
        Err("bad vertex list".into())
    );
    assert_eq!(
        e.cmd("set_free_handicap c3 zz"),
        Err("bad vertex list".into())
    );
    assert_eq!(
        e.cmd("set_free_handicap c3"),
        Err("invalid number of stones".into())
    );
    e.ok("set_free_handicap c3 q16 k10");
    assert_eq!(e.ok("list_stones black"), "C3 K10 Q16");
    // Sabaki and OGS send handicap as Black plays before White's first move.
    e.ok("clear_board");
    e.ok("komi 0.5");
    e.ok("play b d4");
    e.ok("play b q16");
    e.ok("play w q4");
    let sgf = e.ok("printsgf");
    assert!(sgf.contains("HA[2]") && sgf.contains("AB[dp][pd]"), "{sgf}");
    assert!(sgf.contains(";W[pp]"), "{sgf}");
    // The count gives White one point per handicap stone.
    e.ok("boardsize 5");
    e.ok("komi 0");
    e.ok("play b c3");
    e.ok("play b b2");
    assert_eq!(e.ok("area_score"), "B+23");
}

#[test]
fn sgf_files_load_and_save() {
    let dir = std::env::temp_dir().join(format!("tianyuan-sgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("game.sgf");
    std::fs::write(
        &game,
        "(;GM[1]FF[4]SZ[9]KM[6.5]HA[2]AB[cc][gg]PL[W]\n;W[ee];B[dd](;W[ec];B[])(;W[cg]))",
    )
    .unwrap();
    let mut e = GtpProcess::tianyuan(&[]);
    let path = game.to_str().unwrap();
    e.ok(&format!("loadsgf {path}"));
    // SGF rows count from the top: cc is C7, gg is G3, ee E5, dd D6, ec E7.
    assert_eq!(e.ok("list_stones white"), "E5 E7");
    assert_eq!(e.ok("list_stones black"), "G3 D6 C7");
    e.ok(&format!("loadsgf {path} 2"));
    assert_eq!(e.ok("list_stones white"), "E5");
    let saved = dir.join("saved.sgf");
    e.ok(&format!("printsgf {}", saved.to_str().unwrap()));
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("SZ[9]") && text.contains("KM[6.5]") && text.contains("RU[Chinese]"));
    let mut f = GtpProcess::tianyuan(&[]);
    f.ok(&format!("loadsgf {}", saved.to_str().unwrap()));
    assert_eq!(f.ok("list_stones white"), "E5");
    assert_eq!(f.ok("printsgf"), e.ok("printsgf"));
    // Malformed files are refused and leave the board as it was.
    let bad = dir.join("bad.sgf");
    for text in [
        "(;SZ[9];B[zz])",
        "(;SZ[9]",
        "not sgf",
        "(;SZ[99])",
        "(;SZ[5];B[aa];W[aa])",
    ] {
        std::fs::write(&bad, text).unwrap();
        assert_eq!(
            f.cmd(&format!("loadsgf {}", bad.to_str().unwrap())),
            Err("cannot load file".into()),
            "{text}"
        );
    }
    assert_eq!(f.ok("list_stones white"), "E5");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn time_and_server_commands() {
    let mut e = GtpProcess::tianyuan(&[]);
    for ok in [
        "time_settings 300 30 5",
        "time_left b 250 0",
        "time_left white 20 3",
        "kgs-time_settings none",
        "kgs-time_settings absolute 600",
        "kgs-time_settings byoyomi 600 30 5",
        "kgs-time_settings canadian 600 300 25",
        "kgs-rules chinese",
        "kgs-rules japanese",
        "kgs-rules aga",
        "kgs-rules new_zealand",
        "kgs-game_over",
    ] {
        e.ok(ok);
    }
    let cpu: f64 = e.ok("cputime").parse().unwrap();
    let gomill: f64 = e.ok("gomill-cpu_time").parse().unwrap();
    assert!(cpu >= 0.0 && gomill >= cpu);
    assert_eq!(e.ok("echo hello  world"), "hello world");
}
