//! Mates found at fixed depth in every chess-family game, and fast self-play games that stay legal
//! and end.

use ashta_engine::{Limits, Searcher};
use ashta_rules::chess::{variant, ChessGame, Position, GAMES};
use ashta_rules::{Game, Turn};

fn best(game: &str, ruleset: &str, fen: &str, depth: u32) -> (String, Option<i32>) {
    let v = variant(game, Some(ruleset), &[]).unwrap();
    let g = ChessGame::from_position(Position::from_fen(v, fen).unwrap());
    let mut s = Searcher::new(8);
    let r = s.search(&g, &Limits::depth(depth), |_| {});
    (g.position().uci(r.best.unwrap()), r.info.mate)
}

#[test]
fn mate_in_one_per_family() {
    assert_eq!(
        best("asha", "seed", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 2),
        ("a1a8".into(), Some(1))
    );
    assert_eq!(
        best("shatranj", "seed", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 2),
        ("a1a8".into(), Some(1))
    );
    assert_eq!(
        best("makruk", "seed", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 2),
        ("a1a8".into(), Some(1))
    );
    // Xiangqi: the rook mates on the tenth rank or on the king's file (the facing kings
    // shut e10), or the king's step stalemates Black (the stalemated side loses)
    let (m, mate) = best("xiangqi", "seed", "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", 2);
    assert!(
        ["b1b10", "b1d1", "e1e2"].contains(&m.as_str()) && mate == Some(1),
        "{m} {mate:?}"
    );
    assert_eq!(
        best("shogi", "seed", "k8/9/1GN6/9/8p/9/9/9/4K4[G] w - - 0 1", 2),
        ("G@a8".into(), Some(1))
    );
}

#[test]
fn mate_in_one_in_every_other_game() {
    // the back-rank rook mate in the games of the 8x8 board (Shatar's rook mate wins)
    for game in [
        "chaturanga",
        "senterej",
        "ninth-century",
        "sittuyin",
        "ouk-chatrang",
        "shatar",
    ] {
        let (m, mate) = best(game, "seed", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 2);
        assert_eq!((m.as_str(), mate), ("a1a8", Some(1)), "{game}");
    }
    // Janggi: one chariot shuts the ninth rank, the other mates on the tenth
    let (m, mate) = best("janggi", "seed", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", 2);
    assert_eq!((m.as_str(), mate), ("b1b10", Some(1)));
    // Heian and Sho Shogi: the gold steps up beside the cornered king, guarded by a silver
    // (the silver promoting to gold on b7, guarded by the gold, mates too)
    let (m, mate) = best("heian-shogi", "seed", "k7/8/1GS5/7p/8/8/8/4K3 w - - 0 1", 2);
    assert!(
        ["b6b7", "c6b7+"].contains(&m.as_str()) && mate == Some(1),
        "{m} {mate:?}"
    );
    let (m, mate) = best("sho-shogi", "seed", "k8/9/1GS6/8p/9/9/9/9/4K4 w - - 0 1", 2);
    assert!(
        ["b7b8", "c7b8+"].contains(&m.as_str()) && mate == Some(1),
        "{m} {mate:?}"
    );
}

#[test]
fn mate_in_two() {
    // the king walks up, then the rook mates on the edge. 1.Rh8+ mates in three too; the
    // shorter mate is seen only if reverse futility and null move do not take a static
    // evaluation as proof that the mated side escapes (a beta that is a mate against it)
    let (m, mate) = best("asha", "seed", "k7/8/2K5/8/8/8/8/7R w - - 0 1", 6);
    assert_eq!(mate, Some(2), "{m}");
}

#[test]
fn stalemate_wins_in_shatranj_and_is_avoided_in_chess() {
    // Shatranj: stalemating the opponent wins, so the engine plays for it
    let (_, mate) = best("shatranj", "seed", "k7/2K4p/7P/4N3/8/8/8/8 w - - 0 1", 2);
    assert_eq!(mate, Some(1));
}

#[test]
fn self_play_stays_legal_and_ends() {
    for info in GAMES {
        let v = variant(info.id, None, &[]).unwrap();
        for game_no in 0..2 {
            let mut g = ChessGame::new(v);
            let mut s = Searcher::new(1);
            s.spread = 60 + 40 * game_no;
            for _ in 0..80 {
                if g.turn() == Turn::Over {
                    break;
                }
                let r = s.search(&g, &Limits::depth(1), |_| {});
                let m = r.best.expect("a move while the game goes on");
                assert!(g.legal_moves().contains(&m), "{}: illegal {m:?}", info.id);
                g.play(m);
            }
        }
    }
}
