//! What `tools/differential.py` met in its random games against Fairy-Stockfish (pyffish),
//! replayed without Python: every game end and claimable end it reached, and every
//! difference it found once fixed (`tests/fixtures/differential/<game>.jsonl`: a start
//! position, the moves from it, and Fairy-Stockfish's FEN, legal moves and end there). Our
//! `ruleset=fairy-stockfish` must write the same FEN (a hand in any order), list the same
//! moves, and end the game where Fairy-Stockfish does with the same result (at a claimable
//! end it may end or play on).

use ashta_rules::chess::{variant, ChessGame, Position};
use ashta_rules::Game;
use serde_json::Value;

fn sorted_hands(fen: &str) -> String {
    match (fen.find('['), fen.find(']')) {
        (Some(a), Some(b)) if a < b => {
            let mut hand: Vec<char> = fen[a + 1..b].chars().collect();
            hand.sort();
            format!(
                "{}[{}]{}",
                &fen[..a],
                hand.into_iter().collect::<String>(),
                &fen[b + 1..]
            )
        }
        _ => fen.to_string(),
    }
}

/// Our end as the side to move sees it.
fn our_end(g: &ChessGame) -> Option<&'static str> {
    let o = g.outcome()?;
    let us = g.position().side_to_move().index();
    Some(match o.winner() {
        None => "draw",
        Some(w) if w == us => "win",
        Some(_) => "loss",
    })
}

fn check_game(game: &str) {
    let path = format!(
        "{}/tests/fixtures/differential/{game}.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v = variant(game, Some("fairy-stockfish"), &[]).expect("variant");
    let mut failures = Vec::new();
    let mut n = 0;
    for line in text.lines() {
        let e: Value = serde_json::from_str(line).expect("fixture line is JSON");
        let start = e["start"].as_str().expect("start");
        let mut g = ChessGame::from_position(Position::from_fen(v, start).expect("start FEN"));
        let moves: Vec<&str> = e["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("move"))
            .collect();
        n += 1;
        if let Some(bad) = moves.iter().find(|m| g.play_text_past_claims(m).is_err()) {
            failures.push(format!("{start} moves {moves:?}: {bad} refused"));
            continue;
        }
        let pos = g.position();
        let fen = e["fen"].as_str().expect("fen");
        if sorted_hands(&pos.fen()) != sorted_hands(fen) {
            failures.push(format!(
                "FEN {} where Fairy-Stockfish writes {fen}",
                pos.fen()
            ));
        }
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
        ours.sort();
        let theirs: Vec<&str> = e["legal"]
            .as_array()
            .expect("legal")
            .iter()
            .map(|m| m.as_str().expect("move"))
            .collect();
        if ours != theirs {
            failures.push(format!(
                "{fen}: legal moves {ours:?}, Fairy-Stockfish {theirs:?}"
            ));
        }
        let mine = our_end(&g);
        let fine = match e["end"].as_str() {
            None => mine.is_none(),
            Some(end) => match end.strip_prefix("claimable ") {
                Some(claim) => mine.is_none_or(|m| m == claim),
                None => mine == Some(end),
            },
        };
        if !fine {
            failures.push(format!(
                "{fen}: our end {mine:?} ({:?}), Fairy-Stockfish {}",
                g.outcome().map(|o| o.reason),
                e["end"]
            ));
        }
    }
    assert!(n > 0, "{path} is empty");
    assert!(
        failures.is_empty(),
        "{game}: {} of {n} positions differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

macro_rules! games {
    ($($name:ident => $game:expr),* $(,)?) => {
        $(#[test] fn $name() { check_game($game); })*
    };
}

games! {
    asha => "asha",
    chaturanga => "chaturanga",
    shatranj => "shatranj",
    makruk => "makruk",
    ouk_chatrang => "ouk-chatrang",
    sittuyin => "sittuyin",
    shatar => "shatar",
    xiangqi => "xiangqi",
    janggi => "janggi",
    shogi => "shogi",
    sho_shogi => "sho-shogi",
}
