//! Rule hooks that forbid moves the pieces' movement would allow. Each is named in
//! [`super::variant::Hooks`] and handled here, in one place.

use super::movegen::{MoveList, Sink};
use super::position::{Move, MoveKind, Position};
use super::variant::{Kind, Opening};
use crate::geometry::{Bitboard, Color, Square};

/// Removes the moves the variant's rule hooks forbid.
pub(crate) fn filter_moves(pos: &Position, list: &mut MoveList) {
    let h = &pos.v.spec.hooks;
    if pos.opening_left > 0 {
        if let Opening::Array { .. } = h.opening {
            // Ta'biya / ten-move Werera: no capture, no piece crosses the centre line.
            let ranks = pos.v.shape().ranks;
            let own_half = |sq: crate::geometry::Square| match pos.side {
                Color::White => sq.rank() < ranks / 2,
                Color::Black => sq.rank() >= ranks / 2,
            };
            list.retain(|m| {
                m.kind() == MoveKind::Castle
                    || (pos.piece_at(m.to()).is_none()
                        && m.kind() != MoveKind::EnPassant
                        && own_half(m.to()))
            });
        }
        // The opening phases are for arraying the pieces: a move may not give check there,
        // since the side checked could not answer before the other side moves again (our
        // reading; the seeds do not say).
        // (In the simultaneous Werera the first capture ends the phase; it may check.)
        list.retain(|m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let ends_phase = after.opening_left == 0 && after.side == pos.side.other();
            ends_phase || !after.king_attacked(pos.side.other())
        });
    }
    if h.check_capture {
        check_capture(pos, list);
    }
    if let Some(ban) = MateBan::new(pos) {
        list.retain(|m| !ban.bans(pos, m));
    }
    if h.stalemate_illegal {
        // Sittuyin (seed 001 §V): a move that stalemates the opponent is not allowed.
        list.retain(|m| !stalemates(pos, m));
    }
}

/// Asha option `check-capture=compulsory`: when in check and the checking symbol can be
/// captured, one of the capturing moves must be played.
fn check_capture(pos: &Position, list: &mut MoveList) {
    let checkers = pos.checkers();
    if checkers.is_empty() {
        return;
    }
    let captures_checker = |m: Move| {
        matches!(
            m.kind(),
            MoveKind::Normal | MoveKind::Promotion | MoveKind::EnPassant
        ) && checkers.has(m.to())
    };
    if list.iter().any(|&m| captures_checker(m)) {
        list.retain(captures_checker);
    }
}

/// The moves a rule forbids when they give mate, and where they can give check: Shogi's
/// pawn drops and Shatar's knight moves (seed 001 §VIII). A move that cannot give check
/// cannot mate, so only the others are played to be tested.
pub(crate) struct MateBan {
    /// Where a pawn of the side to move, dropped, could give check (empty when the rules
    /// let pawn drops mate).
    drop_checks: Bitboard,
    /// The knights of the side to move, when their mates are forbidden.
    knights: Bitboard,
    /// Where a knight of the side to move could give check from.
    knight_checks: Bitboard,
    /// The squares a knight leaving could uncover a check from (on a ray of the enemy king).
    uncovering: Bitboard,
}

impl MateBan {
    /// The bans of the variant in this position; `None` when it has none.
    pub(crate) fn new(pos: &Position) -> Option<MateBan> {
        let v = pos.v;
        let drops = v.spec.hooks.drops;
        if !drops && v.mate_banned_knight.is_none() {
            return None;
        }
        let mut ban = MateBan {
            drop_checks: Bitboard::EMPTY,
            knights: Bitboard::EMPTY,
            knight_checks: Bitboard::EMPTY,
            uncovering: Bitboard::EMPTY,
        };
        let Some(k) = pos.king_square(pos.side.other()) else {
            return Some(ban);
        };
        if drops {
            ban.drop_checks = pawn_drop_checks(pos, k);
        }
        if let Some(knight) = v.mate_banned_knight {
            ban.knights = pos.pieces(pos.side, knight);
            if v.plain_attacks && v.leap_only >> knight & 1 != 0 {
                ban.knight_checks =
                    v.tables[knight as usize][pos.side.index()].leap_attackers[k.index()];
                ban.uncovering = v.ray_reach[k.index()];
            } else {
                ban.knight_checks = !Bitboard::EMPTY;
            }
        }
        Some(ban)
    }

    /// Of `targets` of the piece on `from`, those whose moves could be forbidden.
    fn suspects(&self, from: Square, targets: Bitboard) -> Bitboard {
        if !self.knights.has(from) {
            Bitboard::EMPTY
        } else if self.uncovering.has(from) {
            targets
        } else {
            targets & self.knight_checks
        }
    }

    /// Whether the rules forbid `m` (it gives mate).
    pub(crate) fn bans(&self, pos: &Position, m: Move) -> bool {
        let suspect = match m.kind() {
            MoveKind::Drop => pos.v.is_pawn(m.piece()) && self.drop_checks.has(m.to()),
            MoveKind::Normal => self.suspects(m.from(), m.to().bb()).any(),
            _ => false,
        };
        suspect && gives_mate(pos, m)
    }
}

/// The squares where a pawn of the side to move, dropped, would attack the enemy king on
/// `k` (a superset: paths are not walked, and a riding pawn could attack from anywhere).
fn pawn_drop_checks(pos: &Position, k: Square) -> Bitboard {
    let v = pos.v;
    let mut b = Bitboard::EMPTY;
    for kind in 0..v.kinds() {
        if v.is_pawn(kind as Kind) {
            let t = &v.tables[kind][pos.side.index()];
            if !t.rides.is_empty() || !t.hops.is_empty() {
                return !Bitboard::EMPTY;
            }
            b |= t.leap_attackers[k.index()] | t.path_attackers[k.index()];
        }
    }
    b
}

/// Passes every move on but those [`MateBan`] forbids, while the moves are counted.
pub(crate) struct NoBannedMate<'a, S: Sink> {
    pub(crate) pos: &'a Position,
    pub(crate) inner: &'a mut S,
    pub(crate) ban: MateBan,
}

impl<S: Sink> Sink for NoBannedMate<'_, S> {
    fn push(&mut self, m: Move) {
        if !self.ban.bans(self.pos, m) {
            self.inner.push(m);
        }
    }
    fn push_targets(&mut self, from: Square, targets: Bitboard) {
        let suspects = self.ban.suspects(from, targets);
        self.inner.push_targets(from, targets & !suspects);
        for to in suspects {
            self.push(Move::normal(from, to));
        }
    }
    fn push_shifted(&mut self, back: i32, targets: Bitboard) {
        // shifted moves are pawn steps and the fers's double step, never a knight's
        debug_assert!({ targets }.all(|to| {
            let from = Square::from_index_unchecked((to.index() as i32 + back) as u32);
            !self.ban.knights.has(from)
        }));
        self.inner.push_shifted(back, targets);
    }
    fn push_drops(&mut self, kind: Kind, squares: Bitboard) {
        if !self.pos.v.is_pawn(kind) {
            self.inner.push_drops(kind, squares);
            return;
        }
        self.inner.push_drops(kind, squares & !self.ban.drop_checks);
        for to in squares & self.ban.drop_checks {
            self.push(Move::new(MoveKind::Drop, to, to, kind));
        }
    }
}

fn has_raw_move(pos: &Position) -> bool {
    let mut l = MoveList::new();
    pos.generate_unfiltered(&mut l);
    !l.is_empty()
}

/// Whether `m` leaves the opponent in check without a move.
pub(crate) fn gives_mate(pos: &Position, m: Move) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(m);
    after.in_check() && !has_raw_move(&after)
}

fn stalemates(pos: &Position, m: Move) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(m);
    !after.in_setup() && !after.in_check() && !has_raw_move(&after)
}
