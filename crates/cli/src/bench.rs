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
