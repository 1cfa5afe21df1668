//! tianyuan: a classical Go engine speaking GTP.
//!
//! Layers, each using only those below it (docs/ARCHITECTURE.md):
//! `gtp` → `engine` → `player` → `mcts` (the search) and `judge` (the end
//! of the game) → `playout` and `tactics` → `board`. `patterns` (the
//! learned move model) serves the search and the playouts; `sgf`, `time`
//! and `count` are values and views the engine reads and writes; the
//! tools beside the engine (`arena` for matches and the judge set,
//! `analysis` for KataGo's protocol, `review`, `bench`) use the layers
//! from the engine down.

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
