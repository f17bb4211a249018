//! `ashta match`: games between two engines (ours at any level, or any external UCI engine)
//! with our rules adjudicating, openings from random plies, a progress bar, and the score
//! with Elo difference and error margin; every game saved as PGN.

use anyhow::{anyhow, bail, Context, Result};
use ashta_engine::{Limits, Searcher};
use ashta_rules::chess::{pgn, ChessGame, Move, Variant};
use ashta_rules::{Dice, Game, Turn};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// A player of a match.
pub enum Player {
    /// Our engine at a level (1-8).
    Ashta { searcher: Searcher, level: u32 },
    /// An external UCI engine.
    Uci {
        name: String,
        child: Child,
        stdin: ChildStdin,
        lines: Receiver<String>,
    },
}

impl Player {
    /// `ashta[:LEVEL]` or `uci:PATH`.
    pub fn from_spec(spec: &str, v: &Variant) -> Result<Player> {
        if let Some(rest) = spec.strip_prefix("ashta") {
            let level = match rest.strip_prefix(':') {
                Some(l) => l
                    .parse::<u32>()
                    .ok()
                    .filter(|l| (1..=8).contains(l))
                    .ok_or_else(|| anyhow!("level 1-8"))?,
                None => 8,
            };
            return Ok(Player::Ashta {
                searcher: Searcher::new(32),
                level,
            });
        }
        let path = spec
            .strip_prefix("uci:")
            .ok_or_else(|| anyhow!("an engine is ashta[:LEVEL] or uci:PATH, not {spec:?}"))?;
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("starting {path}"))?;
        let stdin = child.stdin.take().ok_or_else(|| anyhow!("no stdin"))?;
        let stdout = child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut p = Player::Uci {
            name: path.to_string(),
            child,
            stdin,
            lines: rx,
        };
        // Fairy-Stockfish knows the games by its own names
        let info = ashta_rules::chess::find_game(v.spec.game)?;
        let variant_name = if v.spec.ruleset == "fairy-stockfish" {
            info.fsf.unwrap_or(info.id)
        } else {
            info.id
        };
        p.send("uci")?;
        p.wait_for("uciok", Duration::from_secs(10))?;
        p.send(&format!("setoption name UCI_Variant value {variant_name}"))?;
        p.send("isready")?;
        p.wait_for("readyok", Duration::from_secs(10))?;
        Ok(p)
    }

    fn send(&mut self, line: &str) -> Result<()> {
        if let Player::Uci { stdin, .. } = self {
            writeln!(stdin, "{line}")?;
            stdin.flush()?;
        }
        Ok(())
    }

    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Result<String> {
        let Player::Uci { lines, name, .. } = self else {
            bail!("not a UCI engine")
        };
        let deadline = std::time::Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let line = lines
                .recv_timeout(left)
                .map_err(|_| anyhow!("{name} did not answer {prefix:?} in time"))?;
            if line.starts_with(prefix) {
                return Ok(line);
            }
        }
    }

    /// The player's name for records.
    pub fn name(&self) -> String {
        match self {
            Player::Ashta { level, .. } => format!("Ashta level {level}"),
            Player::Uci { name, .. } => name.clone(),
        }
    }

    fn new_game(&mut self) -> Result<()> {
        match self {
            Player::Ashta { searcher, .. } => {
                searcher.clear();
                Ok(())
            }
            Player::Uci { .. } => {
                self.send("ucinewgame")?;
                self.send("isready")?;
                self.wait_for("readyok", Duration::from_secs(10))
                    .map(|_| ())
            }
        }
    }

    /// The player's move in the game's current position.
    fn choose(&mut self, g: &ChessGame, movetime: Duration) -> Result<Move> {
        match self {
            Player::Ashta { searcher, level } => {
                let mut limits = Limits::movetime(movetime);
                searcher.spread = 0;
                if *level < 8 {
                    let (depth, spread) = ashta_engine::level_settings(*level);
                    limits.depth = Some(depth);
                    searcher.spread = spread;
                }
                searcher
                    .stop
                    .store(false, std::sync::atomic::Ordering::Relaxed);
                searcher
                    .search(g, &limits, |_| {})
                    .best
                    .ok_or_else(|| anyhow!("no move in a game not over"))
            }
            Player::Uci { .. } => {
                let start = g.start_position();
                let mut pos = start.clone();
                let moves: Vec<String> = g
                    .moves()
                    .iter()
                    .map(|&m| {
                        let t = pos.uci(m);
                        pos.play_unchecked(m);
                        t
                    })
                    .collect();
                let cmd = if moves.is_empty() {
                    format!("position fen {}", start.fen())
                } else {
                    format!("position fen {} moves {}", start.fen(), moves.join(" "))
                };
                self.send(&cmd)?;
                self.send(&format!("go movetime {}", movetime.as_millis()))?;
                let line = self.wait_for("bestmove", movetime * 5 + Duration::from_secs(5))?;
                let text = line.split_whitespace().nth(1).unwrap_or("");
                g.position()
                    .parse_uci(text)
                    .map_err(|e| anyhow!("{} played {text:?}: {e}", self.name()))
            }
        }
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        let _ = self.send("quit");
        if let Player::Uci { child, .. } = self {
            let _ = child.wait();
        }
    }
}

/// The Elo difference for a score fraction, and the 95% margin from the games' spread.
pub fn elo(scores: &[f64]) -> (f64, f64) {
    let n = scores.len() as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let to_elo = |p: f64| -400.0 * (1.0 / p.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    let se = (var / n).sqrt();
    let diff = to_elo(mean);
    let margin = (to_elo(mean + 1.96 * se) - to_elo(mean - 1.96 * se)) / 2.0;
    (diff, margin)
}

/// Wins, draws and losses among per-game scores (1, 0.5, 0).
pub fn wins_draws_losses(scores: &[f64]) -> (usize, usize, usize) {
    let count = |f: fn(f64) -> bool| scores.iter().filter(|&&s| f(s)).count();
    (count(|s| s > 0.5), count(|s| s == 0.5), count(|s| s < 0.5))
}

/// Settings of a match.
pub struct MatchSpec {
    /// Games to play (colours alternate; each opening is played with both colours).
    pub games: usize,
    /// Time per move.
    pub movetime: Duration,
    /// Random plies played before the engines take over.
    pub random_plies: usize,
    /// Seed of the openings.
    pub seed: u64,
    /// Plies after which a game is adjudicated a draw.
    pub max_plies: usize,
}

/// Plays a match and returns the first player's per-game scores and the PGN of the games.
pub fn play_match(
    v: &'static Variant,
    a: &mut Player,
    b: &mut Player,
    spec: &MatchSpec,
) -> Result<(Vec<f64>, String)> {
    let bar = indicatif::ProgressBar::new(spec.games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut dice = Dice::new(spec.seed);
    let mut scores = Vec::new();
    let mut records = String::new();
    let mut opening = ChessGame::new(v);
    for i in 0..spec.games {
        if i % 2 == 0 {
            opening = ChessGame::new(v);
            for _ in 0..spec.random_plies {
                let moves = opening.legal_moves();
                if moves.is_empty() || opening.outcome().is_some() {
                    break;
                }
                let k = (dice.unit() * moves.len() as f64) as usize;
                opening.play(moves[k.min(moves.len() - 1)]);
            }
        }
        let a_white = i % 2 == 0;
        a.new_game()?;
        b.new_game()?;
        let mut g = opening.clone();
        while g.moves().len() < spec.max_plies {
            let Turn::Seat(seat) = g.turn() else { break };
            let mover = if (seat == 0) == a_white {
                &mut *a
            } else {
                &mut *b
            };
            let m = mover.choose(&g, spec.movetime)?;
            if !g.legal_moves().contains(&m) {
                bail!("{} chose an illegal move", mover.name());
            }
            g.play(m);
        }
        let a_seat = if a_white { 0 } else { 1 };
        let score = match g.outcome() {
            Some(o) => o.payoffs[a_seat],
            None => 0.5,
        };
        scores.push(score);
        let (white, black) = if a_white {
            (a.name(), b.name())
        } else {
            (b.name(), a.name())
        };
        records += &pgn::write(
            &g,
            &[
                ("Event", "ashta match"),
                ("White", &white),
                ("Black", &black),
                ("Round", &(i + 1).to_string()),
            ],
        );
        records.push('\n');
        let total: f64 = scores.iter().sum();
        bar.set_message(format!("score {total:.1}/{}", scores.len()));
        bar.inc(1);
    }
    bar.finish();
    Ok((scores, records))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        assert_eq!(elo(&[1.0, 0.0]).0.round(), 0.0);
        let (d, m) = elo(&[1.0, 1.0, 1.0, 0.0]);
        assert!((d - 190.8).abs() < 1.0 && m > 0.0, "{d} {m}");
    }

    #[test]
    fn a_short_match_between_levels_is_legal_and_recorded() {
        let v = ashta_rules::chess::variant("shatranj", None, &[]).unwrap();
        let mut a = Player::from_spec("ashta:8", v).unwrap();
        let mut b = Player::from_spec("ashta:1", v).unwrap();
        let spec = MatchSpec {
            games: 2,
            movetime: Duration::from_millis(20),
            random_plies: 4,
            seed: 3,
            max_plies: 60,
        };
        let (scores, records) = play_match(v, &mut a, &mut b, &spec).unwrap();
        assert_eq!(scores.len(), 2);
        assert_eq!(records.matches("[Variant \"shatranj\"]").count(), 2);
        for game in records.split("\n\n[Event").filter(|s| !s.trim().is_empty()) {
            let text = if game.starts_with("[Event") {
                game.to_string()
            } else {
                format!("[Event{game}")
            };
            pgn::read(&text).unwrap();
        }
        assert!(Player::from_spec("nonsense", v).is_err());
    }
}
