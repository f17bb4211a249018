//! `ashta uci`: the UCI protocol with Fairy-Stockfish's `UCI_Variant` convention.
//!
//! Supported: `uci`, `isready`, `setoption` (`UCI_Variant`, `Ruleset`, `RulesetOptions`,
//! `Hash`, `Threads`, `Level`), `ucinewgame`, `position startpos|fen ... [moves ...]`,
//! `go` with `depth`, `nodes`, `movetime`, `wtime`/`btime`/`winc`/`binc`/`movestogo`,
//! `byoyomi`, `infinite`, or `go perft N`; `stop`, `d`, `quit`. The search runs in its own
//! thread, so `stop` and `isready` are answered while it thinks. A bad line is answered with
//! `info string error: ...` and the engine keeps running.

use anyhow::Result;
use ashta_engine::{level_settings, Info, Limits, Searcher};
use ashta_rules::chess::{perft, variant, ChessGame, Position, Variant, GAMES};
use ashta_rules::geometry::Color;
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
    running: Option<(JoinHandle<Searcher>, Arc<AtomicBool>, bool)>,
    hash_mb: usize,
    level: u32,
    /// Speaking USI (the shogi games): SFEN positions and USI moves, `b` = the first player.
    usi: bool,
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
            level: 8,
            usi: false,
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
        self.join_search(true);
    }

    /// Waits for a running search; `stop` ends it at once (an infinite one always).
    fn join_search(&mut self, stop_now: bool) {
        if let Some((handle, stop, infinite)) = self.running.take() {
            if stop_now || infinite {
                stop.store(true, Ordering::Relaxed);
            }
            self.searcher = Some(
                handle
                    .join()
                    .unwrap_or_else(|_| Searcher::new(self.hash_mb)),
            );
        }
    }
}

fn variant_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
    names.extend(GAMES.iter().filter_map(|g| g.fsf));
    names
}

/// Runs the protocol until `quit` or end of input.
pub fn run<W: Write + Send + 'static>(input: impl BufRead, out: W) -> Result<()> {
    let out = Arc::new(Mutex::new(out));
    let mut s = Session::new();
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else { continue };
        if !matches!(cmd, "isready" | "uci") {
            s.finish_search();
        }
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
                     option name Level type spin default 8 min 1 max 8\nuciok",
                    env!("CARGO_PKG_VERSION")
                );
                say(&out, &text);
                Ok(())
            }
            "isready" => {
                say(&out, "readyok");
                Ok(())
            }
            "usi" => {
                s.usi = true;
                s.game = "shogi".into();
                let reset = s.reset();
                let text = format!(
                    "id name Ashta {}\nid author the Ashta developers\n\
                     option name USI_Variant type combo default shogi var shogi var sho-shogi var heian-shogi\n\
                     option name Level type spin default 8 min 1 max 8\nusiok",
                    env!("CARGO_PKG_VERSION")
                );
                say(&out, &text);
                reset
            }
            "ucinewgame" | "usinewgame" => {
                if let Some(se) = s.searcher.as_mut() {
                    se.clear();
                }
                s.reset()
            }
            "setoption" => setoption(&mut s, &words),
            "position" => position(&mut s, &words),
            "go" if words.get(1) == Some(&"perft") => go_perft(&s, &words, &out),
            "go" => go(&mut s, &words, Arc::clone(&out)),
            "stop" => Ok(()),
            "d" => {
                let p = s.current.position();
                say(
                    &out,
                    &format!("{}Fen: {}", crate::play::board_text(p), p.fen()),
                );
                Ok(())
            }
            "quit" => break,
            _ => Err(anyhow::anyhow!("unknown command {cmd:?}")),
        };
        if let Err(e) = result {
            say(&out, &format!("info string error: {e:#}"));
        }
    }
    // at the end of input a timed search finishes normally; an infinite one is stopped
    s.join_search(false);
    Ok(())
}

/// Writes a line (or lines) and flushes.
fn say<W: Write>(out: &Mutex<W>, text: &str) {
    let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(o, "{text}");
    let _ = o.flush();
}

fn setoption(s: &mut Session, words: &[&str]) -> Result<()> {
    let text = words[1..].join(" ");
    let rest = text
        .strip_prefix("name ")
        .ok_or_else(|| anyhow::anyhow!("expected: setoption name <id> value <x>"))?;
    let (name, value) = match rest.split_once(" value ") {
        Some((n, v)) => (n.trim(), v.trim()),
        None => (rest.trim(), ""),
    };
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
        "hash" => {
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
        "threads" | "ponder" | "multipv" => return Ok(()),
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
            let fen = words[2..moves_at].join(" ");
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
    for m in words.iter().skip(moves_at + 1) {
        game.play_text(m)
            .map_err(|e| anyhow::anyhow!("move {m}: {e}"))?;
    }
    s.current = game;
    Ok(())
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

/// Parses the limits of `go`.
fn limits(words: &[&str], side: Color, usi: bool) -> Result<Limits> {
    // in USI "b" (black, sente) is the first player: our White
    let side = if usi { side.other() } else { side };
    let mut l = Limits::default();
    let ms = Duration::from_millis;
    let mut i = 1;
    while i < words.len() {
        let w = words[i];
        if matches!(w, "infinite" | "ponder") {
            l.infinite |= w == "infinite";
            i += 1;
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
            _ => return Err(anyhow::anyhow!("unknown go parameter {w:?}")),
        }
        i += 2;
    }
    Ok(l)
}

fn info_line(game: &ChessGame, i: &Info, usi: bool) -> String {
    let score = match i.mate {
        Some(m) => format!("mate {m}"),
        None => format!("cp {}", i.score),
    };
    let ms = i.elapsed.as_millis().max(1);
    let mut pos: Position = game.position().clone();
    let pv: Vec<String> =
        i.pv.iter()
            .map(|&m| {
                let t = if usi { pos.usi(m) } else { pos.uci(m) };
                pos.play_unchecked(m);
                t
            })
            .collect();
    format!(
        "info depth {} score {score} nodes {} nps {} time {ms} pv {}",
        i.depth,
        i.nodes,
        i.nodes as u128 * 1000 / ms,
        pv.join(" ")
    )
}

fn go<W: Write + Send + 'static>(
    s: &mut Session,
    words: &[&str],
    out: Arc<Mutex<W>>,
) -> Result<()> {
    let mut lim = limits(words, s.current.position().side_to_move(), s.usi)?;
    let lim_infinite =
        lim.infinite || (lim.depth.is_none() && lim.nodes.is_none() && lim.budget().is_none());
    let mut searcher = s
        .searcher
        .take()
        .unwrap_or_else(|| Searcher::new(s.hash_mb));
    if s.level < 8 {
        let (depth, spread) = level_settings(s.level);
        lim.depth = Some(lim.depth.map_or(depth, |d| d.min(depth)));
        searcher.spread = spread;
    } else {
        searcher.spread = 0;
    }
    searcher.stop.store(false, Ordering::Relaxed);
    let stop = Arc::clone(&searcher.stop);
    let game = s.current.clone();
    let usi = s.usi;
    let handle = std::thread::spawn(move || {
        let result = searcher.search(&game, &lim, |info| say(&out, &info_line(&game, info, usi)));
        let best = result.best.map_or(
            if usi {
                "resign".to_string()
            } else {
                "0000".to_string()
            },
            |m| {
                if usi {
                    game.position().usi(m)
                } else {
                    game.position().uci(m)
                }
            },
        );
        say(&out, &format!("bestmove {best}"));
        searcher
    });
    s.running = Some((handle, stop, lim_infinite));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::run;

    #[derive(Clone, Default)]
    struct Buffer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Buffer {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn talk(input: &str) -> String {
        let buf = Buffer::default();
        run(input.as_bytes(), buf.clone()).expect("protocol runs");
        let bytes = buf.0.lock().unwrap().clone();
        String::from_utf8(bytes).expect("utf8")
    }

    #[test]
    fn go_finds_mate_and_answers_bestmove() {
        let out = talk("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\nisready\n");
        assert!(out.contains("bestmove a1a8"), "{out}");
        assert!(out.contains("score mate 1"), "{out}");
        assert!(out.contains("info depth 1 "), "{out}");
    }

    #[test]
    fn garbage_lines_never_stop_the_engine() {
        let mut input = String::new();
        let words = [
            "position",
            "fen",
            "startpos",
            "moves",
            "go",
            "perft",
            "setoption",
            "name",
            "value",
            "UCI_Variant",
            "xiangqi",
            "e2e4",
            "-1",
            "99999999999",
            "\u{1F600}",
            "[",
            "]",
            "depth",
            "movetime",
            "sfen",
            "usi",
        ];
        let mut seed = 12345u64;
        for _ in 0..300 {
            let mut line = Vec::new();
            for _ in 0..(seed % 6) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                line.push(words[(seed % words.len() as u64) as usize]);
            }
            seed = seed.wrapping_add(0x9E37_79B9);
            // keep searches short
            if line.first() == Some(&"go") && !line.contains(&"perft") {
                line = vec!["go", "depth", "1"];
            }
            if line.first() == Some(&"go") && line.contains(&"perft") {
                line = vec!["go", "perft", "1"];
            }
            input += &line.join(" ");
            input.push('\n');
        }
        input += "isready\n";
        let out = talk(&input);
        assert!(
            out.trim_end().ends_with("readyok") || out.contains("readyok"),
            "{out}"
        );
    }

    #[test]
    fn usi_for_shogi() {
        let out = talk("usi\nusinewgame\nposition startpos moves 7g7f 3c3d\ngo btime 1000 wtime 1000 byoyomi 100\nisready\n");
        assert!(out.contains("usiok"), "{out}");
        let best = out
            .lines()
            .find(|l| l.starts_with("bestmove "))
            .expect("a bestmove");
        let m = best.split_whitespace().nth(1).unwrap();
        assert!(
            m.as_bytes()[0].is_ascii_digit() || m.contains('*'),
            "a USI move: {best}"
        );
        let out = talk("usi\nposition sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\ngo depth 1\n");
        assert!(out.contains("bestmove "), "{out}");
    }

    #[test]
    fn go_movetime_and_stop() {
        let start = std::time::Instant::now();
        let out =
            talk("setoption name UCI_Variant value xiangqi\nposition startpos\ngo movetime 200\n");
        assert!(out.contains("bestmove "), "{out}");
        assert!(start.elapsed() < std::time::Duration::from_secs(10));
        let out = talk("position startpos\ngo infinite\nstop\n");
        assert_eq!(out.matches("bestmove").count(), 1, "{out}");
    }

    #[test]
    fn go_perft_prints_divide_then_total_like_fairy_stockfish() {
        let out = talk("setoption name UCI_Variant value makruk\nposition startpos moves a3a4\ngo perft 2\nquit\n");
        assert!(out.contains("a6a5: 24\n"), "{out}");
        assert!(out.contains("\nNodes searched: 575\n"), "{out}");
    }

    #[test]
    fn fsf_names_and_ruleset_option() {
        let out = talk(
            "setoption name UCI_Variant value chaturanga\nsetoption name Ruleset value fairy-stockfish\nposition startpos\ngo perft 4\n",
        );
        // Fairy-Stockfish's chaturanga: no king leap, so the same count as Shatranj
        assert!(out.contains("Nodes searched: 68122"), "{out}");
    }

    #[test]
    fn bad_lines_get_errors_and_the_engine_keeps_running() {
        let out = talk("position fen 8/8 w\nposition startpos moves e2e5\nfoo\nsetoption name UCI_Variant value nosuch\nisready\n");
        assert_eq!(out.matches("info string error:").count(), 4, "{out}");
        assert!(out.ends_with("readyok\n"), "{out}");
    }
}
