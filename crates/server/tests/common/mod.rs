//! What the server tests share: a client of the JSON API, the server started on a loopback
//! port with a real SQLite file, and the moves of a game.

#![allow(dead_code)] // each test file uses its own part

use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

pub struct Client {
    pub http: reqwest::Client,
    pub base: String,
}

impl Client {
    pub fn new(addr: SocketAddr) -> Client {
        Client {
            http: reqwest::Client::new(),
            base: format!("http://{addr}"),
        }
    }
    pub async fn get(&self, path: &str) -> (u16, Value) {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }
    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }
    pub async fn text(&self, path: &str) -> (u16, String) {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.text().await.unwrap())
    }
}

impl Client {
    /// Posts a record to /api/import; the status and the answer.
    pub async fn import(&self, record: String) -> (u16, Value) {
        let r = self
            .http
            .post(format!("{}/api/import", self.base))
            .body(record)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }
}

pub async fn start(db: &Path) -> ashta_server::Running {
    ashta_server::start("127.0.0.1:0".parse().unwrap(), db)
        .await
        .unwrap()
}

/// Stops `server` and starts a new one on the same database: the new server and a client.
pub async fn restart(server: ashta_server::Running, db: &Path) -> (ashta_server::Running, Client) {
    server.stop().await;
    let server = start(db).await;
    let c = Client::new(server.addr);
    (server, c)
}

pub fn humans(n: usize) -> Value {
    json!((0..n).map(|_| json!({"kind": "human"})).collect::<Vec<_>>())
}

pub async fn create(c: &Client, body: Value) -> (i64, Vec<String>) {
    let (status, made) = c.post("/api/games", body).await;
    assert_eq!(status, 200, "{made}");
    let tokens = made["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    (made["id"].as_i64().unwrap(), tokens)
}

pub async fn play(c: &Client, id: i64, seat: usize, token: &str, mv: &str) -> (u16, Value) {
    act(
        c,
        id,
        "move",
        json!({"seat": seat, "token": token, "move": mv}),
    )
    .await
}

/// A seat's action on game `id` (`move`, `resign`, `draw`, `undo`).
pub async fn act(c: &Client, id: i64, action: &str, body: Value) -> (u16, Value) {
    c.post(&format!("/api/games/{id}/{action}"), body).await
}

/// Plays up to `n` moves of game `id`, each the first legal move of the seat to act (the
/// table throws the dice); the seats that moved.
pub async fn play_first_moves(c: &Client, id: i64, tokens: &[String], n: usize) -> Vec<usize> {
    let mut seats = Vec::new();
    for _ in 0..n {
        let (_, s) = c.get(&format!("/api/games/{id}")).await;
        let Some(seat) = s["toAct"][0].as_u64().map(|x| x as usize) else {
            break;
        };
        let mv = s["legal"][seat][0]["text"].as_str().unwrap().to_string();
        let (st, e) = play(c, id, seat, &tokens[seat], &mv).await;
        assert_eq!(st, 200, "{e}");
        seats.push(seat);
    }
    seats
}

/// Waits until the game's record has at least `n` entries.
pub async fn wait_moves(c: &Client, id: i64, n: usize) -> Value {
    for _ in 0..200 {
        let (_, s) = c.get(&format!("/api/games/{id}")).await;
        if s["moves"].as_array().unwrap().len() >= n {
            return s;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("game {id} did not reach {n} moves");
}
