//! Moves as Fairy-Stockfish writes them in its default notation (what its tools and
//! pychess put in PGN records): standard algebraic notation with the piece's FEN letter
//! (none for pawns), disambiguation by file then rank, `x` for captures, `=F` for
//! promotion, `N@e4` for drops, `O-O` for castling, `+` and `#` for check and mate; Xiangqi
//! and Janggi with their own letters (H, E, A, and P for every soldier move, the Janggi
//! pass as the king's move to its square); Shogi and Sho Shogi with numbered squares.
//! Reading accepts these with or without `x`, `+`, `#`, `=`, the FEN-letter SAN of
//! Ashta's older records, and UCI coordinates.

use super::movegen::MoveList;
use super::position::{Move, MoveKind, Position};
use super::uci::MoveError;

/// Which letters a move's text names pieces by: Fairy-Stockfish's (its default notation,
/// what its tools and pychess write), or the FEN letters (Ashta's records before it wrote
/// Fairy-Stockfish's, still read).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Style {
    Fsf,
    Fen,
}

impl Position {
    /// The SAN of a legal move.
    pub fn san(&self, m: Move) -> String {
        let legal = self.legal_moves();
        self.san_in(m, &legal)
    }

    /// A legal move in the game's own notation: WXF for Xiangqi, SAN for the rest.
    pub fn notation(&self, m: Move) -> String {
        if self.v.writes_wxf() {
            self.wxf(m)
        } else {
            self.san(m)
        }
    }

    /// [`Position::notation`], given the legal moves of the position.
    pub fn notation_in(&self, m: Move, legal: &[Move]) -> String {
        if self.v.writes_wxf() {
            self.wxf(m)
        } else {
            self.san_in(m, legal)
        }
    }

    /// The SAN of a legal move, given the legal moves of the position.
    pub fn san_in(&self, m: Move, legal: &[Move]) -> String {
        let mut s = self.san_without_suffix(m, legal);
        if self.v.writes_shogi_numbers() {
            // no check marks: `+` is promotion there
            return s;
        }
        let mut after = self.clone();
        after.play_unchecked(m);
        if after.in_check() {
            let mut l = MoveList::new();
            after.generate_legal(&mut l);
            s.push(if l.is_empty() { '#' } else { '+' });
        }
        s
    }

    /// A piece type's letter in a move: Fairy-Stockfish's, or the FEN's.
    fn san_letter(&self, k: super::variant::Kind, style: Style) -> String {
        let v = self.v;
        // Xiangqi and Janggi: their own letters (H, E, A, P), as in WXF
        if style == Style::Fsf && v.has_palace() {
            return super::wxf::letter(v.piece(k).id).to_string();
        }
        v.fen_text(k, crate::geometry::Color::White)
    }

    fn san_without_suffix(&self, m: Move, legal: &[Move]) -> String {
        self.san_styled(m, legal, Style::Fsf)
    }

    /// A square as shogi numbers it: files from the right, ranks from the top (Black's
    /// side of the FEN), each from 1.
    fn shogi_square(&self, sq: crate::geometry::Square) -> String {
        let shape = self.v.shape();
        format!("{}{}", shape.files - sq.file(), shape.ranks - sq.rank())
    }

    /// A move in Fairy-Stockfish's shogi notation: the piece (`+` before a promoted one),
    /// the square it leaves where another of its type could reach the same square, `-`,
    /// `x` or `*` (a drop), the square reached, and `+` for promotion or `=` where it was
    /// declined.
    fn shogi_text(&self, m: Move, legal: &[Move]) -> String {
        let v = self.v;
        let (from, to) = (m.from(), m.to());
        if m.kind() == MoveKind::Drop {
            return format!(
                "{}*{}",
                v.fen_text(m.piece(), crate::geometry::Color::White),
                self.shogi_square(to)
            );
        }
        let Some(p) = self.piece_at(from) else {
            return self.uci(m);
        };
        let mut s = v.fen_text(p.kind, crate::geometry::Color::White);
        let others = legal.iter().any(|o| {
            o.to() == to
                && o.from() != from
                && o.kind() != MoveKind::Drop
                && self.piece_at(o.from()).map(|q| q.kind) == Some(p.kind)
        });
        if others {
            s += &self.shogi_square(from);
        }
        s.push(if self.piece_at(to).is_some() {
            'x'
        } else {
            '-'
        });
        s += &self.shogi_square(to);
        if m.kind() == MoveKind::Promotion {
            s.push('+');
        } else if v.promoted(p.kind).is_some() {
            let zone = v.promotion_zone(p.color);
            if zone.has(from) || zone.has(to) {
                s.push('=');
            }
        }
        s
    }

    fn san_styled(&self, m: Move, legal: &[Move], style: Style) -> String {
        let v = self.v;
        if style == Style::Fsf && self.v.writes_shogi_numbers() {
            return self.shogi_text(m, legal);
        }
        let from = m.from();
        let to = m.to();
        match m.kind() {
            MoveKind::Castle => {
                return if to.file() > from.file() {
                    "O-O".into()
                } else {
                    "O-O-O".into()
                }
            }
            MoveKind::Drop => {
                return format!("{}@{}", v.piece(m.piece()).letter.to_ascii_uppercase(), to)
            }
            // Fairy-Stockfish writes Janggi's pass as the king's move to its own square
            MoveKind::Pass if style == Style::Fsf && self.v.has_palace() => {
                return format!("K{}", m.to())
            }
            MoveKind::Pass => return "pass".into(),
            MoveKind::Arrange | MoveKind::Declare => return self.uci(m),
            _ => {}
        }
        let Some(p) = self.piece_at(from) else {
            return self.uci(m);
        };
        let capture =
            m.kind() == MoveKind::EnPassant || (from != to && self.piece_at(to).is_some());
        let mut s = String::new();
        let pawn = v.is_pawn(p.kind) && !(style == Style::Fsf && self.v.has_palace());
        if !pawn || v.piece(p.kind).promoted {
            s += &self.san_letter(p.kind, style);
        }
        {
            // disambiguation among same-type pieces that can reach `to`
            let others: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|o| {
                    o.to() == to
                        && o.from() != from
                        && o.kind() == m.kind()
                        && self.piece_at(o.from()).map(|q| q.kind) == Some(p.kind)
                })
                .collect();
            if pawn && !capture && from.file() != to.file() {
                // a pawn stepping aside without taking (Sittuyin's promotion move): the
                // square it leaves, in full
                s += &from.to_string();
            } else if pawn && capture {
                s.push((b'a' + from.file()) as char);
                if !others.is_empty() && !others.iter().all(|o| o.from().file() != from.file()) {
                    s += &(from.rank() + 1).to_string();
                }
            } else if !others.is_empty() {
                let file_unique = others.iter().all(|o| o.from().file() != from.file());
                let rank_unique = others.iter().all(|o| o.from().rank() != from.rank());
                if file_unique {
                    s.push((b'a' + from.file()) as char);
                } else if rank_unique {
                    s += &(from.rank() + 1).to_string();
                } else {
                    s += &from.to_string();
                }
            }
        }
        if capture {
            s.push('x');
        }
        if from == to {
            // promotion in place
            s += &to.to_string();
        } else {
            s += &to.to_string();
        }
        if m.kind() == MoveKind::Promotion {
            if v.piece(m.piece()).promoted {
                s.push('+');
            } else {
                s.push('=');
                s.push(v.piece(m.piece()).letter.to_ascii_uppercase());
            }
        } else if v.promoted(p.kind).is_some()
            && matches!(v.spec.promotion, super::variant::Promotion::Shogi { .. })
        {
            // a shogi piece that could have promoted and did not
            let zone = v.promotion_zone(p.color);
            if zone.has(from) || zone.has(to) {
                s.push('=');
            }
        }
        s
    }

    /// Reads a move in SAN or UCI form and checks it is legal.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(MoveError::Malformed(text.to_string()));
        }
        // coordinates, also as long algebraic (e2-e4, d3xe4)
        let long: String = t.trim_end_matches(['+', '#']).replace(['x', '-'], "");
        for candidate in [t, long.as_str()] {
            match self.parse_uci(candidate) {
                Ok(m) => return Ok(m),
                Err(MoveError::Illegal { text, hint }) => {
                    return Err(MoveError::Illegal { text, hint })
                }
                Err(_) => {}
            }
        }
        let key = |s: &str| {
            s.replace(['x', '+', '#', '!', '?', '=', '-'], "")
                .replace("0", "O")
        };
        let wanted = key(t);
        if wanted.is_empty() {
            return Err(MoveError::Malformed(text.to_string()));
        }
        let legal = self.legal_moves();
        let matches: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| key(&self.san_without_suffix(m, &legal)) == wanted)
            .collect();
        // several fit once check and promotion marks are dropped: prefer the exact text, then
        // read a trailing '+' as promotion and '=' as none (shogi)
        let matches = if matches.len() > 1 {
            let exact: Vec<Move> = matches
                .iter()
                .copied()
                .filter(|&m| self.san_in(m, &legal) == t)
                .collect();
            if exact.len() == 1 {
                exact
            } else {
                let promo = t.ends_with('+');
                let refined: Vec<Move> = matches
                    .iter()
                    .copied()
                    .filter(|m| (m.kind() == MoveKind::Promotion) == promo)
                    .collect();
                if refined.len() == 1 {
                    refined
                } else {
                    matches
                }
            }
        } else {
            matches
        };
        let matches = if matches.is_empty() {
            legal
                .iter()
                .copied()
                .filter(|&m| key(&self.san_styled(m, &legal, Style::Fen)) == wanted)
                .collect()
        } else {
            matches
        };
        match matches.len() {
            1 => Ok(matches[0]),
            0 => {
                // lenient: a pawn SAN with the piece letter, or lower-case piece letters
                let lower: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|&m| {
                        key(&self.san_without_suffix(m, &legal)).eq_ignore_ascii_case(&wanted)
                    })
                    .collect();
                if lower.len() == 1 {
                    return Ok(lower[0]);
                }
                if self.v.spec.hooks.drops
                    || matches!(
                        self.v.spec.promotion,
                        super::variant::Promotion::Shogi { .. }
                    )
                {
                    if let Ok(m) = self.parse_usi(t) {
                        return Ok(m);
                    }
                }
                if self.v.writes_wxf() {
                    if let Ok(m) = self.parse_wxf(t) {
                        return Ok(m);
                    }
                }
                if looks_like_san(t) {
                    Err(MoveError::Illegal {
                        text: t.to_string(),
                        hint: String::new(),
                    })
                } else {
                    Err(MoveError::Malformed(text.to_string()))
                }
            }
            _ => Err(MoveError::Ambiguous(
                t.to_string(),
                matches
                    .iter()
                    .map(|&m| self.uci(m))
                    .collect::<Vec<_>>()
                    .join(", "),
            )),
        }
    }
}

fn looks_like_san(t: &str) -> bool {
    let has_square = t
        .as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_digit());
    has_square || t.starts_with("O-O") || t.starts_with("0-0")
}
