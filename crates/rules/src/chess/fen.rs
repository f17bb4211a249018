//! FEN in Fairy-Stockfish's format: board, pocket in `[...]`, side, castling or first-move
//! rights, en passant square (or the Makruk count limit), half-move clock (or count ply),
//! move number.

use super::position::{CountState, Piece, Position};
use super::variant::{KingLeap, Opening, Setup, Variant};
use crate::geometry::{Color, Square};
use thiserror::Error;

/// What is wrong with a FEN.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum FenError {
    /// Nothing was given.
    #[error("the FEN is empty")]
    Empty,
    /// The board has the wrong number of ranks.
    #[error("the board part has {found} ranks; this game's board has {expected}")]
    RankCount {
        /// Ranks found.
        found: usize,
        /// Ranks of the board.
        expected: u8,
    },
    /// A rank has the wrong number of files.
    #[error("rank {rank} describes {found} files; this game's board has {expected}")]
    FileCount {
        /// Rank, from 1.
        rank: u8,
        /// Files found.
        found: usize,
        /// Files of the board.
        expected: u8,
    },
    /// A letter that is no piece of this game.
    #[error("{0:?} is not a piece of this game")]
    UnknownPiece(char),
    /// The pocket is malformed.
    #[error("bad pocket {0:?}: expected piece letters inside [ ]")]
    Pocket(String),
    /// Pieces in the pocket of a game that keeps none in hand.
    #[error("this game keeps no pieces in hand, yet the pocket holds {0:?}")]
    NoHands(String),
    /// A king in hand outside a setup phase.
    #[error("{0:?}'s king is in hand; a king comes from hand only in a setup phase")]
    KingInHand(Color),
    /// Side to move is neither `w` nor `b`.
    #[error("side to move must be w or b, not {0:?}")]
    Side(String),
    /// Castling or rights field.
    #[error("bad castling/rights field {0:?}")]
    Rights(String),
    /// En passant field.
    #[error("bad en passant square {0:?}")]
    EnPassant(String),
    /// A number field.
    #[error("bad {field} {text:?}: expected a number")]
    Number {
        /// Which field.
        field: &'static str,
        /// The text.
        text: String,
    },
    /// A side has no king, or several.
    #[error("{color:?} has {count} kings; exactly one is needed")]
    Kings {
        /// Which side.
        color: Color,
        /// How many.
        count: u32,
    },
    /// The side that just moved is in check.
    #[error("the side not to move is in check")]
    OppositeCheck,
    /// Too many fields.
    #[error("unexpected text after the move number: {0:?}")]
    Trailing(String),
}

fn split_pocket(board: &str) -> Result<(&str, Option<&str>), FenError> {
    match board.find('[') {
        None => Ok((board, None)),
        Some(i) => {
            let rest = &board[i + 1..];
            let end = rest
                .find(']')
                .ok_or_else(|| FenError::Pocket(board[i..].to_string()))?;
            if end + 1 != rest.len() {
                return Err(FenError::Pocket(board[i..].to_string()));
            }
            Ok((&board[..i], Some(&rest[..end])))
        }
    }
}

/// The pieces of the board part of a FEN.
pub(crate) fn parse_board_only(v: &Variant, fen: &str) -> Result<Vec<(Square, Piece)>, FenError> {
    let board = fen.split_whitespace().next().ok_or(FenError::Empty)?;
    let (board, _) = split_pocket(board)?;
    let shape = v.shape();
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != shape.ranks as usize {
        return Err(FenError::RankCount {
            found: ranks.len(),
            expected: shape.ranks,
        });
    }
    let mut out = Vec::new();
    for (i, text) in ranks.iter().enumerate() {
        let rank = shape.ranks - 1 - i as u8;
        let wrong_files = |found| FenError::FileCount {
            rank: rank + 1,
            found,
            expected: shape.files,
        };
        let mut file = 0usize;
        let mut digits = 0usize;
        let chars: Vec<char> = text.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            if c == '+' {
                let Some(&l) = chars.get(j + 1) else {
                    return Err(FenError::UnknownPiece('+'));
                };
                let kind = v
                    .promoted_kind_of_letter(l)
                    .ok_or(FenError::UnknownPiece(l))?;
                let color = if l.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file < shape.files as usize {
                    out.push((
                        Square::new(file as u8, rank).expect("inside the board"),
                        Piece { kind, color },
                    ));
                }
                file += 1;
                j += 2;
                continue;
            }
            if let Some(d) = c.to_digit(10) {
                // a run of digits too long for any board is still only too long
                digits = digits.saturating_mul(10).saturating_add(d as usize);
                j += 1;
                if j < chars.len() && chars[j].is_ascii_digit() {
                    continue;
                }
                file = file.saturating_add(digits);
                digits = 0;
                if file > shape.files as usize {
                    return Err(wrong_files(file));
                }
                continue;
            }
            let kind = v.kind_of_letter(c).ok_or(FenError::UnknownPiece(c))?;
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if file < shape.files as usize {
                let sq = Square::new(file as u8, rank).expect("inside the board");
                out.push((sq, Piece { kind, color }));
            }
            file += 1;
            j += 1;
        }
        if file != shape.files as usize {
            return Err(wrong_files(file));
        }
    }
    Ok(out)
}

impl Position {
    /// The start position of the variant.
    pub fn start(v: &'static Variant) -> Position {
        Position::from_fen(v, &v.spec.start_fen).expect("a variant's start position is valid")
    }

    /// Reads a FEN.
    pub fn from_fen(v: &'static Variant, fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let first = *fields.first().ok_or(FenError::Empty)?;
        let mut pos = Position::empty(v);
        for (sq, p) in parse_board_only(v, first)? {
            pos.put(sq, p);
        }
        if let (_, Some(pocket)) = split_pocket(first)? {
            if !v.keeps_hands() && pocket.chars().any(|c| c != '-') {
                return Err(FenError::NoHands(pocket.to_string()));
            }
            for c in pocket.chars().filter(|c| *c != '-') {
                let kind = v
                    .kind_of_letter(c)
                    .ok_or_else(|| FenError::Pocket(pocket.to_string()))?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let n = pos.in_hand(color, kind);
                pos.set_hand(color, kind, n + 1);
            }
        }
        let mut it = fields.iter().skip(1).copied();
        match it.next() {
            None | Some("w") => {}
            Some("b") => pos.side = Color::Black,
            Some(s) => return Err(FenError::Side(s.to_string())),
        }
        let rest: Vec<&str> = it.collect();
        // Fairy-Stockfish's short form for shogi-like games: side, half-move clock, move number
        let short = rest.len() <= 2 && rest.iter().all(|f| f.chars().all(|c| c.is_ascii_digit()));
        let mut it = rest.into_iter();
        if !short {
            if let Some(rights) = it.next() {
                parse_rights(&mut pos, rights)?;
            }
        }
        let ep_or_limit = if short { Some("-") } else { it.next() };
        let clock = it.next();
        let number = it.next();
        for extra in it {
            match extra
                .strip_prefix("opening:")
                .and_then(|n| n.parse::<u8>().ok())
            {
                Some(n) if v.spec.hooks.opening != Opening::None => pos.opening_left = n,
                _ => return Err(FenError::Trailing(extra.to_string())),
            }
        }
        let num = |field: &'static str, t: &str| {
            t.parse::<u16>().map_err(|_| FenError::Number {
                field,
                text: t.to_string(),
            })
        };
        let mut counting = false;
        match ep_or_limit {
            None | Some("-") => {}
            Some(t) if t.chars().all(|c| c.is_ascii_digit()) => {
                pos.count.limit = super::counting::limit_as_read(v, num("count limit", t)?);
                counting = true;
            }
            Some(t) => {
                let sq = Square::parse(t)
                    .filter(|s| v.shape().contains(*s))
                    .ok_or_else(|| FenError::EnPassant(t.to_string()))?;
                pos.ep = Some(sq);
            }
        }
        if let Some(t) = clock {
            let n = num("half-move clock", t)?;
            if counting {
                pos.count.ply = n;
            } else {
                pos.rule50 = n;
            }
        }
        if let Some(t) = number {
            pos.fullmove = num("move number", t)?.max(1);
        }
        pos.validate()?;
        // an en passant square no pawn can use is no part of the position (as in play)
        pos.ep = pos.ep.filter(|&e| pos.en_passant_possible(e, pos.side));
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn validate(&mut self) -> Result<(), FenError> {
        let setup = self.in_setup();
        let several_royal_kinds = self.v.royal_kinds.count_ones() > 1;
        for c in Color::BOTH {
            let count = self.royals(c).count();
            let in_hand = self.in_hand(c, self.v.king) as u32;
            let too_many = count > 1 && !several_royal_kinds;
            if too_many || (count + in_hand == 0 && !setup) || in_hand > 1 {
                return Err(FenError::Kings { color: c, count });
            }
            if in_hand > 0 && self.v.spec.hooks.setup == Setup::Fixed {
                return Err(FenError::KingInHand(c));
            }
        }
        if let Some(ep) = self.ep {
            // keep an en passant square only where a pawn could take there
            let pawn_behind = ep
                .offset(0, -self.side.forward())
                .and_then(|s| self.piece_at(s));
            if pawn_behind.is_none_or(|p| !self.v.is_pawn(p.kind) || p.color == self.side) {
                self.ep = None;
            }
        }
        // (Fairy-Stockfish's Janggi lets a side pass while the kings face, even in check.)
        let fsf_bikjang_pass = self.fsf_facing();
        if self.king_attacked(self.side.other()) && !fsf_bikjang_pass {
            return Err(FenError::OppositeCheck);
        }
        // a king in check has been checked: it loses a leap that requires never having been
        if self.v.spec.hooks.king_leap == KingLeap::OncePerGame && self.king_attacked(self.side) {
            self.leap[self.side.index()] = false;
        }
        Ok(())
    }

    /// Whether a pawn of `taker` stands to take en passant on `e` (Fairy-Stockfish keeps
    /// and writes the square only then).
    pub(crate) fn en_passant_possible(&self, e: Square, taker: Color) -> bool {
        let behind = -taker.forward();
        [-1, 1].into_iter().any(|df| {
            e.offset(df, behind)
                .and_then(|s| self.piece_at(s))
                .is_some_and(|p| p.color == taker && self.v.is_pawn(p.kind))
        })
    }

    /// Writes the position as FEN.
    pub fn fen(&self) -> String {
        let v = self.v;
        let shape = v.shape();
        let mut s = String::new();
        for r in (0..shape.ranks).rev() {
            let mut empty = 0;
            for f in 0..shape.files {
                let sq = Square::new(f, r).expect("on grid");
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s += &v.fen_text(p.kind, p.color);
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if r > 0 {
                s.push('/');
            }
        }
        if v.keeps_hands() {
            s.push('[');
            for c in Color::BOTH {
                for k in 0..v.kinds() {
                    let l = v.spec.pieces[k].letter;
                    let l = if c == Color::White {
                        l.to_ascii_uppercase()
                    } else {
                        l
                    };
                    for _ in 0..self.hands[c.index()][k] {
                        s.push(l);
                    }
                }
            }
            s.push(']');
        }
        s += if self.side == Color::White {
            " w "
        } else {
            " b "
        };
        s += &self.rights_text();
        let CountState { limit, ply } = self.count;
        if limit > 0 {
            s += &format!(" {limit} {ply} {}", self.fullmove);
        } else {
            match self.ep {
                Some(e) => s += &format!(" {e}"),
                None => s += " -",
            }
            s += &format!(" {} {}", self.rule50, self.fullmove);
        }
        if self.opening_left > 0 {
            s += &format!(" opening:{}", self.opening_left);
        }
        s
    }

    fn rights_text(&self) -> String {
        let v = self.v;
        let mut out = String::new();
        let shape = v.shape();
        for c in Color::BOTH {
            let back = if c == Color::White {
                0
            } else {
                shape.ranks - 1
            };
            let case = |ch: char| {
                if c == Color::White {
                    ch.to_ascii_uppercase()
                } else {
                    ch
                }
            };
            if v.spec.hooks.castling {
                let king = self.king_square(c).filter(|k| self.rights.has(*k));
                if let Some(k) = king {
                    let rook = |f: u8| Square::new(f, back).is_some_and(|s| self.rights.has(s));
                    if rook(shape.files - 1) {
                        out.push(case('k'));
                    }
                    if rook(0) && k.file() > 0 {
                        out.push(case('q'));
                    }
                }
                continue;
            }
            if v.spec.hooks.king_leap == KingLeap::OncePerGame && self.leap[c.index()] {
                if let Some(k) = self.king_square(c) {
                    out.push(case((b'a' + k.file()) as char));
                }
            }
            for sq in self.rights & shape.rank(back) {
                out.push(case((b'a' + sq.file()) as char));
            }
        }
        if out.is_empty() {
            "-".to_string()
        } else {
            out
        }
    }
}

fn parse_rights(pos: &mut Position, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let v = pos.v;
    let shape = v.shape();
    let bad = || FenError::Rights(text.to_string());
    for ch in text.chars() {
        let c = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = if c == Color::White {
            0
        } else {
            shape.ranks - 1
        };
        let lower = ch.to_ascii_lowercase();
        if v.spec.hooks.castling {
            let king = pos
                .king_square(c)
                .filter(|k| k.rank() == back)
                .ok_or_else(bad)?;
            let rook_file = match lower {
                'k' => shape.files - 1,
                'q' => 0,
                f @ 'a'..='i' => f as u8 - b'a',
                _ => return Err(bad()),
            };
            let rook_sq = Square::new(rook_file, back)
                .filter(|s| shape.contains(*s))
                .ok_or_else(bad)?;
            if pos.piece_at(rook_sq).map(|p| (v.piece(p.kind).id, p.color)) != Some(("rook", c)) {
                return Err(bad());
            }
            pos.rights = pos.rights.with(king).with(rook_sq);
            continue;
        }
        if !lower.is_ascii_lowercase() || lower as u8 - b'a' >= shape.files {
            return Err(bad());
        }
        let file = lower as u8 - b'a';
        if v.spec.hooks.king_leap == KingLeap::OncePerGame {
            if pos.king_square(c).is_some_and(|k| k.file() == file) {
                pos.leap[c.index()] = true;
                continue;
            }
            return Err(bad());
        }
        let sq = Square::new(file, back).ok_or_else(bad)?;
        if pos.piece_at(sq).is_none_or(|p| p.color != c) {
            return Err(bad());
        }
        pos.rights = pos.rights.with(sq);
    }
    Ok(())
}
