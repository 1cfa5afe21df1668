//! `tianyuan problem-set` on a few problems of tests/problems/ggg.txt with
//! a small playout count: tianyuan in the process, and tianyuan as a GTP
//! engine given the framed position each of the three ways (gogui-setup,
//! loadsgf, play).

use std::process::Command;

fn problem_set(args: &[&str]) -> (bool, String, String) {
    let set = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/problems/ggg.txt");
    let out = Command::new(env!("CARGO_BIN_EXE_tianyuan"))
        .arg("problem-set")
        .arg(set)
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The per-problem lines of a report.
fn problem_lines(report: &str) -> Vec<&str> {
    report
        .lines()
        .filter(|l| l.starts_with("ok ") || l.starts_with("MISS "))
        .collect()
}

#[test]
fn tianyuan_in_the_process_answers_each_problem_and_sums_up() {
    let args = [
        "--only",
        "ggg-easy-0",
        "--threads",
        "1",
        "--playouts",
        "300",
    ];
    let (ok, out, err) = problem_set(&args);
    assert!(ok, "{err}");
    let lines = problem_lines(&out);
    assert_eq!(lines.len(), 9, "{out}");
    assert!(
        lines[0].contains("ggg-easy-01") && lines[0].contains("accepts S1"),
        "{out}"
    );
    let all = out.lines().find(|l| l.starts_with("all ")).expect(&out);
    assert!(all.contains(" of   9 "), "{all}");
    for group in [
        "level 1",
        "kind kill",
        "kind live",
        "area corner",
        "seconds:",
    ] {
        assert!(out.contains(group), "{group} missing:\n{out}");
    }
    // The same seed and one thread: the same answers.
    let (_, again, _) = problem_set(&args);
    assert_eq!(problem_lines(&again).len(), 9);
    let strip = |l: &str| {
        l.rsplit_once(' ')
            .map(|(a, _)| a.rsplit_once(' ').unwrap().0.to_string())
    };
    let first: Vec<_> = lines.iter().map(|l| strip(l)).collect();
    let second: Vec<_> = problem_lines(&again).iter().map(|l| strip(l)).collect();
    assert_eq!(first, second);
}

#[test]
fn a_gtp_engine_gets_the_position_by_each_method() {
    let engine = format!(
        "{} --threads 1 --playouts 200 --seed 1",
        env!("CARGO_BIN_EXE_tianyuan")
    );
    for method in ["gogui-setup", "loadsgf", "play"] {
        let args = [
            "--only",
            "ggg-easy-04",
            "--engine",
            &engine,
            "--setup",
            method,
        ];
        let (ok, out, err) = problem_set(&args);
        assert!(ok, "{method}: {err}");
        let lines = problem_lines(&out);
        assert_eq!(lines.len(), 1, "{method}: {out}");
        // Black lives in the corner with S1 (the only accepted move);
        // any move the engine says must be in the report.
        assert!(lines[0].contains("level 1 live"), "{method}: {out}");
    }
}

#[test]
fn filters_and_bad_sets() {
    let (ok, out, _) = problem_set(&[
        "--level",
        "3",
        "--part",
        "held-out",
        "--only",
        "ggg-hard-1",
        "--playouts",
        "50",
        "--threads",
        "1",
    ]);
    assert!(ok);
    let lines = problem_lines(&out);
    assert!(!lines.is_empty());
    for l in &lines {
        assert!(l.contains("level 3") && l.contains("held-out"), "{l}");
    }
    let missing = Command::new(env!("CARGO_BIN_EXE_tianyuan"))
        .args(["problem-set", "/nonexistent/set.txt"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));
}

#[test]
fn the_solver_alone_answers_what_it_proves_and_passes_otherwise() {
    // easy-01: the solver proves that S1 kills White's corner group.
    let (ok, out, err) = problem_set(&["--only", "ggg-easy-0", "--solver", "20000"]);
    assert!(ok, "{err}");
    let lines = problem_lines(&out);
    assert_eq!(lines.len(), 9, "{out}");
    assert!(
        lines[0].starts_with("ok ") && lines[0].contains(" S1 "),
        "{out}"
    );
    // --solver measures the solver, not an engine.
    let (ok, _, err) = problem_set(&["--solver", "100", "--engine", "gnugo"]);
    assert!(!ok && err.contains("cannot be used with"), "{err}");
}
