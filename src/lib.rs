//! tianyuan: a classical Go engine speaking GTP.
//!
//! Layers, each using only those below it:
//! `gtp` → `engine` → `playout` → `board`.

pub mod board;
pub mod playout;
pub mod sgf;
