//! README.md and the reference pages in docs/:
//!
//! * docs/GTP.md lists every GTP command the engine knows, and README
//!   links to it;
//! * every link from README.md or a page of docs/ to a file of the
//!   repository, or to a section of one, leads somewhere;
//! * the newcomer test: every `sh` block of README.md runs and succeeds.
//!
//! The newcomer test runs README's `sh` blocks in the order they come, as
//! a reader would type them, with `sh -e` in one empty directory (so a
//! block may use the files an earlier one wrote). The built binary is
//! there as `tianyuan` on the `PATH` and as `./target/release/tianyuan`,
//! and `cargo build --release` stands for the build this test run has
//! already done (a stub `cargo` accepts that and refuses everything else).
//! A block is left out only when its fence says why, after `sh`:
//!
//! * `sh peer`: it needs a program the repository does not hold (GNU Go,
//!   Pachi, a GUI, a server, the network);
//! * `sh installs`: it installs something on the machine;
//! * `sh tests`: it runs the test suite, which would run this test again.
//!
//! Every other fence must name its language (`text`, `ini`, ...), so that no
//! shell command hides in a fence without one.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Why a fence's block is not run: the words allowed after `sh`.
const SKIP_REASONS: [&str; 3] = ["peer", "installs", "tests"];

/// How long one block may take.
const BLOCK_LIMIT: Duration = Duration::from_secs(120);

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path))
        .unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

#[test]
fn gtp_reference_lists_every_command() {
    let reference = read("docs/GTP.md");
    let mut e = common::GtpProcess::tianyuan(&[]);
    for name in e.ok("list_commands").lines() {
        assert!(
            reference.contains(&format!("`{name}`")),
            "docs/GTP.md does not list `{name}`"
        );
    }
    assert!(
        read("README.md").contains("](docs/GTP.md"),
        "README.md links to docs/GTP.md"
    );
}

/// A fenced block of a Markdown page: its info string and its text.
struct Fence {
    info: String,
    text: String,
    line: usize,
}

/// The fenced blocks of a page (fences of three backticks).
fn fences(page: &str) -> Vec<Fence> {
    let mut out = Vec::new();
    let mut open: Option<Fence> = None;
    for (i, line) in page.lines().enumerate() {
        match (&mut open, line.trim_start().strip_prefix("```")) {
            (None, Some(info)) => {
                open = Some(Fence {
                    info: info.trim().to_string(),
                    text: String::new(),
                    line: i + 1,
                })
            }
            (Some(_), Some(_)) => out.push(open.take().unwrap()),
            (Some(f), None) => {
                f.text.push_str(line);
                f.text.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a fence is not closed");
    out
}

/// The text of a page outside its fenced blocks, a line at a time.
fn prose_lines(page: &str) -> Vec<&str> {
    let mut in_fence = false;
    page.lines()
        .filter(|line| {
            if line.trim_start().starts_with("```") {
                in_fence = !in_fence;
                return false;
            }
            !in_fence
        })
        .collect()
}

/// A heading's anchor as GitHub makes it: lower case, the words joined by
/// hyphens, punctuation other than hyphens and underscores dropped.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a page's headings (a repeated one gets `-1`, `-2`, ...).
fn anchors(page: &str) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = Vec::new();
    for line in prose_lines(page) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if hashes == 0 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let s = slug(line[hashes..].trim());
        let n = seen.entry(s.clone()).or_insert(0);
        out.push(if *n == 0 {
            s.clone()
        } else {
            format!("{s}-{n}")
        });
        *n += 1;
    }
    out
}

/// The targets of a line's Markdown links, `[text](target)`, outside
/// inline code.
fn link_targets(line: &str) -> Vec<String> {
    let mut prose = String::new();
    for (i, part) in line.split('`').enumerate() {
        if i % 2 == 0 {
            prose.push_str(part);
        }
    }
    let mut out = Vec::new();
    let mut rest = prose.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            out.push(rest[..end].to_string());
        }
    }
    out
}

#[test]
fn links_between_the_pages_lead_somewhere() {
    let mut pages = vec![PathBuf::from("README.md")];
    for entry in std::fs::read_dir(Path::new(ROOT).join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path.strip_prefix(ROOT).unwrap().to_path_buf());
        }
    }
    let mut broken = Vec::new();
    for page in &pages {
        let text = read(page.to_str().unwrap());
        for line in prose_lines(&text) {
            for target in link_targets(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
                let file = if file.is_empty() {
                    page.clone()
                } else {
                    page.parent().unwrap().join(file)
                };
                let full = Path::new(ROOT).join(&file);
                if !full.exists() {
                    broken.push(format!(
                        "{}: {target} (no file {})",
                        page.display(),
                        file.display()
                    ));
                    continue;
                }
                if !anchor.is_empty()
                    && !anchors(&read(file.to_str().unwrap())).contains(&anchor.to_string())
                {
                    broken.push(format!("{}: {target} (no such section)", page.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// A directory for the newcomer test: empty but for the built binary as
/// `bin/tianyuan` and `target/release/tianyuan`, and the stub `bin/cargo`.
#[cfg(unix)]
fn newcomer_dir() -> PathBuf {
    use std::os::unix::fs::{symlink, PermissionsExt};
    let dir = std::env::temp_dir().join(format!("tianyuan-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let exe = Path::new(env!("CARGO_BIN_EXE_tianyuan"));
    for sub in ["bin", "target/release"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        symlink(exe, dir.join(sub).join("tianyuan")).unwrap();
    }
    let cargo = dir.join("bin/cargo");
    std::fs::write(
        &cargo,
        "#!/bin/sh\n\
         # tests/readme.rs: the test run has built the binary already.\n\
         [ \"$*\" = 'build --release' ] && exit 0\n\
         echo \"cargo $*: not run by tests/readme.rs (mark the README block)\" >&2\n\
         exit 1\n",
    )
    .unwrap();
    std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// Runs one block with `sh -e` in `dir`; its output when it succeeds in
/// time, else why not.
#[cfg(unix)]
fn run_block(dir: &Path, block: &str) -> Result<String, String> {
    use std::process::{Command, Stdio};
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out_file = dir.join("block.out");
    let out = std::fs::File::create(&out_file).unwrap();
    let mut child = Command::new("sh")
        .args(["-e", "-c", block])
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .spawn()
        .expect("sh runs");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > BLOCK_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let output = std::fs::read_to_string(&out_file).unwrap_or_default();
    match status {
        Some(s) if s.success() => Ok(output),
        Some(s) => Err(format!("{s}\n{output}")),
        None => Err(format!("still running after {BLOCK_LIMIT:?}\n{output}")),
    }
}

#[cfg(unix)]
#[test]
fn every_readme_command_runs() {
    let readme = read("README.md");
    let dir = newcomer_dir();
    let mut ran = 0;
    for fence in fences(&readme) {
        let mut words = fence.info.split_whitespace();
        let Some(language) = words.next() else {
            panic!(
                "README.md line {}: a fence without a language (`sh`, `text`, ...)",
                fence.line
            );
        };
        assert!(
            !matches!(language, "bash" | "shell" | "console" | "zsh"),
            "README.md line {}: shell commands go in `sh` fences",
            fence.line
        );
        if language != "sh" {
            continue;
        }
        let skip: Vec<&str> = words.collect();
        for word in &skip {
            assert!(
                SKIP_REASONS.contains(word),
                "README.md line {}: `sh {word}`: the reasons to skip a block are {SKIP_REASONS:?}",
                fence.line
            );
        }
        if !skip.is_empty() {
            continue;
        }
        let start = Instant::now();
        match run_block(&dir, &fence.text) {
            Ok(_) => println!(
                "README.md line {}: ok in {:.1} s\n{}",
                fence.line,
                start.elapsed().as_secs_f64(),
                fence.text
            ),
            Err(why) => panic!(
                "README.md line {}: the block failed:\n{}\n{why}",
                fence.line, fence.text
            ),
        }
        ran += 1;
    }
    assert!(ran >= 2, "the README's blocks ran ({ran})");
    let _ = std::fs::remove_dir_all(&dir);
}
