//! Helpers shared by the rule tests.
#![allow(dead_code)]

use ashta_rules::chess::{variant, ChessGame, Position};
use ashta_rules::Game;

/// The variant of `game` under its default (seed) ruleset with `options`.
pub fn seed(game: &str, options: &[&str]) -> &'static ashta_rules::chess::Variant {
    let opts: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    variant(game, None, &opts).expect("variant")
}

/// A game from a FEN under the seed ruleset.
pub fn game_at(game: &str, fen: &str) -> ChessGame {
    ChessGame::from_position(Position::from_fen(seed(game, &[]), fen).expect("valid FEN"))
}

/// The legal moves in UCI form, sorted.
pub fn moves(g: &ChessGame) -> Vec<String> {
    let pos = g.position();
    let mut v: Vec<String> = g.legal_moves().iter().map(|&m| pos.uci(m)).collect();
    v.sort();
    v
}

/// Plays UCI/SAN moves, panicking with the move on error.
pub fn play(g: &mut ChessGame, list: &[&str]) {
    for m in list {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// The id of the piece on square `s` (`"e1"`), if any.
pub fn piece_id(g: &ChessGame, s: &str) -> Option<&'static str> {
    let sq = ashta_rules::geometry::Square::parse(s).expect("square");
    g.position()
        .piece_at(sq)
        .map(|p| g.variant().piece(p.kind).id)
}

/// The outcome as (winner seat or None for a draw, reason).
pub fn result(g: &ChessGame) -> Option<(Option<usize>, String)> {
    g.outcome().map(|o| (o.winner(), o.reason))
}

/// A random game of `v`: up to `plies` legal moves picked by a xorshift generator whose
/// state is `seed` (advanced, so that successive games differ), stopping where it ends.
pub fn random_game(
    v: &'static ashta_rules::chess::Variant,
    plies: usize,
    seed: &mut u64,
) -> ChessGame {
    let mut g = ChessGame::new(v);
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() || g.outcome().is_some() {
            break;
        }
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        g.play(moves[(*seed % moves.len() as u64) as usize]);
    }
    g
}
