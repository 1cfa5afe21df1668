//! The enclosed groups of a whole board, each read twice by the solver:
//! with the side to move playing first there, and with its opponent
//! playing first. A group whose fate turns on who plays first is
//! unsettled, and the first move that decides it is urgent; one whose
//! fate does not is settled. The player asks this before a search and
//! hands the search the urgent moves as priors.

use super::{Problem, Status};
use crate::board::{Bitboard, Board, Color, KeyMap, Point};
use crate::tactics::benson::pass_alive;
use std::time::Instant;

/// A group's fate as the survey read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// The side to move decides it by this move (or a ko it takes
    /// first); its opponent, playing first, would decide it the other way.
    Urgent { mv: Point, ko: bool },
    /// Neither side changes it by playing first, and it lives.
    Settled,
    /// It dies even when its owner plays first there (and wins every ko).
    Dead,
    /// A read ran out of budget, or its answer is a ko the side to move
    /// cannot win first.
    Unknown,
}

/// One enclosed group.
#[derive(Clone, Copy, Debug)]
pub struct Finding {
    pub defender: Color,
    /// The defender's stones in the region.
    pub stones: Bitboard,
    pub region: Bitboard,
    pub fate: Fate,
}

/// Readings kept from one survey to the next: a region whose stones did
/// not change reads the same.
#[derive(Default)]
pub struct LifeCache {
    table: KeyMap<Status>,
}

/// Entries past which the cache starts afresh.
const CACHE_MAX: usize = 1 << 16;

impl LifeCache {
    pub fn new() -> LifeCache {
        LifeCache::default()
    }

    fn read(&mut self, key: u64, read: impl FnOnce() -> Status) -> Status {
        if let Some(&s) = self.table.get(&key) {
            return s;
        }
        if self.table.len() >= CACHE_MAX {
            self.table.clear();
        }
        let s = read();
        self.table.insert(key, s);
        s
    }
}

/// Survey `board` for `to_move`: every group of either colour that is not
/// alive unconditionally and whose problem is enclosed
/// ([`Problem::around`]), read with `budget` nodes a reading, until
/// `deadline` (groups not reached are left out).
pub fn survey(
    board: &Board,
    to_move: Color,
    budget: u64,
    deadline: Option<Instant>,
    cache: &mut LifeCache,
) -> Vec<Finding> {
    let mut out = Vec::new();
    for defender in [to_move, !to_move] {
        let (alive, _) = pass_alive(board, defender);
        let mut left = board.stones(defender) - alive;
        while let Some(p) = left.first() {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return out;
            }
            let Ok(first) = Problem::around(board, p) else {
                left -= board.string_bitboard(p);
                continue;
            };
            let stones = first.region & board.stones(defender);
            left -= stones | board.string_bitboard(p);
            // The largest string of the region is the one read.
            let target = largest_string(board, stones).unwrap_or(p);
            if out.iter().any(|f: &Finding| f.stones.contains(target)) {
                // Reached again from a string its region left out.
                continue;
            }
            let problem = if target == p {
                first
            } else {
                match Problem::around(board, target) {
                    Ok(problem) => problem,
                    Err(_) => continue,
                }
            };
            if (problem.region & board.empty_points()).is_empty() {
                continue;
            }
            let fate = fate(board, &problem, to_move, budget, cache);
            log::debug!(
                "life: {defender} group at {} ({} empty points): {}",
                target.to_gtp(board.size()),
                (problem.region & board.empty_points()).count(),
                match fate {
                    Fate::Urgent { mv, ko } =>
                        format!("urgent {} ko={ko}", mv.to_gtp(board.size())),
                    other => format!("{other:?}"),
                }
            );
            out.push(Finding {
                defender,
                stones: problem.region & board.stones(defender),
                region: problem.region,
                fate,
            });
        }
    }
    out
}

/// The fate of `problem` with `to_move` to play.
fn fate(
    board: &Board,
    problem: &Problem,
    to_move: Color,
    budget: u64,
    cache: &mut LifeCache,
) -> Fate {
    let mine = problem.defender == to_move;
    let key = region_key(board, problem);
    let defend = cache.read(key ^ DEFEND_KEY, || problem.defend(board, budget));
    let attack = cache.read(key ^ ATTACK_KEY, || problem.attack(board, budget));
    // The side to move playing first, then its opponent.
    let (first, second) = if mine {
        (defend, attack)
    } else {
        (attack, defend)
    };
    let succeeds = |s: Status| match s {
        Status::Success(m) | Status::KoFirst(m) => Some(m),
        _ => None,
    };
    match (first, second) {
        (Status::Unknown, _) | (_, Status::Unknown) => Fate::Unknown,
        _ if matches!(defend, Status::Failure) => Fate::Dead,
        (Status::Failure, _) | (_, Status::Failure) => Fate::Settled,
        (f, s) => match (succeeds(f), succeeds(s)) {
            (Some(Some(mv)), Some(_)) => Fate::Urgent {
                mv,
                ko: !matches!(f, Status::Success(_)),
            },
            _ => Fate::Unknown,
        },
    }
}

/// Keys of a region's two readings.
const DEFEND_KEY: u64 = 0x3C6E_F372_FE94_F82B;
const ATTACK_KEY: u64 = 0xA54F_F53A_5F1D_36F1;

/// A hash of what the solver reads of `problem`: the region's points and
/// what stands on each, the target, the defender and the ko point.
fn region_key(board: &Board, problem: &Problem) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    let mut mix = |x: u64| {
        h ^= x;
        h = h.wrapping_mul(0x0000_0100_0000_01B3).rotate_left(29);
    };
    for p in problem.region.iter() {
        let what = match board.color_at(p) {
            None => 0,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        };
        mix((p.index() as u64) << 2 | what);
    }
    mix(problem.target.index() as u64 | u64::from(problem.defender == Color::White) << 20);
    for c in [Color::Black, Color::White] {
        if let Some(k) = board.ko_point(c) {
            mix(k.index() as u64 + 1_000_000);
        }
    }
    h
}

/// The largest string of `stones` (the first of the largest).
fn largest_string(board: &Board, stones: Bitboard) -> Option<Point> {
    let mut best: Option<(u32, Point)> = None;
    let mut left = stones;
    while let Some(p) = left.first() {
        let s = board.string_bitboard(p);
        left -= s;
        if best.is_none_or(|(n, _)| s.count() > n) {
            best = Some((s.count(), p));
        }
    }
    best.map(|(_, p)| p)
}

#[cfg(test)]
#[path = "survey_tests.rs"]
mod tests;
