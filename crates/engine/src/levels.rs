//! Strength levels 1 (weakest) to 8 (full strength), one scale for every game.

/// Levels 1-7 of the alpha-beta search: the nodes searched a move and the spread
/// (centipawns) within which a root move is picked at random; level 8 is full strength.
/// Nodes, not time, so that a level plays alike on any machine.
const LEVELS: [(u64, i32); 7] = [
    (60, 250),
    (200, 150),
    (600, 80),
    (2_000, 40),
    (6_000, 20),
    (20_000, 8),
    (80_000, 0),
];

/// The node budget and root spread of a level below 8 (the chess family).
pub fn level_settings(level: u32) -> (u64, i32) {
    LEVELS[(level.clamp(1, 7) - 1) as usize]
}

/// Puts a level's limits on a search: below 8, its node budget (within whatever time the
/// limits give) and its spread; at 8, the full search.
pub fn apply_level(level: u32, limits: &mut crate::Limits, searcher: &mut crate::Searcher) {
    if level >= 8 {
        searcher.spread = 0;
        return;
    }
    let (nodes, spread) = level_settings(level);
    limits.nodes = Some(limits.nodes.map_or(nodes, |n| n.min(nodes)));
    searcher.spread = spread;
}

/// Monte Carlo iterations per move at a level (the dice games and Ahayuta): 50 at level
/// 1, doubling each level up to 6,400 at level 8.
pub fn mcts_iterations(level: u32) -> u64 {
    50 << (level.clamp(1, 8) - 1)
}

/// Alpha-beta limits at a level (Ahayuta): one ply deeper each level, from 2 plies at
/// level 1, within three tenths of a second per level.
pub fn alphabeta_limits(level: u32) -> crate::AbLimits {
    let level = level.clamp(1, 8);
    crate::AbLimits {
        depth: level + 1,
        time: Some(std::time::Duration::from_millis(300 * level as u64)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger() {
        for l in 1..7 {
            let (n0, s0) = level_settings(l);
            let (n1, s1) = level_settings(l + 1);
            assert!(n1 > n0 && s1 <= s0, "level {l}");
            assert!(mcts_iterations(l + 1) > mcts_iterations(l));
        }
        assert_eq!(mcts_iterations(8), 6400);
    }
}
