//! A player of `ashta match` and `ashta tune-data`: our engine in process, or a UCI engine
//! in a child process, asked for moves (and their scores) within a time budget.

use crate::timecontrol::TimeControl;
use anyhow::{anyhow, bail, Context, Result};
use ashta_engine::{Limits, Searcher};
use ashta_rules::chess::{ChessGame, Move, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// A player of a match.
pub enum Player {
    /// Our engine at a level (1-8).
    Ashta { searcher: Box<Searcher>, level: u32 },
    /// An external UCI engine.
    Uci {
        name: String,
        child: Child,
        stdin: ChildStdin,
        lines: Receiver<String>,
        /// Moves sent with each position (the position before them as FEN); none: every
        /// move from the start, as a GUI sends them.
        window: Option<usize>,
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
                searcher: Box::new(Searcher::new(32)),
                level,
            });
        }
        let rest = spec
            .strip_prefix("uci:")
            .ok_or_else(|| anyhow!("an engine is ashta[:LEVEL] or uci:PATH, not {spec:?}"))?;
        // `uci:PATH ARGS;Option=value;...`
        let mut parts = rest.split(';');
        let command = parts.next().unwrap_or_default();
        let mut words = command.split_whitespace();
        let path = words
            .next()
            .ok_or_else(|| anyhow!("uci: needs the engine's path"))?;
        let options: Vec<(String, String)> = parts
            .filter(|p| !p.trim().is_empty())
            .map(|p| {
                p.split_once('=')
                    .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                    .ok_or_else(|| anyhow!("an engine option is Name=value, not {p:?}"))
            })
            .collect::<Result<_>>()?;
        let mut child = Command::new(path)
            .args(words)
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
            name: rest.to_string(),
            child,
            stdin,
            lines: rx,
            window: None,
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
        if v.spec.ruleset != "seed" {
            // our own engine plays under the same ruleset (others ignore the option)
            p.send(&format!("setoption name Ruleset value {}", v.spec.ruleset))?;
        }
        for (name, value) in &options {
            p.send(&format!("setoption name {name} value {value}"))?;
        }
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
        self.wait_for_scored(prefix, timeout).map(|(line, _)| line)
    }

    /// Waits for a line starting with `prefix`; with it, the last score an `info` line
    /// gave before it (centipawns for the side to move; mates as ±[`MATE_CP`]).
    fn wait_for_scored(
        &mut self,
        prefix: &str,
        timeout: Duration,
    ) -> Result<(String, Option<i32>)> {
        let Player::Uci { lines, name, .. } = self else {
            bail!("not a UCI engine")
        };
        let deadline = std::time::Instant::now() + timeout;
        let mut score = None;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let line = lines
                .recv_timeout(left)
                .map_err(|_| anyhow!("{name} did not answer {prefix:?} in time"))?;
            if line.starts_with(prefix) {
                return Ok((line, score));
            }
            if line.starts_with("info")
                && !line.contains("lowerbound")
                && !line.contains("upperbound")
            {
                if let Some(s) = info_score(&line) {
                    score = Some(s);
                }
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

    /// Sends an external engine only the last `plies` moves with each position, the
    /// position before them as FEN: an engine replays the moves of every `position`
    /// command, a cost that grows with the game (Fairy-Stockfish: about 20 us a move, ten
    /// times its search of 50 nodes late in a game). Repetitions longer than the window
    /// go unseen by the engine (our rules still judge them).
    pub(crate) fn send_window(&mut self, plies: usize) {
        if let Player::Uci { window, .. } = self {
            *window = Some(plies);
        }
    }

    pub(crate) fn new_game(&mut self) -> Result<()> {
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

    /// The player's move and its score for the side to move, if it told one.
    pub fn choose_scored(&mut self, g: &ChessGame, budget: &Budget) -> Result<(Move, Option<i32>)> {
        match self {
            Player::Ashta { searcher, level } => {
                let mut limits = match budget.time {
                    TimeControl::MoveTime(t) => Limits::movetime(t),
                    TimeControl::Depth(d) => Limits::depth(d),
                    TimeControl::Nodes(n) => Limits {
                        nodes: Some(n),
                        ..Limits::default()
                    },
                    TimeControl::Clock {
                        increment, byoyomi, ..
                    } => Limits {
                        time_left: Some(budget.own),
                        increment,
                        byoyomi: (byoyomi > Duration::ZERO).then_some(byoyomi),
                        ..Limits::default()
                    },
                };
                ashta_engine::apply_level(*level, &mut limits, searcher);
                searcher
                    .stop
                    .store(false, std::sync::atomic::Ordering::Relaxed);
                let r = searcher.search(g, &limits, |_| {});
                let best = r
                    .best
                    .ok_or_else(|| anyhow!("no move in a game not over"))?;
                let score = match r.info.mate {
                    Some(m) => m.signum() * MATE_CP,
                    None => r.info.score,
                };
                Ok((best, Some(score)))
            }
            Player::Uci { window, .. } => {
                let all = g.moves();
                let skip = window.map_or(0, |w| all.len().saturating_sub(w));
                let mut start = g.start_position().clone();
                for &m in &all[..skip] {
                    start.play_unchecked(m);
                }
                let mut pos = start.clone();
                let moves: Vec<String> = all[skip..]
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
                let (go, patience) = match budget.time {
                    TimeControl::MoveTime(t) => (format!("go movetime {}", t.as_millis()), t * 5),
                    TimeControl::Depth(d) => (format!("go depth {d}"), Duration::from_secs(600)),
                    TimeControl::Nodes(n) => (format!("go nodes {n}"), Duration::from_secs(600)),
                    TimeControl::Clock {
                        increment, byoyomi, ..
                    } => {
                        let (w, b) = if budget.white {
                            (budget.own, budget.other)
                        } else {
                            (budget.other, budget.own)
                        };
                        let inc = increment.as_millis();
                        let byo = if byoyomi > Duration::ZERO {
                            format!(" byoyomi {}", byoyomi.as_millis())
                        } else {
                            String::new()
                        };
                        (
                            format!(
                                "go wtime {} btime {} winc {inc} binc {inc}{byo}",
                                w.as_millis(),
                                b.as_millis()
                            ),
                            (budget.own + byoyomi) * 2,
                        )
                    }
                };
                self.send(&go)?;
                let (line, score) =
                    self.wait_for_scored("bestmove", patience + Duration::from_secs(5))?;
                let text = line.split_whitespace().nth(1).unwrap_or("");
                let m = g.position().parse_uci(text).map_err(|e| {
                    anyhow::Error::new(Dispute(format!("{} played {text:?}: {e}", self.name())))
                })?;
                Ok((m, score))
            }
        }
    }
}

/// An engine that plays by other rules: it answered no move, or a move our rules refuse,
/// in a game our rules say goes on (Fairy-Stockfish's rules differ from a seed's in places).
#[derive(Debug)]
pub struct Dispute(pub String);

impl std::fmt::Display for Dispute {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for Dispute {}

/// The score given for a mate, in centipawns.
pub const MATE_CP: i32 = 10_000;

/// The score of a UCI `info` line, if it has one (mates as ±[`MATE_CP`]).
fn info_score(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        if w == "score" {
            let kind = words.next()?;
            let n: i32 = words.next()?.parse().ok()?;
            return match kind {
                "cp" => Some(n),
                "mate" => Some(if n > 0 { MATE_CP } else { -MATE_CP }),
                _ => None,
            };
        }
    }
    None
}

/// The time a player has for its next move.
pub struct Budget {
    pub time: TimeControl,
    /// The mover's clock.
    pub own: Duration,
    /// The opponent's clock.
    pub other: Duration,
    /// Whether the mover plays White.
    pub white: bool,
}

impl Drop for Player {
    /// Asks an engine to quit, and stops it if it has not within a second (an engine
    /// that no longer answers).
    fn drop(&mut self) {
        let _ = self.send("quit");
        if let Player::Uci { child, .. } = self {
            for _ in 0..100 {
                if !matches!(child.try_wait(), Ok(None)) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
