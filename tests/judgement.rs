//! The end-of-game judgement as its readers see it over GTP:
//! `kgs-genmove_cleanup` captures what the judgement calls dead before it
//! passes.

mod common;

use common::GtpProcess;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

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
