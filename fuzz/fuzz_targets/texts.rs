//! Every text parser of the rules crate, fed arbitrary bytes: it must answer with an error
//! or a value, never panic, and what it writes back for a value must read again as the
//! same value (positions and records), with every legal move written and read back.
//!
//! The first byte picks the parser (and for chess, the game and ruleset); the rest, as
//! text, is the input. `cargo +nightly fuzz run texts` (see the README).
#![no_main]

use ashta_rules::ahayuta::Ahayuta;
use ashta_rules::ashtapada::Ashtapada;
use ashta_rules::chess::{pgn, variant, Position, GAMES};
use ashta_rules::record::Record;
use ashta_rules::shaturanga::{BoatMove, Shaturanga};
use ashta_rules::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match pick % 8 {
        0 | 1 => chess(pick / 8, text),
        2 => {
            if let Ok(g) = Ashtapada::from_text(text) {
                reads_back(&g, Ashtapada::text, |t| Ashtapada::from_text(t).ok());
            }
        }
        3 => {
            if let Ok(g) = Ahayuta::from_text(text) {
                reads_back(&g, Ahayuta::text, |t| Ahayuta::from_text(t).ok());
            }
        }
        4 => {
            for boat in [BoatMove::Leap, BoatMove::Bishop] {
                if let Ok(g) = Shaturanga::from_text(text, boat) {
                    reads_back(&g, Shaturanga::text, |t| {
                        Shaturanga::from_text(t, boat).ok()
                    });
                }
            }
        }
        5 => {
            let _ = pgn::read(text);
        }
        _ => {
            if let Ok(r) = Record::read(text) {
                let again = Record::read(&r.text()).expect("written record reads");
                assert_eq!(again.text(), r.text());
            }
        }
    }
});

/// The text written for `g` reads back as a game written alike, and every legal move's
/// text reads back as that move.
fn reads_back<G: Game>(g: &G, text: fn(&G) -> String, read: impl Fn(&str) -> Option<G>) {
    let again = read(&text(g)).expect("written text reads");
    assert_eq!(text(&again), text(g));
    for m in g.legal_moves() {
        assert_eq!(g.parse_move(&g.move_text(m)).ok(), Some(m));
    }
}

/// A FEN (first line) and a move (second line) for the game and ruleset `which` picks.
fn chess(which: u8, text: &str) {
    let info = &GAMES[which as usize % GAMES.len()];
    let ruleset = if which as usize / GAMES.len() % 2 == 0 {
        "seed"
    } else {
        "fairy-stockfish"
    };
    let Ok(v) = variant(info.id, Some(ruleset), &[]) else {
        return;
    };
    let (fen, mv) = text.split_once('\n').unwrap_or((text, ""));
    let start = Position::start(v);
    let _ = start.parse_move(mv);
    let Ok(pos) = Position::from_fen(v, fen) else {
        return;
    };
    let written = pos.fen();
    let again = Position::from_fen(v, &written).expect("written FEN reads");
    assert_eq!(again.fen(), written);
    let _ = pos.parse_move(mv);
    for &m in pos.legal_moves().iter() {
        assert_eq!(
            pos.parse_move(&pos.san(m)).ok(),
            Some(m),
            "{written} {}",
            pos.san(m)
        );
        assert_eq!(
            pos.parse_uci(&pos.uci(m)).ok(),
            Some(m),
            "{written} {}",
            pos.uci(m)
        );
        let mut next = pos.clone();
        next.play_unchecked(m);
        let _ = next.fen();
    }
}
