//! Move notation checked against Fairy-Stockfish: for every position in
//! `tests/fixtures/san/*.jsonl` (written by `tools/gen_san_fixtures.py` with pyffish), every
//! legal move is written as Fairy-Stockfish writes it (its default notation, the one its
//! tools and pychess put in PGN records; WXF for Xiangqi too), and each text reads back
//! as its move.

use ashta_rules::chess::{pgn, variant, Position};
use serde_json::Value;

mod common;

fn check_game(game: &str) {
    let path = format!(
        "{}/tests/fixtures/san/{game}.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v = variant(game, Some("fairy-stockfish"), &[]).expect("variant");
    let (mut positions, mut moves) = (0, 0);
    let mut failures = Vec::new();
    for line in text.lines() {
        let e: Value = serde_json::from_str(line).expect("fixture line is JSON");
        let fen = e["fen"].as_str().expect("fen");
        let pos = Position::from_fen(v, fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
        positions += 1;
        let legal = pos.legal_moves();
        let wxf = e["wxf"].as_array();
        for (i, pair) in e["moves"].as_array().expect("moves").iter().enumerate() {
            let uci = pair[0].as_str().expect("uci");
            let san = pair[1].as_str().expect("san");
            moves += 1;
            let Some(&m) = legal.iter().find(|&&m| pos.uci(m) == uci) else {
                failures.push(format!("{fen}: {uci} is not legal here"));
                continue;
            };
            let ours = pos.san_in(m, &legal);
            if ours != san {
                failures.push(format!(
                    "{fen}: {uci} written {ours}, Fairy-Stockfish {san}"
                ));
            }
            match pos.parse_move(san) {
                Ok(back) if back == m => {}
                Ok(back) => failures.push(format!("{fen}: {san} read as {}", pos.uci(back))),
                Err(err) => failures.push(format!("{fen}: {san} not read: {err}")),
            }
            if let Some(w) = wxf.and_then(|w| w[i].as_str()) {
                let ours = pos.wxf(m);
                if ours != w {
                    failures.push(format!("{fen}: {uci} WXF {ours}, Fairy-Stockfish {w}"));
                }
            }
        }
    }
    assert!(
        positions >= 50,
        "{game}: only {positions} positions in {path}"
    );
    check_records(game, &mut failures);
    assert!(
        failures.is_empty(),
        "{game}: {} of {moves} moves differ:\n{}",
        failures.len(),
        failures[..failures.len().min(40)].join("\n")
    );
}

/// The games of `tests/fixtures/san/<game>.pgn`, written as Fairy-Stockfish's tools write
/// them (its variant name, no ruleset tag: Fairy-Stockfish's rules), import whole and
/// reach the position Fairy-Stockfish reached; written back, the record names the game as
/// Fairy-Stockfish does and each move reads as Fairy-Stockfish wrote it.
fn check_records(game: &str, failures: &mut Vec<String>) {
    let path = format!(
        "{}/tests/fixtures/san/{game}.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let records: Vec<&str> = text.split("\n\n[Event").collect();
    assert!(
        records.len() >= 4,
        "{game}: only {} games in {path}",
        records.len()
    );
    for (i, record) in records.iter().enumerate() {
        let record = if i == 0 {
            record.to_string()
        } else {
            format!("[Event{record}")
        };
        let r = match pgn::read(&record) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{game} game {}: {e}", i + 1));
                continue;
            }
        };
        let final_fen = r
            .tags
            .iter()
            .find(|(k, _)| k == "FinalFEN")
            .map(|(_, v)| v.clone())
            .expect("FinalFEN tag");
        let theirs = Position::from_fen(r.game.variant(), &final_fen)
            .unwrap_or_else(|e| panic!("{final_fen}: {e}"));
        // the position, not the move counters (their move rules are checked elsewhere)
        let board = |fen: String| -> String {
            let mut f: Vec<String> = fen.split_whitespace().map(String::from).collect();
            f.truncate(f.len().saturating_sub(2));
            f.join(" ")
        };
        if board(r.game.position().fen()) != board(theirs.fen()) {
            failures.push(format!(
                "{game} game {}: reached {}, Fairy-Stockfish {final_fen}",
                i + 1,
                r.game.position().fen()
            ));
        }
        let ours = pgn::write(&r.game, &[]);
        let name = r
            .tags
            .iter()
            .find(|(k, _)| k == "Variant")
            .map(|(_, v)| v.clone())
            .expect("Variant tag");
        if !ours.contains(&format!("[Variant \"{name}\"]")) {
            failures.push(format!(
                "{game}: written back without [Variant \"{name}\"]:\n{ours}"
            ));
        }
        let strip = |t: &str| -> Vec<String> {
            t.lines()
                .filter(|l| !l.starts_with('['))
                .flat_map(|l| l.split_whitespace())
                .filter(|w| !w.ends_with('.') && *w != "*")
                .map(String::from)
                .collect()
        };
        if strip(&ours) != strip(&record) {
            failures.push(format!("{game} game {}: written back as\n{ours}", i + 1));
        }
    }
}

#[test]
fn xiangqi() {
    check_game("xiangqi");
}

#[test]
fn janggi() {
    check_game("janggi");
}

#[test]
fn shogi() {
    check_game("shogi");
}

#[test]
fn sho_shogi() {
    check_game("sho-shogi");
}

#[test]
fn asha() {
    check_game("asha");
}

#[test]
fn chaturanga() {
    check_game("chaturanga");
}

#[test]
fn shatranj() {
    check_game("shatranj");
}

#[test]
fn makruk() {
    check_game("makruk");
}

#[test]
fn ouk_chatrang() {
    check_game("ouk-chatrang");
}

#[test]
fn sittuyin() {
    check_game("sittuyin");
}

#[test]
fn shatar() {
    check_game("shatar");
}

/// Xiangqi records in the Chinese programs' forms: PGN tagged `[Format "WXF"]` or
/// `[Format "ICCS"]` (`H2-E2`), written and read back move for move; ICCS as UCCI writes
/// it (`h2e2`, ranks from 0) too.
#[test]
fn xiangqi_records_in_wxf_and_iccs() {
    let v = variant("xiangqi", None, &[]).unwrap();
    let start = Position::start(v);
    let m = start.parse_iccs("h2e2").unwrap();
    assert_eq!(start.uci(m), "h3e3");
    assert_eq!(start.iccs(m), "h2e2");
    assert_eq!(start.parse_iccs("H2-E2"), Ok(m));
    assert!(start.parse_iccs("h2e9").is_err());
    assert!(start.parse_iccs("j2e2").is_err());
    assert!(start.parse_iccs("h2").is_err());
    let mut seed = 3u64;
    for n in 0..8 {
        let g = common::random_game(v, 30 + n * 25, &mut seed);
        for (notation, tag) in [
            (pgn::Notation::Wxf, "[Format \"WXF\"]"),
            (pgn::Notation::Iccs, "[Format \"ICCS\"]"),
        ] {
            let text = pgn::write_in(&g, &[], None, notation);
            assert!(text.contains(tag), "{text}");
            let back = pgn::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.game.moves(), g.moves(), "{text}");
        }
    }
    // as the Chinese programs' files have it
    let r = pgn::read(
        "[Game \"Chinese Chess\"]\n[Variant \"xiangqi\"]\n[Format \"ICCS\"]\n\n\
         1. H2-E2 H9-G7 2. H0-G2 I9-H9 *\n",
    )
    .unwrap();
    assert_eq!(r.game.moves().len(), 4);
    let e = pgn::read("[Variant \"xiangqi\"]\n[Format \"ICCS\"]\n\n1. H2-E2 H2-E2 *\n")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("move 2"), "{e}");
}
