//! Ashtapada: seed 002's 27 rules (ruleset kile) and seed 001 appendix I (ashta-kashte).

use ashta_rules::ashtapada::{Ashtapada, Move, Ruleset, Spot, THROWS};
use ashta_rules::{Game, Turn};
use ashtapada_helpers::*;

mod ashtapada_helpers {
    use super::*;
    pub fn at(t: &str) -> Ashtapada {
        Ashtapada::from_text(t).unwrap_or_else(|e| panic!("{t}: {e}"))
    }
    pub fn plans(g: &Ashtapada) -> Vec<String> {
        let mut v: Vec<String> = g
            .legal_moves()
            .into_iter()
            .map(|m| g.move_text(m))
            .collect();
        v.sort();
        v
    }
    pub fn play(g: &mut Ashtapada, texts: &[&str]) {
        for t in texts {
            let m = g
                .parse_move(t)
                .unwrap_or_else(|e| panic!("{t}: {e} (plans {:?})", plans(g)));
            g.play(m);
        }
    }
    pub struct Rng(pub u64);
    impl Rng {
        pub fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        pub fn unit(&mut self) -> f64 {
            (self.next() >> 11) as f64 / (1u64 << 53) as f64
        }
    }
    /// Plays `g` on (at most `cap` plies), throws and plans drawn uniformly from `rng`,
    /// calling `visit` at each seat's turn before its plan is drawn.
    pub fn walk(
        g: &mut Ashtapada,
        rng: &mut Rng,
        cap: usize,
        mut visit: impl FnMut(&Ashtapada, usize),
    ) {
        for _ in 0..cap {
            match g.turn() {
                Turn::Over => return,
                Turn::Chance => {
                    let outcomes = g.chance_outcomes();
                    let m = outcomes[(rng.next() % outcomes.len() as u64) as usize].0;
                    g.play(m);
                }
                Turn::Seat(p) => {
                    visit(g, p);
                    let moves = g.legal_moves();
                    g.play(moves[(rng.next() % moves.len() as u64) as usize]);
                }
            }
        }
    }
    /// Plays a random game; returns the plies played and counts of each throw.
    pub fn random_game(
        g: &mut Ashtapada,
        rng: &mut Rng,
        cap: usize,
        counts: &mut [u64; 9],
    ) -> usize {
        for ply in 0..cap {
            match g.turn() {
                Turn::Over => return ply,
                Turn::Chance => {
                    let mut x = rng.unit();
                    let outcomes = g.chance_outcomes();
                    let mut pick = outcomes[0].0;
                    for (m, p) in outcomes {
                        pick = m;
                        if x < p {
                            break;
                        }
                        x -= p;
                    }
                    if let Move::Throw(v) = pick {
                        counts[v as usize] += 1;
                    }
                    g.play(pick);
                }
                Turn::Seat(_) => {
                    let moves = g.legal_moves();
                    let m = moves[(rng.next() % moves.len() as u64) as usize];
                    g.play(m);
                }
            }
        }
        cap
    }
}

#[test]
fn rules_1_to_3_start_off_board_throws_and_highest_starts() {
    // 1: "The game begins with all the pieces off the board"
    let mut g = Ashtapada::new(Ruleset::Kile, 2);
    assert_eq!(g.text(), "kile S:-,-/N:-,- S start:-,-");
    // 2: four shells, mouths up counted, none = 8, with binomial odds
    let odds: Vec<(u8, f64)> = g
        .chance_outcomes()
        .into_iter()
        .map(|(m, p)| (if let Move::Throw(v) = m { v } else { 0 }, p))
        .collect();
    assert_eq!(odds, THROWS.to_vec());
    assert_eq!(odds.iter().map(|x| x.1).sum::<f64>(), 1.0);
    // 3: "The player who throws highest starts the game"
    play(&mut g, &["throw 2", "throw 4"]);
    assert_eq!(g.text(), "kile S:-,-/N:-,- N -");
    let mut tie = Ashtapada::new(Ruleset::Kile, 2);
    play(&mut tie, &["throw 3", "throw 3", "throw 1", "throw 2"]);
    assert_eq!(tie.current(), 1, "a tie is thrown again");
}

#[test]
fn rules_4_to_7_series_until_two_or_three_entry_on_one_discard_before_one() {
    // 4: throw until a two or three; 5: then move, using the throws in any order
    let mut g = at("kile S:-,-/N:-,- S -");
    play(&mut g, &["throw 4", "throw 1", "throw 8"]);
    assert_eq!(g.turn(), Turn::Chance, "the series goes on");
    play(&mut g, &["throw 3"]);
    // 7: with no piece on the board the 4 before the 1 is discarded; 6: entry only with a 1
    assert_eq!(g.throws(), [1, 8, 3]);
    assert_eq!(plans(&g), ["enter, e1:8+3"]);
    // without a 1 nothing enters and the turn passes
    let mut g = at("kile S:-,-/N:-,- S -");
    play(&mut g, &["throw 4", "throw 2"]);
    assert_eq!(g.text(), "kile S:-,-/N:-,- N -");
}

#[test]
fn rules_8_to_11_and_13_sums_one_move_per_piece_enter_and_advance_all_throws_used() {
    // 8: throws used individually or combined; 10: a piece moves once per turn;
    // 11: a 1 may enter a piece that then advances; 13: every throw used if possible
    let g = at("kile S:e2,-/N:-,- S 1,2");
    assert_eq!(plans(&g), ["e2:1+2", "enter, e1:2", "enter, e2:2"]);
    // 9: the order of the throws does not matter (13: here the 4 and the 2 go together)
    assert_eq!(plans(&at("kile S:e2,keep/N:-,- S 4,2")), ["e2:4+2"]);
    // 13: a throw that cannot be used is lost (c3 needs exactly 2 for the keep)
    assert_eq!(plans(&at("kile S:c3,keep/N:-,- S 4,2")), ["c3:2"]);
}

#[test]
fn rules_12_and_14_paths_and_any_number_on_a_square() {
    // 12: each player's path starts on the own right-hand X square (South e1, North d8)
    let g = at("kile S:-,-/N:-,- N 1,2");
    assert!(
        plans(&g).contains(&"enter, d8:2".to_string()),
        "{:?}",
        plans(&g)
    );
    // 14: two own pieces may share a square
    let mut g = at("kile S:h2,h4/N:-,- S 2");
    play(&mut g, &["h2:2"]);
    assert_eq!(g.pieces(0), [Spot::Path(6), Spot::Path(6)], "both on h4");
}

#[test]
fn rules_15_to_19_safe_squares_capture_reentry_and_another_turn() {
    // 17-18: landing on an enemy single off the X squares sends it back to re-enter;
    // 19: a capture earns another turn
    let mut g = at("kile S:e1,-/N:g1,- S 2");
    play(&mut g, &["e1:2"]);
    assert_eq!(g.pieces(1)[0], Spot::Hand);
    assert_eq!(g.current(), 0, "South throws again");
    assert_eq!(g.turn(), Turn::Chance);
    // 15: a piece on an X square is safe (h1 is marked)
    let mut g = at("kile S:f1,-/N:h1,- S 2");
    play(&mut g, &["f1:2"]);
    assert!(
        g.pieces(1).iter().any(|s| *s != Spot::Hand),
        "h1's piece stays"
    );
    assert_eq!(g.current(), 1, "no capture, no extra turn");
}

#[test]
fn rules_16_and_20_to_22_twins() {
    // 20: twins are captured only by twins; a single landing on them shares the square
    let mut g = at("kile S:e1,-/N:g1,g1 S 2");
    play(&mut g, &["e1:2"]);
    assert!(
        g.pieces(1).iter().all(|s| *s != Spot::Hand),
        "the single shares the twins' square"
    );
    assert_eq!(g.current(), 1);
    // 21-22: twins capture twins (both go back) and singles
    let mut g = at("kile S:e1,e1/N:g1,g1 S 2");
    play(&mut g, &["twins e1:2"]);
    assert_eq!(g.pieces(1), [Spot::Hand, Spot::Hand]);
}

#[test]
fn rules_23_to_27_keep_by_exact_throw_bearing_off_and_winning() {
    // 23: the keep by an exact throw only (d3 is the last square before the keep)
    let g = at("kile S:d3,keep/N:-,- S 4,2");
    assert!(
        !plans(&g).iter().any(|p| p.contains("d3:4")),
        "{:?}",
        plans(&g)
    );
    let g = at("kile S:c3,keep/N:-,- S 2");
    assert_eq!(plans(&g), ["c3:2"]);
    // 24: twins entering the keep are two pieces there
    let mut g = at("kile S:c3,c3/N:-,- S 2");
    play(&mut g, &["twins c3:2"]);
    assert_eq!(g.pieces(0), [Spot::Keep, Spot::Keep]);
    // 25-26: with all pieces in the keep, each 1 bears one off; 27: the first to bear off all wins
    let mut g = at("kile S:keep,keep/N:-,- S 1,1,2");
    assert_eq!(plans(&g), ["off, off"]);
    play(&mut g, &["off, off"]);
    assert_eq!(g.outcome().map(|o| o.payoffs), Some(vec![1.0, 0.0]));
}

#[test]
fn ashta_kashte_entry_doubles_resting_squares_and_exact_end() {
    // seed 001 appendix: a piece enters on any throw, at the square of its number (h1 = 1)
    let mut g = at("ashta-kashte S:-,-,-,-/N:-,-,-,- S -");
    play(&mut g, &["throw 3"]);
    assert_eq!(plans(&g), ["enter"]);
    play(&mut g, &["enter"]);
    assert_eq!(g.text(), "ashta-kashte S:h3,-,-,-/N:-,-,-,- N -");
    // doubles block single pieces from passing, own or enemy
    let g = at("ashta-kashte S:h2,h4,h4,-/N:-,-,-,- S 3");
    assert!(
        !plans(&g).iter().any(|p| p.starts_with("h2:")),
        "{:?}",
        plans(&g)
    );
    assert!(plans(&g).contains(&"twins h4:3".to_string()));
    // a piece cannot land on an opponent's piece on a resting square (h4 is marked)
    let g = at("ashta-kashte S:h2,-,-,-/N:h4,-,-,- S 2");
    assert!(!plans(&g).iter().any(|p| p.starts_with("h2:")));
    // the end square only by a direct throw; all four there wins
    let mut g = at("ashta-kashte S:e3,keep,keep,keep/N:-,-,-,- S 1");
    assert_eq!(plans(&g), ["e3:1"]);
    play(&mut g, &["e3:1"]);
    assert_eq!(g.outcome().and_then(|o| o.winner()), Some(0));
    let g = at("ashta-kashte S:d3,keep,keep,keep/N:-,-,-,- S 4");
    assert_eq!(
        g.turn(),
        Turn::Chance,
        "a throw too large: the turn is lost"
    );
}

#[test]
fn positions_round_trip_and_bad_text_is_refused() {
    for t in [
        "kile S:-,e1/W:keep,off/N:c3,c3/E:-,- W -",
        "ashta-kashte S:h1,-,-,keep/N:-,-,-,- N -",
    ] {
        assert_eq!(at(t).text(), t);
    }
    assert!(Ashtapada::from_text("kile S:-,-").is_err());
    assert!(Ashtapada::from_text("kile S:-,-/N:-,x9 S -").is_err());
    assert!(Ashtapada::from_text("kile S:-,-/N:-,- S 5").is_err());
    assert!(Ashtapada::from_text("chess S:-,-/N:-,- S -").is_err());
    // states no game reaches: impossible opening throws, pieces out before the start
    // throws, two seats home (the first one home ends the game)
    let start = Ashtapada::new(Ruleset::Kile, 2).text();
    assert!(start.contains("start:"), "{start}");
    let e = Ashtapada::from_text(&start.replace("start:-,-", "start:9,200"))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("start throws are"), "{e}");
    let home = Ashtapada::from_text(&start).unwrap();
    let n = home.pieces(0).len();
    let all_off = vec!["off"; n].join(",");
    let both = format!("kile S:{all_off}/N:{all_off} S -");
    let e = Ashtapada::from_text(&both).err().unwrap().to_string();
    assert!(e.contains("only one seat"), "{e}");
    let one = format!("kile S:{all_off}/N:{} S -", vec!["-"; n].join(","));
    assert!(Ashtapada::from_text(&one).unwrap().outcome().is_some());
    let g = at("kile S:-,-/N:-,- S -");
    assert!(g.parse_move("enter").is_err());
    assert!(g.parse_move("throw 5").is_err());
}

#[test]
fn random_games_finish_and_throws_follow_the_odds() {
    for (rules, players) in [
        (Ruleset::Kile, 2),
        (Ruleset::Kile, 4),
        (Ruleset::AshtaKashte, 2),
        (Ruleset::AshtaKashte, 4),
    ] {
        let mut rng = Rng(0x5EED ^ players as u64);
        let mut counts = [0u64; 9];
        let mut finished = 0;
        for _ in 0..300 {
            let mut g = Ashtapada::new(rules, players);
            random_game(&mut g, &mut rng, 20_000, &mut counts);
            if g.outcome().is_some() {
                finished += 1;
            }
            let back = Ashtapada::from_text(&g.text()).unwrap();
            assert_eq!(back.text(), g.text());
        }
        assert_eq!(finished, 300, "{rules:?} {players}");
        let total: u64 = counts.iter().sum();
        for (v, p) in THROWS {
            let observed = counts[v as usize] as f64 / total as f64;
            let sigma = (p * (1.0 - p) / total as f64).sqrt();
            assert!(
                (observed - p).abs() < 5.0 * sigma,
                "{rules:?}: throw {v}: {observed} vs {p}"
            );
        }
    }
}

/// Rule 13's search skips the orders of advances that reach a position it has explored
/// already; the plans it lists, in order, are those found by trying every order.
#[test]
fn kile_plans_equal_those_found_in_every_order() {
    let mut rng = Rng(0xC0FFEE);
    let mut compared = 0;
    for players in 2..=4 {
        for _ in 0..150 {
            let mut g = Ashtapada::new(Ruleset::Kile, players);
            walk(&mut g, &mut rng, 5_000, |g, _| {
                assert_eq!(g.plans(), g.plans_in_every_order(), "{}", g.text());
                compared += usize::from(g.plans().len() > 1);
            });
        }
    }
    assert!(compared > 1_000, "only {compared} decisions with a choice");
}
/// Pieces of one player are alike: moving one or the other of two pieces on a square is
/// one choice, listed once.
#[test]
fn alike_pieces_on_one_square_give_one_plan() {
    let g = at("kile S:h4,h4/N:-,- S 3");
    assert_eq!(plans(&g), ["h4:3", "twins h4:3"]);
    let g = at("ashta-kashte S:h2,h4,h4,-/N:-,-,-,- S 3");
    assert_eq!(plans(&g), ["enter", "h4:3", "twins h4:3"]);
}

#[test]
fn a_playout_reaches_what_move_by_move_play_reaches() {
    // Game::playout plays Ashta-kashte turns without listing plans: the same draws must
    // give the same game, also when the ply cap falls inside a turn
    use ashta_rules::{play_randomly, Dice};
    for rules in [Ruleset::Kile, Ruleset::AshtaKashte] {
        for players in 2..=4 {
            for seed in 0..60u64 {
                let cap = if seed % 3 == 0 {
                    100_000
                } else {
                    (seed * 37 % 400) as usize
                };
                let (mut fast, mut slow) = (
                    Ashtapada::new(rules, players),
                    Ashtapada::new(rules, players),
                );
                let (mut d1, mut d2) = (Dice::new(seed), Dice::new(seed));
                let n1 = fast.playout(&mut d1, cap);
                let n2 = play_randomly(&mut slow, &mut d2, cap);
                let label = format!("{} {players} seed {seed} cap {cap}", rules.name());
                assert_eq!(n1, n2, "{label}: plies");
                assert_eq!(fast, slow, "{label}: the game");
                assert_eq!(d1.unit(), d2.unit(), "{label}: the draws used");
                if cap == 100_000 {
                    assert!(fast.outcome().is_some(), "{label}: finished");
                }
            }
        }
    }
}

/// A seat of a game of three or four resigns and leaves: its pieces leave the board, it
/// has no more turns, the others race on and the last one left wins; in a game of two,
/// or before the opening throws, there is no leaving.
#[test]
fn a_resigning_seat_leaves_a_game_of_three_and_the_others_play_on() {
    let mut g = at("kile S:-,e1/W:c1,-/N:c3,c3 W -");
    assert_eq!(g.current(), 1);
    g.resign(1).unwrap();
    assert!(g.has_resigned(1));
    assert_eq!(
        g.pieces(1),
        vec![Spot::Hand, Spot::Hand],
        "its pieces leave the board"
    );
    assert_eq!(g.current(), 2, "the turn passes over it");
    assert_eq!(g.text(), "kile S:-,e1/W!:-,-/N:c3,c3 N -");
    assert_eq!(at(&g.text()), g);
    assert!(g.resign(1).is_err(), "once");
    // the turns go round without it
    play(&mut g, &["throw 2"]);
    while g.turn() != Turn::Chance {
        let m = g.legal_moves()[0];
        g.play(m);
    }
    assert_ne!(g.current(), 1);
    // a resignation by a seat not to act leaves the one to act throwing
    let before = g.current();
    let other = if before == 0 { 2 } else { 0 };
    g.resign(other).unwrap();
    let o = g.outcome().expect("the last player left wins");
    assert_eq!(o.winner(), Some(before));
    assert!(o.reason.contains("last player left"), "{}", o.reason);
    assert!(at(&g.text()).outcome().is_some());
    // no leaving a game of two, or before the opening throws
    assert!(at("kile S:-,e1/N:c3,c3 S -").resign(0).is_err());
    assert!(Ashtapada::new(Ruleset::Kile, 3).resign(0).is_err());
    // impossible texts
    assert!(Ashtapada::from_text("kile S!:-,e1/N:c3,c3 N -").is_err());
    assert!(Ashtapada::from_text("kile S:-,e1/W!:c1,-/N:c3,c3 S -").is_err());
    assert!(Ashtapada::from_text("kile S:-,e1/W!:-,-/N:c3,c3 W -").is_err());
}

/// Random four-seat games where seats resign along the way end, and every position's text
/// reads back.
#[test]
fn four_seat_games_with_resignations_end_and_read_back() {
    let mut rng = Rng(5);
    for rules in [Ruleset::Kile, Ruleset::AshtaKashte] {
        for game in 0..20 {
            let mut g = Ashtapada::new(rules, 4);
            for ply in 0..4000 {
                if g.outcome().is_some() {
                    break;
                }
                if ply % 97 == 50 + game {
                    let _ = g.resign((rng.next() % 4) as usize);
                    assert_eq!(at(&g.text()).text(), g.text());
                    continue;
                }
                let m = match g.turn() {
                    Turn::Chance => {
                        let t = THROWS[(rng.next() % THROWS.len() as u64) as usize].0;
                        g.parse_move(&format!("throw {t}")).unwrap()
                    }
                    _ => {
                        let ms = g.legal_moves();
                        ms[(rng.next() % ms.len() as u64) as usize]
                    }
                };
                assert!(!g.has_resigned(g.current()) || g.turn() == Turn::Over);
                g.play(m);
            }
            assert!(g.outcome().is_some(), "{rules:?} game {game} ends");
        }
    }
}

/// The page moves a plan step by step, piece by piece: each step's squares
/// (`plan_squares`), played on the mover's pieces, give the position the plan leads to.
#[test]
fn plan_squares_lead_where_the_plan_leads() {
    use ashta_rules::ashtapada::Step;
    let mut rng = Rng(0x57E95);
    let mut steps_seen = [0usize; 3];
    for rules in [Ruleset::Kile, Ruleset::AshtaKashte] {
        for players in [2, 4] {
            for _ in 0..40 {
                let mut g = Ashtapada::new(rules, players);
                walk(&mut g, &mut rng, 3_000, |g, p| {
                    let squares = |g: &Ashtapada| {
                        let mut v: Vec<Option<u8>> =
                            g.pieces(p).iter().map(|&s| g.square(p, s)).collect();
                        v.retain(|s| s.is_some());
                        v.sort();
                        v
                    };
                    let moves = g.legal_moves();
                    for (i, plan) in g.plans().iter().enumerate() {
                        let mut on = squares(g);
                        for (step, from, to) in g.plan_squares(plan) {
                            let n = match &step {
                                Step::Advance { twins: true, .. } => 2,
                                _ => 1,
                            };
                            steps_seen[match step {
                                Step::Enter => 0,
                                Step::Advance { .. } => 1,
                                Step::BearOff => 2,
                            }] += 1;
                            for _ in 0..n {
                                if let Some(f) = from {
                                    let k = on.iter().position(|&s| s == Some(f));
                                    let k = k
                                        .unwrap_or_else(|| panic!("{}: no piece on {f}", g.text()));
                                    on.remove(k);
                                }
                                if to.is_some() {
                                    on.push(to);
                                }
                            }
                        }
                        on.sort();
                        let mut after = g.clone();
                        after.play(moves[i]);
                        assert_eq!(on, squares(&after), "{} plan {i}", g.text());
                    }
                });
            }
        }
    }
    assert!(steps_seen.iter().all(|&n| n > 50), "{steps_seen:?}");
}
