//! CSA, the shogi record format of the Computer Shogi Association (what shogi servers,
//! Floodgate and most shogi engines exchange): moves as `+7776FU` (side, from, to, the
//! piece after the move), drops from `00`, a start position as `PI` (the usual start, with
//! handicap squares emptied: `PI82HI22KA`) or nine `P1`..`P9` board lines with `P+`/`P-`
//! pieces in hand. Comments (`'`), names (`N+`), times (`T12`), the version and `$` lines
//! are read over; `%TORYO` and the other `%` endings end the moves.

use super::game::ChessGame;
use super::position::{Move, MoveKind, Position};
use super::uci::MoveError;
use super::variant::{Kind, Variant};
use crate::game::Game;
use crate::geometry::{Color, Square};

/// The CSA name of a shogi piece, by its id.
fn code(id: &str) -> Option<&'static str> {
    Some(match id {
        "pawn" => "FU",
        "lance" => "KY",
        "knight" => "KE",
        "silver" => "GI",
        "gold" => "KI",
        "bishop" => "KA",
        "rook" => "HI",
        "king" => "OU",
        "tokin" => "TO",
        "promoted-lance" => "NY",
        "promoted-knight" => "NK",
        "promoted-silver" => "NG",
        "dragon-horse" => "UM",
        "dragon-king" => "RY",
        _ => return None,
    })
}

/// The type of a CSA piece name in variant `v`.
fn kind_of(v: &Variant, name: &str) -> Option<Kind> {
    (0..v.kinds() as Kind).find(|&k| code(v.piece(k).id) == Some(name))
}

impl Position {
    /// A square as CSA numbers it: file from the right, rank from the top, each from 1.
    fn csa_square(&self, sq: Square) -> String {
        let s = self.variant().shape();
        format!("{}{}", s.files - sq.file(), s.ranks - sq.rank())
    }

    fn parse_csa_square(&self, t: &str) -> Option<Square> {
        let s = self.variant().shape();
        let b = t.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let (f, r) = (
            (b[0] as char).to_digit(10)? as u8,
            (b[1] as char).to_digit(10)? as u8,
        );
        if !(1..=s.files).contains(&f) || !(1..=s.ranks).contains(&r) {
            return None;
        }
        Square::new(s.files - f, s.ranks - r)
    }

    /// A legal move in CSA form (`+7776FU`, `-0055KA`, `+8822UM`).
    pub fn csa(&self, m: Move) -> String {
        let v = self.variant();
        let sign = if self.side_to_move() == Color::White {
            '+'
        } else {
            '-'
        };
        let (from, kind) = match m.kind() {
            MoveKind::Drop => ("00".to_string(), m.piece()),
            MoveKind::Promotion => (self.csa_square(m.from()), m.piece()),
            _ => match self.piece_at(m.from()) {
                Some(p) => (self.csa_square(m.from()), p.kind),
                None => return self.uci(m),
            },
        };
        let name = code(v.piece(kind).id).unwrap_or("??");
        format!("{sign}{from}{}{name}", self.csa_square(m.to()))
    }

    /// Reads a CSA move (with or without its side sign) and checks it is legal.
    pub fn parse_csa(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        let body = t.strip_prefix(['+', '-']).unwrap_or(t);
        let well_formed = body.len() == 6
            && body.is_ascii()
            && (body.starts_with("00") || self.parse_csa_square(&body[..2]).is_some())
            && self.parse_csa_square(&body[2..4]).is_some()
            && kind_of(self.variant(), &body[4..]).is_some();
        if !well_formed {
            return Err(MoveError::Malformed(text.to_string()));
        }
        let side_ok = match t.chars().next() {
            Some('+') => self.side_to_move() == Color::White,
            Some('-') => self.side_to_move() == Color::Black,
            _ => true,
        };
        let found = self
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| self.csa(m)[1..] == *body);
        match found {
            Some(m) if side_ok => Ok(m),
            _ => Err(MoveError::Illegal {
                text: text.to_string(),
                hint: String::new(),
            }),
        }
    }
}

/// Writes a shogi game as a CSA record (version 2.2).
pub fn write(g: &ChessGame) -> String {
    let start = g.start_position();
    let mut out = String::from("V2.2\nN+\nN-\n");
    if start.fen() == Position::start(g.variant()).fen() {
        out += "PI\n";
    } else {
        out += &board_lines(start);
    }
    out += if start.side_to_move() == Color::White {
        "+\n"
    } else {
        "-\n"
    };
    let mut pos = start.clone();
    for &m in g.moves() {
        out += &pos.csa(m);
        out.push('\n');
        pos.play_unchecked(m);
    }
    if let Some(o) = g.outcome() {
        out += match o.reason.as_str() {
            r if r.contains("repetition") => "%SENNICHITE\n",
            r if r.contains("impasse") => "%JISHOGI\n",
            _ => "%TSUMI\n",
        };
    }
    out
}

/// The nine board lines and the hands of a position.
fn board_lines(pos: &Position) -> String {
    let v = pos.variant();
    let s = v.shape();
    let mut out = String::new();
    for r in (0..s.ranks).rev() {
        out += &format!("P{}", s.ranks - r);
        for f in 0..s.files {
            let cell = Square::new(f, r).and_then(|sq| pos.piece_at(sq)).map(|p| {
                let sign = if p.color == Color::White { '+' } else { '-' };
                format!("{sign}{}", code(v.piece(p.kind).id).unwrap_or("??"))
            });
            out += cell.as_deref().unwrap_or(" * ");
        }
        out.push('\n');
    }
    for (c, sign) in [(Color::White, '+'), (Color::Black, '-')] {
        let mut hand = String::new();
        for k in 0..v.kinds() as Kind {
            for _ in 0..pos.in_hand(c, k) {
                hand += &format!("00{}", code(v.piece(k).id).unwrap_or("??"));
            }
        }
        if !hand.is_empty() {
            out += &format!("P{sign}{hand}\n");
        }
    }
    out
}

/// What is wrong with a shogi record (CSA or KIF).
#[derive(Debug, thiserror::Error)]
pub enum ShogiRecordError {
    /// A line of the start position is malformed.
    #[error("line {line}: {text:?}: {why}")]
    Position {
        /// Line number, from 1.
        line: usize,
        /// The text.
        text: String,
        /// What is wrong.
        why: String,
    },
    /// A move cannot be played.
    #[error("move {number} ({text:?}): {error}")]
    Move {
        /// The record's move number, from 1.
        number: usize,
        /// The text.
        text: String,
        /// Why.
        error: MoveError,
    },
}

/// What is wrong with a CSA record.
pub type CsaError = ShogiRecordError;

/// A shogi record's set-up start: its squares (rank by rank from the top, each file from
/// the left, pieces as FEN letters), the hands' FEN letters and the side to move; a
/// position the rules refuse is named with the record's `line`.
pub(crate) fn set_up_game(
    v: &'static Variant,
    cells: &[Option<String>],
    hands: &[String; 2],
    side: Color,
    line: usize,
) -> Result<ChessGame, ShogiRecordError> {
    let s = v.shape();
    let bad = |text: &str, why: &str| ShogiRecordError::Position {
        line,
        text: text.to_string(),
        why: why.to_string(),
    };
    if cells.len() != (s.files * s.ranks) as usize {
        return Err(bad("", "the board needs nine rows of nine squares"));
    }
    let fen = format!(
        "{}[{}{}] {} - - 0 1",
        board_fen(cells, s.files as usize),
        hands[0],
        hands[1],
        if side == Color::White { 'w' } else { 'b' }
    );
    Position::from_fen(v, &fen)
        .map(ChessGame::from_position)
        .map_err(|e| bad(&fen, &e.to_string()))
}

/// A board's FEN from its squares (rank by rank from the top, each file from the left):
/// pieces as FEN letters, runs of empty squares as numbers.
fn board_fen(cells: &[Option<String>], files: usize) -> String {
    let rows: Vec<String> = cells
        .chunks(files.max(1))
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            text += &empty.to_string();
                            empty = 0;
                        }
                        text += p;
                    }
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            text
        })
        .collect();
    rows.join("/")
}

/// Reads a CSA record of a game of variant `v` (Shogi) and replays its moves.
pub fn read(v: &'static Variant, text: &str) -> Result<ChessGame, CsaError> {
    let s = v.shape();
    let mut board: Vec<Option<String>> = Vec::new();
    let mut hands = [String::new(), String::new()];
    let mut side = Color::White;
    let mut game: Option<ChessGame> = None;
    let mut number = 0;
    let bad = |line: usize, text: &str, why: &str| CsaError::Position {
        line,
        text: text.to_string(),
        why: why.to_string(),
    };
    // the start position, built from PI or the board lines once the moves begin
    let start = |board: &[Option<String>], hands: &[String; 2], side: Color, line: usize| {
        if board.is_empty() {
            return Ok(ChessGame::new(v));
        }
        set_up_game(v, board, hands, side, line)
    };
    let letter = |name: &str, c: Color| -> Option<String> {
        let k = kind_of(v, name)?;
        Some(v.fen_text(k, c))
    };
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        for line in raw.split(',') {
            let line = line.trim();
            if line.is_empty() || line.starts_with(['\'', 'V', 'N', '$', 'T']) {
                continue;
            }
            if line.starts_with('%') {
                return game.map_or_else(|| start(&board, &hands, side, n), Ok);
            }
            if let Some(rest) = line.strip_prefix("PI") {
                let base = Position::start(v);
                let mut cells: Vec<Option<String>> = Vec::new();
                for r in (0..s.ranks).rev() {
                    for f in 0..s.files {
                        let p = Square::new(f, r).and_then(|sq| base.piece_at(sq));
                        cells.push(p.map(|p| v.fen_text(p.kind, p.color)));
                    }
                }
                // handicap: squares emptied, each as its square and piece name
                for chunk in rest.as_bytes().chunks(4) {
                    let t = std::str::from_utf8(chunk).unwrap_or("");
                    let sq = base
                        .parse_csa_square(t.get(..2).unwrap_or(""))
                        .ok_or_else(|| bad(n, line, "a handicap is a square and a piece"))?;
                    let idx =
                        (s.ranks - 1 - sq.rank()) as usize * s.files as usize + sq.file() as usize;
                    cells[idx] = None;
                }
                board = cells;
                continue;
            }
            if let Some(rest) = line.strip_prefix("P+").or_else(|| line.strip_prefix("P-")) {
                let c = if line.starts_with("P+") {
                    Color::White
                } else {
                    Color::Black
                };
                for chunk in rest.as_bytes().chunks(4) {
                    let t = std::str::from_utf8(chunk).unwrap_or("");
                    let p = t
                        .get(2..)
                        .and_then(|name| letter(name, c))
                        .filter(|_| t.starts_with("00"))
                        .ok_or_else(|| bad(n, line, "pieces in hand are 00 and a piece name"))?;
                    hands[c.index()] += &p;
                }
                continue;
            }
            if let Some(rest) = line.strip_prefix('P') {
                let r = rest
                    .chars()
                    .next()
                    .and_then(|d| d.to_digit(10))
                    .filter(|d| (1..=u32::from(s.ranks)).contains(d))
                    .ok_or_else(|| bad(n, line, "a board line is P1 to P9"))?;
                if board.len() != (r as usize - 1) * s.files as usize {
                    return Err(bad(n, line, "the board lines go P1 to P9 in order"));
                }
                let cells = &rest[1..];
                for f in 0..s.files as usize {
                    let cell = cells.get(f * 3..f * 3 + 3).unwrap_or(" * ");
                    board.push(match cell {
                        " * " => None,
                        c if c.starts_with('+') || c.starts_with('-') => {
                            let color = if c.starts_with('+') {
                                Color::White
                            } else {
                                Color::Black
                            };
                            Some(
                                letter(&c[1..], color)
                                    .ok_or_else(|| bad(n, line, "unknown piece"))?,
                            )
                        }
                        _ => return Err(bad(n, line, "a square is ' * ' or a sign and a piece")),
                    });
                }
                continue;
            }
            if line == "+" || line == "-" {
                side = if line == "+" {
                    Color::White
                } else {
                    Color::Black
                };
                continue;
            }
            let g = match game.as_mut() {
                Some(g) => g,
                None => game.insert(start(&board, &hands, side, n)?),
            };
            number += 1;
            let m = g
                .position()
                .parse_csa(line)
                .map_err(|error| CsaError::Move {
                    number,
                    text: line.to_string(),
                    error,
                })?;
            g.play(m);
        }
    }
    game.map_or_else(|| start(&board, &hands, side, 0), Ok)
}
