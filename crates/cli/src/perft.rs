//! `ashta perft`.

use crate::GameArgs;
use anyhow::{Context, Result};
use ashta_rules::chess::{perft, ChessGame, Position};
use std::time::Instant;

pub fn run(
    args: &GameArgs,
    depth: u32,
    fen: Option<&str>,
    moves: &[String],
    divide: bool,
) -> Result<()> {
    let v = args.variant()?;
    let mut game = match fen {
        Some(f) => ChessGame::from_position(Position::from_fen(v, f).context("bad --fen")?),
        None => ChessGame::new(v),
    };
    for m in moves {
        game.play_text(m).with_context(|| format!("move {m}"))?;
    }
    let pos = game.position();
    let t = Instant::now();
    let nodes = if divide {
        let mut total = 0;
        for (m, n) in perft::divide(pos, depth) {
            println!("{}: {n}", pos.uci(m));
            total += n;
        }
        println!();
        total
    } else {
        perft::perft(pos, depth)
    };
    let secs = t.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    eprintln!(
        "time {:.3}s, {:.1} Mnps",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}
