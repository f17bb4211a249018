//! Moves whose legality is always tested by playing them: en passant, castling, the king's
//! leap, the fers's double step, passing, the impasse declaration, Sittuyin's promotions,
//! and the setup phases (Sittuyin's placement, Janggi's arrangement).

use super::legality::Pins;
use super::movegen::{sq0, MoveList, Sink};
use super::position::{Move, MoveKind, Position, Riders};
use super::variant::{pawn_offset, pawn_step, FersStep, Kind, KingLeap, Promotion, Setup};
use crate::geometry::{Bitboard, Bits, Color, Square};

/// What the king's moves already tested in this position: the steps tested for attack
/// and those found safe (castling, never from check, may use them: with the king in check
/// excluded and no hoppers, a square beside the king is attacked with or without the king
/// on its square), and whether the fast generator listed castling, the king's leaps and
/// the fers's double steps itself.
#[derive(Clone, Copy)]
pub(crate) struct Tested {
    pub(crate) squares: Bitboard,
    pub(crate) safe: Bitboard,
    pub(crate) fast: bool,
}

impl Tested {
    /// Nothing tested.
    pub(crate) const NONE: Tested = Tested {
        squares: Bitboard::EMPTY,
        safe: Bitboard::EMPTY,
        fast: false,
    };
}

impl Position {
    /// The special moves, after the pieces' own: en passant, then those the variant's rules
    /// add (the fast generator, `tested.fast`, has listed castling, the king's leaps and the
    /// fers's double steps itself).
    #[inline]
    pub(crate) fn push_special(
        &self,
        list: &mut impl Sink,
        in_check: bool,
        ksq: Option<Square>,
        riders: &Riders,
        tested: Tested,
    ) {
        if let Some(ep) = self.ep {
            self.push_en_passant(list, ep, riders);
        }
        let v = self.v;
        let rules = if tested.fast {
            v.special_beyond_fast
        } else {
            v.special_moves
        };
        if rules {
            self.generate_special(list, in_check, ksq, riders, tested);
        }
    }

    /// The moves the variant's rules add, whose legality is always tested by playing them
    /// (see [`Position::push_special`]).
    pub(crate) fn generate_special(
        &self,
        list: &mut impl Sink,
        in_check: bool,
        ksq: Option<Square>,
        riders: &Riders,
        tested: Tested,
    ) {
        let v = self.v;
        let hooks = &v.spec.hooks;
        let Some(k) = ksq else { return };
        if hooks.pass {
            let pass = Move::new(MoveKind::Pass, k, k, 0);
            if in_check {
                self.push_if_safe(list, pass, riders);
            } else {
                // a pass changes nothing on the board: allowed when not in check
                list.push(pass);
            }
        }
        if hooks.impasse && self.impasse_possible() {
            list.push(Move::new(MoveKind::Declare, k, k, 0));
        }
        if !tested.fast {
            self.push_king_and_fers_specials(list, k, in_check, riders, tested);
        }
        if let Promotion::Sittuyin { fers, fsf } = v.spec.promotion {
            self.sittuyin_promotions(list, fers, fsf, in_check, riders);
        }
    }

    /// The en passant captures on `ep` that leave the king safe.
    pub(crate) fn push_en_passant(&self, list: &mut impl Sink, ep: Square, riders: &Riders) {
        let v = self.v;
        let us = self.side;
        let occ = self.occupied();
        // the pawns attacking the square: looked up for plain pawns, else tested
        let mut takers = Bitboard::EMPTY;
        for kind in 0..v.kinds() as Kind {
            if !v.is_pawn(kind) {
                continue;
            }
            let pawns = self.pieces(us, kind);
            if v.shift_pawns >> kind & 1 != 0 {
                takers |= v.tables[kind as usize][us.index()].leap_attackers[ep.index()] & pawns;
            } else {
                for from in pawns {
                    if self.attacks_of(kind, us, from, occ).has(ep) {
                        takers |= from.bb();
                    }
                }
            }
        }
        for from in takers {
            self.push_if_safe(list, Move::new(MoveKind::EnPassant, from, ep, 0), riders);
        }
    }

    /// Castling, the king's leaps and the fers's double steps: the special moves the fast
    /// generator lists itself (`tested`: the king's steps already tested).
    #[inline(always)]
    pub(crate) fn push_king_and_fers_specials(
        &self,
        list: &mut impl Sink,
        k: Square,
        in_check: bool,
        riders: &Riders,
        tested: Tested,
    ) {
        let v = self.v;
        let hooks = &v.spec.hooks;
        let us = self.side;
        if hooks.castling
            && !in_check
            && self.rights.has(k)
            && (!hooks.castle_right_in_opening || self.opening_left > 0)
        {
            for kingside in [true, false] {
                // Senterej castles only to the king's right: White's king side, Black's queen side.
                if hooks.castle_right_in_opening && kingside != (us == Color::White) {
                    continue;
                }
                if let Some(m) = self.castle_move(k, kingside, riders, tested) {
                    list.push(m);
                }
            }
        }
        if !in_check && !tested.fast {
            // (the fast generator tests the leaps with the king's steps)
            for to in self.king_leap_targets(k) {
                self.push_if_safe(list, Move::normal(k, to), riders);
            }
        }
        if hooks.fers_step != FersStep::None {
            let occ = self.occupied();
            if let Some(fers) = v.fers_kind {
                // two steps straight forward to an empty square (the seed's step only
                // over an empty square), all the unmoved ferses at once
                let movers = self.pieces(us, fers) & self.rights;
                if movers.any() {
                    let mut mid = pawn_step(movers, us, 0);
                    if hooks.fers_step == FersStep::Seed {
                        mid &= !occ;
                    }
                    let back = 2 * pawn_offset(us, 0);
                    let open = if hooks.fers_step == FersStep::Fsf11 {
                        !self.color_bb(us)
                    } else {
                        !occ
                    };
                    for to in pawn_step(mid, us, 0) & v.board & open {
                        let from = Square::from_index_unchecked((to.index() as i32 - back) as u32);
                        self.push_if_safe(list, Move::normal(from, to), riders);
                    }
                }
            }
        }
    }

    /// Where the king on `k` may still leap by the variant's king's leap (to be tested for
    /// safety; never out of check).
    pub(crate) fn king_leap_targets(&self, k: Square) -> Bitboard {
        let v = self.v;
        let us = self.side;
        let leap = v.spec.hooks.king_leap;
        let may = match leap {
            KingLeap::None => false,
            KingLeap::OncePerGame => self.leap[us.index()],
            KingLeap::FirstMove | KingLeap::FirstMoveForward | KingLeap::Cambodian => {
                self.rights.has(k)
            }
        };
        if !may {
            return Bitboard::EMPTY;
        }
        let leaps = v.king_leaps[us.index()][k.index()] & !self.color_bb(us);
        if leap == KingLeap::Cambodian {
            leaps & !self.occupied()
        } else {
            leaps
        }
    }

    /// Lists `m` if it leaves the king safe, given the opponent's riders.
    pub(crate) fn push_if_safe(&self, sink: &mut impl Sink, m: Move, riders: &Riders) {
        // decided from the occupancy after the move where it can be, else by playing it
        let safe = match self.quick_legal(m, riders, self.fsf_facing()) {
            Some(ok) => ok,
            None => self.is_safe_after(m),
        };
        if safe {
            sink.push(m);
        }
    }

    pub(crate) fn pieces_of_role_pawn(&self, c: Color) -> Bitboard {
        self.kinds_bb(self.v.pawn_kinds) & self.color_bb(c)
    }

    /// Castling to the `kingside` if allowed, given the opponent's riders and the king's
    /// destinations already tested.
    #[inline]
    fn castle_move(
        &self,
        k: Square,
        kingside: bool,
        riders: &Riders,
        tested: Tested,
    ) -> Option<Move> {
        let c = self.v.castle[k.index()][usize::from(kingside)].as_ref()?;
        if !self.rights.has(c.rook) || (self.occupied() & c.between).any() {
            return None;
        }
        self.castle_path_safe(c, riders, tested)
            .then(|| Move::new(MoveKind::Castle, k, c.to, 0))
    }

    /// Whether the squares the king crosses to castle are safe.
    #[inline(never)]
    fn castle_path_safe(&self, c: &CastleSquares, riders: &Riders, tested: Tested) -> bool {
        let occ = self.occupied();
        c.crossed.iter().all(|&s| {
            if tested.squares.has(s) {
                tested.safe.has(s)
            } else {
                !self.attacked_at(s, self.side.other(), occ, riders)
            }
        })
    }

    /// The double steps of the unpinned `pawns` from their first rank.
    pub(crate) fn push_double_steps<B: Bits>(
        &self,
        list: &mut impl Sink,
        pawns: B,
        occ: B,
        target: B,
    ) {
        let v = self.v;
        let us = self.side;
        let from = pawns & B::of(v.double_step_rank[us.index()]);
        if from.is_empty() {
            return;
        }
        let mid = pawn_step(from, us, 0) & !occ;
        let to = pawn_step(mid, us, 0) & !occ & target;
        list.push_shifted(-2 * pawn_offset(us, 0), to & B::of(v.board));
    }

    pub(crate) fn push_double_step<B: Bits>(
        &self,
        list: &mut impl Sink,
        from: Square,
        occ: B,
        target: B,
        pins: &Pins<B>,
    ) {
        let us = self.side;
        let start_rank = if us == Color::White {
            1
        } else {
            self.v.shape().ranks - 2
        };
        if from.rank() != start_rank {
            return;
        }
        let (Some(mid), Some(to)) = (
            from.offset(0, us.forward()),
            from.offset(0, 2 * us.forward()),
        ) else {
            return;
        };
        if occ.has(mid) || occ.has(to) || !target.has(to) {
            return;
        }
        if pins.pinned.has(from) && !pins.line(self.v, from).has(to) {
            return;
        }
        list.push(Move::normal(from, to));
    }

    /// Sittuyin's promotions (the fers moves of a pawn turning into one), given whether
    /// the king is in check and the opponent's riders.
    pub(crate) fn sittuyin_promotions(
        &self,
        list: &mut impl Sink,
        fers: Kind,
        fsf: bool,
        in_check: bool,
        riders: &Riders,
    ) {
        let v = self.v;
        let us = self.side;
        if self.pieces(us, fers).any() {
            return;
        }
        let pawns = self.pieces_of_role_pawn(us);
        let from_squares = if fsf && pawns.count() == 1 {
            pawns
        } else {
            pawns & v.promotion_zone(us)
        };
        let occ = self.occupied();
        let enemy = self.color_bb(us.other());
        let enemy_fers = self.pieces(us.other(), fers);
        if from_squares.is_empty() {
            return;
        }
        let their_king = self.king_square(us.other());
        let our_king = self.king_square(us);
        // table-driven pieces: a discovered check can only come along the line through
        // the emptied square; otherwise every attacker is listed
        let our_riders = if v.simple {
            None
        } else {
            Some(self.riders(us))
        };
        for from in from_squares {
            let (caps, quiets) = self.targets_of(fers, us, from, occ);
            let steps = quiets
                | if fsf {
                    Bitboard::EMPTY
                } else {
                    caps & enemy & !enemy_fers
                };
            // table-driven pieces, king not in check: only the line from the king through
            // `from` can open
            let shielding = our_king.is_some_and(|k| {
                !v.simple || v.ray_toward[k.index()][from.index()] != super::variant::NO_RAY
            });
            for to in steps.with(from) {
                let occ_after = occ.without(from).with(to);
                let attacks = if v.leap_only >> fers & 1 != 0 {
                    v.tables[fers as usize][us.index()].leap_capture[to.index()]
                } else {
                    self.attacks_of(fers, us, to, occ_after)
                };
                // Fairy-Stockfish forbids the new fers to attack any enemy piece
                if fsf && (attacks & enemy).any() {
                    continue;
                }
                let m = Move::new(MoveKind::Promotion, from, to, fers);
                // the move may not give check (directly or by discovery) nor leave the king
                // attacked
                let allowed = if list.by_playing() {
                    let mut after = self.clone();
                    after.play_unchecked(m);
                    !after.king_attacked(us) && !after.king_attacked(us.other())
                } else {
                    let check = their_king.is_some_and(|ek| {
                        attacks.has(ek)
                            || match &our_riders {
                                None => from != to && self.opens_line(ek, from, occ_after, us),
                                Some(r) => {
                                    (self.attackers_with(ek, us, occ_after, r) & !from.bb()).any()
                                }
                            }
                    });
                    !check
                        && if from == to {
                            // the board's occupancy is unchanged
                            !in_check
                        } else if let (false, Some(k)) = (in_check, our_king) {
                            !shielding || !self.exposes_king(k, from, to, fers, riders)
                        } else {
                            self.quick_legal(m, riders, false)
                                .unwrap_or_else(|| self.is_safe_after(m))
                        }
                };
                if allowed {
                    list.push(m);
                }
            }
        }
    }

    /// Whether emptying `from` opens a line from one of `by`'s riders to `target`, with
    /// `occ_after` the occupancy after the move (the pieces moving by tables, no hopper;
    /// `target` not attacked before).
    pub(crate) fn opens_line(
        &self,
        target: Square,
        from: Square,
        occ_after: Bitboard,
        by: Color,
    ) -> bool {
        let v = self.v;
        let r = v.ray_toward[target.index()][from.index()];
        if r == super::variant::NO_RAY {
            return false;
        }
        let Some(first) = v.first_on(r as usize, target, occ_after) else {
            return false;
        };
        self.of_ray_kinds(
            self.color_bb(by),
            &v.ray_kinds[by.index()],
            r as usize,
            first,
        )
    }

    pub(crate) fn generate_setup_drops(&self, list: &mut MoveList) {
        let v = self.v;
        let us = self.side;
        if v.spec.hooks.setup == Setup::JanggiArrangement {
            if self.has_hand(us) {
                let k = self.king_square(us).unwrap_or(sq0());
                for n in 0..4 {
                    list.push(Move::new(MoveKind::Arrange, k, k, n));
                }
            }
            return;
        }
        let Setup::Sittuyin { fsf } = v.spec.hooks.setup else {
            return;
        };
        let occ = self.occupied();
        let region = if fsf {
            let ranks = [0u8, 1, 2].map(|r| {
                if us == Color::White {
                    r
                } else {
                    v.shape().ranks - 1 - r
                }
            });
            ranks
                .iter()
                .fold(Bitboard::EMPTY, |b, &r| b | v.shape().rank(r))
        } else {
            sittuyin_home(self, us)
        };
        let rook = v.kind_of_id("rook");
        let back = v.shape().rank(if us == Color::White {
            0
        } else {
            v.shape().ranks - 1
        });
        for k in 0..v.kinds() as Kind {
            if self.in_hand(us, k) == 0 {
                continue;
            }
            let mut squares = region & !occ;
            if Some(k) == rook {
                if fsf {
                    squares &= back;
                } else if us == Color::Black {
                    squares &= !self.seed_rook_forbidden_files();
                }
            }
            for to in squares {
                let m = Move::new(MoveKind::Drop, to, to, k);
                if self.is_safe_after(m) {
                    list.push(m);
                }
            }
        }
    }

    /// Files where Black may not place a rook (seed: no two rooks on one file, no rook on
    /// the file of White's king).
    pub(crate) fn seed_rook_forbidden_files(&self) -> Bitboard {
        let v = self.v;
        let mut files = Bitboard::EMPTY;
        let file_bb = |f: u8| {
            (0..v.shape().ranks)
                .filter_map(|r| Square::new(f, r))
                .fold(Bitboard::EMPTY, |b, s| b | s.bb())
        };
        if let Some(rook) = v.kind_of_id("rook") {
            for s in self.pieces(Color::Black, rook) {
                files |= file_bb(s.file());
            }
        }
        if let Some(k) = self.king_square(Color::White) {
            files |= file_bb(k.file());
        }
        files
    }
}

/// The seed's Sittuyin placement area: behind the own pawns (White: ranks 1-2 on files
/// a-d, ranks 1-3 on files e-h; Black mirrored).
fn sittuyin_home(pos: &Position, us: Color) -> Bitboard {
    let shape = pos.v.shape();
    let mut b = Bitboard::EMPTY;
    for f in 0..shape.files {
        let depth = if (f < 4) == (us == Color::White) {
            2
        } else {
            3
        };
        for r in 0..depth {
            let rank = if us == Color::White {
                r
            } else {
                shape.ranks - 1 - r
            };
            if let Some(s) = Square::new(f, rank) {
                b |= s.bb();
            }
        }
    }
    b
}

/// Castling's squares for a king on one square, to one side.
#[derive(Clone, Copy)]
pub(crate) struct CastleSquares {
    /// Where the rook stands (the corner of the king's rank).
    rook: Square,
    /// Where the king lands, two files over.
    to: Square,
    /// The squares between king and rook, which must be empty.
    between: Bitboard,
    /// The two squares the king crosses, which must not be attacked.
    crossed: [Square; 2],
}

impl CastleSquares {
    /// For a king on `k` on a board `files` wide (none when a square falls off the grid).
    pub(crate) fn new(files: u8, k: Square, kingside: bool) -> Option<CastleSquares> {
        let rank = k.rank();
        let rook = Square::new(if kingside { files - 1 } else { 0 }, rank)?;
        let to_file = if kingside {
            k.file() + 2
        } else {
            k.file().checked_sub(2)?
        };
        let to = Square::new(to_file, rank)?;
        let (lo, hi) = if kingside {
            (k.file(), rook.file())
        } else {
            (rook.file(), k.file())
        };
        let between = (lo + 1..hi)
            .filter_map(|f| Square::new(f, rank))
            .fold(Bitboard::EMPTY, |b, s| b.with(s));
        let step: i8 = if kingside { 1 } else { -1 };
        let first = k.offset(step, 0)?;
        Some(CastleSquares {
            rook,
            to,
            between,
            crossed: [first, first.offset(step, 0)?],
        })
    }
}
