//! The rules of Ashta's games: pure, no I/O, no threads.
#![deny(missing_docs)]

pub mod ahayuta;
pub mod ashtapada;
pub mod chess;
pub mod game;
pub mod geometry;
pub mod record;
pub mod shaturanga;

pub use game::{play_randomly, random_playout, Dice, Game, Outcome, Turn};

/// A seeded xorshift generator for the unit tests' random positions and occupancies.
#[cfg(test)]
pub(crate) fn test_rng(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
