//! Move generation checked against Fairy-Stockfish: for every position in
//! `tests/fixtures/*.jsonl` (written by `tools/gen_fixtures.py` with pyffish), the legal
//! moves under `ruleset=fairy-stockfish` must be the same set, and perft the same counts.

use ashta_rules::chess::{perft::perft, variant, Position};
use serde_json::Value;

fn check_game(game: &str) {
    let path = format!("{}/tests/fixtures/{game}.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v = variant(game, Some("fairy-stockfish"), &[]).expect("variant");
    let mut positions = 0;
    let mut failures = Vec::new();
    for line in text.lines() {
        let e: Value = serde_json::from_str(line).expect("fixture line is JSON");
        let fen = e["fen"].as_str().expect("fen");
        let pos = match Position::from_fen(v, fen) {
            Ok(p) => p,
            Err(err) => {
                failures.push(format!("{fen}: does not parse: {err}"));
                continue;
            }
        };
        positions += 1;
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
        ours.sort();
        let theirs: Vec<String> = e["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("move").to_string())
            .collect();
        if ours != theirs {
            let extra: Vec<_> = ours.iter().filter(|m| !theirs.contains(m)).collect();
            let missing: Vec<_> = theirs.iter().filter(|m| !ours.contains(m)).collect();
            failures.push(format!("{fen}: extra {extra:?} missing {missing:?}"));
            continue;
        }
        for (depth, nodes) in e["perft"].as_object().expect("perft") {
            let d: u32 = depth.parse().expect("depth");
            let n = nodes.as_u64().expect("count");
            let got = perft(&pos, d);
            if got != n {
                failures.push(format!("{fen}: perft({d}) = {got}, Fairy-Stockfish {n}"));
            }
        }
    }
    assert!(
        positions >= 200,
        "{game}: only {positions} positions in {path}"
    );
    assert!(
        failures.is_empty(),
        "{game}: {} of {positions} positions differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn asha_matches_fairy_stockfish_chess() {
    check_game("asha");
}
#[test]
fn chaturanga_matches_fairy_stockfish() {
    check_game("chaturanga");
}
#[test]
fn shatranj_matches_fairy_stockfish() {
    check_game("shatranj");
}
#[test]
fn makruk_matches_fairy_stockfish() {
    check_game("makruk");
}
#[test]
fn ouk_chatrang_matches_fairy_stockfish_cambodian() {
    check_game("ouk-chatrang");
}
#[test]
fn sittuyin_matches_fairy_stockfish() {
    check_game("sittuyin");
}
#[test]
fn shatar_matches_fairy_stockfish() {
    check_game("shatar");
}
#[test]
fn xiangqi_matches_fairy_stockfish() {
    check_game("xiangqi");
}
#[test]
fn janggi_matches_fairy_stockfish() {
    check_game("janggi");
}
#[test]
fn shogi_matches_fairy_stockfish() {
    check_game("shogi");
}
#[test]
fn sho_shogi_matches_fairy_stockfish() {
    check_game("sho-shogi");
}
