//! Ashta's web server: every game in the browser, seats over the network with secret
//! tokens, computer seats that move by themselves, live updates over WebSocket, and an
//! SQLite archive written move by move.
//!
//! The HTTP API (JSON in and out; errors as `{"error": "..."}` with a fitting status):
//!
//! | method and path | what it does |
//! |---|---|
//! | `GET /api/catalog` | every game: rulesets, options, seats, rules text, start board |
//! | `GET /api/info` | the address for friends on the network, when there is one |
//! | `POST /api/games` | a new game: `{game, ruleset, options, seats: [{kind, level}]}` |
//! | `GET /api/games?game=&status=&limit=&offset=` | the archive, newest first |
//! | `GET /api/games/{id}` | the game's state: board, legal moves, record, result |
//! | `POST /api/games/{id}/move` | `{seat, token, move}` |
//! | `POST /api/games/{id}/resign` | `{seat, token}` |
//! | `POST /api/games/{id}/draw` | `{seat, token, action: offer\|accept\|decline}` |
//! | `POST /api/games/{id}/undo` | `{seat, token}`: take back against the computer |
//! | `GET /api/games/{id}/record?format=pgn\|ashta` | PGN (chess family) or Ashta record text (every game) |
//! | `POST /api/import` | a record (PGN or Ashta record text) as a new game |
//! | `GET /api/games/{id}/ws` | WebSocket: the state after every change |

pub mod catalog;
pub mod clock;
pub mod computer;
mod hall;
mod labpage;
pub mod listen;
pub mod pool;
pub mod store;
pub mod table;
mod views;
mod web;

use anyhow::Context;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tokio::sync::oneshot;

/// The default database: `$XDG_DATA_HOME/ashta/ashta.db`, else
/// `~/.local/share/ashta/ashta.db`, else `ashta.db` here.
pub fn default_db_path() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")));
    match base {
        Some(b) => b.join("ashta").join("ashta.db"),
        None => PathBuf::from("ashta.db"),
    }
}

/// What the server allows, for a server open to the network.
#[derive(Clone, Debug)]
pub struct Config {
    /// Threads that run the computer's searches (the requests are answered on others).
    pub engine_threads: usize,
    /// New games (created or imported) an address may start a minute.
    pub games_per_minute: u32,
    /// The administrator's secret, which may delete any game; drawn at random when `None`.
    pub admin_token: Option<String>,
    /// Connections at once, per address, and the time allowed for requests.
    pub connections: listen::ConnectionLimits,
    /// A directory of `ashta lab` experiments (one directory each) that the `/lab` page
    /// lists and serves the reports of.
    pub lab_dir: Option<std::path::PathBuf>,
}

impl Default for Config {
    /// One engine thread fewer than the machine has cores (at least one), 60 new games a
    /// minute an address.
    fn default() -> Config {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Config {
            engine_threads: cores.saturating_sub(1).max(1),
            games_per_minute: 60,
            admin_token: None,
            connections: listen::ConnectionLimits::default(),
            lab_dir: None,
        }
    }
}

/// A running server.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// The administrator's secret (`DELETE /api/games/{id}` with `{"admin": ...}`).
    pub admin_token: String,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
    /// The database's lock, let go when the server stops.
    _lock: std::fs::File,
}

impl Running {
    /// Stops the server and waits until it has closed.
    pub async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let _ = self.task.await;
    }
}

/// Opens the database and starts serving on `addr` (port 0 picks a free port); unfinished
/// games whose next move is the computer's carry on at once.
pub async fn start(addr: SocketAddr, db: &Path) -> anyhow::Result<Running> {
    start_with(addr, db, Config::default()).await
}

/// [`start`] with the limits of `config`.
pub async fn start_with(addr: SocketAddr, db: &Path, config: Config) -> anyhow::Result<Running> {
    let lock = lock_database(db)?;
    let store = store::Store::open(db)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("opening the database {}", db.display()))?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    let addr = listener.local_addr()?;
    let hall = Arc::new(hall::Hall::new(store, network_url(addr), &config));
    let admin_token = hall.admin_token().to_string();
    hall.resume_all();
    let app = web::router(hall);
    let (tx, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(listen::serve(listener, app, config.connections, rx));
    Ok(Running {
        addr,
        admin_token,
        stop: Some(tx),
        task,
        _lock: lock,
    })
}

/// A record file's text: UTF-8 (a byte-order mark dropped), or else Shift_JIS, the
/// encoding of most KIF files (`.kif`); an error where it is neither.
pub fn decode_record(bytes: &[u8]) -> Result<String, String> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(t) = std::str::from_utf8(bytes) {
        return Ok(t.to_string());
    }
    let (text, _, bad) = encoding_rs::SHIFT_JIS.decode(bytes);
    if bad {
        return Err("the record is neither UTF-8 nor Shift_JIS text".into());
    }
    Ok(text.into_owned())
}

/// The records of a file: each game of a PGN file (a new game starts at a tag line after
/// moves), or the whole text for the other record formats.
pub fn split_records(text: &str) -> Vec<String> {
    if text.trim().is_empty() {
        return Vec::new();
    }
    let pgn = text.lines().any(|l| l.trim_start().starts_with('['));
    if !pgn {
        return vec![text.to_string()];
    }
    let mut out = Vec::new();
    let mut current = String::new();
    let mut moves_seen = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') && moves_seen {
            out.push(std::mem::take(&mut current));
            moves_seen = false;
        }
        if !t.is_empty() && !t.starts_with('[') {
            moves_seen = true;
        }
        current += line;
        current.push('\n');
    }
    if !current.trim().is_empty() {
        out.push(current);
    }
    out.retain(|r| !r.trim().is_empty());
    out
}

/// Imports records into the archive of the database `db` (which no server may hold: the
/// same lock as `serve`), each as a game between people: per record, its new game's id or
/// why it was refused, naming the bad move. Nothing of a refused record is stored.
pub fn import_records(db: &Path, records: &[String]) -> anyhow::Result<Vec<Result<i64, String>>> {
    let _lock = lock_database(db)?;
    let store = store::Store::open(db)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("opening the database {}", db.display()))?;
    let config = Config {
        engine_threads: 1,
        ..Config::default()
    };
    let hall = Arc::new(hall::Hall::new(store, None, &config));
    Ok(records
        .iter()
        .map(|text| {
            let t = table::Table::from_record(text)?;
            let created = hall.open_imported(t).map_err(|r| r.message)?;
            created["id"]
                .as_i64()
                .ok_or_else(|| "the archive gave no id".to_string())
        })
        .collect())
}

/// Takes the database's lock file (`DB.lock`, held while the server runs; the system
/// lets it go when the process ends, however it ends), so that a second server on the
/// same file is refused rather than writing beside the first.
fn lock_database(db: &Path) -> anyhow::Result<std::fs::File> {
    use std::io::{Read, Seek, Write};
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut name = db.as_os_str().to_owned();
    name.push(".lock");
    let path = PathBuf::from(name);
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .with_context(|| format!("cannot open the lock file {}", path.display()))?;
    match file.try_lock() {
        Ok(()) => {
            file.set_len(0)?;
            file.rewind()?;
            writeln!(file, "{}", std::process::id())?;
            Ok(file)
        }
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut pid = String::new();
            let _ = file.read_to_string(&mut pid);
            let pid = pid.trim();
            let by = if pid.is_empty() {
                String::new()
            } else {
                format!(" (process {pid})")
            };
            anyhow::bail!(
                "the database {} is in use by another Ashta server{by}; stop it first, or \
                 give this one its own file with --db",
                db.display()
            )
        }
        Err(std::fs::TryLockError::Error(e)) => {
            Err(e).with_context(|| format!("cannot lock {}", path.display()))
        }
    }
}

/// The address friends on the network use, when the server listens on every interface:
/// this machine's address on its local network (found by asking the system which address
/// it would send from; nothing is sent).
fn network_url(addr: SocketAddr) -> Option<String> {
    if !addr.ip().is_unspecified() {
        return None;
    }
    let probe = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    probe.connect("192.0.2.1:9").ok()?;
    let ip = probe.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then(|| format!("http://{ip}:{}/", addr.port()))
}

/// Serves until Ctrl-C: the command `ashta serve`.
pub async fn serve(addr: SocketAddr, db: &Path, open: bool, config: Config) -> anyhow::Result<()> {
    let threads = config.engine_threads;
    let running = start_with(addr, db, config).await?;
    let url = if running.addr.ip().is_unspecified() {
        format!("http://127.0.0.1:{}/", running.addr.port())
    } else {
        format!("http://{}/", running.addr)
    };
    println!("Ashta is at {url} (games kept in {})", db.display());
    match network_url(running.addr) {
        Some(lan) => println!("Friends on your network join at {lan} with a game's invite links."),
        None if running.addr.ip().is_loopback() => println!(
            "Only this computer can connect; start with --addr 0.0.0.0:{} to let friends join.",
            running.addr.port()
        ),
        None => {}
    }
    println!(
        "The computer thinks on {threads} thread{}. Administrator's token (deletes any game): {}",
        if threads == 1 { "" } else { "s" },
        running.admin_token
    );
    if open {
        open_browser(&url);
    }
    tokio::signal::ctrl_c().await.ok();
    println!("stopping; every game is saved");
    running.stop().await;
    Ok(())
}

/// Opens the page in the desktop's browser, quietly doing nothing where there is none.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    let _ = std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}
