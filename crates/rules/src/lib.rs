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
