//! KIF records (the Japanese shogi format): every move written and read back, records
//! round-trip (from the usual start, from a set-up position with hands, with their
//! endings), handicaps, the forms other writers use (`同`, `王`, `竜`, times, comments,
//! variations), bad records, and records written by python-shogi
//! (`tests/fixtures/kif/`, from `tools/gen_kif_fixtures.py`) replayed to the position
//! reached there and written back move for move as python-shogi writes them.

use ashta_rules::chess::{kif, variant, ChessGame, Position};
use ashta_rules::game::Outcome;
use ashta_rules::Game;

mod common;

fn shogi() -> &'static ashta_rules::chess::Variant {
    variant("shogi", None, &[]).unwrap()
}

/// Seeded random games of shogi, some played to their end.
fn random_games() -> Vec<ChessGame> {
    let mut seed = 29u64;
    (0..14)
        .map(|n| common::random_game(shogi(), 20 + n * 40, &mut seed))
        .collect()
}

/// The board, hands and side to move of a game's position.
fn key(g: &ChessGame) -> Vec<String> {
    g.position()
        .fen()
        .split_whitespace()
        .take(2)
        .map(String::from)
        .collect()
}

#[test]
fn every_move_reads_back_and_records_round_trip() {
    let mut promotions_declined = 0;
    for g in random_games() {
        let mut pos = g.start_position().clone();
        let mut last_to = None;
        for &m in g.moves() {
            let text = pos.kif(m, last_to);
            promotions_declined += usize::from(text.contains("不成"));
            assert_eq!(
                pos.parse_kif(&text, last_to).ok(),
                Some(m),
                "{text} in {}",
                pos.fen()
            );
            last_to = Some(m.to());
            pos.play_unchecked(m);
        }
        let record = kif::write(&g, None);
        let back = kif::read(shogi(), &record).unwrap_or_else(|e| panic!("{e}\n{record}"));
        assert_eq!(back.game.moves(), g.moves(), "{record}");
        assert_eq!(back.game.outcome(), g.outcome(), "{record}");
        // from a position of the game: a board diagram with the hands and the side to move
        for cut in [31, 40] {
            if g.moves().len() <= cut {
                continue;
            }
            let mut mid = ChessGame::from_position(g.start_position().clone());
            for &m in &g.moves()[..cut] {
                mid.play(m);
            }
            let mut from = ChessGame::from_position(mid.position().clone());
            for &m in &g.moves()[cut..cut + 1] {
                from.play(m);
            }
            let record = kif::write(&from, None);
            assert!(
                record.contains("先手の持駒") && record.contains("|"),
                "{record}"
            );
            let back = kif::read(shogi(), &record).unwrap_or_else(|e| panic!("{e}\n{record}"));
            assert_eq!(
                back.game
                    .start_position()
                    .fen()
                    .split_whitespace()
                    .take(2)
                    .collect::<Vec<_>>(),
                from.start_position()
                    .fen()
                    .split_whitespace()
                    .take(2)
                    .collect::<Vec<_>>(),
                "{record}"
            );
            assert_eq!(key(&back.game), key(&from), "{record}");
        }
    }
    assert!(promotions_declined > 0, "no declined promotion was written");
}

#[test]
fn an_ending_by_the_players_is_written_and_read() {
    let mut g = ChessGame::new(shogi());
    for usi in ["7g7f", "3c3d", "8h2b+"] {
        let m = g.position().parse_usi(usi).unwrap();
        g.play(m);
    }
    // the upper side (gote), to move, resigns
    let resigned = Outcome {
        payoffs: vec![1.0, 0.0],
        reason: "Gote resigned".into(),
    };
    let record = kif::write(&g, Some(&resigned));
    assert!(record.contains("   3 ２二角成(88)"), "{record}");
    assert!(
        record.contains("   4 投了") && record.contains("まで3手で先手の勝ち"),
        "{record}"
    );
    let back = kif::read(shogi(), &record).unwrap();
    assert_eq!(back.ending.map(|o| o.payoffs), Some(vec![1.0, 0.0]));
    // interrupted: no ending
    let back = kif::read(shogi(), "手合割：平手\n1 ７六歩(77)\n2 中断\n").unwrap();
    assert!(back.ending.is_none());
    assert_eq!(back.game.moves().len(), 1);
}

#[test]
fn a_record_as_japanese_programs_write_it() {
    let record = "\u{feff}# ----  Kifu for Windows V7 棋譜ファイル  ----\r\n\
        開始日時：2024/01/02 10:00:00\r\n\
        棋戦：練習\r\n\
        手合割：平手　　\r\n\
        先手：羽生\r\n\
        後手：藤井\r\n\
        手数----指手---------消費時間--\r\n\
        *対局開始の注釈\r\n\
        &しおり\r\n\
           1 ７六歩(77)   ( 0:01/00:00:01)\r\n\
           2 ３四歩(33)   ( 0:02/00:00:02)\r\n\
           3 ２二角成(88) ( 0:03/00:00:04)+\r\n\
           4 同　銀(31)   ( 0:01/00:00:03)\r\n\
           5 ４五角打     ( 0:04/00:00:08)\r\n\
           6 投了\r\n\
        まで5手で先手の勝ち\r\n\
        \r\n\
        変化：3手\r\n\
           3 ６六歩(67)   ( 0:00/00:00:01)\r\n";
    let k = kif::read(shogi(), record).unwrap_or_else(|e| panic!("{e}"));
    let mut expected = ChessGame::new(shogi());
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"] {
        let m = expected.position().parse_usi(usi).unwrap();
        expected.play(m);
    }
    assert_eq!(k.game.position().fen(), expected.position().fen());
    assert_eq!(k.names, ["羽生".to_string(), "藤井".to_string()]);
    assert_eq!(k.ending.map(|o| o.payoffs), Some(vec![1.0, 0.0]));
    // other spellings: 王, 竜, 同 with an ASCII space, 不成 and 成銀
    let p = Position::from_sfen(shogi(), "4k4/9/9/9/9/9/2S6/9/4K4 b - 1").unwrap();
    let m = p.parse_kif("５八王(59)", None).unwrap();
    assert_eq!(p.uci(m), "e1e2");
    let m = p
        .parse_kif("同 王(59)", p.parse_usi("5i5h").ok().map(|m| m.to()))
        .unwrap();
    assert_eq!(p.uci(m), "e1e2");
    let p = Position::from_sfen(shogi(), "4k4/9/2S6/9/9/9/9/9/4K4 b - 1").unwrap();
    let up = p.parse_kif("７二銀不成(73)", None).unwrap();
    let promoted = p.parse_kif("７二銀成(73)", None).unwrap();
    assert_ne!(up, promoted);
    // a handicap: the upper side without its bishop, moving first
    let k = kif::read(shogi(), "手合割：角落ち\n1 ３四歩(33)\n2 ７六歩(77)\n").unwrap();
    let start = k.game.start_position();
    let at = |sq: &str| start.piece_at(ashta_rules::geometry::Square::parse(sq).unwrap());
    assert!(at("h8").is_none() && at("b8").is_some(), "{}", start.fen());
    assert_eq!(k.game.moves().len(), 2);
}

#[test]
fn bad_records_name_the_line_or_move() {
    let err = |text: &str| match kif::read(shogi(), text) {
        Ok(_) => panic!("{text} read"),
        Err(e) => e.to_string(),
    };
    let e = err("手合割：平手\n1 ７六歩(77)\n2 ７六歩(77)\n");
    assert!(e.contains("move 2") && e.contains("７六歩"), "{e}");
    let e = err("手合割：平手\n1 ７六飛(77)\n");
    assert!(e.contains("move 1"), "{e}");
    let e = err("手合割：平手\n1 ▲７六歩\n");
    assert!(e.contains("move 1"), "{e}");
    let e = err("手合割：平手\n1 ７六歩\n");
    assert!(e.contains("square it leaves"), "{e}");
    let e = err("手合割：百枚落ち\n");
    assert!(e.contains("line 1"), "{e}");
    let e = err("+---------------------------+\n| ・ ・|一\n");
    assert!(e.contains("line 2"), "{e}");
    let e = err("先手の持駒：象\n");
    assert!(e.contains("line 1"), "{e}");
    let e = err("1 同　歩(23)\n");
    assert!(e.contains("move 1"), "{e}");
    let e = err("これは棋譜ではない\n");
    assert!(e.contains("line 1"), "{e}");
}

/// python-shogi's forms of a move line (no `同`, no `不成`, one character for promoted
/// pieces), as its parser reads every form Ashta writes.
fn plain(move_text: &str) -> String {
    move_text
        .replace("不成", "")
        .replace("成香", "杏")
        .replace("成桂", "圭")
        .replace("成銀", "全")
}

#[test]
fn records_written_by_python_shogi() {
    let dir = format!("{}/tests/fixtures/kif", env!("CARGO_MANIFEST_DIR"));
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
        let path = entry.unwrap().path();
        // the UTF-8 files (the Shift_JIS one is the server's to decode)
        if path.extension().and_then(|e| e.to_str()) != Some("kifu") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let sfen = std::fs::read_to_string(path.with_extension("sfen")).unwrap();
        let k = kif::read(shogi(), &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let theirs = Position::from_sfen(shogi(), sfen.trim()).unwrap();
        assert_eq!(
            key(&k.game),
            theirs
                .fen()
                .split_whitespace()
                .take(2)
                .map(String::from)
                .collect::<Vec<_>>(),
            "{}",
            path.display()
        );
        assert_eq!(k.names, ["Sente".to_string(), "Gote".to_string()]);
        assert!(k.ending.is_some(), "{}: the resignation", path.display());
        // written back: the same moves, in the forms python-shogi reads
        let mut pos = k.game.start_position().clone();
        let theirs: Vec<String> = text
            .lines()
            .filter_map(|l| l.trim().split_once(' '))
            .filter(|(n, m)| n.parse::<usize>().is_ok() && m.trim() != "投了")
            .map(|(_, m)| m.trim().to_string())
            .collect();
        assert_eq!(theirs.len(), k.game.moves().len());
        for (&m, t) in k.game.moves().iter().zip(&theirs) {
            assert_eq!(plain(&pos.kif(m, None)), *t, "{}", path.display());
            pos.play_unchecked(m);
        }
        n += 1;
    }
    assert!(n >= 4, "only {n} records in {dir}");
}
