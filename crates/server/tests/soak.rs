//! A bounded soak test: 60 games between computers at the highest level run on one engine
//! thread while 30 pairs of people play and 4 people play the computer. The people's moves
//! must stay quick (p99 under 500 ms), the computer must answer each person within 8 s
//! however many computer games wait, and the server's threads and memory must stay
//! bounded (`cargo test -p ashta-server --test soak -- --nocapture` prints the figures).

use serde_json::{json, Value};
use std::time::{Duration, Instant};

const COMPUTER_GAMES: usize = 60;
const PEOPLE_GAMES: usize = 30;
const AGAINST_COMPUTER: usize = 4;
const MOVES: usize = 12;

async fn fetch(r: reqwest::RequestBuilder) -> Value {
    r.send().await.unwrap().json().await.unwrap()
}

/// A field of /proc/self/status (`VmRSS` in kB, `Threads`), where there is one.
fn proc_status(field: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn tokens(made: &Value) -> Vec<String> {
    made["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap_or("").to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_games_at_the_top_level_do_not_hold_up_people() {
    let dir = tempfile::tempdir().unwrap();
    let config = ashta_server::Config {
        engine_threads: 1,
        games_per_minute: 100_000,
        admin_token: None,
        ..Default::default()
    };
    let server = ashta_server::start_with(
        "127.0.0.1:0".parse().unwrap(),
        &dir.path().join("soak.db"),
        config,
    )
    .await
    .unwrap();
    let base = format!("http://{}", server.addr);
    let http = reqwest::Client::new();
    let kinds = [
        "makruk",
        "xiangqi",
        "shogi",
        "asha",
        "janggi",
        "ashtapada",
        "shaturanga",
    ];
    let mut computer_ids = Vec::new();
    for i in 0..COMPUTER_GAMES {
        let game = kinds[i % kinds.len()];
        let seats = if game == "shaturanga" { 4 } else { 2 };
        let made = fetch(http.post(format!("{base}/api/games")).json(&json!({
            "game": game,
            "seats": vec![json!({"kind": "computer", "level": 8}); seats],
        })))
        .await;
        computer_ids.push(made["id"].as_i64().expect("created"));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_before = proc_status("VmRSS:");

    // people against people: every move a request, timed
    let mut tasks = Vec::new();
    for g in 0..PEOPLE_GAMES {
        let (http, base) = (http.clone(), base.clone());
        tasks.push(tokio::spawn(async move {
            let made = fetch(http.post(format!("{base}/api/games")).json(
                &json!({"game": kinds[g % 5], "seats": [{"kind": "human"}, {"kind": "human"}]}),
            ))
            .await;
            let id = made["id"].as_i64().unwrap();
            let t = tokens(&made);
            let mut state = fetch(http.get(format!("{base}/api/games/{id}"))).await;
            let mut lat = Vec::new();
            for ply in 0..MOVES {
                let Some(seat) = state["toAct"][0].as_u64().map(|s| s as usize) else {
                    break;
                };
                let legal = state["legal"][seat].as_array().unwrap();
                let mv = legal[(ply * 5 + g) % legal.len()]["text"].clone();
                let start = Instant::now();
                let r = http
                    .post(format!("{base}/api/games/{id}/move"))
                    .json(&json!({"seat": seat, "token": t[seat], "move": mv}))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(r.status().as_u16(), 200);
                state = r.json().await.unwrap();
                lat.push(start.elapsed());
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            lat
        }));
    }
    // people against the computer at level 8: the time until it answers each move
    let mut answers = Vec::new();
    for g in 0..AGAINST_COMPUTER {
        let (http, base) = (http.clone(), base.clone());
        answers.push(tokio::spawn(async move {
            let made = fetch(http.post(format!("{base}/api/games")).json(&json!({
                "game": "makruk",
                "seats": [{"kind": "human"}, {"kind": "computer", "level": 8}],
            })))
            .await;
            let id = made["id"].as_i64().unwrap();
            let t = tokens(&made);
            let mut waits = Vec::new();
            for ply in 0..3 {
                let state = fetch(http.get(format!("{base}/api/games/{id}"))).await;
                let legal = state["legal"][0].as_array().unwrap();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[(ply + g) % legal.len()]["text"].clone();
                let r = fetch(
                    http.post(format!("{base}/api/games/{id}/move"))
                        .json(&json!({"seat": 0, "token": t[0], "move": mv})),
                )
                .await;
                let n = r["moves"].as_array().unwrap().len();
                let start = Instant::now();
                loop {
                    let s = fetch(http.get(format!("{base}/api/games/{id}"))).await;
                    if s["moves"].as_array().unwrap().len() > n || !s["outcome"].is_null() {
                        break;
                    }
                    assert!(
                        start.elapsed() < Duration::from_secs(30),
                        "no answer in game {id}"
                    );
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                waits.push(start.elapsed());
            }
            waits
        }));
    }
    let mut lat: Vec<Duration> = Vec::new();
    for t in tasks {
        lat.extend(t.await.unwrap());
    }
    let mut waits: Vec<Duration> = Vec::new();
    for a in answers {
        waits.extend(a.await.unwrap());
    }
    let status = fetch(http.get(format!("{base}/api/status"))).await;
    let threads = proc_status("Threads:");
    let rss_after = proc_status("VmRSS:");
    lat.sort();
    waits.sort();
    let p99 = lat[(lat.len() * 99 / 100).min(lat.len() - 1)];
    println!(
        "soak: {} moves by people, p50 {:?}, p99 {:?}; the computer answered people in at most {:?}; \
         status {status}; threads {threads:?}; memory {rss_before:?} kB -> {rss_after:?} kB",
        lat.len(),
        lat[lat.len() / 2],
        p99,
        waits.last().unwrap(),
    );
    assert!(lat.len() >= PEOPLE_GAMES * MOVES * 9 / 10);
    assert!(p99 < Duration::from_millis(500), "p99 {p99:?}");
    assert!(
        *waits.last().unwrap() < Duration::from_secs(8),
        "the computer kept a person waiting {:?}",
        waits.last().unwrap()
    );
    assert!(status["searching"].as_u64().unwrap() <= 1, "{status}");
    assert!(
        status["waiting"]["computersOnly"].as_u64().unwrap() > 0,
        "the computer games queue: {status}"
    );
    if let Some(n) = threads {
        assert!(n < 64, "{n} threads");
    }
    if let (Some(a), Some(b)) = (rss_before, rss_after) {
        assert!(b < a + 200_000, "memory grew from {a} kB to {b} kB");
    }
    // the administrator stops the computer games
    for id in computer_ids {
        let r = http
            .delete(format!("{base}/api/games/{id}"))
            .json(&json!({"admin": server.admin_token}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 200);
    }
    server.stop().await;
}
