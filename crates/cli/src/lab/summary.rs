//! The results of a reading from its games' metrics: shares with Wilson intervals, means
//! with their intervals, endings, and the lead changes and decisiveness of the games.

use super::GameMetrics;
use std::collections::BTreeMap;

/// A share with its 95% interval (Wilson's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Share {
    /// The share, 0 to 1.
    pub p: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

impl Share {
    /// As a percentage with its interval, the ends joined by `dash`: `50% (24-76)`.
    pub fn text(&self, dash: &str) -> String {
        format!(
            "{:.0}% ({:.0}{dash}{:.0})",
            self.p * 100.0,
            self.low * 100.0,
            self.high * 100.0
        )
    }
}

/// `k` of `n` with its Wilson 95% interval.
pub fn share(k: usize, n: usize) -> Share {
    share_of(k as f64, n)
}

/// A reading's results.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The reading.
    pub reading: String,
    /// Games.
    pub games: usize,
    /// Each seat's share of wins.
    pub wins: Vec<Share>,
    /// The seats' names (`White`, `South`, ...).
    pub names: Vec<String>,
    /// Shaturanga's alliances' shares of shared wins (empty for the other games).
    pub alliances: Vec<Share>,
    /// The share of games without a winner.
    pub draws: Share,
    /// Mean length in moves, and its 95% half-interval.
    pub length: (f64, f64),
    /// Mean branching factor.
    pub branching: f64,
    /// How games ended, with counts.
    pub reasons: BTreeMap<String, usize>,
    /// Mean lead changes a game and the 95% half-interval (games with an evaluation).
    pub lead_changes: Option<(f64, f64)>,
    /// Among the games won, the mean share of the game played before the winner was clear,
    /// its half-interval, and how many of the won games were ever clear.
    pub decided: Option<(f64, f64, usize)>,
    /// With a weaker level (`--weaker`): the stronger side's score (a win 1, a game without
    /// a winner its share of it) with its interval, and the share of the outcome that
    /// skill explains: 0 where the stronger side scores what chance gives every side, 1
    /// where it always wins.
    pub skill: Option<Skill>,
    /// Shaturanga: each seat's mean stakes won at the end, with its 95% half-interval.
    pub stakes: Vec<(f64, f64)>,
}

/// Skill against luck: the stronger side's score and what it says of skill.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    /// The stronger side's mean score, with its interval.
    pub score: Share,
    /// What chance alone would give it: 1 / the sides.
    pub chance: f64,
    /// `(score - chance) / (1 - chance)`, with its interval.
    pub explained: Share,
}

impl Skill {
    /// In words: `scores 62% (52-71) (chance 50%); skill explains 24% (4 to 42)`.
    pub fn text(&self, dash: &str) -> String {
        format!(
            "scores {} (chance {:.0}%); skill explains {:.0}% ({:.0} to {:.0})",
            self.score.text(dash),
            100.0 * self.chance,
            100.0 * self.explained.p,
            100.0 * self.explained.low,
            100.0 * self.explained.high
        )
    }
}

/// The stronger side's results in the games that had one.
fn skill_of(games: &[GameMetrics]) -> Option<Skill> {
    let with: Vec<&GameMetrics> = games.iter().filter(|g| !g.strong.is_empty()).collect();
    if with.is_empty() {
        return None;
    }
    let mut score = 0.0;
    let mut chance = 0.5;
    for g in &with {
        // the sides: each seat alone, or Shaturanga's two alliances
        chance = g.strong.len() as f64 / g.seats.max(1) as f64;
        score += match (g.winner, g.alliance) {
            (_, Some(a)) => f64::from(u8::from(g.strong.contains(&a))),
            (Some(w), None) => f64::from(u8::from(g.strong.contains(&w))),
            (None, None) => chance,
        };
    }
    let sc = share_of(score, with.len());
    let map = |x: f64| ((x - chance) / (1.0 - chance)).clamp(-1.0, 1.0);
    Some(Skill {
        score: sc,
        chance,
        explained: Share {
            p: map(sc.p),
            low: map(sc.low),
            high: map(sc.high),
        },
    })
}

/// A score of `k` (wins may count in parts) of `n`, with Wilson's interval.
fn share_of(k: f64, n: usize) -> Share {
    if n == 0 {
        return Share {
            p: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let (n, z) = (n as f64, 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    Share {
        p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The mean of `xs` and its 95% half-interval.
fn mean_interval(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (xs.len().max(2) - 1) as f64;
    (mean, 1.96 * (var / n).sqrt())
}

/// The results of the games of one reading.
pub fn summarize(reading: &str, games: &[GameMetrics]) -> Summary {
    let n = games.len();
    let seats = games.iter().map(|g| g.seats).max().unwrap_or(2);
    let wins = (0..seats)
        .map(|s| share(games.iter().filter(|g| g.winner == Some(s)).count(), n))
        .collect();
    let alliances = if games.iter().any(|g| g.alliance.is_some()) {
        (0..2)
            .map(|a| share(games.iter().filter(|g| g.alliance == Some(a)).count(), n))
            .collect()
    } else {
        Vec::new()
    };
    let draws = share(
        games
            .iter()
            .filter(|g| g.winner.is_none() && g.alliance.is_none())
            .count(),
        n,
    );
    let mean = games.iter().map(|g| g.plies as f64).sum::<f64>() / n.max(1) as f64;
    let var = games
        .iter()
        .map(|g| (g.plies as f64 - mean).powi(2))
        .sum::<f64>()
        / (n.max(2) - 1) as f64;
    let half = 1.96 * (var / n.max(1) as f64).sqrt();
    let branching = games.iter().map(|g| g.branching).sum::<f64>() / n.max(1) as f64;
    let mut reasons = BTreeMap::new();
    for g in games {
        *reasons.entry(g.reason.clone()).or_insert(0) += 1;
    }
    let leads: Vec<f64> = games
        .iter()
        .filter_map(|g| g.lead_changes.map(|n| n as f64))
        .collect();
    let decided: Vec<f64> = games.iter().filter_map(|g| g.decided).collect();
    Summary {
        lead_changes: (!leads.is_empty()).then(|| mean_interval(&leads)),
        decided: (!decided.is_empty()).then(|| {
            let (m, h) = mean_interval(&decided);
            (m, h, decided.len())
        }),
        skill: skill_of(games),
        stakes: {
            let with: Vec<&GameMetrics> = games.iter().filter(|g| !g.stakes.is_empty()).collect();
            let seats = with.iter().map(|g| g.stakes.len()).max().unwrap_or(0);
            (0..seats)
                .map(|s| {
                    let xs: Vec<f64> = with
                        .iter()
                        .map(|g| g.stakes.get(s).copied().unwrap_or(0.0))
                        .collect();
                    mean_interval(&xs)
                })
                .collect()
        },
        reading: reading.to_string(),
        games: n,
        names: (1..=seats).map(|i| format!("seat {i}")).collect(),
        wins,
        alliances,
        draws,
        length: (mean, half),
        branching,
        reasons,
    }
}

impl Summary {
    pub(super) fn json(&self) -> serde_json::Value {
        let sh = |s: &Share| serde_json::json!({ "share": s.p, "low": s.low, "high": s.high });
        serde_json::json!({
            "reading": self.reading,
            "games": self.games,
            "seats": self.names,
            "wins": self.wins.iter().map(sh).collect::<Vec<_>>(),
            "alliance_wins": self.alliances.iter().map(sh).collect::<Vec<_>>(),
            "draws": sh(&self.draws),
            "length": { "mean": self.length.0, "half_interval": self.length.1 },
            "branching": self.branching,
            "endings": self.reasons,
            "lead_changes": self.lead_changes.map(|(m, h)| serde_json::json!({ "mean": m, "half_interval": h })),
            "decided_after": self.decided.map(|(m, h, n)| serde_json::json!({ "mean_share": m, "half_interval": h, "games": n })),
            "stakes": self.stakes.iter().map(|(m, h)| serde_json::json!({ "mean": m, "half_interval": h })).collect::<Vec<_>>(),
            "stronger_side": self.skill.map(|k| serde_json::json!({ "score": sh(&k.score), "chance": k.chance, "skill_explains": sh(&k.explained) })),
        })
    }

    /// Shaturanga's mean stakes by seat in words (`South +0.40 +/- 0.30, ...`).
    pub fn stakes_text(&self, pm: &str) -> Option<String> {
        if self.stakes.is_empty() {
            return None;
        }
        let parts: Vec<String> = self
            .stakes
            .iter()
            .enumerate()
            .map(|(i, (m, h))| {
                let name = self
                    .names
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| format!("seat {}", i + 1));
                format!("{name} {m:+.2} {pm} {h:.2}")
            })
            .collect();
        Some(parts.join(", "))
    }

    /// Each seat's share of wins under its name, then Shaturanga's alliances' shares.
    pub fn shares(&self) -> Vec<(String, Share)> {
        self.names
            .iter()
            .cloned()
            .zip(self.wins.iter().copied())
            .chain(
                ["South and North together", "West and East together"]
                    .iter()
                    .map(|a| a.to_string())
                    .zip(self.alliances.iter().copied()),
            )
            .collect()
    }

    /// One line of text.
    pub fn line(&self) -> String {
        let wins: Vec<String> = self
            .shares()
            .iter()
            .map(|(name, s)| format!("{name} {}", s.text("-")))
            .collect();
        let ends: Vec<String> = self
            .reasons
            .iter()
            .map(|(r, n)| format!("{r} {n}"))
            .collect();
        let drama = match (self.lead_changes, self.decided) {
            (Some((l, lh)), Some((d, dh, n))) => format!(
                "; lead changes {l:.1} +/- {lh:.1}; winner clear after {:.0}% +/- {:.0}% of the game ({n} games)",
                100.0 * d,
                100.0 * dh
            ),
            (Some((l, lh)), None) => format!("; lead changes {l:.1} +/- {lh:.1}"),
            _ => String::new(),
        };
        let skill = self.skill.map_or(String::new(), |k| {
            format!("; stronger side {}", k.text("-"))
        }) + &self
            .stakes_text("+/-")
            .map_or(String::new(), |t| format!("; mean stakes {t}"));
        format!(
            "{}: {} games; wins {}; no winner {}; {:.0} +/- {:.0} moves; branching {:.1}; endings: {}{drama}{skill}",
            self.reading,
            self.games,
            wins.join(", "),
            self.draws.text("-"),
            self.length.0,
            self.length.1,
            self.branching,
            ends.join(", ")
        )
    }
}
