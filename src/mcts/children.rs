//! The children of a new tree node: its moves, each with its prior. The
//! learned patterns rate every move first (their sum normalises the
//! probabilities), then prior.rs gives each its prior. The search expands
//! the root with them, and its workers every other node.

use super::params::SearchParams;
use super::prior::{add_wins, ladder_saves, learned_weight, pass_prior, prior};
use super::tree::NewChild;
use crate::board::{Board, Color, Point, PointSet};
use crate::patterns::Recent;

/// The children of a node where `c` is to move: every empty point that
/// `legal` allows and that fills none of `c`'s true eyes, and the pass,
/// each with its prior. `out` is cleared first, and `rated` (the moves
/// with their learned strengths) is scratch space; neither allocates once
/// it has held this many.
pub(super) fn new_children(
    board: &mut Board,
    c: Color,
    recent: Recent,
    params: &SearchParams,
    out: &mut Vec<NewChild>,
    rated: &mut Vec<(Point, f64)>,
    legal: impl Fn(&Board, Point) -> bool,
) {
    out.clear();
    rated.clear();
    for i in 0..board.empty_count() {
        let p = board.empty_at(i);
        if !board.is_true_eye(c, p) && legal(board, p) {
            rated.push((p, 0.0));
        }
    }
    let model = params.patterns.filter(|_| params.priors.learned > 0);
    let mut total = 0.0;
    if let Some(m) = model {
        let codes = crate::patterns::spatial::Codes::new(board, c);
        for (p, s) in rated.iter_mut() {
            *s = m.strength_in(&codes, board, c, *p, recent);
            total += *s;
        }
    }
    let saves = if params.priors.ladder_defence > 0 {
        ladder_saves(board, c, recent.last)
    } else {
        PointSet::new()
    };

    let weight = learned_weight(board, &params.priors);
    for &(p, s) in rated.iter() {
        let learned = model.map(|_| weight * (s / total).sqrt());
        let mut child = prior(board, c, p, recent.last, learned, &params.priors);
        if saves.contains(p) {
            add_wins(&mut child, params.priors.ladder_defence);
        }

        out.push(child);
    }
    out.push(pass_prior(board, out.len(), &params.priors));
}
