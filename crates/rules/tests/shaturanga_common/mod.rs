//! What the Shaturanga tests share: the seats, moves played from their text, the legal
//! moves as text, the piece on a square, positions set up piece by piece.
#![allow(dead_code)]

use ashta_rules::shaturanga::{BoatMove, Kind, Shaturanga};
use ashta_rules::Game;

pub const S: u8 = 0;
pub const W: u8 = 1;
pub const N: u8 = 2;
pub const E: u8 = 3;

pub fn play(g: &mut Shaturanga, text: &str) {
    let m = g
        .parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}\n{}", g.board_text()));
    g.play(m);
}

pub fn texts(g: &Shaturanga) -> Vec<String> {
    g.legal_moves()
        .into_iter()
        .map(|m| g.move_text(m))
        .collect()
}

pub fn at(g: &Shaturanga, sq: &str) -> Option<(u8, Kind)> {
    g.piece(ashta_rules::shaturanga::parse_sq(sq).unwrap())
        .map(|p| (p.owner, p.kind))
}

pub fn arranged(pieces: &[(&str, u8, Kind)], current: u8, die: Option<u8>) -> Shaturanga {
    Shaturanga::arranged(BoatMove::Leap, pieces, current, die).unwrap()
}

/// Pieces that keep every player in play without getting in the way.
pub fn bystanders() -> Vec<(&'static str, u8, Kind)> {
    vec![
        ("h8", W, Kind::Horse),
        ("g8", E, Kind::Horse),
        ("f8", N, Kind::Horse),
        ("a1", S, Kind::Horse),
    ]
}
