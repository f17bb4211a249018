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

/// `ashta playouts`: random playouts per second for the games with chance or placement.
pub fn playouts(seconds: f64) -> Result<()> {
    use ashta_rules::ahayuta::Ahayuta;
    use ashta_rules::ashtapada::{Ashtapada, Ruleset};
    use ashta_rules::{random_playout, Dice};
    fn measure<G: ashta_rules::Game>(label: &str, make: impl Fn() -> G, seconds: f64) {
        let mut dice = Dice::new(2026);
        let start = Instant::now();
        let (mut games, mut plies, mut capped) = (0u64, 0u64, 0u64);
        while start.elapsed().as_secs_f64() < seconds {
            let mut g = make();
            let n = random_playout(&mut g, &mut dice, 100_000);
            plies += n as u64;
            capped += u64::from(g.outcome().is_none());
            games += 1;
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{label:<28} {:>10.0} playouts/s {:>8.0} plies/playout {capped} capped",
            games as f64 / secs,
            plies as f64 / games.max(1) as f64
        );
    }
    measure("ahayuta", Ahayuta::new, seconds);
    measure(
        "ashtapada kile, 2 players",
        || Ashtapada::new(Ruleset::Kile, 2),
        seconds,
    );
    measure(
        "ashtapada kile, 4 players",
        || Ashtapada::new(Ruleset::Kile, 4),
        seconds,
    );
    measure(
        "ashtapada ashta-kashte, 2",
        || Ashtapada::new(Ruleset::AshtaKashte, 2),
        seconds,
    );
    measure(
        "ashtapada ashta-kashte, 4",
        || Ashtapada::new(Ruleset::AshtaKashte, 4),
        seconds,
    );
    measure(
        "shaturanga",
        || ashta_rules::shaturanga::Shaturanga::new(ashta_rules::shaturanga::BoatMove::Leap),
        seconds,
    );
    Ok(())
}
