//! The HTTP API against the real server on a loopback port with a real SQLite file:
//! create, join, move, refuse illegal and unauthorised moves, computer seats, live
//! updates, records, restarts.

mod common;

use common::*;
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::Duration;

#[tokio::test]
async fn create_join_move_refuse_and_resume_after_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = start(&db).await;
    let c = Client::new(server.addr);
    let (id, tokens) = create(&c, json!({"game": "shatranj", "seats": humans(2)})).await;

    // the seat to move moves; the other seat, a wrong token and an illegal move are refused
    let (s, state) = play(&c, id, 0, &tokens[0], "e2e3").await;
    assert_eq!(s, 200, "{state}");
    assert_eq!(state["moves"][0]["label"], "e3");
    assert_eq!(state["toAct"], json!([1]));
    let (s, e) = play(&c, id, 0, &tokens[0], "d2d3").await;
    assert_eq!(s, 409, "{e}");
    let (s, e) = play(&c, id, 1, &tokens[0], "e7e6").await;
    assert_eq!(s, 403, "{e}");
    assert!(e["error"].as_str().unwrap().contains("token"));
    let (s, e) = play(&c, id, 1, "", "e7e6").await;
    assert_eq!(s, 403, "{e}");
    let (s, e) = play(&c, id, 1, &tokens[1], "e7e5").await;
    assert_eq!(s, 422, "{e}");
    assert!(e["error"].as_str().unwrap().contains("not legal"), "{e}");
    let (s, e) = play(&c, id, 1, &tokens[1], "zz").await;
    assert_eq!(s, 422, "{e}");
    let (s, _) = play(&c, id, 1, &tokens[1], "Nf6").await;
    assert_eq!(s, 200);
    let (_, before) = c.get(&format!("/api/games/{id}")).await;

    // restart: the game is there, with its moves, and goes on
    let (server, c) = restart(server, &db).await;
    let (s, after) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(s, 200);
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["fen"], before["fen"]);
    let (s, _) = play(&c, id, 0, &tokens[0], "g1f3").await;
    assert_eq!(s, 200);
    let (_, list) = c.get("/api/games?status=playing").await;
    let row = &list["games"][0];
    assert_eq!(row["id"], id);
    assert_eq!(row["moves"], 3);
    server.stop().await;
}

#[tokio::test]
async fn computer_seats_answer_and_carry_on_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = start(&db).await;
    let c = Client::new(server.addr);
    let (id, tokens) = create(
        &c,
        json!({"game": "makruk", "seats": [{"kind": "human"}, {"kind": "computer", "level": 1}]}),
    )
    .await;
    assert_eq!(tokens[1], "", "computer seats have no token");
    let (s, _) = play(&c, id, 0, &tokens[0], "e3e4").await;
    assert_eq!(s, 200);
    let state = wait_moves(&c, id, 2).await;
    assert_eq!(state["moves"][1]["seat"], 1);
    assert_eq!(state["toAct"], json!([0]));
    // nobody may move for the computer
    let (s, e) = play(&c, id, 1, "", "e6e5").await;
    assert_eq!(s, 403, "{e}");

    // take back: the human's move and the computer's answer go
    let (s, state) = act(&c, id, "undo", json!({"seat": 0, "token": tokens[0]})).await;
    assert_eq!(s, 200, "{state}");
    assert_eq!(state["moves"].as_array().unwrap().len(), 0);

    // a game between computers plays on by itself, also after a restart
    let (auto, _) = create(
        &c,
        json!({"game": "ahayuta", "seats": [{"kind": "computer", "level": 1}, {"kind": "computer", "level": 1}]}),
    )
    .await;
    wait_moves(&c, auto, 1).await;
    let (server, c) = restart(server, &db).await;
    let (_, s) = c.get(&format!("/api/games/{auto}")).await;
    let n = s["moves"].as_array().unwrap().len();
    wait_moves(&c, auto, n + 2).await;
    server.stop().await;
}

#[tokio::test]
async fn watchers_see_each_move_live() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let c = Client::new(server.addr);
    let (id, tokens) = create(&c, json!({"game": "xiangqi", "seats": humans(2)})).await;
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let first: Value = match ws.next().await.unwrap().unwrap() {
        tokio_tungstenite::tungstenite::Message::Text(t) => serde_json::from_str(&t).unwrap(),
        m => panic!("{m:?}"),
    };
    assert_eq!(first["moves"], json!([]));
    let (s, _) = play(&c, id, 0, &tokens[0], "h3e3").await;
    assert_eq!(s, 200);
    let next: Value = match tokio::time::timeout(Duration::from_secs(5), ws.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap()
    {
        tokio_tungstenite::tungstenite::Message::Text(t) => serde_json::from_str(&t).unwrap(),
        m => panic!("{m:?}"),
    };
    assert_eq!(next["moves"][0]["label"], "C2=5");
    assert_eq!(next["board"]["style"], "xiangqi");
    // a watcher who sends a large message is cut off rather than buffered
    use futures_util::SinkExt;
    let big = tokio_tungstenite::tungstenite::Message::Text("x".repeat(100_000).into());
    let _ = ws.send(big).await;
    let end = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match ws.next().await {
                None | Some(Err(_)) => return true,
                Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert_eq!(end, Ok(true), "the connection is closed");
    server.stop().await;
}

#[tokio::test]
async fn records_export_and_import_for_every_family() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let c = Client::new(server.addr);
    // a finished chess game: fool's mate in Asha
    let (id, t) = create(&c, json!({"game": "asha", "seats": humans(2)})).await;
    for (seat, m) in [(0, "f2f3"), (1, "e7e5"), (0, "g2g4"), (1, "Qh4")] {
        let (s, e) = play(&c, id, seat, &t[seat], m).await;
        assert_eq!(s, 200, "{e}");
    }
    let (_, state) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["outcome"]["text"], "Black wins");
    assert_eq!(state["outcome"]["reason"], "checkmate");
    let (s, pgn) = c.text(&format!("/api/games/{id}/record")).await;
    assert_eq!(s, 200);
    assert!(
        pgn.contains("[Variant \"asha\"]") || pgn.contains("Variant"),
        "{pgn}"
    );
    let (status, made) = c.import(pgn).await;
    assert_eq!(status, 200);
    let (_, copy) = c.get(&format!("/api/games/{}", made["id"])).await;
    assert_eq!(copy["fen"], state["fen"]);
    assert_eq!(copy["outcome"]["text"], "Black wins");
    // the same game in Ashta's record text reads back too
    let (s, rec) = c
        .text(&format!("/api/games/{id}/record?format=ashta"))
        .await;
    assert_eq!(s, 200);
    assert!(rec.starts_with("[Game \"asha\"]"), "{rec}");
    let (status, made) = c.import(rec).await;
    assert_eq!(status, 200);
    let (_, copy) = c.get(&format!("/api/games/{}", made["id"])).await;
    assert_eq!(copy["fen"], state["fen"]);
    let (s, _) = c.text(&format!("/api/games/{id}/record?format=docx")).await;
    assert_eq!(s, 400);
    let (_, finished) = c.get("/api/games?status=finished").await;
    assert_eq!(finished["games"].as_array().unwrap().len(), 3);

    // Ashtapada for three: throws by the table, plans by the seats, the record replays
    let (id, t) = create(
        &c,
        json!({"game": "ashtapada", "options": ["players=3"], "seats": humans(3), "seed": 5}),
    )
    .await;
    assert_eq!(play_first_moves(&c, id, &t, 12).await.len(), 12);
    let (_, s) = c.get(&format!("/api/games/{id}")).await;
    let (_, rec) = c.text(&format!("/api/games/{id}/record")).await;
    assert!(rec.starts_with("[Game \"ashtapada\"]"), "{rec}");
    let (_, made) = c.import(rec.clone()).await;
    let (_, copy) = c.get(&format!("/api/games/{}", made["id"])).await;
    assert_eq!(copy["fen"], s["fen"]);
    // a record with a forged throw is refused with the reason
    let forged = rec.replacen("throw ", "throw 9", 1);
    let (status, _) = c.import(forged).await;
    assert_eq!(status, 422);
    server.stop().await;
}

#[tokio::test]
async fn bad_requests_get_clear_errors_and_the_server_keeps_running() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let c = Client::new(server.addr);
    let cases = [
        (json!({"game": "go", "seats": humans(2)}), "unknown game"),
        (json!({"game": "makruk", "seats": humans(3)}), "2 seats"),
        (
            json!({"game": "makruk", "seats": [{"kind": "human"}, {"kind": "computer", "level": 9}]}),
            "level is 1 to 8",
        ),
        (
            json!({"game": "makruk", "seats": [{"kind": "human"}, {"kind": "robot"}]}),
            "human or computer",
        ),
        (
            json!({"game": "makruk", "ruleset": "modern", "seats": humans(2)}),
            "no ruleset",
        ),
        (json!({"seats": humans(2)}), "bad request body"),
    ];
    for (body, want) in cases {
        let (s, e) = c.post("/api/games", body.clone()).await;
        assert_eq!(s, 400, "{body} -> {e}");
        assert!(e["error"].as_str().unwrap().contains(want), "{body} -> {e}");
    }
    let r = c
        .http
        .post(format!("{}/api/games", c.base))
        .header("content-type", "application/json")
        .body("{\"game\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 400);
    let (s, _) = c.get("/api/games/12x").await;
    assert_eq!(s, 400);
    let (s, _) = c.get("/api/games/404").await;
    assert_eq!(s, 404);
    let (s, _) = c.get("/api/nothing").await;
    assert_eq!(s, 404);
    let (s, _) = c.get("/api/games?status=lost").await;
    assert_eq!(s, 400);
    let (status, _) = c.import("[Variant \"makruk\"]\n\n1. e9e9 *".into()).await;
    assert_eq!(status, 422);
    // refusals made before any handler runs are JSON too, with their own status
    let raw =
        |method: reqwest::Method, path: &str| c.http.request(method, format!("{}{path}", c.base));
    let json_refusal = |r: reqwest::Response| async move {
        let status = r.status().as_u16();
        let kind = r.headers()["content-type"].to_str().unwrap().to_string();
        let v: Value = r.json().await.expect("a JSON body");
        assert!(kind.starts_with("application/json"), "{kind}");
        (
            status,
            v["error"].as_str().expect("an error text").to_string(),
        )
    };
    let long = format!("/api/games/{}", "7".repeat(20_000));
    let (s, e) = json_refusal(raw(reqwest::Method::GET, &long).send().await.unwrap()).await;
    assert_eq!(s, 414, "{e}");
    assert!(e.len() < 200, "{e}");
    let bad_id = "/api/games/x7x7x7x7x7x7x7x7x7x7x7x7x7x7x7x7x7x7x7x7x7x7x7";
    let (s, e) = json_refusal(raw(reqwest::Method::GET, bad_id).send().await.unwrap()).await;
    assert_eq!(s, 400, "{e}");
    assert!(e.contains("..."), "{e}");
    let (s, e) = json_refusal(
        raw(reqwest::Method::PUT, "/api/games")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(s, 405, "{e}");
    assert!(e.contains("PUT is not taken"), "{e}");
    let big = "1. e4 e5 ".repeat(300_000);
    let (s, e) = json_refusal(
        raw(reqwest::Method::POST, "/api/import")
            .body(big)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(s, 413, "{e}");
    let (s, e) = json_refusal(
        raw(reqwest::Method::POST, "/api/games")
            .header("content-type", "application/json")
            .body(format!(
                "{{\"game\": \"{}\", \"seats\": []}}",
                "x".repeat(3_000_000)
            ))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(s, 413, "{e}");
    let (s, e) = json_refusal(
        raw(reqwest::Method::POST, "/api/import")
            .body(vec![0x31, 0x2e, 0x20, 0xff, 0xfe])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(s, 400, "{e}");
    let (s, e) = json_refusal(
        raw(reqwest::Method::GET, "/api/games/1/ws")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert!(s == 400 || s == 426, "{s} {e}");
    // a form posted from another site's page is refused; this server's own page is not
    let (s, e) = json_refusal(
        raw(reqwest::Method::POST, "/api/import")
            .header("origin", "http://elsewhere.example")
            .header("content-type", "application/x-www-form-urlencoded")
            .body("1. e4 e5 *")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(s, 403, "{e}");
    assert!(e.contains("another site"), "{e}");
    let r = raw(reqwest::Method::POST, "/api/import")
        .header("origin", c.base.clone())
        .body("1. e4 e5 *")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    // resign and draw rules
    let (id, t) = create(&c, json!({"game": "janggi", "seats": humans(2)})).await;
    let (s, _) = act(
        &c,
        id,
        "draw",
        json!({"seat": 1, "token": t[1], "action": "accept"}),
    )
    .await;
    assert_eq!(s, 409);
    let (s, _) = act(
        &c,
        id,
        "draw",
        json!({"seat": 0, "token": t[0], "action": "offer"}),
    )
    .await;
    assert_eq!(s, 200);
    let (s, state) = act(
        &c,
        id,
        "draw",
        json!({"seat": 1, "token": t[1], "action": "accept"}),
    )
    .await;
    assert_eq!(s, 200);
    assert_eq!(state["outcome"]["reason"], "agreement");
    let (s, _) = act(&c, id, "resign", json!({"seat": 1, "token": t[1]})).await;
    assert_eq!(s, 409, "a finished game cannot be resigned");
    let (id, t) = create(&c, json!({"game": "shogi", "seats": humans(2)})).await;
    let (s, state) = act(&c, id, "resign", json!({"seat": 1, "token": t[1]})).await;
    assert_eq!(s, 200);
    assert_eq!(state["outcome"]["text"], "Sente wins");
    // the page and the catalog still answer
    let (s, page) = c.text("/").await;
    assert_eq!(s, 200);
    assert!(page.contains("<title>Ashta</title>"));
    let (s, info) = c.get("/api/info").await;
    assert_eq!(s, 200);
    assert_eq!(
        info["networkUrl"],
        Value::Null,
        "a loopback server has no network address"
    );
    let (s, cat) = c.get("/api/catalog").await;
    assert_eq!(s, 200);
    assert_eq!(cat["games"].as_array().unwrap().len(), 17);
    server.stop().await;
}

/// The page's files carry an ETag and come back `304 Not Modified` while unchanged; the
/// files and the larger answers are gzipped for a browser that takes it; the WebSocket
/// still opens.
#[tokio::test]
async fn files_are_cached_and_answers_compressed() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db")).await;
    let c = Client::new(server.addr);
    let r = c
        .http
        .get(format!("{}/app.js", c.base))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.headers()["content-encoding"], "gzip");
    assert_eq!(r.headers()["cache-control"], "no-cache");
    let tag = r.headers()["etag"].to_str().unwrap().to_string();
    let zipped = r.bytes().await.unwrap().len();
    let r = c
        .http
        .get(format!("{}/app.js", c.base))
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 304);
    let plain = c.text("/app.js").await.1.len();
    assert!(zipped * 2 < plain, "{zipped} gzipped of {plain}");
    let (id, _) = create(&c, json!({"game": "shogi", "seats": humans(2)})).await;
    let r = c
        .http
        .get(format!("{}/api/games/{id}", c.base))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["content-encoding"], "gzip");
    let (ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", server.addr))
            .await
            .expect("the WebSocket opens");
    drop(ws);
    server.stop().await;
}

/// A game with a clock: the time is charged move by move with its increment, the clock
/// is kept over a restart, a flag that falls ends the game on time with nobody moving,
/// and clocks are refused where they do not belong.
#[tokio::test]
async fn clocks_count_down_and_a_fallen_flag_loses_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = start(&db).await;
    let c = Client::new(server.addr);
    let clock = json!({"initial": 2, "increment": 1});
    let (id, tokens) = create(
        &c,
        json!({"game": "asha", "seats": humans(2), "clock": clock}),
    )
    .await;
    let (_, s) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(s["clock"]["text"], "2 s+1", "{s}");
    assert_eq!(
        s["clock"]["running"],
        Value::Null,
        "the clock starts with the first move"
    );
    let (code, s) = play(&c, id, 0, &tokens[0], "e2e4").await;
    assert_eq!(code, 200, "{s}");
    assert_eq!(s["clock"]["running"], 1);
    assert_eq!(s["clock"]["seats"][0]["ms"], 2000, "the first move is free");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (code, s) = play(&c, id, 1, &tokens[1], "e7e5").await;
    assert_eq!(code, 200, "{s}");
    let black = s["clock"]["seats"][1]["ms"].as_i64().unwrap();
    assert!((2600..=2800).contains(&black), "2 s - 0.3 s + 1 s: {black}");
    // a restart keeps the clocks; then White lets its flag fall
    let (server, c) = restart(server, &db).await;
    let (_, s) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(s["clock"]["running"], 0, "{s}");
    tokio::time::sleep(Duration::from_millis(3600)).await;
    let (_, s) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(s["outcome"]["reason"], "White lost on time", "{s}");
    assert_eq!(s["outcome"]["text"], "Black wins", "{s}");
    assert_eq!(s["clock"]["seats"][0]["ms"], 0, "{s}");
    let (code, e) = play(&c, id, 0, &tokens[0], "g1f3").await;
    assert_eq!(code, 409, "{e}");
    let (_, list) = c.get("/api/games?status=finished").await;
    assert_eq!(list["games"][0]["id"], id);
    // no clocks for the dice games, nor nonsense controls
    for body in [
        json!({"game": "ashtapada", "seats": humans(2), "clock": clock}),
        json!({"game": "asha", "seats": humans(2), "clock": {"initial": 0}}),
        json!({"game": "asha", "seats": humans(2), "clock": {"initial": 99999999}}),
        json!({"game": "asha", "seats": humans(2), "clock": "fast"}),
    ] {
        let (code, e) = c.post("/api/games", body.clone()).await;
        assert_eq!(code, 400, "{body}: {e}");
    }
    server.stop().await;
}

/// Between two people a take-back is asked for and happens only when the other agrees;
/// a move meanwhile withdraws the request.
#[tokio::test]
async fn a_take_back_between_people_needs_the_other_s_consent() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("games.db")).await;
    let c = Client::new(server.addr);
    let (id, tokens) = create(&c, json!({"game": "makruk", "seats": humans(2)})).await;
    play(&c, id, 0, &tokens[0], "e3e4").await;
    let undo = |seat: usize, action: &'static str| {
        let body = json!({"seat": seat, "token": tokens[seat], "action": action});
        let c = &c;
        async move { c.post(&format!("/api/games/{id}/undo"), body).await }
    };
    let (code, e) = undo(1, "accept").await;
    assert_eq!(code, 409, "nothing asked yet: {e}");
    let (code, s) = undo(0, "offer").await;
    assert_eq!(code, 200, "{s}");
    assert_eq!(s["takebackOffer"], 0);
    assert_eq!(
        s["moves"].as_array().unwrap().len(),
        1,
        "not before the other agrees"
    );
    let (code, s) = undo(1, "decline").await;
    assert_eq!(code, 200, "{s}");
    assert_eq!(s["takebackOffer"], Value::Null);
    undo(0, "offer").await;
    let (code, s) = undo(1, "accept").await;
    assert_eq!(code, 200, "{s}");
    assert_eq!(s["moves"].as_array().unwrap().len(), 0);
    assert_eq!(s["toAct"], json!([0]));
    // a request is withdrawn by the next move
    play(&c, id, 0, &tokens[0], "e3e4").await;
    undo(0, "offer").await;
    play(&c, id, 1, &tokens[1], "e6e5").await;
    let (code, _) = undo(1, "accept").await;
    assert_eq!(code, 409);
    server.stop().await;
}

/// `serve --lab DIR`: /lab lists the experiments found there with their reports' titles
/// and game counts; /lab/NAME serves a report; other names are refused, never read.
#[tokio::test]
async fn the_lab_page_lists_experiments_and_serves_their_reports() {
    let dir = tempfile::tempdir().unwrap();
    let lab = dir.path().join("lab");
    std::fs::create_dir_all(lab.join("tabiya-run")).unwrap();
    std::fs::write(
        lab.join("tabiya-run/report.html"),
        "<html><head><title>shatranj (seed): tabiya = none / 10</title></head><body>charts</body></html>",
    )
    .unwrap();
    std::fs::write(lab.join("tabiya-run/games.csv"), "header\na\nb\nc\n").unwrap();
    std::fs::create_dir_all(lab.join("empty")).unwrap();
    std::fs::write(dir.path().join("secret.html"), "secret").unwrap();
    let config = ashta_server::Config {
        lab_dir: Some(lab.clone()),
        ..Default::default()
    };
    let server = ashta_server::start_with(
        "127.0.0.1:0".parse().unwrap(),
        &dir.path().join("a.db"),
        config,
    )
    .await
    .unwrap();
    let get = |path: &str| {
        let url = format!("http://{}{path}", server.addr);
        async move {
            let r = reqwest::get(url).await.unwrap();
            (r.status().as_u16(), r.text().await.unwrap())
        }
    };
    let (status, list) = get("/lab").await;
    assert_eq!(status, 200);
    assert!(
        list.contains("href=\"/lab/tabiya-run\"") && list.contains("tabiya = none / 10"),
        "{list}"
    );
    assert!(list.contains("<td>3</td>"), "three games: {list}");
    assert!(
        !list.contains("/lab/empty"),
        "a directory without a report is no experiment"
    );
    let (status, report) = get("/lab/tabiya-run").await;
    assert_eq!((status, report.contains("charts")), (200, true));
    for bad in ["/lab/missing", "/lab/..%2Fsecret.html", "/lab/.hidden"] {
        let (status, text) = get(bad).await;
        assert_eq!(status, 404, "{bad}");
        assert!(
            !text.contains("secret\n") && text.contains("No such experiment"),
            "{bad}: {text}"
        );
    }
    server.stop().await;
}
