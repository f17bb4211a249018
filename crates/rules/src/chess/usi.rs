//! USI moves and SFEN for the shogi games: squares as file number (from the first
//! player's right) and rank letter (from the far side), `7g7f`, `8h2b+`, `P*5e`; SFEN with
//! `b` for the first player (sente) and hands as counts and letters.

use super::fen::FenError;
use super::position::{Move, MoveKind, Position};
use super::uci::MoveError;
use super::variant::Variant;
use crate::geometry::{Color, Square, GRID_SQUARES};

impl Position {
    /// A square in USI form (`7g`).
    pub fn usi_square(&self, sq: Square) -> String {
        let shape = self.v.shape();
        format!(
            "{}{}",
            shape.files - sq.file(),
            (b'a' + (shape.ranks - 1 - sq.rank())) as char
        )
    }

    fn parse_usi_square(&self, t: &str) -> Option<Square> {
        let shape = self.v.shape();
        let b = t.as_bytes();
        if b.len() != 2 || !b[0].is_ascii_digit() || !b[1].is_ascii_lowercase() {
            return None;
        }
        let file = shape.files.checked_sub(b[0] - b'0')?;
        let rank = (shape.ranks - 1).checked_sub(b[1] - b'a')?;
        Square::new(file, rank).filter(|s| shape.contains(*s))
    }

    /// The move in USI form.
    pub fn usi(&self, m: Move) -> String {
        let v = self.v;
        match m.kind() {
            MoveKind::Drop => format!(
                "{}*{}",
                v.piece(m.piece()).letter.to_ascii_uppercase(),
                self.usi_square(m.to())
            ),
            MoveKind::Promotion => {
                format!("{}{}+", self.usi_square(m.from()), self.usi_square(m.to()))
            }
            MoveKind::Normal => format!("{}{}", self.usi_square(m.from()), self.usi_square(m.to())),
            _ => self.uci(m),
        }
    }

    /// Reads a move in USI form and checks it is legal.
    pub fn parse_usi(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        let well_formed = if let Some((p, sq)) = t.split_once('*') {
            p.len() == 1 && self.parse_usi_square(sq).is_some()
        } else {
            t.len() >= 4
                && t.get(..2).and_then(|x| self.parse_usi_square(x)).is_some()
                && t.get(2..4).and_then(|x| self.parse_usi_square(x)).is_some()
        };
        if !well_formed {
            return Err(MoveError::Malformed(text.to_string()));
        }
        let legal = self.legal_moves();
        legal
            .iter()
            .copied()
            .find(|&m| self.usi(m) == t)
            .ok_or_else(|| MoveError::Illegal {
                text: t.to_string(),
                hint: String::new(),
            })
    }

    /// The position as SFEN.
    pub fn sfen(&self) -> String {
        let v = self.v;
        let fen = self.fen();
        let board = fen.split(['[', ' ']).next().unwrap_or_default();
        let mut hands = String::new();
        for c in Color::BOTH {
            for id in [
                "rook", "bishop", "gold", "silver", "knight", "lance", "pawn",
            ] {
                let Some(k) = v.kind_of_id(id) else { continue };
                let n = self.in_hand(c, k);
                if n == 0 {
                    continue;
                }
                if n > 1 {
                    hands += &n.to_string();
                }
                let l = v.piece(k).letter;
                hands.push(if c == Color::White {
                    l.to_ascii_uppercase()
                } else {
                    l
                });
            }
        }
        if hands.is_empty() {
            hands.push('-');
        }
        let side = if self.side == Color::White { 'b' } else { 'w' };
        let ply = 2 * (self.fullmove as u32 - 1) + 1 + u32::from(self.side == Color::Black);
        format!("{board} {side} {hands} {ply}")
    }

    /// Reads an SFEN.
    pub fn from_sfen(v: &'static Variant, sfen: &str) -> Result<Position, FenError> {
        let f: Vec<&str> = sfen.split_whitespace().collect();
        let (board, side, hands) = match f.as_slice() {
            [b, s, h, ..] => (*b, *s, *h),
            [b, s] => (*b, *s, "-"),
            _ => return Err(FenError::Empty),
        };
        let side = match side {
            "b" => "w",
            "w" => "b",
            s => return Err(FenError::Side(s.to_string())),
        };
        let ply: u32 = match f.get(3) {
            Some(t) => t.parse().map_err(|_| FenError::Number {
                field: "move count",
                text: t.to_string(),
            })?,
            None => 1,
        };
        let mut pocket = String::new();
        let mut count = 0u32;
        for ch in hands.chars().filter(|c| *c != '-') {
            if let Some(d) = ch.to_digit(10) {
                count = count.saturating_mul(10).saturating_add(d);
                // no hand holds more pieces than a board has
                if count > GRID_SQUARES as u32 {
                    return Err(FenError::Number {
                        field: "pieces in hand",
                        text: hands.to_string(),
                    });
                }
                continue;
            }
            for _ in 0..count.max(1) {
                pocket.push(ch);
            }
            count = 0;
        }
        let fullmove = ply.max(1).div_ceil(2);
        Position::from_fen(v, &format!("{board}[{pocket}] {side} - - 0 {fullmove}"))
    }
}
