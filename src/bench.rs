//! `tianyuan bench`: fixed workloads with a fixed seed on one thread,
//! timed. Each measurement also has a signature (a hash of the final
//! positions) that only a change in behaviour can alter.

use crate::board::{Board, Color};
use crate::playout::{self, LightPolicy, PlayoutRng};
use rand::SeedableRng;
use std::time::Instant;

/// One measurement.
#[derive(Clone, Debug)]
pub struct Measurement {
    pub kind: &'static str,
    pub size: usize,
    pub threads: usize,
    pub playouts: u64,
    pub seconds: f64,
    /// Hash of the results: equal runs of equal code give equal signatures.
    pub signature: u64,
}

impl Measurement {
    pub fn playouts_per_second(&self) -> f64 {
        self.playouts as f64 / self.seconds.max(1e-9)
    }

    /// The bench line: `<kind> <N>x<N> threads=<T> playouts_per_second=<X>`.
    pub fn line(&self) -> String {
        format!(
            "{} {}x{} threads={} playouts_per_second={:.0}",
            self.kind,
            self.size,
            self.size,
            self.threads,
            self.playouts_per_second()
        )
    }
}

/// Light playouts from the empty board: `playouts` of them, each on a
/// fresh copy of the board, Black to move.
pub fn light(size: usize, playouts: u64, seed: u64) -> Measurement {
    let empty = Board::new(size);
    let mut board = empty.clone();
    let mut rng = PlayoutRng::seed_from_u64(seed);
    let mut signature = 0u64;
    let start = Instant::now();
    for _ in 0..playouts {
        board.copy_from(&empty);
        let r = playout::run(&mut LightPolicy, &mut board, Color::Black, &mut rng);
        signature = signature
            .rotate_left(5)
            .wrapping_add(board.hash() ^ r.area_difference as u64 ^ (r.moves as u64) << 40);
    }
    Measurement {
        kind: "light",
        size,
        threads: 1,
        playouts,
        seconds: start.elapsed().as_secs_f64(),
        signature,
    }
}

/// The full search from the empty board: `playouts` simulations with
/// `threads` threads (seed fixed; with one thread the signature is a hash
/// of the root statistics and repeats exactly), with the search's
/// parameters `params` (the player's: [`crate::player::Options::search_params`]).
pub fn search(
    size: usize,
    threads: usize,
    playouts: u64,
    seed: u64,
    params: &crate::mcts::SearchParams,
) -> Measurement {
    use crate::board::{Game, Rules, DEFAULT_KOMI};
    use crate::mcts::{Limits, Search, Task};
    use std::sync::atomic::AtomicBool;
    let game = Game::new(size, DEFAULT_KOMI, Rules::chinese());
    let nodes = 4 << 20;
    let mut search = Search::new(nodes, params.clone());
    let limits = Limits {
        playouts: Some(playouts),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let task = Task {
        to_move: game.to_move(),
        komi_offset: 0.0,
        threads,
        seed,
        limits,
        ownership: false,
        moves_ownership: false,
        avoid: Vec::new(),
    };
    let r = search.run(&game, &task, &stop, None);
    let seconds = start.elapsed().as_secs_f64();
    let signature = r.moves.iter().fold(0u64, |h, m| {
        h.rotate_left(7) ^ (m.mv.map_or(0, |p| p.index() as u64) << 32 | m.stats.visits as u64)
    });
    Measurement {
        kind: "search",
        size,
        threads,
        playouts: r.playouts,
        seconds,
        signature,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_depends_only_on_the_seed() {
        let a = light(9, 200, 1);
        let b = light(9, 200, 1);
        let c = light(9, 200, 2);
        assert_eq!(a.signature, b.signature);
        assert_ne!(a.signature, c.signature);
        assert!(a
            .line()
            .starts_with("light 9x9 threads=1 playouts_per_second="));
    }
}
