//! Ahayuta (seed 004), rule by rule.

use ashta_rules::ahayuta::{AMove, Ahayuta, Cell};
use ashta_rules::geometry::Color;
use ashta_rules::Game;

fn at(t: &str) -> Ahayuta {
    Ahayuta::from_text(t).unwrap_or_else(|e| panic!("{t}: {e}"))
}
fn sq(s: &str) -> u8 {
    let b = s.as_bytes();
    (b[1] - b'1') * 8 + (b[0] - b'a')
}
fn play(g: &mut Ahayuta, moves: &[&str]) {
    for m in moves {
        let mv = g.parse(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play(mv);
    }
}
fn texts(g: &Ahayuta) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves()
        .into_iter()
        .map(Ahayuta::move_text)
        .collect();
    v.sort();
    v
}

#[test]
fn start_empty_board_six_men_each_light_first() {
    // seed 004: "The game starts with an empty board"; "Each player has six pieces";
    // "starting with the owner of the light-colored pieces"
    let g = Ahayuta::new();
    assert_eq!(g.text(), "-6-/8/8/8/8/8/8/-6- w 6 6 -");
    assert_eq!(texts(&g), ["@b1", "@c1", "@d1", "@e1", "@f1", "@g1"]);
    assert_eq!(Ahayuta::from_text(&g.text()).unwrap(), g);
}

#[test]
fn men_move_only_diagonally_forward() {
    // seed 004: "Pieces move only forward diagonally"
    let g = at("-6-/8/8/8/3M4/8/8/-6- w 0 1 -");
    assert_eq!(texts(&g), ["d4c5", "d4e5"]);
}

#[test]
fn ahayuta_moves_one_square_but_not_backward() {
    // seed 004: "Ahayuta moves to one free adjacent square horizontally, vertically and
    // diagonally. No backward move allowed."
    let g = at("-6-/8/8/8/3A4/8/8/-6- w 0 1 -");
    assert_eq!(texts(&g), ["d4c4", "d4c5", "d4d5", "d4e4", "d4e5"]);
}

#[test]
fn custodian_capture_on_rows_columns_and_diagonals_several_at_once() {
    // seed 004: capture "by flanking it on both adjacent squares either diagonally,
    // horizontally or vertically"; "the player can capture one or more enemy pieces"
    let mut g = at("-6-/8/8/1Mm1mM2/2M5/8/8/-6- w 0 0 -");
    play(&mut g, &["c4d5"]);
    assert_eq!(
        (g.cell(sq("c5")), g.cell(sq("e5"))),
        (Cell::Empty, Cell::Empty)
    );
    // diagonal
    let mut g = at("-6-/8/5M2/4m3/8/2M5/8/-6- w 0 1 -");
    play(&mut g, &["c3d4"]);
    assert_eq!(g.cell(sq("e5")), Cell::Empty);
    // vertical, by placement: "placing a piece on the home row ... can also be used to capture"
    let mut g = at("-6-/8/8/8/8/3M4/3m4/-6- w 1 0 -");
    play(&mut g, &["@d1"]);
    assert_eq!(g.cell(sq("d2")), Cell::Empty);
}

#[test]
fn moving_between_two_enemies_is_safe() {
    // seed 004: "Ahayuta or a piece has the right to pass between enemy pieces without being captured"
    let mut g = at("-6-/8/4m3/2M1M3/8/8/8/-6- b 0 0 -");
    play(&mut g, &["e6d5"]);
    assert_eq!(g.cell(sq("d5")), Cell::Man(Color::Black));
}

#[test]
fn far_row_captures_then_home_placement_captures_and_becomes_ahayuta() {
    // seed 004: the first piece that "has reached the opponent's home row, turns into Ahayuta and
    // must be placed on any free square of the player's home row in the same turn"; it captures
    // on both squares
    let mut g = at("-2Mm2-/4M3/8/8/8/3M4/3m4/-6- w 0 0 -");
    play(&mut g, &["e7f8/d1"]);
    assert_eq!(g.cell(sq("e8")), Cell::Empty, "captured on the far row");
    assert_eq!(g.cell(sq("d2")), Cell::Empty, "captured again at home");
    assert_eq!(g.cell(sq("d1")), Cell::God(Color::White));
    assert_eq!(g.cell(sq("f8")), Cell::Empty);
    // a second man to arrive stays a man
    let mut g = at("-6-/4M3/8/8/8/8/8/-A5- w 0 1 -");
    play(&mut g, &["e7f8/d1"]);
    assert_eq!(g.cell(sq("d1")), Cell::Man(Color::White));
}

#[test]
fn far_row_move_illegal_when_home_row_is_full() {
    // RULES.md Ahayuta: "A move onto the opponent's row is illegal if the own home row is full"
    let g = at("-6-/4M3/8/8/8/8/8/-MMMMMM- w 0 1 -");
    assert!(
        !texts(&g).iter().any(|m| m.starts_with("e7")),
        "{:?}",
        texts(&g)
    );
}

#[test]
fn first_captured_man_returns_as_ahayuta_later_ones_are_removed() {
    // seed 004: "his first captured piece turns into Ahayuta and must be placed on any free square
    // of the player's home row in the next turn. Subsequent captured pieces ... are removed"
    let mut g = at("-6-/8/8/1Mm1mM2/2M5/8/8/-6- w 0 0 -");
    play(&mut g, &["c4d5"]);
    assert!(g.god_pending(Color::Black));
    assert_eq!(texts(&g), ["A@b8", "A@c8", "A@d8", "A@e8", "A@f8", "A@g8"]);
    play(&mut g, &["A@d8"]);
    assert_eq!(g.cell(sq("d8")), Cell::God(Color::Black));
    // with an Ahayuta already, a captured man is simply removed
    let mut g = at("-a5-/8/8/3mM3/1M6/8/8/-6- w 0 0 -");
    play(&mut g, &["b4c5"]);
    assert_eq!(g.cell(sq("d5")), Cell::Empty);
    assert!(!g.god_pending(Color::Black));
}

#[test]
fn the_three_wins() {
    // seed 004: "A player wins the game if he is the first to deliver his Ahayuta to the
    // opponent's home row"
    let mut g = at("-6-/3A4/8/8/8/8/8/-6- w 0 1 -");
    play(&mut g, &["d7d8"]);
    assert_eq!(g.outcome().and_then(|o| o.winner()), Some(0));
    // "... if he is the first to capture the opponent's Ahayuta"
    let mut g = at("-6-/8/8/3aM3/1M6/8/8/-6- w 0 0 -");
    play(&mut g, &["b4c5"]);
    assert_eq!(
        g.outcome().map(|o| (o.winner(), o.reason)),
        Some((Some(0), "captured the Ahayuta".to_string()))
    );
    // "... if his opponent cannot make a move according to the rules"
    let g = at("-6-/8/8/8/8/8/m7/-M5- b 0 0 -");
    assert_eq!(
        g.outcome().map(|o| (o.winner(), o.reason)),
        Some((Some(0), "no legal move".to_string()))
    );
}

#[test]
fn threefold_repetition_draws() {
    // seed 004: "If the position occurs three times ... then it results in a draw"
    let mut g = at("-6-/8/8/6a1/1A6/8/8/-6- w 0 0 -");
    for _ in 0..2 {
        play(&mut g, &["b4c4", "g5f5", "c4b4", "f5g5"]);
    }
    assert_eq!(
        g.outcome().map(|o| (o.winner(), o.reason)),
        Some((None, "threefold repetition".to_string()))
    );
}

#[test]
fn bad_text_is_refused_with_a_reason() {
    assert!(Ahayuta::from_text("").is_err());
    assert!(Ahayuta::from_text("M6-/8/8/8/8/8/8/-6- w 6 6 -")
        .unwrap_err()
        .to_string()
        .contains("corner"));
    assert!(Ahayuta::from_text("-6-/8/8/8/8/8/8/-6- x 6 6 -").is_err());
    assert!(Ahayuta::from_text("-6-/8/8/8/8/8/8/-6- w 7 6 -").is_err());
    let g = Ahayuta::new();
    assert!(g
        .parse("zz")
        .unwrap_err()
        .to_string()
        .contains("not an Ahayuta move"));
    assert!(g
        .parse("@d2")
        .unwrap_err()
        .to_string()
        .contains("not legal"));
    assert_eq!(g.parse("@d1"), Ok(AMove::Place(sq("d1"))));
    // moves from the a-file are not mistaken for an Ahayuta placement
    let g = at("-6-/8/8/8/8/8/M7/-6- w 0 1 -");
    assert_eq!(g.parse("a2b3"), Ok(AMove::Step(sq("a2"), sq("b3"))));
}

#[test]
fn random_games_end_without_panic() {
    let mut seed = 7u64;
    for _ in 0..300 {
        let mut g = Ahayuta::new();
        for _ in 0..400 {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = moves[(seed % moves.len() as u64) as usize];
            g.play(m);
            let back = Ahayuta::from_text(&g.text()).unwrap();
            assert_eq!(back.text(), g.text());
        }
    }
}
