//! Perft: counting the leaf nodes of the legal move tree, the standard test of move
//! generation.

use super::movegen::MoveList;
use super::position::{Move, Position};

/// Leaf nodes at `depth` plies (bulk-counted at the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    if depth <= 1 {
        return if depth == 0 { 1 } else { list.len() as u64 };
    }
    let mut total = 0;
    for &m in list.iter() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        total += perft(&child, depth - 1);
    }
    total
}

/// Leaf nodes below each legal move.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let list = pos.legal_moves();
    list.iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (
                m,
                if depth <= 1 {
                    1
                } else {
                    perft(&child, depth - 1)
                },
            )
        })
        .collect()
}
