//! Prior knowledge for new nodes, as virtual playouts (Gelly & Silver
//! 2007; Pachi's and Fuego's priors): every move starts from an even
//! prior, then gains virtual wins for captures, atari escapes, good 3x3
//! shapes and nearness to the last move, and virtual losses for
//! self-atari and for the first two lines in an empty area.

use super::tree::{NewChild, PASS, WIN};
use crate::board::{Board, Color, Point};
use crate::playout::pattern::is_good_shape;
use crate::tactics::{distance, line, move_effect};

/// Weights of the priors, in virtual playouts.
#[derive(Clone, Copy, Debug)]
pub struct PriorParams {
    /// Even prior: this many virtual playouts at a 50% win rate.
    pub even: u16,
    /// Virtual wins for a capture (twice for captures of 3 stones or more).
    pub capture: u16,
    /// Virtual wins for saving a string in atari.
    pub atari_escape: u16,
    /// Virtual losses for a self-atari of more than one stone.
    pub self_atari: u16,
    /// Virtual wins for moves near the last move.
    pub near_last: u16,
    /// Virtual losses for the first line (half for the second) in empty areas.
    pub edge: u16,
    /// Virtual wins for a good 3x3 shape (the playout patterns).
    pub pattern: u16,
}

impl Default for PriorParams {
    /// Values in the range Pachi and Fuego use (tens of virtual playouts
    /// for tactical knowledge); not yet tuned by matches.
    fn default() -> PriorParams {
        PriorParams {
            even: 10,
            capture: 20,
            atari_escape: 15,
            self_atari: 20,
            near_last: 6,
            edge: 10,
            pattern: 10,
        }
    }
}

/// The prior of `c` playing `p` (a legal move) on `board`.
pub fn prior(
    board: &Board,
    c: Color,
    p: Point,
    last: Option<Point>,
    params: &PriorParams,
) -> NewChild {
    let mut visits = params.even as u32;
    let mut wins2 = params.even as u32; // value in half-points: even = half of 2*visits
    let mut add = |n: u16, win: bool| {
        visits += n as u32;
        if win {
            wins2 += WIN * n as u32;
        }
    };
    let e = move_effect(board, c, p);
    if e.captures > 0 {
        add(params.capture, true);
        if e.captures >= 3 {
            add(params.capture, true);
        }
    }
    if e.escapes_atari() {
        add(params.atari_escape, true);
    }
    if e.is_self_atari() && e.stones > 1 {
        add(params.self_atari, false);
    }
    if let Some(last) = last {
        if distance(board, p, last) <= 2 {
            add(params.near_last, true);
        }
    }
    if is_good_shape(board, p) {
        add(params.pattern, true);
    }
    let size = board.size();
    if size >= 9 {
        let l = line(board, p);
        if l <= 1 && empty_around(board, p, 3) {
            add(if l == 0 { params.edge } else { params.edge / 2 }, false);
        }
    }
    NewChild {
        mv: p.index() as u16,
        prior_visits: visits.min(u16::MAX as u32) as u16,
        prior_value: wins2.min(u16::MAX as u32) as u16,
    }
}

/// The prior of passing: poor while the board has room, even once the
/// game is nearly over.
pub fn pass_prior(board: &Board, candidates: usize, params: &PriorParams) -> NewChild {
    let crowded = candidates <= board.size();
    let (visits, wins2) = if crowded {
        (params.even, params.even)
    } else {
        (params.even * 3, 0)
    };
    NewChild {
        mv: PASS,
        prior_visits: visits,
        prior_value: wins2,
    }
}

/// Whether no stone lies within Manhattan distance `r` of `p`.
fn empty_around(board: &Board, p: Point, r: usize) -> bool {
    let size = board.size();
    let (x, y) = p.xy(size);
    let r = r as isize;
    for dy in -r..=r {
        for dx in -(r - dy.abs())..=(r - dy.abs()) {
            let (qx, qy) = (x as isize + dx, y as isize + dy);
            if qx < 0 || qy < 0 || qx >= size as isize || qy >= size as isize {
                continue;
            }
            if let Some(q) = Point::new(qx as usize, qy as usize, size) {
                if board.color_at(q).is_some() {
                    return false;
                }
            }
        }
    }
    true
}
