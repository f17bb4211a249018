//! One game's metrics as `games.csv` keeps them: a line each, written as a game finishes
//! and read back when a run resumes.

use anyhow::{anyhow, Context, Result};
use std::path::Path;

/// What one game gave.
#[derive(Clone, Debug, PartialEq)]
pub struct GameMetrics {
    /// The reading (the compared option's value).
    pub reading: String,
    /// Index of the game in its reading.
    pub index: usize,
    /// The seed it was played from.
    pub seed: u64,
    /// The winning seat; `None` for a draw or an unfinished game.
    pub winner: Option<usize>,
    /// Shaturanga's alliance that won together (0: South and North, 1: West and East).
    pub alliance: Option<usize>,
    /// How it ended (`checkmate`, `bare king`, ...; `move limit` when stopped).
    pub reason: String,
    /// Moves made by the seats (throws not counted).
    pub plies: usize,
    /// The mean number of legal moves at the seats' turns.
    pub branching: f64,
    /// Seats in the game.
    pub seats: usize,
    /// Lead changes: how often the engine's evaluation passed from one side's clear lead
    /// (a pawn or more) to the other's; `None` where there is no evaluation (dice games,
    /// Ahayuta).
    pub lead_changes: Option<usize>,
    /// How early the winner was clear: the share of the game played before the evaluation
    /// stayed at two pawns or more for the winner to the end (`None`: no winner or no
    /// evaluation).
    pub decided: Option<f64>,
    /// The evaluation curve: the engine's evaluation for the first seat (centipawns, within
    /// +/- [`CURVE_CAP`]) at every twentieth of the game, 21 points; empty where there is
    /// no evaluation.
    pub curve: Vec<i32>,
    /// The seats at the stronger level (with `--weaker`: one seat, or in Shaturanga an
    /// alliance's two); empty when every seat plays at one level.
    pub strong: Vec<usize>,
    /// Shaturanga: each seat's stakes won (+) or lost (-) at the end, the pool and the
    /// debts of rules 5, 8 and 14; empty for the other games.
    pub stakes: Vec<f64>,
}

/// The CSV header.
pub(super) const HEADER: &str = "reading,index,seed,winner,reason,plies,branching,seats,alliance,lead_changes,decided,curve,strong,stakes";
/// The header of the files written before lead changes and decisiveness were kept (read
/// as games without them).
pub(super) const OLD_HEADER: &str =
    "reading,index,seed,winner,reason,plies,branching,seats,alliance";

impl GameMetrics {
    pub(super) fn csv(&self) -> String {
        format!(
            "{},{},{},{},{},{},{:.2},{},{},{},{},{},{},{}",
            self.reading,
            self.index,
            self.seed,
            self.winner.map_or("-".to_string(), |w| w.to_string()),
            self.reason.replace(',', ";"),
            self.plies,
            self.branching,
            self.seats,
            self.alliance.map_or("-".to_string(), |a| a.to_string()),
            self.lead_changes.map_or("-".to_string(), |n| n.to_string()),
            self.decided.map_or("-".to_string(), |d| format!("{d:.3}")),
            list_field(&self.curve, ";"),
            list_field(&self.strong, "+"),
            list_field(&self.stakes, ";"),
        )
    }

    pub(super) fn parse(line: &str) -> Option<GameMetrics> {
        let f: Vec<&str> = line.split(',').collect();
        if ![9, 11, 12, 13, 14].contains(&f.len()) {
            return None;
        }
        let opt = |i: usize| f.get(i).copied().filter(|x| *x != "-");
        Some(GameMetrics {
            reading: f[0].to_string(),
            index: f[1].parse().ok()?,
            seed: f[2].parse().ok()?,
            winner: match f[3] {
                "-" => None,
                w => Some(w.parse().ok()?),
            },
            reason: f[4].to_string(),
            plies: f[5].parse().ok()?,
            branching: f[6].parse().ok()?,
            seats: f[7].parse().ok()?,
            alliance: match f[8] {
                "-" => None,
                a => Some(a.parse().ok()?),
            },
            lead_changes: match opt(9) {
                None => None,
                Some(n) => Some(n.parse().ok()?),
            },
            decided: match opt(10) {
                None => None,
                Some(d) => Some(d.parse().ok()?),
            },
            curve: parse_list(opt(11), ';')?,
            strong: parse_list(opt(12), '+')?,
            stakes: parse_list(opt(13), ';')?,
        })
    }
}

/// A CSV field holding a list (`-` for none), its items joined by `sep`.
pub(super) fn list_field<T: std::fmt::Display>(items: &[T], sep: &str) -> String {
    if items.is_empty() {
        return "-".to_string();
    }
    let v: Vec<String> = items.iter().map(|x| x.to_string()).collect();
    v.join(sep)
}

/// The list of a field written by [`list_field`] (none read as empty); `None` if an item
/// does not read.
pub(super) fn parse_list<T: std::str::FromStr>(field: Option<&str>, sep: char) -> Option<Vec<T>> {
    match field {
        None => Some(Vec::new()),
        Some(f) => f.split(sep).map(|x| x.parse().ok()).collect(),
    }
}

/// The games recorded so far (none if the file is missing); a damaged line is an error
/// naming it.
pub fn read_csv(path: &Path) -> Result<Vec<GameMetrics>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && *l != HEADER && *l != OLD_HEADER)
        .map(|(i, l)| {
            GameMetrics::parse(l).ok_or_else(|| {
                anyhow!(
                    "{} line {}: not a game's metrics: {l:?}",
                    path.display(),
                    i + 1
                )
            })
        })
        .collect()
}
