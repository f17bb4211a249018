//! A bounded load test on loopback: 200 games played at once, 20 moves each, every move a
//! separate HTTP request. No request may fail and no move may be lost: afterwards the
//! archive (read back after a restart) holds every move. Prints the move latency
//! percentiles (`cargo test -p ashta-server --test load -- --nocapture`).

use serde_json::{json, Value};
use std::time::{Duration, Instant};

const GAMES: usize = 200;
const MOVES: usize = 20;

/// Sends a request and reads its JSON answer.
async fn fetch(r: reqwest::RequestBuilder) -> Value {
    r.send().await.unwrap().json().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_games_at_once_lose_no_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("load.db");
    // every game comes from one address here: the limits on new games and on one
    // address's connections are raised
    let mut config = ashta_server::Config {
        games_per_minute: 100_000,
        ..Default::default()
    };
    config.connections.per_address = 1024;
    let server = ashta_server::start_with("127.0.0.1:0".parse().unwrap(), &db, config)
        .await
        .unwrap();
    let base = format!("http://{}", server.addr);
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(GAMES)
        .build()
        .unwrap();
    let games = ["asha", "makruk", "xiangqi", "shogi", "ahayuta"];
    let mut tasks = Vec::new();
    for g in 0..GAMES {
        let http = http.clone();
        let base = base.clone();
        let game = games[g % games.len()];
        tasks.push(tokio::spawn(async move {
            let made: Value = fetch(
                http.post(format!("{base}/api/games"))
                    .json(&json!({"game": game, "seats": [{"kind": "human"}, {"kind": "human"}]})),
            )
            .await;
            let id = made["id"].as_i64().unwrap();
            let tokens: Vec<String> = made["seats"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["token"].as_str().unwrap().to_string())
                .collect();
            let mut state: Value = fetch(http.get(format!("{base}/api/games/{id}"))).await;
            let mut latencies = Vec::new();
            let mut played = 0;
            for ply in 0..MOVES {
                let Some(seat) = state["toAct"][0].as_u64().map(|s| s as usize) else {
                    break;
                };
                let legal = state["legal"][seat].as_array().unwrap();
                let mv = legal[(ply * 7 + g) % legal.len()]["text"]
                    .as_str()
                    .unwrap()
                    .to_string();
                let t = Instant::now();
                let r = http
                    .post(format!("{base}/api/games/{id}/move"))
                    .json(&json!({"seat": seat, "token": tokens[seat], "move": mv}))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(r.status().as_u16(), 200, "game {id} move {mv}");
                state = r.json().await.unwrap();
                latencies.push(t.elapsed());
                played += 1;
            }
            (id, played, latencies)
        }));
    }
    let mut all: Vec<Duration> = Vec::new();
    let mut expected = Vec::new();
    for t in tasks {
        let (id, played, lat) = t.await.unwrap();
        expected.push((id, played));
        all.extend(lat);
    }
    server.stop().await;
    all.sort();
    let pct = |p: f64| all[((all.len() as f64 * p) as usize).min(all.len() - 1)];
    println!(
        "load: {} games, {} moves; move latency p50 {:?}, p99 {:?}, max {:?}",
        GAMES,
        all.len(),
        pct(0.5),
        pct(0.99),
        all.last().unwrap()
    );
    assert!(
        all.len() >= GAMES * MOVES * 9 / 10,
        "most games run 20 moves"
    );

    // every move is in the archive, read back by a fresh server
    let server = ashta_server::start("127.0.0.1:0".parse().unwrap(), &db)
        .await
        .unwrap();
    let base = format!("http://{}", server.addr);
    for (id, played) in expected {
        let s: Value = fetch(http.get(format!("{base}/api/games/{id}"))).await;
        assert_eq!(s["moves"].as_array().unwrap().len(), played, "game {id}");
    }
    server.stop().await;
}
