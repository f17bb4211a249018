//! The table: moves checked and named, throws, replay, undo and bad setups.

use super::*;
use crate::views::move_shape;

/// A setup of `game` with its default ruleset and a fixed seed.
pub(super) fn setup(game: &str) -> Setup {
    Setup {
        game: game.into(),
        ruleset: String::new(),
        options: vec![],
        seed: 3,
        seed_chosen: false,
        start: None,
    }
}

#[test]
fn chess_moves_are_checked_and_named() {
    let mut t = Table::new(setup("shatranj")).unwrap();
    assert_eq!(t.to_act(), vec![0]);
    let e = t.play(1, "e7e6").unwrap_err();
    assert!(e.contains("White's turn"), "{e}");
    let e = t.play(0, "e2e4").unwrap_err();
    assert!(e.contains("not legal"), "{e}");
    let added = t.play(0, "e2e3").unwrap();
    assert_eq!(added[0].label, "e3");
    assert_eq!(t.to_act(), vec![1]);
    let legal = t.legal(1);
    assert!(legal
        .iter()
        .any(|m| m["text"] == "g8f6" && m["from"] == "g8"));
}

#[test]
fn shapes_of_move_texts() {
    assert_eq!(move_shape("h10g8"), json!({"from": "h10", "to": "g8"}));
    assert_eq!(
        move_shape("e7e8q"),
        json!({"from": "e7", "to": "e8", "promotion": "q"})
    );
    assert_eq!(move_shape("P@e4"), json!({"drop": "P", "to": "e4"}));
    assert_eq!(move_shape("@d1"), json!({"drop": "M", "to": "d1"}));
    assert_eq!(
        move_shape("e7f8/d1"),
        json!({"from": "e7", "to": "f8", "then": "d1"})
    );
    assert_eq!(move_shape("arrange-nbbn"), json!({"special": true}));
    assert_eq!(
        arrangement_words("arrange-bnnb").as_deref(),
        Some("Arrange b c g h: elephant, horse, horse, elephant")
    );
    assert_eq!(arrangement_words("e2e4"), None);
}

#[test]
fn ashtapada_throws_itself_and_replays() {
    let mut t = Table::new(Setup {
        game: "ashtapada".into(),
        ruleset: "kile".into(),
        options: vec!["players=3".into()],
        seed: 11,
        seed_chosen: true,
        start: None,
    })
    .unwrap();
    assert!(t.played().iter().all(|p| p.seat.is_none()));
    for _ in 0..30 {
        let Some(&s) = t.to_act().first() else { break };
        let text = t.legal(s)[0]["text"].as_str().unwrap().to_string();
        t.play(s, &text).unwrap();
    }
    let moves: Vec<(Option<usize>, String)> = t
        .played()
        .iter()
        .map(|p| (p.seat, p.text.clone()))
        .collect();
    let again = Table::replay(t.setup().clone(), &moves).unwrap();
    assert_eq!(again.fen(), t.fen());
    // a forged throw is refused
    let mut forged = moves.clone();
    let i = forged.iter().position(|m| m.0.is_none()).unwrap();
    forged[i].1 = if forged[i].1 == "throw 8" {
        "throw 1"
    } else {
        "throw 8"
    }
    .into();
    assert!(Table::replay(t.setup().clone(), &forged).is_err());
    // and the record text reads back
    let back = Table::from_record(&t.record_text(&[])).unwrap();
    assert_eq!(back.fen(), t.fen());
}

#[test]
fn werera_lets_both_sides_move() {
    let mut s = setup("senterej");
    s.options = vec!["werera=simultaneous".into()];
    let mut t = Table::new(s).unwrap();
    assert_eq!(t.to_act(), vec![0, 1]);
    t.play(1, "e7e6").unwrap();
    t.play(1, "d7d6").unwrap();
    t.play(0, "e2e3").unwrap();
    let moves: Vec<(Option<usize>, String)> = t
        .played()
        .iter()
        .map(|p| (p.seat, p.text.clone()))
        .collect();
    assert_eq!(
        Table::replay(t.setup().clone(), &moves).unwrap().fen(),
        t.fen()
    );
}

#[test]
fn pgn_round_trip_and_undo() {
    let mut t = Table::new(setup("asha")).unwrap();
    for (s, m) in [(0, "f2f3"), (1, "e7e5"), (0, "g2g4"), (1, "d8h4")] {
        t.play(s, m).unwrap();
    }
    assert_eq!(t.outcome().unwrap().winner(), Some(1));
    let back = Table::from_record(&t.record_text(&[])).unwrap();
    assert_eq!(back.fen(), t.fen());
    let n = t.undo_point(0).unwrap();
    let u = t.truncated(n).unwrap();
    assert_eq!(u.played().len(), 2);
    assert_eq!(u.to_act(), vec![0]);
}

#[test]
fn bad_setups_are_explained() {
    assert!(Table::new(setup("go"))
        .err()
        .unwrap()
        .contains("unknown game"));
    let mut s = setup("ashtapada");
    s.options = vec!["players=5".into()];
    assert!(Table::new(s).err().unwrap().contains("players=2|3|4"));
    assert!(Table::from_record("garbage").is_err());
}
