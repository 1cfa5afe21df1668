//! README.md lists every GTP command the engine knows.

mod common;

#[test]
fn readme_lists_every_command() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut e = common::GtpProcess::tianyuan(&[]);
    for name in e.ok("list_commands").lines() {
        assert!(
            readme.contains(&format!("`{name}`")),
            "README.md does not list `{name}`"
        );
    }
}
