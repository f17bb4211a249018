//! Rules Fairy-Stockfish does not know, each pinned by the seed rule it implements
//! (seed 000 for Asha, seed 001 by section for the others, as RULES.md reads them).

mod common;
use ashta_rules::chess::games::asha::symbol_name;
use ashta_rules::chess::{variant, ChessGame, Position};
use ashta_rules::geometry::{Color, Square};
use ashta_rules::Game;
use common::*;

const STALEMATE_BLACK_TO_MOVE: &str = "k7/2K4p/2N4P/8/8/8/8/8 b - - 0 1";

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

// ---- Chaturanga, seed 001 §I ----

#[test]
fn chaturanga_kings_stand_on_each_players_right() {
    // seed 001 §I: "the King is always placed in the central square that is on the player's right"
    let g = ChessGame::new(seed("chaturanga", &[]));
    let kind = |s| piece_id(&g, s);
    assert_eq!(kind("e1"), Some("king"));
    assert_eq!(kind("d8"), Some("king"));
    assert_eq!(kind("d1"), Some("fers"));
    assert_eq!(kind("e8"), Some("fers"));
}

#[test]
fn chaturanga_king_leaps_once_per_game() {
    // seed 001 §I: the king "has the right to make one knight-move / capture during the game"
    let mut g = ChessGame::new(seed("chaturanga", &[]));
    let m = moves(&g);
    assert!(
        m.contains(&"e1d3".to_string()) && m.contains(&"e1f3".to_string()),
        "{m:?}"
    );
    play(&mut g, &["e1d3", "a7a6"]);
    let knightish = |g: &ChessGame| {
        moves(g)
            .into_iter()
            .filter(|m| {
                let (a, b) = (sq(&m[..2]), sq(&m[2..4]));
                g.position().piece_at(a).map(|p| p.kind) == Some(g.variant().king())
                    && a.file().abs_diff(b.file()) + a.rank().abs_diff(b.rank()) == 3
            })
            .collect::<Vec<_>>()
    };
    assert!(knightish(&g).is_empty(), "{:?}", knightish(&g));
    // Black still has its leap
    play(&mut g, &["a2a3"]);
    assert!(moves(&g).contains(&"d8e6".to_string()) || moves(&g).contains(&"d8c6".to_string()));
}

#[test]
fn chaturanga_king_once_checked_cannot_leap() {
    // seed 001 §I: "provided that he hasn't been checked before he makes his knight-move"
    let mut g = game_at("chaturanga", "3k4/8/8/8/7P/8/r7/4K3 b Ed - 0 1");
    play(&mut g, &["a2a1", "e1e2", "d8c8"]);
    let leaps: Vec<_> = moves(&g)
        .into_iter()
        .filter(|m| ["e2c3", "e2c1", "e2d4", "e2f4", "e2g3", "e2g1"].contains(&m.as_str()))
        .collect();
    assert!(leaps.is_empty(), "{leaps:?}");
    assert!(!g.position().leap_available(Color::White));
    // a check by the knight, and one it uncovers by moving off the rook's rank, alike
    for (fen, check) in [
        ("3k4/8/8/8/7P/8/8/2n1K3 b Ed - 0 1", "c1d3"),
        ("3k4/8/8/8/7P/8/8/r1n1K3 b Ed - 0 1", "c1b3"),
    ] {
        let mut g = game_at("chaturanga", fen);
        assert!(g.position().leap_available(Color::White));
        play(&mut g, &[check, "e1e2", "d8c8"]);
        assert!(!g.position().leap_available(Color::White), "after {check}");
    }
}

#[test]
fn chaturanga_promotion_only_to_a_lost_type_of_the_square() {
    // seed 001 §I: promotion only "to the type of piece that was on the promotion-square in the
    // opening setup", and only when "the player already lost a piece of the type"
    let lost_rook = game_at("chaturanga", "1n1kqbnr/P7/8/8/8/8/8/1NBQKBNR w - - 0 1");
    assert!(moves(&lost_rook).contains(&"a7a8r".to_string()));
    assert!(!moves(&lost_rook).contains(&"a7a8".to_string()));
    let all_rooks = game_at("chaturanga", "1n1kqbnr/P7/8/8/8/8/8/RNBQKBNR w - - 0 1");
    assert!(moves(&all_rooks).contains(&"a7a8".to_string()));
    assert!(!moves(&all_rooks)
        .iter()
        .any(|m| m.starts_with("a7a8") && m.len() == 5));
    // the enemy king's square (d8) never promotes
    let kings_square = game_at("chaturanga", "rnb1qbn1/3P4/8/7k/8/8/8/RNBQKBN1 w - - 0 1");
    assert!(moves(&kings_square).contains(&"d7d8".to_string()));
    assert!(!moves(&kings_square)
        .iter()
        .any(|m| m.starts_with("d7d8") && m.len() == 5));
}

#[test]
fn chaturanga_bare_king_and_stalemate() {
    // seed 001 §I: "Bare King counts as a Win"; "The player that Stalemates their opponent loses"
    let mut g = game_at("chaturanga", "3k4/8/8/8/8/8/r7/R3K3 w - - 0 1");
    assert_eq!(result(&g), None);
    play(&mut g, &["a1a2"]);
    assert_eq!(result(&g), Some((Some(0), "bare king".into())));
    assert_eq!(
        result(&game_at("chaturanga", "3k4/8/8/8/8/8/8/4K3 w - - 0 1")).map(|r| r.0),
        Some(None)
    );
    let stalemate = game_at("chaturanga", STALEMATE_BLACK_TO_MOVE);
    assert_eq!(
        result(&stalemate).map(|r| r.0),
        Some(Some(1)),
        "the stalemated side wins"
    );
}

#[test]
fn chaturanga_elephant_option() {
    // RULES.md: option elephant=alfil|dabbaba|silver (al-Adli's and Biruni's readings)
    let fen = "3k4/7p/8/8/3B4/8/8/4K3 w - - 0 1";
    let count = |opt: &str| {
        let g =
            ChessGame::from_position(Position::from_fen(seed("chaturanga", &[opt]), fen).unwrap());
        moves(&g).iter().filter(|m| m.starts_with("d4")).count()
    };
    assert_eq!(count("elephant=alfil"), 4);
    assert_eq!(count("elephant=dabbaba"), 4);
    assert_eq!(count("elephant=silver"), 5);
    let opts = vec!["elephant=dabbaba".to_string()];
    let v = variant("chaturanga", None, &opts).unwrap();
    let g = ChessGame::from_position(Position::from_fen(v, fen).unwrap());
    assert!(moves(&g).contains(&"d4d6".to_string()));
}

// ---- Shatranj, seed 001 §II ----

#[test]
fn shatranj_stalemating_wins() {
    // seed 001 §II: "The player that Stalemates their opponent wins the game"
    assert_eq!(
        result(&game_at("shatranj", STALEMATE_BLACK_TO_MOVE)).map(|r| r.0),
        Some(Some(0))
    );
}

#[test]
fn shatranj_bare_king_unless_bared_back() {
    // seed 001 §II: "Bare King counts as a Win, provided that your King cannot be bared on the
    // very next move"; "Two bare Kings count as a Draw"
    let mut g = game_at("shatranj", "8/8/8/8/8/2k5/1r6/1R5K w - - 0 1");
    play(&mut g, &["b1b2"]);
    assert_eq!(result(&g), None, "Black can bare White back");
    play(&mut g, &["c3b2"]);
    assert_eq!(result(&g), Some((None, "two bare kings".into())));
    let mut g = game_at("shatranj", "8/8/8/8/8/3k4/1r6/1R5K w - - 0 1");
    play(&mut g, &["b1b2"]);
    assert_eq!(result(&g), Some((Some(0), "bare king".into())));
}

#[test]
fn shatranj_under_fairy_stockfish_bare_king_without_bare_back() {
    // Fairy-Stockfish's shatranj (its extinction rule): the bare side to move has lost at
    // once when the other side has two pieces besides its king, since no reply could bare
    // it back; with one piece it gets its reply
    let fsf = variant("shatranj", Some("fairy-stockfish"), &[]).unwrap();
    let at = |fen: &str| ChessGame::from_position(Position::from_fen(fsf, fen).unwrap());
    let g = at("8/4k3/2K5/5p2/8/1r6/8/8 w - - 0 69");
    assert!(g.legal_moves().is_empty());
    let o = g.outcome().expect("over");
    assert_eq!(o.payoffs, vec![0.0, 1.0], "{o:?}");
    let mut g = at("8/4k3/2K5/8/8/1r6/8/8 w - - 0 69");
    assert!(
        !g.legal_moves().is_empty(),
        "one piece: White may still bare Black back"
    );
    g.play_text("c6c5").unwrap();
    assert_eq!(g.outcome().map(|o| o.payoffs), Some(vec![0.0, 1.0]));
}

// ---- Senterej, seed 001 §III ----

#[test]
fn senterej_promotes_to_a_captured_piece() {
    // seed 001 §III: "A pawn reaching the last row could be replaced by any of the player's
    // pieces, which had by then been captured"
    let g = game_at("senterej", "3k4/P7/8/8/8/8/8/4K3 w - - 0 1");
    let promos: Vec<_> = moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("a7a8"))
        .collect();
    assert_eq!(promos, ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
    let g = game_at(
        "senterej",
        "1nbkqbnr/P7/8/8/8/8/1PPPPPPP/RNBQKBNR w - - 0 1",
    );
    let promos: Vec<_> = moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("a7a8"))
        .collect();
    assert_eq!(promos, ["a7a8"], "nothing captured: the pawn stays a pawn");
}

#[test]
fn senterej_stalemate_draws_and_bare_king_seven_moves() {
    // seed 001 §III: "Stalemate counts as a draw"; a bare king able "to make seven moves
    // without being checkmated" draws
    assert_eq!(
        result(&game_at("senterej", STALEMATE_BLACK_TO_MOVE)).map(|r| r.0),
        Some(None)
    );
    let mut g = game_at("senterej", "3k4/8/8/8/8/8/8/R6K b - - 0 1");
    play(
        &mut g,
        &[
            "d8d7", "h1h2", "d7d6", "h2h3", "d6d5", "h3h4", "d5d4", "h4h5", "d4d3", "h5h6", "d3d2",
            "h6h7",
        ],
    );
    assert_eq!(result(&g), None);
    play(&mut g, &["d2e2"]);
    assert_eq!(
        result(&g),
        Some((None, "bare king made seven moves".into()))
    );
}

// ---- Ninth-century Indian chess, seed 001 §IV ----

#[test]
fn ninth_century_setup_dabbaba_and_stalemate() {
    // seed 001 §IV: dabbabahs on the edges, jumping "exactly two squares orthogonally"
    let g = ChessGame::new(seed("ninth-century", &[]));
    assert_eq!(
        g.position().fen(),
        "enrfkrne/pppppppp/8/8/8/8/PPPPPPPP/ENRFKRNE w - - 0 1"
    );
    assert!(moves(&g).contains(&"a1a3".to_string()));
    // "The player that Stalemates their opponent loses the game"
    assert_eq!(
        result(&game_at("ninth-century", STALEMATE_BLACK_TO_MOVE)).map(|r| r.0),
        Some(Some(1))
    );
    // "Bare King counts as a Win"
    assert_eq!(
        result(&game_at("ninth-century", "3k4/8/8/8/8/8/8/R3K3 b - - 0 1")).map(|r| r.0),
        Some(Some(0))
    );
}

// ---- Sittuyin, seed 001 §V ----

#[test]
fn sittuyin_setup_white_places_all_then_black() {
    // RULES.md Sittuyin: "Setup phase: White places all its pieces, then Black"
    let mut g = ChessGame::new(seed("sittuyin", &[]));
    for i in 0..8 {
        assert_eq!(g.position().side_to_move(), Color::White, "drop {i}");
        let m = g.legal_moves()[0];
        g.play(m);
    }
    assert_eq!(g.position().side_to_move(), Color::Black);
    // White's pieces stand behind its pawns: ranks 1-2 on files a-d, 1-3 on e-h
    for s in g.position().color_bb(Color::White) {
        let behind = if s.file() < 4 {
            s.rank() < 2
        } else {
            s.rank() < 3
        };
        assert!(
            behind
                || g.position()
                    .piece_at(s)
                    .map(|p| g.variant().is_pawn(p.kind))
                    == Some(true)
        );
    }
    for _ in 0..8 {
        assert_eq!(g.position().side_to_move(), Color::Black);
        let m = g.legal_moves()[0];
        g.play(m);
    }
    assert_eq!(g.position().side_to_move(), Color::White);
    assert!(!g.position().in_setup());
}

#[test]
fn sittuyin_black_rooks_respect_the_objection_rule() {
    // seed 001 §V: the first player may object if the second places "two rooks at the same
    // column" or "one rook on the column facing the first player's king"
    let g = game_at(
        "sittuyin",
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/3KF1R1[r] b - - 0 1",
    );
    let rook_drops: Vec<_> = moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("R@"))
        .collect();
    assert!(
        !rook_drops.iter().any(|m| m.starts_with("R@d")),
        "{rook_drops:?}"
    );
    let g = game_at(
        "sittuyin",
        "5r2/8/4pppp/pppp4/4PPPP/PPPP4/8/3KF1R1[r] b - - 0 1",
    );
    let rook_drops: Vec<_> = moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("R@"))
        .collect();
    assert!(
        !rook_drops
            .iter()
            .any(|m| m.starts_with("R@f") || m.starts_with("R@d")),
        "{rook_drops:?}"
    );
    assert!(rook_drops.contains(&"R@a8".to_string()));
}

#[test]
fn sittuyin_promotion_in_place_or_by_a_fers_step() {
    // seed 001 §V: promotion from a marked square, in place or with a fers move/capture,
    // neither giving check nor capturing the enemy fers
    let g = game_at("sittuyin", "r3k3/8/3n4/4P3/8/8/8/4K3 w - - 0 1");
    let promos: Vec<_> = moves(&g).into_iter().filter(|m| m.len() == 5).collect();
    assert_eq!(promos, ["e5d4f", "e5d6f", "e5e5f", "e5f4f", "e5f6f"]);
    let g = game_at("sittuyin", "r7/2k5/8/4P3/8/8/8/4K3 w - - 0 1");
    assert!(
        !moves(&g).contains(&"e5d6f".to_string()),
        "would give check"
    );
    let g = game_at("sittuyin", "r3k3/8/3f4/4P3/8/8/8/4K3 w - - 0 1");
    assert!(
        !moves(&g).contains(&"e5d6f".to_string()),
        "would capture the enemy fers"
    );
    // not while the player still has a fers
    let g = game_at("sittuyin", "r3k3/8/8/4P3/8/8/8/3FK3 w - - 0 1");
    assert!(!moves(&g).iter().any(|m| m.len() == 5));
}

#[test]
fn sittuyin_rook_count_gives_a_lone_king_in_the_centre_five_moves_more() {
    // seed 001 §V: "mate should be achieved within 16 moves; if the lone king is on any of
    // the four central squares, then the 16 moves start to be counted after the 5th move of
    // the lone king (effectively giving 21 moves)". The count is in plies.
    let mut g = game_at("sittuyin", "8/8/8/3k4/8/8/3r4/3RK3 w - - 0 1");
    play(&mut g, &["d1d2"]);
    assert_eq!(g.position().fen(), "8/8/8/3k4/8/8/3R4/4K3[] b - 42 0 1");
    let mut g = game_at("sittuyin", "8/8/8/k7/8/8/3r4/3RK3 w - - 0 1");
    play(&mut g, &["d1d2"]);
    assert_eq!(g.position().fen(), "8/8/8/k7/8/8/3R4/4K3[] b - 32 0 1");
    // the grace stays when the king leaves the centre, and the count runs to its end
    let mut g = game_at("sittuyin", "8/8/8/3k4/8/8/8/R3K3 b - 42 40 30");
    play(&mut g, &["d5c6"]);
    assert_eq!(result(&g), None);
    assert_eq!(g.position().fen(), "8/8/2k5/8/8/8/8/R3K3[] w - 42 41 31");
    play(&mut g, &["e1f1"]);
    assert_eq!(result(&g), Some((None, "counting rule".into())));
    // Fairy-Stockfish counts 16 moves wherever the king stands
    let fsf = variant("sittuyin", Some("fairy-stockfish"), &[]).unwrap();
    let mut g = ChessGame::from_position(
        Position::from_fen(fsf, "8/8/8/3k4/8/8/3r4/3RK3 w - - 0 1").unwrap(),
    );
    play(&mut g, &["d1d2"]);
    assert_eq!(g.position().fen(), "8/8/8/3k4/8/8/3R4/4K3[] b - 32 0 1");
}

#[test]
fn sittuyin_stalemating_move_is_illegal() {
    // seed 001 §V: "Any move that would place the opponent's king into a stalemate position is
    // prohibited"
    let fen = "k7/2K4p/7P/4N3/8/8/8/8 w - - 0 1";
    assert!(!moves(&game_at("sittuyin", fen)).contains(&"e5c6".to_string()));
    let fsf = variant("sittuyin", Some("fairy-stockfish"), &[]).unwrap();
    let g = ChessGame::from_position(Position::from_fen(fsf, fen).unwrap());
    assert!(moves(&g).contains(&"e5c6".to_string()));
}

// ---- Makruk and Ouk Chatrang, seed 001 §VI-VII ----

#[test]
fn makruk_counting_starts_and_expires() {
    // seed 001 §VI: "Bare King: ... from this count value, subtract the number of pieces ...
    // the resulting number is how many moves the stronger side is allowed to make"
    let mut g = game_at("makruk", "4k3/3r4/8/8/8/8/3R4/4K2R w - - 0 1");
    play(&mut g, &["d2d7"]);
    assert_eq!(g.position().fen(), "4k3/3R4/8/8/8/8/8/4K2R b - 16 8 1");
    let mut g = game_at("makruk", "7k/8/8/8/8/8/4RR2/4K3 b - 16 8 1");
    play(
        &mut g,
        &["h8g8", "e2e3", "g8h8", "e3e4", "h8g8", "e4e5", "g8h8"],
    );
    assert_eq!(result(&g), None);
    play(&mut g, &["e5e6"]);
    assert_eq!(result(&g), Some((None, "counting rule".into())));
}

#[test]
fn ouk_chatrang_counting_starts_and_runs_to_the_end() {
    // seed 001 §VII: Ouk Chatrang counts as Makruk does (§VI: two rooks 8 moves, less the
    // pieces on the board), and the game is drawn when the count runs out
    let mut g = game_at("ouk-chatrang", "4k3/3r4/8/8/8/8/3R4/4K2R w - - 0 1");
    play(&mut g, &["d2d7"]);
    assert_eq!(g.position().fen(), "4k3/3R4/8/8/8/8/8/4K2R b - 16 8 1");
    let mut g = game_at("ouk-chatrang", "7k/8/8/8/8/8/4RR2/4K3 b - 16 14 1");
    play(&mut g, &["h8g8"]);
    assert_eq!(result(&g), None);
    play(&mut g, &["e2e3"]);
    assert_eq!(result(&g), Some((None, "counting rule".into())));
}

#[test]
fn ouk_king_leap_and_neang_step() {
    // seed 001 §VII: the king's first move may be a knight jump/capture; the Neang's first
    // move may be two squares forward "provided that the two squares ahead are unoccupied"
    let g = game_at("ouk-chatrang", "4k3/8/8/8/8/2p5/8/3K4 w D - 0 1");
    assert!(moves(&g).contains(&"d1c3".to_string()));
    let fwd = ChessGame::from_position(
        Position::from_fen(
            seed("ouk-chatrang", &["king-leap=forward"]),
            "4k3/p7/8/8/8/8/8/3K4 w D - 0 1",
        )
        .unwrap(),
    );
    assert!(
        !moves(&fwd).contains(&"d1c3".to_string()) && !moves(&fwd).contains(&"d1e3".to_string())
    );
    assert!(moves(&fwd).contains(&"d1b2".to_string()));
    let blocked = "4k3/8/8/8/8/8/4N3/3KM3 w DE - 0 1";
    assert!(!moves(&game_at("ouk-chatrang", blocked)).contains(&"e1e3".to_string()));
    let fsf = variant("ouk-chatrang", Some("fairy-stockfish"), &[]).unwrap();
    let g = ChessGame::from_position(Position::from_fen(fsf, blocked).unwrap());
    assert!(
        moves(&g).contains(&"e1e3".to_string()),
        "Fairy-Stockfish lets the Neang jump"
    );
    let open = game_at("ouk-chatrang", "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1");
    assert!(moves(&open).contains(&"e1e3".to_string()));
}

// ---- Shatar, seed 001 §VIII ----

#[test]
fn shatar_forced_opening_is_played_and_recorded() {
    // seed 001 §VIII: "The First two moves of the game are obligatory"
    let g = ChessGame::new(seed("shatar", &[]));
    let pos = g.start_position();
    let played: Vec<String> = {
        let mut p = pos.clone();
        g.moves()
            .iter()
            .map(|&m| {
                let t = p.uci(m);
                p.play_unchecked(m);
                t
            })
            .collect()
    };
    assert_eq!(played, ["d2d4", "d7d5"]);
    assert_eq!(
        g.position().fen(),
        "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 2"
    );
}

#[test]
fn shatar_knight_may_not_mate() {
    // seed 001 §VIII: "Horse cannot give mate to the enemy King; such a move is forbidden"
    let fen = "6rk/6pp/8/4N3/8/8/8/K7 w - - 0 1";
    assert!(!moves(&game_at("shatar", fen)).contains(&"e5f7".to_string()));
    let g = game_at("shatar", "6rk/6pp/3N4/8/8/8/8/K7 w - - 0 1");
    assert!(!moves(&g).contains(&"d6f7".to_string()));
    assert_eq!(
        g.position().count_legal(),
        moves(&g).len(),
        "counted as listed"
    );
    // our reading: a knight move that uncovers the mate is a knight move that mates too;
    // every move of the d8 knight mates (b7, c6, e6 uncover the rook, f7 checks as well)
    let g = game_at("shatar", "R2N3k/6pp/8/8/8/8/8/K7 w - - 0 1");
    let listed = moves(&g);
    assert!(listed.iter().all(|m| !m.starts_with("d8")), "{listed:?}");
    assert!(listed.contains(&"a1b2".to_string()));
    assert_eq!(
        g.position().count_legal(),
        listed.len(),
        "counted as listed"
    );
    let fsf = variant("shatar", Some("fairy-stockfish"), &[]).unwrap();
    let mut g = ChessGame::from_position(Position::from_fen(fsf, fen).unwrap());
    play(&mut g, &["e5f7"]);
    assert_eq!(
        result(&g).map(|r| r.0),
        Some(Some(1)),
        "Fairy-Stockfish: a knight mate loses"
    );
}

#[test]
fn shatar_niol_and_rook_mate() {
    // seed 001 §VIII: mate by bishop without a preceding shak is a draw (niol); by rook a win
    let mut g = game_at("shatar", "6bk/7p/8/8/8/4B3/8/K7 w - - 0 1");
    play(&mut g, &["e3d4"]);
    assert_eq!(result(&g), Some((None, "niol: mate without a shak".into())));
    let mut g = game_at("shatar", "k7/8/1K6/2p5/2P5/8/8/7R w - - 0 1");
    play(&mut g, &["h1h8"]);
    assert_eq!(result(&g), Some((Some(0), "checkmate".into())));
    // "Bare King, called Robado, counts as a Draw"
    assert_eq!(
        result(&game_at("shatar", "k7/8/8/8/8/8/8/K6R w - - 0 1")).map(|r| r.0),
        Some(None)
    );
}

#[test]
fn shatar_bishop_mate_ending_a_run_of_checks_with_a_shak_wins() {
    // seed 001 §VIII: a mate by bishop wins when the mating side's unbroken run of checks
    // before it included a shak (a check by bers, rook or knight); here the rook's check
    let mut g = game_at("shatar", "6b1/6kp/8/8/8/4B3/R7/K7 w - - 0 1");
    play(&mut g, &["a2g2", "g7h8", "e3d4"]);
    assert_eq!(result(&g), Some((Some(0), "checkmate".into())));
    // the run broken by a quiet move: the same mate is niol
    let mut g = game_at("shatar", "6b1/p5kp/8/8/8/4B3/R7/K7 w - - 0 1");
    play(&mut g, &["a2g2", "g7h8", "a1b1", "a7a6", "e3d4"]);
    assert_eq!(result(&g), Some((None, "niol: mate without a shak".into())));
}

// ---- Art of Asha, seed 000 ----

#[test]
fn asha_check_capture_option() {
    // seed 000: "Capturing is optional unless the Creator or Destroyer is threatened, in which
    // case it is compulsory" (RULES.md: option check-capture=compulsory)
    let fen = "4k3/8/8/8/8/8/3q4/R3K3 w - - 0 1";
    let free = game_at("asha", fen);
    assert!(
        moves(&free).contains(&"e1f1".to_string()) && moves(&free).contains(&"e1d2".to_string())
    );
    let v = seed("asha", &["check-capture=compulsory"]);
    let strict = ChessGame::from_position(Position::from_fen(v, fen).unwrap());
    assert_eq!(moves(&strict), ["e1d2"]);
}

#[test]
fn asha_symbols_have_their_own_names() {
    // seed 000: the Fravashis "from left to right: Sun, Water, Air, Food, Man, Earth, Health, Joy"
    assert_eq!(symbol_name(Color::White, "pawn", 0), Some("Sun"));
    assert_eq!(symbol_name(Color::White, "pawn", 7), Some("Joy"));
    assert_eq!(symbol_name(Color::Black, "pawn", 4), Some("Inferior Man"));
    assert_eq!(symbol_name(Color::White, "king", 4), Some("Creator"));
    assert_eq!(symbol_name(Color::Black, "queen", 3), Some("Spoiler"));
    assert_eq!(symbol_name(Color::Black, "rook", 7), Some("Violence"));
}

// ---- Records ----

#[test]
fn pgn_replays_and_reports_bad_moves() {
    use ashta_rules::chess::pgn;
    let text = "[Variant \"shatranj\"]\n[Ruleset \"seed\"]\n\n1. f3 {a comment} f6 2. Qf2 (2. Kc2) Qf7 *\n";
    let r = pgn::read(text).unwrap();
    assert_eq!(r.game.moves().len(), 4);
    assert_eq!(
        r.game.position().fen(),
        "rnbk1bnr/pppppqpp/5p2/8/8/5P2/PPPPPQPP/RNBK1BNR w - - 2 3"
    );
    let bad = pgn::read("[Variant \"shatranj\"]\n\n1. e3 e6 2. e4 e4 *")
        .err()
        .unwrap()
        .to_string();
    assert!(bad.starts_with("move 4 (\"e4\")"), "{bad}");
    // a record without a variant (or `Standard`, lichess's name) is chess
    let plain = pgn::read("1. e4 e5 2. Nf3 *").unwrap();
    assert_eq!(plain.game.variant().spec.game, "asha");
    assert_eq!(plain.game.moves().len(), 3);
    let standard = pgn::read("[Variant \"Standard\"]\n\n1. e4 *").unwrap();
    assert_eq!(standard.game.variant().spec.game, "asha");
    assert!(pgn::read("[Variant \"nosuch\"]\n1. e4")
        .err()
        .unwrap()
        .to_string()
        .contains("unknown game"));
    // Shatar's forced opening is part of the record and replays
    let mut g = ChessGame::new(seed("shatar", &[]));
    play(&mut g, &["Nf3"]);
    let text = pgn::write(&g, &[]);
    assert!(text.contains("1. d4 d5 2. Nf3"), "{text}");
    assert_eq!(pgn::read(&text).unwrap().game.moves(), g.moves());
}

// ---- Opening phases: Senterej's Werera, Shatranj's ta'biya ----

#[test]
fn senterej_ten_move_werera() {
    // RULES.md Senterej, werera=ten-moves (seed 001 §III note 10): White makes 10 moves, then
    // Black 10; no piece crosses the centre line, no capture, castling to the right allowed
    let mut g = ChessGame::new(seed("senterej", &[]));
    let white = [
        "g1f3", "f1h3", "e1g1", "a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "g2g3", "b1d2",
    ];
    for (i, m) in white.iter().enumerate() {
        assert_eq!(g.position().side_to_move(), Color::White, "move {i}");
        assert!(
            moves(&g).iter().all(|m| sq(&m[2..4]).rank() < 4),
            "{:?}",
            moves(&g)
        );
        play(&mut g, &[m]);
    }
    assert_eq!(
        g.position()
            .piece_at(sq("g1"))
            .map(|p| g.variant().piece(p.kind).id),
        Some("king")
    );
    assert_eq!(g.position().side_to_move(), Color::Black);
    assert!(moves(&g).iter().all(|m| sq(&m[2..4]).rank() >= 4));
    let black = [
        "b8c6", "c8e6", "d8b8", "a7a6", "b7b6", "d7d6", "f7f6", "g7g6", "h7h6", "e8d7",
    ];
    play(&mut g, &black);
    assert_eq!(g.position().side_to_move(), Color::White);
    assert_eq!(g.position().opening_left(), 0);
    assert!(
        moves(&g).iter().any(|m| sq(&m[2..4]).rank() >= 4),
        "normal play crosses the centre"
    );
}

#[test]
fn senterej_simultaneous_werera() {
    // RULES.md Senterej, werera=simultaneous: until the first capture either side may move at
    // any time; after it, the side that did not capture moves next
    let mut g = ChessGame::new(seed("senterej", &["werera=simultaneous"]));
    assert!(g.simultaneous());
    g.play_text_for(Color::Black, "e7e6").unwrap();
    g.play_text_for(Color::Black, "e6e5").unwrap();
    g.play_text_for(Color::White, "d2d3").unwrap();
    g.play_text_for(Color::Black, "e5e4").unwrap();
    g.play_text_for(Color::White, "d3xe4").unwrap();
    assert!(!g.simultaneous());
    assert_eq!(g.position().side_to_move(), Color::Black);
    assert!(g.play_text_for(Color::White, "a2a3").is_err());
}

#[test]
fn shatranj_tabiya_option() {
    // seed 001 §II: "allow the opening player ten moves (Sometimes twelve) at once ... no piece
    // was allowed to cross the board's centerline"
    let mut g = ChessGame::new(seed("shatranj", &["tabiya=12"]));
    for _ in 0..12 {
        assert_eq!(g.position().side_to_move(), Color::White);
        let m = *g.legal_moves().last().unwrap();
        g.play(m);
    }
    assert_eq!(g.position().side_to_move(), Color::Black);
    assert!(g.position().fen().ends_with("opening:12"));
}

// ---- Positions the end rules decide have no moves (as in Fairy-Stockfish's perft) ----

#[test]
fn decided_positions_have_no_legal_moves() {
    let count = |game: &str, ruleset: &str, fen: &str| {
        let v = variant(game, Some(ruleset), &[]).unwrap();
        Position::from_fen(v, fen).unwrap().legal_moves().len()
    };
    // counts from pyffish: Fairy-Stockfish's shatranj gives the bared side its reply
    assert_eq!(
        count(
            "shatranj",
            "fairy-stockfish",
            "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"
        ),
        5
    );
    assert_eq!(
        count(
            "shatranj",
            "fairy-stockfish",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
        ),
        0
    );
    assert_eq!(
        count(
            "shatranj",
            "fairy-stockfish",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
        ),
        5
    );
    assert_eq!(
        count(
            "chaturanga",
            "fairy-stockfish",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
        ),
        15
    );
    assert_eq!(
        count(
            "shatar",
            "fairy-stockfish",
            "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"
        ),
        0
    );
    // seed 001 §II: the bared side that cannot bare back has lost: no moves
    assert_eq!(
        count("shatranj", "seed", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"),
        0
    );
    // seed 001 §VIII: robado
    assert_eq!(count("shatar", "seed", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), 0);
}

#[test]
fn opening_phases_allow_no_check() {
    // Our reading (the seeds are silent): during the ten-move Werera or the ta'biya a move may
    // not give check, since the checked side could not answer before its opponent moves again.
    let v = seed("senterej", &[]);
    let mut g = ChessGame::new(v);
    // White walks its king up to f4 in its ten moves; Black may then not check it with the alfil
    play(
        &mut g,
        &[
            "e2e3", "e1e2", "e2f3", "f3f4", "a2a3", "b2b3", "h2h3", "g2g3", "a3a4", "b3b4",
        ],
    );
    play(&mut g, &["c7c6", "a7a6"]);
    assert!(
        !moves(&g).contains(&"f8d6".to_string()),
        "f8d6 would check the king on f4"
    );
    assert!(moves(&g).contains(&"c8a6".to_string()) || moves(&g).contains(&"c8e6".to_string()));
}

/// Ouk Chatrang under the fairy-stockfish ruleset follows current Fairy-Stockfish (pyffish);
/// `fsf-version=11.1` follows the Debian package's Fairy-Stockfish 11.1, which differs in
/// two rules (seen with that binary on these positions): its Neang may take with the double
/// step, and its king keeps the leap when a rook comes onto its line behind a piece.
#[test]
fn ouk_chatrang_as_fairy_stockfish_11_1_plays_it() {
    let current = variant("ouk-chatrang", Some("fairy-stockfish"), &[]).unwrap();
    let old = variant(
        "ouk-chatrang",
        Some("fairy-stockfish"),
        &["fsf-version=11.1".to_string()],
    )
    .unwrap();
    let after = |v, fen: &str, m: &str| {
        let mut g = ChessGame::from_position(Position::from_fen(v, fen).unwrap());
        g.play_text(m).unwrap();
        let p = g.position().clone();
        p.legal_moves()
            .iter()
            .map(|&x| p.uci(x))
            .collect::<Vec<_>>()
    };
    // the Neang's double step onto an enemy piece
    let neang = "rn2s3/2sk4/ppp1r2M/3n1pp1/1P1N3P/P1P1PP2/3K2S1/RNS1M2R b E - 0 19";
    assert!(!after(current, neang, "d5e3").contains(&"e1e3".to_string()));
    assert!(after(old, neang, "d5e3").contains(&"e1e3".to_string()));
    // a rook on the king's file behind a pawn
    let aim = "rn1mk1n1/3s2sr/pppppp1p/6p1/4P3/PPPP1PPP/R2M3R/1NSK1SN1 w de - 4 8";
    assert!(!after(current, aim, "h2e2").contains(&"e8c7".to_string()));
    assert!(after(old, aim, "h2e2").contains(&"e8c7".to_string()));
    // the seed ruleset: no capture with the double step
    let seed = variant("ouk-chatrang", None, &[]).unwrap();
    assert!(!after(seed, neang, "d5e3").contains(&"e1e3".to_string()));
}

/// Shogi: a pawn drop may not mate (seed rule and RULES.md). Fairy-Stockfish lists such a
/// drop and scores the game as lost by the side that dropped; the fairy-stockfish ruleset
/// plays it the same way.
#[test]
fn a_pawn_drop_mate_is_refused_in_shogi_and_loses_under_fairy_stockfish() {
    let fen = "+L2+P1k2+N/+B2s5/+N4+P+R1b/l5gpl/6P1P/PPP5p/1N1S2SPL/1+p4KG1/3+R2S2[GGNPPPPPPp] w - - 0 77";
    let seed = variant("shogi", None, &[]).unwrap();
    let mut g = ChessGame::from_position(Position::from_fen(seed, fen).unwrap());
    assert_eq!(g.position().legal_moves().len(), 171);
    assert!(g.play_text("P@f8").is_err());
    let fsf = variant("shogi", Some("fairy-stockfish"), &[]).unwrap();
    let mut g = ChessGame::from_position(Position::from_fen(fsf, fen).unwrap());
    assert_eq!(
        g.position().legal_moves().len(),
        172,
        "as Fairy-Stockfish lists them"
    );
    g.play_text("P@f8").unwrap();
    let o = g.outcome().expect("over");
    assert_eq!(o.winner(), Some(1), "{}", o.reason);
}
