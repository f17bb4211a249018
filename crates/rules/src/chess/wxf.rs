//! WXF notation for Xiangqi, as Fairy-Stockfish writes it: piece letter (K A E H R C P),
//! file counted from the mover's right (or `+`/`-` for the front or rear of two such
//! pieces on one file, where the other's same move could land on a square of its own), direction (`+` forward, `-` back, `=` sideways) and the
//! destination file, or the number of ranks for a straight move forward or back.

use super::position::{Move, Position};
use super::uci::MoveError;
use crate::geometry::{Color, Square};

/// A Xiangqi or Janggi piece's letter, by its id (also Fairy-Stockfish's SAN letters there).
pub(super) fn letter(id: &str) -> char {
    match id {
        "king" => 'K',
        "advisor" | "guard" => 'A',
        "elephant" => 'E',
        "horse" => 'H',
        "rook" => 'R',
        "cannon" => 'C',
        "pawn" => 'P',
        _ => '?',
    }
}

impl Position {
    fn wxf_file(&self, sq: Square, c: Color) -> u8 {
        let files = self.v.shape().files;
        match c {
            Color::White => files - sq.file(),
            Color::Black => sq.file() + 1,
        }
    }

    /// The move in WXF notation.
    pub fn wxf(&self, m: Move) -> String {
        let (from, to) = (m.from(), m.to());
        let Some(p) = self.piece_at(from) else {
            return self.uci(m);
        };
        let c = p.color;
        let id = self.v.piece(p.kind).id;
        let mut s = String::new();
        s.push(letter(id));
        let same_file: Vec<Square> = self
            .pieces(c, p.kind)
            .filter(|s| s.file() == from.file())
            .collect();
        let other = match same_file[..] {
            [a, b] => Some(if a == from { b } else { a }),
            _ => None,
        };
        // front and rear only where the other piece's same move would land where such a
        // piece may stand (otherwise the file alone tells them apart)
        let tandem = other.filter(|&o| {
            let region = super::tables::region_mask(self.v.shape(), self.v.piece(p.kind).region, c);
            o.offset(
                to.file() as i8 - from.file() as i8,
                to.rank() as i8 - from.rank() as i8,
            )
            .is_some_and(|t| region.has(t))
        });
        if let Some(other) = tandem {
            let ahead = (from.rank() as i8 - other.rank() as i8) * c.forward() > 0;
            s.push(if ahead { '+' } else { '-' });
        } else {
            s += &self.wxf_file(from, c).to_string();
        }
        let dy = (to.rank() as i8 - from.rank() as i8) * c.forward();
        s.push(match dy.signum() {
            1 => '+',
            -1 => '-',
            _ => '=',
        });
        let diagonal = matches!(id, "advisor" | "guard" | "elephant" | "horse");
        if dy != 0 && !diagonal && from.file() == to.file() {
            s += &dy.unsigned_abs().to_string();
        } else {
            s += &self.wxf_file(to, c).to_string();
        }
        s
    }

    /// Reads a move in WXF notation (`.` may stand for `=`).
    pub fn parse_wxf(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim().to_ascii_uppercase().replace('.', "=");
        let legal = self.legal_moves();
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| self.wxf(m) == t)
            .collect();
        match found.len() {
            1 => Ok(found[0]),
            0 => Err(MoveError::Illegal {
                text: text.to_string(),
                hint: String::new(),
            }),
            _ => Err(MoveError::Ambiguous(
                text.to_string(),
                found
                    .iter()
                    .map(|&m| self.uci(m))
                    .collect::<Vec<_>>()
                    .join(", "),
            )),
        }
    }
}
