//! 10,000 random games per game and ruleset (Ashtapada with 2 and 4 players): every game
//! finishes within the turn cap without a panic, and the observed throws follow the odds.

use ashta_rules::ahayuta::Ahayuta;
use ashta_rules::ashtapada::{Ashtapada, Move, Ruleset, THROWS};
use ashta_rules::{Dice, Game, Turn};

const GAMES: usize = 10_000;
/// Plies after which a game would count as unfinished (none reaches it).
const CAP: usize = 50_000;

#[test]
fn ashtapada_ten_thousand_games_per_ruleset() {
    for (rules, players) in [
        (Ruleset::Kile, 2),
        (Ruleset::Kile, 4),
        (Ruleset::AshtaKashte, 2),
        (Ruleset::AshtaKashte, 4),
    ] {
        let mut dice = Dice::new(10_000 + players as u64);
        let mut counts = [0u64; 9];
        let mut unfinished = 0;
        for _ in 0..GAMES {
            let mut g = Ashtapada::new(rules, players);
            for _ in 0..CAP {
                match g.turn() {
                    Turn::Over => break,
                    Turn::Chance => {
                        let m = dice.pick(&g.chance_outcomes()).expect("a throw");
                        if let Move::Throw(v) = m {
                            counts[v as usize] += 1;
                        }
                        g.play(m);
                    }
                    Turn::Seat(_) => {
                        let moves = g.legal_moves();
                        let k = (dice.unit() * moves.len() as f64) as usize;
                        g.play(moves[k.min(moves.len() - 1)]);
                    }
                }
            }
            unfinished += usize::from(g.outcome().is_none());
        }
        assert_eq!(unfinished, 0, "{rules:?} with {players} players");
        let total: u64 = counts.iter().sum();
        for (v, p) in THROWS {
            let observed = counts[v as usize] as f64 / total as f64;
            let sigma = (p * (1.0 - p) / total as f64).sqrt();
            assert!(
                (observed - p).abs() < 4.0 * sigma,
                "{rules:?}: throw {v} seen {observed:.4}, odds {p}"
            );
        }
    }
}

#[test]
fn ahayuta_ten_thousand_games() {
    let mut dice = Dice::new(4);
    let mut unfinished = 0;
    for _ in 0..GAMES {
        let mut g = Ahayuta::new();
        ashta_rules::random_playout(&mut g, &mut dice, CAP);
        unfinished += usize::from(g.outcome().is_none());
    }
    assert_eq!(unfinished, 0);
}
