//! Legal move generation for every chess-family variant.
//!
//! When all pieces move by tables (leaps and unlimited rides) and there is one king,
//! legality comes from check and pin masks without playing the move; otherwise each
//! pseudo-legal move is played on a copy and kept if the king is safe. Special moves
//! (en passant, castling, the king's leap, the fers's double step, promotion in place) are
//! always checked by playing them. Rule hooks that forbid otherwise legal moves run last,
//! in [`super::hooks::filter_moves`].

use super::position::{After, Move, MoveKind, Position, Riders};
use super::variant::{Bikjang, FersStep, Kind, KingLeap, Promotion, Setup, MAX_KINDS};
use crate::geometry::{Bitboard, Color, Square};

/// Most moves a position can have.
pub const MAX_MOVES: usize = 640;

/// A list of moves on the stack.
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [Move::normal(sq0(), sq0()); MAX_MOVES],
            len: 0,
        }
    }
}

fn sq0() -> Square {
    Square::new(0, 0).expect("a1")
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList::default()
    }
    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The moves.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    /// Removes every move for which `keep` is false.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }
    /// Removes all moves.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

/// Where generated moves go: a list, or a counter for perft's last ply.
pub(crate) trait Sink {
    /// One move.
    fn push(&mut self, m: Move);
    /// Plain moves from `from` to each target.
    fn push_targets(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }
    /// Drops of `kind` on each square.
    fn push_drops(&mut self, kind: Kind, squares: Bitboard) {
        for to in squares {
            self.push(Move::new(MoveKind::Drop, to, to, kind));
        }
    }
}

impl Sink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

/// Counts moves without listing them.
pub(crate) struct Counter(pub(crate) usize);

impl Sink for Counter {
    #[inline]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
    #[inline]
    fn push_targets(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count() as usize;
    }
    #[inline]
    fn push_drops(&mut self, _kind: Kind, squares: Bitboard) {
        self.0 += squares.count() as usize;
    }
}

/// Passes on only the moves after which the mover's king is safe (the slow path).
struct Checked<'a, S: Sink> {
    pos: &'a Position,
    inner: &'a mut S,
    riders: Riders,
    /// Squares a move must touch to change the king's safety (when not in check); `None`
    /// when every move is tested.
    danger: Option<Bitboard>,
}

impl<S: Sink> Sink for Checked<'_, S> {
    fn push(&mut self, m: Move) {
        if let Some(danger) = self.danger {
            let quiet_for_king = match m.kind() {
                MoveKind::Drop => true,
                MoveKind::Normal | MoveKind::Promotion => {
                    !danger.has(m.from())
                        && !danger.has(m.to())
                        && self
                            .pos
                            .piece_at(m.from())
                            .is_some_and(|p| !self.pos.v.is_royal(p.kind))
                }
                _ => false,
            };
            if quiet_for_king {
                self.inner.push(m);
                return;
            }
        }
        let legal = match self.pos.quick_legal(m, &self.riders) {
            Some(ok) => ok,
            None => self.pos.is_safe_after(m),
        };
        if legal {
            self.inner.push(m);
        }
    }
}

struct Pins {
    pinned: Bitboard,
    lines: [(Square, Bitboard); 16],
    n: usize,
}

impl Pins {
    fn line(&self, sq: Square) -> Bitboard {
        self.lines[..self.n]
            .iter()
            .find(|(s, _)| *s == sq)
            .map_or(Bitboard::EMPTY, |x| x.1)
    }
}

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
        } else if self.fast_legality() {
            self.generate_moves(list, true);
        } else {
            let riders = self.riders(self.side.other());
            let danger = self.king_danger(&riders);
            self.generate_moves(
                &mut Checked {
                    pos: self,
                    inner: list,
                    riders,
                    danger,
                },
                false,
            );
        }
    }

    /// Whether check and pin masks decide legality (table-driven pieces, one king).
    #[inline]
    fn fast_legality(&self) -> bool {
        let v = self.v;
        v.simple && self.king_square(self.side).is_some_and(|k| v.board.has(k))
    }

    /// Whether the number of legal moves can be counted without listing them: no rule
    /// hook filters moves here.
    fn can_bulk_count(&self) -> bool {
        let h = &self.v.spec.hooks;
        !h.check_capture
            && !h.drops
            && !h.knight_mate_illegal
            && !h.stalemate_illegal
            && self.opening_left == 0
            && !self.in_setup()
            && self.fast_legality()
    }

    /// The number of legal moves (counted without listing them where no rule hook
    /// filters moves, as perft does at its last ply).
    pub fn count_legal(&self) -> usize {
        if self.immediate_outcome().is_some() {
            return 0;
        }
        if self.can_bulk_count() {
            let mut c = Counter(0);
            self.generate_moves(&mut c, true);
            return c.0;
        }
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list.len()
    }

    fn generate_moves(&self, list: &mut impl Sink, fast: bool) {
        let v = self.v;
        let us = self.side;
        let them = us.other();
        let occ = self.occupied();
        let enemy = self.color_bb(them);
        let ksq = self.king_square(us);

        let riders = self.riders(them);
        let royal_kind = ksq
            .and_then(|k| self.piece_at(k))
            .map_or(v.king, |p| p.kind);
        let (checkers, block) = match (fast, ksq) {
            (true, Some(k)) => self.check_mask(k, &riders),
            _ => (Bitboard::EMPTY, !Bitboard::EMPTY),
        };
        let pins = match (fast, ksq) {
            (true, Some(k)) => self.pins(k, us, &riders),
            _ => Pins {
                pinned: Bitboard::EMPTY,
                lines: [(sq0(), Bitboard::EMPTY); 16],
                n: 0,
            },
        };

        // King moves: each destination is tested with the king lifted off the board.
        if let (true, Some(k)) = (fast, ksq) {
            let targets = if v.uniform_kinds >> royal_kind & 1 != 0 {
                self.attacks_of(royal_kind, us, k, occ) & !self.color_bb(us)
            } else {
                (self.attacks_of(royal_kind, us, k, occ) & enemy)
                    | self.quiet_of(royal_kind, us, k, occ)
            };
            let lifted = occ.without(k);
            let mut safe = Bitboard::EMPTY;
            for to in targets {
                if self.attackers_with(to, them, lifted, &riders).is_empty() {
                    safe |= to.bb();
                }
            }
            list.push_targets(k, safe);
            if checkers.several() {
                self.generate_special(list, true, ksq);
                return;
            }
        }

        let target = if checkers.any() {
            block
        } else {
            !Bitboard::EMPTY
        };
        let shogi_promotion = matches!(v.spec.promotion, Promotion::Shogi { .. });
        // squares where a pawn's move is more than a plain move (promotion)
        let last_rank = v.shape().rank(if us == Color::White {
            v.shape().ranks - 1
        } else {
            0
        });
        let pawn_special = match v.spec.promotion {
            Promotion::Choice(_) => v.promotion_zone(us),
            Promotion::OriginalType | Promotion::LostType => last_rank,
            _ => Bitboard::EMPTY,
        };
        for kind in 0..v.kinds() as Kind {
            if fast && kind == royal_kind {
                continue;
            }
            let pawn = v.is_pawn(kind);
            let uniform = v.uniform_kinds >> kind & 1 != 0;
            for from in self.pieces(us, kind) {
                let (mut caps, mut quiets) = if uniform {
                    let a = self.attacks_of(kind, us, from, occ) & target;
                    (a & enemy, a & !occ)
                } else {
                    (
                        self.attacks_of(kind, us, from, occ) & enemy & target,
                        self.quiet_of(kind, us, from, occ) & target,
                    )
                };
                if pins.pinned.has(from) {
                    let line = pins.line(from);
                    caps &= line;
                    quiets &= line;
                }
                if shogi_promotion && v.promote_kind[kind as usize].is_some() {
                    for to in caps | quiets {
                        self.push_shogi_move(list, kind, from, to);
                    }
                } else if pawn {
                    let targets = caps | quiets;
                    if (targets & pawn_special).is_empty() {
                        list.push_targets(from, targets);
                    } else {
                        for to in targets {
                            self.push_pawn_move(list, from, to);
                        }
                    }
                    if v.spec.hooks.pawn_double_step {
                        self.push_double_step(list, from, occ, target, &pins);
                    }
                } else {
                    list.push_targets(from, caps | quiets);
                }
            }
        }
        if self.has_hand(us) {
            let squares = !occ & v.board & target;
            for k in 0..v.kinds() as Kind {
                if self.in_hand(us, k) > 0 {
                    let mut to = squares;
                    if v.spec.hooks.drops {
                        // no drop where the piece could never move; no second unpromoted
                        // pawn on a file (nifu)
                        to &= !v.dead[k as usize][us.index()];
                        if v.is_pawn(k) {
                            for p in self.pieces(us, k) {
                                to &= !file_mask(v, p.file());
                            }
                        }
                    }
                    list.push_drops(k, to);
                }
            }
        }
        let in_check = if fast {
            checkers.any()
        } else {
            self.in_check()
        };
        self.generate_special(list, in_check, ksq);
    }

    /// Moves whose legality is always tested by playing them.
    fn generate_special(&self, list: &mut impl Sink, in_check: bool, ksq: Option<Square>) {
        let v = self.v;
        let hooks = &v.spec.hooks;
        let us = self.side;
        let own = self.color_bb(us);
        let occ = self.occupied();
        if let Some(ep) = self.ep {
            for from in self.pieces_of_role_pawn(us) {
                if self
                    .attacks_of(self.piece_at(from).expect("pawn").kind, us, from, occ)
                    .has(ep)
                {
                    self.push_if_safe(list, Move::new(MoveKind::EnPassant, from, ep, 0));
                }
            }
        }
        let Some(k) = ksq else { return };
        if hooks.pass {
            self.push_if_safe(list, Move::new(MoveKind::Pass, k, k, 0));
        }
        if hooks.impasse && self.impasse_possible() {
            list.push(Move::new(MoveKind::Declare, k, k, 0));
        }
        if hooks.castling && !in_check && (!hooks.castle_right_in_opening || self.opening_left > 0)
        {
            for kingside in [true, false] {
                // Senterej castles only to the king's right: White's king side, Black's queen side.
                if hooks.castle_right_in_opening && kingside != (us == Color::White) {
                    continue;
                }
                if let Some(m) = self.castle_move(k, kingside) {
                    list.push(m);
                }
            }
        }
        let leap_ok = match hooks.king_leap {
            KingLeap::None => false,
            KingLeap::OncePerGame => self.leap[us.index()],
            KingLeap::FirstMove | KingLeap::FirstMoveForward | KingLeap::Cambodian => {
                self.rights.has(k)
            }
        };
        if leap_ok && !in_check {
            for (dx, dy) in KNIGHT {
                let Some(to) = k.offset(dx, dy).filter(|s| v.board.has(*s)) else {
                    continue;
                };
                if own.has(to) {
                    continue;
                }
                let forward_only = matches!(
                    hooks.king_leap,
                    KingLeap::FirstMoveForward | KingLeap::Cambodian
                );
                if (forward_only && dy != us.forward())
                    || (hooks.king_leap == KingLeap::Cambodian && occ.has(to))
                {
                    continue;
                }
                self.push_if_safe(list, Move::normal(k, to));
            }
        }
        if hooks.fers_step != FersStep::None {
            if let Some(fers) = v.fers_kind {
                for from in self.pieces(us, fers) & self.rights {
                    let (Some(mid), Some(to)) = (
                        from.offset(0, us.forward()),
                        from.offset(0, 2 * us.forward()),
                    ) else {
                        continue;
                    };
                    if !v.board.has(to)
                        || occ.has(to)
                        || (hooks.fers_step == FersStep::Seed && occ.has(mid))
                    {
                        continue;
                    }
                    self.push_if_safe(list, Move::normal(from, to));
                }
            }
        }
        if let Promotion::Sittuyin { fers, fsf } = v.spec.promotion {
            self.sittuyin_promotions(list, fers, fsf);
        }
    }

    fn push_if_safe(&self, sink: &mut impl Sink, m: Move) {
        if self.is_safe_after(m) {
            sink.push(m);
        }
    }

    fn pieces_of_role_pawn(&self, c: Color) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for k in 0..self.v.kinds() as Kind {
            if self.v.is_pawn(k) {
                b |= self.pieces(c, k);
            }
        }
        b
    }

    fn castle_move(&self, k: Square, kingside: bool) -> Option<Move> {
        let v = self.v;
        let us = self.side;
        let rank = k.rank();
        let rook_file = if kingside { v.shape().files - 1 } else { 0 };
        let rook_sq = Square::new(rook_file, rank)?;
        if !self.rights.has(k) || !self.rights.has(rook_sq) {
            return None;
        }
        let to = Square::new(if kingside { k.file() + 2 } else { k.file() - 2 }, rank)?;
        let (lo, hi) = if kingside {
            (k.file() + 1, rook_file)
        } else {
            (1, k.file())
        };
        let occ = self.occupied();
        for f in lo..hi {
            if occ.has(Square::new(f, rank)?) {
                return None;
            }
        }
        let step: i8 = if kingside { 1 } else { -1 };
        let mut s = k;
        for _ in 0..2 {
            s = s.offset(step, 0)?;
            if self.is_attacked(s, us.other(), occ) {
                return None;
            }
        }
        Some(Move::new(MoveKind::Castle, k, to, 0))
    }

    fn push_double_step(
        &self,
        list: &mut impl Sink,
        from: Square,
        occ: Bitboard,
        target: Bitboard,
        pins: &Pins,
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
        if pins.pinned.has(from) && !pins.line(from).has(to) {
            return;
        }
        list.push(Move::normal(from, to));
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

    fn sittuyin_promotions(&self, list: &mut impl Sink, fers: Kind, fsf: bool) {
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
        for from in from_squares {
            let steps = self.quiet_of(fers, us, from, occ)
                | if fsf {
                    Bitboard::EMPTY
                } else {
                    self.attacks_of(fers, us, from, occ) & enemy & !enemy_fers
                };
            for to in steps.with(from) {
                let m = Move::new(MoveKind::Promotion, from, to, fers);
                let mut after = self.clone();
                after.play_unchecked(m);
                if after.king_attacked(us) {
                    continue;
                }
                // The move may not give check (directly or by discovery); Fairy-Stockfish
                // also forbids the new fers to attack any enemy piece.
                let gives_check = after.king_attacked(us.other())
                    || (fsf
                        && (self.attacks_of(fers, us, to, occ.without(from).with(to)) & enemy)
                            .any());
                if !gives_check {
                    list.push(m);
                }
            }
        }
    }

    fn generate_setup_drops(&self, list: &mut MoveList) {
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
    fn seed_rook_forbidden_files(&self) -> Bitboard {
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

    /// The squares where a move could change whether the king (not in check) is attacked:
    /// the lines of enemy riders through it, the paths of enemy hoppers and lame leapers
    /// that reach it, and the file between facing kings. `None` when in check, or while
    /// Fairy-Stockfish's bikjang makes every move need a test.
    fn king_danger(&self, their: &Riders) -> Option<Bitboard> {
        let v = self.v;
        let us = self.side;
        let them = us.other();
        let k = self.king_square(us)?;
        let facing_rule = v.spec.hooks.bikjang == Bikjang::Fsf && self.kings_facing();
        if facing_rule || self.attackers_with(k, them, self.occupied(), their).any() {
            return None;
        }
        let mut danger = Bitboard::EMPTY;
        for (i, ray) in v.rays.iter().enumerate() {
            if (ray.from[k.index()] & their.by_ray[i]).any() {
                danger |= ray.from[k.index()];
            }
        }
        for kind in 0..v.kinds() {
            let t = &v.tables[kind][them.index()];
            if !t.has_paths {
                continue;
            }
            for from in self.pieces(them, kind as Kind) & t.path_attackers[k.index()] {
                for p in &t.paths[from.index()] {
                    if let Some(i) = p.squares.iter().position(|s| *s == k) {
                        danger |= p.squares[..i].iter().fold(from.bb(), |b, s| b | s.bb());
                    }
                }
            }
        }
        if v.spec.hooks.flying_general {
            if let Some(theirs) = self.king_square(them) {
                if theirs.file() == k.file() {
                    for r in k.rank().min(theirs.rank())..=k.rank().max(theirs.rank()) {
                        danger |= Square::new(k.file(), r).expect("on board").bb();
                    }
                }
            }
        }
        Some(danger)
    }

    /// Whether `m` leaves the mover's king safe, decided from the occupancy after it without
    /// playing it; `None` for moves this cannot judge (those are played and tested).
    fn quick_legal(&self, m: Move, their_riders: &Riders) -> Option<bool> {
        let v = self.v;
        let drop = match m.kind() {
            MoveKind::Normal | MoveKind::Promotion if m.from() != m.to() => false,
            MoveKind::Drop => true,
            _ => return None,
        };
        if v.spec.hooks.bikjang == Bikjang::Fsf && self.kings_facing() {
            return None;
        }
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        let kind = if drop {
            m.piece()
        } else {
            self.piece_at(from)?.kind
        };
        let occ = self.occupied();
        let occ_after = if drop {
            occ.with(to)
        } else {
            occ.without(from).with(to)
        };
        let ksq = if !drop && v.is_royal(kind) {
            if self.royals(us).several() {
                return Some(true);
            }
            to
        } else {
            match self.king_square(us) {
                Some(k) => k,
                None => return Some(true),
            }
        };
        let after = After {
            from: if drop { to } else { from },
            to,
            kind,
        };
        Some(
            self.attackers_in(ksq, us.other(), occ_after, their_riders, Some(&after))
                .is_empty(),
        )
    }

    /// Whether the mover's king is safe after `m`.
    pub(crate) fn is_safe_after(&self, m: Move) -> bool {
        let fsf_bikjang = self.v.spec.hooks.bikjang == Bikjang::Fsf && self.kings_facing();
        if fsf_bikjang && m.kind() == MoveKind::Pass {
            // Fairy-Stockfish: while the kings face, passing is always allowed
            return true;
        }
        let mut after = self.clone();
        after.play_unchecked(m);
        // Fairy-Stockfish: while the kings face, a move must break the facing
        let exposed = after.king_attacked(self.side);
        let still_facing = fsf_bikjang && after.kings_facing();
        !exposed && !still_facing
    }

    /// Checkers of the king on `k` and the squares that answer a single check (the checker
    /// and, for a rider, the squares between).
    fn check_mask(&self, k: Square, riders: &Riders) -> (Bitboard, Bitboard) {
        let v = self.v;
        let us = self.side;
        let them = us.other();
        let occ = self.occupied();
        let checkers = self.attackers_with(k, them, occ, riders);
        if checkers.is_empty() || checkers.several() {
            return (checkers, checkers);
        }
        let c = checkers.lsb();
        for ray in &v.rays {
            if ray.from[k.index()].has(c) {
                let between = ray.from[k.index()] & !ray.from[c.index()];
                // a check by leap (a pawn or alfil on the line) is answered by capture only
                let piece = self.piece_at(c).expect("checker");
                if v.tables[piece.kind as usize][them.index()].leap_capture[c.index()].has(k) {
                    return (checkers, checkers);
                }
                return (checkers, between);
            }
        }
        (checkers, checkers)
    }

    /// Pieces of `us` pinned to the king on `k`, with the line each may move along.
    fn pins(&self, k: Square, us: Color, riders: &Riders) -> Pins {
        let v = self.v;
        let occ = self.occupied();
        let own = self.color_bb(us);
        let mut pins = Pins {
            pinned: Bitboard::EMPTY,
            lines: [(k, Bitboard::EMPTY); 16],
            n: 0,
        };
        for (i, ray) in v.rays.iter().enumerate() {
            let full = ray.from[k.index()];
            let line_riders = riders.by_ray[i];
            if (full & line_riders).is_empty() {
                continue;
            }
            let blockers = full & occ;
            if blockers.is_empty() {
                continue;
            }
            let first = if ray.up {
                blockers.lsb()
            } else {
                blockers.msb()
            };
            if !own.has(first) {
                continue;
            }
            let beyond = ray.from[first.index()] & occ;
            if beyond.is_empty() {
                continue;
            }
            let second = if ray.up { beyond.lsb() } else { beyond.msb() };
            if line_riders.has(second) && pins.n < 16 {
                pins.pinned |= first.bb();
                pins.lines[pins.n] = (first, full & !ray.from[second.index()]);
                pins.n += 1;
            }
        }
        pins
    }
}

fn file_mask(v: &super::variant::Variant, f: u8) -> Bitboard {
    (0..v.shape().ranks)
        .filter_map(|r| Square::new(f, r))
        .fold(Bitboard::EMPTY, |b, s| b | s.bb())
}

const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

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

#[allow(dead_code)]
const _: usize = MAX_KINDS;
