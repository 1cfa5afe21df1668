//! The trainer's tests: kifu files, and a fit that finds the feature
//! deciding made-up games.

use super::*;
use crate::sgf::{SgfGame, SgfNode};

/// Kifu files (an id, a tab, the moves) give a game a line.
#[test]
fn kifu_lines_are_games() {
    let dir = std::env::temp_dir().join(format!("tianyuan-kifu-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let moves = ";B[pd];W[dp];B[pq];W[dd];B[fq];W[cn];B[jp];W[qj];B[qh];W[qm]";
    let text = format!("17\t{moves}\n18\t{moves};B[ch]\nnot a game\n");
    std::fs::write(dir.join("2003-09"), text).unwrap();
    std::fs::write(dir.join("README"), "no games here").unwrap();
    let files = sgf_files(std::slice::from_ref(&dir));
    assert_eq!(files.len(), 1);
    let records = read_records(&files[0], Some(19));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(records.len(), 2);
    assert_eq!(records[1].moves.len(), 11);
    assert_eq!(records[0].moves[0], (Color::Black, Point::parse("Q16", 19)));
}

/// Games whose players always play on the third line when they can
/// (else anywhere): the model must find the edge feature and predict
/// better than chance.
#[test]
fn learns_a_feature_that_decides_the_moves() {
    let dir = std::env::temp_dir().join(format!("tianyuan-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(5);
    for g in 0..40 {
        let mut b = Board::new(9);
        let mut nodes = vec![SgfNode::default()];
        let mut c = Color::Black;
        for _ in 0..30 {
            let legal: Vec<Point> = b
                .empty_points()
                .iter()
                .filter(|&p| b.is_legal(c, p))
                .collect();
            let third: Vec<Point> = legal
                .iter()
                .copied()
                .filter(|&p| crate::tactics::line(&b, p) == 2)
                .collect();
            let from = if third.is_empty() { &legal } else { &third };
            if from.is_empty() {
                break;
            }
            let p = from[rng.below(from.len())];
            b.play(c, p).unwrap();
            nodes.push(SgfNode {
                mv: Some((c, Some(p.xy(9)))),
                ..SgfNode::default()
            });
            c = !c;
        }
        let game = SgfGame {
            size: 9,
            komi: Some(7.5),
            handicap: None,
            rules: None,
            result: None,
            nodes,
        };
        std::fs::write(dir.join(format!("g{g}.sgf")), crate::sgf::write(&game)).unwrap();
    }
    let opts = TrainOptions {
        inputs: vec![dir.clone()],
        size: Some(9),
        test_games: 8,
        max_positions: 2_000,
        max_test_positions: 500,
        min_count: 3,
        iterations: 4,
        seed: 3,
        ..TrainOptions::default()
    };
    let t = train(&opts).unwrap();
    // The fit's parts make the same file on any number of threads.
    let on_three = train(&TrainOptions { threads: 3, ..opts }).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(t.model.to_bytes() == on_three.model.to_bytes());
    let edge3 = t.model.tactical_gamma(Group::Edge.id(3));
    for v in [1, 2, 4] {
        assert!(
            edge3 > 5.0 * t.model.tactical_gamma(Group::Edge.id(v)),
            "{edge3}"
        );
    }
    // About 24 third-line points against 81: far above chance (1/60).
    assert!(t.held_out.rate(t.held_out.top1) > 0.03, "{}", t.held_out);
    assert!(t.held_out.rate(t.held_out.top10) > 0.3, "{}", t.held_out);
    let back = Model::from_bytes(&t.model.to_bytes()).unwrap();
    assert_eq!(back.patterns().len(), t.model.patterns().len());
}
