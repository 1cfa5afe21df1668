//! tianyuan: a classical Go engine speaking GTP.
//!
//! Layers, each using only those below it:
//! `gtp` → `engine` → `playout` → `board`; `sgf` and `time` are values
//! the engine reads and writes.

pub mod analysis;
pub mod arena;
pub mod bench;
pub mod board;
pub mod count;
pub mod engine;
pub mod files;
pub mod gtp;
pub mod judge;
pub mod mcts;
pub mod patterns;
pub mod player;
pub mod playout;
pub mod review;
pub mod sgf;
pub mod tactics;
pub mod time;
