//! Xiangqi rules beyond move generation (seed 001 §IX): WXF notation and the repetition
//! rulings of RULES.md.

mod common;
use ashta_rules::chess::{ChessGame, Position};
use common::*;

#[test]
fn wxf_matches_fairy_stockfish() {
    // expected strings from pyffish get_san(..., NOTATION_XIANGQI_WXF)
    let cases: &[(&str, &[(&str, &str)])] = &[
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            &[
                ("h3e3", "C2=5"),
                ("b1c3", "H8+7"),
                ("h1g3", "H2+3"),
                ("c1e3", "E7+5"),
                ("d1e2", "A6+5"),
                ("e1e2", "K5+1"),
                ("a4a5", "P9+1"),
                ("i1i2", "R1+1"),
                ("h3h10", "C2+7"),
            ],
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
            &[
                ("h8e8", "C8=5"),
                ("b10c8", "H2+3"),
                ("a7a6", "P1+1"),
                ("e10e9", "K5+1"),
                ("d10e9", "A4+5"),
            ],
        ),
        (
            "4k4/4a4/9/9/9/9/4R4/9/4R4/3AKA3 w - - 0 1",
            &[
                ("e4e5", "R++1"),
                ("e2e3", "R-+1"),
                ("e4d4", "R+=6"),
                ("e2d2", "R-=6"),
            ],
        ),
    ];
    let v = seed("xiangqi", &[]);
    for (fen, moves) in cases {
        let pos = Position::from_fen(v, fen).unwrap();
        for (uci, wxf) in *moves {
            let m = pos.parse_uci(uci).unwrap();
            assert_eq!(pos.wxf(m), *wxf, "{uci} at {fen}");
            assert_eq!(pos.parse_wxf(wxf), Ok(m));
            assert_eq!(
                pos.parse_move(wxf),
                Ok(m),
                "WXF is accepted where moves are read"
            );
        }
    }
    assert_eq!(
        Position::from_fen(v, cases[0].0)
            .unwrap()
            .parse_wxf("C2.5")
            .map(|m| m.to().to_string()),
        Ok("e3".into())
    );
}

#[test]
fn stalemated_side_loses() {
    // seed 001 §IX: "The player that Stalemates their opponent wins the game"
    let g = game_at("xiangqi", "4k4/9/2N6/3R1R3/9/9/9/9/9/3K5 b - - 0 1");
    assert_eq!(moves(&g).len(), 0, "{:?}", moves(&g));
    assert_eq!(result(&g), Some((Some(0), "stalemate".into())));
}

#[test]
fn flying_general_is_illegal() {
    // seed 001 §IX: "It is illegal to make a move that would leave the two Kings facing each other"
    let g = game_at("xiangqi", "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1");
    assert!(
        !moves(&g).iter().any(|m| m.starts_with("e5")),
        "the horse may not leave the file open"
    );
    let g = game_at("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert!(
        !moves(&g).contains(&"d1e1".to_string()),
        "the king may not step onto the open file"
    );
    assert!(moves(&g).contains(&"d1d2".to_string()));
}

#[test]
fn perpetual_check_loses() {
    // RULES.md Xiangqi: perpetual check loses
    let mut g = game_at("xiangqi", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1");
    play(
        &mut g,
        &[
            "e2d2", "d10e10", "d2e2", "e10d10", "e2d2", "d10e10", "d2e2", "e10d10",
        ],
    );
    assert_eq!(result(&g), Some((Some(1), "perpetual check".into())));
}

#[test]
fn repetition_without_check_or_chase_draws() {
    let mut g = game_at("xiangqi", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    play(
        &mut g,
        &[
            "a1a2", "d10d9", "a2a1", "d9d10", "a1a2", "d10d9", "a2a1", "d9d10",
        ],
    );
    assert_eq!(result(&g), Some((None, "repetition".into())));
}

#[test]
fn perpetual_chase_of_an_unprotected_piece_loses() {
    // RULES.md Xiangqi: perpetual chase of one unprotected piece loses. The white rook keeps
    // attacking the black horse, which runs between h10 and g8... here between a10 and b8.
    let mut g = game_at("xiangqi", "n2k5/9/9/9/9/9/9/9/9/1R2K4 w - - 0 1");
    play(
        &mut g,
        &[
            "b1a1", "a10b8", "a1b1", "b8a10", "b1a1", "a10b8", "a1b1", "b8a10",
        ],
    );
    assert_eq!(result(&g), Some((Some(1), "perpetual chase".into())));
}

/// Attacking a soldier that has not crossed the river is no chase (Fairy-Stockfish agrees):
/// Red's cannon goes h3-g3 (at the black soldier on g6, still on Black's side) and back
/// h3 (at the horse on h10); found by `tools/differential.py`.
#[test]
fn attacking_an_uncrossed_soldier_is_no_chase() {
    let mut g = game_at(
        "xiangqi",
        "1nbakabn1/r7r/1c5c1/p1p1p3p/6p2/9/P1P1P1P1P/7C1/1C7/RNBAKABNR b - - 0 1",
    );
    play(
        &mut g,
        &[
            "i9i8", "h3g3", "i8i9", "g3h3", "i9i8", "h3g3", "i8i9", "g3h3",
        ],
    );
    assert_eq!(result(&g), Some((None, "repetition".into())));
}

/// A chase by discovered attack (Fairy-Stockfish agrees; found by `tools/differential.py`):
/// Red's cannon leaving f10 uncovers the g10 cannon's attack on the unprotected elephant on
/// c10 over the d10 advisor, and covers it again coming back; Black shuffles its chariot.
/// Red, who chases every move, loses.
#[test]
fn a_chase_by_discovered_attack_loses() {
    let mut g = game_at(
        "xiangqi",
        "rnba1CC2/4k4/6r2/p7p/2p1p4/c8/2P1P1P1P/B7B/1c1N5/R2AKA1NR b - - 0 41",
    );
    play(
        &mut g,
        &[
            "g8h8", "f10f2", "h8g8", "f2f10", "g8h8", "f10f2", "h8g8", "f2f10",
        ],
    );
    assert_eq!(result(&g), Some((Some(1), "perpetual chase".into())));
}

/// Chases Fairy-Stockfish does not count (found by `tools/differential.py`): a rook
/// attacking a rook that can take it back (pieces attacking each other), and attacks that
/// fall on different pieces from move to move (one piece must be chased throughout).
#[test]
fn mutual_attacks_and_changing_targets_are_no_chase() {
    let cases: [(&str, &[&str]); 2] = [
        (
            "2b1kabnr/4a4/9/1r1c5/2p3p1p/p1P1p1BR1/R5P1P/3A4N/N7C/3AK1B2 w - - 0 186",
            &[
                "a4b4", "d7d8", "b4a4", "d8d7", "a4b4", "d7d8", "b4a4", "d8d7",
            ],
        ),
        (
            "1r1a2b1C/3C1k3/4ba2n/2p1p4/p3P4/8P/N1n3p2/2c1B4/9/2BcKA2R w - - 0 132",
            &[
                "a4b6", "d1d7", "b6a4", "i8g9", "a4b6", "g9i8", "b6a4", "i8g9", "a4b6", "g9i8",
            ],
        ),
    ];
    for (fen, moves) in cases {
        let mut g = game_at("xiangqi", fen);
        play(&mut g, moves);
        assert_eq!(result(&g), Some((None, "repetition".into())), "{fen}");
    }
}

#[test]
fn records_replay_with_wxf_or_san() {
    let mut g = ChessGame::new(seed("xiangqi", &[]));
    play(&mut g, &["C2=5", "H8+7", "h1g3"]);
    assert_eq!(g.moves().len(), 3);
}

fn fsf_game(fen: &str) -> ChessGame {
    let v = ashta_rules::chess::variant("xiangqi", Some("fairy-stockfish"), &[]).unwrap();
    ChessGame::from_position(Position::from_fen(v, fen).unwrap())
}

/// Fairy-Stockfish's Xiangqi keeps a 50-move rule (the seed's rules have none), lengthened by
/// two plies for every check beyond ten by the side that checked more often (found by
/// `tools/differential.py`: it decides before a repetition does).
#[test]
fn fairy_stockfish_move_rule_with_its_allowance_for_checks() {
    let quiet = ["a1a2", "d10d9", "a2a1", "d9d10"];
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 96 60";
    let mut g = fsf_game(fen);
    play(&mut g, &quiet[..3]);
    assert_eq!(result(&g), None);
    play(&mut g, &quiet[3..]);
    assert_eq!(result(&g), Some((None, "move rule".into())));
    let mut seed = game_at("xiangqi", fen);
    play(&mut seed, &quiet);
    assert_eq!(result(&seed), None, "no move rule in the seed's Xiangqi");
    // White checks eleven times in 21 plies (pyffish 0.0.90 agrees at each end): from 80
    // plies, the twentieth ply (ten checks) reaches 100 and draws; from 79, the 21st reaches
    // 100 with the eleventh check, which lengthens the rule by two plies
    let checks = [
        "a1e1", "e10d10", "e1d1", "d10e10", "a2a10", "e10e9", "a10a9", "e9e8", "a9a8", "e8e9",
        "d1e1", "e9d9", "e1e9", "d9d10", "e9e10", "d10d9", "e10d10", "d9e9", "a8a9", "e9e8",
        "a9e9",
    ];
    let mut g = fsf_game("4k4/9/9/9/9/9/9/9/R8/R4K3 w - - 80 60");
    play(&mut g, &checks[..20]);
    assert_eq!(result(&g), Some((None, "move rule".into())));
    let mut g = fsf_game("4k4/9/9/9/9/9/9/9/R8/R4K3 w - - 79 60");
    play(&mut g, &checks);
    assert_eq!(result(&g), None, "eleven checks lengthen the rule");
}
