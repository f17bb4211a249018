//! Moves in Fairy-Stockfish's UCI form: `e2e4`, `e7e8q`, `P@e4`, `h10g8`, castling as
//! the king's move (`e1g1`), promotion in place as `f5f5f`, a pass as the king to its
//! own square.

use super::position::{Move, MoveKind, Position};
use crate::geometry::{Color, Square};
use thiserror::Error;

/// Why a move text was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in any notation we read.
    #[error(
        "{0:?} is not a move: expected coordinates such as e2e4, e7e8q or N@e4, or SAN such as Nf3"
    )]
    Malformed(String),
    /// The text is a well-formed move that is not legal here.
    #[error("{text:?} is not legal here{hint}")]
    Illegal {
        /// The text.
        text: String,
        /// Why, if known.
        hint: String,
    },
    /// SAN that fits several legal moves.
    #[error("{0:?} is ambiguous: it fits {1}")]
    Ambiguous(String, String),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

impl Position {
    /// The UCI text of a move in this position.
    pub fn uci(&self, m: Move) -> String {
        let v = self.v;
        match m.kind() {
            MoveKind::Drop => {
                format!(
                    "{}@{}",
                    v.piece(m.piece()).letter.to_ascii_uppercase(),
                    m.to()
                )
            }
            MoveKind::Promotion if v.piece(m.piece()).promoted => {
                format!("{}{}+", m.from(), m.to())
            }
            MoveKind::Promotion => format!("{}{}{}", m.from(), m.to(), v.piece(m.piece()).letter),
            MoveKind::Arrange => format!("arrange-{}", arrangement_name(m.piece())),
            MoveKind::Declare => "declare".to_string(),
            _ => format!("{}{}", m.from(), m.to()),
        }
    }

    /// The move in ICCS form, the coordinates of Chinese chess programs and UCCI (`h2e2`:
    /// files `a` to `i`, ranks `0` to `9` from Red's side).
    pub fn iccs(&self, m: Move) -> String {
        let sq = |s: Square| format!("{}{}", (b'a' + s.file()) as char, s.rank());
        format!("{}{}", sq(m.from()), sq(m.to()))
    }

    /// Reads a move in ICCS form (`h2e2`, or `H2-E2` as PGN files of the Chinese programs
    /// write it) and checks it is legal.
    pub fn parse_iccs(&self, text: &str) -> Result<Move, MoveError> {
        let t: String = text
            .trim()
            .chars()
            .filter(|&c| c != '-')
            .collect::<String>()
            .to_ascii_lowercase();
        let s = self.v.shape();
        let square = |f: u8, r: u8| {
            let (f, r) = (f.wrapping_sub(b'a'), r.wrapping_sub(b'0'));
            (f < s.files && r < s.ranks && r <= 9)
                .then(|| Square::new(f, r))
                .flatten()
        };
        let b = t.as_bytes();
        let (Some(from), Some(to)) = (
            (b.len() == 4).then(|| square(b[0], b[1])).flatten(),
            (b.len() == 4).then(|| square(b[2], b[3])).flatten(),
        ) else {
            return Err(MoveError::Malformed(text.to_string()));
        };
        self.legal_moves()
            .iter()
            .copied()
            .find(|m| m.kind() != MoveKind::Drop && m.from() == from && m.to() == to)
            .ok_or_else(|| MoveError::Illegal {
                text: text.to_string(),
                hint: String::new(),
            })
    }

    /// Reads a move in UCI form and checks it is legal.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        if !looks_like_uci(t) {
            return Err(MoveError::Malformed(text.to_string()));
        }
        let legal = self.legal_moves();
        if let Some(&m) = legal.iter().find(|&&m| self.uci(m) == t) {
            return Ok(m);
        }
        Err(MoveError::Illegal {
            text: t.to_string(),
            hint: self.illegal_hint(t),
        })
    }

    fn illegal_hint(&self, t: &str) -> String {
        let Some(from) = Square::parse(t.get(..2).unwrap_or(""))
            .or_else(|| Square::parse(t.get(..3).unwrap_or("")))
        else {
            return String::new();
        };
        match self.piece_at(from) {
            None if !t.contains('@') => format!(": there is no piece on {from}"),
            Some(p) if p.color != self.side => {
                format!(
                    ": the piece on {from} is {}'s",
                    if p.color == Color::White {
                        "White"
                    } else {
                        "Black"
                    }
                )
            }
            _ if self.in_check() => ": the king is in check".to_string(),
            _ => String::new(),
        }
    }
}

/// Janggi's arrangements by the pieces on files b, c, g and h: `n` horse, `b` elephant.
pub(crate) fn arrangement_name(n: u8) -> &'static str {
    ["nbbn", "bnbn", "nbnb", "bnnb"][(n & 3) as usize]
}

fn looks_like_uci(t: &str) -> bool {
    if t.starts_with("arrange-") || t == "declare" {
        return true;
    }
    if let Some((p, sq)) = t.split_once('@') {
        return p.len() == 1
            && p.chars().all(|c| c.is_ascii_alphabetic())
            && Square::parse(sq).is_some();
    }
    let b = t.as_bytes();
    // from square, to square, optional promotion letter
    let mut i = 0;
    let mut squares = 0;
    while squares < 2 {
        if i >= b.len() || !b[i].is_ascii_lowercase() {
            return false;
        }
        let mut j = i + 1;
        while j < b.len() && b[j].is_ascii_digit() && j - i <= 2 {
            j += 1;
        }
        if Square::parse(&t[i..j]).is_none() {
            return false;
        }
        i = j;
        squares += 1;
    }
    match b.len() - i {
        0 => true,
        1 => b[i].is_ascii_alphabetic() || b[i] == b'+',
        _ => false,
    }
}
