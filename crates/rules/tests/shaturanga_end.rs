//! Shaturanga (seed 003) rules 9-13 (shipping, promotion, peace and the end with stakes),
//! the position and move texts, and resigning, as RULES.md reads them.

mod shaturanga_common;

use ashta_rules::shaturanga::{BoatMove, Kind, Shaturanga, Status};
use ashta_rules::{random_playout, Dice, Game, Turn};
use shaturanga_common::*;

#[test]
fn rule_9_concourse_of_shipping() {
    // South's boat leaps a1-c3 to complete the square c3 d3 c4 d4 of four boats
    let pieces = [
        ("a1", S, Kind::Boat),
        ("c4", W, Kind::Boat),
        ("d3", E, Kind::Boat),
        ("d4", N, Kind::Boat),
        ("e1", S, Kind::Rajah),
        ("a8", W, Kind::Rajah),
        ("h8", N, Kind::Rajah),
        ("h1", E, Kind::Rajah),
    ];
    let mut g = arranged(&pieces, S, Some(2));
    play(&mut g, "a1c3");
    assert_eq!(at(&g, "c4"), None, "West's boat taken");
    assert_eq!(at(&g, "d3"), None, "East's boat taken");
    assert_eq!(g.ship_controller(N), S);
    // at South's next 2 both boats are South's to move
    let mut g = Shaturanga::arranged(
        BoatMove::Leap,
        &[
            ("c3", S, Kind::Boat),
            ("d4", N, Kind::Boat),
            ("e1", S, Kind::Rajah),
            ("a8", W, Kind::Rajah),
            ("b8", W, Kind::Pawn),
            ("h8", N, Kind::Rajah),
            ("h1", E, Kind::Rajah),
            ("g1", E, Kind::Pawn),
        ],
        S,
        Some(2),
    )
    .unwrap();
    assert!(texts(&g).iter().all(|m| m.starts_with("c3")));
    play(&mut g, "c3a1");
    assert_eq!(g.current(), W);
}

#[test]
fn rule_10_promotion_waits_until_a_pawn_is_lost() {
    let pieces = [
        ("b7", S, Kind::Pawn),
        ("e2", S, Kind::Pawn),
        ("f2", S, Kind::Pawn),
        ("a1", S, Kind::Elephant),
        ("d1", S, Kind::Rajah),
        ("d4", W, Kind::Horse),
        ("a5", W, Kind::Rajah),
        ("e8", N, Kind::Rajah),
        ("h4", E, Kind::Rajah),
    ];
    let mut g = arranged(&pieces, S, Some(5));
    play(&mut g, "b7b8");
    assert_eq!(
        at(&g, "b8"),
        Some((S, Kind::Pawn)),
        "no pawn lost yet: it waits"
    );
    play(&mut g, "throw 3");
    play(&mut g, "d4e2");
    assert_eq!(
        at(&g, "b8"),
        Some((S, Kind::Horse)),
        "promoted once a pawn is lost"
    );
    // after a loss, arrival on the elephant's square promotes at once (North and East,
    // with their rajahs alone, are at peace and skipped)
    let mut pieces = pieces.to_vec();
    pieces.retain(|p| p.0 != "b7");
    pieces.push(("c7", S, Kind::Pawn));
    let mut g = arranged(&pieces, W, Some(3));
    play(&mut g, "d4e2");
    assert_eq!(g.current(), S);
    play(&mut g, "throw 5");
    play(&mut g, "c7c8");
    assert_eq!(at(&g, "c8"), Some((S, Kind::Elephant)));
}

#[test]
fn rule_11_a_privileged_pawn_promotes_anywhere_on_the_far_edge() {
    let pieces = [
        ("e7", S, Kind::Pawn),
        ("a1", S, Kind::Boat),
        ("d1", S, Kind::Rajah),
        ("a5", W, Kind::Rajah),
        ("h7", N, Kind::Rajah),
        ("h4", E, Kind::Rajah),
    ];
    let mut g = arranged(&pieces, S, Some(5));
    let moves = texts(&g);
    for m in ["e7e8b", "e7e8h", "e7e8e"] {
        assert!(moves.contains(&m.to_string()), "{moves:?}");
    }
    play(&mut g, "e7e8e");
    assert_eq!(at(&g, "e8"), Some((S, Kind::Elephant)));
}

/// Rule 10: a pawn on the far edge that did not promote "can take no further part in the
/// game ... unless he should become a privileged pawn"; rule 11: once its player has only
/// a boat and that pawn besides the rajah, it promotes where it stands, at the choice of
/// its owner, as its move at a throw of 5.
#[test]
fn rule_11_a_pawn_waiting_on_the_far_edge_promotes_once_privileged() {
    let mut pieces = bystanders();
    pieces.retain(|p| p.1 != S);
    pieces.extend([
        ("d1", S, Kind::Rajah),
        ("a1", S, Kind::Boat),
        ("f8", S, Kind::Pawn),
        ("b2", W, Kind::Rajah),
        ("e7", N, Kind::Rajah),
        ("g2", E, Kind::Rajah),
    ]);
    let mut g = arranged(&pieces, S, Some(5));
    let moves = texts(&g);
    for k in ["b", "h", "e"] {
        assert!(moves.contains(&format!("f8f8{k}")), "{moves:?}");
    }
    play(&mut g, "f8f8e");
    assert_eq!(at(&g, "f8"), Some((S, Kind::Elephant)));
    assert_eq!(g.debts(), [0; 4]);
    // with a second pawn the player is not privileged: the pawn on the edge waits
    let mut pieces2 = pieces.clone();
    pieces2.push(("c2", S, Kind::Pawn));
    let g = arranged(&pieces2, S, Some(5));
    assert!(
        !texts(&g).iter().any(|m| m.starts_with("f8")),
        "{:?}",
        texts(&g)
    );
}

#[test]
fn rules_12_and_13_peace_and_out_and_the_end_with_stakes() {
    // West is left with its rajah alone: peace. Its turn is skipped.
    let pieces = [
        ("d4", S, Kind::Pawn),
        ("d1", S, Kind::Rajah),
        ("c5", W, Kind::Pawn),
        ("a5", W, Kind::Rajah),
        ("e8", N, Kind::Rajah),
        ("h7", N, Kind::Pawn),
        ("h4", E, Kind::Rajah),
        ("g1", E, Kind::Pawn),
    ];
    let mut g = arranged(&pieces, S, Some(5));
    play(&mut g, "d4c5");
    assert_eq!(g.status(W), Status::Peace);
    assert_eq!(g.current(), N, "West no longer throws");
    // East loses its last piece but a pawn: taken, East is out; West at peace: the
    // side of East and West has nobody in play and the game ends
    let pieces = [
        ("d1", S, Kind::Rajah),
        ("f2", S, Kind::Pawn),
        ("e8", N, Kind::Rajah),
        ("h7", N, Kind::Pawn),
        ("g3", E, Kind::Pawn),
    ];
    let mut g = arranged(&pieces, S, Some(5));
    assert_eq!(g.status(W), Status::Out);
    play(&mut g, "f2g3");
    let o = g.outcome().expect("over");
    // all four staked (nobody at peace); North and South share the pool
    assert_eq!(o.payoffs, vec![1.0, -1.0, 1.0, -1.0]);
    assert!(o.reason.contains("no player left in play"), "{}", o.reason);
}

#[test]
fn peace_returns_the_stake() {
    // West and North are at peace (rajah alone); East (no rajah) loses its last piece
    let pieces = [
        ("d1", S, Kind::Rajah),
        ("f2", S, Kind::Pawn),
        ("e8", N, Kind::Rajah),
        ("a5", W, Kind::Rajah),
        ("g3", E, Kind::Pawn),
    ];
    let mut g = arranged(&pieces, S, Some(5));
    assert_eq!(g.status(W), Status::Peace);
    assert_eq!(g.status(N), Status::Peace);
    play(&mut g, "f2g3");
    assert_eq!(g.status(E), Status::Out);
    // South and East staked; South takes the pool; the peacemakers keep their stakes
    assert_eq!(g.outcome().unwrap().payoffs, vec![1.0, 0.0, 0.0, -1.0]);
}

#[test]
fn random_games_end_with_stakes_that_balance_and_texts_that_read_back() {
    let mut lengths = 0;
    for seed in 0..1500u64 {
        let boat = if seed % 3 == 0 {
            BoatMove::Bishop
        } else {
            BoatMove::Leap
        };
        let mut g = Shaturanga::new(boat);
        let mut dice = Dice::new(seed);
        let mut plies = 0;
        while g.turn() != Turn::Over && plies < 20_000 {
            let m = match g.turn() {
                Turn::Chance => dice.pick(&g.chance_outcomes()).unwrap(),
                _ => {
                    let moves = g.legal_moves();
                    assert!(!moves.is_empty(), "a seat to move has a move");
                    moves[(dice.unit() * moves.len() as f64) as usize % moves.len()]
                }
            };
            let text = g.move_text(m);
            assert_eq!(g.parse_move(&text).unwrap(), m, "{text}");
            if plies % 17 == 0 {
                let pos = g.text();
                let back =
                    Shaturanga::from_text(&pos, boat).unwrap_or_else(|e| panic!("{e}: {pos}"));
                assert_eq!(back, g, "{pos}");
            }
            g.play(m);
            plies += 1;
        }
        let back = Shaturanga::from_text(&g.text(), boat).unwrap();
        assert_eq!(back, g, "the final position reads back");
        let o = g.outcome().expect("every game ends");
        let sum: f64 = o.payoffs.iter().sum();
        assert!(sum.abs() < 1e-9, "stakes balance: {:?}", o.payoffs);
        lengths += plies;
    }
    assert!(lengths > 0);
    let mut g = Shaturanga::new(BoatMove::Leap);
    assert!(random_playout(&mut g, &mut Dice::new(1), 100_000) < 100_000);
}

#[test]
fn rule_4_a_piece_that_cannot_move_loses_the_turn() {
    // South's only horse is boxed in by its own pieces: a 3 passes the die to West
    let pieces = [
        ("a1", S, Kind::Horse),
        ("b3", S, Kind::Pawn),
        ("c2", S, Kind::Pawn),
        ("d1", S, Kind::Rajah),
        ("a5", W, Kind::Rajah),
        ("b8", W, Kind::Pawn),
        ("e8", N, Kind::Rajah),
        ("h7", N, Kind::Pawn),
        ("h4", E, Kind::Rajah),
        ("g1", E, Kind::Pawn),
    ];
    let mut g = arranged(&pieces, S, None);
    play(&mut g, "throw 3");
    assert_eq!(g.current(), W);
    assert_eq!(g.turn(), Turn::Chance);
}

#[test]
fn position_text_reads_back_and_bad_text_is_refused() {
    let g = Shaturanga::new(BoatMove::Leap);
    assert_eq!(
        g.text(),
        "WbWp2NkNeNhNb/WhWp2NpNpNpNp/WeWp6/WkWp6/6EpEk/6EpEe/SpSpSpSp2EpEh/SbShSeSk2EpEb \
         S start:-,-,-,- ++++ ---- SWNE SWNE ---- ---- 0,0,0,0 0,0,0,0 0"
    );
    assert_eq!(Shaturanga::from_text(&g.text(), BoatMove::Leap).unwrap(), g);
    for bad in [
        "",
        "8/8/8/8/8/8/8/8 S throw",
        "9/8/8/8/8/8/8/8 S throw ++++ ---- SWNE SWNE ---- ---- 0,0,0,0 0,0,0,0 0",
        "Xb7/8/8/8/8/8/8/8 S throw ++++ ---- SWNE SWNE ---- ---- 0,0,0,0 0,0,0,0 0",
        "8/8/8/8/8/8/8/8 Q throw ++++ ---- SWNE SWNE ---- ---- 0,0,0,0 0,0,0,0 0",
        "8/8/8/8/8/8/8/8 S die:7 ++++ ---- SWNE SWNE ---- ---- 0,0,0,0 0,0,0,0 0",
        "8/8/8/8/8/8/8/8 S throw ++ ---- SWNE SWNE ---- ---- 0,0,0,0 0,0,0,0 0",
        "8/8/8/8/8/8/8/8 S throw ++++ ---- SWNE SWNE ---- ---- 0,0,0 0,0,0,0 0",
        "Sé7/8/8/8/8/8/8/8 S throw ++++ ---- SWNE SWNE ---- ---- 0,0,0,0 0,0,0,0 0",
    ] {
        assert!(Shaturanga::from_text(bad, BoatMove::Leap).is_err(), "{bad}");
    }
    // states no game reaches are refused with the reason
    let start = g.text();
    let impossible = [
        (
            start.replace("start:-,-,-,-", "start:9,200,-,-"),
            "opening throws",
        ),
        (
            "8/8/8/8/8/8/8/8 S throw ++++ ---- SWNE SWNE ---- ---- 0,0,0,0 0,0,0,0 0".to_string(),
            "no pieces",
        ),
        (start.replacen("WkWp6", "WkWk6", 1), "two rajahs"),
        (start.replace("++++ ----", "++++ -p--"), "a prisoner"),
        (start.replace("++++", "+x++"), "out with pieces"),
        (start.replace("SWNE SWNE", "WWNE SWNE"), "not its ally"),
        (
            start.replace("0,0,0,0 0,0,0,0 0", "1,0,0,0 0,0,0,0 0"),
            "four pawns",
        ),
    ];
    for (text, why) in impossible {
        let e = Shaturanga::from_text(&text, BoatMove::Leap)
            .err()
            .unwrap_or_else(|| panic!("accepted: {text}"))
            .to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
}

#[test]
fn bad_move_text_is_refused() {
    let g = Shaturanga::new(BoatMove::Leap);
    for t in [
        "", "throw 6", "throw x", "e2", "e2e3x", "yes", "é2e3", "a1a9",
    ] {
        assert!(g.parse(t).is_err(), "{t}");
    }
}

/// A player who resigns leaves the game: no more turns (the turn in hand passes), the
/// pieces stay where they stand and may be taken, the ally fights on alone as in rule 13;
/// when both allies are gone the other side wins the pool. Recorded as `resign NAME`.
#[test]
fn a_resigning_player_leaves_and_the_others_play_on() {
    let pieces = [
        ("d1", S, Kind::Rajah),
        ("c3", S, Kind::Elephant),
        ("a5", W, Kind::Rajah),
        ("c6", W, Kind::Horse),
        ("e8", N, Kind::Rajah),
        ("h7", N, Kind::Pawn),
        ("h4", E, Kind::Rajah),
        ("g4", E, Kind::Pawn),
    ];
    let mut g = arranged(&pieces, S, None);
    assert_eq!(g.turn(), Turn::Chance);
    // West resigns while South is to throw
    g.resign(W).unwrap();
    assert_eq!(g.status(W), Status::Resigned);
    assert!(g.resign(W).is_err());
    assert_eq!(at(&g, "c6"), Some((W, Kind::Horse)), "its pieces stay");
    // South's elephant may take West's horse
    play(&mut g, "throw 4");
    assert!(texts(&g).contains(&"c3c6".to_string()), "{:?}", texts(&g));
    play(&mut g, "c3c6");
    assert_eq!(g.current(), N, "West's turn is passed over");
    let text = g.text();
    assert!(text.contains(" +r++ "), "{text}");
    assert_eq!(Shaturanga::from_text(&text, BoatMove::Leap).unwrap(), g);
    // North resigns with the die in hand: the turn passes to East
    play(&mut g, "throw 5");
    g.resign(N).unwrap();
    assert_eq!(g.current(), E);
    assert_eq!(g.turn(), Turn::Chance);
    assert!(g.outcome().is_none(), "South fights on alone");
    // East resigns: West and East are both gone; South and North win
    g.resign(E).unwrap();
    let o = g.outcome().expect("over");
    assert!(
        o.payoffs[S as usize] > 0.0 && o.payoffs[N as usize] > 0.0,
        "{o:?}"
    );
    assert!(o.payoffs.iter().sum::<f64>().abs() < 1e-9);
    // not before the opening throws; a record replays a resignation
    assert!(Shaturanga::new(BoatMove::Leap).resign(S).is_err());
    let mut any = ashta_rules::record::AnyGame::Shaturanga(arranged(&pieces, S, None));
    let mut dice = Dice::new(1);
    any.play_text("resign West", &mut dice).unwrap();
    assert!(any.play_text("resign Nowhere", &mut dice).is_err());
    assert!(any.position_text().contains(" +r++ "));
}
