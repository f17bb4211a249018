//! `ashta uci`: the UCI protocol with Fairy-Stockfish's `UCI_Variant` convention (and USI
//! for the shogi games after `usi`, UCCI for Xiangqi after `ucci`, CECP after `xboard`).
//!
//! Supported: `uci`, `isready`, `setoption` (`UCI_Variant`, `Ruleset`, `RulesetOptions`,
//! `Hash`, `Threads`, `MultiPV`, `Ponder`, `Level`, `SearchParams`), `ucinewgame`,
//! `position startpos|fen|sfen ... [moves ...]`, `go` with `depth`, `nodes`, `movetime`,
//! `wtime`/`btime`/`winc`/`binc`/`movestogo`, `byoyomi`, `infinite`, `ponder`, or
//! `go perft N`; `stop`, `ponderhit`, `d`, `quit`. The search runs in its own thread: while
//! it runs, `stop`, `ponderhit`, `isready` and `quit` act at once and every other line waits
//! until it has answered `bestmove`. An infinite or ponder search answers only after `stop`
//! (or `ponderhit`). A bad line is answered with `info string error: ...` and the engine
//! keeps running.

use crate::ucci::Proto;
use anyhow::Result;
use ashta_engine::{apply_level, Info, Limits, Searcher};
use ashta_rules::chess::{perft, variant, ChessGame, Position, Variant, GAMES};
use ashta_rules::geometry::Color;
use ashta_rules::Game;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

struct Session {
    game: String,
    ruleset: String,
    options: Vec<String>,
    current: ChessGame,
    searcher: Option<Searcher>,
    running: Option<Running>,
    multipv: usize,
    params: ashta_engine::Params,
    /// A network file to evaluate with instead of the game's own (`EvalFile`).
    eval_file: Option<std::path::PathBuf>,
    hash_mb: usize,
    level: u32,
    /// The protocol spoken: UCI, or USI or UCCI once asked for.
    proto: Proto,
    /// UCCI's `banmoves`: root moves the next searches of this position leave out.
    banned: Vec<ashta_rules::chess::Move>,
}

impl Session {
    fn new() -> Session {
        let v = variant("asha", None, &[]).expect("asha exists");
        Session {
            game: "asha".into(),
            ruleset: "seed".into(),
            options: Vec::new(),
            current: ChessGame::new(v),
            searcher: Some(Searcher::new(16)),
            running: None,
            hash_mb: 16,
            multipv: 1,
            params: ashta_engine::Params::default(),
            eval_file: None,
            level: 8,
            proto: Proto::Uci,
            banned: Vec::new(),
        }
    }

    fn variant(&self) -> Result<&'static Variant> {
        Ok(variant(&self.game, Some(&self.ruleset), &self.options)?)
    }

    fn reset(&mut self) -> Result<()> {
        self.current = ChessGame::new(self.variant()?);
        Ok(())
    }

    /// Stops a running search and waits for it (the thread prints its bestmove).
    fn finish_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            r.ponder.store(false, Ordering::Relaxed);
            self.searcher = Some(
                r.handle
                    .join()
                    .unwrap_or_else(|_| Searcher::new(self.hash_mb)),
            );
        }
    }

    /// Collects a search that has answered.
    fn reap(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.handle.is_finished())
        {
            if let Some(r) = self.running.take() {
                self.searcher = Some(
                    r.handle
                        .join()
                        .unwrap_or_else(|_| Searcher::new(self.hash_mb)),
                );
            }
        }
    }
}

/// A search in its thread.
struct Running {
    handle: JoinHandle<Searcher>,
    stop: Arc<AtomicBool>,
    ponder: Arc<AtomicBool>,
    /// Whether it answers only after `stop` (infinite).
    endless: bool,
}

fn variant_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
    names.extend(GAMES.iter().filter_map(|g| g.fsf));
    names
}

/// Runs the protocol until `quit` or end of input.
pub fn run<W: Write + Send + 'static>(input: impl BufRead + Send + 'static, out: W) -> Result<()> {
    let out = Arc::new(Mutex::new(out));
    let mut s = Session::new();
    // lines are read in a thread of their own, so that a search can be stopped while
    // other lines wait their turn
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut queue: std::collections::VecDeque<String> = std::collections::VecDeque::new();
    let mut input_open = true;
    loop {
        s.reap();
        let line = if s.running.is_none() && !queue.is_empty() {
            queue.pop_front()
        } else if input_open {
            let wait = if s.running.is_some() {
                Duration::from_millis(5)
            } else {
                Duration::from_secs(3600)
            };
            match rx.recv_timeout(wait) {
                Ok(l) => {
                    let cmd = l.split_whitespace().next().unwrap_or("");
                    let at_once = matches!(cmd, "stop" | "ponderhit" | "isready" | "quit");
                    if s.running.is_some() && !at_once {
                        queue.push_back(l);
                        continue;
                    }
                    Some(l)
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => continue,
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    input_open = false;
                    continue;
                }
            }
        } else if s.running.is_some() {
            // at the end of input a timed search finishes; an endless one is stopped
            if let Some(r) = &s.running {
                if r.ponder.load(Ordering::Relaxed) || r.endless {
                    s.finish_search();
                }
            }
            std::thread::sleep(Duration::from_millis(5));
            continue;
        } else {
            break;
        };
        let Some(line) = line else { continue };
        if line.trim() == "xboard" && s.running.is_none() {
            // CECP from here on
            return crate::cecp::run(&rx, queue.into(), &out);
        }
        if !command(&mut s, &line, &out) {
            break;
        }
    }
    s.finish_search();
    Ok(())
}

/// Carries out one line; false on `quit`.
fn command<W: Write + Send + 'static>(s: &mut Session, line: &str, out: &Arc<Mutex<W>>) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(&cmd) = words.first() else {
        return true;
    };
    let result = match cmd {
        "uci" => {
            let vars: String = variant_names()
                .iter()
                .map(|n| format!(" var {n}"))
                .collect();
            let text = format!(
                "id name Ashta {}\nid author the Ashta developers\n\
                 option name UCI_Variant type combo default asha{vars}\n\
                 option name Ruleset type combo default seed var seed var fairy-stockfish\n\
                 option name RulesetOptions type string default <empty>\n\
                 option name Hash type spin default 16 min 1 max 4096\n\
                 option name Threads type spin default 1 min 1 max 1\n\
                 option name MultiPV type spin default 1 min 1 max 500\n\
                 option name Ponder type check default false\n\
                 option name Level type spin default 8 min 1 max 8\n\
                 option name SearchParams type string default <empty>\n\
                 option name EvalFile type string default <empty>\nuciok",
                env!("CARGO_PKG_VERSION")
            );
            say(out, &text);
            Ok(())
        }
        "isready" => {
            say(out, "readyok");
            Ok(())
        }
        "ucci" => {
            s.proto = Proto::Ucci;
            s.game = "xiangqi".into();
            let reset = s.reset();
            say(out, &crate::ucci::hello());
            reset
        }
        "usi" => {
            s.proto = Proto::Usi;
            s.game = "shogi".into();
            let reset = s.reset();
            let text = format!(
                "id name Ashta {}\nid author the Ashta developers\n\
                 option name USI_Variant type combo default shogi var shogi var sho-shogi var heian-shogi\n\
                 option name USI_Hash type spin default 16 min 1 max 4096\n\
                 option name USI_Ponder type check default false\n\
                 option name MultiPV type spin default 1 min 1 max 500\n\
                 option name Level type spin default 8 min 1 max 8\nusiok",
                env!("CARGO_PKG_VERSION")
            );
            say(out, &text);
            reset
        }
        "ucinewgame" | "usinewgame" => {
            if let Some(se) = s.searcher.as_mut() {
                se.clear();
            }
            s.reset()
        }
        "setoption" => setoption(s, &words),
        "position" => {
            s.banned.clear();
            position(s, &words)
        }
        "probe" if s.proto == Proto::Ucci => probe(s, &words, out),
        "banmoves" if s.proto == Proto::Ucci => words[1..]
            .iter()
            .map(|w| root_move(s, w))
            .collect::<Result<Vec<_>>>()
            .map(|banned| s.banned = banned),
        "go" if words.get(1) == Some(&"perft") => go_perft(s, &words, out),
        "go" => go(s, &words, Arc::clone(out)),
        "stop" => {
            s.finish_search();
            Ok(())
        }
        "ponderhit" => {
            if let Some(r) = &s.running {
                r.ponder.store(false, Ordering::Relaxed);
            }
            Ok(())
        }
        "gameover" => Ok(()),
        "eval" => {
            say(out, &eval_text(s));
            Ok(())
        }
        "d" => {
            let p = s.current.position();
            // where our rules end the game here (claims included), the result and why
            let result = match s.current.outcome() {
                Some(o) => format!(
                    "Result: {} ({})\n",
                    ashta_rules::chess::pgn::score_text(&o),
                    o.reason
                ),
                None => String::new(),
            };
            say(
                out,
                &format!("{}{result}Fen: {}", crate::play::board_text(p), p.fen()),
            );
            Ok(())
        }
        "quit" => {
            if s.proto == Proto::Ucci {
                s.finish_search();
                say(out, "bye");
            }
            return false;
        }
        _ => Err(anyhow::anyhow!("unknown command {cmd:?}")),
    };
    if let Err(e) = result {
        say(out, &format!("info string error: {e:#}"));
    }
    true
}

/// Writes a line (or lines) and flushes.
pub(crate) fn say<W: Write>(out: &Mutex<W>, text: &str) {
    let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(o, "{text}");
    let _ = o.flush();
}

fn setoption(s: &mut Session, words: &[&str]) -> Result<()> {
    let text = words[1..].join(" ");
    let (name, value) = if s.proto == Proto::Ucci && !text.starts_with("name ") {
        // UCCI: setoption <name> <value>
        let (n, v) = text.split_once(' ').unwrap_or((text.as_str(), ""));
        let n = match n.to_ascii_lowercase().as_str() {
            "hashsize" => "hash",
            "usemillisec" | "batch" | "debug" | "ponder" | "newgame" | "promotion" | "idle"
            | "style" | "randomness" | "knowledge" | "pruning" | "usebook" | "bookfiles"
            | "evalapi" | "loadbook" | "threads" | "drawmoves" | "repetition" => return Ok(()),
            _ => n,
        };
        (n.to_string(), v.trim().to_string())
    } else {
        let rest = text
            .strip_prefix("name ")
            .ok_or_else(|| anyhow::anyhow!("expected: setoption name <id> value <x>"))?;
        match rest.split_once(" value ") {
            Some((n, v)) => (n.trim().to_string(), v.trim().to_string()),
            None => (rest.trim().to_string(), String::new()),
        }
    };
    let (name, value) = (name.as_str(), value.as_str());
    let (game, ruleset, options) = (s.game.clone(), s.ruleset.clone(), s.options.clone());
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" | "usi_variant" => s.game = value.to_ascii_lowercase(),
        "ruleset" => s.ruleset = value.to_ascii_lowercase(),
        "rulesetoptions" => {
            s.options = value
                .split([',', ' '])
                .filter(|o| !o.is_empty() && *o != "<empty>")
                .map(String::from)
                .collect()
        }
        "multipv" => {
            s.multipv = value
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=500).contains(n))
                .ok_or_else(|| anyhow::anyhow!("MultiPV is 1 to 500"))?;
            return Ok(());
        }
        "searchparams" => {
            let mut params = ashta_engine::Params::default();
            for item in value
                .split([',', ' '])
                .filter(|x| !x.is_empty() && *x != "<empty>")
            {
                let (n, v) = item
                    .split_once('=')
                    .ok_or_else(|| anyhow::anyhow!("SearchParams is name=value,..."))?;
                params.set(n, v).map_err(|e| anyhow::anyhow!(e))?;
            }
            s.params = params;
            return Ok(());
        }
        "evalfile" => {
            s.eval_file = match value {
                "" | "<empty>" => None,
                path => {
                    let path = std::path::PathBuf::from(path);
                    std::fs::metadata(&path)
                        .map_err(|e| anyhow::anyhow!("EvalFile {}: {e}", path.display()))?;
                    Some(path)
                }
            };
            return Ok(());
        }
        "hash" | "usi_hash" => {
            s.hash_mb = value
                .parse::<usize>()
                .map_err(|_| anyhow::anyhow!("Hash takes megabytes"))?
                .clamp(1, 4096);
            s.searcher = Some(Searcher::new(s.hash_mb));
            return Ok(());
        }
        "level" => {
            s.level = value
                .parse::<u32>()
                .ok()
                .filter(|l| (1..=8).contains(l))
                .ok_or_else(|| anyhow::anyhow!("Level is 1 to 8"))?;
            return Ok(());
        }
        "threads" | "ponder" | "usi_ponder" => return Ok(()),
        _ => return Err(anyhow::anyhow!("unknown option {name:?}")),
    }
    if let Err(e) = s.reset() {
        (s.game, s.ruleset, s.options) = (game, ruleset, options);
        return Err(e);
    }
    Ok(())
}

fn position(s: &mut Session, words: &[&str]) -> Result<()> {
    let v = s.variant()?;
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let mut game = match words.get(1) {
        Some(&"startpos") => ChessGame::new(v),
        Some(&"fen") => {
            let mut fields: Vec<&str> = words[2..moves_at].to_vec();
            // UCCI GUIs may write Red to move as `r`
            if s.proto == Proto::Ucci && fields.get(1) == Some(&"r") {
                fields[1] = "w";
            }
            let fen = fields.join(" ");
            ChessGame::from_position(Position::from_fen(v, &fen)?)
        }
        Some(&"sfen") => {
            let sfen = words[2..moves_at].join(" ");
            ChessGame::from_position(Position::from_sfen(v, &sfen)?)
        }
        _ => {
            return Err(anyhow::anyhow!(
                "expected: position startpos|fen <fen> [moves ...]"
            ))
        }
    };
    // the moves up to a bad one are kept, and the bad one named
    let mut result = Ok(());
    for &m in words.iter().skip(moves_at + 1) {
        let converted = match s.proto {
            Proto::Ucci => crate::ucci::from_iccs(m),
            _ => None,
        };
        if let Err(e) = game.play_text_past_claims(converted.as_deref().unwrap_or(m)) {
            result = Err(anyhow::anyhow!(
                "move {m}: {e}; the position is the one before it"
            ));
            break;
        }
    }
    s.current = game;
    result
}

fn go_perft<W: Write>(s: &Session, words: &[&str], out: &Mutex<W>) -> Result<()> {
    let depth: u32 = words
        .get(2)
        .and_then(|d| d.parse().ok())
        .ok_or_else(|| anyhow::anyhow!("expected: go perft <depth>"))?;
    let pos = s.current.position();
    let mut text = String::new();
    let mut total = 0;
    for (m, n) in perft::divide(pos, depth.max(1)) {
        text += &format!("{}: {n}\n", pos.uci(m));
        total += n;
    }
    text += &format!("\nNodes searched: {total}\n");
    say(out, &text);
    Ok(())
}

/// Parses the limits of `go` (and whether it asks to ponder).
pub(crate) fn limits(words: &[&str], side: Color, proto: Proto) -> Result<(Limits, bool)> {
    // in USI "b" (black, sente) is the first player: our White
    let side = if proto == Proto::Usi {
        side.other()
    } else {
        side
    };
    let mut l = Limits::default();
    let ms = Duration::from_millis;
    let mut ponder = false;
    let mut i = 1;
    while i < words.len() {
        let w = words[i];
        if matches!(w, "infinite" | "ponder") || (proto == Proto::Ucci && w == "draw") {
            l.infinite |= w == "infinite";
            ponder |= w == "ponder";
            i += 1;
            continue;
        }
        if words.get(i + 1) == Some(&"infinite") && w == "depth" {
            // UCCI: go depth infinite
            l.infinite = true;
            i += 2;
            continue;
        }
        let n: u64 = words
            .get(i + 1)
            .and_then(|x| x.parse::<i64>().ok())
            .map(|x| x.max(0) as u64)
            .ok_or_else(|| anyhow::anyhow!("go {w} needs a number"))?;
        let (white, black) = (side == Color::White, side == Color::Black);
        match w {
            "depth" => l.depth = Some(n as u32),
            "nodes" => l.nodes = Some(n),
            "movetime" => l.movetime = Some(ms(n)),
            "wtime" if white => l.time_left = Some(ms(n)),
            "btime" if black => l.time_left = Some(ms(n)),
            "winc" if white => l.increment = ms(n),
            "binc" if black => l.increment = ms(n),
            "wtime" | "btime" | "winc" | "binc" => {}
            "movestogo" => l.movestogo = Some(n as u32),
            "byoyomi" => l.byoyomi = Some(ms(n)),
            // UCCI: the side to move's clock, and the opponent's (not needed)
            "time" if proto == Proto::Ucci => l.time_left = Some(ms(n)),
            "increment" if proto == Proto::Ucci => l.increment = ms(n),
            "opptime" | "oppincrement" | "oppmovestogo" if proto == Proto::Ucci => {}
            _ => return Err(anyhow::anyhow!("unknown go parameter {w:?}")),
        }
        i += 2;
    }
    Ok((l, ponder))
}

/// UCCI's `probe`: what the hash table holds for a position given as `position` gives
/// it (`probe fen ... moves ...` or `probe startpos ...`), as `pophash [bestmove M]
/// [lowerbound|upperbound V depth D]` (an exact score as both bounds).
fn probe<W: Write>(s: &mut Session, words: &[&str], out: &Mutex<W>) -> Result<()> {
    if s.running.is_some() {
        return Err(anyhow::anyhow!("probe waits until the search ends"));
    }
    let current = s.current.clone();
    let mut as_position = vec!["position"];
    as_position.extend_from_slice(&words[1..]);
    let read = position(s, &as_position);
    let pos = std::mem::replace(&mut s.current, current);
    read?;
    let mut line = "pophash".to_string();
    if let Some(e) = s.searcher.as_ref().and_then(|se| se.probe(pos.position())) {
        if let Some(m) = e.best {
            line += &format!(" bestmove {}", move_text(pos.position(), m, s.proto));
        }
        use ashta_engine::tt::Bound;
        if matches!(e.bound, Bound::Lower | Bound::Exact) {
            line += &format!(" lowerbound {} depth {}", e.score, e.depth);
        }
        if matches!(e.bound, Bound::Upper | Bound::Exact) {
            line += &format!(" upperbound {} depth {}", e.score, e.depth);
        }
    }
    say(out, &line);
    Ok(())
}

/// A legal move of the current position, in the session's protocol.
fn root_move(s: &Session, text: &str) -> Result<ashta_rules::chess::Move> {
    let converted = match s.proto {
        Proto::Ucci => crate::ucci::from_iccs(text),
        _ => None,
    };
    s.current
        .position()
        .parse_move(converted.as_deref().unwrap_or(text))
        .map_err(|e| anyhow::anyhow!("{text}: {e}"))
}

/// A move as the session's protocol writes it.
fn move_text(pos: &Position, m: ashta_rules::chess::Move, proto: Proto) -> String {
    match proto {
        Proto::Uci => pos.uci(m),
        Proto::Usi => pos.usi(m),
        Proto::Ucci => crate::ucci::to_iccs(&pos.uci(m)),
    }
}

fn info_line(game: &ChessGame, i: &Info, proto: Proto) -> String {
    let mut score = match i.mate {
        Some(m) => format!("mate {m}"),
        None => format!("cp {}", i.score),
    };
    match i.bound {
        Some(ashta_engine::tt::Bound::Lower) => score += " lowerbound",
        Some(ashta_engine::tt::Bound::Upper) => score += " upperbound",
        _ => {}
    }
    let ms = i.elapsed.as_millis();
    let mut pos: Position = game.position().clone();
    let pv: Vec<String> =
        i.pv.iter()
            .map(|&m| {
                let t = move_text(&pos, m, proto);
                pos.play_unchecked(m);
                t
            })
            .collect();
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} hashfull {} time {ms}",
        i.depth,
        i.seldepth,
        i.multipv,
        i.nodes,
        i.nodes as u128 * 1000 / ms.max(1),
        i.hashfull,
    );
    if !pv.is_empty() {
        line += " pv ";
        line += &pv.join(" ");
    }
    line
}

fn go<W: Write + Send + 'static>(
    s: &mut Session,
    words: &[&str],
    out: Arc<Mutex<W>>,
) -> Result<()> {
    // `searchmoves` takes the moves after it, up to the next parameter
    const PARAMETERS: [&str; 17] = [
        "depth",
        "nodes",
        "movetime",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "byoyomi",
        "infinite",
        "ponder",
        "time",
        "increment",
        "opptime",
        "oppincrement",
        "oppmovestogo",
        "draw",
    ];
    let (mut rest, mut chosen, mut in_moves) = (Vec::new(), Vec::new(), false);
    for &w in words {
        if w == "searchmoves" {
            in_moves = true;
        } else if in_moves && !PARAMETERS.contains(&w) {
            chosen.push(root_move(s, w)?);
        } else {
            in_moves = false;
            rest.push(w);
        }
    }
    let (mut lim, ponder) = limits(&rest, s.current.position().side_to_move(), s.proto)?;
    lim.searchmoves = chosen;
    if lim.searchmoves.is_empty() && !s.banned.is_empty() {
        lim.searchmoves = s
            .current
            .position()
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| !s.banned.contains(m))
            .collect();
    }
    let endless =
        lim.infinite || (lim.depth.is_none() && lim.nodes.is_none() && lim.budget().is_none());
    let mut searcher = s
        .searcher
        .take()
        .unwrap_or_else(|| Searcher::new(s.hash_mb));
    apply_level(s.level, &mut lim, &mut searcher);
    searcher.multipv = s.multipv;
    searcher.params = s.params;
    searcher.net_override = match eval_file_net(s) {
        Some(Ok(net)) => Some(net),
        Some(Err(e)) => {
            let text = format!("info string EvalFile: {e}; the game's own evaluation plays");
            say(&out, &text);
            None
        }
        None => None,
    };
    searcher.stop.store(false, Ordering::Relaxed);
    searcher.ponder.store(ponder, Ordering::Relaxed);
    let stop = Arc::clone(&searcher.stop);
    let ponder_flag = Arc::clone(&searcher.ponder);
    let game = s.current.clone();
    let proto = s.proto;
    let currmove_out = Arc::clone(&out);
    let currmove_game = game.clone();
    searcher.on_currmove = Some(Box::new(move |depth, m, n| {
        let pos = currmove_game.position();
        let text = move_text(pos, m, proto);
        say(
            &currmove_out,
            &format!("info depth {depth} currmove {text} currmovenumber {n}"),
        );
    }));
    let thread_stop = Arc::clone(&stop);
    let thread_ponder = Arc::clone(&ponder_flag);
    let handle = std::thread::Builder::new()
        .name("ashta-search".into())
        .stack_size(16 << 20)
        .spawn(move || {
            let result = searcher.search(&game, &lim, |info| {
                say(&out, &info_line(&game, info, proto))
            });
            // an endless or ponder search answers only when told to
            while (endless || thread_ponder.load(Ordering::Relaxed))
                && !thread_stop.load(Ordering::Relaxed)
            {
                std::thread::sleep(Duration::from_millis(2));
                if !endless && !thread_ponder.load(Ordering::Relaxed) {
                    break;
                }
            }
            let text = |m| move_text(game.position(), m, proto);
            let line = match (result.best, result.ponder) {
                (Some(b), Some(p)) => format!("bestmove {} ponder {}", text(b), text(p)),
                (Some(b), None) => format!("bestmove {}", text(b)),
                (None, _) if proto == Proto::Ucci => "nobestmove".to_string(),
                (None, _) if proto == Proto::Usi => {
                    let won = result.info.score > 0;
                    format!("bestmove {}", if won { "win" } else { "resign" })
                }
                (None, _) => "bestmove (none)".to_string(),
            };
            say(&out, &line);
            searcher.on_currmove = None;
            searcher
        })?;
    s.running = Some(Running {
        handle,
        stop,
        ponder: ponder_flag,
        endless,
    });
    Ok(())
}

/// The network of the `EvalFile` option for the present game, if the option is set, or
/// why that file cannot serve.
fn eval_file_net(s: &Session) -> Option<Result<&'static ashta_engine::nnue::Net, String>> {
    let path = s.eval_file.as_ref()?;
    Some(ashta_engine::nnue::load(
        s.current.position().variant(),
        path,
    ))
}

/// The `eval` command's answer: the position's static evaluation, the network's (the
/// `EvalFile` one if set) and the learned linear model's, each for the side to move and
/// for White, in centipawns.
fn eval_text(s: &Session) -> String {
    let p = s.current.position();
    let white = |v: i32| {
        if p.side_to_move() == Color::White {
            v
        } else {
            -v
        }
    };
    let mut lines = Vec::new();
    let net = match eval_file_net(s) {
        Some(read) => read.map_err(|e| lines.push(format!("info string EvalFile: {e}"))),
        None => ashta_engine::nnue::Net::of(p.variant()).ok_or(()),
    };
    if let Ok(net) = net {
        let v = net.evaluate(p);
        lines.push(format!("Network: {v} (side to move), {} (White)", white(v)));
    }
    let v = ashta_engine::eval::evaluate(p);
    lines.push(format!("Linear: {v} (side to move), {} (White)", white(v)));
    lines.join("\n")
}

#[cfg(test)]
#[path = "uci_tests.rs"]
pub(crate) mod tests;
