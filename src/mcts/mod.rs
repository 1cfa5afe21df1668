//! Monte Carlo tree search: the tree arena, priors and the search threads.

mod params;
pub mod prior;
pub mod search;
pub mod tree;
mod worker;

pub use prior::PriorParams;
pub use search::{Candidate, Limits, Reporter, Search, SearchParams, SearchResult, Task};
pub use tree::Tree;
