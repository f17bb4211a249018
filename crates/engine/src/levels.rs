//! Strength levels 1 (weakest) to 8 (full strength), one scale for every game.

/// Levels 1-7 of the alpha-beta search: the depth cap and the spread (centipawns) within
/// which a root move is picked at random; level 8 is full strength.
const LEVELS: [(u32, i32); 7] = [
    (1, 300),
    (1, 150),
    (2, 100),
    (3, 60),
    (4, 30),
    (5, 15),
    (6, 5),
];

/// The depth cap and root spread of a level below 8 (the chess family).
pub fn level_settings(level: u32) -> (u32, i32) {
    LEVELS[(level.clamp(1, 7) - 1) as usize]
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
            let (d0, s0) = level_settings(l);
            let (d1, s1) = level_settings(l + 1);
            assert!(d1 >= d0 && s1 < s0, "level {l}");
            assert!(mcts_iterations(l + 1) > mcts_iterations(l));
        }
        assert_eq!(mcts_iterations(8), 6400);
    }
}
