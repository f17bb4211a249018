//! CECP (the xboard/WinBoard protocol), spoken by `ashta uci` when the first command is
//! `xboard`: the same search and time handling as UCI, driven as XBoard drives an engine.
//!
//! Understood: `protover` (answered with the features: `setboard`, `usermove`, `ping`,
//! the variants by Fairy-Stockfish's names), `new`, `variant`, `setboard`, `usermove`
//! (or a bare move), `go`, `force`, `playother`, `?`, `level`, `st`, `sd`, `time`,
//! `otim`, `ping`, `undo`, `remove`, `post`, `nopost`, `hard`, `easy`, `result`, `quit`,
//! and analysis: `analyze` thinks about the position until `exit`, posting its lines, and
//! starts again after each move, `undo` or new position; `.` is answered with nothing.
//! With `hard` the engine ponders: after its move it thinks on the reply it expects, and
//! goes on from there if that reply comes (`easy` stops it).
//! Moves are coordinates (`e2e4`, `e7e8q`, `P@e4`, shogi `b2h8+`), ranks from 0 on
//! ten-rank boards (`h2e2`, as XBoard writes Xiangqi and Janggi). A game played by a
//! variant Fairy-Stockfish knows follows Fairy-Stockfish's rules, as XBoard's other
//! engines do.

use anyhow::{anyhow, Result};
use ashta_engine::{Limits, Searcher};
use ashta_rules::chess::{find_game, variant, ChessGame, Move, Position, GAMES};
use ashta_rules::geometry::Color;
use ashta_rules::Game;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::uci::say;

struct Cecp {
    game: ChessGame,
    /// The side the engine plays; `None` in force mode.
    engine: Option<Color>,
    post: bool,
    /// `st`: seconds a move; `sd`: depth; `level`: moves per control and increment.
    movetime: Option<Duration>,
    depth: Option<u32>,
    mps: Option<u32>,
    increment: Duration,
    /// The engine's clock (`time`, centiseconds).
    clock: Option<Duration>,
    searcher: Option<Searcher>,
    thinking: Option<Thinking>,
    /// Analysis mode (`analyze` to `exit`).
    analyzing: bool,
    /// The analysis of this position has ended by itself (a mate, the deepest depth): it
    /// waits for the next position.
    analyzed: bool,
    /// `hard`: ponder on the expected reply after each move.
    ponder: bool,
}

struct Thinking {
    handle: JoinHandle<(Searcher, Option<Move>, Option<Move>)>,
    stop: Arc<AtomicBool>,
    /// A ponder search: the reply it expects (already played on its copy of the game) and
    /// the flag whose clearing is the ponder hit.
    pondering: Option<(Move, Arc<AtomicBool>)>,
}

/// The variant of a name XBoard sends (`normal` is chess), with Fairy-Stockfish's rules
/// where it knows the game.
fn game_of(name: &str) -> Result<ChessGame> {
    let name = match name {
        "normal" => "chess",
        n => n,
    };
    let info = find_game(name)?;
    let ruleset = if info.fsf.is_some() {
        "fairy-stockfish"
    } else {
        "seed"
    };
    Ok(ChessGame::new(variant(name, Some(ruleset), &[])?))
}

/// A move as XBoard writes it.
fn move_text(pos: &Position, m: Move) -> String {
    let t = pos.uci(m);
    if pos.variant().shape().ranks == 10 {
        crate::ucci::to_iccs(&t)
    } else {
        t
    }
}

/// A move from XBoard.
fn read_move(game: &ChessGame, text: &str) -> Option<String> {
    if game.variant().shape().ranks == 10 {
        crate::ucci::from_iccs(text)
    } else {
        Some(text.to_string())
    }
}

/// Whether a bare word is a move in coordinates (`e2e4`, `P@e4`), not a command.
fn looks_like_move(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() >= 4
        && ((b[0].is_ascii_lowercase() && b[1].is_ascii_digit())
            || (b[0].is_ascii_uppercase() && b[1] == b'@'))
}

/// Speaks CECP over the lines still to come (`rx`, after `queued`) until `quit`.
pub fn run<W: Write + Send + 'static>(
    rx: &Receiver<String>,
    queued: Vec<String>,
    out: &Arc<Mutex<W>>,
) -> Result<()> {
    let mut s = Cecp {
        game: game_of("normal")?,
        engine: Some(Color::Black),
        post: false,
        movetime: None,
        depth: None,
        mps: None,
        increment: Duration::ZERO,
        clock: None,
        searcher: Some(Searcher::new(16)),
        thinking: None,
        analyzing: false,
        analyzed: false,
        ponder: false,
    };
    let mut queue: std::collections::VecDeque<String> = queued.into();
    let mut open = true;
    loop {
        // an answered search plays its move; an analysis that ended waits for a new
        // position (a ponder search waits for the reply it expects)
        if s.thinking
            .as_ref()
            .is_some_and(|t| t.handle.is_finished() && t.pondering.is_none())
        {
            let play = !s.analyzing;
            s.finish(out, play);
            s.analyzed = s.analyzing;
        }
        let line = if s.thinking.is_none() && !queue.is_empty() {
            queue.pop_front()
        } else if open {
            match rx.recv_timeout(Duration::from_millis(if s.thinking.is_some() {
                5
            } else {
                3_600_000
            })) {
                Ok(l) => {
                    let cmd = l.split_whitespace().next().unwrap_or("").to_string();
                    if s.thinking.as_ref().is_some_and(|t| t.pondering.is_some()) {
                        // pondering: the expected reply is a ponder hit, anything that
                        // changes the game ends the ponder search
                        if s.ponder_hit(&l, out) {
                            continue;
                        }
                        if !matches!(
                            cmd.as_str(),
                            "." | "post"
                                | "nopost"
                                | "time"
                                | "otim"
                                | "ping"
                                | "computer"
                                | "random"
                                | "name"
                                | "rating"
                                | "hard"
                        ) {
                            s.finish(out, false);
                        }
                    } else if s.thinking.is_some() && s.analyzing {
                        match cmd.as_str() {
                            "." | "post" | "nopost" | "time" | "otim" | "hard" | "easy"
                            | "computer" | "random" | "name" | "rating" | "ping" => {}
                            // a new position or the end of the analysis
                            _ => s.finish(out, false),
                        }
                    } else if s.thinking.is_some() {
                        match cmd.as_str() {
                            // move now
                            "?" => {
                                s.finish(out, true);
                                continue;
                            }
                            // these end the search and drop its move
                            "new" | "force" | "setboard" | "undo" | "remove" | "result"
                            | "variant" | "quit" | "edit" => s.finish(out, false),
                            "post" | "nopost" | "time" | "otim" | "hard" | "easy" | "."
                            | "computer" | "random" | "name" | "rating" => {}
                            _ => {
                                queue.push_back(l);
                                continue;
                            }
                        }
                    }
                    Some(l)
                }
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    open = false;
                    continue;
                }
            }
        } else if s.thinking.is_some()
            && (s.analyzing || s.thinking.as_ref().is_some_and(|t| t.pondering.is_some()))
        {
            // the input has ended: so has the analysis or the pondering
            s.finish(out, false);
            s.analyzing = false;
            continue;
        } else if s.thinking.is_some() {
            std::thread::sleep(Duration::from_millis(5));
            continue;
        } else {
            break;
        };
        let Some(line) = line else { continue };
        match s.command(&line, out) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => say(out, &format!("Error ({e:#}): {line}")),
        }
        if s.thinking.is_none()
            && (s.engine == Some(s.game.position().side_to_move()) || (s.analyzing && !s.analyzed))
        {
            s.think(out);
        }
    }
    s.finish(out, false);
    Ok(())
}

impl Cecp {
    /// Carries out one command; false on `quit`.
    fn command<W: Write + Send + 'static>(
        &mut self,
        line: &str,
        out: &Arc<Mutex<W>>,
    ) -> Result<bool> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else {
            return Ok(true);
        };
        // any command but these may change the position an analysis looks at
        if !matches!(
            cmd,
            "." | "post" | "nopost" | "ping" | "time" | "otim" | "hard" | "easy"
        ) {
            self.analyzed = false;
        }
        let arg = |i: usize| -> Result<&str> {
            words
                .get(i)
                .copied()
                .ok_or_else(|| anyhow!("{cmd} needs an argument"))
        };
        let number = |i: usize| -> Result<u64> {
            arg(i)?
                .parse::<u64>()
                .map_err(|_| anyhow!("{cmd} takes a number"))
        };
        match cmd {
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "draw" | "." | "otim" => {}
            "hard" => self.ponder = true,
            "easy" => self.ponder = false,
            "analyze" => {
                (self.analyzing, self.analyzed) = (true, false);
                self.engine = None;
            }
            "exit" => self.analyzing = false,
            "protover" => {
                let mut names: Vec<String> = GAMES
                    .iter()
                    .filter(|g| g.fsf.is_some())
                    .map(|g| g.fsf.unwrap_or(g.id).to_string())
                    .collect();
                names.retain(|n| n != "chess");
                names.insert(0, "normal".into());
                say(
                    out,
                    &format!(
                        "feature myname=\"Ashta {}\" setboard=1 usermove=1 ping=1 playother=1 \
                         san=0 time=1 draw=0 sigint=0 sigterm=0 colors=0 analyze=1 \
                         variants=\"{}\" done=1",
                        env!("CARGO_PKG_VERSION"),
                        names.join(",")
                    ),
                );
            }
            "new" => {
                self.game = game_of("normal")?;
                self.engine = Some(Color::Black);
                (self.movetime, self.depth) = (None, None);
                if let Some(se) = self.searcher.as_mut() {
                    se.clear();
                }
            }
            "variant" => self.game = game_of(arg(1)?)?,
            "setboard" => {
                let fen = words[1..].join(" ");
                self.game =
                    ChessGame::from_position(Position::from_fen(self.game.variant(), &fen)?);
            }
            "force" => self.engine = None,
            "go" => self.engine = Some(self.game.position().side_to_move()),
            "playother" => self.engine = Some(self.game.position().side_to_move().other()),
            "usermove" => self.user_move(arg(1)?, out)?,
            "level" => {
                self.mps = Some(number(1)? as u32).filter(|&n| n > 0);
                let inc: f64 = arg(3)?
                    .parse()
                    .map_err(|_| anyhow!("level MPS BASE INC: INC in seconds"))?;
                self.increment = Duration::from_secs_f64(inc.max(0.0));
                self.movetime = None;
            }
            "st" => {
                let secs: f64 = arg(1)?.parse().map_err(|_| anyhow!("st takes seconds"))?;
                self.movetime = Some(Duration::from_secs_f64(secs.max(0.01)));
            }
            "sd" => self.depth = Some(number(1)? as u32),
            "time" => self.clock = Some(Duration::from_millis(number(1)? * 10)),
            "ping" => say(out, &format!("pong {}", arg(1)?)),
            "undo" => {
                self.game.undo();
            }
            "remove" => {
                self.game.undo();
                self.game.undo();
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "result" => self.engine = None,
            "quit" => return Ok(false),
            _ if words.len() == 1 && looks_like_move(cmd) => self.user_move(cmd, out)?,
            _ => return Err(anyhow!("unknown command")),
        }
        Ok(true)
    }

    fn user_move<W: Write>(&mut self, text: &str, out: &Mutex<W>) -> Result<()> {
        let uci = read_move(&self.game, text).ok_or_else(|| anyhow!("not a move"))?;
        if self.game.outcome().is_some() {
            return Err(anyhow!("the game is over"));
        }
        if self.game.play_text(&uci).is_err() {
            say(out, &format!("Illegal move: {text}"));
            return Ok(());
        }
        self.announce(out);
        Ok(())
    }

    /// Says the result once the game is over.
    fn announce<W: Write>(&mut self, out: &Mutex<W>) {
        if let Some(o) = self.game.outcome() {
            let r = ashta_rules::chess::pgn::score_text(&o);
            say(out, &format!("{r} {{{}}}", o.reason));
            self.engine = None;
        }
    }

    /// During a ponder search, a line that plays the expected reply: the game goes on with
    /// it and the search becomes the real one (its clock starting now). False for any other
    /// line.
    fn ponder_hit<W: Write + Send + 'static>(&mut self, line: &str, out: &Arc<Mutex<W>>) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let text = match words[..] {
            ["usermove", m] => m,
            [m] if looks_like_move(m) => m,
            _ => return false,
        };
        let Some(t) = self.thinking.as_ref() else {
            return false;
        };
        let Some((expected, flag)) = t.pondering.clone() else {
            return false;
        };
        let hit = read_move(&self.game, text)
            .and_then(|uci| self.game.position().parse_move(&uci).ok())
            == Some(expected);
        if !hit {
            return false;
        }
        self.game.play(expected);
        self.announce(out);
        if let Some(t) = self.thinking.as_mut() {
            t.pondering = None;
        }
        flag.store(false, Ordering::Relaxed);
        if self.game.outcome().is_some() {
            self.finish(out, false);
        }
        true
    }

    /// Starts thinking on the reply the last search expects, if pondering is on.
    fn start_pondering<W: Write + Send + 'static>(
        &mut self,
        expected: Option<Move>,
        out: &Arc<Mutex<W>>,
    ) {
        let Some(reply) = expected else { return };
        if !self.ponder || self.analyzing || self.game.outcome().is_some() {
            return;
        }
        if !self.game.legal_moves().contains(&reply) {
            return;
        }
        let real = self.game.clone();
        self.game.play(reply);
        if self.game.outcome().is_none() {
            self.think_as(out, Some(reply));
        }
        self.game = real;
    }

    /// Starts thinking for the side to move.
    fn think<W: Write + Send + 'static>(&mut self, out: &Arc<Mutex<W>>) {
        self.think_as(out, None);
    }

    /// Starts thinking for the side to move; a ponder search when `reply` is the move it
    /// expects.
    fn think_as<W: Write + Send + 'static>(&mut self, out: &Arc<Mutex<W>>, reply: Option<Move>) {
        if self.game.outcome().is_some() {
            self.engine = None;
            self.analyzed = true;
            return;
        }
        let analyzing = self.analyzing;
        let mut lim = Limits {
            depth: self.depth,
            movetime: self.movetime,
            ..Limits::default()
        };
        if analyzing {
            lim = Limits {
                infinite: true,
                ..Limits::default()
            };
        } else if self.movetime.is_none() {
            lim.time_left = self.clock.or(Some(Duration::from_secs(5)));
            lim.increment = self.increment;
            lim.movestogo = self.mps.map(|mps| {
                let played = (self.game.moves().len() / 2) as u32;
                mps - played % mps
            });
        }
        let mut searcher = self.searcher.take().unwrap_or_else(|| Searcher::new(16));
        searcher.stop.store(false, Ordering::Relaxed);
        searcher.ponder.store(reply.is_some(), Ordering::Relaxed);
        let stop = Arc::clone(&searcher.stop);
        let ponder_flag = Arc::clone(&searcher.ponder);
        let thread_flag = Arc::clone(&searcher.ponder);
        let thread_stop = Arc::clone(&searcher.stop);
        let game = self.game.clone();
        let post = self.post || analyzing;
        let out = Arc::clone(out);
        let handle = std::thread::spawn(move || {
            let result = searcher.search(&game, &lim, |i| {
                if post && !i.pv.is_empty() {
                    let mut pos = game.position().clone();
                    let pv: Vec<String> =
                        i.pv.iter()
                            .map(|&m| {
                                let t = move_text(&pos, m);
                                pos.play_unchecked(m);
                                t
                            })
                            .collect();
                    // XBoard's mate scores: 100000 + N to mate in N, -100000 - N mated
                    let score = match i.mate {
                        Some(m) if m > 0 => 100_000 + m,
                        Some(m) => -100_000 + m,
                        None => i.score,
                    };
                    say(
                        &out,
                        &format!(
                            "{} {score} {} {} {}",
                            i.depth,
                            i.elapsed.as_millis() / 10,
                            i.nodes,
                            pv.join(" ")
                        ),
                    );
                }
            });
            // a ponder search answers only after the ponder hit (or its end)
            while thread_flag.load(Ordering::Relaxed) && !thread_stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            (searcher, result.best, result.ponder)
        });
        self.thinking = Some(Thinking {
            handle,
            stop,
            pondering: reply.map(|m| (m, ponder_flag)),
        });
    }

    /// Ends the search; with `play`, plays and sends its move.
    fn finish<W: Write + Send + 'static>(&mut self, out: &Arc<Mutex<W>>, play: bool) {
        let Some(t) = self.thinking.take() else {
            return;
        };
        t.stop.store(true, Ordering::Relaxed);
        let (searcher, best, expected) = t
            .handle
            .join()
            .unwrap_or_else(|_| (Searcher::new(16), None, None));
        self.searcher = Some(searcher);
        if !play {
            return;
        }
        match best {
            Some(m) => {
                let text = move_text(self.game.position(), m);
                self.game.play(m);
                say(out, &format!("move {text}"));
                self.announce(out);
                if self.engine.is_some() {
                    self.start_pondering(expected, out);
                }
            }
            None => self.announce(out),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::uci::tests::talk;

    /// A game as XBoard drives it: features, a variant, the engine answering a move with
    /// ranks from 0 on the ten-rank board, `ping` after the move, and a mate announced.
    #[test]
    fn an_xboard_session() {
        let out = talk("xboard\nprotover 2\nnew\nvariant xiangqi\nsd 3\nusermove h2e2\nping 7\n");
        assert!(out.contains("feature ") && out.contains("done=1"), "{out}");
        assert!(out.contains("xiangqi") && out.contains("shogi"), "{out}");
        let lines: Vec<&str> = out.lines().collect();
        let mv = lines
            .iter()
            .position(|l| l.starts_with("move "))
            .unwrap_or_else(|| panic!("no move: {out}"));
        let pong = lines.iter().position(|l| *l == "pong 7").expect("pong");
        assert!(pong > mv, "pong comes after the move: {out}");
        // Black's answer in XBoard's coordinates, a legal move after h3e3
        let text = lines[mv].trim_start_matches("move ");
        let v = ashta_rules::chess::variant("xiangqi", Some("fairy-stockfish"), &[]).unwrap();
        let mut g = ashta_rules::chess::ChessGame::new(v);
        g.play_text("h3e3").unwrap();
        let uci = crate::ucci::from_iccs(text).expect("a coordinate move");
        assert!(g.play_text(&uci).is_ok(), "{text}: {out}");

        let out = talk(
            "xboard\nprotover 2\nnew\nforce\nsetboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n\
             post\nsd 3\ngo\n",
        );
        assert!(out.contains("move a1a8"), "{out}");
        assert!(out.contains("1-0 {checkmate}"), "{out}");
        assert!(
            out.contains(" 100001 "),
            "a mate in 1 as XBoard writes it: {out}"
        );

        let out = talk("xboard\nnew\nusermove e2e5\nfrobnicate\nquit\n");
        assert!(out.contains("Illegal move: e2e5"), "{out}");
        assert!(out.contains("Error (unknown command): frobnicate"), "{out}");
    }

    /// Input that arrives a part at a time, each after its pause, as a GUI sends it.
    struct Timed(std::collections::VecDeque<(u64, Vec<u8>)>);

    impl std::io::Read for Timed {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let Some((pause, mut part)) = self.0.pop_front() else {
                return Ok(0);
            };
            std::thread::sleep(std::time::Duration::from_millis(pause));
            let n = part.len().min(buf.len());
            buf[..n].copy_from_slice(&part[..n]);
            if n < part.len() {
                self.0.push_front((0, part.split_off(n)));
            }
            Ok(n)
        }
    }

    use crate::uci::tests::Buffer;

    /// A part of the input made from the output so far.
    type Part = Box<dyn Fn(&str) -> String + Send>;

    /// Input whose parts are made from the output so far, each after its pause (a GUI
    /// answering what the engine said).
    struct Answering {
        parts: std::collections::VecDeque<(u64, Part)>,
        seen: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
        pending: Vec<u8>,
    }

    impl std::io::Read for Answering {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.pending.is_empty() {
                let Some((pause, part)) = self.parts.pop_front() else {
                    return Ok(0);
                };
                std::thread::sleep(std::time::Duration::from_millis(pause));
                let seen = String::from_utf8_lossy(&self.seen.lock().unwrap()).into_owned();
                self.pending = part(&seen).into_bytes();
            }
            let n = self.pending.len().min(buf.len());
            buf[..n].copy_from_slice(&self.pending[..n]);
            self.pending.drain(..n);
            Ok(n)
        }
    }

    /// Pondering as XBoard drives it (`hard`): after its move the engine thinks on the reply
    /// it expects (posting lines before any reply comes); that reply is a ponder hit and
    /// the engine answers it; `easy` stops pondering.
    #[test]
    fn an_xboard_game_with_pondering() {
        let buf = Buffer::default();
        let fixed = |t: &'static str| -> Box<dyn Fn(&str) -> String + Send> {
            Box::new(move |_| t.to_string())
        };
        // the reply the engine expects: the second move of its last line before its move
        let expected = |seen: &str| -> String {
            let lines: Vec<&str> = seen.lines().collect();
            let at = lines
                .iter()
                .rposition(|l| l.starts_with("move "))
                .unwrap_or(0);
            let reply = lines[..at]
                .iter()
                .rev()
                .find_map(|l| l.split_whitespace().nth(5))
                .unwrap_or("a7a6");
            format!("usermove {reply}\n")
        };
        let parts: Vec<(u64, Part)> = vec![
            (
                0,
                fixed("xboard\nprotover 2\nnew\nhard\npost\nst 0.3\nusermove e2e4\n"),
            ),
            (1200, Box::new(expected)),
            (1200, fixed("easy\nping 9\n")),
            (300, fixed("")),
        ];
        let input = Answering {
            parts: parts.into_iter().collect(),
            seen: std::sync::Arc::clone(&buf.0),
            pending: Vec::new(),
        };
        crate::uci::run(std::io::BufReader::new(input), buf.clone()).unwrap();
        let out = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        let moves: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with("move "))
            .collect();
        assert_eq!(moves.len(), 2, "two answers: {out}");
        // thinking lines after the first move: the ponder search, before any reply came
        assert!(
            lines[moves[0] + 1..moves[1]]
                .iter()
                .any(|l| l.starts_with("1 ")),
            "{out}"
        );
        // both answers legal in the game as it went
        let v = ashta_rules::chess::variant("chess", Some("fairy-stockfish"), &[]).unwrap();
        let mut g = ashta_rules::chess::ChessGame::new(v);
        g.play_text("e2e4").unwrap();
        let first = lines[moves[0]].trim_start_matches("move ");
        g.play_text(first).unwrap();
        let reply = expected(&lines[..moves[0] + 1].join("\n"));
        g.play_text(reply.trim().trim_start_matches("usermove "))
            .unwrap();
        let second = lines[moves[1]].trim_start_matches("move ");
        assert!(g.play_text(second).is_ok(), "{second}: {out}");
        assert!(out.contains("pong 9"), "{out}");
        // a ponder hit: the search went on, no new search began (one depth-1 line since
        // the first move)
        let restarts = lines[moves[0] + 1..moves[1]]
            .iter()
            .filter(|l| l.starts_with("1 "))
            .count();
        assert_eq!(restarts, 1, "{out}");
    }

    /// Analysis as XBoard runs it: `analyze` posts lines without playing, finds the mate,
    /// starts again after a move, answers `ping` while analysing, and `exit` ends it.
    #[test]
    fn an_xboard_analysis() {
        let parts = [
            (
                0,
                "xboard\nprotover 2\nforce\nsetboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\nanalyze\n",
            ),
            (600, "usermove a1a2\n.\nping 3\n"),
            (600, "exit\nping 4\n"),
            (200, ""),
        ];
        let input = Timed(
            parts
                .iter()
                .map(|&(p, t)| (p, t.as_bytes().to_vec()))
                .collect(),
        );
        let buf = Buffer::default();
        crate::uci::run(std::io::BufReader::new(input), buf.clone()).unwrap();
        let out = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        assert!(out.contains("analyze=1"), "{out}");
        assert!(out.contains(" 100001 "), "the mate in 1 posted: {out}");
        assert!(!out.contains("move "), "analysis plays no move: {out}");
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines.contains(&"pong 3"),
            "ping answered while analysing: {out}"
        );
        // after the first analysis's lines, that of the position after a1a2, where Black's
        // moves lead the lines (it may begin before or after the answer to `ping`)
        let first = lines
            .iter()
            .rposition(|l| l.contains(" 100001 "))
            .expect("the mate posted");
        assert!(
            lines[first..].iter().any(|l| l.starts_with("1 ")
                && l.split_whitespace()
                    .nth(4)
                    .is_some_and(|m| ["g8", "f7", "g7", "h7"].iter().any(|sq| m.starts_with(sq)))),
            "{out}"
        );
        assert!(out.contains("pong 4"), "{out}");
    }
}
