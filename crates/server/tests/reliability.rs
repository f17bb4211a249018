//! What the server promises a server open to the network, against the real server on a
//! loopback port with a real SQLite file: secret dice, one server per database, endings and
//! offers kept, limits on new games and connections, deleting games, four-player
//! resignations (the table in docs/server.md).

mod common;

use common::*;
use serde_json::{json, Value};
use std::time::Duration;

/// The dice of a game in play cannot be foreseen: the server draws the seed and shows only
/// its SHA-256 until the game ends, then the seed, which checks against the hash and
/// replays the record; a seed the creator chose is public and marked so.
#[tokio::test]
async fn dice_are_secret_until_the_game_ends_then_verifiable() {
    use sha2::{Digest, Sha256};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let server = start(&db).await;
    let c = Client::new(server.addr);
    let (id, t) = create(&c, json!({"game": "ashtapada", "seats": humans(2)})).await;
    assert_eq!(play_first_moves(&c, id, &t, 6).await.len(), 6);
    let (_, s) = c.get(&format!("/api/games/{id}")).await;
    assert!(s["setup"].get("seed").is_none(), "{}", s["setup"]);
    assert_eq!(s["setup"]["seedChosen"], false);
    let hash = s["setup"]["seedHash"].as_str().unwrap().to_string();
    assert_eq!(hash.len(), 64);
    let (_, rec) = c.text(&format!("/api/games/{id}/record")).await;
    assert!(!rec.contains("[Seed "), "{rec}");
    assert!(rec.contains(&format!("[SeedHash \"{hash}\"]")), "{rec}");
    let (status, e) = c.import(rec).await;
    assert_eq!(status, 422, "{e}");
    assert!(e["error"].as_str().unwrap().contains("secret"), "{e}");

    // still secret after a restart; revealed when the game ends, and it checks
    let (server, c) = restart(server, &db).await;
    let (_, s) = c.get(&format!("/api/games/{id}")).await;
    assert!(s["setup"].get("seed").is_none());
    assert_eq!(s["setup"]["seedHash"], hash.as_str());
    let (st, e) = act(&c, id, "resign", json!({"seat": 0, "token": t[0]})).await;
    assert_eq!(st, 200, "{e}");
    let (_, s) = c.get(&format!("/api/games/{id}")).await;
    let seed = s["setup"]["seed"]
        .as_u64()
        .expect("the seed is shown at the end");
    let digest: String = Sha256::digest(seed.to_string().as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(digest, hash);
    let (_, rec) = c.text(&format!("/api/games/{id}/record")).await;
    assert!(rec.contains(&format!("[Seed \"{seed}\"]")), "{rec}");
    let (status, made) = c.import(rec).await;
    assert_eq!(status, 200, "{made}");
    let (_, copy) = c.get(&format!("/api/games/{}", made["id"])).await;
    assert_eq!(copy["fen"], s["fen"]);

    // a seed chosen by the creator is public from the start, marked so, after restarts too
    let (id, _) = create(
        &c,
        json!({"game": "shaturanga", "seats": humans(4), "seed": 77}),
    )
    .await;
    let (server, c) = restart(server, &db).await;
    let (_, s) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(s["setup"]["seed"], 77);
    assert_eq!(s["setup"]["seedChosen"], true);
    server.stop().await;
}

/// Two servers on one database file would both acknowledge moves while the file keeps one
/// side's: the second is refused with the reason, and starts once the first has stopped.
/// A damaged file is refused at start with the reason and left as it was.
#[tokio::test]
async fn one_server_per_database_and_a_damaged_one_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let first = start(&db).await;
    let second = ashta_server::start("127.0.0.1:0".parse().unwrap(), &db).await;
    let e = format!("{:#}", second.err().expect("a second server is refused"));
    assert!(e.contains("in use by another Ashta server"), "{e}");
    assert!(e.contains(&std::process::id().to_string()), "{e}");
    first.stop().await;
    let again = start(&db).await;
    again.stop().await;

    // a database with some games, then a page in its middle overwritten
    let path = dir.path().join("damaged.db");
    {
        let store = ashta_server::store::Store::open(&path).unwrap();
        for i in 0..200 {
            let setup = ashta_server::table::Setup {
                game: "makruk".into(),
                ruleset: String::new(),
                options: vec![format!("note={}", "x".repeat(i))],
                seed: i as u64,
                seed_chosen: false,
                start: None,
            };
            store.create(&setup, &[], &[], None).unwrap();
        }
    }
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > 8 * 4096, "{}", bytes.len());
    for b in &mut bytes[4 * 4096..5 * 4096] {
        *b = 0x5a;
    }
    std::fs::write(&path, &bytes).unwrap();
    let e = ashta_server::start("127.0.0.1:0".parse().unwrap(), &path).await;
    let e = format!("{:#}", e.err().expect("a damaged database is refused"));
    assert!(e.contains("is damaged"), "{e}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        bytes,
        "the file is kept as it was"
    );
}

/// Endings the moves do not show (an imported resignation) and standing draw offers are
/// kept in the archive: after a restart the game is still over, the offer still stands.
#[tokio::test]
async fn imported_endings_and_draw_offers_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let server = start(&db).await;
    let c = Client::new(server.addr);
    let pgn = "[Event \"casual\"]\n[Result \"1-0\"]\n[Termination \"Black resigned\"]\n\n\
               1. e4 e5 2. Nf3 1-0\n";
    let (status, made) = c.import(pgn.into()).await;
    assert_eq!(status, 200, "{made}");
    let imported = made["id"].as_i64().unwrap();
    let black = made["seats"][1]["token"].as_str().unwrap().to_string();
    // a result that is no number does not end a game
    let nan = "[Result \"NaN 0\"]\n\n1. e4 e5 *\n";
    let (status, made) = c.import(nan.into()).await;
    assert_eq!(status, 200, "{made}");
    let not_ended = made["id"].as_i64().unwrap();
    let (id, t) = create(&c, json!({"game": "shatranj", "seats": humans(2)})).await;
    let (s, e) = act(
        &c,
        id,
        "draw",
        json!({"seat": 0, "token": t[0], "action": "offer"}),
    )
    .await;
    assert_eq!(s, 200, "{e}");

    let (server, c) = restart(server, &db).await;
    let (_, g) = c.get(&format!("/api/games/{imported}")).await;
    assert_eq!(g["outcome"]["text"], "White wins", "{g}");
    assert_eq!(g["outcome"]["reason"], "Black resigned");
    let (s, e) = play(&c, imported, 1, &black, "b8c6").await;
    assert_eq!(s, 409, "the game is over: {e}");
    let (_, g) = c.get(&format!("/api/games/{not_ended}")).await;
    assert!(g["outcome"].is_null(), "{g}");
    let (_, g) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(g["drawOffer"], 0);
    let (s, e) = act(
        &c,
        id,
        "draw",
        json!({"seat": 1, "token": t[1], "action": "accept"}),
    )
    .await;
    assert_eq!(s, 200, "{e}");
    assert_eq!(e["outcome"]["reason"], "agreement");
    // a move withdraws an offer, after a restart too
    let (id, t) = create(&c, json!({"game": "makruk", "seats": humans(2)})).await;
    act(
        &c,
        id,
        "draw",
        json!({"seat": 0, "token": t[0], "action": "offer"}),
    )
    .await;
    let (s, _) = play(&c, id, 0, &t[0], "e3e4").await;
    assert_eq!(s, 200);
    let (server, c) = restart(server, &db).await;
    let (_, g) = c.get(&format!("/api/games/{id}")).await;
    assert!(g["drawOffer"].is_null(), "{g}");
    server.stop().await;
}

/// New games are limited per address (429 with the reason); the administrator deletes any
/// game, a seat holder a game against the computer but not one with other people.
#[tokio::test]
async fn new_games_are_limited_and_games_can_be_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let config = ashta_server::Config {
        games_per_minute: 5,
        engine_threads: 1,
        admin_token: None,
        ..Default::default()
    };
    let server = ashta_server::start_with(
        "127.0.0.1:0".parse().unwrap(),
        &dir.path().join("g.db"),
        config,
    )
    .await
    .unwrap();
    let c = Client::new(server.addr);
    let computers = json!([{"kind": "computer", "level": 8}, {"kind": "computer", "level": 8}]);
    let (cvc, _) = create(&c, json!({"game": "xiangqi", "seats": computers})).await;
    let (pvc, t) = create(
        &c,
        json!({"game": "makruk", "seats": [{"kind": "human"}, {"kind": "computer", "level": 1}]}),
    )
    .await;
    let (pvp, t2) = create(&c, json!({"game": "shogi", "seats": humans(2)})).await;
    let (status, _) = c.import("1. e4 e5 *".into()).await;
    assert_eq!(status, 200);
    create(&c, json!({"game": "asha", "seats": humans(2)})).await;
    let (status, e) = c
        .post("/api/games", json!({"game": "asha", "seats": humans(2)}))
        .await;
    assert_eq!(status, 429, "{e}");
    assert!(e["error"].as_str().unwrap().contains("5 a minute"), "{e}");
    let (status, e) = c.import("1. d4 d5 *".into()).await;
    assert_eq!(status, 429, "{e}");
    let (_, st) = c.get("/api/status").await;
    assert_eq!(st["engineThreads"], 1);

    let delete = |id: i64, body: Value| {
        let http = c.http.clone();
        let url = format!("{}/api/games/{id}", c.base);
        async move {
            let r = http.delete(url).json(&body).send().await.unwrap();
            (r.status().as_u16(), r.json::<Value>().await.unwrap())
        }
    };
    // the computer-only game: only the administrator
    let (s, e) = delete(cvc, json!({"admin": "guess"})).await;
    assert_eq!(s, 403, "{e}");
    let (s, e) = delete(cvc, json!({})).await;
    assert_eq!(s, 403, "{e}");
    let (s, e) = delete(cvc, json!({"admin": server.admin_token})).await;
    assert_eq!(s, 200, "{e}");
    let (s, _) = c.get(&format!("/api/games/{cvc}")).await;
    assert_eq!(s, 404);
    // against the computer: the player may; between people: not one of them alone
    let (s, e) = delete(pvc, json!({"seat": 1, "token": t[0]})).await;
    assert_eq!(s, 403, "{e}");
    let (s, e) = delete(pvc, json!({"seat": 0, "token": t[0]})).await;
    assert_eq!(s, 200, "{e}");
    let (s, e) = delete(pvp, json!({"seat": 0, "token": t2[0]})).await;
    assert_eq!(s, 403, "{e}");
    assert!(e["error"].as_str().unwrap().contains("kept"), "{e}");
    let (s, _) = c.get(&format!("/api/games/{pvp}")).await;
    assert_eq!(s, 200);
    let (_, list) = c.get("/api/games").await;
    let ids: Vec<i64> = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_i64().unwrap())
        .collect();
    assert!(
        !ids.contains(&cvc) && !ids.contains(&pvc) && ids.contains(&pvp),
        "{ids:?}"
    );
    server.stop().await;
}

/// Idle, half-sent and surplus connections cannot starve the server: at most so many
/// connections (and so many from one address) are kept, more are closed at once, and a
/// connection that does not finish its request's headers or body in time is closed.
#[tokio::test]
async fn idle_and_half_sent_connections_are_closed_and_counted() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;
    let dir = tempfile::tempdir().unwrap();
    let mut config = ashta_server::Config::default();
    config.connections.per_address = 8;
    config.connections.headers = Duration::from_millis(600);
    config.connections.body = Duration::from_millis(600);
    let server = ashta_server::start_with(
        "127.0.0.1:0".parse().unwrap(),
        &dir.path().join("g.db"),
        config,
    )
    .await
    .unwrap();
    let addr = server.addr;
    /// Reads until the peer closes; what it sent, or `None` if it stays open 5 s.
    async fn until_closed(s: &mut TcpStream) -> Option<String> {
        let mut all = Vec::new();
        let mut buf = [0u8; 4096];
        loop {
            match tokio::time::timeout(Duration::from_secs(5), s.read(&mut buf)).await {
                Err(_) => return None,
                Ok(Ok(0)) | Ok(Err(_)) => return Some(String::from_utf8_lossy(&all).into()),
                Ok(Ok(n)) => all.extend_from_slice(&buf[..n]),
            }
        }
    }
    // eight idle connections fill this address's share: a ninth is closed at once
    let mut idle = Vec::new();
    for _ in 0..8 {
        idle.push(TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut ninth = TcpStream::connect(addr).await.unwrap();
    let _ = ninth
        .write_all(b"GET /api/info HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    let t = std::time::Instant::now();
    assert_eq!(until_closed(&mut ninth).await.as_deref(), Some(""));
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    // the idle ones are closed when the time for headers has passed, and room is made
    for s in &mut idle {
        assert!(
            until_closed(s).await.is_some(),
            "an idle connection stays open"
        );
    }
    let c = Client::new(addr);
    let (s, _) = c.get("/api/info").await;
    assert_eq!(s, 200);
    // a kept-alive connection that sends nothing more is closed too
    let mut kept = TcpStream::connect(addr).await.unwrap();
    kept.write_all(b"GET /api/info HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let answer = until_closed(&mut kept)
        .await
        .expect("closed after its idle time");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // a body that stops half way is answered and the connection closed
    let mut half = TcpStream::connect(addr).await.unwrap();
    half.write_all(b"POST /api/import HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n1. e4")
        .await
        .unwrap();
    let answer = until_closed(&mut half)
        .await
        .expect("a half-sent body is not waited for");
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 4"),
        "{answer}"
    );
    server.stop().await;
}

/// In Shaturanga and Ashtapada for three or four, a resigning seat leaves the game and the
/// others play on; the resignation is in the record, survives a restart and replays.
#[tokio::test]
async fn a_resigning_seat_leaves_a_four_player_game_and_the_others_play_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let mut server = start(&db).await;
    let mut c = Client::new(server.addr);
    for (game, options, seats) in [
        ("shaturanga", json!([]), 4),
        ("ashtapada", json!(["players=3"]), 3),
    ] {
        let (id, t) = create(
            &c,
            json!({"game": game, "options": options, "seats": humans(seats)}),
        )
        .await;
        let (_, s) = c.get(&format!("/api/games/{id}")).await;
        let first = s["toAct"][0].as_u64().unwrap() as usize;
        let leaver = (first + 1) % seats;
        let (st, e) = act(
            &c,
            id,
            "resign",
            json!({"seat": leaver, "token": t[leaver]}),
        )
        .await;
        assert_eq!(st, 200, "{game}: {e}");
        assert!(e["outcome"].is_null(), "{game}: the others play on: {e}");
        let last = e["moves"]
            .as_array()
            .unwrap()
            .iter()
            .rev()
            .find(|m| !m["seat"].is_null())
            .unwrap()
            .clone();
        assert!(
            last["text"].as_str().unwrap().starts_with("resign "),
            "{last}"
        );
        if game == "shaturanga" {
            assert_eq!(
                e["board"]["players"][leaver]["status"], "resigned",
                "{}",
                e["board"]
            );
        } else {
            assert_eq!(e["board"]["resigned"][leaver], true, "{}", e["board"]);
        }
        let (st, _) = act(
            &c,
            id,
            "resign",
            json!({"seat": leaver, "token": t[leaver]}),
        )
        .await;
        assert_eq!(st, 409, "once");
        // play goes on without the leaver
        let moved = play_first_moves(&c, id, &t, 3 * seats).await;
        assert!(!moved.is_empty() && !moved.contains(&leaver), "{moved:?}");
        let (_, before) = c.get(&format!("/api/games/{id}")).await;
        (server, c) = restart(server, &db).await;
        let (_, after) = c.get(&format!("/api/games/{id}")).await;
        assert_eq!(after["moves"], before["moves"]);
        assert_eq!(after["fen"], before["fen"]);
        assert!(after["outcome"].is_null());
        // the record replays with the resignation (the seed is public once chosen)
        let (_, rec) = c.text(&format!("/api/games/{id}/record")).await;
        assert!(rec.contains("resign "), "{rec}");
    }
    server.stop().await;
}

/// `ashta import`: a file of several records (PGN, or a shogi CSA record) goes into the
/// archive game by game, a bad record refused with its move named and nothing of it stored; not while a server holds
/// the database; the games are there when the server starts.
#[tokio::test]
async fn files_of_records_import_into_the_archive() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let file = "[Event \"one\"]\n[Variant \"xiangqi\"]\n\n1. Ch5 Hg8 2. Hg3 *\n\n\
                [Event \"two\"]\n[Variant \"shogi\"]\n\n1. P-76 P-34 2. Bx22+ Sx22 *\n\n\
                [Event \"three\"]\n[Variant \"makruk\"]\n\n1. e4 Qx9 *\n";
    let records = ashta_server::split_records(file);
    assert_eq!(records.len(), 3, "{records:?}");
    let results = ashta_server::import_records(&db, &records).unwrap();
    assert!(results[0].is_ok() && results[1].is_ok(), "{results:?}");
    let bad = results[2].as_ref().unwrap_err();
    assert!(bad.contains("Qx9"), "{bad}");
    // a CSA record, as shogi servers write it, is one game of shogi
    let csa = "V2.2\nN+a\nN-b\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n%TORYO\n";
    assert_eq!(ashta_server::split_records(csa).len(), 1);
    let r = ashta_server::import_records(&db, &[csa.to_string()]).unwrap();
    let csa_id = *r[0].as_ref().unwrap();
    let r = ashta_server::import_records(&db, &["PI\n+\n+7776FU\n+3334FU\n".into()]).unwrap();
    assert!(r[0].as_ref().unwrap_err().contains("+3334FU"), "{r:?}");

    let server = start(&db).await;
    assert!(
        ashta_server::import_records(&db, &records).is_err(),
        "a running server holds the database"
    );
    let c = Client::new(server.addr);
    let (_, list) = c.get("/api/games").await;
    let games = list
        .as_array()
        .or(list["games"].as_array())
        .unwrap()
        .clone();
    assert_eq!(games.len(), 3, "{list}");
    let id = *results[1].as_ref().unwrap();
    let (_, s) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(s["moves"].as_array().map(Vec::len), Some(4), "{s}");
    // the shogi games give their CSA record; the others refuse it
    let (status, text) = c
        .text(&format!("/api/games/{csa_id}/record?format=csa"))
        .await;
    assert_eq!(status, 200, "{text}");
    assert!(
        text.contains("PI\n+\n+7776FU\n-3334FU\n+8822UM\n"),
        "{text}"
    );
    let xiangqi = *results[0].as_ref().unwrap();
    let (status, text) = c
        .text(&format!("/api/games/{xiangqi}/record?format=csa"))
        .await;
    assert_eq!(status, 400, "{text}");
    server.stop().await;
}
