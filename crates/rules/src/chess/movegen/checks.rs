//! The checks from near the enemy king: the moves that land within two files and ranks
//! of it on a square from which the piece attacks it (what a quiescence search adds to
//! the captures, since Shogi's drops beside the king mate so often at the horizon).

use super::super::position::{Move, MoveKind, Position};
use super::super::variant::{Kind, MAX_KINDS};
use super::sink::{MoveList, Sink};
use crate::geometry::{Bitboard, Bits, Color, Square};

/// Passes on only the moves that land near the enemy king on a square from which the
/// piece, as it stands after the move, attacks that king.
struct Checks<'a> {
    pos: &'a Position,
    inner: &'a mut MoveList,
    /// The squares within two files and ranks of the enemy king.
    near: Bitboard,
    king: Square,
    occ: Bitboard,
    /// Per piece type, the squares of `near` from which it attacks the king.
    from: [Option<Bitboard>; MAX_KINDS],
}

impl Checks<'_> {
    /// The squares of `near` from which a piece of type `k` of the side to move attacks
    /// the enemy king: those a piece of the king's colour attacks from the king's square
    /// (each move of the one side being the other's turned about), tested again after
    /// the move.
    fn squares(&mut self, k: Kind) -> Bitboard {
        let i = k as usize;
        if let Some(b) = self.from.get(i).copied().flatten() {
            return b;
        }
        let them = self.pos.side_to_move().other();
        let b = self.pos.attacks_of(k, them, self.king, self.occ) & self.near;
        if let Some(slot) = self.from.get_mut(i) {
            *slot = Some(b);
        }
        b
    }
}

impl Sink for Checks<'_> {
    fn push(&mut self, m: Move) {
        if !self.near.has(m.to()) {
            return;
        }
        if let Some(k) = self.pos.landing_kind(m) {
            if self.squares(k).has(m.to()) {
                self.inner.push(m);
            }
        }
    }
    fn push_targets<B: Bits>(&mut self, from: Square, targets: B) {
        if (targets & B::of(self.near)).is_empty() {
            return;
        }
        if let Some(p) = self.pos.piece_at(from) {
            let to = targets & B::of(self.squares(p.kind));
            self.inner.push_targets(from, to);
        }
    }
    fn push_shifted<B: Bits>(&mut self, back: i32, targets: B) {
        for to in targets & B::of(self.near) {
            let from = Square::from_index_unchecked((to.index() as i32 + back) as u32);
            self.push(Move::normal(from, to));
        }
    }
    fn push_drops<B: Bits>(&mut self, kind: Kind, squares: B) {
        if (squares & B::of(self.near)).nonempty() {
            let to = squares & B::of(self.squares(kind));
            self.inner.push_drops(kind, to);
        }
    }
}

/// The squares within two files and two ranks of `sq`.
fn near(sq: Square) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for df in -2..=2i32 {
        for dr in -2..=2i32 {
            let f = u8::try_from(i32::from(sq.file()) + df);
            let r = u8::try_from(i32::from(sq.rank()) + dr);
            if let (Ok(f), Ok(r)) = (f, r) {
                if let Some(s) = Square::new(f, r) {
                    b |= Bitboard::bit(s);
                }
            }
        }
    }
    b
}

impl Position {
    /// Fills `list` with the legal moves of the side to move that check the enemy king by
    /// themselves from within two files and two ranks of it (contact checks, a knight's
    /// checks and the short rides; a slider's check from afar and a discovered check are
    /// not among them): what a quiescence search adds to the captures. Empty where the
    /// game is over or in a setup phase, or the opponent has no king.
    pub fn generate_checks(&self, list: &mut MoveList) {
        list.clear();
        if self.in_setup() || self.immediate_outcome().is_some() {
            return;
        }
        let Some(ek) = self.king_square(self.side.other()) else {
            return;
        };
        let occ = self.occupied();
        self.generate_played_in::<false>(&mut Checks {
            pos: self,
            inner: list,
            near: near(ek) & self.v.board,
            king: ek,
            occ,
            from: [None; MAX_KINDS],
        });
        // tested again as the piece stands after the move
        let us = self.side;
        list.retain(|m| self.checks_from(m, us, ek, occ));
        super::super::hooks::filter_moves(self, list);
    }

    /// The type of the piece that move `m` (a drop, a plain move or a promotion) leaves
    /// on its landing square; `None` for the other kinds of move.
    fn landing_kind(&self, m: Move) -> Option<Kind> {
        match m.kind() {
            MoveKind::Drop | MoveKind::Promotion => Some(m.piece()),
            MoveKind::Normal => self.piece_at(m.from()).map(|p| p.kind),
            _ => None,
        }
    }

    /// Whether move `m` of `us` (a drop, a plain move or a promotion) attacks the enemy
    /// king on `ek` from where it lands.
    fn checks_from(&self, m: Move, us: Color, ek: Square, occ: Bitboard) -> bool {
        let Some(kind) = self.landing_kind(m) else {
            return false;
        };
        let (from, to) = (m.from(), m.to());
        let after = (occ & !from.bb()) | to.bb();
        self.attacks_of(kind, us, to, after).has(ek)
    }
}
