//! `ashta bench`: perft speed on each game's start position.

use anyhow::Result;
use ashta_rules::chess::{perft, variant, ChessGame, GAMES};
use std::time::Instant;

pub fn run(depth: Option<u32>, only: &[String]) -> Result<()> {
    println!(
        "{:<14} {:<16} {:>5} {:>14} {:>10} {:>8}",
        "game", "ruleset", "depth", "nodes", "seconds", "Mnps"
    );
    for g in GAMES {
        if !only.is_empty() && !only.iter().any(|o| o == g.id || Some(o.as_str()) == g.fsf) {
            continue;
        }
        for ruleset in ["seed", "fairy-stockfish"] {
            if ruleset == "fairy-stockfish" && g.fsf.is_none() {
                continue;
            }
            let v = variant(g.id, Some(ruleset), &[])?;
            let game = ChessGame::new(v);
            let d = depth.unwrap_or(if g.id == "sittuyin" { 3 } else { 5 });
            let t = Instant::now();
            let nodes = perft::perft(game.position(), d);
            let secs = t.elapsed().as_secs_f64();
            println!(
                "{:<14} {:<16} {:>5} {:>14} {:>10.3} {:>8.1}",
                g.id,
                ruleset,
                d,
                nodes,
                secs,
                nodes as f64 / secs / 1e6
            );
        }
    }
    Ok(())
}

/// `ashta playouts`: random playouts per second for the games with chance or placement
/// (`count`: exactly that many playouts each instead of `seconds`; `only`: the cases whose
/// label contains this text).
pub fn playouts(seconds: f64, count: Option<u64>, only: Option<&str>) -> Result<()> {
    use ashta_rules::ahayuta::Ahayuta;
    use ashta_rules::ashtapada::{Ashtapada, Ruleset};
    use ashta_rules::record::AnyGame as A;
    use ashta_rules::shaturanga::{BoatMove, Shaturanga};
    use ashta_rules::{random_playout, Dice, Game};
    /// A case: its label and how a game starts.
    type Case = (&'static str, fn() -> A);
    let cases: [Case; 6] = [
        ("ahayuta", || A::Ahayuta(Ahayuta::new())),
        ("ashtapada kile, 2 players", || {
            A::Ashtapada(Ashtapada::new(Ruleset::Kile, 2))
        }),
        ("ashtapada kile, 4 players", || {
            A::Ashtapada(Ashtapada::new(Ruleset::Kile, 4))
        }),
        ("ashtapada ashta-kashte, 2", || {
            A::Ashtapada(Ashtapada::new(Ruleset::AshtaKashte, 2))
        }),
        ("ashtapada ashta-kashte, 4", || {
            A::Ashtapada(Ashtapada::new(Ruleset::AshtaKashte, 4))
        }),
        ("shaturanga", || {
            A::Shaturanga(Shaturanga::new(BoatMove::Leap))
        }),
    ];
    let chosen: Vec<_> = cases
        .iter()
        .filter(|(label, _)| only.is_none_or(|o| label.contains(o)))
        .collect();
    if chosen.is_empty() {
        let labels: Vec<&str> = cases.iter().map(|c| c.0).collect();
        anyhow::bail!(
            "no case matches {:?}; the cases are: {}",
            only.unwrap_or_default(),
            labels.join("; ")
        );
    }
    for (label, make) in chosen {
        let mut dice = Dice::new(2026);
        let start = Instant::now();
        let (mut games, mut plies, mut capped) = (0u64, 0u64, 0u64);
        while match count {
            Some(n) => games < n,
            None => start.elapsed().as_secs_f64() < seconds,
        } {
            let (n, over) = match make() {
                A::Ahayuta(mut g) => (
                    random_playout(&mut g, &mut dice, 100_000),
                    g.outcome().is_some(),
                ),
                A::Ashtapada(mut g) => (
                    random_playout(&mut g, &mut dice, 100_000),
                    g.outcome().is_some(),
                ),
                A::Shaturanga(mut g) => (
                    random_playout(&mut g, &mut dice, 100_000),
                    g.outcome().is_some(),
                ),
            };
            plies += n as u64;
            capped += u64::from(!over);
            games += 1;
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{label:<28} {:>10.0} playouts/s {:>8.0} plies/playout {capped} capped",
            games as f64 / secs,
            plies as f64 / games.max(1) as f64
        );
    }
    Ok(())
}
