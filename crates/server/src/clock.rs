//! Clocks for the chess-family games: main time with a Fischer increment, or byoyomi (once
//! the main time is spent, each move within a fixed period), kept by the server. The clock
//! starts with the first move; the side whose flag falls loses.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// A time control, in seconds.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct TimeControl {
    /// Main time per player.
    pub initial: u32,
    /// Added to the main time after each move (Fischer).
    #[serde(default)]
    pub increment: u32,
    /// Once the main time is spent, each move must be made within this period.
    #[serde(default)]
    pub byoyomi: u32,
}

impl TimeControl {
    /// Refuses controls no one plays with: more than ten hours, an increment or byoyomi
    /// over ten minutes, or no time at all.
    pub fn check(&self) -> Result<(), String> {
        if self.initial > 36_000 {
            return Err("the main time is at most 10 hours (36000 s)".into());
        }
        if self.increment > 600 || self.byoyomi > 600 {
            return Err("an increment or byoyomi is at most 10 minutes (600 s)".into());
        }
        if self.initial == 0 && self.increment == 0 && self.byoyomi == 0 {
            return Err("a clock needs some time: main time, increment or byoyomi".into());
        }
        Ok(())
    }

    /// As players write it: `5+3` (minutes + seconds), `10 min + 30 s byoyomi`.
    pub fn text(&self) -> String {
        let main = if self.initial.is_multiple_of(60) {
            format!("{}", self.initial / 60)
        } else if self.initial < 60 {
            format!("{} s", self.initial)
        } else {
            format!("{:.1}", self.initial as f64 / 60.0)
        };
        if self.byoyomi > 0 {
            let inc = if self.increment > 0 {
                format!(" + {} s", self.increment)
            } else {
                String::new()
            };
            let unit = if main.ends_with(" s") { "" } else { " min" };
            format!("{main}{unit}{inc} + {} s byoyomi", self.byoyomi)
        } else {
            format!("{main}+{}", self.increment)
        }
    }
}

/// What a move made too late finds: the mover's flag has fallen.
#[derive(Debug, PartialEq, Eq)]
pub struct Flagged;

/// The clocks of a game: main time left per seat, and whose clock runs since when (in
/// milliseconds of a monotonic clock the caller keeps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// The control.
    pub tc: TimeControl,
    /// Main time left per seat, in milliseconds (byoyomi not included).
    pub left: Vec<i64>,
    /// The seat whose clock runs, and since when.
    pub running: Option<(usize, u64)>,
}

impl Clocks {
    /// Full clocks for `seats` players, none running.
    pub fn new(tc: TimeControl, seats: usize) -> Clocks {
        Clocks {
            tc,
            left: vec![tc.initial as i64 * 1000; seats],
            running: None,
        }
    }

    fn byoyomi_ms(&self) -> i64 {
        self.tc.byoyomi as i64 * 1000
    }

    /// When the running seat's flag falls: the seat and the time.
    pub fn deadline(&self) -> Option<(usize, u64)> {
        let (seat, since) = self.running?;
        let budget = self.left[seat].max(0) + self.byoyomi_ms();
        Some((seat, since + budget as u64))
    }

    /// Whether the running seat's flag has fallen by `now`.
    pub fn fallen(&self, now: u64) -> Option<usize> {
        self.deadline()
            .and_then(|(seat, at)| (now >= at).then_some(seat))
    }

    /// `seat` moved at `now`: its time is charged (main time first, then the byoyomi
    /// period, which renews with each move) and the increment added; the clock stops.
    pub fn moved(&mut self, seat: usize, now: u64) -> Result<(), Flagged> {
        let Some((running, since)) = self.running else {
            return Ok(());
        };
        if running != seat {
            return Ok(());
        }
        if self.fallen(now).is_some() {
            return Err(Flagged);
        }
        let used = now.saturating_sub(since) as i64;
        let main = &mut self.left[seat];
        *main = if used <= *main { *main - used } else { 0 };
        *main += self.tc.increment as i64 * 1000;
        self.running = None;
        Ok(())
    }

    /// Starts `seat`'s clock at `now` (or stops the clocks, with `None`).
    pub fn start(&mut self, seat: Option<usize>, now: u64) {
        self.running = seat.map(|s| (s, now));
    }

    /// For the page: each seat's time left at `now` in milliseconds (main time, or the
    /// byoyomi period once it is spent), whether in byoyomi, and the running seat.
    pub fn view(&self, now: u64) -> Value {
        let byo = self.byoyomi_ms();
        let seats: Vec<Value> = (0..self.left.len())
            .map(|s| {
                let mut main = self.left[s];
                let mut period = byo;
                if let Some((r, since)) = self.running {
                    if r == s {
                        let used = now.saturating_sub(since) as i64;
                        if used <= main {
                            main -= used;
                        } else {
                            period = (byo - (used - main.max(0))).max(0);
                            main = 0;
                        }
                    }
                }
                let in_byoyomi = byo > 0 && main <= 0;
                json!({
                    "ms": if in_byoyomi { period } else { main.max(0) },
                    "byoyomi": in_byoyomi,
                })
            })
            .collect();
        json!({
            "control": self.tc,
            "text": self.tc.text(),
            "seats": seats,
            "running": self.running.map(|(s, _)| s),
        })
    }

    /// How long the computer may think for `seat`: about a twenty-fifth of its time left,
    /// and most of an increment or byoyomi period.
    pub fn thinking_time(&self, seat: usize) -> std::time::Duration {
        let tc = self.tc;
        let ms = self.left[seat].max(0) / 25 + (tc.increment as i64 + tc.byoyomi as i64) * 800;
        std::time::Duration::from_millis(ms.max(20) as u64)
    }

    /// What the store keeps: the control and the main time left (the running clock is
    /// charged up to `now`; a restart does not charge the time the server was down).
    pub fn saved(&self, now: u64) -> Value {
        let mut left = self.left.clone();
        if let Some((s, since)) = self.running {
            left[s] -= now.saturating_sub(since) as i64;
        }
        json!({ "control": self.tc, "left": left })
    }

    /// Reads what [`Clocks::saved`] wrote; the clocks stand still until started.
    pub fn from_saved(v: &Value, seats: usize) -> Option<Clocks> {
        let tc: TimeControl = serde_json::from_value(v.get("control")?.clone()).ok()?;
        let left: Vec<i64> = serde_json::from_value(v.get("left")?.clone()).ok()?;
        (left.len() == seats).then_some(Clocks {
            tc,
            left,
            running: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(initial: u32, increment: u32, byoyomi: u32) -> TimeControl {
        TimeControl {
            initial,
            increment,
            byoyomi,
        }
    }

    #[test]
    fn fischer_charges_and_adds_the_increment() {
        let mut c = Clocks::new(tc(60, 2, 0), 2);
        c.start(Some(0), 1_000);
        assert_eq!(c.deadline(), Some((0, 61_000)));
        assert_eq!(c.moved(0, 11_000), Ok(()));
        assert_eq!(c.left, vec![52_000, 60_000]);
        c.start(Some(1), 11_000);
        assert_eq!(c.fallen(70_999), None);
        assert_eq!(c.fallen(71_000), Some(1));
        assert_eq!(c.moved(1, 71_000), Err(Flagged));
        assert_eq!(c.view(31_000)["seats"][1]["ms"], 40_000);
    }

    #[test]
    fn byoyomi_renews_with_each_move_once_the_main_time_is_spent() {
        let mut c = Clocks::new(tc(10, 0, 30), 2);
        c.start(Some(0), 0);
        assert_eq!(c.deadline(), Some((0, 40_000)));
        // 25 s: the main time and 15 s of the period
        assert_eq!(c.moved(0, 25_000), Ok(()));
        assert_eq!(c.left[0], 0);
        c.start(Some(0), 30_000);
        assert_eq!(c.deadline(), Some((0, 60_000)), "a fresh period");
        let v = c.view(40_000);
        assert_eq!(v["seats"][0]["byoyomi"], true);
        assert_eq!(v["seats"][0]["ms"], 20_000);
        assert_eq!(c.moved(0, 61_000), Err(Flagged));
    }

    #[test]
    fn saved_clocks_read_back_without_the_downtime() {
        let mut c = Clocks::new(tc(300, 5, 0), 2);
        c.start(Some(1), 0);
        let saved = c.saved(4_000);
        let back = Clocks::from_saved(&saved, 2).unwrap();
        assert_eq!(back.left, vec![300_000, 296_000]);
        assert_eq!(back.running, None);
        assert!(Clocks::from_saved(&saved, 4).is_none());
        assert_eq!(tc(300, 5, 0).text(), "5+5");
        assert_eq!(tc(600, 0, 30).text(), "10 min + 30 s byoyomi");
        assert_eq!(tc(0, 0, 30).text(), "0 min + 30 s byoyomi");
        assert_eq!(tc(2, 1, 0).text(), "2 s+1");
        assert!(tc(0, 0, 0).check().is_err());
        assert!(tc(40_000, 0, 0).check().is_err());
    }
}
