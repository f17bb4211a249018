//! 10,000 random games per game and ruleset (Ashtapada with 2 and 4 players, Shaturanga with
//! either boat): every game
//! finishes within the turn cap without a panic, and the observed throws follow the odds.

use ashta_rules::ahayuta::Ahayuta;
use ashta_rules::ashtapada::{Ashtapada, Move, Ruleset, THROWS};
use ashta_rules::{Dice, Game, Turn};

const GAMES: usize = 10_000;
/// Plies after which a game would count as unfinished (none reaches it).
const CAP: usize = 50_000;

/// Plays a game to its end (or `CAP` plies) with random choices, counting the throws.
fn play_random<G: Game>(
    g: &mut G,
    dice: &mut Dice,
    counts: &mut [u64],
    throw: impl Fn(G::Move) -> Option<u8>,
) {
    for _ in 0..CAP {
        match g.turn() {
            Turn::Over => break,
            Turn::Chance => {
                let m = dice.pick(&g.chance_outcomes()).expect("a throw");
                if let Some(v) = throw(m) {
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
}

/// The observed frequency of each value is within four standard errors of its odds.
fn assert_odds(counts: &[u64], odds: &[(u8, f64)], label: &str) {
    let total: u64 = counts.iter().sum();
    for &(v, p) in odds {
        let observed = counts[v as usize] as f64 / total as f64;
        let sigma = (p * (1.0 - p) / total as f64).sqrt();
        assert!(
            (observed - p).abs() < 4.0 * sigma,
            "{label} {v} seen {observed:.4}, odds {p}"
        );
    }
}

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
            play_random(&mut g, &mut dice, &mut counts, |m| match m {
                Move::Throw(v) => Some(v),
                _ => None,
            });
            unfinished += usize::from(g.outcome().is_none());
        }
        assert_eq!(unfinished, 0, "{rules:?} with {players} players");
        assert_odds(&counts, &THROWS, &format!("{rules:?}: throw"));
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

#[test]
fn shaturanga_ten_thousand_games_per_boat_rule() {
    use ashta_rules::shaturanga::{BoatMove, Move as SMove, Shaturanga, DIE, QUIET_LIMIT};
    for boat in [BoatMove::Leap, BoatMove::Bishop] {
        let mut dice = Dice::new(33);
        let mut counts = [0u64; 6];
        let (mut unfinished, mut quiet_ends) = (0, 0);
        for _ in 0..GAMES {
            let mut g = Shaturanga::new(boat);
            play_random(&mut g, &mut dice, &mut counts, |m| match m {
                SMove::Throw(v) => Some(v),
                _ => None,
            });
            let o = g.outcome();
            unfinished += usize::from(o.is_none());
            quiet_ends += usize::from(o.is_some_and(|o| o.reason.contains("without a capture")));
            if let Some(o) = g.outcome() {
                assert!(o.payoffs.iter().sum::<f64>().abs() < 1e-9, "stakes balance");
            }
        }
        println!(
            "shaturanga {boat:?}: {quiet_ends} of {GAMES} random games ended by the quiet-turn cap"
        );
        // every game ends: by the rules, or by the documented cap of quiet turns
        assert_eq!(unfinished, 0, "{boat:?}");
        assert!(
            quiet_ends < GAMES,
            "{boat:?}: {quiet_ends} games ended after {QUIET_LIMIT} quiet turns"
        );
        assert_odds(&counts, &DIE, &format!("{boat:?}: die"));
    }
}
