//! Playouts: a policy picks moves until two passes end the game, then the
//! board is counted by area. The search (and the bench) are generic over
//! [`PlayoutPolicy`], so the policy call is inlined into the loop.
//! Nothing here allocates.

pub mod heavy;
pub mod light;
pub mod mogo_shapes;

use crate::board::{Board, Color, Point};
use rand::rngs::SmallRng;
use rand::RngCore;

pub use heavy::{HeavyParams, HeavyPolicy};
pub use light::LightPolicy;

/// The random number generator of playouts.
pub type PlayoutRng = SmallRng;

/// A uniform integer in `0..n` (`n > 0`) by multiply-shift reduction.
#[inline]
pub fn below(rng: &mut PlayoutRng, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// The policies of this crate are the only ones: a playout plays a
/// policy's move with [`Board::play_legal`] without checking it again, so
/// the trait is sealed (no policy from outside can break that promise).
mod sealed {
    pub trait Sealed {}
    impl Sealed for super::HeavyPolicy {}
    impl Sealed for super::LightPolicy {}
}

/// Chooses the moves of a playout (implemented by this crate's policies
/// only: the trait is sealed).
pub trait PlayoutPolicy: sealed::Sealed {
    /// A legal move (simple ko) for `c`, or `None` to pass: a promise the
    /// playout loop relies on. The policy may reorder the board's empty
    /// list.
    fn choose(&mut self, board: &mut Board, c: Color, rng: &mut PlayoutRng) -> Option<Point>;

    /// A playout begins (state kept from move to move within one playout
    /// starts afresh).
    #[inline]
    fn begin(&mut self) {}

    /// Learn from a finished simulation: its moves in order (`None` a
    /// pass), the first by `first`, after the move `before` (the last one
    /// before the simulation began), and whether Black won. Policies that
    /// keep no memory ignore it.
    #[inline]
    fn learn<I: Iterator<Item = Option<Point>>>(
        &mut self,
        _first: Color,
        _before: Option<Point>,
        _moves: I,
        _black_won: bool,
    ) {
    }
}

/// The position after `moves` light-playout moves (Black first, a pass
/// when the policy has none) from the empty board of side `size`: the
/// random positions that tests check tactics and board code on.
#[cfg(test)]
pub(crate) fn random_position(size: usize, moves: usize, rng: &mut PlayoutRng) -> Board {
    let mut b = Board::new(size);
    let mut c = Color::Black;
    for _ in 0..moves {
        match LightPolicy.choose(&mut b, c, rng) {
            Some(p) => {
                b.play_legal(c, p);
            }
            None => b.pass(),
        }
        c = !c;
    }
    b
}

/// The end of one playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Black's area minus White's (no komi) in the final position.
    pub area_difference: i32,
    /// Moves played, passes included.
    pub moves: u32,
}

/// The longest playout, in moves, on a board of side `size`: a safety cap
/// for cycles that simple ko allows (triple ko and the like).
pub fn max_moves(size: usize) -> u32 {
    (size * size * 3) as u32
}

/// Play `board` out from `to_move` until two passes in a row (or the move
/// cap) and count it.
#[inline]
pub fn run<P: PlayoutPolicy>(
    policy: &mut P,
    board: &mut Board,
    to_move: Color,
    rng: &mut PlayoutRng,
) -> PlayoutResult {
    run_logged(policy, board, to_move, rng, |_| {})
}

/// [`run`], calling `log` with each move played (`None` for a pass).
#[inline]
pub fn run_logged<P: PlayoutPolicy, L: FnMut(Option<Point>)>(
    policy: &mut P,
    board: &mut Board,
    to_move: Color,
    rng: &mut PlayoutRng,
    mut log: L,
) -> PlayoutResult {
    let cap = max_moves(board.size());
    let mut c = to_move;
    let mut passes = 0;
    let mut moves = 0;
    policy.begin();
    while passes < 2 && moves < cap {
        let mv = policy.choose(board, c, rng);
        match mv {
            Some(p) => {
                board.play_legal(c, p);
                passes = 0;
            }
            None => {
                board.pass();
                passes += 1;
            }
        }
        log(mv);
        moves += 1;
        c = !c;
    }
    PlayoutResult {
        area_difference: board.playout_area_difference(),
        moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn playouts_end_with_only_eyes_left() {
        let mut rng = PlayoutRng::seed_from_u64(3);
        for size in [2, 5, 9, 19] {
            for _ in 0..50 {
                let mut b = Board::new(size);
                let r = run(&mut LightPolicy, &mut b, Color::Black, &mut rng);
                b.check_consistency().unwrap();
                if r.moves >= max_moves(size) {
                    // Tiny boards can cycle through simple kos for ever.
                    assert!(size < 5, "playout hit the cap on {size}x{size}");
                    continue;
                }
                // Every empty point left is an eye that its owner keeps or
                // a point where the mover cannot play.
                for p in b.empty_points().iter() {
                    assert!(
                        Color::BOTH
                            .iter()
                            .all(|&c| b.is_true_eye(c, p) || !b.is_legal(c, p)),
                        "{} open at the end\n{b}",
                        p.to_gtp(size)
                    );
                }
                let total = (size * size) as i32;
                assert!(r.area_difference.abs() <= total);
                // Point by point, the whole board adds up to the same count.
                assert_eq!(
                    b.playout_area_difference_in(b.on_board()),
                    r.area_difference
                );
            }
        }
    }

    #[test]
    fn playouts_are_deterministic_for_a_seed() {
        let run_with = |seed| {
            let mut rng = PlayoutRng::seed_from_u64(seed);
            let mut b = Board::new(9);
            (
                run(&mut LightPolicy, &mut b, Color::Black, &mut rng),
                b.hash(),
            )
        };
        assert_eq!(run_with(5), run_with(5));
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = PlayoutRng::seed_from_u64(1);
        let mut hits = [0u32; 7];
        for _ in 0..7000 {
            hits[below(&mut rng, 7)] += 1;
        }
        assert!(hits.iter().all(|&h| h > 800), "{hits:?}");
    }
}
