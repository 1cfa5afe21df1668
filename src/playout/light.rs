//! The light policy: a uniformly random legal move that does not fill one
//! of the mover's own true eyes.

use super::{below, PlayoutPolicy, PlayoutRng};
use crate::board::{Board, Color, Point};

/// Uniform random legal moves, own true eyes excluded.
#[derive(Clone, Copy, Debug, Default)]
pub struct LightPolicy;

impl PlayoutPolicy for LightPolicy {
    /// Samples the empty list without replacement: a rejected point is
    /// swapped behind the part still to sample, so every acceptable point
    /// is equally likely and nothing is allocated.
    #[inline]
    fn choose(&mut self, board: &mut Board, c: Color, rng: &mut PlayoutRng) -> Option<Point> {
        let mut left = board.empty_count();
        while left > 0 {
            let i = below(rng, left);
            let p = board.empty_at(i);
            if !board.is_true_eye(c, p) && board.is_legal(c, p) {
                return Some(p);
            }
            left -= 1;
            board.swap_empties(i, left);
        }
        None
    }
}
