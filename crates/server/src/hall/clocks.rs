//! The rooms' clocks: started for the seat to act, charged with each move, and a timer
//! that ends the game on time when a flag falls with nobody moving.

use super::{lock, Hall, Refusal, Room};
use std::sync::Arc;
use std::time::Instant;

/// Milliseconds on the server's monotonic clock (the clocks' time).
pub(super) fn now_ms() -> u64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_millis() as u64
}

impl Room {
    /// Sets the clocks going for the one seat to act (stopped when the game is over, while
    /// several may act, and before the first move).
    pub(super) fn run_clock(&mut self) {
        let Some(c) = &mut self.clock else { return };
        let acting = self.table.to_act();
        let seat = match acting.as_slice() {
            [s] if !self.table.is_over() && !self.table.played().is_empty() => Some(*s),
            _ => None,
        };
        if c.running.map(|(s, _)| s) != seat {
            c.start(seat, now_ms());
        }
    }
}

impl Hall {
    /// Charges `seat`'s clock for the move it is making; where its flag has already
    /// fallen, the game ends on time instead and the move is refused.
    pub(super) fn charge(self: &Arc<Self>, room: &mut Room, seat: usize) -> Result<(), Refusal> {
        let Some(c) = &mut room.clock else {
            return Ok(());
        };
        let mut trial = c.clone();
        match trial.moved(seat, now_ms()) {
            Ok(()) => {
                *c = trial;
                Ok(())
            }
            Err(_) => {
                self.flag(room, seat)?;
                Err(Refusal::new(
                    409,
                    "your time ran out: the game is lost on time",
                ))
            }
        }
    }

    /// `seat` loses on time.
    pub(super) fn flag(self: &Arc<Self>, room: &mut Room, seat: usize) -> Result<(), Refusal> {
        let name = room.table.seat_names()[seat].clone();
        if let Some(c) = &mut room.clock {
            c.left[seat] = 0;
            c.start(None, now_ms());
        }
        self.change(room, |t| {
            t.set_ended(ashta_rules::Outcome::win(
                1 - seat,
                format!("{name} lost on time"),
            ));
            Ok(Vec::new())
        })
    }

    /// Ends the game on time when the running clock's flag falls, unless something
    /// happens first (a later version of the room).
    pub(super) fn arm_clock(self: &Arc<Self>, room: &Room) {
        let Some((seat, at)) = room.clock.as_ref().and_then(|c| c.deadline()) else {
            return;
        };
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let (hall, id, version) = (self.clone(), room.id, room.version);
        rt.spawn(async move {
            let wait = at.saturating_sub(now_ms());
            tokio::time::sleep(std::time::Duration::from_millis(wait + 5)).await;
            let Ok(room) = hall.room(id) else { return };
            let mut r = lock(&room);
            let fallen = r.clock.as_ref().and_then(|c| c.fallen(now_ms()));
            if r.version == version && !r.deleted && !r.table.is_over() && fallen == Some(seat) {
                let _ = hall.flag(&mut r, seat);
            }
        });
    }
}
