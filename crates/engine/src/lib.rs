//! Search over Ashta's games: for the two-sided chess family, alpha-beta with iterative
//! deepening, principal-variation search, a transposition table, quiescence, move ordering
//! and time management.
#![deny(missing_docs)]

pub mod eval;
pub mod search;
pub mod timemgmt;
pub mod tt;

pub use search::{Info, SearchResult, Searcher};
pub use timemgmt::Limits;
