//! Shaturanga (seed 003) rule by rule, as RULES.md reads it. Each test names its rule.

use ashta_rules::shaturanga::{BoatMove, Decision, Kind, Shaturanga, Status};
use ashta_rules::{random_playout, Dice, Game, Turn};

const S: u8 = 0;
const W: u8 = 1;
const N: u8 = 2;
const E: u8 = 3;

fn play(g: &mut Shaturanga, text: &str) {
    let m = g
        .parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}\n{}", g.board_text()));
    g.play(m);
}

fn texts(g: &Shaturanga) -> Vec<String> {
    g.legal_moves()
        .into_iter()
        .map(|m| g.move_text(m))
        .collect()
}

fn at(g: &Shaturanga, sq: &str) -> Option<(u8, Kind)> {
    g.piece(ashta_rules::shaturanga::parse_sq(sq).unwrap())
        .map(|p| (p.owner, p.kind))
}

fn arranged(pieces: &[(&str, u8, Kind)], current: u8, die: Option<u8>) -> Shaturanga {
    Shaturanga::arranged(BoatMove::Leap, pieces, current, die).unwrap()
}

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

/// Pieces that keep every player in play without getting in the way.
fn bystanders() -> Vec<(&'static str, u8, Kind)> {
    vec![
        ("h8", W, Kind::Horse),
        ("g8", E, Kind::Horse),
        ("f8", N, Kind::Horse),
        ("a1", S, Kind::Horse),
    ]
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
