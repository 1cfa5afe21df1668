//! Runs tests/sabaki/gtp.test.js: the real binary driven through the npm
//! package `@sabaki/gtp`, the library Sabaki itself uses (attach, a
//! pipelined sync with `set_free_handicap` and non-alternating plays, an
//! analysis stream stopped by `protocol_version`, `genmove_analyze`).
//! It needs Node.js and `npm ci --prefix tests/sabaki` (`.ci/run` does
//! both); under CI (`CI=true`) their absence is a failure, elsewhere the
//! test says it skipped.

use std::path::Path;
use std::process::Command;

#[test]
fn sabaki_gtp_library_drives_the_engine() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sabaki");
    let node = Command::new("node").arg("--version").output();
    let installed = dir.join("node_modules/@sabaki/gtp/package.json").is_file();
    if node.is_err() || !installed {
        assert!(
            std::env::var("CI").map_or(true, |v| v != "true"),
            "Node.js and @sabaki/gtp are required under CI: \
             apt-get install -y nodejs npm && npm ci --prefix tests/sabaki"
        );
        eprintln!(
            "SKIPPED: the Sabaki test needs Node.js and `npm ci --prefix tests/sabaki` \
             (node found: {}, @sabaki/gtp installed: {installed})",
            node.is_ok()
        );
        return;
    }
    let out = Command::new("node")
        .args(["--test", "gtp.test.js"])
        .current_dir(&dir)
        .env("TIANYUAN", env!("CARGO_BIN_EXE_tianyuan"))
        .output()
        .expect("node runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "node --test failed:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("# fail 0"), "{text}");
    assert!(text.contains("# pass 4"), "{text}");
}
