//! How much time the engines of a match (or a teacher's games) get: a time, depth or
//! node count a move, or clocks with an increment and byoyomi.

use anyhow::{anyhow, bail, Result};
use std::time::Duration;

/// How much time the engines get.
#[derive(Clone, Copy, Debug)]
pub enum TimeControl {
    /// A fixed time for every move.
    MoveTime(Duration),
    /// A fixed depth for every move.
    Depth(u32),
    /// A fixed number of nodes for every move.
    Nodes(u64),
    /// A clock for each side: a base time and an increment per move (Fischer). A side
    /// whose clock runs out loses.
    Clock {
        /// Time at the start.
        base: Duration,
        /// Added after each move.
        increment: Duration,
        /// Given afresh for each move once the clock is spent, as in Shogi (zero: none);
        /// a side loses when a move takes longer than its clock and this together.
        byoyomi: Duration,
    },
}

impl TimeControl {
    /// `SECONDS` per move, `BASE+INC` in seconds (`10+0.1`), `depth=N` or `nodes=N`.
    pub fn parse(text: &str) -> Result<TimeControl> {
        if let Some(d) = text.strip_prefix("depth=") {
            return Ok(TimeControl::Depth(
                d.parse().map_err(|_| anyhow!("depth=N, not {text:?}"))?,
            ));
        }
        if let Some(n) = text.strip_prefix("nodes=") {
            return Ok(TimeControl::Nodes(
                n.parse().map_err(|_| anyhow!("nodes=N, not {text:?}"))?,
            ));
        }
        let secs = |t: &str| -> Result<Duration> {
            let s: f64 = t
                .trim()
                .parse()
                .map_err(|_| anyhow!("a time control is BASE+INC in seconds, not {text:?}"))?;
            if !(0.0..1e7).contains(&s) {
                bail!("time out of range in {text:?}");
            }
            Ok(Duration::from_secs_f64(s))
        };
        match text.split_once('+') {
            Some((b, i)) => Ok(TimeControl::Clock {
                base: secs(b)?,
                increment: secs(i)?,
                byoyomi: Duration::ZERO,
            }),
            None => Ok(TimeControl::MoveTime(secs(text)?)),
        }
    }

    /// This clock (`BASE+INC`) with byoyomi of `seconds` a move after its base time; other
    /// time controls take none.
    pub fn with_byoyomi(self, seconds: f64) -> Result<TimeControl> {
        if !(seconds > 0.0 && seconds < 1e7) {
            bail!("byoyomi is a time in seconds above 0, not {seconds}");
        }
        let byoyomi = Duration::from_secs_f64(seconds);
        match self {
            TimeControl::Clock {
                base, increment, ..
            } => Ok(TimeControl::Clock {
                base,
                increment,
                byoyomi,
            }),
            _ => bail!("byoyomi goes with a clock: --tc BASE+INC (`--tc 30+0 --byoyomi 1`)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byoyomi_goes_with_a_clock_and_is_a_time() {
        let byoyomi = TimeControl::parse("0+0")
            .unwrap()
            .with_byoyomi(0.1)
            .unwrap();
        assert!(matches!(
            byoyomi,
            TimeControl::Clock { base, byoyomi, .. }
                if base.is_zero() && byoyomi == Duration::from_millis(100)
        ));
        assert!(TimeControl::parse("0.1")
            .unwrap()
            .with_byoyomi(1.0)
            .is_err());
        assert!(TimeControl::parse("1+0")
            .unwrap()
            .with_byoyomi(0.0)
            .is_err());
        assert!(TimeControl::parse("1+0")
            .unwrap()
            .with_byoyomi(f64::NAN)
            .is_err());
    }
}
