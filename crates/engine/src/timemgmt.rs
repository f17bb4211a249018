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

    /// The time to aim for and the hard limit, if the search is timed.
    pub fn budget(&self) -> Option<(Duration, Duration)> {
        if self.infinite {
            return None;
        }
        if let Some(t) = self.movetime {
            return Some((t, t));
        }
        let left = self.time_left?;
        let byoyomi = self.byoyomi.unwrap_or_default();
        let moves = self.movestogo.unwrap_or(30).clamp(1, 60);
        // keep a margin for the protocol round trip
        let margin = Duration::from_millis(30);
        let soft = left / moves + self.increment * 3 / 4 + byoyomi * 9 / 10;
        let hard = (left / 4 + self.increment + byoyomi * 9 / 10)
            .min(left.saturating_sub(margin) + byoyomi * 9 / 10);
        let hard = hard.max(Duration::from_millis(5));
        Some((soft.min(hard), hard))
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
        assert!(soft <= hard && hard <= Duration::from_secs(15));
        let l = Limits {
            time_left: Some(Duration::from_millis(100)),
            ..Limits::default()
        };
        let (_, hard) = l.budget().unwrap();
        assert!(hard < Duration::from_millis(100));
        assert_eq!(
            Limits::movetime(Duration::from_millis(250))
                .budget()
                .unwrap()
                .1,
            Duration::from_millis(250)
        );
        assert!(Limits::depth(3).budget().is_none());
    }
}
