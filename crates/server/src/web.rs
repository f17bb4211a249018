//! The HTTP routes: the JSON API, the WebSocket of each game, and the page's static files
//! (built into the binary).

use crate::hall::{Hall, Refusal};
use crate::store::{Filter, SeatSpec};
use crate::table::{Setup, Table};
use axum::body::Bytes;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::Request;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;

type Shared = State<Arc<Hall>>;

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::BAD_REQUEST);
        (status, Json(json!({ "error": self.message }))).into_response()
    }
}

type Answer = Result<Json<Value>, Refusal>;

fn body<T>(b: Result<Json<T>, JsonRejection>) -> Result<T, Refusal> {
    b.map(|Json(t)| t).map_err(|e| {
        let status = e.status().as_u16();
        let status = if status == 422 { 400 } else { status };
        Refusal::new(status, format!("bad request body: {}", e.body_text()))
    })
}

/// The first 40 characters of `text`, for quoting it in an error.
fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

fn game_id(p: Result<Path<String>, PathRejection>) -> Result<i64, Refusal> {
    let Path(text) = p.map_err(|e| Refusal::new(400, e.body_text()))?;
    text.parse::<i64>()
        .map_err(|_| Refusal::new(400, format!("{:?} is not a game number", clip(&text))))
}

/// The routes.
pub fn router(hall: Arc<Hall>) -> Router {
    Router::new()
        .route("/api/catalog", get(catalog))
        .route("/api/info", get(info))
        .route("/api/status", get(status))
        .route("/api/games", get(list).layer(gzip()).post(create))
        .route("/api/games/{id}", get(state).layer(gzip()).delete(remove))
        .route("/api/games/{id}/{action}", post(seat_action))
        .route("/api/games/{id}/record", get(record).layer(gzip()))
        .route("/api/games/{id}/position", get(position))
        .route("/api/games/{id}/ws", get(watch))
        .route("/api/import", post(import))
        .route("/lab", get(crate::labpage::list).layer(gzip()))
        .route("/lab/{name}", get(crate::labpage::report).layer(gzip()))
        .route("/api/imports", post(import_many))
        .route(
            "/app.js",
            get(|h| file(h, "text/javascript", APP_JS)).layer(gzip()),
        )
        .route(
            "/input.js",
            get(|h| file(h, "text/javascript", INPUT_JS)).layer(gzip()),
        )
        .route(
            "/board.js",
            get(|h| file(h, "text/javascript", BOARD_JS)).layer(gzip()),
        )
        .route(
            "/style.css",
            get(|h| file(h, "text/css", STYLE_CSS)).layer(gzip()),
        )
        .fallback(fallback)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn(json_errors))
        .layer(middleware::from_fn(same_origin))
        .with_state(hall)
}

/// Every refusal as JSON, also those made before a handler runs (a method a path does not
/// take, a body over the limit or not UTF-8, a WebSocket request without upgrade).
async fn json_errors(req: Request, next: Next) -> Response {
    let uri_len = req.uri().to_string().len();
    if uri_len > URI_LIMIT {
        return Refusal::new(
            414,
            format!("the address is {uri_len} bytes long; {URI_LIMIT} at most"),
        )
        .into_response();
    }
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let res = next.run(req).await;
    let status = res.status();
    let json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || json {
        return res;
    }
    let (mut parts, body) = res.into_parts();
    let text = axum::body::to_bytes(body, 64 * 1024)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_string();
    let message = if status == StatusCode::METHOD_NOT_ALLOWED {
        let allowed = parts
            .headers
            .get(header::ALLOW)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        if allowed.is_empty() {
            format!("{method} is not taken by {path}")
        } else {
            format!("{method} is not taken by {path} (it takes {allowed})")
        }
    } else if status == StatusCode::PAYLOAD_TOO_LARGE {
        format!("the request body is over the limit of {} bytes", BODY_LIMIT)
    } else if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("refused")
            .to_lowercase()
    } else {
        text
    };
    let body = json!({ "error": message }).to_string();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/json"),
    );
    Response::from_parts(parts, axum::body::Body::from(body))
}

/// Refuses changes asked by another site's page (a form posted from elsewhere): a
/// browser names the page's origin, which must be this server's.
async fn same_origin(req: Request, next: Next) -> Response {
    if !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        let h = req.headers();
        let text = |name: header::HeaderName| h.get(name).and_then(|v| v.to_str().ok());
        let cross_site = text(header::HeaderName::from_static("sec-fetch-site"))
            .is_some_and(|v| v == "cross-site" || v == "same-site");
        let foreign = match (text(header::ORIGIN), text(header::HOST)) {
            (Some(origin), Some(host)) => origin.split_once("://").map(|(_, o)| o) != Some(host),
            (Some(_), None) => true,
            _ => false,
        };
        if cross_site || foreign {
            return Refusal::new(
                403,
                "requests from another site's page are refused: use this server's own page or a \
                 client that is not a browser",
            )
            .into_response();
        }
    }
    next.run(req).await
}

/// The longest address taken (longer ones up to the HTTP layer's own limit of about 64 KB
/// get a JSON 414; beyond it that layer answers 414 or 431 itself).
const URI_LIMIT: usize = 8192;

/// The largest message a watcher may send over the WebSocket.
const WATCHER_MESSAGE_LIMIT: usize = 4096;

/// The largest request body taken (records of long games fit many times over).
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

const INDEX_HTML: &str = include_str!("../web/index.html");
const APP_JS: &str = include_str!("../web/app.js");
const BOARD_JS: &str = include_str!("../web/board.js");
const INPUT_JS: &str = include_str!("../web/input.js");
const STYLE_CSS: &str = include_str!("../web/style.css");

/// Gzip for the larger answers (the page's files, states, lists, records) where the
/// browser takes it; not for the WebSocket.
fn gzip() -> tower_http::compression::CompressionLayer {
    tower_http::compression::CompressionLayer::new()
}

/// A file of the page, with an `ETag` of its content: the browser asks again each time
/// (`no-cache`) and gets `304 Not Modified` while it is unchanged.
async fn file(headers: HeaderMap, kind: &'static str, text: &'static str) -> Response {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(text.as_bytes());
    let tag = format!(
        "\"{}\"",
        digest[..8]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let cached = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag));
    let cache = [
        (header::ETAG, tag.clone()),
        (header::CACHE_CONTROL, "no-cache".to_string()),
    ];
    if cached {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (cache, [(header::CONTENT_TYPE, kind)], text).into_response()
}

/// Pages are drawn by the script; unknown API paths get a JSON 404.
async fn fallback(uri: Uri) -> Response {
    if uri.path().starts_with("/api/") {
        return Refusal::new(404, format!("no such API path: {}", uri.path())).into_response();
    }
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        INDEX_HTML,
    )
        .into_response()
}

/// Where others can reach this server: `networkUrl` when it listens on the network.
async fn info(State(hall): Shared) -> Json<Value> {
    Json(json!({ "networkUrl": hall.network_url, "version": env!("CARGO_PKG_VERSION") }))
}

/// The engine threads' load: threads, searches running, games waiting for one.
async fn status(State(hall): Shared) -> Json<Value> {
    let l = hall.engine_load();
    Json(json!({
        "engineThreads": l.threads,
        "searching": l.running,
        "waiting": { "withPeople": l.waiting_person, "computersOnly": l.waiting_computers },
    }))
}

async fn catalog() -> Json<Value> {
    Json(crate::catalog::catalog())
}

#[derive(Deserialize)]
struct NewGame {
    game: String,
    #[serde(default)]
    ruleset: String,
    #[serde(default)]
    options: Vec<String>,
    seats: Vec<SeatSpec>,
    seed: Option<u64>,
    /// A chess-family game's start position (FEN, or SFEN for the shogi games).
    start: Option<String>,
    /// A time control (two-player chess-family games): seconds of main time, increment
    /// and byoyomi.
    clock: Option<crate::clock::TimeControl>,
}

async fn create(
    State(hall): Shared,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    b: Result<Json<NewGame>, JsonRejection>,
) -> Answer {
    let n = body(b)?;
    hall.admit(from.ip())?;
    let setup = Setup {
        game: n.game,
        ruleset: n.ruleset,
        options: n.options,
        seed_chosen: n.seed.is_some(),
        seed: n.seed.unwrap_or_else(rand::random),
        start: n.start,
    };
    hall.create(setup, n.seats, n.clock).map(Json)
}

async fn list(State(hall): Shared, q: Result<Query<Filter>, QueryRejection>) -> Answer {
    let Query(f) = q.map_err(|e| Refusal::new(400, e.body_text()))?;
    if let Some(s) = f.status.as_deref() {
        if !matches!(s, "" | "playing" | "finished") {
            return Err(Refusal::new(
                400,
                format!("status is playing or finished, not {s:?}"),
            ));
        }
    }
    let games = hall.store.list(&f).map_err(|e| Refusal::new(500, e))?;
    Ok(Json(json!({ "games": games })))
}

async fn state(State(hall): Shared, p: Result<Path<String>, PathRejection>) -> Answer {
    let id = game_id(p)?;
    let room = hall.room(id)?;
    let s = room.lock().unwrap_or_else(|e| e.into_inner()).state();
    Ok(Json(s))
}

#[derive(Deserialize)]
struct SeatAction {
    seat: usize,
    #[serde(default)]
    token: String,
    #[serde(default, rename = "move")]
    text: String,
    #[serde(default)]
    action: String,
}

/// A seat's action: `move`, `resign`, `draw` or `undo`, with the seat's token.
async fn seat_action(
    State(hall): Shared,
    p: Result<Path<(String, String)>, PathRejection>,
    b: Result<Json<SeatAction>, JsonRejection>,
) -> Answer {
    let Path((id, action)) = p.map_err(|e| Refusal::new(400, e.body_text()))?;
    let id = id
        .parse::<i64>()
        .map_err(|_| Refusal::new(400, format!("{:?} is not a game number", clip(&id))))?;
    let a = body(b)?;
    match action.as_str() {
        "move" if a.text.trim().is_empty() => Err(Refusal::new(400, "the request names no move")),
        "move" => hall.play(id, a.seat, &a.token, &a.text),
        "resign" => hall.resign(id, a.seat, &a.token),
        "draw" => hall.draw(id, a.seat, &a.token, &a.action),
        "undo" => hall.undo(id, a.seat, &a.token, &a.action),
        "check" => hall.check_token(id, a.seat, &a.token),
        other => Err(Refusal::new(404, format!("no such action: {other}"))),
    }
    .map(Json)
}

#[derive(Deserialize)]
struct Removal {
    seat: Option<usize>,
    #[serde(default)]
    token: String,
    #[serde(default)]
    admin: String,
}

/// Deletes a game: the administrator any game, a seat holder a game against the computer.
async fn remove(
    State(hall): Shared,
    p: Result<Path<String>, PathRejection>,
    b: Result<Json<Removal>, JsonRejection>,
) -> Answer {
    let id = game_id(p)?;
    let r = body(b)?;
    hall.delete(id, r.seat, &r.token, &r.admin).map(Json)
}

#[derive(Deserialize)]
struct Ply {
    /// Record entries played (0: the start).
    ply: usize,
}

/// The board after the first `ply` entries of a game's record.
async fn position(
    State(hall): Shared,
    p: Result<Path<String>, PathRejection>,
    q: Result<Query<Ply>, QueryRejection>,
) -> Answer {
    let id = game_id(p)?;
    let Query(q) = q.map_err(|e| Refusal::new(400, e.body_text()))?;
    let room = hall.room(id)?;
    let r = room.lock().unwrap_or_else(|e| e.into_inner());
    r.table()
        .board_at(q.ply)
        .map(Json)
        .map_err(|e| Refusal::new(500, format!("the record does not replay: {e}")))
}

#[derive(Deserialize)]
struct RecordFormat {
    /// `pgn` (the chess family's default), `ashta`, `csa` or `kif` (shogi), `wxf` or
    /// `iccs` (Xiangqi PGN with those moves).
    format: Option<String>,
}

async fn record(
    State(hall): Shared,
    p: Result<Path<String>, PathRejection>,
    q: Result<Query<RecordFormat>, QueryRejection>,
) -> Result<Response, Refusal> {
    let id = game_id(p)?;
    let Query(q) = q.map_err(|e| Refusal::new(400, e.body_text()))?;
    let format = q.format.unwrap_or_else(|| "pgn".into());
    if !matches!(
        format.as_str(),
        "pgn" | "ashta" | "csa" | "kif" | "wxf" | "iccs"
    ) {
        return Err(Refusal::new(
            400,
            format!(
                "a record is in the format pgn, ashta, csa or kif (shogi), wxf or iccs \
                 (xiangqi), not {format:?}"
            ),
        ));
    }
    let room = hall.room(id)?;
    let text = {
        let r = room.lock().unwrap_or_else(|e| e.into_inner());
        let id_text = id.to_string();
        match format.as_str() {
            "ashta" => r.table().ashta_record(),
            "csa" => r
                .table()
                .csa_text()
                .ok_or_else(|| Refusal::new(400, "only a game of shogi has a CSA record"))?,
            "kif" => r
                .table()
                .kif_text()
                .ok_or_else(|| Refusal::new(400, "only a game of shogi has a KIF record"))?,
            "wxf" | "iccs" => {
                let notation = if format == "wxf" {
                    ashta_rules::chess::pgn::Notation::Wxf
                } else {
                    ashta_rules::chess::pgn::Notation::Iccs
                };
                r.table()
                    .xiangqi_record(&[("Site", "Ashta"), ("Round", id_text.as_str())], notation)
                    .ok_or_else(|| {
                        Refusal::new(400, "only a game of xiangqi has WXF and ICCS records")
                    })?
            }
            _ => r
                .table()
                .record_text(&[("Site", "Ashta"), ("Round", id_text.as_str())]),
        }
    };
    let extension = if format == "csa" {
        "csa"
    } else if format == "kif" {
        // KIF in UTF-8
        "kifu"
    } else if text.starts_with("[Game ") {
        "txt"
    } else {
        "pgn"
    };
    let name = format!("attachment; filename=\"ashta-{id}.{extension}\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, name),
        ],
        text,
    )
        .into_response())
}

async fn import(
    State(hall): Shared,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    bytes: Bytes,
) -> Answer {
    let text = crate::decode_record(&bytes).map_err(|e| Refusal::new(400, e))?;
    if text.trim().is_empty() {
        return Err(Refusal::new(400, "the record is empty"));
    }
    hall.admit(from.ip())?;
    let table = Table::from_record(&text).map_err(|e| Refusal::new(422, e))?;
    hall.open_imported(table).map(Json)
}

/// The most records one request imports.
const IMPORT_RECORDS: usize = 1000;

/// Imports every record of a text (each game of a PGN file, or one record of another
/// format): per record, its new game or why it was refused (naming the move).
async fn import_many(
    State(hall): Shared,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    bytes: Bytes,
) -> Answer {
    let text = crate::decode_record(&bytes).map_err(|e| Refusal::new(400, e))?;
    let records = crate::split_records(&text);
    if records.is_empty() {
        return Err(Refusal::new(400, "the record is empty"));
    }
    if records.len() > IMPORT_RECORDS {
        return Err(Refusal::new(
            413,
            format!(
                "{} records; {IMPORT_RECORDS} at most at once",
                records.len()
            ),
        ));
    }
    let mut imported = 0;
    let answers: Vec<Value> = records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let made = hall
                .admit(from.ip())
                .and_then(|()| Table::from_record(r).map_err(|e| Refusal::new(422, e)))
                .and_then(|t| hall.open_imported(t));
            match made {
                Ok(game) => {
                    imported += 1;
                    json!({ "record": i + 1, "game": game })
                }
                Err(e) => json!({ "record": i + 1, "error": e.message }),
            }
        })
        .collect();
    Ok(Json(json!({
        "imported": imported,
        "refused": records.len() - imported,
        "records": answers,
    })))
}

async fn watch(
    State(hall): Shared,
    p: Result<Path<String>, PathRejection>,
    ws: WebSocketUpgrade,
) -> Result<Response, Refusal> {
    let id = game_id(p)?;
    let room = hall.room(id)?;
    let (first, rx) = {
        let r = room.lock().unwrap_or_else(|e| e.into_inner());
        (r.state().to_string(), r.subscribe())
    };
    // watchers only listen: what they send is read and dropped, so it is kept small
    Ok(ws
        .max_message_size(WATCHER_MESSAGE_LIMIT)
        .max_frame_size(WATCHER_MESSAGE_LIMIT)
        .on_upgrade(move |socket| follow(socket, first, rx)))
}

/// Sends the state now and after every change until the watcher leaves.
async fn follow(
    mut socket: WebSocket,
    first: String,
    mut rx: tokio::sync::broadcast::Receiver<Arc<str>>,
) {
    use tokio::sync::broadcast::error::RecvError;
    if socket.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            msg = rx.recv() => match msg {
                Ok(state) => {
                    if socket.send(Message::Text(state.to_string().into())).await.is_err() {
                        return;
                    }
                }
                // a slow watcher skips to the newest state
                Err(RecvError::Lagged(_)) => continue,
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
