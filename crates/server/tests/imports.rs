//! Records imported over the web, several at once (`POST /api/imports`): a PGN file of
//! many games game by game, a KIF file in Shift_JIS as python-shogi writes it, a bad record
//! refused with its move named and nothing of it stored; shogi games exported as KIF and
//! read back.

mod common;
use ashta_rules::chess::{kif, variant, Position};
use common::*;
use serde_json::{json, Value};

async fn post_bytes(c: &Client, body: Vec<u8>) -> (u16, Value) {
    let r = c
        .http
        .post(format!("{}/api/imports", c.base))
        .body(body)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/../rules/tests/fixtures/kif/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[tokio::test]
async fn records_import_several_at_once_and_shogi_games_export_as_kif() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let server = start(&db).await;
    let c = Client::new(server.addr);

    // a PGN file of three games, the last with a bad move
    let file = "[Event \"one\"]\n[Variant \"xiangqi\"]\n\n1. Ch5 Hg8 2. Hg3 *\n\n\
                [Event \"two\"]\n[Variant \"shogi\"]\n\n1. P-76 P-34 2. Bx22+ Sx22 *\n\n\
                [Event \"three\"]\n[Variant \"makruk\"]\n\n1. e4 Qx9 *\n";
    let (s, r) = post_bytes(&c, file.as_bytes().to_vec()).await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(
        (r["imported"].as_u64(), r["refused"].as_u64()),
        (Some(2), Some(1)),
        "{r}"
    );
    let bad = r["records"][2]["error"].as_str().unwrap();
    assert!(bad.contains("Qx9"), "{bad}");
    let xiangqi = r["records"][0]["game"]["id"].as_i64().unwrap();
    let (_, list) = c.get("/api/games").await;
    assert_eq!(list["games"].as_array().map(Vec::len), Some(2), "{list}");

    // a KIF file in Shift_JIS (the usual `.kif`), written by python-shogi
    let (s, r) = post_bytes(&c, fixture("game6.kif")).await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(r["imported"].as_u64(), Some(1), "{r}");
    let id = r["records"][0]["game"]["id"].as_i64().unwrap();
    let (_, state) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(
        state["outcome"]["reason"], "resignation",
        "{}",
        state["outcome"]
    );
    // exported as KIF (UTF-8), it reads back to python-shogi's position
    let (s, text) = c.text(&format!("/api/games/{id}/record?format=kif")).await;
    assert_eq!(s, 200, "{text}");
    assert!(
        text.contains("手合割：平手") && text.contains("投了"),
        "{text}"
    );
    let shogi = variant("shogi", None, &[]).unwrap();
    let back = kif::read(shogi, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let sfen = String::from_utf8(fixture("game6.sfen")).unwrap();
    let theirs = Position::from_sfen(shogi, sfen.trim()).unwrap();
    let key = |p: &Position| {
        p.fen()
            .split_whitespace()
            .take(2)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(key(back.game.position()), key(&theirs));
    // and Ashta's KIF imports again as the same game
    let (s, r) = post_bytes(&c, text.into_bytes()).await;
    assert_eq!((s, r["imported"].as_u64()), (200, Some(1)), "{r}");
    let again = r["records"][0]["game"]["id"].as_i64().unwrap();
    let (_, s2) = c.get(&format!("/api/games/{again}")).await;
    assert_eq!(s2["moves"], state["moves"]);

    // only shogi has a KIF record; bytes that are no text are refused
    let (s, text) = c
        .text(&format!("/api/games/{xiangqi}/record?format=kif"))
        .await;
    assert_eq!(s, 400, "{text}");
    // Xiangqi's PGN in WXF and in ICCS moves imports back to the same game
    let (_, xq) = c.get(&format!("/api/games/{xiangqi}")).await;
    for (format, sample) in [("wxf", "1. C2+2 H8+7"), ("iccs", "1. H2-H4 H9-G7")] {
        let (s, text) = c
            .text(&format!("/api/games/{xiangqi}/record?format={format}"))
            .await;
        assert_eq!(s, 200, "{text}");
        assert!(text.contains(sample), "{text}");
        let (s, r) = post_bytes(&c, text.into_bytes()).await;
        assert_eq!((s, r["imported"].as_u64()), (200, Some(1)), "{r}");
        let again = r["records"][0]["game"]["id"].as_i64().unwrap();
        let (_, g) = c.get(&format!("/api/games/{again}")).await;
        assert_eq!(g["fen"], xq["fen"], "{format}");
    }
    let (s, text) = c.text(&format!("/api/games/{id}/record?format=wxf")).await;
    assert_eq!(s, 400, "{text}");
    let (s, r) = post_bytes(&c, vec![0x31, 0x2e, 0x20, 0xff, 0xfe]).await;
    assert_eq!(s, 400, "{r}");
    assert!(r["error"].as_str().unwrap().contains("Shift_JIS"), "{r}");
    let (s, r) = post_bytes(&c, b"  \n".to_vec()).await;
    assert_eq!(s, 400, "{r}");
    // a KIF record with an illegal move: named, nothing stored
    let (s, r) = post_bytes(
        &c,
        "手合割：平手\n1 ７六歩(77)\n2 ７六歩(77)\n"
            .as_bytes()
            .to_vec(),
    )
    .await;
    assert_eq!((s, r["refused"].as_u64()), (200, Some(1)), "{r}");
    let e = r["records"][0]["error"].as_str().unwrap();
    assert!(e.contains("KIF") && e.contains("move 2"), "{e}");
    let (_, list) = c.get("/api/games").await;
    assert_eq!(list["games"].as_array().map(Vec::len), Some(6), "{list}");
    server.stop().await;
}

/// A game from a set-up position: created with a start FEN, stored with it (after a
/// restart it resumes from there), refused with the reason when the FEN is bad; a handicap
/// KIF record imports as a game from its set-up start.
#[tokio::test]
async fn games_from_set_up_positions_are_created_imported_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let server = start(&db).await;
    let c = Client::new(server.addr);
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let (id, tokens) = create(
        &c,
        serde_json::json!({"game": "asha", "seats": humans(2), "start": fen}),
    )
    .await;
    let (s, e) = play(&c, id, 0, &tokens[0], "e2e4").await;
    assert_eq!(s, 200, "{e}");
    // an invite link's token checked before the page keeps it
    let (s, e) = act(&c, id, "check", json!({"seat": 1, "token": tokens[1]})).await;
    assert_eq!(s, 200, "{e}");
    let (s, e) = act(&c, id, "check", json!({"seat": 1, "token": tokens[0]})).await;
    assert_eq!(s, 403, "{e}");
    let (s, e) = c
        .post(
            "/api/games",
            serde_json::json!({"game": "asha", "seats": humans(2), "start": "4k3/8/8/8/8/8/4P3/4X3 w - - 0 1"}),
        )
        .await;
    assert_eq!(s, 400, "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("start position"),
        "{e}"
    );
    // a handicap (the upper side without its rook), the upper side moving first
    let kif = "手合割：飛車落ち\n先手：a\n後手：b\n手数----指手---------消費時間--\n   1 ６二銀(71)\n   2 ７六歩(77)\n";
    let (s, r) = post_bytes(&c, kif.as_bytes().to_vec()).await;
    assert_eq!((s, r["imported"].as_u64()), (200, Some(1)), "{r}");
    let handicap = r["records"][0]["game"]["id"].as_i64().unwrap();
    let (server, c) = restart(server, &db).await;
    let (_, state) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["setup"]["start"], fen, "{state}");
    assert_eq!(
        state["fen"].as_str().unwrap().split(' ').next(),
        Some("4k3/8/8/8/4P3/8/8/4K3"),
        "{state}"
    );
    let (_, state) = c.get(&format!("/api/games/{handicap}")).await;
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(2), "{state}");
    // going back through it: the start, a move in, past the end (the game as it stands)
    let (s, p0) = c
        .get(&format!("/api/games/{handicap}/position?ply=0"))
        .await;
    assert_eq!(s, 200, "{p0}");
    assert_eq!(p0["of"], 2);
    assert_eq!(p0["fen"], state["setup"]["start"], "{p0}");
    let (_, p1) = c
        .get(&format!("/api/games/{handicap}/position?ply=1"))
        .await;
    assert_ne!(p1["fen"], p0["fen"]);
    assert!(p1["sfen"].is_string(), "{p1}");
    let (_, end) = c
        .get(&format!("/api/games/{handicap}/position?ply=99"))
        .await;
    assert_eq!(
        (&end["ply"], &end["fen"]),
        (&json!(2), &state["fen"]),
        "{end}"
    );
    let (s, e) = c
        .get(&format!("/api/games/{handicap}/position?ply=x"))
        .await;
    assert_eq!(s, 400, "{e}");
    let (_, pgn) = c.text(&format!("/api/games/{handicap}/record")).await;
    assert!(
        pgn.contains("[SetUp \"1\"]") && pgn.contains("[FEN \""),
        "{pgn}"
    );
    server.stop().await;
}
