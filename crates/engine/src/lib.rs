//! Search over Ashta's games: for the two-sided chess family, alpha-beta with iterative
//! deepening, principal-variation search, a transposition table, quiescence, move ordering
//! and time management; for every game (dice and 3-4 seats included), Monte Carlo tree
//! search with chance nodes and payoff vectors.
#![deny(missing_docs)]

pub mod alphabeta;
pub mod eval;
pub mod heuristics;
pub mod levels;
pub mod mcts;
pub mod nnue;
pub mod search;
pub mod see;
pub mod timemgmt;
pub mod tt;
pub mod tune;

pub use alphabeta::{ahayuta_eval, ahayuta_move, alphabeta_move, AbLimits};
pub use levels::{alphabeta_limits, apply_level, level_settings, mcts_iterations};
pub use mcts::{mcts_move, mcts_move_with, MctsLimits};
pub use search::{Info, Params, SearchResult, Searcher};
pub use timemgmt::Limits;
