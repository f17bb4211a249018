//! Rule hooks that forbid moves the pieces' movement would allow. Each is named in
//! [`super::variant::Hooks`] and handled here, in one place.

use super::movegen::{MoveList, Sink};
use super::position::{Move, MoveKind, Position};
use super::variant::{Kind, Opening};
use crate::geometry::{Bitboard, Bits, Color, Square};

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
    if let Some(ban) = KnightMate::new(pos) {
        list.retain(|m| !ban.bans(pos, m));
    }
    if let Some(ban) = PawnDropMate::new(pos) {
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

/// A rule that forbids some moves when they give mate (Shogi's pawn drops, Shatar's
/// knight moves), and which of those moves could give check: a move that cannot give
/// check cannot mate, so only the others are played to be tested.
pub(crate) trait MateBan {
    /// Of the plain moves from `from` to `targets`, those that could be forbidden.
    fn suspect_targets(&self, from: Square, targets: Bitboard) -> Bitboard;
    /// Of the drops of `kind` on `squares`, those that could be forbidden.
    fn suspect_drops(&self, kind: Kind, squares: Bitboard) -> Bitboard;

    /// Whether the rule forbids `m` (it gives mate).
    fn bans(&self, pos: &Position, m: Move) -> bool {
        let suspect = match m.kind() {
            MoveKind::Normal => self.suspect_targets(m.from(), m.to().bb()).any(),
            MoveKind::Drop => self.suspect_drops(m.piece(), m.to().bb()).any(),
            _ => false,
        };
        suspect && gives_mate(pos, m)
    }
}

/// Shogi: a pawn drop may not give mate.
pub(crate) struct PawnDropMate {
    /// The pawn kinds.
    pawns: u16,
    /// Where a dropped pawn could give check.
    checks: Bitboard,
}

impl PawnDropMate {
    /// The rule in this position, if the variant has it.
    #[inline]
    pub(crate) fn new(pos: &Position) -> Option<PawnDropMate> {
        let h = &pos.v.spec.hooks;
        (h.drops && !h.pawn_drop_mate_loses).then(|| PawnDropMate {
            pawns: pos.v.pawn_kinds,
            checks: pawn_drop_checks(pos),
        })
    }
}

impl MateBan for PawnDropMate {
    #[inline]
    fn suspect_targets(&self, _from: Square, _targets: Bitboard) -> Bitboard {
        Bitboard::EMPTY
    }
    #[inline]
    fn suspect_drops(&self, kind: Kind, squares: Bitboard) -> Bitboard {
        if self.pawns >> kind & 1 != 0 {
            squares & self.checks
        } else {
            Bitboard::EMPTY
        }
    }
}

/// The squares where a pawn of the side to move, dropped, would attack the enemy king (a
/// superset: paths are not walked, and a riding pawn could attack from anywhere).
fn pawn_drop_checks(pos: &Position) -> Bitboard {
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

/// Shatar (seed 001 §VIII): a knight move may not give mate.
pub(crate) struct KnightMate {
    /// The knights of the side to move.
    knights: Bitboard,
    /// Where a knight could give check from.
    checks: Bitboard,
    /// The squares a knight leaving could uncover a check from (on a ray of the enemy
    /// king).
    uncovering: Bitboard,
}

impl KnightMate {
    /// The rule in this position, if the variant has it.
    #[inline]
    pub(crate) fn new(pos: &Position) -> Option<KnightMate> {
        pos.v
            .mate_banned_knight
            .map(|knight| KnightMate::found(pos, knight))
    }

    fn found(pos: &Position, knight: Kind) -> KnightMate {
        let v = pos.v;
        let us = pos.side;
        let Some(k) = pos.king_square(us.other()) else {
            // no king to mate
            return KnightMate {
                knights: Bitboard::EMPTY,
                checks: Bitboard::EMPTY,
                uncovering: Bitboard::EMPTY,
            };
        };
        let (checks, uncovering) = if v.plain_attacks && v.leap_only >> knight & 1 != 0 {
            (
                v.tables[knight as usize][us.index()].leap_attackers[k.index()],
                v.ray_reach[k.index()],
            )
        } else {
            (!Bitboard::EMPTY, !Bitboard::EMPTY)
        };
        KnightMate {
            knights: pos.pieces(us, knight),
            checks,
            uncovering,
        }
    }
}

impl MateBan for KnightMate {
    #[inline]
    fn suspect_targets(&self, from: Square, targets: Bitboard) -> Bitboard {
        if !self.knights.has(from) {
            Bitboard::EMPTY
        } else if self.uncovering.has(from) {
            targets
        } else {
            targets & self.checks
        }
    }
    #[inline]
    fn suspect_drops(&self, _kind: Kind, _squares: Bitboard) -> Bitboard {
        Bitboard::EMPTY
    }
}

/// Passes every move on but those a [`MateBan`] forbids, while the moves are counted.
pub(crate) struct NoBannedMate<'a, S: Sink, B: MateBan> {
    pub(crate) pos: &'a Position,
    pub(crate) inner: &'a mut S,
    pub(crate) ban: B,
}

impl<S: Sink, B: MateBan> Sink for NoBannedMate<'_, S, B> {
    fn push(&mut self, m: Move) {
        if !self.ban.bans(self.pos, m) {
            self.inner.push(m);
        }
    }
    #[inline]
    fn push_targets<T: Bits>(&mut self, from: Square, targets: T) {
        let targets = targets.grid();
        let suspects = self.ban.suspect_targets(from, targets);
        self.inner.push_targets(from, targets & !suspects);
        for to in suspects {
            self.push(Move::normal(from, to));
        }
    }
    #[inline]
    fn push_shifted<T: Bits>(&mut self, back: i32, targets: T) {
        // shifted moves are pawn steps and the fers's double step, which no ban names
        debug_assert!({ targets }.all(|to| {
            let from = Square::from_index_unchecked((to.index() as i32 + back) as u32);
            self.ban.suspect_targets(from, to.bb()).is_empty()
        }));
        self.inner.push_shifted(back, targets);
    }
    #[inline]
    fn push_drops<T: Bits>(&mut self, kind: Kind, squares: T) {
        let squares = squares.grid();
        let suspects = self.ban.suspect_drops(kind, squares);
        self.inner.push_drops(kind, squares & !suspects);
        for to in suspects {
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
