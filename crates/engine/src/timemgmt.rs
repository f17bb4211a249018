//! Search limits and how much time to spend on a move.

use std::time::Duration;

/// Limits of one search, as UCI `go` gives them.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Exact time for this move.
    pub movetime: Option<Duration>,
    /// Time left for the side to move.
    pub time_left: Option<Duration>,
    /// Increment per move.
    pub increment: Duration,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Byoyomi period (shogi).
    pub byoyomi: Option<Duration>,
    /// Search until stopped.
    pub infinite: bool,
    /// The root moves to choose from (UCI's `searchmoves`, UCCI's moves not banned);
    /// empty: every legal move.
    pub searchmoves: Vec<ashta_rules::chess::Move>,
}

impl Limits {
    /// A depth-limited search.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    /// A fixed time per move.
    pub fn movetime(t: Duration) -> Limits {
        Limits {
            movetime: Some(t),
            ..Limits::default()
        }
    }

    /// The time to aim for and the hard limit, if the search is timed, for a game
    /// `ply` plies old.
    pub fn budget_at(&self, ply: usize) -> Option<(Duration, Duration)> {
        if self.infinite {
            return None;
        }
        if let Some(t) = self.movetime {
            // all of it, less what answering takes: the search stops within a
            // millisecond or two of its limit and the answer is sent at once
            let t = t.saturating_sub((t / 50).min(Duration::from_millis(2)));
            return Some((t, t));
        }
        let byoyomi = self.byoyomi.unwrap_or_default();
        let left = match self.time_left {
            Some(l) => l,
            None if byoyomi > Duration::ZERO => Duration::ZERO,
            None => return None,
        };
        let margin = Duration::from_millis(30);
        // a move past its byoyomi loses the game: a margin that grows with it, for a
        // machine busy enough to answer late
        let byoyomi_margin = margin + byoyomi / 20;
        if left.is_zero() {
            // byoyomi alone: what is not used is lost
            let t = byoyomi
                .saturating_sub(byoyomi_margin)
                .max(Duration::from_millis(5));
            return Some((t, t));
        }
        // moves still to play: as told, or a guess that shrinks as the game goes on
        let moves = match self.movestogo {
            Some(n) => n.clamp(1, 80),
            None => (40u32.saturating_sub(ply as u32 / 8)).max(20),
        };
        let soft = left / moves + self.increment * 3 / 4 + byoyomi * 9 / 10;
        let reserve = left.saturating_sub(margin);
        let hard = (left / 3 + self.increment + byoyomi * 9 / 10)
            .min(reserve + byoyomi.saturating_sub(byoyomi_margin))
            .min(soft * 5)
            .max(Duration::from_millis(5));
        Some((soft.min(hard), hard))
    }

    /// As [`Limits::budget_at`] at the start of a game.
    pub fn budget(&self) -> Option<(Duration, Duration)> {
        self.budget_at(0)
    }
}

/// The time of one search: a soft limit (no new iteration after it, stretched while the
/// best move keeps changing) and a hard one (the search stops).
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock {
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl Clock {
    /// The clock of a search within `limits` in a game `ply` plies old.
    pub fn new(limits: &Limits, ply: usize, _v: &ashta_rules::chess::Variant) -> Clock {
        match limits.budget_at(ply) {
            Some((soft, hard)) => Clock {
                soft: Some(soft),
                hard: Some(hard),
            },
            None => Clock::default(),
        }
    }
    /// Whether the search is timed.
    pub fn timed(&self) -> bool {
        self.hard.is_some()
    }
    /// Whether no new iteration should start: the soft limit, scaled by how often the
    /// best move changed lately (about 0 when stable, 1 or more when it keeps changing).
    pub fn soft_expired(&self, elapsed: Duration, changes: f64) -> bool {
        let (Some(soft), Some(hard)) = (self.soft, self.hard) else {
            return false;
        };
        if soft == hard {
            // a fixed time: search until it is up
            return elapsed >= hard;
        }
        let scale = (0.6 + 0.8 * changes).clamp(0.5, 2.5);
        // an iteration takes about as long as all before it: do not start one that
        // would run far past the target
        elapsed.as_secs_f64() > soft.as_secs_f64() * scale * 0.7
    }
    /// Whether the search must stop now.
    pub fn hard_expired(&self, elapsed: Duration) -> bool {
        self.hard.is_some_and(|h| elapsed >= h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_stay_within_the_clock() {
        let l = Limits {
            time_left: Some(Duration::from_secs(60)),
            ..Limits::default()
        };
        let (soft, hard) = l.budget().unwrap();
        assert!(soft <= hard && hard <= Duration::from_secs(20));
        let l = Limits {
            time_left: Some(Duration::from_millis(100)),
            ..Limits::default()
        };
        let (_, hard) = l.budget().unwrap();
        assert!(hard < Duration::from_millis(100));
        // a fixed time is used in full, less a margin for the answer
        let (soft, hard) = Limits::movetime(Duration::from_millis(250))
            .budget()
            .unwrap();
        assert_eq!(
            (soft, hard),
            (Duration::from_millis(248), Duration::from_millis(248))
        );
        // byoyomi alone
        let l = Limits {
            time_left: Some(Duration::ZERO),
            byoyomi: Some(Duration::from_secs(1)),
            ..Limits::default()
        };
        let (_, hard) = l.budget().unwrap();
        assert!(hard > Duration::from_millis(900) && hard < Duration::from_secs(1));
        // its margin grows with the byoyomi: 30 ms and a twentieth
        assert_eq!(hard, Duration::from_millis(920));
        let l = Limits {
            byoyomi: Some(Duration::from_secs(10)),
            ..l
        };
        assert_eq!(l.budget().unwrap().1, Duration::from_millis(9470));
        assert!(Limits::depth(3).budget().is_none());
    }
}
