//! Monte Carlo tree search: the tree arena, priors and the search threads.
//!
//! Files, each using only those after it: search.rs (the search: threads,
//! limits, reuse, summary) · worker.rs (one thread's simulations) ·
//! root.rs (the root position and its statistics) · dead.rs (groups
//! proved dead, counted dead at a simulation's end) · children.rs (a new
//! node's children with their priors) · params.rs · prior.rs · tree.rs.

mod children;
mod dead;
mod params;
pub mod prior;
mod root;
pub mod search;
pub mod tree;
mod worker;

pub use params::SearchParams;
pub use prior::PriorParams;
pub use search::{Candidate, Limits, Reporter, Search, SearchResult, Task};
pub use tree::Tree;
