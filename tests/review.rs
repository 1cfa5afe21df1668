//! `tianyuan review` run as the real binary: a short 9x9 game written
//! here, with a planted blunder (Black passes at move 5 of the opening,
//! a free move for White), reviewed at fixed playouts; and the bad inputs
//! (unreadable, malformed, an illegal move, an unsupported size).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tianyuan::sgf::tree::Tree;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tianyuan-review-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn review(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tianyuan"))
        .arg("review")
        .args(args)
        .output()
        .expect("cannot run tianyuan")
}

/// The game: the opening's fifth move a pass (a free move for White on
/// 9x9, worth more than the komi), an original comment, a property
/// tianyuan does not know and a variation of the record's own.
const GAME: &str = "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[7.5]RU[Chinese]PB[Alice]PW[Bob]XX[keep me]\
C[A friendly game]\n;B[ee];W[cg](;B[gg]C[solid];W[gc];B[];W[ce];B[dc];W[fc];B[gd];W[fd])(;B[gc]))";

fn value(tree: &Tree, node: usize, ident: &str) -> Option<String> {
    tree.nodes[node].get(ident).map(|v| v[0].clone())
}

#[test]
fn review_marks_the_blunder_and_keeps_the_record() {
    let dir = scratch("game");
    let game = dir.join("game.sgf");
    std::fs::write(&game, GAME).unwrap();
    let out = review(&[
        game.to_str().unwrap(),
        "--playouts",
        "1500",
        "--threads",
        "1",
        "--seed",
        "3",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("position 11/11"),
        "progress on stderr: {stderr}"
    );
    let written = dir.join("game-reviewed.sgf");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        written.to_str().unwrap()
    );
    let text = std::fs::read_to_string(&written).unwrap();
    let tree = Tree::parse(&text).unwrap();
    // The main line is the record's.
    let before = tianyuan::sgf::parse(GAME).unwrap();
    let after = tianyuan::sgf::parse(&text).unwrap();
    assert_eq!(before.nodes, after.nodes);
    // The original properties, comment and variation are all there.
    let root = &tree.nodes[0];
    assert_eq!(value(&tree, 0, "PB").unwrap(), "Alice");
    assert_eq!(value(&tree, 0, "XX").unwrap(), "keep me");
    let comment = value(&tree, 0, "C").unwrap();
    assert!(
        comment.starts_with("A friendly game\n\nReviewed by tianyuan"),
        "{comment}"
    );
    assert!(
        comment.contains("Black (Alice): 5 moves analysed"),
        "{comment}"
    );
    assert!(
        comment.contains("White (Bob): 5 moves analysed"),
        "{comment}"
    );
    assert!(text.contains("C[solid"), "{text}");
    assert!(
        text.contains(";B[gc]"),
        "the record's own variation: {text}"
    );
    // Win rate and lead on the root and every move of the main line.
    let main = tree.main_line();
    assert_eq!(main.len(), 11);
    for &n in &main {
        let kv: f64 = value(&tree, n, "SBKV").unwrap().parse().unwrap();
        assert!((0.0..=100.0).contains(&kv), "SBKV {kv}");
        let ks: f64 = value(&tree, n, "SBKS").unwrap().parse().unwrap();
        assert!(ks.abs() <= 81.0 + 7.5, "SBKS {ks}");
    }
    assert!(root.get("SBKV").is_some());
    // The pass (move 5, node 5) is the blunder: marked, and the engine's
    // line hangs from the node before it.
    let pass = main[5];
    assert_eq!(tree.nodes[pass].get("B").unwrap(), [""]);
    let marked = tree.nodes[pass].get("BM").is_some() || tree.nodes[pass].get("DO").is_some();
    let pass_comment = value(&tree, pass, "C").unwrap();
    assert!(marked, "the pass is not marked: {pass_comment}");
    assert!(pass_comment.contains("lost: "), "{pass_comment}");
    let lost: f64 = pass_comment
        .split("lost: ")
        .nth(1)
        .and_then(|s| s.split('%').next())
        .and_then(|s| s.parse().ok())
        .unwrap();
    assert!(lost >= 10.0, "the pass lost only {lost}%: {pass_comment}");
    let parent = main[4];
    assert!(tree.nodes[parent].children.len() >= 2);
    let line = *tree.nodes[parent].children.last().unwrap();
    let first = value(&tree, line, "B").expect("the line starts with Black's move");
    assert!(!first.is_empty(), "the engine's line is not a pass");
    assert!(value(&tree, line, "C")
        .unwrap()
        .starts_with("tianyuan's line instead of pass"));
    // Black's line alternates colours.
    let second = tree.nodes[line].children.first().copied();
    if let Some(s) = second {
        assert!(tree.nodes[s].get("W").is_some());
    }
    std::fs::remove_dir_all(&dir).ok();
}

fn no_file_written(dir: &Path) {
    let names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("reviewed"))
        .collect();
    assert!(names.is_empty(), "{names:?}");
}

#[test]
fn bad_records_get_an_error_and_no_file() {
    let dir = scratch("bad");
    let cases = [
        ("missing.sgf", None),
        ("broken.sgf", Some("(;SZ[9];B[ee];W[")),
        ("size.sgf", Some("(;SZ[30];B[aa])")),
        ("rect.sgf", Some("(;SZ[9:13];B[aa])")),
        ("empty.sgf", Some("")),
    ];
    for (name, text) in cases {
        let path = dir.join(name);
        if let Some(t) = text {
            std::fs::write(&path, t).unwrap();
        }
        let out = review(&[path.to_str().unwrap(), "--playouts", "50", "--threads", "1"]);
        assert_eq!(out.status.code(), Some(2), "{name}: {out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("tianyuan review: ") && stderr.contains(name),
            "{name}: {stderr}"
        );
    }
    // Moves past the end of the record.
    let game = dir.join("short.sgf");
    std::fs::write(&game, "(;SZ[9];B[ee];W[cc])").unwrap();
    for range in [["--from", "5"], ["--to", "1"]] {
        let mut args = vec![game.to_str().unwrap(), "--playouts", "20"];
        args.extend(range);
        if range[0] == "--to" {
            args.extend(["--from", "2"]);
        }
        let out = review(&args);
        assert_eq!(out.status.code(), Some(2), "{range:?}: {out:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("no moves to review"));
    }
    // A directory is not a record either.
    let out = review(&[dir.to_str().unwrap(), "--playouts", "50"]);
    assert_eq!(out.status.code(), Some(2));
    no_file_written(&dir);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_illegal_move_ends_the_review_there() {
    let dir = scratch("illegal");
    let game = dir.join("illegal.sgf");
    std::fs::write(&game, "(;SZ[9]KM[7.5];B[ee];W[cc];B[cc];W[gg])").unwrap();
    let out_path = dir.join("out.sgf");
    let out = review(&[
        game.to_str().unwrap(),
        "-o",
        out_path.to_str().unwrap(),
        "--playouts",
        "100",
        "--threads",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("move 3 (Black C7) cannot be played"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&out_path).unwrap();
    let tree = Tree::parse(&text).unwrap();
    let main = tree.main_line();
    // The moves before it are reviewed, the rest of the record is kept.
    assert_eq!(main.len(), 5);
    assert!(tree.nodes[main[2]].get("SBKV").is_some());
    assert!(tree.nodes[main[3]].get("SBKV").is_none());
    let comment = value(&tree, 0, "C").unwrap();
    assert!(comment.contains("stopped: move 3"), "{comment}");
    std::fs::remove_dir_all(&dir).ok();
}
