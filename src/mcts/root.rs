//! The root of a search: the position it starts from ([`Root`]) and what
//! the simulations note there beside the tree ([`RootStats`]: the final
//! score under each root move and, when asked, who owns each point). The
//! search makes both and summarises the statistics; its workers read the
//! root and add to the statistics, and need nothing else of the search.

use super::dead::DeadRegion;
use super::tree::TreeMove;
use crate::board::{Board, Color, Game, Rules, Scoring, ARRAY_SIZE};
use crate::patterns::Recent;
use std::sync::atomic::{AtomicI64, AtomicU32, Ordering::Relaxed};

/// The position a search starts from.
pub(super) struct Root<'a> {
    pub(super) board: &'a Board,
    pub(super) to_move: Color,
    /// Black needs more than this area difference to win.
    pub(super) komi: f64,
    /// The last two moves (stones; `None` for a pass or none).
    pub(super) recent: Recent,
    /// The rules, and whether their count differs from the area count at
    /// the end of a playout ([`crate::board::playout_adjustment`]).
    pub(super) rules: Rules,
    pub(super) adjusts: bool,
    /// The game, for the root's legal moves (superko included).
    pub(super) game: &'a Game,
    /// Groups the life-and-death survey proved dead, counted dead at the
    /// end of a simulation that leaves the proof standing.
    pub(super) dead: Vec<DeadRegion>,
}

impl<'a> Root<'a> {
    /// The root of a search of `game` for `to_move` with `komi`; the
    /// rules' own count adjusts the playouts' when `rules_in_playouts`.
    pub(super) fn new(
        game: &'a Game,
        to_move: Color,
        komi: f64,
        rules_in_playouts: bool,
    ) -> Root<'a> {
        Root {
            board: game.board(),
            to_move,
            komi,
            recent: Recent::of(game),
            rules: game.rules(),
            adjusts: rules_in_playouts
                && (game.rules().scoring() == Scoring::Territory || game.rules().group_tax()),
            game,
            dead: Vec::new(),
        }
    }
}

/// What the simulations of a search note at its root, apart from the
/// tree's statistics: shared by the worker threads, atomic.
pub(super) struct RootStats {
    /// Per root move (by its tree code): sum of twice the final score
    /// from Black's view, and the number of simulations.
    score: Box<[AtomicI64]>,
    score_n: Box<[AtomicU32]>,
    /// When `track_owner`: simulations that ended with Black (even
    /// indices) or White (odd) owning each point, and their number.
    owner: Box<[AtomicU32]>,
    owner_n: AtomicU32,
    track_owner: bool,
    /// When `track_move_owner`: the same counts per root move (by its
    /// tree code, `2 * ARRAY_SIZE` a move), made when first asked for.
    move_owner: Box<[AtomicU32]>,
    track_move_owner: bool,
}

fn atomics<T: Default>(n: usize) -> Box<[T]> {
    (0..n).map(|_| T::default()).collect()
}

impl RootStats {
    pub(super) fn new() -> RootStats {
        RootStats {
            score: atomics(ARRAY_SIZE),
            score_n: atomics(ARRAY_SIZE),
            owner: atomics(2 * ARRAY_SIZE),
            owner_n: AtomicU32::new(0),
            track_owner: false,
            move_owner: Box::new([]),
            track_move_owner: false,
        }
    }

    /// Forget the last search's statistics; count who owns each point
    /// when `ownership`, and the same per root move when `moves_ownership`.
    pub(super) fn reset(&mut self, ownership: bool, moves_ownership: bool) {
        for a in self.score.iter() {
            a.store(0, Relaxed);
        }
        for a in self.score_n.iter() {
            a.store(0, Relaxed);
        }
        if ownership {
            for a in self.owner.iter() {
                a.store(0, Relaxed);
            }
        }
        self.owner_n.store(0, Relaxed);
        self.track_owner = ownership;
        if moves_ownership {
            if self.move_owner.is_empty() {
                self.move_owner = atomics(2 * ARRAY_SIZE * ARRAY_SIZE);
            } else {
                for a in self.move_owner.iter() {
                    a.store(0, Relaxed);
                }
            }
        }
        self.track_move_owner = moves_ownership;
    }

    /// Note a finished simulation: its score (Black's area minus White's,
    /// komi included) under the root move it began with (`None` when it
    /// left the tree at the root), and, when the search counts ownership,
    /// who owns each point of its final `board`.
    pub(super) fn record(&self, first: Option<TreeMove>, score: f64, board: &Board) {
        if let Some(mv) = first {
            let code = mv.code();
            self.score[code].fetch_add((2.0 * score).round() as i64, Relaxed);
            self.score_n[code].fetch_add(1, Relaxed);
        }
        if self.track_owner {
            for p in board.points() {
                if let Some(c) = board.playout_owner(p) {
                    self.owner[2 * p.index() + c.index()].fetch_add(1, Relaxed);
                }
            }
            self.owner_n.fetch_add(1, Relaxed);
        }
        if let Some(mv) = first.filter(|_| self.track_move_owner) {
            let base = 2 * ARRAY_SIZE * mv.code();
            for p in board.points() {
                if let Some(c) = board.playout_owner(p) {
                    self.move_owner[base + 2 * p.index() + c.index()].fetch_add(1, Relaxed);
                }
            }
        }
    }

    /// The simulations recorded under the root move of tree code `code`:
    /// the sum of twice their final scores from Black's view, and their
    /// number.
    pub(super) fn move_score(&self, code: usize) -> (i64, u32) {
        (
            self.score[code].load(Relaxed),
            self.score_n[code].load(Relaxed),
        )
    }

    /// When the search counts it per root move: each point's expected
    /// owner from Black's view (1 Black, -1 White) at the end of the `n`
    /// simulations (above 0) through the move of tree code `code`.
    pub(super) fn move_ownership(&self, code: usize, n: u32) -> Option<Vec<f64>> {
        (self.track_move_owner && n > 0).then(|| {
            let base = 2 * ARRAY_SIZE * code;
            (0..ARRAY_SIZE)
                .map(|i| {
                    let b = self.move_owner[base + 2 * i].load(Relaxed) as f64;
                    let w = self.move_owner[base + 2 * i + 1].load(Relaxed) as f64;
                    (b - w) / n as f64
                })
                .collect()
        })
    }

    /// When the search counts it and any simulation ended: each point's
    /// expected owner from Black's view (1 Black, -1 White).
    pub(super) fn ownership(&self) -> Option<Vec<f64>> {
        let owned = self.owner_n.load(Relaxed);
        (self.track_owner && owned > 0).then(|| {
            (0..ARRAY_SIZE)
                .map(|i| {
                    let b = self.owner[2 * i].load(Relaxed) as f64;
                    let w = self.owner[2 * i + 1].load(Relaxed) as f64;
                    (b - w) / owned as f64
                })
                .collect()
        })
    }
}
