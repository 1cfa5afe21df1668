//! README.md and the reference pages in docs/:
//!
//! * docs/GTP.md lists every GTP command the engine knows, and README
//!   links to it;
//! * every link from README.md or a page of docs/ to a file of the
//!   repository, or to a section of one, leads somewhere.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

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
