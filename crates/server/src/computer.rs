//! The computer's moves at a level: the chess family and Ahayuta by alpha-beta, the dice
//! games by Monte Carlo tree search.

use ashta_engine::{apply_level, Limits, Searcher};
use ashta_rules::chess::{ChessGame, Move};
use std::time::Duration;

/// Thinking time per move: a tenth of a second per level, so that games against the
/// weaker levels move briskly.
pub fn movetime(level: u32) -> Duration {
    Duration::from_millis(100 * level.clamp(1, 8) as u64)
}

/// The alpha-beta engine's move at `level`, thinking at most `cap` (a clock's share).
pub fn chess_move(game: &ChessGame, level: u32, cap: Option<Duration>) -> Option<Move> {
    let mut searcher = Searcher::new(8);
    let time = cap.map_or(movetime(level), |c| c.min(movetime(level)));
    let mut limits = Limits::movetime(time);
    apply_level(level, &mut limits, &mut searcher);
    searcher.search(game, &limits, |_| {}).best
}

/// Ashtapada's move at `level`: tree search with playouts scored by the race estimate.
pub fn ashtapada(
    game: &ashta_rules::ashtapada::Ashtapada,
    level: u32,
    seed: u64,
) -> Option<ashta_rules::ashtapada::Move> {
    let limits = ashta_engine::heuristics::dice_limits(level);
    ashta_engine::heuristics::ashtapada_move(game, limits, seed)
}

/// Shaturanga's move at `level`: tree search with playouts scored by material and stakes.
pub fn shaturanga(
    game: &ashta_rules::shaturanga::Shaturanga,
    level: u32,
    seed: u64,
) -> Option<ashta_rules::shaturanga::Move> {
    let limits = ashta_engine::heuristics::dice_limits(level);
    ashta_engine::heuristics::shaturanga_move(game, limits, seed)
}

/// Ahayuta's move at `level`: alpha-beta with Ahayuta's heuristic.
pub fn ahayuta(
    game: &ashta_rules::ahayuta::Ahayuta,
    level: u32,
) -> Option<ashta_rules::ahayuta::AMove> {
    ashta_engine::ahayuta_move(game, ashta_engine::alphabeta_limits(level))
}
