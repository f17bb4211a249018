//! The games being played: each in a room with its table, seats, watchers and the
//! computer's thinking. Every change is written to the store before it is announced.

use crate::clock::{Clocks, TimeControl};

mod clocks;
use crate::pool::Pool;
use crate::store::{Finish, SeatSpec, Store};
use crate::table::{Played, Setup, Table};
use crate::Config;
use clocks::now_ms;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;
use tokio::sync::broadcast;

/// An error for the API: an HTTP status and a message.
#[derive(Debug)]
pub struct Refusal {
    /// HTTP status.
    pub status: u16,
    /// What is wrong.
    pub message: String,
}

impl Refusal {
    pub fn new(status: u16, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
        }
    }
    fn bad(message: impl Into<String>) -> Refusal {
        Refusal::new(400, message)
    }
    fn store(message: String) -> Refusal {
        Refusal::new(500, message)
    }
}

/// A game being played.
pub struct Room {
    id: i64,
    table: Table,
    seats: Vec<SeatSpec>,
    /// Changes so far: a computer's answer to an older state is dropped.
    version: u64,
    draw_offer: Option<usize>,
    /// A person's request to take back a move in a game between people, until answered
    /// or a move is made (not kept over a restart).
    takeback_offer: Option<usize>,
    thinking: bool,
    /// Deleted: nothing more is played or stored.
    deleted: bool,
    /// The clocks of a game played with a time control.
    clock: Option<Clocks>,
    tx: broadcast::Sender<Arc<str>>,
}

impl Room {
    fn new(id: i64, table: Table, seats: Vec<SeatSpec>, clock: Option<Clocks>) -> Room {
        Room {
            id,
            table,
            seats,
            version: 0,
            draw_offer: None,
            takeback_offer: None,
            thinking: false,
            deleted: false,
            clock,
            tx: broadcast::channel(64).0,
        }
    }

    /// The state for the page (no tokens).
    pub fn state(&self) -> Value {
        let mut v = self.table.state();
        v["id"] = json!(self.id);
        v["version"] = json!(self.version);
        v["drawOffer"] = json!(self.draw_offer);
        v["takebackOffer"] = json!(self.takeback_offer);
        v["thinking"] = json!(self.thinking);
        v["clock"] = match &self.clock {
            Some(c) => c.view(now_ms()),
            None => Value::Null,
        };
        v["seats"] = json!(self
            .seats
            .iter()
            .map(|s| json!({ "kind": s.kind, "level": s.level }))
            .collect::<Vec<_>>());
        v
    }

    fn announce(&self) {
        if self.tx.receiver_count() > 0 {
            let _ = self.tx.send(Arc::from(self.state().to_string()));
        }
    }

    /// Checks that `token` is the secret of human seat `seat`.
    fn authorize(&self, seat: usize, token: &str) -> Result<(), Refusal> {
        let spec = self
            .seats
            .get(seat)
            .ok_or_else(|| Refusal::bad(format!("there is no seat {seat} in this game")))?;
        if spec.is_computer() {
            return Err(Refusal::new(403, "the computer plays that seat"));
        }
        if token.is_empty() || spec.token != token {
            return Err(Refusal::new(403, "that is not the token of this seat"));
        }
        Ok(())
    }

    /// [`Room::authorize`], and the game still being played.
    fn authorize_live(&self, seat: usize, token: &str) -> Result<(), Refusal> {
        self.authorize(seat, token)?;
        if self.table.is_over() {
            return Err(Refusal::new(409, "the game is over"));
        }
        Ok(())
    }

    /// The table the page sees.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// A receiver of the state after each change.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.tx.subscribe()
    }
}

/// All rooms, backed by the store.
pub struct Hall {
    pub store: Store,
    /// The address for friends on the local network, when the server listens there.
    pub network_url: Option<String>,
    /// The lab experiments' directory, if any.
    pub lab_dir: Option<std::path::PathBuf>,
    rooms: Mutex<HashMap<i64, Arc<Mutex<Room>>>>,
    /// The engine threads.
    pool: Pool,
    admin: String,
    games_per_minute: u32,
    /// New games per address: the budget left and when it was last topped up.
    budgets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A fresh secret for a seat.
fn token() -> String {
    use rand::Rng;
    let bytes: [u8; 16] = rand::rng().random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What a new game's creator gets back: the id and each seat's secret.
pub fn created(id: i64, table: &Table, seats: &[SeatSpec]) -> Value {
    let names = table.seat_names();
    json!({
        "id": id,
        "seats": seats.iter().enumerate().map(|(i, s)| json!({
            "seat": i,
            "name": names[i],
            "kind": s.kind,
            "level": s.level,
            "token": s.token,
        })).collect::<Vec<_>>(),
    })
}

impl Hall {
    pub fn new(store: Store, network_url: Option<String>, config: &Config) -> Hall {
        Hall {
            store,
            network_url,
            lab_dir: config.lab_dir.clone(),
            rooms: Mutex::new(HashMap::new()),
            pool: Pool::new(config.engine_threads),
            admin: config.admin_token.clone().unwrap_or_else(token),
            games_per_minute: config.games_per_minute,
            budgets: Mutex::new(HashMap::new()),
        }
    }

    /// The administrator's secret.
    pub fn admin_token(&self) -> &str {
        &self.admin
    }

    /// The engine threads' load.
    pub fn engine_load(&self) -> crate::pool::Load {
        self.pool.load()
    }

    /// Counts a new game against `from`'s budget (`games_per_minute`, topped up evenly
    /// over the minute); refused with 429 when it is spent.
    pub fn admit(&self, from: IpAddr) -> Result<(), Refusal> {
        let cap = f64::from(self.games_per_minute.max(1));
        let now = Instant::now();
        let mut budgets = lock(&self.budgets);
        if budgets.len() > 10_000 {
            // forget the addresses whose budget is full again
            budgets.retain(|_, (left, at)| *left + at.elapsed().as_secs_f64() * cap / 60.0 < cap);
        }
        let (left, at) = budgets.entry(from).or_insert((cap, now));
        *left = (*left + now.duration_since(*at).as_secs_f64() * cap / 60.0).min(cap);
        *at = now;
        if *left < 1.0 {
            let wait = ((1.0 - *left) * 60.0 / cap).ceil();
            return Err(Refusal::new(
                429,
                format!(
                    "too many new games from {from}: {} a minute at most; try again in {wait} s",
                    self.games_per_minute
                ),
            ));
        }
        *left -= 1.0;
        Ok(())
    }

    /// Deletes game `id` for the administrator, or for a seat holder of a game whose other
    /// seats are all the computer's (a game between people is kept for all of them).
    pub fn delete(
        self: &Arc<Self>,
        id: i64,
        seat: Option<usize>,
        token: &str,
        admin: &str,
    ) -> Result<Value, Refusal> {
        let room = self.room(id)?;
        let mut r = lock(&room);
        if admin.is_empty() || admin != self.admin {
            if !admin.is_empty() {
                return Err(Refusal::new(403, "that is not the administrator's token"));
            }
            let seat = seat.ok_or_else(|| {
                Refusal::new(
                    403,
                    "deleting a game takes a seat's token or the administrator's",
                )
            })?;
            r.authorize(seat, token)?;
            let others_human = r
                .seats
                .iter()
                .enumerate()
                .any(|(i, s)| i != seat && !s.is_computer());
            if others_human {
                return Err(Refusal::new(
                    403,
                    "a game with other people at the table is theirs too: it is kept",
                ));
            }
        }
        self.store.delete(id).map_err(Refusal::store)?;
        r.deleted = true;
        r.version += 1;
        lock(&self.rooms).remove(&id);
        Ok(json!({ "deleted": id }))
    }

    /// The room of game `id`, loading it from the store if needed.
    pub fn room(self: &Arc<Self>, id: i64) -> Result<Arc<Mutex<Room>>, Refusal> {
        let mut rooms = lock(&self.rooms);
        if let Some(r) = rooms.get(&id) {
            return Ok(r.clone());
        }
        let stored = self
            .store
            .load(id)
            .map_err(Refusal::store)?
            .ok_or_else(|| Refusal::new(404, format!("there is no game {id}")))?;
        let mut table = Table::replay(stored.setup, &stored.moves)
            .map_err(|e| Refusal::store(format!("game {id} does not replay: {e}")))?;
        if let Some(o) = stored.ended {
            table.set_ended(o);
        }
        let clock = match &stored.clock {
            Some(v) => Some(
                Clocks::from_saved(v, table.seats())
                    .ok_or_else(|| Refusal::store(format!("game {id}: stored clock is damaged")))?,
            ),
            None => None,
        };
        let mut room = Room::new(stored.id, table, stored.seats, clock);
        room.draw_offer = stored.draw_offer;
        // the clock of the side to move runs again from now (the time the server was down
        // is not charged)
        room.run_clock();
        let room = Arc::new(Mutex::new(room));
        rooms.insert(id, room.clone());
        drop(rooms);
        self.arm_clock(&lock(&room));
        Ok(room)
    }

    /// Starts a game: checks the setup and seats, gives each human seat a secret.
    pub fn create(
        self: &Arc<Self>,
        setup: Setup,
        seats: Vec<SeatSpec>,
        clock: Option<TimeControl>,
    ) -> Result<Value, Refusal> {
        let mut setup = setup;
        // RULES.md: Senterej's Werera is simultaneous between two humans, ten moves each
        // when the computer plays
        if setup.game.eq_ignore_ascii_case("senterej")
            && !setup.options.iter().any(|o| o.starts_with("werera="))
        {
            let humans = seats.iter().all(|s| s.kind == "human");
            setup.options.push(
                if humans {
                    "werera=simultaneous"
                } else {
                    "werera=ten-moves"
                }
                .into(),
            );
        }
        let table = Table::new(setup).map_err(Refusal::bad)?;
        if let Some(tc) = &clock {
            tc.check().map_err(Refusal::bad)?;
            if !table.is_chess_family() || table.seats() != 2 {
                return Err(Refusal::bad(format!(
                    "clocks are for the two-player chess-family games, not {}",
                    table.setup().game
                )));
            }
        }
        self.open(table, seats, clock)
    }

    /// Stores an imported game, every seat a person's, and opens its room.
    pub fn open_imported(self: &Arc<Self>, table: Table) -> Result<Value, Refusal> {
        let seats = (0..table.seats())
            .map(|_| SeatSpec {
                kind: "human".into(),
                level: 0,
                token: String::new(),
            })
            .collect();
        self.open(table, seats, None)
    }

    /// Stores `table` (a new game or an imported one) and opens its room.
    pub fn open(
        self: &Arc<Self>,
        table: Table,
        seats: Vec<SeatSpec>,
        clock: Option<TimeControl>,
    ) -> Result<Value, Refusal> {
        if seats.len() != table.seats() {
            return Err(Refusal::bad(format!(
                "{} has {} seats, not {}",
                table.setup().game,
                table.seats(),
                seats.len()
            )));
        }
        let mut specs = Vec::new();
        for (i, s) in seats.into_iter().enumerate() {
            specs.push(match s.kind.as_str() {
                "human" => SeatSpec {
                    kind: s.kind,
                    level: 0,
                    token: token(),
                },
                "computer" if (1..=8).contains(&s.level) => SeatSpec {
                    kind: s.kind,
                    level: s.level,
                    token: String::new(),
                },
                "computer" => {
                    return Err(Refusal::bad(format!(
                        "seat {i}: the computer's level is 1 to 8, not {}",
                        s.level
                    )))
                }
                k => {
                    return Err(Refusal::bad(format!(
                        "seat {i}: a seat is human or computer, not {k:?}"
                    )))
                }
            });
        }
        // an imported game's ending (resignation, agreement) is stored with it, at once
        let end = table.outcome().map(|o| Finish {
            result: table.result_text(&o),
            reason: o.reason.clone(),
            ended: table.ended_by_players(),
        });
        let id = self
            .store
            .create(table.setup(), &specs, table.played(), end.as_ref())
            .map_err(Refusal::store)?;
        let clock = clock.map(|tc| Clocks::new(tc, table.seats()));
        if let Some(c) = &clock {
            self.store
                .set_clock(id, &c.saved(now_ms()))
                .map_err(Refusal::store)?;
        }
        let answer = created(id, &table, &specs);
        let mut room = Room::new(id, table, specs, clock);
        room.run_clock();
        self.arm_clock(&room);
        lock(&self.rooms).insert(id, Arc::new(Mutex::new(room)));
        self.kick(id);
        Ok(answer)
    }

    /// Applies a change to a room's table, stores it, and tells the watchers. `change`
    /// returns the new record entries; the table is left as it was if anything fails.
    fn change(
        self: &Arc<Self>,
        room: &mut Room,
        change: impl FnOnce(&mut Table) -> Result<Vec<Played>, Refusal>,
    ) -> Result<(), Refusal> {
        if room.deleted {
            return Err(Refusal::new(404, format!("game {} was deleted", room.id)));
        }
        let before = room.table.clone();
        let ply = before.played().len();
        let added = match change(&mut room.table) {
            Ok(a) => a,
            Err(e) => {
                room.table = before;
                return Err(e);
            }
        };
        let mut saved = self.store.append(room.id, ply, &added);
        if saved.is_ok() {
            if let Some(o) = room.table.outcome() {
                saved = self.store.finish(
                    room.id,
                    &Finish {
                        result: room.table.result_text(&o),
                        reason: o.reason.clone(),
                        ended: room.table.ended_by_players(),
                    },
                );
            }
        }
        if let Err(e) = saved {
            room.table = before;
            return Err(Refusal::store(e));
        }
        room.version += 1;
        room.draw_offer = None;
        room.takeback_offer = None;
        room.run_clock();
        if let Some(c) = &room.clock {
            // the record is safe; a clock not kept costs at most the time since the last
            let _ = self.store.set_clock(room.id, &c.saved(now_ms()));
        }
        room.announce();
        self.arm_clock(room);
        Ok(())
    }

    /// A human's move.
    pub fn play(
        self: &Arc<Self>,
        id: i64,
        seat: usize,
        token: &str,
        text: &str,
    ) -> Result<Value, Refusal> {
        let room = self.room(id)?;
        {
            let mut r = lock(&room);
            r.authorize_live(seat, token)?;
            if !r.table.to_act().contains(&seat) {
                return Err(Refusal::new(409, format!("it is not seat {seat}'s turn")));
            }
            // a move that cannot be played costs no time: checked on a copy first
            let mut trial = r.table.clone();
            trial.play(seat, text).map_err(|e| Refusal::new(422, e))?;
            let clock_before = r.clock.clone();
            self.charge(&mut r, seat)?;
            if let Err(e) = self.change(&mut r, |t| {
                t.play(seat, text).map_err(|e| Refusal::new(422, e))
            }) {
                r.clock = clock_before;
                return Err(e);
            }
        }
        // the answer shows the computer thinking, if it now does
        self.kick(id);
        let state = lock(&room).state();
        Ok(state)
    }

    /// A resignation.
    pub fn resign(self: &Arc<Self>, id: i64, seat: usize, token: &str) -> Result<Value, Refusal> {
        let room = self.room(id)?;
        let mut r = lock(&room);
        r.authorize(seat, token)?;
        self.change(&mut r, |t| t.resign(seat).map_err(|e| Refusal::new(409, e)))?;
        let state = r.state();
        drop(r);
        // in a game of three or four the others play on: perhaps the computer
        self.kick(id);
        Ok(state)
    }

    /// A draw offer, acceptance or refusal (two-seat games).
    pub fn draw(
        self: &Arc<Self>,
        id: i64,
        seat: usize,
        token: &str,
        action: &str,
    ) -> Result<Value, Refusal> {
        let room = self.room(id)?;
        let mut r = lock(&room);
        r.authorize_live(seat, token)?;
        if r.seats.len() != 2 {
            return Err(Refusal::new(409, "draws are offered in two-seat games"));
        }
        let other = 1 - seat;
        match action {
            "offer" if r.seats[other].is_computer() => {
                return Err(Refusal::new(409, "the computer declines the draw"));
            }
            "offer" => {
                self.store
                    .set_draw_offer(id, Some(seat))
                    .map_err(Refusal::store)?;
                r.draw_offer = Some(seat);
            }
            "accept" if r.draw_offer == Some(other) => {
                self.change(&mut r, |t| {
                    t.agree_draw().map_err(|e| Refusal::new(409, e))?;
                    Ok(Vec::new())
                })?;
            }
            "accept" => return Err(Refusal::new(409, "no draw is on offer")),
            "decline" => {
                self.store
                    .set_draw_offer(id, None)
                    .map_err(Refusal::store)?;
                r.draw_offer = None;
            }
            a => {
                return Err(Refusal::bad(format!(
                    "the action is offer, accept or decline, not {a:?}"
                )))
            }
        }
        r.version += 1;
        r.announce();
        Ok(r.state())
    }

    /// Whether `token` is the secret of seat `seat` of game `id` (an invite link checked
    /// before the page keeps it): the seat, or a 403 saying why not.
    pub fn check_token(
        self: &Arc<Self>,
        id: i64,
        seat: usize,
        token: &str,
    ) -> Result<Value, Refusal> {
        let room = self.room(id)?;
        let r = lock(&room);
        r.authorize(seat, token)?;
        Ok(serde_json::json!({ "seat": seat }))
    }

    /// Takes back the seat's last move (and the computer's answers) in a game against the
    /// computer. Between two people a take-back is asked for (`action` "offer", or none)
    /// and happens when the other accepts ("accept"; "decline" refuses it).
    pub fn undo(
        self: &Arc<Self>,
        id: i64,
        seat: usize,
        token: &str,
        action: &str,
    ) -> Result<Value, Refusal> {
        let room = self.room(id)?;
        let state = {
            let mut r = lock(&room);
            r.authorize_live(seat, token)?;
            let humans = r.seats.iter().filter(|s| !s.is_computer()).count();
            let whose = if humans == 1 {
                seat
            } else if r.seats.len() == 2 && humans == 2 {
                let other = 1 - seat;
                match action {
                    "" | "offer" => {
                        if r.table.undo_point(seat).is_none() {
                            return Err(Refusal::new(
                                409,
                                "there is no move of yours to take back",
                            ));
                        }
                        r.takeback_offer = Some(seat);
                        r.version += 1;
                        r.announce();
                        return Ok(r.state());
                    }
                    "decline" => {
                        r.takeback_offer = None;
                        r.version += 1;
                        r.announce();
                        return Ok(r.state());
                    }
                    "accept" if r.takeback_offer == Some(other) => other,
                    "accept" => return Err(Refusal::new(409, "no take-back is asked for")),
                    a => {
                        return Err(Refusal::bad(format!(
                            "the action is offer, accept or decline, not {a:?}"
                        )))
                    }
                }
            } else {
                return Err(Refusal::new(
                    409,
                    "moves are taken back against the computer, or between two people who agree",
                ));
            };
            let n = r
                .table
                .undo_point(whose)
                .ok_or_else(|| Refusal::new(409, "there is no move of yours to take back"))?;
            let table = r.table.truncated(n).map_err(Refusal::store)?;
            self.store.truncate(id, n).map_err(Refusal::store)?;
            self.store
                .append(id, n, &table.played()[n..])
                .map_err(Refusal::store)?;
            r.table = table;
            r.version += 1;
            r.draw_offer = None;
            r.takeback_offer = None;
            r.run_clock();
            r.announce();
            self.arm_clock(&r);
            r.state()
        };
        self.kick(id);
        Ok(state)
    }

    /// Lets the computer move if one of its seats is to act; it thinks on a copy of the
    /// table in a blocking thread and plays only if nothing changed meanwhile.
    pub fn kick(self: &Arc<Self>, id: i64) {
        let Ok(room) = self.room(id) else { return };
        let job = {
            let mut r = lock(&room);
            if r.thinking || r.deleted || r.table.is_over() {
                return;
            }
            let seat = r
                .table
                .to_act()
                .into_iter()
                .find(|&s| r.seats[s].is_computer());
            let Some(seat) = seat else { return };
            r.thinking = true;
            // the watchers see that the computer thinks
            r.announce();
            // let watchers follow a game between computers; in Senterej's simultaneous
            // Werera the computer keeps a person's pace instead of moving at once again
            let pause = if r.table.to_act().len() > 1 {
                1500
            } else if r.seats.iter().all(|s| s.is_computer()) {
                400
            } else {
                0
            };
            let person = r.seats.iter().any(|s| !s.is_computer());
            let cap = r.clock.as_ref().map(|c| c.thinking_time(seat));
            (
                r.table.clone(),
                seat,
                r.seats[seat].level,
                r.version,
                if r.clock.is_some() { 0 } else { pause },
                person,
                cap,
            )
        };
        let hall = self.clone();
        tokio::spawn(async move {
            let (table, seat, level, version, pause, person, cap) = job;
            if pause > 0 {
                tokio::time::sleep(std::time::Duration::from_millis(pause)).await;
            }
            let seed = rand::random::<u64>();
            let choice = hall
                .pool
                .run(person, move || table.think(seat, level, seed, cap))
                .await
                .ok()
                .flatten();
            {
                let mut r = lock(&room);
                r.thinking = false;
                if r.version == version && !r.table.is_over() {
                    if let Some(text) = choice {
                        if hall.charge(&mut r, seat).is_ok() {
                            let _ = hall.change(&mut r, |t| {
                                t.play(seat, &text).map_err(|e| Refusal::new(500, e))
                            });
                        }
                    }
                }
            }
            hall.kick(id);
        });
    }

    /// Carries on the unfinished games whose next move is the computer's (after a restart).
    pub fn resume_all(self: &Arc<Self>) {
        if let Ok(ids) = self.store.unfinished() {
            for id in ids {
                self.kick(id);
            }
        }
    }
}
