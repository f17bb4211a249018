//! Perft: counting the leaf nodes of the legal move tree, the standard test of move
//! generation.

use super::movegen::MoveList;
use super::position::{Move, Position};

/// Leaf nodes at `depth` plies (bulk-counted at the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut lists: Vec<MoveList> = (0..depth.max(1)).map(|_| MoveList::new()).collect();
    perft_with(pos, depth, &mut lists)
}

fn perft_with(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal() as u64,
        _ => {
            let (list, rest) = lists.split_first_mut().expect("a list per ply");
            pos.generate_legal(list);
            let mut total = 0;
            for &m in list.iter() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                total += perft_with(&child, depth - 1, rest);
            }
            total
        }
    }
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
