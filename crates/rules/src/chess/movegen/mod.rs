//! Legal move generation for every chess-family variant.
//!
//! When all pieces move by tables (leaps and unlimited rides) and there is one king,
//! legality comes from check and pin masks without playing the move; otherwise each
//! pseudo-legal move is played on a copy and kept if the king is safe. Special moves
//! (en passant, castling, the king's leap, the fers's double step, promotion in place) are
//! always checked by playing them. Rule hooks that forbid otherwise legal moves run last,
//! in [`super::hooks::filter_moves`].

use super::hooks::{KnightMate, NoBannedMate, PawnDropMate};
use super::legality::Pins;
use super::position::{Move, MoveKind, Position, Riders};
use super::special::Tested;
use super::variant::{pawn_offset, pawn_step, Kind, KingLeap, Promotion, MAX_KINDS};
use crate::geometry::{Bitboard, Bitboard64, Bits, Color, Square};

mod checks;
mod sink;

pub(crate) use sink::{sq0, Counter, Sink};
use sink::{CapturesOf, Checked};
pub use sink::{MoveList, MAX_MOVES};

impl Position {
    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Fills `list` with the legal moves of the side to move.
    pub fn generate_legal(&self, list: &mut MoveList) {
        if self.immediate_outcome().is_some() {
            list.clear();
            return;
        }
        self.generate_unfiltered(list);
        super::hooks::filter_moves(self, list);
    }

    /// The legal moves by the pieces' movement, before rule hooks forbid any.
    pub(crate) fn generate_unfiltered(&self, list: &mut MoveList) {
        list.clear();
        if self.in_setup() {
            self.generate_setup_drops(list);
        } else {
            self.generate_played(list);
        }
    }

    /// The legal captures of the side to move (en passant included; promotions only when
    /// they capture), after the rule hooks: what a quiescence search plays. Empty where
    /// the game is over or in a setup phase.
    pub fn generate_captures(&self, list: &mut MoveList) {
        list.clear();
        if self.in_setup() || self.immediate_outcome().is_some() {
            return;
        }
        self.generate_played_in::<true>(list);
        super::hooks::filter_moves(self, list);
    }

    /// The legal moves by the pieces' movement, outside the setup phase.
    fn generate_played(&self, list: &mut impl Sink) {
        self.generate_played_in::<false>(list);
    }

    /// The legal moves by the pieces' movement, outside the setup phase; with `CAPTURES`
    /// only those that take a piece.
    fn generate_played_in<const CAPTURES: bool>(&self, list: &mut impl Sink) {
        let v = self.v;
        let king = self.king_square(self.side);
        // check and pin masks decide legality (table-driven pieces, one king)
        if v.simple && king.is_some_and(|k| v.board.has(k)) {
            let riders = self.riders(self.side.other());
            if v.narrow {
                self.generate_moves::<Bitboard64, CAPTURES>(list, king, true, false, &riders);
            } else {
                self.generate_moves::<Bitboard, CAPTURES>(list, king, true, false, &riders);
            }
        } else {
            let them = self.side.other();
            let riders = self.riders(them);
            let in_check =
                king.is_some_and(|k| self.attackers_with(k, them, self.occupied(), &riders).any());
            let fsf_facing = self.fsf_facing();
            let danger = if in_check {
                None
            } else {
                self.king_danger(&riders, fsf_facing)
            };
            self.generate_moves::<Bitboard, CAPTURES>(
                &mut Checked {
                    pos: self,
                    inner: list,
                    riders: &riders,
                    danger,
                    king,
                    by_playing: false,
                    fsf_facing,
                },
                king,
                false,
                in_check,
                &riders,
            );
        }
    }

    /// The legal moves found by playing every move the pieces could make and testing the
    /// king after it, without the shortcuts of [`Position::legal_moves`]: the reference
    /// those shortcuts are tested against.
    #[doc(hidden)]
    pub fn legal_moves_by_playing(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.immediate_outcome().is_some() {
            return list;
        }
        if self.in_setup() {
            self.generate_setup_drops(&mut list);
        } else {
            let riders = self.riders(self.side.other());
            self.generate_moves::<Bitboard, false>(
                &mut Checked {
                    pos: self,
                    inner: &mut list,
                    riders: &riders,
                    danger: None,
                    king: None,
                    by_playing: true,
                    fsf_facing: self.fsf_facing(),
                },
                self.king_square(self.side),
                false,
                self.in_check(),
                &riders,
            );
        }
        super::hooks::filter_moves(self, &mut list);
        list
    }

    /// Whether the number of legal moves can be counted without listing them: no rule
    /// hook filters moves here.
    fn can_bulk_count(&self) -> bool {
        let h = &self.v.spec.hooks;
        !h.check_capture && !h.stalemate_illegal && self.opening_left == 0 && !self.in_setup()
    }

    /// The number of legal moves (counted without listing them where no rule hook
    /// filters moves, as perft does at its last ply).
    pub fn count_legal(&self) -> usize {
        if self.immediate_outcome().is_some() {
            return 0;
        }
        if self.can_bulk_count() {
            let mut c = Counter(0);
            match (PawnDropMate::new(self), KnightMate::new(self)) {
                (None, None) => self.generate_played(&mut c),
                (Some(ban), None) => self.generate_played(&mut NoBannedMate {
                    pos: self,
                    inner: &mut c,
                    ban,
                }),
                (None, Some(ban)) => self.generate_played(&mut NoBannedMate {
                    pos: self,
                    inner: &mut c,
                    ban,
                }),
                // no game has both
                (Some(_), Some(_)) => return self.legal_moves().len(),
            }
            return c.0;
        }
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list.len()
    }

    /// The moves of the side to move by the pieces' movement, filtered by check and pin
    /// masks when `fast`, else left to `list` to test (`slow_in_check` says whether the
    /// king is in check then); `ksq` is the royal piece of the side to move, if alone.
    /// The sets are of width `B`: [`Bitboard64`] for a board within the 8x8 squares.
    /// With `CAPTURES`, only the moves that take a piece.
    fn generate_moves<B: Bits, const CAPTURES: bool>(
        &self,
        list: &mut impl Sink,
        ksq: Option<Square>,
        fast: bool,
        slow_in_check: bool,
        riders: &Riders,
    ) {
        let v = self.v;
        let us = self.side;
        let them = us.other();
        let occ = B::of(self.occupied());
        let enemy = B::of(self.color_bb(them));
        let own = B::of(self.color_bb(us));

        // the squares a move may go to: enemy pieces only when generating captures
        let only = if CAPTURES { enemy } else { !B::EMPTY };
        let royal_kind = ksq
            .and_then(|k| self.piece_at(k))
            .map_or(v.king, |p| p.kind);
        let (checkers, block, pins) = match (fast, ksq) {
            (true, Some(k)) => self.checks_and_pins::<B>(k, riders),
            _ => (B::EMPTY, !B::EMPTY, Pins::none()),
        };

        // King moves: each destination is tested with the king lifted off the board.
        let mut tested = Tested::NONE;
        if let (true, Some(k)) = (fast, ksq) {
            let steps = if v.uniform_kinds >> royal_kind & 1 != 0 {
                self.attacks_plain(royal_kind, us, k, occ) & !own
            } else {
                let (caps, quiets) = self.targets_of(royal_kind, us, k, occ.grid());
                B::of((caps & enemy.grid()) | quiets)
            };
            let steps = steps & only;
            // the king's leap (never out of check) is tested with the steps
            let targets = if checkers.is_empty() && v.spec.hooks.king_leap != KingLeap::None {
                steps | (B::of(self.king_leap_targets(k)) & only)
            } else {
                steps
            };
            let lifted = occ.without(k);
            let mut safe = B::EMPTY;
            let n = targets.popcount();
            if v.plain_attacks && n >= 2 && enemy.popcount() <= 2 * n {
                // few enemy pieces for several destinations: the squares they all attack
                safe = targets & !self.attacked_by(them, lifted);
            } else {
                for to in targets {
                    if !self.attacked_at(to, them, lifted, riders) {
                        safe |= B::bit(to);
                    }
                }
            }
            list.push_targets(k, safe);
            tested = Tested {
                squares: if v.plain_attacks {
                    steps.grid()
                } else {
                    Bitboard::EMPTY
                },
                safe: safe.grid(),
                fast: true,
            };
            if checkers.several() {
                if CAPTURES {
                    let enemy = self.color_bb(them);
                    self.push_special(
                        &mut CapturesOf { inner: list, enemy },
                        true,
                        ksq,
                        riders,
                        tested,
                    );
                } else {
                    self.push_special(list, true, ksq, riders, tested);
                }
                return;
            }
            if v.special_moves && CAPTURES {
                let enemy = self.color_bb(them);
                self.push_king_and_fers_specials(
                    &mut CapturesOf { inner: list, enemy },
                    k,
                    checkers.nonempty(),
                    riders,
                    tested,
                );
            } else if v.special_moves {
                self.push_king_and_fers_specials(list, k, checkers.nonempty(), riders, tested);
            }
        }

        let target = if checkers.nonempty() {
            block
        } else {
            !B::EMPTY
        } & only;
        let mut general = ((1u32 << v.kinds()) - 1) as u16;
        if fast {
            // the unpinned pieces of the types that only leap, only ride, or both alike
            // (neither pawn, royal nor promoting), each type in a tight loop; the pinned
            // ones are left to the general loop below
            general &= !v.plain_movers & !(1 << royal_kind);
            let free = !pins.pinned;
            let to_mask = target & !own;
            let mut kinds = v.plain_movers & v.leap_only;
            while kinds != 0 {
                let kind = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                let t = &v.tables[kind][us.index()];
                for from in B::of(self.pieces(us, kind as Kind)) & free {
                    list.push_targets(from, B::of(t.leap_capture[from.index()]) & to_mask);
                }
            }
            let mut kinds = v.plain_movers & v.ride_only;
            while kinds != 0 {
                let kind = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                let t = &v.tables[kind][us.index()];
                let each = B::of(self.pieces(us, kind as Kind)) & free;
                if let Some((a, b)) = v.two_lines(t) {
                    // (the rook's and the bishop's case, without a loop over lines)
                    for from in each {
                        let reach = a.reach(from, occ) | b.reach(from, occ);
                        list.push_targets(from, reach & to_mask);
                    }
                } else {
                    for from in each {
                        list.push_targets(from, v.capture_rides(t, from, occ) & to_mask);
                    }
                }
            }
            let mut kinds = v.plain_movers & !v.leap_only & !v.ride_only;
            while kinds != 0 {
                let kind = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                let t = &v.tables[kind][us.index()];
                for from in B::of(self.pieces(us, kind as Kind)) & free {
                    let a = B::of(t.leap_capture[from.index()]) | v.capture_rides(t, from, occ);
                    list.push_targets(from, a & to_mask);
                }
            }
            // the pinned ones, along their line
            for from in pins.pinned & own {
                if let Some(p) = self.piece_at(from) {
                    if v.plain_movers >> p.kind & 1 != 0 {
                        self.push_piece_moves(list, p.kind, from, target, &pins);
                    }
                }
            }
        }
        let pawn_special = B::of(v.pawn_special[us.index()]);
        let shogi_promotion = matches!(v.spec.promotion, Promotion::Shogi { .. });
        while general != 0 {
            let kind = general.trailing_zeros() as Kind;
            general &= general - 1;
            let mut each = B::of(self.pieces(us, kind));
            let pawn = v.is_pawn(kind);
            // (a pawn that promotes shogi-style moves as the other promoting pieces)
            let pawn_moves = pawn && !(shogi_promotion && v.promote_kind[kind as usize].is_some());
            if fast && v.shift_pawns >> kind & 1 != 0 {
                // the pawns neither pinned nor near a square where a move is more than a
                // plain move: all at once, by shifting the set
                let free = each & !pins.pinned & !B::of(v.pawn_special_near[us.index()]);
                each &= !free;
                let board = B::of(v.board);
                for df in [-1, 0, 1] {
                    let to = pawn_step(free, us, df) & board & target;
                    let to = if df == 0 { to & !occ } else { to & enemy };
                    list.push_shifted(-pawn_offset(us, df), to);
                }
            }
            for from in each {
                if pawn_moves {
                    let (caps, quiets) = self.piece_targets(kind, from, target, &pins);
                    let targets = caps | quiets;
                    if (targets & pawn_special).is_empty() {
                        list.push_targets(from, targets);
                    } else {
                        for to in targets {
                            self.push_pawn_move(list, from, to);
                        }
                    }
                    if v.spec.hooks.pawn_double_step && pins.pinned.has(from) && !CAPTURES {
                        self.push_double_step(list, from, occ, target, &pins);
                    }
                } else {
                    self.push_piece_moves(list, kind, from, target, &pins);
                }
            }
            if v.spec.hooks.pawn_double_step && pawn && !CAPTURES {
                // the unpinned pawns' double steps, all at once
                let pawns = B::of(self.pieces(us, kind)) & !pins.pinned;
                self.push_double_steps(list, pawns, occ, target);
            }
        }
        if self.has_hand(us) && !CAPTURES {
            let squares = !occ & B::of(v.board) & target;
            for k in 0..v.kinds() as Kind {
                if self.in_hand(us, k) > 0 {
                    let mut to = squares;
                    if v.spec.hooks.drops {
                        // no drop where the piece could never move; no second unpromoted
                        // pawn on a file (nifu)
                        to &= !B::of(v.dead[k as usize][us.index()]);
                        if v.is_pawn(k) {
                            for p in self.pieces(us, k) {
                                to &= !B::of(v.shape().file(p.file()));
                            }
                        }
                    }
                    list.push_drops(k, to);
                }
            }
        }
        let in_check = if fast {
            checkers.nonempty()
        } else {
            slow_in_check
        };
        if CAPTURES {
            let enemy = self.color_bb(them);
            self.push_special(
                &mut CapturesOf { inner: list, enemy },
                in_check,
                ksq,
                riders,
                tested,
            );
        } else {
            self.push_special(list, in_check, ksq, riders, tested);
        }
    }

    /// The squares a piece of type `k` (moving and capturing alike) of colour `c` on `sq`
    /// attacks with occupancy `occ`: from the tables when it only leaps and rides.
    #[inline(always)]
    fn attacks_plain<B: Bits>(&self, k: Kind, c: Color, sq: Square, occ: B) -> B {
        let v = self.v;
        let t = &v.tables[k as usize][c.index()];
        if v.leap_only >> k & 1 != 0 {
            B::of(t.leap_capture[sq.index()])
        } else if v.ride_only >> k & 1 != 0 {
            v.capture_rides(t, sq, occ)
        } else {
            B::of(self.attacks_of(k, c, sq, occ.grid()))
        }
    }

    /// The squares the piece of type `kind` on `from` (of the side to move) may capture on
    /// and move to, within `target` and, when pinned, along its line.
    #[inline(always)]
    fn piece_targets<B: Bits>(
        &self,
        kind: Kind,
        from: Square,
        target: B,
        pins: &Pins<B>,
    ) -> (B, B) {
        let v = self.v;
        let us = self.side;
        let occ = B::of(self.occupied());
        let enemy = B::of(self.color_bb(us.other()));
        let (mut caps, mut quiets) = if v.uniform_kinds >> kind & 1 != 0 {
            let a = self.attacks_plain(kind, us, from, occ) & target;
            (a & enemy, a & !occ)
        } else {
            let (caps, quiets) = self.targets_of(kind, us, from, occ.grid());
            (B::of(caps) & enemy & target, B::of(quiets) & target)
        };
        if pins.pinned.has(from) {
            let line = pins.line(v, from);
            caps &= line;
            quiets &= line;
        }
        (caps, quiets)
    }

    /// The moves of the piece of type `kind` (not a pawn) on `from`: plain moves, and
    /// promotions where shogi-style promotion applies.
    #[inline(always)]
    fn push_piece_moves<B: Bits>(
        &self,
        list: &mut impl Sink,
        kind: Kind,
        from: Square,
        target: B,
        pins: &Pins<B>,
    ) {
        let v = self.v;
        let (caps, quiets) = self.piece_targets(kind, from, target, pins);
        if matches!(v.spec.promotion, Promotion::Shogi { .. })
            && v.promote_kind[kind as usize].is_some()
        {
            let zone = B::of(v.promotion_zone(self.side));
            if zone.has(from) || ((caps | quiets) & zone).nonempty() {
                for to in caps | quiets {
                    self.push_shogi_move(list, kind, from, to);
                }
                return;
            }
        }
        // no promotion possible: plain moves only
        list.push_targets(from, caps | quiets);
    }

    /// Every square `by`'s pieces attack with occupancy `occ`.
    #[inline(never)]
    fn attacked_by<B: Bits>(&self, by: Color, occ: B) -> B {
        let v = self.v;
        let theirs = B::of(self.color_bb(by));
        let mut attacked = B::EMPTY;
        let pieces = |k: usize| B::of(self.by_kind[k]) & theirs;
        // the pawns' diagonal steps, for the whole set at once
        let mut kinds = v.shift_pawns;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let p = pieces(k);
            attacked |= (pawn_step(p, by, -1) | pawn_step(p, by, 1)) & B::of(v.board);
        }
        let mut kinds = v.leap_only;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let t = &v.tables[k][by.index()];
            for from in pieces(k) {
                attacked |= B::of(t.leap_capture[from.index()]);
            }
        }
        let mut kinds = v.ride_only;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let each = pieces(k);
            if each.is_empty() {
                continue;
            }
            let t = &v.tables[k][by.index()];
            if let Some((a, b)) = v.two_lines(t) {
                for from in each {
                    attacked |= a.reach(from, occ) | b.reach(from, occ);
                }
            } else {
                for from in each {
                    attacked |= v.capture_rides(t, from, occ);
                }
            }
        }
        // the rest by their attacks in full
        let mut kinds =
            (((1u32 << v.kinds()) - 1) as u16) & !v.shift_pawns & !v.leap_only & !v.ride_only;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            for from in pieces(k) {
                attacked |= B::of(self.attacks_in(
                    k as Kind,
                    by,
                    from,
                    occ.grid(),
                    self.kind_bb(k as Kind),
                ));
            }
        }
        attacked
    }

    fn push_pawn_move(&self, list: &mut impl Sink, from: Square, to: Square) {
        let v = self.v;
        let us = self.side;
        let last_rank = if us == Color::White {
            v.shape().ranks - 1
        } else {
            0
        };
        match &v.spec.promotion {
            Promotion::Choice(kinds) => {
                if v.promotion_zone(us).has(to) {
                    for &k in kinds {
                        list.push(Move::new(MoveKind::Promotion, from, to, k));
                    }
                    return;
                }
            }
            Promotion::OriginalType => {
                if to.rank() == last_rank {
                    if let Some(k) = v.start_kind_on[to.index()] {
                        if k != v.king && !v.is_pawn(k) && self.has_lost(us, k, to) {
                            list.push(Move::new(MoveKind::Promotion, from, to, k));
                            return;
                        }
                    }
                }
            }
            Promotion::LostType => {
                if to.rank() == last_rank {
                    let mut any = false;
                    for k in 0..v.kinds() as Kind {
                        if k != v.king && !v.is_pawn(k) && self.has_lost(us, k, to) {
                            list.push(Move::new(MoveKind::Promotion, from, to, k));
                            any = true;
                        }
                    }
                    if any {
                        return;
                    }
                }
            }
            Promotion::Sittuyin { .. } | Promotion::None | Promotion::Shogi { .. } => {}
        }
        list.push(Move::normal(from, to));
    }

    /// A shogi-style move of a piece that can promote: promoted and plain where allowed.
    fn push_shogi_move(&self, list: &mut impl Sink, kind: Kind, from: Square, to: Square) {
        let v = self.v;
        let us = self.side;
        let zone = v.promotion_zone(us);
        let Some(promoted) = v.promote_kind[kind as usize] else {
            list.push(Move::normal(from, to));
            return;
        };
        let may = zone.has(from) || zone.has(to);
        let dead = v.dead[kind as usize][us.index()].has(to);
        let compulsory =
            matches!(v.spec.promotion, Promotion::Shogi { compulsory: true }) && zone.has(to) && {
                // Heian Shogi's compulsory reading: the keima only from the seventh row on
                let rel = if us == Color::White {
                    to.rank()
                } else {
                    v.shape().ranks - 1 - to.rank()
                };
                !(v.piece(kind).id == "knight" && rel + 3 == v.shape().ranks)
            };
        if may {
            list.push(Move::new(MoveKind::Promotion, from, to, promoted));
        }
        if !(may && (dead || compulsory)) {
            list.push(Move::normal(from, to));
        }
    }

    /// Whether `c` has fewer pieces of type `k` than at the start, not counting a piece
    /// captured on `to` by the move being generated (that one is the opponent's anyway).
    fn has_lost(&self, c: Color, k: Kind, _to: Square) -> bool {
        (self.pieces(c, k).count() as u8) < self.v.start_counts[c.index()][k as usize]
    }
}

#[allow(dead_code)]
const _: usize = MAX_KINDS;

#[cfg(test)]
mod tests {
    use super::super::games::{variant, GAMES};
    use super::super::position::{Move, Position};
    use super::MoveList;
    use crate::geometry::{Bitboard, Bitboard64};

    /// The moves of the side to move by the fast generator at the width `B`.
    fn fast_moves<B: crate::geometry::Bits>(pos: &Position) -> Vec<Move> {
        let mut list = MoveList::new();
        let riders = pos.riders(pos.side.other());
        pos.generate_moves::<B, false>(&mut list, pos.king_square(pos.side), true, false, &riders);
        let mut v = list.as_slice().to_vec();
        v.sort_by_key(|m| format!("{m:?}"));
        v
    }

    /// The 8x8 games generate on 64-bit sets, the larger boards on the grid's; on the 8x8
    /// games both widths list the same moves, in positions of random games.
    #[test]
    fn the_64_bit_generator_lists_what_the_grid_one_lists() {
        let mut next = crate::test_rng(0x2545_f491_4f6c_dd1du64);
        let mut compared = 0;
        for game in GAMES {
            let Ok(v) = variant(game.id, Some("fairy-stockfish"), &[]) else {
                continue;
            };
            let eight = v.shape().files <= 8 && v.shape().ranks <= 8;
            assert_eq!(v.narrow, eight, "{}", game.id);
            if !v.narrow || !v.simple {
                continue;
            }
            for _ in 0..20 {
                let mut pos = Position::start(v);
                for _ in 0..(next() % 120) {
                    if pos.king_square(pos.side).is_some() && !pos.in_setup() {
                        assert_eq!(
                            fast_moves::<Bitboard64>(&pos),
                            fast_moves::<Bitboard>(&pos),
                            "{} {}",
                            game.id,
                            pos.fen()
                        );
                        compared += 1;
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[(next() % moves.len() as u64) as usize];
                    pos.play_unchecked(m);
                }
            }
        }
        assert!(compared > 1000, "{compared} positions compared");
    }
}
