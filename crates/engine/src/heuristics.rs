//! Each dice game's estimate of an unfinished position, for the tree search's short
//! playouts: who is ahead in the race (Ashtapada), which alliance is stronger and what has
//! been won already (Shaturanga).

use ashta_rules::ashtapada::{Ashtapada, Spot};
use ashta_rules::shaturanga::{Kind, Shaturanga, Status};
use ashta_rules::Game;

/// Ashtapada: each player's share of the win grows with the progress of their pieces
/// along the path (entered pieces count their squares, the keep and bearing off most).
pub fn ashtapada_estimate(g: &Ashtapada) -> Vec<f64> {
    let n = g.seats().len();
    let progress: Vec<f64> = (0..n)
        .map(|p| {
            g.pieces(p)
                .iter()
                .map(|s| match s {
                    Spot::Hand => 0.0,
                    Spot::Path(i) => 4.0 + *i as f64,
                    Spot::Keep => 66.0,
                    Spot::Off => 72.0,
                })
                .sum::<f64>()
        })
        .collect();
    // a soft lead: shares in proportion to exp(progress / 12)
    let best = progress.iter().cloned().fold(f64::MIN, f64::max);
    let w: Vec<f64> = progress.iter().map(|x| ((x - best) / 12.0).exp()).collect();
    let total: f64 = w.iter().sum();
    w.iter().map(|x| x / total).collect()
}

/// Shaturanga: each alliance's material (South and North, West and East): rajah 3,
/// elephant 5, horse 3, boat 2, pawn 1, of the players in play.
pub fn shaturanga_material(g: &Shaturanga) -> [f64; 2] {
    let mut material = [0.0f64; 2];
    for s in 0..64u8 {
        if let Some(p) = g.piece(s) {
            if g.status(p.owner) != Status::Playing {
                continue;
            }
            material[(p.owner % 2) as usize] += match p.kind {
                Kind::Pawn => 1.0,
                Kind::Boat => 2.0,
                Kind::Horse | Kind::Rajah => 3.0,
                Kind::Elephant => 5.0,
            };
        }
    }
    material
}

/// Shaturanga: the stakes won so far, plus the pool's expected share from each
/// alliance's material ([`shaturanga_material`]).
pub fn shaturanga_estimate(g: &Shaturanga) -> Vec<f64> {
    let material = shaturanga_material(g);
    let total = (material[0] + material[1]).max(1.0);
    let debts = g.debts();
    (0..g.seats())
        .map(|p| {
            let win = material[p % 2] / total;
            // winners net +1, losers -1 (all four staking)
            debts[p] as f64 + 2.0 * win - 1.0
        })
        .collect()
}

/// Playout length (plies) after which the tree search scores a playout by the game's
/// estimate.
pub const PLAYOUT_CAP: usize = 30;

/// The tree search's limits at a level for the dice games: short playouts scored by the
/// estimate, four times the level's iterations (they are that much cheaper).
pub fn dice_limits(level: u32) -> crate::MctsLimits {
    crate::MctsLimits {
        iterations: 4 * crate::mcts_iterations(level),
        time: None,
        playout_cap: PLAYOUT_CAP,
    }
}

/// The computer's move in Ashtapada (limits from [`dice_limits`]).
pub fn ashtapada_move(
    g: &Ashtapada,
    limits: crate::MctsLimits,
    seed: u64,
) -> Option<<Ashtapada as Game>::Move> {
    crate::mcts_move_with(g, limits, seed, Some(&ashtapada_estimate))
}

/// The computer's move in Shaturanga (limits from [`dice_limits`]).
pub fn shaturanga_move(
    g: &Shaturanga,
    limits: crate::MctsLimits,
    seed: u64,
) -> Option<<Shaturanga as Game>::Move> {
    crate::mcts_move_with(g, limits, seed, Some(&shaturanga_estimate))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_rules::ashtapada::Ruleset;
    use ashta_rules::shaturanga::BoatMove;

    #[test]
    fn estimates_favour_the_side_ahead_and_balance() {
        let g = Ashtapada::from_text("kile S:keep,f6/N:-,e2 N 2").unwrap();
        let e = ashtapada_estimate(&g);
        assert!(
            e[0] > 0.9 && (e.iter().sum::<f64>() - 1.0).abs() < 1e-9,
            "{e:?}"
        );
        let even = ashtapada_estimate(&Ashtapada::new(Ruleset::Kile, 4));
        assert!(even.iter().all(|&x| (x - 0.25).abs() < 1e-9));
        // South and North have a rajah and an elephant more than West and East
        let s = Shaturanga::arranged(
            BoatMove::Leap,
            &[
                ("d1", 0, Kind::Rajah),
                ("c1", 0, Kind::Elephant),
                ("e8", 2, Kind::Rajah),
                ("a5", 1, Kind::Pawn),
                ("h4", 3, Kind::Pawn),
            ],
            0,
            None,
        )
        .unwrap();
        let e = shaturanga_estimate(&s);
        assert!(
            e[0] > 0.0 && e[1] < 0.0 && (e.iter().sum::<f64>()).abs() < 1e-9,
            "{e:?}"
        );
    }
}
