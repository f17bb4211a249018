//! The rules of Ashta's games: pure, no I/O, no threads.
#![deny(missing_docs)]

pub mod chess;
pub mod geometry;
pub mod game;

pub use game::{Game, Outcome, Turn};
