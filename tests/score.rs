//! `tianyuan score FILE.sgf`: the Chinese count of a finished game, run as
//! the real binary on the files in tests/data, with counts worked out by
//! hand, and always the same result as the engine's `final_score`.

mod common;

use common::GtpProcess;
use std::process::Command;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

fn score(path: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tianyuan"))
        .args(["score", path])
        .output()
        .expect("cannot run tianyuan")
}

/// The count printed for `file` in tests/data, checked to end with
/// `final_score`'s result.
fn count(file: &str) -> String {
    count_path(&format!("{DATA}/{file}"))
}

fn count_path(path: &str) -> String {
    let out = score(path);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let mut e = GtpProcess::tianyuan(&[]);
    e.ok(&format!("loadsgf {path}"));
    let result = e.ok("final_score");
    assert!(
        text.trim_end().ends_with(&format!(": {result}")),
        "score says {text:?}, final_score says {result}"
    );
    text
}

#[test]
fn dead_stones_in_territory_are_removed_and_counted_for_the_owner() {
    // Black: E column (9) + A-D (36, the dead White B5 included) = 45;
    // White: F column (9) + G-J (27, the dead Black H5 included) = 36.
    // Black needs 40.5 + 3.75 = 44.25 and has 45: 0.75 stones, 1.5 points.
    assert_eq!(
        count("dead_stones.sgf"),
        "Black 45 (9 stones + 36 territory), White 36 (9 stones + 27 territory); \
         dead stones removed: 1 Black, 1 White\n\
         Black needs 44.25 (half the board 40.5 + komi 3.75 stones)\n\
         Black wins by 0.75 stones (1.5 points): B+1.5\n"
    );
}

#[test]
fn a_seki_is_counted_alive_with_its_shared_points_half_each() {
    // Issue 45's seki: Black 14 stones + A5-B9 (10) + C1/C2 half each;
    // White 14 stones + 41 territory + half. 56 - 25 = 31, + 7.5.
    assert_eq!(
        count("seki_inside_walls.sgf"),
        "Black 25 (14 stones + 10 territory + 1 shared), \
         White 56 (14 stones + 41 territory + 1 shared); 2 shared points, half to each\n\
         Black needs 44.25 (half the board 40.5 + komi 3.75 stones)\n\
         White wins by 19.25 stones (38.5 points): W+38.5\n"
    );
}

#[test]
fn handicap_gives_back_half_a_stone_each_and_dame_count_half() {
    // Column F (9 points) touches both walls: 4.5 to each. Black 9 + 36 +
    // 4.5 = 49.5, White 9 + 18 + 4.5 = 31.5. Black needs 40.5 + 0.25 komi
    // + 1 (two handicap stones) = 41.75: Black by 7.75 stones, 15.5 points
    // (45 - 27 - 0.5 - 2).
    assert_eq!(
        count("handicap.sgf"),
        "Black 49.5 (9 stones + 36 territory + 4.5 shared), \
         White 31.5 (9 stones + 18 territory + 4.5 shared); 9 shared points, half to each\n\
         Black needs 41.75 (half the board 40.5 + komi 0.25 stones + 1 for 2 handicap stones)\n\
         Black wins by 7.75 stones (15.5 points): B+15.5\n"
    );
}

/// `file` of tests/data with its `RU[Chinese]` replaced by `RU[rules]`,
/// counted.
fn count_under(file: &str, rules: &str) -> String {
    let text = std::fs::read_to_string(format!("{DATA}/{file}")).unwrap();
    let dir = std::env::temp_dir().join(format!("tianyuan-rules-{rules}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(file);
    std::fs::write(&path, text.replace("RU[Chinese]", &format!("RU[{rules}]"))).unwrap();
    let counted = count_path(path.to_str().unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
    counted
}

#[test]
fn the_same_game_counted_by_territory_and_by_tromp_taylor() {
    // Japanese: Black 36 points + the dead White B5, White 27 + the dead
    // Black H5: 37 - 28 - 7.5 = 1.5.
    assert_eq!(
        count_under("dead_stones.sgf", "Japanese"),
        "Rules japanese (territory counting)\n\
         Black 37 (36 territory + 0 prisoners + 1 dead White stones), \
         White 28 (27 territory + 0 prisoners + 1 dead Black stones)\n\
         Komi 7.5\n\
         Black wins by 1.5 points: B+1.5\n"
    );
    // Tromp-Taylor: B5 and H5 stay and count; the regions they stand in
    // touch both colours and are nobody's: 10 stones each, 61 shared.
    assert_eq!(
        count_under("dead_stones.sgf", "Tromp-Taylor"),
        "Rules tromp-taylor (area counting)\n\
         Black 40.5 (10 stones + 0 territory + 30.5 shared), \
         White 40.5 (10 stones + 0 territory + 30.5 shared); 61 shared points, half to each; \
         every stone on the board counts (Tromp-Taylor)\n\
         Black needs 44.25 (half the board 40.5 + komi 3.75 stones)\n\
         White wins by 3.75 stones (7.5 points): W+7.5\n"
    );
}

/// RULES.md row 13's position on 19x19 as SGF with komi `komi`: Black
/// holds the left 184 points, 140 stones around two eyes of 22 points
/// (44 territory); White the right 177, 140 stones around eyes of 19 and 18
/// points (37 territory); no shared points.
fn row_13_position(komi: f64) -> String {
    let n = 19;
    let black_area = |x: usize, y: usize| x <= 8 || (x == 9 && y <= 12);
    let black_eye = |x: usize, y: usize| (x <= 1 && y != 9) || (x == 2 && !(4..15).contains(&y));
    let white_eye = |x: usize, y: usize| (x >= 17 && y != 9) || (x == 16 && y == 0);
    let (mut black, mut white) = (String::new(), String::new());
    for x in 0..n {
        for y in 0..n {
            let sgf = format!(
                "[{}{}]",
                (b'a' + x as u8) as char,
                (b'a' + (n - 1 - y) as u8) as char
            );
            if black_area(x, y) {
                if !black_eye(x, y) {
                    black.push_str(&sgf);
                }
            } else if !white_eye(x, y) {
                white.push_str(&sgf);
            }
        }
    }
    format!("(;GM[1]FF[4]SZ[19]KM[{komi}]AB{black}AW{white};B[];W[])")
}

#[test]
fn rules_row_13_worked_example_on_the_board() {
    let dir = std::env::temp_dir().join(format!("tianyuan-row13-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let counts = "Black 184 (140 stones + 44 territory), White 177 (140 stones + 37 territory)\n";
    // With 3 3/4 stones of komi Black's 184 is short of 184 1/4.
    let with_komi = dir.join("komi.sgf");
    std::fs::write(&with_komi, row_13_position(7.5)).unwrap();
    assert_eq!(
        count_path(with_komi.to_str().unwrap()),
        format!(
            "{counts}Black needs 184.25 (half the board 180.5 + komi 3.75 stones)\n\
             White wins by 0.25 stones (0.5 points): W+0.5\n"
        )
    );
    // Without komi Black wins by 3 1/2 stones, 7 points.
    let no_komi = dir.join("no_komi.sgf");
    std::fs::write(&no_komi, row_13_position(0.0)).unwrap();
    assert_eq!(
        count_path(no_komi.to_str().unwrap()),
        format!(
            "{counts}Black needs 180.5 (half the board 180.5 + komi 0 stones)\n\
             Black wins by 3.5 stones (7 points): B+7\n"
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn missing_or_bad_files_are_errors_with_exit_code_2() {
    let missing = score(&format!("{DATA}/no_such_file.sgf"));
    assert_eq!(missing.status.code(), Some(2));
    assert!(missing.stdout.is_empty());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));
    let dir = std::env::temp_dir().join(format!("tianyuan-score-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.sgf");
    std::fs::write(&bad, "(;SZ[9];B[zz])").unwrap();
    let out = score(bad.to_str().unwrap());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot load"));
    std::fs::remove_dir_all(&dir).unwrap();
}
