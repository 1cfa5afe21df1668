//! The rules core: points, bitboards, the fast board, the game with
//! history, rules, handicap placement and area counting. Nothing here knows
//! about GTP or search.

pub mod bitboard;
#[allow(clippy::module_inception)]
pub mod board;
pub mod game;
pub mod handicap;
pub mod point;
pub mod points;
pub mod rules;
pub mod score;
mod zobrist;

#[cfg(test)]
mod tests;

pub use bitboard::Bitboard;
pub use board::{Board, IllegalMove, MoveInfo};
pub use game::{Game, HandicapError, DEFAULT_KOMI};
pub use point::{ByColor, Color, Move, Point, ARRAY_SIZE, MAX_SIZE, MIN_SIZE};
pub use points::PointSet;
pub use rules::{HandicapCompensation, KoRule, Rules, Ruleset, Scoring};
pub use score::{group_count, playout_adjustment, territory_in_seki, AreaCount, Count, Score};
pub use zobrist::KeyMap;
