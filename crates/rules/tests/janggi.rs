//! Janggi rules (seed 001 §X as RULES.md reads them) beyond what Fairy-Stockfish pins.

mod common;
use ashta_rules::chess::{variant, ChessGame, Position};
use ashta_rules::geometry::Color;
use ashta_rules::Outcome;
use common::*;

#[test]
fn each_side_arranges_horses_and_elephants_cho_first() {
    // seed 001 §X: "each player has the right to transpose the positions of his Elephant &
    // Horse pieces (either on one side or on both sides)"
    let mut g = ChessGame::new(seed("janggi", &[]));
    assert_eq!(
        moves(&g),
        [
            "arrange-bnbn",
            "arrange-bnnb",
            "arrange-nbbn",
            "arrange-nbnb"
        ]
    );
    play(&mut g, &["arrange-bnnb"]);
    assert_eq!(g.position().side_to_move(), Color::Black);
    play(&mut g, &["arrange-nbbn"]);
    let id = |s: &str| piece_id(&g, s);
    assert_eq!(
        [id("b1"), id("c1"), id("g1"), id("h1")],
        [
            Some("elephant"),
            Some("horse"),
            Some("horse"),
            Some("elephant")
        ]
    );
    assert_eq!(
        [id("b10"), id("c10"), id("g10"), id("h10")],
        [
            Some("horse"),
            Some("elephant"),
            Some("elephant"),
            Some("horse")
        ]
    );
    assert_eq!(g.position().side_to_move(), Color::White);
    assert!(!g.position().in_setup());
    assert!(
        moves(&g).contains(&"e2e2".to_string()),
        "play has begun: White may pass"
    );
}

#[test]
fn pass_allowed_except_in_check() {
    // RULES.md Janggi: "Passing is allowed except in check"
    let g = game_at("janggi", "4k4/4a4/9/9/9/9/9/9/4K4/4r4 w - - 0 1");
    assert!(!moves(&g).contains(&"e2e2".to_string()));
    let g = game_at("janggi", "4k4/4a4/9/9/9/9/9/9/4K4/9 w - - 0 1");
    assert!(moves(&g).contains(&"e2e2".to_string()));
}

#[test]
fn palace_diagonals_and_cannons() {
    // seed 001 §X: the chariot "once inside the enemy Palace, it can move/capture across the
    // diagonal lines" (and in its own); the cannon "can't capture or jump over another cannon"
    let g = game_at("janggi", "4k4/4a4/9/9/9/9/9/9/9/3RK4 w - - 0 1");
    assert!(moves(&g).contains(&"d1e2".to_string()) && moves(&g).contains(&"d1f3".to_string()));
    let g = game_at("janggi", "4k4/4a4/9/9/9/9/4c4/9/4C4/3K5 w - - 0 1");
    assert!(
        !moves(&g).iter().any(|m| m.starts_with("e2")),
        "{:?}",
        moves(&g)
    );
    // the guard steps along the lines of its palace only
    let g = game_at("janggi", "4k4/4a4/9/9/9/9/9/9/9/3AK4 w - - 0 1");
    assert!(moves(&g).contains(&"d1e2".to_string()) && !moves(&g).contains(&"d1c2".to_string()));
}

#[test]
fn bikjang_seed_rules() {
    // RULES.md Janggi: a move that makes the kings face each other is legal but its maker can
    // no longer win; if the side to move leaves the kings facing, the game is drawn
    let mut g = game_at("janggi", "4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1");
    play(&mut g, &["d2e2"]);
    assert!(g.position().kings_facing() && g.position().made_kings_face(Color::White));
    let mut passed = g.clone();
    play(&mut passed, &["e10e10"]);
    assert_eq!(result(&passed), Some((None, "bikjang".into())));
    play(&mut g, &["e10d10"]);
    assert_eq!(result(&g), None);
    let capped = g
        .position()
        .limit_facing_maker(Outcome::win(0, "checkmate"));
    assert_eq!(capped.winner(), None);
    assert_eq!(
        g.position()
            .limit_facing_maker(Outcome::win(1, "checkmate"))
            .winner(),
        Some(1)
    );
}

#[test]
fn bikjang_fairy_stockfish_reading() {
    // Fairy-Stockfish: while the kings face, a move must break the facing or pass; two facing
    // positions in a row end the game by material count (ties to the second player)
    let v = variant("janggi", Some("fairy-stockfish"), &[]).unwrap();
    let mut g = ChessGame::from_position(
        Position::from_fen(v, "4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1").unwrap(),
    );
    play(&mut g, &["d2e2"]);
    assert_eq!(moves(&g), ["e10d10", "e10e10", "e10f10"]);
    play(&mut g, &["e10e10"]);
    assert_eq!(
        result(&g),
        Some((Some(1), "bikjang (material count)".into()))
    );
}

/// Fairy-Stockfish's bikjang lets a side whose king faces the other pass even in check
/// (pyffish 0.0.90 lists exactly these two moves), after which the king can be taken: the
/// `fairy-stockfish` ruleset plays it so (found by `tools/differential.py`, which now ends
/// a game when a king is taken).
#[test]
fn fairy_stockfish_bikjang_passes_in_check() {
    let v = variant("janggi", Some("fairy-stockfish"), &[]).unwrap();
    let g = ChessGame::from_position(
        Position::from_fen(v, "9/9/5k3/9/9/9/9/6n2/9/4pK3 w - - 0 1").unwrap(),
    );
    assert_eq!(moves(&g), ["f1e1", "f1f1"]);
}
