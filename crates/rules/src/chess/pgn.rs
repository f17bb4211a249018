//! Game records in PGN with the tags `[Variant]`, `[Ruleset]`, `[Options]` and `[FEN]`,
//! written in SAN and read back move by move, so a record replays exactly.

use super::fen::FenError;
use super::game::ChessGame;
use super::games::{variant, RulesetError};
use super::position::{MoveKind, Position};
use super::uci::MoveError;
use crate::game::Game;
use thiserror::Error;

/// What is wrong with a record.
#[derive(Debug, Error)]
pub enum PgnError {
    /// A tag line is malformed.
    #[error("line {line}: bad tag {text:?}: expected [Name \"value\"]")]
    Tag {
        /// Line number, from 1.
        line: usize,
        /// The text.
        text: String,
    },
    /// The variant, ruleset or options are unknown.
    #[error(transparent)]
    Ruleset(#[from] RulesetError),
    /// The `[FEN]` tag is not valid.
    #[error("bad [FEN] tag: {0}")]
    Fen(#[from] FenError),
    /// A move cannot be played.
    #[error("move {number} ({text:?}): {error}")]
    Move {
        /// Ply number, from 1.
        number: usize,
        /// The move text.
        text: String,
        /// Why.
        error: MoveError,
    },
    /// Unbalanced comment or variation.
    #[error("unclosed {0} in the moves")]
    Unclosed(&'static str),
}

/// A record read from PGN: its tags and the replayed game.
pub struct Record {
    /// Tags in order.
    pub tags: Vec<(String, String)>,
    /// The game, replayed to its last move.
    pub game: ChessGame,
}

impl Record {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

fn result_text(g: &ChessGame) -> &'static str {
    g.outcome().as_ref().map_or("*", score_text)
}

/// A two-player game's result as PGN writes it: `1-0`, `0-1` or `1/2-1/2`.
pub fn score_text(o: &crate::game::Outcome) -> &'static str {
    match o.winner() {
        Some(0) => "1-0",
        Some(_) => "0-1",
        None => "1/2-1/2",
    }
}

/// Writes a game as PGN. `extra` tags (Event, Site, players, dates) come first.
pub fn write(g: &ChessGame, extra: &[(&str, &str)]) -> String {
    write_ended(g, extra, None)
}

/// How a record writes its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Fairy-Stockfish's SAN (the default: what pychess and Fairy-Stockfish's tools read).
    San,
    /// WXF (Xiangqi: `C2.5`, `H8+7`), tagged `[Format "WXF"]`.
    Wxf,
    /// ICCS coordinates (Xiangqi: `H2-E2`), tagged `[Format "ICCS"]`.
    Iccs,
}

/// Writes a game as PGN with an ending the rules did not make (a resignation, a draw by
/// agreement) as its result and termination.
pub fn write_ended(
    g: &ChessGame,
    extra: &[(&str, &str)],
    ended: Option<&crate::game::Outcome>,
) -> String {
    write_in(g, extra, ended, Notation::San)
}

/// A tag pair's line, its value's quotes written as apostrophes (a tag's value holds none):
/// every tag the writer emits goes through here.
fn tag_line(key: &str, value: &str) -> String {
    format!("[{key} \"{}\"]\n", value.replace('"', "'"))
}

/// Writes a game as PGN, its moves in `notation`.
pub fn write_in(
    g: &ChessGame,
    extra: &[(&str, &str)],
    ended: Option<&crate::game::Outcome>,
    notation: Notation,
) -> String {
    let v = g.variant();
    let mut out = String::new();
    for (k, val) in extra {
        out += &tag_line(k, val);
    }
    // played by Fairy-Stockfish's rules, the game goes by its name there (`cambodian`,
    // `shoshogi`, `chess`), which pychess and Fairy-Stockfish's tools read
    let name = match super::games::find_game(v.spec.game) {
        Ok(g) if v.spec.ruleset == "fairy-stockfish" => g.fsf.unwrap_or(v.spec.game),
        _ => v.spec.game,
    };
    out += &tag_line("Variant", name);
    out += &tag_line("Ruleset", &v.spec.ruleset);
    if !v.spec.options.is_empty() {
        let opts: Vec<String> = v
            .spec
            .options
            .iter()
            .map(|(k, val)| format!("{k}={val}"))
            .collect();
        out += &tag_line("Options", &opts.join(" "));
    }
    let start = g.start_position();
    if start.fen() != Position::start(v).fen() {
        out += &tag_line("SetUp", "1");
        out += &tag_line("FEN", &start.fen());
    }
    match notation {
        Notation::San => {}
        Notation::Wxf => out += &tag_line("Format", "WXF"),
        Notation::Iccs => out += &tag_line("Format", "ICCS"),
    }
    let ending = g.outcome().or_else(|| ended.cloned());
    let result = ending.as_ref().map_or_else(|| result_text(g), score_text);
    out += &tag_line("Result", result);
    if let Some(o) = &ending {
        out += &tag_line("Termination", &o.reason);
    }
    out.push('\n');
    let mut pos = start.clone();
    let mut line = String::new();
    let mut number = start.fullmove_number();
    for (i, &m) in g.moves().iter().enumerate() {
        let white = pos.side_to_move() == crate::geometry::Color::White;
        if white || i == 0 {
            line += &format!("{number}{} ", if white { "." } else { "..." });
        }
        // in Senterej's Werera either side moves: the move's SAN is the mover's, and a
        // move the side to move could read as its own is written by its squares
        let mut text = None;
        if pos.simultaneous() && m.kind() != MoveKind::Drop {
            if let Some(p) = pos.piece_at(m.from()) {
                if p.color != pos.side_to_move() {
                    let turned = pos.with_side(p.color);
                    let san = turned.san(m);
                    text = Some(if pos.parse_move(&san).is_ok() {
                        turned.uci(m)
                    } else {
                        san
                    });
                    pos = turned;
                }
            }
        }
        line += &text.unwrap_or_else(|| match notation {
            Notation::San => pos.san(m),
            Notation::Wxf => pos.wxf(m),
            Notation::Iccs => {
                let t = pos.iccs(m).to_ascii_uppercase();
                format!("{}-{}", &t[..2], &t[2..])
            }
        });
        line.push(' ');
        let before = pos.side_to_move();
        pos.play_unchecked(m);
        if before == crate::geometry::Color::Black
            && pos.side_to_move() == crate::geometry::Color::White
        {
            number += 1;
        }
        if line.len() > 72 {
            out += line.trim_end();
            out.push('\n');
            line.clear();
        }
    }
    line += result;
    out += &line;
    out.push('\n');
    out
}

/// Reads a PGN record and replays its moves.
pub fn read(text: &str) -> Result<Record, PgnError> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('[') {
            let inner = line.strip_prefix('[').and_then(|l| l.strip_suffix(']'));
            let parsed = inner.and_then(|l| {
                let (name, rest) = l.split_once(char::is_whitespace)?;
                let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
                Some((name.to_string(), value.to_string()))
            });
            tags.push(parsed.ok_or_else(|| PgnError::Tag {
                line: i + 1,
                text: line.to_string(),
            })?);
        } else if !line.starts_with('%') {
            movetext += line;
            movetext.push('\n');
        }
    }
    let get = |n: &str| {
        tags.iter()
            .find(|(k, _)| k == n)
            .map(|(_, v): &(String, String)| v.clone())
    };
    // a record without a variant is of chess, as every PGN reader takes it
    let game_id = get("Variant").unwrap_or_else(|| "chess".into());
    let options: Vec<String> = get("Options")
        .map(|o| o.split_whitespace().map(String::from).collect())
        .unwrap_or_default();
    // a record without a ruleset comes from another program (Ashta always writes one): it
    // plays by Fairy-Stockfish's rules where Fairy-Stockfish knows the game, as that
    // program did
    let ruleset = get("Ruleset").or_else(|| {
        super::games::find_game(&game_id)
            .ok()
            .and_then(|g| g.fsf)
            .map(|_| "fairy-stockfish".to_string())
    });
    let v = variant(&game_id, ruleset.as_deref(), &options)?;
    let mut game = match get("FEN") {
        Some(fen) => ChessGame::from_position(Position::from_fen(v, &fen)?),
        None => ChessGame::new(v),
    };
    let iccs = get("Format").is_some_and(|f| f.eq_ignore_ascii_case("ICCS"));
    let forced = game.moves().len();
    let mut already: Vec<String> = {
        let mut p = game.start_position().clone();
        game.moves()
            .iter()
            .map(|&m| {
                let s = p.san(m);
                p.play_unchecked(m);
                s
            })
            .collect()
    };
    already.reverse();
    let mut number = 0;
    for token in tokens(&movetext)? {
        number += 1;
        if number <= forced {
            let expected = already.pop().unwrap_or_default();
            if token.trim_end_matches(['+', '#']) == expected.trim_end_matches(['+', '#']) {
                continue;
            }
        }
        // in Senterej's simultaneous Werera a move may be either side's: the side to move
        // first, then the other
        if iccs {
            let m = game
                .position()
                .parse_iccs(&token)
                .map_err(|error| PgnError::Move {
                    number,
                    text: token.clone(),
                    error,
                })?;
            game.play(m);
            continue;
        }
        let played = game.play_text(&token).or_else(|e| {
            if game.simultaneous() {
                let other = game.position().side_to_move().other();
                game.play_text_for(other, &token).map_err(|_| e)
            } else {
                Err(e)
            }
        });
        played.map_err(|error| PgnError::Move {
            number,
            text: token.clone(),
            error,
        })?;
    }
    Ok(Record { tags, game })
}

/// The move tokens of PGN movetext, without numbers, comments, variations, NAGs and result.
fn tokens(text: &str) -> Result<Vec<String>, PgnError> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut chars = text.chars().peekable();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<String>| {
        let w = std::mem::take(word);
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&w.as_str()) {
            return;
        }
        let w = if w.starts_with("0-0") {
            w.as_str()
        } else {
            w.trim_start_matches(|c: char| c.is_ascii_digit())
        };
        let w = w.trim_start_matches('.');
        let w = w.trim_end_matches(['!', '?']);
        if !w.is_empty() && !w.starts_with('$') && !["1-0", "0-1", "1/2-1/2", "*"].contains(&w) {
            out.push(w.to_string());
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut word, &mut out);
                if !chars.by_ref().any(|c| c == '}') {
                    return Err(PgnError::Unclosed("comment"));
                }
            }
            ';' => {
                flush(&mut word, &mut out);
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut word, &mut out);
                depth += 1;
            }
            ')' if depth > 0 => depth -= 1,
            c if c.is_whitespace() => {
                if depth == 0 {
                    flush(&mut word, &mut out);
                } else {
                    word.clear();
                }
            }
            c => {
                if depth == 0 {
                    word.push(c);
                }
            }
        }
    }
    if depth > 0 {
        return Err(PgnError::Unclosed("variation"));
    }
    flush(&mut word, &mut out);
    Ok(out)
}
