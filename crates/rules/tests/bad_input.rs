//! Bad text never panics: random and mangled strings go to every parser, which must answer
//! with an error or a valid value.

use ashta_rules::ahayuta::Ahayuta;
use ashta_rules::ashtapada::Ashtapada;
use ashta_rules::chess::{csa, kif, pgn, variant, Position, GAMES};
use ashta_rules::record::Record;
use ashta_rules::shaturanga::{BoatMove, Shaturanga};
use ashta_rules::Game;
use proptest::prelude::*;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(300);
    ProptestConfig {
        cases,
        rng_seed: proptest::test_runner::RngSeed::Fixed(7),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Text close to the real thing: a valid sample with a few characters replaced, dropped
/// or inserted, or plain random text.
fn mangled(samples: &'static [&'static str]) -> impl Strategy<Value = String> {
    let edits = proptest::collection::vec((any::<usize>(), any::<char>(), 0u8..3), 0..6);
    (0..samples.len(), edits, ".{0,40}", any::<bool>()).prop_map(
        move |(i, edits, random, use_random)| {
            if use_random {
                return random;
            }
            let mut chars: Vec<char> = samples[i].chars().collect();
            for (at, c, op) in edits {
                if chars.is_empty() {
                    chars.push(c);
                    continue;
                }
                let k = at % chars.len();
                match op {
                    0 => chars[k] = c,
                    1 => {
                        chars.remove(k);
                    }
                    _ => chars.insert(k, c),
                }
            }
            chars.into_iter().collect()
        },
    )
}

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
    "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2",
    "4k3/3R4/8/8/8/8/8/4K2R b - 16 8 1",
    "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1 opening:20",
];
const MOVES: &[&str] = &[
    "e2e4",
    "Nf3",
    "e7e8q",
    "P@e5",
    "h10g8",
    "C2=5",
    "7g7f",
    "8h2b+",
    "O-O",
    "arrange-nbbn",
    "declare",
    "e2e2",
];
const OTHER: &[&str] = &[
    "-6-/8/8/8/8/8/8/-6- w 6 6 -",
    "kile S:-,e1/N:-,- S 1,4,2",
    "ashta-kashte S:h1,-,-,keep/N:-,-,-,- N -",
    "kile S:-,-/N:-,- S start:3,-",
];
const RECORDS: &[&str] = &[
    "[Variant \"shatranj\"]\n[FEN \"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1\"]\n\n1. e3 e6 {c} (2. d3) *",
    "[Game \"ashtapada\"]\n[Ruleset \"kile\"]\n[Players \"2\"]\n[Seed \"7\"]\n\nthrow 2\nthrow 3\n",
];

const SHOGI_RECORDS: &[&str] = &[
    "手合割：平手\n先手：a\n   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 同　歩(23)\n   3 ２二角成(88)\n   4 ５五角打\n   5 投了\n",
    "後手の持駒：歩二\n+---------------------------+\n|v香 ・ ・|一\n+---------------------------+\n後手番\n1 ７二銀不成(73)\n",
    "V2.2\nPI82HI\n+\n+7776FU\n-3334FU,T3\n+8822UM\nP1 * -OU\nP+00KA\n%TORYO\n",
];
const SHOGI_MOVES: &[&str] = &["７六歩(77)", "同　歩(23)", "５五角打", "+7776FU", "-0055KA"];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn shogi_records_never_panic(rec in mangled(SHOGI_RECORDS), mv in mangled(SHOGI_MOVES)) {
        let v = variant("shogi", None, &[]).unwrap();
        let _ = kif::read(v, &rec);
        let _ = csa::read(v, &rec);
        let start = Position::start(v);
        let _ = start.parse_kif(&mv, None);
        let _ = start.parse_kif(&mv, start.legal_moves().iter().next().map(|m| m.to()));
        let _ = start.parse_csa(&mv);
    }

    #[test]
    fn fen_and_moves_never_panic(fen in mangled(FENS), mv in mangled(MOVES), which in any::<usize>()) {
        let info = &GAMES[which % GAMES.len()];
        for ruleset in ["seed", "fairy-stockfish"] {
            let Ok(v) = variant(info.id, Some(ruleset), &[]) else { continue };
            if let Ok(pos) = Position::from_fen(v, &fen) {
                let _ = pos.legal_moves();
                let _ = pos.parse_move(&mv);
                let _ = Position::from_sfen(v, &fen);
            }
            let start = Position::start(v);
            let _ = start.parse_move(&mv);
            let _ = start.parse_uci(&mv);
            let _ = start.parse_wxf(&mv);
            let _ = start.parse_usi(&mv);
        }
    }

    #[test]
    fn other_games_and_records_never_panic(text in mangled(OTHER), mv in mangled(MOVES), rec in mangled(RECORDS)) {
        if let Ok(g) = Ahayuta::from_text(&text) {
            let _ = g.parse(&mv);
            let _ = g.legal_moves();
        }
        if let Ok(g) = Ashtapada::from_text(&text) {
            let _ = g.parse_move(&mv);
            let _ = g.legal_moves();
        }
        let _ = pgn::read(&rec);
        let _ = Record::read(&rec);
    }
}

/// Runs of digits longer than a rank: an error, however long (a count that wrapped
/// around would have read a long run as a short one).
#[test]
fn long_runs_of_digits_are_too_long() {
    let eights = "8".repeat(33); // 264 squares: 8 more than 256
    let ahayuta = format!("-6-/8/8/{eights}/8/8/8/-6- w 6 6 -");
    assert!(Ahayuta::from_text(&ahayuta).is_err(), "{ahayuta}");
    let start = Shaturanga::new(BoatMove::Leap).text();
    let mut ranks: Vec<String> = start
        .split(' ')
        .next()
        .unwrap()
        .split('/')
        .map(String::from)
        .collect();
    ranks[3] = eights.clone();
    let shaturanga = start.replacen(start.split(' ').next().unwrap(), &ranks.join("/"), 1);
    assert!(
        Shaturanga::from_text(&shaturanga, BoatMove::Leap).is_err(),
        "{shaturanga}"
    );
    let v = variant("asha", None, &[]).unwrap();
    for run in [
        eights.as_str(),
        "99999999999999999999999999",
        "99999999999999999999999P",
    ] {
        let fen = format!("rnbqkbnr/pppppppp/{run}/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(Position::from_fen(v, &fen).is_err(), "{fen}");
    }
}

/// A count of pieces in hand larger than any board holds is refused at once (it would
/// otherwise be written out piece by piece).
#[test]
fn a_huge_count_in_hand_is_refused() {
    let v = variant("shogi", None, &[]).unwrap();
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 4000000000P 1";
    assert!(Position::from_sfen(v, sfen).is_err());
    let ok = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2P 1";
    assert!(Position::from_sfen(v, ok).is_ok());
}

/// A pocket is read only for the games that keep pieces in hand, and a king comes from
/// hand only in a setup phase (Sittuyin's): otherwise the position read could not be
/// written back (found by fuzzing).
#[test]
fn pockets_hold_only_what_the_game_allows() {
    let refused = |game: &str, fen: &str, why: &str| {
        let v = variant(game, Some("seed"), &[]).unwrap();
        let e = Position::from_fen(v, fen).err().expect(why);
        assert!(e.to_string().contains(why), "{game}: {e}");
    };
    let board = "ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
    refused(
        "sho-shogi",
        &format!("lnsgkgsnl/1r5b1/{board}[Pp] w - - 0 1"),
        "no pieces in hand",
    );
    refused(
        "shogi",
        &format!("lnsg1gsnl/1r5b1/{board}[k] w - - 0 1"),
        "king is in hand",
    );
    let sittuyin = variant("sittuyin", None, &[]).unwrap();
    let setup = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1";
    assert!(Position::from_fen(sittuyin, setup).is_ok());
}
