//! The search's answers where the rules decide: mates in two, a perpetual check that
//! Xiangqi's rule makes a loss, and an evaluation that does not depend on colour.

use ashta_engine::eval::evaluate;
use ashta_engine::{Limits, Searcher};
use ashta_rules::chess::{variant, ChessGame, Position, GAMES};
use ashta_rules::{Game, Turn};

fn search(g: &ChessGame, depth: u32) -> (String, Option<i32>) {
    let mut s = Searcher::new(8);
    let r = s.search(g, &Limits::depth(depth), |_| {});
    (g.position().uci(r.best.expect("a move")), r.info.mate)
}

fn at(game: &str, fen: &str) -> ChessGame {
    ChessGame::from_position(Position::from_fen(variant(game, None, &[]).unwrap(), fen).unwrap())
}

#[test]
fn mates_in_two_are_found() {
    // the king takes the opposition (or shuts b8) and the rook mates on the back rank
    // (chess: tests/puzzles.rs)
    for game in ["makruk", "ouk-chatrang"] {
        let g = at(game, "k7/8/2K5/8/8/8/8/7R w - - 0 1");
        let (m, mate) = search(&g, 6);
        assert_eq!(mate, Some(2), "{game}");
        assert!(["c6b6", "c6c7"].contains(&m.as_str()), "{game}: {m}");
    }
}

#[test]
fn a_perpetual_check_that_loses_is_avoided_in_xiangqi() {
    // Red's chariot checks on the tenth and ninth ranks while the general steps e10-e9:
    // a third time round, Red would lose by the perpetual-check rule (seed 001 §IX),
    // so with the cycle played once Red must break it
    let mut g = at("xiangqi", "4k4/R8/9/9/9/9/8r/7r1/9/3K5 w - - 0 1");
    for m in ["a9a10", "e10e9", "a10a9", "e9e10"] {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.turn(), Turn::Seat(0));
    let (m, _) = search(&g, 6);
    assert_ne!(m, "a9a10", "the repeated check loses");
    // and the rule itself: playing the cycle again ends the game, Red losing
    let mut lost = g.clone();
    for m in ["a9a10", "e10e9", "a10a9", "e9e10"] {
        if lost.outcome().is_none() {
            lost.play_text(m).unwrap();
        }
    }
    let o = lost.outcome().expect("the perpetual check ends the game");
    assert_eq!(o.payoffs[0], 0.0, "{o:?}");
}

/// The FEN of the position with the colours exchanged: ranks in reverse order, letters'
/// case swapped (pieces in hand too), the other side to move; the other fields kept.
fn flipped(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(String::from).collect();
    let (board, hand) = match fields[0].split_once('[') {
        Some((b, h)) => (b.to_string(), Some(h.trim_end_matches(']').to_string())),
        None => (fields[0].clone(), None),
    };
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let ranks: Vec<String> = board.split('/').rev().map(swap).collect();
    fields[0] = ranks.join("/");
    if let Some(h) = hand {
        fields[0] += &format!("[{}]", swap(&h));
    }
    fields[1] = if fields[1] == "w" {
        "b".into()
    } else {
        "w".into()
    };
    fields.join(" ")
}

#[test]
fn the_evaluation_does_not_depend_on_colour() {
    let mut seed = 99u64;
    for info in GAMES {
        let v = variant(info.id, None, &[]).unwrap();
        let mut checked = 0;
        for game in 0..8 {
            let mut g = ChessGame::new(v);
            for _ in 0..(6 + 9 * game) {
                let moves = g.legal_moves();
                if moves.is_empty() || g.outcome().is_some() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                g.play(moves[(seed % moves.len() as u64) as usize]);
            }
            let pos = g.position();
            let fen = pos.fen();
            let fields: Vec<&str> = fen.split(' ').collect();
            // castling rights and en passant squares do not flip by text alone
            if fields.len() < 4 || fields[2] != "-" || fields[3] != "-" || pos.in_setup() {
                continue;
            }
            let Ok(other) = Position::from_fen(v, &flipped(&fen)) else {
                continue;
            };
            assert_eq!(evaluate(pos), evaluate(&other), "{}: {fen}", info.id);
            checked += 1;
        }
        assert!(
            checked >= 2,
            "{}: only {checked} positions compared",
            info.id
        );
    }
}

/// A level's spread picks at random only among moves truly within it of the best: a
/// knight left to be taken is taken at the levels whose spread is well below its value,
/// whatever the draw (searching the other moves with the best one's window gave them
/// scores no lower than the best's, so any move could be picked).
#[test]
fn a_spread_never_picks_a_move_far_below_the_best() {
    let g = at("asha", "r3k3/ppp5/8/3n4/4P3/8/PPP5/R3K3 w - - 0 1");
    for level in 4..=6 {
        let mut s = Searcher::new(8);
        // the linear evaluation, whose scores of this position at these depths are known
        // to set the capture apart
        s.params.nnue = false;
        for _ in 0..12 {
            let mut limits = Limits::depth(30);
            ashta_engine::apply_level(level, &mut limits, &mut s);
            // a search stopped by its limit leaves the stop flag set, for its caller
            s.stop.store(false, std::sync::atomic::Ordering::Relaxed);
            let r = s.search(&g, &limits, |_| {});
            let m = g.position().uci(r.best.expect("a move"));
            assert_eq!(m, "e4d5", "level {level}");
            // each search searches (none is stopped at once by the flag left set)
            assert!(r.info.depth >= 5, "level {level}: depth {}", r.info.depth);
        }
    }
}

#[test]
fn shatranj_searches_with_its_own_defaults_and_keeps_the_parameters_given() {
    // Shatranj's default is the search without the correction history: a search with the
    // defaults goes as one with the correction turned off by name, and the parameters
    // given are left as they were
    let g = ChessGame::new(variant("shatranj", None, &[]).unwrap());
    let nodes = |params: &[(&str, &str)]| {
        let mut s = Searcher::new(8);
        for (n, v) in params {
            s.params.set(n, v).unwrap();
        }
        let before = format!("{:?}", s.params);
        s.search(&g, &Limits::depth(8), |_| {});
        assert_eq!(format!("{:?}", s.params), before);
        s.nodes()
    };
    let default = nodes(&[]);
    assert_eq!(
        default,
        nodes(&[("correction", "0"), ("correction_pieces", "0")])
    );
    assert_ne!(
        default,
        nodes(&[("correction", "100"), ("correction_pieces", "50")])
    );
}

#[test]
fn the_quiescence_search_sees_a_drop_mate_in_shogi() {
    // Black may take the silver on a1 with the rook, but then the gold dropped on e8,
    // guarded by the pawn, mates: a search of one ply sees it only where its quiescence
    // search plays quiet checks (`qs_checks`, Shogi's default)
    let g = at("shogi", "4k4/9/4P4/9/r8/9/9/4K4/S8[G] b - - 0 1");
    let best = |params: &[(&str, &str)]| {
        let mut s = Searcher::new(8);
        for (n, v) in params {
            s.params.set(n, v).unwrap();
        }
        let r = s.search(&g, &Limits::depth(1), |_| {});
        // the capture, promoting or not
        g.position().uci(r.best.expect("a move"))[..4].to_string()
    };
    assert_eq!(best(&[("qs_checks", "0")]), "a5a1");
    assert_ne!(best(&[]), "a5a1");
}
