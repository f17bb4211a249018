//! CSA records (the shogi servers' and engines' format): moves written and read back,
//! records round-trip, the usual start with handicaps, board lines with pieces in hand,
//! and a record written by python-shogi (`tests/fixtures/csa/`, from
//! `tools/gen_csa_fixtures.py`) replayed to the position it reached there.

use ashta_rules::chess::{csa, variant, ChessGame, Position};
use ashta_rules::Game;

mod common;

fn shogi() -> &'static ashta_rules::chess::Variant {
    variant("shogi", None, &[]).unwrap()
}

/// Seeded random games of shogi.
fn random_games() -> Vec<ChessGame> {
    let mut seed = 11u64;
    (0..12)
        .map(|n| common::random_game(shogi(), 20 + n * 12, &mut seed))
        .collect()
}

#[test]
fn every_move_reads_back_and_records_round_trip() {
    for g in random_games() {
        let mut pos = g.start_position().clone();
        for &m in g.moves() {
            let text = pos.csa(m);
            assert_eq!(
                pos.parse_csa(&text).ok(),
                Some(m),
                "{text} in {}",
                pos.fen()
            );
            pos.play_unchecked(m);
        }
        let record = csa::write(&g);
        let back = csa::read(shogi(), &record).unwrap_or_else(|e| panic!("{e}\n{record}"));
        assert_eq!(back.moves(), g.moves(), "{record}");
        // from a position of the game: nine board lines and the hands
        if g.moves().len() > 30 {
            let mut mid = ChessGame::from_position(g.start_position().clone());
            for &m in &g.moves()[..30] {
                mid.play(m);
            }
            let from = ChessGame::from_position(mid.position().clone());
            let record = csa::write(&from);
            assert!(record.contains("P1") && record.contains("P9"), "{record}");
            let back = csa::read(shogi(), &record).unwrap_or_else(|e| panic!("{e}\n{record}"));
            // the position and side to move (CSA keeps no move number)
            let key = |g: &ChessGame| -> Vec<String> {
                g.position()
                    .fen()
                    .split_whitespace()
                    .take(2)
                    .map(String::from)
                    .collect()
            };
            assert_eq!(key(&back), key(&from), "{record}");
        }
    }
}

#[test]
fn a_record_as_shogi_servers_write_it() {
    let record = "'a game\nV2.2\nN+Sente\nN-Gote\n$EVENT:test\nPI\n+\n+7776FU\nT12\n-3334FU\nT3\n\
                  +8822UM\n-3122GI\n+0045KA,T4\n%TORYO\n";
    let g = csa::read(shogi(), record).unwrap();
    let mut expected = ChessGame::new(shogi());
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"] {
        let m = expected.position().parse_usi(usi).unwrap();
        expected.play(m);
    }
    assert_eq!(g.position().fen(), expected.position().fen());
    // a handicap: the upper side without rook and bishop, moving first
    let g = csa::read(shogi(), "PI82HI22KA\n-\n-5142OU\n").unwrap();
    let start = g.start_position();
    for sq in ["b8", "h8"] {
        let sq = ashta_rules::geometry::Square::parse(sq).unwrap();
        assert!(start.piece_at(sq).is_none(), "{}", start.fen());
    }
    assert_eq!(g.moves().len(), 1);
    // bad records: the move or line named
    let err = |text: &str| match csa::read(shogi(), text) {
        Ok(_) => panic!("{text} read"),
        Err(e) => e.to_string(),
    };
    let e = err("PI\n+\n+7776FU\n-7776FU\n");
    assert!(e.contains("move 2") && e.contains("-7776FU"), "{e}");
    let e = err("PI\n+\n+7776XX\n");
    assert!(e.contains("7776XX"), "{e}");
    let e = err("P1 *  *  * \nP3\n");
    assert!(e.contains("line 2"), "{e}");
    assert!(csa::read(shogi(), "P+00ZZ\n").is_err());
}

#[test]
fn records_written_by_python_shogi() {
    let dir = format!("{}/tests/fixtures/csa", env!("CARGO_MANIFEST_DIR"));
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("csa") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let sfen = std::fs::read_to_string(path.with_extension("sfen")).unwrap();
        let g = csa::read(shogi(), &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let theirs = Position::from_sfen(shogi(), sfen.trim()).unwrap();
        assert_eq!(
            g.position()
                .fen()
                .split_whitespace()
                .take(2)
                .collect::<Vec<_>>(),
            theirs.fen().split_whitespace().take(2).collect::<Vec<_>>(),
            "{}",
            path.display()
        );
        // and written back move for move as python-shogi wrote them
        let ours: Vec<String> = csa::write(&g)
            .lines()
            .filter(|l| l.len() == 7 && l.starts_with(['+', '-']))
            .map(String::from)
            .collect();
        let theirs: Vec<String> = text
            .lines()
            .filter(|l| l.len() == 7 && l.starts_with(['+', '-']))
            .map(String::from)
            .collect();
        assert_eq!(ours, theirs, "{}", path.display());
        n += 1;
    }
    assert!(n >= 4, "only {n} records in {dir}");
}
