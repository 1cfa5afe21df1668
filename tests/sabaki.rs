//! Runs tests/sabaki/gtp.test.js: the real binary driven through the npm
//! package `@sabaki/gtp`, the library Sabaki itself uses (attach, a
//! pipelined sync with `set_free_handicap` and non-alternating plays, an
//! analysis stream stopped by `protocol_version`, `genmove_analyze`);
//! and tests/sabaki/review.test.js: two match records (9x9 and 19x19)
//! reviewed by `tianyuan review`, read with `@sabaki/sgf`, Sabaki's own
//! SGF parser, as its win-rate graph reads them.
//! It needs Node.js and `npm ci --prefix tests/sabaki` (`.ci/run` does
//! both); under CI (`CI=true`) their absence is a failure, elsewhere the
//! test says it skipped.

use std::path::Path;
use std::process::Command;

/// Whether Node.js and the npm packages are there; a failure under CI
/// when not, elsewhere a note that the test skipped.
fn node_ready(dir: &Path, package: &str) -> bool {
    let node = Command::new("node").arg("--version").output();
    let installed = dir
        .join(format!("node_modules/{package}/package.json"))
        .is_file();
    if node.is_err() || !installed {
        assert!(
            std::env::var("CI").map_or(true, |v| v != "true"),
            "Node.js and {package} are required under CI: \
             apt-get install -y nodejs npm && npm ci --prefix tests/sabaki"
        );
        eprintln!(
            "SKIPPED: the Sabaki test needs Node.js and `npm ci --prefix tests/sabaki` \
             (node found: {}, {package} installed: {installed})",
            node.is_ok()
        );
        return false;
    }
    true
}

/// `node --test SCRIPT` in `dir` with one variable set; its output,
/// checked to have passed with no failure.
fn node_test(dir: &Path, script: &str, (name, value): (&str, &str)) -> String {
    let out = Command::new("node")
        .args(["--test", script])
        .current_dir(dir)
        .env(name, value)
        .output()
        .expect("node runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success() && text.contains("# fail 0"),
        "node --test {script} failed:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

#[test]
fn sabaki_sgf_parser_reads_reviewed_records() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sabaki");
    if !node_ready(&dir, "@sabaki/sgf") {
        return;
    }
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/judgement");
    let out_dir =
        std::env::temp_dir().join(format!("tianyuan-sabaki-review-{}", std::process::id()));
    let mut reviewed = Vec::new();
    for (game, playouts) in [
        ("9x9/pa-gg-9-a-001.sgf", "300"),
        ("19x19/gg-19-b-004.sgf", "100"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tianyuan"))
            .args([
                "review",
                "--threads",
                "2",
                "--seed",
                "1",
                "--playouts",
                playouts,
            ])
            .arg(data.join(game))
            .arg("--out-dir")
            .arg(&out_dir)
            .output()
            .expect("tianyuan review runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        reviewed.push(String::from_utf8_lossy(&out.stdout).trim().to_string());
    }
    let text = node_test(&dir, "review.test.js", ("REVIEWED", &reviewed.join(",")));
    assert!(text.contains("# pass 1"), "{text}");
    std::fs::remove_dir_all(&out_dir).ok();
}

#[test]
fn sabaki_gtp_library_drives_the_engine() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sabaki");
    if !node_ready(&dir, "@sabaki/gtp") {
        return;
    }
    let text = node_test(
        &dir,
        "gtp.test.js",
        ("TIANYUAN", env!("CARGO_BIN_EXE_tianyuan")),
    );
    assert!(text.contains("# pass 4"), "{text}");
}
