//! Shaturanga (seed 003) rule by rule, as RULES.md reads it (rules 1-8; rules 9-13, the
//! texts and resigning in `shaturanga_end.rs`). Each test names its rule.

mod shaturanga_common;

use ashta_rules::shaturanga::{BoatMove, Decision, Kind, Shaturanga};
use ashta_rules::{Game, Turn};
use shaturanga_common::*;

#[test]
fn layout_and_allies() {
    let g = Shaturanga::new(BoatMove::Leap);
    assert_eq!(at(&g, "d1"), Some((S, Kind::Rajah)));
    assert_eq!(at(&g, "a5"), Some((W, Kind::Rajah)));
    assert_eq!(at(&g, "e8"), Some((N, Kind::Rajah)));
    assert_eq!(at(&g, "h4"), Some((E, Kind::Rajah)));
    assert_eq!(at(&g, "a8"), Some((W, Kind::Boat)));
    assert_eq!(at(&g, "h2"), Some((E, Kind::Horse)));
    assert_eq!(at(&g, "g4"), Some((E, Kind::Pawn)));
    assert_eq!(ashta_rules::shaturanga::ally(S), N);
    assert_eq!(ashta_rules::shaturanga::ally(W), E);
    assert_eq!(g.seats(), 4);
}

#[test]
fn rule_2_the_highest_throw_starts_and_throws_again() {
    let mut g = Shaturanga::new(BoatMove::Leap);
    for t in ["throw 3", "throw 5", "throw 2", "throw 4"] {
        assert_eq!(g.turn(), Turn::Chance);
        play(&mut g, t);
    }
    // West threw highest and throws again; a 4 names the elephant, which cannot move,
    // so the turn passes to the left (rules 2 and 4)
    assert_eq!(g.current(), W);
    assert_eq!(g.turn(), Turn::Chance);
    play(&mut g, "throw 4");
    assert_eq!(g.current(), N);
    assert_eq!(g.turn(), Turn::Chance);
    // ties throw again
    let mut g = Shaturanga::new(BoatMove::Leap);
    for t in ["throw 5", "throw 5", "throw 2", "throw 3"] {
        play(&mut g, t);
    }
    assert_eq!(g.start_throws().unwrap()[0], None);
    play(&mut g, "throw 2");
    play(&mut g, "throw 4");
    assert_eq!(g.current(), W);
}

#[test]
fn rule_3_the_die_names_the_piece_and_it_must_move() {
    let mut g = Shaturanga::new(BoatMove::Leap);
    for t in ["throw 2", "throw 5", "throw 2", "throw 2", "throw 5"] {
        play(&mut g, t);
    }
    // West moves with a 5: the rajah or a pawn, nothing else, and no pass
    assert_eq!(g.turn(), Turn::Seat(W as usize));
    let mut moves = texts(&g);
    moves.sort();
    assert_eq!(
        moves,
        ["a5a4", "a5b4", "b5c5", "b6c6", "b7c7", "b8c8"],
        "pawns go away from West's edge"
    );
    play(&mut g, "b6c6");
    assert_eq!(g.current(), N);
    // a 3 for North: the horse (g8)
    play(&mut g, "throw 3");
    let mut moves = texts(&g);
    moves.sort();
    assert_eq!(moves, ["g8f6", "g8h6"]);
}

#[test]
fn movement_boats_leap_and_minor_pieces_take_only_minor_pieces() {
    let pieces = [
        ("c3", S, Kind::Boat),
        ("e5", W, Kind::Pawn),
        ("a5", W, Kind::Horse),
        ("d4", N, Kind::Pawn),
        ("a1", S, Kind::Rajah),
        ("h8", W, Kind::Rajah),
        ("h1", E, Kind::Rajah),
        ("e8", N, Kind::Rajah),
    ];
    let g = arranged(&pieces, S, Some(2));
    let mut moves = texts(&g);
    moves.sort();
    // over d4, onto the pawn e5; not onto the horse a5 nor the own rajah a1
    assert_eq!(moves, ["c3e1", "c3e5"]);
    let g = Shaturanga::arranged(BoatMove::Bishop, &pieces, S, Some(2)).unwrap();
    let mut moves = texts(&g);
    moves.sort();
    assert_eq!(
        moves,
        ["c3b2", "c3b4", "c3d2", "c3e1"],
        "boat=bishop slides"
    );

    // a pawn takes a pawn or boat diagonally forward, never a rajah
    let g = arranged(
        &[
            ("d4", S, Kind::Pawn),
            ("e5", W, Kind::Rajah),
            ("c5", E, Kind::Boat),
            ("a1", S, Kind::Rajah),
            ("h8", N, Kind::Rajah),
            ("h1", E, Kind::Rajah),
        ],
        S,
        Some(5),
    );
    let moves = texts(&g);
    assert!(moves.contains(&"d4c5".to_string()));
    assert!(moves.contains(&"d4d5".to_string()));
    assert!(!moves.contains(&"d4e5".to_string()));
    // a horse takes a rajah (no check: rajahs are captured)
    let g = arranged(
        &[
            ("d3", S, Kind::Horse),
            ("e5", W, Kind::Rajah),
            ("a1", S, Kind::Rajah),
            ("h8", W, Kind::Pawn),
            ("h1", E, Kind::Pawn),
            ("a8", N, Kind::Pawn),
        ],
        S,
        Some(3),
    );
    let mut g2 = g.clone();
    play(&mut g2, "d3e5");
    assert!(g2.is_prisoner(W));
}

#[test]
fn rule_5_seizing_a_throne_wins_a_stake_and_double_with_a_capture() {
    let mut pieces = bystanders();
    pieces.extend([("b5", S, Kind::Rajah), ("c3", W, Kind::Rajah)]);
    let mut g = arranged(&pieces, S, Some(5));
    play(&mut g, "b5a5");
    assert_eq!(g.debts(), [1, -1, 0, 0], "a stake from the despoiled West");
    // only the first seizure of a throne pays
    let mut pieces = bystanders();
    pieces.extend([("a5", S, Kind::Rajah), ("c3", W, Kind::Rajah)]);
    let mut g = arranged(&pieces, S, Some(5));
    play(&mut g, "a5a4");
    assert_eq!(g.debts(), [0; 4], "leaving pays nothing");
    // capturing the rajah on its throne: a double stake
    let mut pieces = bystanders();
    pieces.extend([("b5", S, Kind::Rajah), ("a5", W, Kind::Rajah)]);
    let mut g = arranged(&pieces, S, Some(5));
    play(&mut g, "b5a5");
    assert_eq!(g.debts(), [2, -2, 0, 0]);
    assert!(g.is_prisoner(W));
}

#[test]
fn rule_5_a_rajah_on_the_ally_throne_commands_the_allied_army() {
    // North's rajah is a prisoner; South's rajah mounts North's throne e8
    let pieces = [
        ("e7", S, Kind::Rajah),
        ("b2", S, Kind::Pawn),
        ("h7", N, Kind::Pawn),
        ("a1", W, Kind::Horse),
        ("a5", W, Kind::Rajah),
        ("h1", E, Kind::Pawn),
        ("h4", E, Kind::Rajah),
    ];
    let mut g = arranged(&pieces, S, Some(5));
    play(&mut g, "e7e8");
    assert_eq!(g.commander(N), S);
    // West has no boat: its 2 is lost; at North's throw South moves North's pieces
    play(&mut g, "throw 2");
    assert_eq!(g.current(), N);
    play(&mut g, "throw 5");
    assert_eq!(g.turn(), Turn::Seat(S as usize));
    let moves = texts(&g);
    assert!(moves.contains(&"h7h6".to_string()), "{moves:?}");
    assert!(moves.contains(&"e8d8".to_string()), "{moves:?}");
}

#[test]
fn rule_6_exchange_of_prisoner_rajahs_offered_and_accepted() {
    // North's rajah is a prisoner; South's horse takes West's rajah (off its throne)
    let pieces = [
        ("d1", S, Kind::Rajah),
        ("b2", S, Kind::Horse),
        ("h7", N, Kind::Pawn),
        ("c4", W, Kind::Rajah),
        ("a8", W, Kind::Pawn),
        ("h4", E, Kind::Rajah),
    ];
    let mut g = arranged(&pieces, S, Some(3));
    play(&mut g, "b2c4");
    assert_eq!(
        g.decision(),
        Some(Decision::OfferExchange { by: S, hostile: W })
    );
    assert_eq!(g.turn(), Turn::Seat(S as usize));
    play(&mut g, "yes");
    // East, whose rajah remains on the board, accepts or refuses
    assert_eq!(g.turn(), Turn::Seat(E as usize));
    let mut refused = g.clone();
    play(&mut g, "yes");
    assert_eq!(at(&g, "a5"), Some((W, Kind::Rajah)), "back on its throne");
    assert_eq!(at(&g, "e8"), Some((N, Kind::Rajah)));
    assert!(!g.is_prisoner(W) && !g.is_prisoner(N));
    assert_eq!(g.current(), W, "then play goes on");
    play(&mut refused, "no");
    assert!(refused.is_prisoner(W) && refused.is_prisoner(N));
}

#[test]
fn rule_7_capturing_both_hostile_rajahs_restores_the_ally() {
    // North's and West's rajahs are prisoners; South's elephant takes East's rajah
    let pieces = [
        ("d1", S, Kind::Rajah),
        ("h3", S, Kind::Elephant),
        ("h7", N, Kind::Pawn),
        ("a8", W, Kind::Pawn),
        ("h4", E, Kind::Rajah),
        ("a2", E, Kind::Pawn),
    ];
    let mut g = arranged(&pieces, S, Some(4));
    play(&mut g, "h3h4");
    assert_eq!(g.decision(), Some(Decision::Restore { by: S }));
    play(&mut g, "yes");
    assert_eq!(at(&g, "e8"), Some((N, Kind::Rajah)));
    assert!(!g.is_prisoner(N));
}

/// Rules 6 and 7 are put whenever their conditions come to hold, not only at the moment
/// of the capture: here South holds West's rajah before North's rajah falls; when East
/// takes it, both holders are asked in turn (East first, whose turn it is).
#[test]
fn rule_6_the_exchange_is_offered_when_the_ally_falls_later() {
    let pieces = [
        ("d1", S, Kind::Rajah),
        ("b2", S, Kind::Horse),
        ("c4", W, Kind::Rajah),
        ("h8", W, Kind::Horse),
        ("f6", N, Kind::Rajah),
        ("h7", N, Kind::Pawn),
        ("f1", E, Kind::Elephant),
        ("h4", E, Kind::Rajah),
    ];
    let mut g = arranged(&pieces, S, Some(3));
    play(&mut g, "b2c4");
    assert_eq!(
        g.decision(),
        None,
        "North's rajah is on the board: nothing to offer"
    );
    // West and North have no boat; East's elephant takes North's rajah
    for t in ["throw 2", "throw 2", "throw 4", "f1f6"] {
        play(&mut g, t);
    }
    assert_eq!(
        g.decision(),
        Some(Decision::OfferExchange { by: E, hostile: N })
    );
    play(&mut g, "no");
    assert_eq!(
        g.decision(),
        Some(Decision::OfferExchange { by: S, hostile: W }),
        "South, holding West's rajah, is asked now that North's has fallen"
    );
    assert_eq!(g.turn(), Turn::Seat(S as usize));
    let text = g.text();
    assert!(text.contains(" -SE- ") && text.ends_with(" xEN"), "{text}");
    assert_eq!(Shaturanga::from_text(&text, BoatMove::Leap).unwrap(), g);
    play(&mut g, "yes");
    assert_eq!(g.turn(), Turn::Seat(E as usize), "East answers");
    play(&mut g, "yes");
    assert_eq!(at(&g, "a5"), Some((W, Kind::Rajah)));
    assert_eq!(at(&g, "e8"), Some((N, Kind::Rajah)));
    assert_eq!(g.current(), S, "the die passes on from East");
    assert!(
        !g.text().contains(" xEN"),
        "the prisoners changed: refusals forgotten"
    );
}

/// Rule 6 with the ally's throne occupied: no offer until the throne is vacant; then the
/// offer comes, and once declined it is not put again until the prisoners change.
#[test]
fn rule_6_the_exchange_is_offered_when_the_throne_is_vacated_and_not_asked_twice() {
    let pieces = [
        ("d1", S, Kind::Rajah),
        ("b2", S, Kind::Horse),
        ("c4", W, Kind::Rajah),
        ("h8", W, Kind::Horse),
        ("h7", N, Kind::Pawn),
        ("e8", E, Kind::Horse),
        ("h4", E, Kind::Rajah),
    ];
    let mut g = arranged(&pieces, S, Some(3));
    play(&mut g, "b2c4");
    assert_eq!(g.decision(), None, "North's throne is occupied");
    for t in ["throw 2", "throw 2", "throw 3"] {
        play(&mut g, t);
    }
    play(&mut g, "e8f6");
    assert_eq!(
        g.decision(),
        Some(Decision::OfferExchange { by: S, hostile: W })
    );
    play(&mut g, "no");
    assert_eq!(g.current(), S);
    play(&mut g, "throw 3");
    play(&mut g, "c4b6");
    assert_eq!(g.decision(), None, "declined: not asked again");
    let again = Shaturanga::from_text(&g.text(), BoatMove::Leap).unwrap();
    assert_eq!(again.decision(), None);
    assert!(g.text().ends_with(" xSW"), "{}", g.text());
}

#[test]
fn rule_8_an_empire_built_on_the_hostile_throne_wins_quadruple_stakes() {
    // North's and East's rajahs are prisoners. South's rajah mounts North's throne
    // (command), walks to West's throne and takes West's rajah there.
    let pieces = [
        ("e7", S, Kind::Rajah),
        ("b2", S, Kind::Pawn),
        ("h7", N, Kind::Pawn),
        ("a5", W, Kind::Rajah),
        ("h8", W, Kind::Horse),
        ("a1", E, Kind::Pawn),
    ];
    let mut g = arranged(&pieces, S, Some(5));
    for (i, step) in ["e7e8", "e8d7", "d7c6", "c6b5", "b5a5"].iter().enumerate() {
        if i > 0 {
            play(&mut g, "throw 5");
        }
        play(&mut g, step);
        if i < 4 {
            // West, North (commanded by South: no boat) and East lose their 2s
            for _ in 0..3 {
                play(&mut g, "throw 2");
            }
        }
    }
    // rule 5: West's throne seized with its rajah taken (2); rule 8 (a): 4 from each
    assert_eq!(g.debts(), [10, -6, 0, -4]);
    // rule 7 asks whether to restore North (its throne is vacant)
    assert_eq!(g.decision(), Some(Decision::Restore { by: S }));
}

/// South's rajah, standing on North's throne (North's rajah a prisoner), steps off and
/// back at South's next throw of 5 to take command of North's army; `lost` are the three
/// throws between (West's, North's and East's turns, each lost).
fn south_takes_north_command(g: &mut Shaturanga, lost: [&str; 3]) {
    play(g, "e8d8");
    for t in lost {
        play(g, t);
    }
    play(g, "throw 5");
    play(g, "d8e8");
    assert_eq!(g.commander(N), S);
}

#[test]
fn rule_8_an_empire_by_another_piece_wins_a_single_stake() {
    let pieces = [
        ("e8", S, Kind::Rajah),
        ("b3", S, Kind::Horse),
        ("h7", N, Kind::Pawn),
        ("c5", W, Kind::Rajah),
        ("h8", W, Kind::Horse),
        ("a1", E, Kind::Pawn),
    ];
    let mut g = arranged(&pieces, S, Some(5));
    south_takes_north_command(&mut g, ["throw 2"; 3]);
    for _ in 0..3 {
        play(&mut g, "throw 2");
    }
    play(&mut g, "throw 3");
    play(&mut g, "b3c5");
    assert_eq!(g.debts(), [2, -1, 0, -1]);
}

/// Rule 5: the rajah on the ally's throne commands "the allied forces": the ally's boat
/// too, at the ally's throw of 2.
#[test]
fn rule_5_the_commanded_allied_army_includes_its_boat() {
    let pieces = [
        ("e8", S, Kind::Rajah),
        ("b3", S, Kind::Horse),
        ("c6", N, Kind::Boat),
        ("h7", N, Kind::Pawn),
        ("c5", W, Kind::Rajah),
        ("h8", W, Kind::Horse),
        ("a1", E, Kind::Pawn),
    ];
    let mut g = arranged(&pieces, S, Some(5));
    assert_eq!(g.ship_controller(N), N);
    // West has no boat, North (its own commander still) no horse, East no boat
    south_takes_north_command(&mut g, ["throw 2", "throw 3", "throw 2"]);
    assert_eq!(g.ship_controller(N), S);
    play(&mut g, "throw 2"); // West has no boat
    play(&mut g, "throw 2");
    assert_eq!(g.current(), N);
    assert_eq!(g.turn(), Turn::Seat(S as usize), "South moves North's boat");
    let moves = texts(&g);
    assert!(moves.contains(&"c6a4".to_string()), "{moves:?}");
}

/// Rule 8 (c): the second hostile rajah taken by "any other piece" builds the empire,
/// also a piece of the ally's army the player commands (and moved): single stakes to the
/// player.
#[test]
fn rule_8_an_empire_completed_by_the_commanded_ally_s_piece() {
    let pieces = [
        ("e8", S, Kind::Rajah),
        ("b2", S, Kind::Pawn),
        ("b3", N, Kind::Horse),
        ("h7", N, Kind::Pawn),
        ("c5", W, Kind::Rajah),
        ("h8", W, Kind::Horse),
        ("a1", E, Kind::Pawn),
    ];
    let mut g = arranged(&pieces, S, Some(5));
    south_takes_north_command(&mut g, ["throw 2"; 3]);
    play(&mut g, "throw 2"); // West has no boat
    play(&mut g, "throw 3");
    assert_eq!(g.turn(), Turn::Seat(S as usize));
    play(&mut g, "b3c5");
    assert_eq!(g.debts(), [2, -1, 0, -1]);
}
