//! The archive: every game and every move in an SQLite database (WAL mode), written as it
//! is played, so that no game is lost when the server stops.

use crate::table::{Played, Setup};
use ashta_rules::Outcome;
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Mutex;

/// Who sits in a seat.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SeatSpec {
    /// `human` or `computer`.
    pub kind: String,
    /// The computer's level, 1 to 8.
    #[serde(default)]
    pub level: u32,
    /// The secret that lets a human move for this seat.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub token: String,
}

impl SeatSpec {
    /// Whether the computer plays this seat.
    pub fn is_computer(&self) -> bool {
        self.kind == "computer"
    }
}

/// A stored game as read back.
pub struct StoredGame {
    /// Id.
    pub id: i64,
    /// Game, ruleset, options, seed.
    pub setup: Setup,
    /// The seats.
    pub seats: Vec<SeatSpec>,
    /// The moves, throws included.
    pub moves: Vec<(Option<usize>, String)>,
    /// An ending by the players (resignation, agreement), if any.
    pub ended: Option<Outcome>,
    /// The seat whose draw offer stands, if any.
    pub draw_offer: Option<usize>,
    /// The clocks as [`crate::clock::Clocks::saved`] wrote them, in a game with a clock.
    pub clock: Option<serde_json::Value>,
}

/// One line of the archive list.
#[derive(Serialize, Debug)]
pub struct Summary {
    /// Id.
    pub id: i64,
    /// Game id.
    pub game: String,
    /// Ruleset.
    pub ruleset: String,
    /// `playing` or `finished`.
    pub status: String,
    /// The result in words, at the end.
    pub result: Option<String>,
    /// Why the game ended.
    pub reason: Option<String>,
    /// Moves and throws recorded.
    pub moves: i64,
    /// Seat kinds, e.g. `human, computer 3`.
    pub seats: String,
    /// When it was created (UTC).
    pub created: String,
    /// When it last changed (UTC).
    pub updated: String,
}

/// Filters of the archive list.
#[derive(Deserialize, Debug, Default)]
pub struct Filter {
    /// Only this game.
    pub game: Option<String>,
    /// Only `playing` or `finished` games.
    pub status: Option<String>,
    /// At most this many (default 100).
    pub limit: Option<i64>,
    /// Skip this many.
    pub offset: Option<i64>,
}

/// The database.
pub struct Store {
    conn: Mutex<Connection>,
}

/// The schema, one step a migration; `PRAGMA user_version` counts the steps applied.
const MIGRATIONS: &[&str] = &[
    "CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        seats TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'playing',
        result TEXT,
        reason TEXT,
        ended TEXT,
        created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now')),
        updated TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now'))
    );
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        seat INTEGER,
        text TEXT NOT NULL,
        label TEXT NOT NULL,
        at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')),
        PRIMARY KEY (game_id, ply)
    );
    CREATE INDEX games_by_status ON games(status, game, id);",
    "ALTER TABLE games ADD COLUMN seed_chosen INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE games ADD COLUMN draw_offer INTEGER;",
    "ALTER TABLE games ADD COLUMN start TEXT;",
    "ALTER TABLE games ADD COLUMN clock TEXT;",
];

/// The refusal of a damaged database file.
fn damaged(path: &Path, what: &str) -> String {
    format!(
        "the database {} is damaged ({what}); it was left untouched: restore it from a \
         backup, or try `sqlite3 {} .recover`",
        path.display(),
        path.display()
    )
}

fn db_err(e: rusqlite::Error) -> String {
    format!("database: {e}")
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let conn = Connection::open(path).map_err(db_err)?;
        // a damaged file is refused before anything is written to it, and kept as it is
        let check: Vec<String> = conn
            .prepare("PRAGMA quick_check(5)")
            .and_then(|mut st| {
                st.query_map([], |r| r.get::<_, String>(0))?
                    .collect::<Result<_, _>>()
            })
            .map_err(|e| damaged(path, &e.to_string()))?;
        if check != ["ok"] {
            return Err(damaged(path, &check.join("; ")));
        }
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(db_err)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(db_err)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(db_err)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(db_err)?;
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .map_err(db_err)?;
        if version as usize > MIGRATIONS.len() {
            return Err(format!(
                "the database {} is of a newer Ashta (schema {version})",
                path.display()
            ));
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            conn.execute_batch(&format!(
                "BEGIN; {sql}; PRAGMA user_version = {}; COMMIT;",
                i + 1
            ))
            .map_err(db_err)?;
        }
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stores a new game with its first record entries (throws made at the start).
    pub fn create(
        &self,
        setup: &Setup,
        seats: &[SeatSpec],
        moves: &[Played],
        end: Option<&Finish>,
    ) -> Result<i64, String> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(db_err)?;
        tx.execute(
            "INSERT INTO games (game, ruleset, options, seed, seats, seed_chosen, start) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                setup.game,
                setup.ruleset,
                serde_json::to_string(&setup.options).expect("strings serialize"),
                setup.seed as i64,
                serde_json::to_string(seats).expect("seats serialize"),
                setup.seed_chosen,
                setup.start,
            ],
        )
        .map_err(db_err)?;
        let id = tx.last_insert_rowid();
        insert_moves(&tx, id, 0, moves)?;
        if let Some(f) = end {
            finish(&tx, id, f)?;
        }
        tx.commit().map_err(db_err)?;
        Ok(id)
    }

    /// Appends record entries from `ply` on.
    pub fn append(&self, id: i64, ply: usize, moves: &[Played]) -> Result<(), String> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(db_err)?;
        insert_moves(&tx, id, ply, moves)?;
        tx.execute(
            "UPDATE games SET updated = strftime('%Y-%m-%d %H:%M:%S', 'now'), draw_offer = NULL \
             WHERE id = ?1",
            params![id],
        )
        .map_err(db_err)?;
        tx.commit().map_err(db_err)
    }

    /// Deletes a game and its moves.
    pub fn delete(&self, id: i64) -> Result<(), String> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(db_err)?;
        tx.execute("DELETE FROM moves WHERE game_id = ?1", params![id])
            .map_err(db_err)?;
        tx.execute("DELETE FROM games WHERE id = ?1", params![id])
            .map_err(db_err)?;
        tx.commit().map_err(db_err)
    }

    /// Keeps a clocked game's clocks (see [`crate::clock::Clocks::saved`]).
    pub fn set_clock(&self, id: i64, clock: &serde_json::Value) -> Result<(), String> {
        self.conn()
            .execute(
                "UPDATE games SET clock = ?2 WHERE id = ?1",
                params![id, clock.to_string()],
            )
            .map(|_| ())
            .map_err(db_err)
    }

    /// Records the seat whose draw offer stands (`None`: no offer).
    pub fn set_draw_offer(&self, id: i64, seat: Option<usize>) -> Result<(), String> {
        self.conn()
            .execute(
                "UPDATE games SET draw_offer = ?2 WHERE id = ?1",
                params![id, seat.map(|s| s as i64)],
            )
            .map(|_| ())
            .map_err(db_err)
    }

    /// Keeps only the first `n` record entries (a take-back).
    pub fn truncate(&self, id: i64, n: usize) -> Result<(), String> {
        self.conn()
            .execute(
                "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
                params![id, n as i64],
            )
            .map(|_| ())
            .map_err(db_err)
    }

    /// Marks the game finished with its result.
    pub fn finish(&self, id: i64, f: &Finish) -> Result<(), String> {
        finish(&self.conn(), id, f)
    }

    /// Reads a game back.
    pub fn load(&self, id: i64) -> Result<Option<StoredGame>, String> {
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT game, ruleset, options, seed, seats, ended, seed_chosen, draw_offer, \
                 start, clock FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, i64>(3)?,
                        r.get::<_, String>(4)?,
                        r.get::<_, Option<String>>(5)?,
                        r.get::<_, bool>(6)?,
                        r.get::<_, Option<i64>>(7)?,
                        r.get::<_, Option<String>>(8)?,
                        r.get::<_, Option<String>>(9)?,
                    ))
                },
            )
            .optional()
            .map_err(db_err)?;
        let Some((
            game,
            ruleset,
            options,
            seed,
            seats,
            ended,
            seed_chosen,
            draw_offer,
            start,
            clock,
        )) = row
        else {
            return Ok(None);
        };
        let mut stmt = conn
            .prepare("SELECT seat, text FROM moves WHERE game_id = ?1 ORDER BY ply")
            .map_err(db_err)?;
        let moves = stmt
            .query_map(params![id], |r| {
                Ok((
                    r.get::<_, Option<i64>>(0)?.map(|s| s as usize),
                    r.get::<_, String>(1)?,
                ))
            })
            .map_err(db_err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(db_err)?;
        let bad = |what: &str| format!("game {id}: stored {what} is damaged");
        let ended = match ended {
            Some(text) => {
                let v: serde_json::Value =
                    serde_json::from_str(&text).map_err(|_| bad("ending"))?;
                Some(Outcome {
                    payoffs: serde_json::from_value(v["payoffs"].clone())
                        .map_err(|_| bad("ending"))?,
                    reason: v["reason"].as_str().unwrap_or("").to_string(),
                })
            }
            None => None,
        };
        Ok(Some(StoredGame {
            id,
            setup: Setup {
                game,
                ruleset,
                options: serde_json::from_str(&options).map_err(|_| bad("options"))?,
                seed: seed as u64,
                seed_chosen,
                start,
            },
            seats: serde_json::from_str(&seats).map_err(|_| bad("seats"))?,
            moves,
            ended,
            draw_offer: draw_offer.map(|s| s as usize),
            clock: match clock {
                Some(text) => Some(serde_json::from_str(&text).map_err(|_| bad("clock"))?),
                None => None,
            },
        }))
    }

    /// The ids of the unfinished games.
    pub fn unfinished(&self) -> Result<Vec<i64>, String> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare("SELECT id FROM games WHERE status = 'playing' ORDER BY id")
            .map_err(db_err)?;
        let ids = stmt
            .query_map([], |r| r.get(0))
            .map_err(db_err)?
            .collect::<Result<Vec<i64>, _>>()
            .map_err(db_err)?;
        Ok(ids)
    }

    /// The archive list, newest first.
    pub fn list(&self, f: &Filter) -> Result<Vec<Summary>, String> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT g.id, g.game, g.ruleset, g.status, g.result, g.reason, g.seats,
                        g.created, g.updated,
                        (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)
                 FROM games g
                 WHERE (?1 IS NULL OR g.game = ?1) AND (?2 IS NULL OR g.status = ?2)
                 ORDER BY g.id DESC LIMIT ?3 OFFSET ?4",
            )
            .map_err(db_err)?;
        let rows = stmt
            .query_map(
                params![
                    f.game.as_deref().filter(|s| !s.is_empty()),
                    f.status.as_deref().filter(|s| !s.is_empty()),
                    f.limit.unwrap_or(100).clamp(1, 1000),
                    f.offset.unwrap_or(0).max(0)
                ],
                |r| {
                    let seats: String = r.get(6)?;
                    let seats: Vec<SeatSpec> = serde_json::from_str(&seats).unwrap_or_default();
                    let seats = seats
                        .iter()
                        .map(|s| {
                            if s.is_computer() {
                                format!("computer {}", s.level)
                            } else {
                                "human".into()
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(", ");
                    Ok(Summary {
                        id: r.get(0)?,
                        game: r.get(1)?,
                        ruleset: r.get(2)?,
                        status: r.get(3)?,
                        result: r.get(4)?,
                        reason: r.get(5)?,
                        seats,
                        created: r.get(7)?,
                        updated: r.get(8)?,
                        moves: r.get(9)?,
                    })
                },
            )
            .map_err(db_err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(db_err)?;
        Ok(rows)
    }
}

/// How a game ended, as the archive keeps it.
pub struct Finish<'a> {
    /// The result in words (`White wins`).
    pub result: String,
    /// Why (`checkmate`, `resignation`).
    pub reason: String,
    /// An ending by the players (resignation, agreement), which the moves alone do not
    /// show: kept so that the game stays finished after a restart.
    pub ended: Option<&'a Outcome>,
}

fn finish(conn: &Connection, id: i64, f: &Finish) -> Result<(), String> {
    let ended = f
        .ended
        .map(|o| serde_json::json!({ "payoffs": o.payoffs, "reason": o.reason }).to_string());
    conn.execute(
        "UPDATE games SET status = 'finished', result = ?2, reason = ?3, ended = ?4,
         draw_offer = NULL, updated = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = ?1",
        params![id, f.result, f.reason, ended],
    )
    .map(|_| ())
    .map_err(db_err)
}

fn insert_moves(
    tx: &rusqlite::Transaction<'_>,
    id: i64,
    ply: usize,
    moves: &[Played],
) -> Result<(), String> {
    let mut stmt = tx
        .prepare_cached(
            "INSERT OR REPLACE INTO moves (game_id, ply, seat, text, label) VALUES (?1, ?2, ?3, ?4, ?5)",
        )
        .map_err(db_err)?;
    for (i, m) in moves.iter().enumerate() {
        stmt.execute(params![
            id,
            (ply + i) as i64,
            m.seat.map(|s| s as i64),
            m.text,
            m.label
        ])
        .map_err(db_err)?;
    }
    Ok(())
}
