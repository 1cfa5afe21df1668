//! The end-of-game judgement: its agreement with the reference set of
//! finished positions (tests/judgement, docs/JUDGEMENT.md) never falls
//! below the figure README.md states; `kgs-genmove_cleanup` captures what
//! the judgement calls dead before it passes.

mod common;

use common::GtpProcess;
use tianyuan::arena::judge_set::{check, read_reference, Judge};
use tianyuan::judge::JudgeParams;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
const SET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/judgement/reference.txt");
const README: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");

/// The figure README.md states: "agrees with the reference on **N of M**
/// positions".
fn stated_agreement() -> (u32, u32) {
    let readme = std::fs::read_to_string(README).unwrap();
    let at = readme
        .find("agrees with the reference on **")
        .expect("README states the judgement's agreement");
    let rest = &readme[at + "agrees with the reference on **".len()..];
    let figure = &rest[..rest.find("**").unwrap()];
    let (n, m) = figure.split_once(" of ").expect("N of M");
    (n.trim().parse().unwrap(), m.trim().parse().unwrap())
}

#[test]
fn agreement_with_the_reference_set_is_at_least_what_readme_states() {
    let (stated, size) = stated_agreement();
    let entries = read_reference(std::path::Path::new(SET)).unwrap();
    assert_eq!(entries.len() as u32, size, "README's set size");
    let outcome = check(&entries, &mut Judge::Own(JudgeParams::new(2)), false).unwrap();
    println!("{}", outcome.report);
    assert!(
        outcome.equal >= stated,
        "dead lists equal to the reference: {} of {} (README: {stated})\n{}",
        outcome.equal,
        outcome.positions,
        outcome.report
    );
    assert_eq!(outcome.same_winner, outcome.positions, "{}", outcome.report);
    assert!(
        100 * outcome.within_one >= 97 * outcome.positions,
        "{}",
        outcome.report
    );
}

#[test]
fn cleanup_captures_the_dead_stones_before_passing() {
    // Both sides are settled with eyes; White's C5 is dead in Black's
    // area, Black's H5 in White's. Both sides clean up, each capturing the
    // other's dead stone, then pass; the count is the same as before.
    let mut e = GtpProcess::tianyuan(&["--threads", "1", "--playouts", "300", "--seed", "3"]);
    e.ok(&format!("loadsgf {DATA}/settled_dead_stones.sgf"));
    assert_eq!(e.ok("final_status_list dead"), "C5 H5");
    let before = e.ok("final_score");
    let mut passes = 0;
    let mut c = "b";
    for _ in 0..40 {
        let mv = e.ok(&format!("kgs-genmove_cleanup {c}"));
        passes = if mv.eq_ignore_ascii_case("pass") {
            passes + 1
        } else {
            0
        };
        if passes == 2 {
            break;
        }
        c = if c == "b" { "w" } else { "b" };
    }
    assert_eq!(passes, 2, "the cleanup ends with two passes");
    assert_eq!(
        e.ok("final_status_list dead"),
        "",
        "every dead stone is captured"
    );
    let white = e.ok("list_stones white");
    let black = e.ok("list_stones black");
    assert!(!white.split_whitespace().any(|v| v == "C5"), "{white}");
    assert!(!black.split_whitespace().any(|v| v == "H5"), "{black}");
    assert_eq!(e.ok("final_score"), before);
}
