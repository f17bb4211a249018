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
    if h.knight_mate_illegal {
        // Shatar (seed 001 §VIII): mate cannot be given by the horse.
        let knight = pos.v.kind_of_id("knight");
        list.retain(|m| {
            m.kind() != MoveKind::Normal
                || pos.piece_at(m.from()).map(|p| p.kind) != knight
                || !gives_mate(pos, m)
        });
    }
    if h.drops {
        // Shogi: a pawn drop may not give checkmate
        let checks = pawn_drop_checks(pos);
        list.retain(|m| {
            m.kind() != MoveKind::Drop
                || !pos.v.is_pawn(m.piece())
                || !checks.has(m.to())
                || !gives_mate(pos, m)
        });
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

/// The squares where a pawn of the side to move, dropped, would attack the enemy king (a
/// superset: paths are not walked, and a riding pawn could attack from anywhere).
pub(crate) fn pawn_drop_checks(pos: &Position) -> Bitboard {
    let v = pos.v;
    let Some(k) = pos.king_square(pos.side.other()) else {
        return Bitboard::EMPTY;
    };
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

/// Shogi's ban on mate by a pawn drop, while the moves are counted: passes every move on
/// but the pawn drops that give mate.
pub(crate) struct NoPawnDropMate<'a, S: Sink> {
    pub(crate) pos: &'a Position,
    pub(crate) inner: &'a mut S,
    /// Where a dropped pawn would give check.
    pub(crate) checks: Bitboard,
}

impl<S: Sink> Sink for NoPawnDropMate<'_, S> {
    fn push(&mut self, m: Move) {
        if m.kind() == MoveKind::Drop
            && self.pos.v.is_pawn(m.piece())
            && self.checks.has(m.to())
            && gives_mate(self.pos, m)
        {
            return;
        }
        self.inner.push(m);
    }
    fn push_targets(&mut self, from: Square, targets: Bitboard) {
        self.inner.push_targets(from, targets);
    }
    fn push_shifted(&mut self, back: i32, targets: Bitboard) {
        self.inner.push_shifted(back, targets);
    }
    fn push_drops(&mut self, kind: Kind, squares: Bitboard) {
        if !self.pos.v.is_pawn(kind) {
            self.inner.push_drops(kind, squares);
            return;
        }
        self.inner.push_drops(kind, squares & !self.checks);
        for to in squares & self.checks {
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
