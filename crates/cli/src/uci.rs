//! `ashta uci`: the UCI protocol with Fairy-Stockfish's `UCI_Variant` convention.
//!
//! Supported: `uci`, `isready`, `setoption` (`UCI_Variant`, `Ruleset`, `RulesetOptions`),
//! `ucinewgame`, `position startpos|fen ... [moves ...]`, `go perft N`, `d`, `quit`.
//! A bad line is answered with `info string error: ...` and the engine keeps running.

use anyhow::Result;
use ashta_rules::chess::{perft, variant, ChessGame, Position, Variant, GAMES};
use std::io::{BufRead, Write};

struct Session {
    game: String,
    ruleset: String,
    options: Vec<String>,
    current: ChessGame,
}

impl Session {
    fn new() -> Session {
        let v = variant("asha", None, &[]).expect("asha exists");
        Session {
            game: "asha".into(),
            ruleset: "seed".into(),
            options: Vec::new(),
            current: ChessGame::new(v),
        }
    }

    fn variant(&self) -> Result<&'static Variant> {
        Ok(variant(&self.game, Some(&self.ruleset), &self.options)?)
    }

    fn reset(&mut self) -> Result<()> {
        self.current = ChessGame::new(self.variant()?);
        Ok(())
    }
}

fn variant_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
    names.extend(GAMES.iter().filter_map(|g| g.fsf));
    names
}

/// Runs the protocol until `quit` or end of input.
pub fn run(input: impl BufRead, mut out: impl Write) -> Result<()> {
    let mut s = Session::new();
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else { continue };
        let result = match cmd {
            "uci" => {
                writeln!(out, "id name Ashta {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the Ashta developers")?;
                let vars: String = variant_names()
                    .iter()
                    .map(|n| format!(" var {n}"))
                    .collect();
                writeln!(out, "option name UCI_Variant type combo default asha{vars}")?;
                writeln!(
                    out,
                    "option name Ruleset type combo default seed var seed var fairy-stockfish"
                )?;
                writeln!(
                    out,
                    "option name RulesetOptions type string default <empty>"
                )?;
                writeln!(out, "uciok")?;
                Ok(())
            }
            "isready" => {
                writeln!(out, "readyok")?;
                Ok(())
            }
            "ucinewgame" => s.reset(),
            "setoption" => setoption(&mut s, &words),
            "position" => position(&mut s, &words),
            "go" => go(&mut s, &words, &mut out),
            "d" => {
                writeln!(out, "{}", crate::play::board_text(s.current.position()))?;
                writeln!(out, "Fen: {}", s.current.position().fen())?;
                Ok(())
            }
            "quit" => break,
            _ => Err(anyhow::anyhow!("unknown command {cmd:?}")),
        };
        if let Err(e) = result {
            writeln!(out, "info string error: {e:#}")?;
        }
        out.flush()?;
    }
    Ok(())
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
        "uci_variant" => s.game = value.to_ascii_lowercase(),
        "ruleset" => s.ruleset = value.to_ascii_lowercase(),
        "rulesetoptions" => {
            s.options = value
                .split([',', ' '])
                .filter(|o| !o.is_empty() && *o != "<empty>")
                .map(String::from)
                .collect()
        }
        "hash" | "threads" | "ponder" | "multipv" => return Ok(()),
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

fn go(s: &mut Session, words: &[&str], out: &mut impl Write) -> Result<()> {
    if words.get(1) == Some(&"perft") {
        let depth: u32 = words
            .get(2)
            .and_then(|d| d.parse().ok())
            .ok_or_else(|| anyhow::anyhow!("expected: go perft <depth>"))?;
        let pos = s.current.position();
        let mut total = 0;
        for (m, n) in perft::divide(pos, depth.max(1)) {
            writeln!(out, "{}: {n}", pos.uci(m))?;
            total += n;
        }
        writeln!(out)?;
        writeln!(out, "Nodes searched: {total}")?;
        writeln!(out)?;
        return Ok(());
    }
    Err(anyhow::anyhow!(
        "only 'go perft N' is available in this version"
    ))
}

#[cfg(test)]
mod tests {
    use super::run;

    fn talk(input: &str) -> String {
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out).expect("protocol runs");
        String::from_utf8(out).expect("utf8")
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
