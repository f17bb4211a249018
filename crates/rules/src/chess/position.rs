//! A position of a chess-family game and how a move changes it.

use super::variant::{Counting, Kind, KingLeap, Opening, Setup, Variant, MAX_KINDS, MAX_RAYS};
use super::zobrist::KEYS;
use crate::geometry::{Bitboard, Color, Square, GRID_SQUARES};
use std::fmt;

/// A piece: its type and colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Type, an index into the variant's piece list.
    pub kind: Kind,
    /// Owner.
    pub color: Color,
}

impl Piece {
    #[inline]
    pub(crate) fn code(self) -> usize {
        (self.kind as usize) << 1 | self.color.index()
    }
}

const EMPTY: u8 = u8::MAX;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    /// A piece moves (and may capture).
    Normal,
    /// A pawn moves and becomes another type (`from == to` for Sittuyin's promotion in place).
    Promotion,
    /// A pawn takes en passant.
    EnPassant,
    /// The king castles (Asha's resting, Senterej's werera castling); `to` is the king's
    /// destination.
    Castle,
    /// A piece from hand is placed on `to`.
    Drop,
    /// The side passes (Janggi).
    Pass,
    /// Janggi: the side sets out its horses and elephants (arrangement in the piece field).
    Arrange,
    /// Shogi: the side declares an impasse (the 24-point rule decides).
    Declare,
}

/// A move, packed in 32 bits: from, to, kind and a piece type (promotion or drop).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u32);

impl Move {
    const KINDS: [MoveKind; 8] = [
        MoveKind::Normal,
        MoveKind::Promotion,
        MoveKind::EnPassant,
        MoveKind::Castle,
        MoveKind::Drop,
        MoveKind::Pass,
        MoveKind::Arrange,
        MoveKind::Declare,
    ];
    /// A move of the given kind.
    #[inline]
    pub fn new(kind: MoveKind, from: Square, to: Square, piece: Kind) -> Move {
        Move(
            from.index() as u32
                | (to.index() as u32) << 7
                | (kind as u32) << 14
                | (piece as u32) << 17,
        )
    }
    /// A plain move.
    #[inline]
    pub fn normal(from: Square, to: Square) -> Move {
        Move::new(MoveKind::Normal, from, to, 0)
    }
    /// Origin square (the destination for a drop).
    #[inline]
    pub fn from(self) -> Square {
        Square::from_index_unchecked(self.0 & 0x7F)
    }
    /// Destination square.
    #[inline]
    pub fn to(self) -> Square {
        Square::from_index_unchecked(self.0 >> 7 & 0x7F)
    }
    /// The kind of move.
    #[inline]
    pub fn kind(self) -> MoveKind {
        Self::KINDS[(self.0 >> 14 & 7) as usize]
    }
    /// Promotion or drop type.
    #[inline]
    pub fn piece(self) -> Kind {
        (self.0 >> 17 & 0xF) as Kind
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?}({}{} {})",
            self.kind(),
            self.from(),
            self.to(),
            self.piece()
        )
    }
}

/// A move being simulated for a legality test: the moving piece's squares and type.
pub(crate) struct After {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) kind: Kind,
}

/// One side's riders along each ray direction of the variant.
pub(crate) struct Riders {
    pub(crate) by_ray: [Bitboard; MAX_RAYS],
}

/// The counting state of the Makruk family, as Fairy-Stockfish keeps it: a limit and a
/// ply counter, both in plies.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct CountState {
    /// Limit in plies (0: no count running).
    pub limit: u16,
    /// Plies counted so far.
    pub ply: u16,
}

/// A position of a chess-family game.
#[derive(Clone)]
pub struct Position {
    pub(crate) v: &'static Variant,
    pub(crate) board: [u8; GRID_SQUARES],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_kind: [Bitboard; MAX_KINDS],
    pub(crate) side: Color,
    pub(crate) ep: Option<Square>,
    /// First-move privileges: castling king and rooks, king leap and fers step squares.
    pub(crate) rights: Bitboard,
    /// Once-per-game king leap still available, per colour.
    pub(crate) leap: [bool; 2],
    pub(crate) hands: [[u8; MAX_KINDS]; 2],
    pub(crate) rule50: u16,
    pub(crate) fullmove: u16,
    pub(crate) count: CountState,
    /// Whether the kings faced each other before the last move (Janggi).
    pub(crate) prev_facing: bool,
    /// The side that just moved declared an impasse (Shogi).
    pub(crate) declared: bool,
    /// Passes in a row (Janggi).
    pub(crate) passes: u8,
    /// Per colour, whether it made the kings face each other (Janggi, seed ruleset).
    pub(crate) made_facing: [bool; 2],
    /// Moves made by each side while bare (Senterej's seven-move rule).
    pub(crate) bare_moves: [u8; 2],
    /// Plies left in the opening phase (0: over).
    pub(crate) opening_left: u8,
    /// Shatar: per colour, whether its current unbroken run of checks includes a shak.
    pub(crate) shak_run: [bool; 2],
    pub(crate) hash: u64,
}

impl Position {
    /// The variant.
    pub fn variant(&self) -> &'static Variant {
        self.v
    }
    /// Side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let c = self.board[sq.index()];
        (c != EMPTY).then_some(Piece {
            kind: c >> 1,
            color: if c & 1 == 0 {
                Color::White
            } else {
                Color::Black
            },
        })
    }
    /// Squares of colour `c`.
    #[inline]
    pub fn color_bb(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }
    /// Squares of type `k`, both colours.
    #[inline]
    pub fn kind_bb(&self, k: Kind) -> Bitboard {
        self.by_kind[k as usize]
    }
    /// Squares of type `k` and colour `c`.
    #[inline]
    pub fn pieces(&self, c: Color, k: Kind) -> Bitboard {
        self.by_kind[k as usize] & self.by_color[c.index()]
    }
    /// Occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }
    /// The royal piece of `c`, if on the board.
    #[inline]
    pub fn king_square(&self, c: Color) -> Option<Square> {
        let royals = self.royals(c);
        if royals.several() {
            // Sho Shogi with king and prince: neither is bound by check
            None
        } else {
            royals.first()
        }
    }
    /// `c`'s royal pieces.
    #[inline]
    pub fn royals(&self, c: Color) -> Bitboard {
        let mut mask = self.v.royal_kinds;
        let mut b = Bitboard::EMPTY;
        while mask != 0 {
            b |= self.by_kind[mask.trailing_zeros() as usize];
            mask &= mask - 1;
        }
        b & self.by_color[c.index()]
    }
    /// Pieces of type `k` in `c`'s hand.
    pub fn in_hand(&self, c: Color, k: Kind) -> u8 {
        self.hands[c.index()][k as usize]
    }
    /// Whether `c` holds any piece in hand.
    pub fn has_hand(&self, c: Color) -> bool {
        self.hands[c.index()].iter().any(|&n| n > 0)
    }
    /// En passant target square.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }
    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u16 {
        self.rule50
    }
    /// Move number.
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }
    /// The first-move privileges (castling, king leap, fers step) still held.
    pub fn rights(&self) -> Bitboard {
        self.rights
    }
    /// Whether `c` still has its once-per-game king leap.
    pub fn leap_available(&self, c: Color) -> bool {
        self.leap[c.index()]
    }
    /// The Makruk-family count.
    pub fn count(&self) -> CountState {
        self.count
    }
    /// Zobrist hash of the position.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Plies left in the opening phase (ta'biya, Werera); 0 when it is over.
    pub fn opening_left(&self) -> u8 {
        self.opening_left
    }

    /// Whether the Werera (either side may move) is running.
    pub fn simultaneous(&self) -> bool {
        self.opening_left > 0 && self.v.spec.hooks.opening == Opening::Simultaneous
    }

    /// The same position with `c` to move (for the Werera, where either side may move).
    pub fn with_side(&self, c: Color) -> Position {
        let mut p = self.clone();
        if p.side != c {
            p.side = c;
            p.hash ^= KEYS.side;
        }
        p
    }

    /// Whether the setup phase is still running.
    pub fn in_setup(&self) -> bool {
        self.v.spec.hooks.setup != Setup::Fixed
            && (self.has_hand(Color::White) || self.has_hand(Color::Black))
    }

    /// Whether `c` has made the kings face each other (Janggi, seed ruleset).
    pub fn made_kings_face(&self, c: Color) -> bool {
        self.made_facing[c.index()]
    }

    /// Whether the two kings face each other on an open file.
    pub fn kings_facing(&self) -> bool {
        match (
            self.king_square(Color::White),
            self.king_square(Color::Black),
        ) {
            (Some(w), Some(_)) => self.facing_king(w, Color::Black, self.occupied()).any(),
            _ => false,
        }
    }

    /// An empty position of the variant.
    pub(crate) fn empty(v: &'static Variant) -> Position {
        Position {
            v,
            board: [EMPTY; GRID_SQUARES],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; MAX_KINDS],
            side: Color::White,
            ep: None,
            rights: Bitboard::EMPTY,
            leap: [false; 2],
            hands: [[0; MAX_KINDS]; 2],
            rule50: 0,
            fullmove: 1,
            count: CountState::default(),
            prev_facing: false,
            passes: 0,
            declared: false,
            made_facing: [false; 2],
            bare_moves: [0; 2],
            opening_left: 0,
            shak_run: [false; 2],
            hash: 0,
        }
    }

    #[inline]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = p.code() as u8;
        self.by_color[p.color.index()] |= sq.bb();
        self.by_kind[p.kind as usize] |= sq.bb();
        self.hash ^= KEYS.piece[p.code()][sq.index()];
    }

    #[inline]
    pub(crate) fn remove(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = EMPTY;
        self.by_color[p.color.index()] ^= sq.bb();
        self.by_kind[p.kind as usize] ^= sq.bb();
        self.hash ^= KEYS.piece[p.code()][sq.index()];
    }

    pub(crate) fn set_hand(&mut self, c: Color, k: Kind, n: u8) {
        let code = Piece { kind: k, color: c }.code();
        let slot = &mut self.hands[c.index()][k as usize];
        self.hash ^= KEYS.hand[code][(*slot & 31) as usize] ^ KEYS.hand[code][(n & 31) as usize];
        *slot = n;
    }

    /// The hash computed from scratch (the incremental one must equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied() {
            let p = self.piece_at(sq).expect("occupied");
            h ^= KEYS.piece[p.code()][sq.index()];
        }
        for c in Color::BOTH {
            for k in 0..self.v.kinds() {
                let code = Piece {
                    kind: k as Kind,
                    color: c,
                }
                .code();
                h ^= KEYS.hand[code][0] ^ KEYS.hand[code][(self.hands[c.index()][k] & 31) as usize];
            }
            if self.leap[c.index()] {
                h ^= KEYS.leap[c.index()];
            }
        }
        for sq in self.rights {
            h ^= KEYS.rights[sq.index()];
        }
        if let Some(ep) = self.ep {
            h ^= KEYS.ep[ep.index()];
        }
        if self.side == Color::Black {
            h ^= KEYS.side;
        }
        h ^ KEYS.phase[(self.opening_left & 63) as usize]
    }

    /// `by`'s riders along each ray, for repeated attack queries in one position.
    #[inline]
    pub(crate) fn riders(&self, by: Color) -> Riders {
        let v = self.v;
        let mut r = Riders {
            by_ray: [Bitboard::EMPTY; MAX_RAYS],
        };
        let capturers = &v.ride_capturers[by.index()];
        let mine = self.by_color[by.index()];
        for (i, ray) in v.rays.iter().enumerate() {
            let mut mask = capturers[ray.opposite];
            let mut b = Bitboard::EMPTY;
            while mask != 0 {
                b |= self.by_kind[mask.trailing_zeros() as usize];
                mask &= mask - 1;
            }
            r.by_ray[i] = b & mine;
        }
        r
    }

    /// Pieces of `by` attacking `sq` with occupancy `occ`, given `by`'s riders.
    #[inline]
    pub(crate) fn attackers_with(
        &self,
        sq: Square,
        by: Color,
        occ: Bitboard,
        riders: &Riders,
    ) -> Bitboard {
        self.attackers_in(sq, by, occ, riders, None)
    }

    /// Pieces of `by` attacking `sq`, as they would stand after the simulated move `after`
    /// (with occupancy `occ`): a piece of `by` on `after.to` has been captured.
    pub(crate) fn attackers_in(
        &self,
        sq: Square,
        by: Color,
        occ: Bitboard,
        riders: &Riders,
        after: Option<&After>,
    ) -> Bitboard {
        let v = self.v;
        let gone = after.map_or(Bitboard::EMPTY, |a| a.to.bb());
        let mut att = Bitboard::EMPTY;
        let mut kinds = v.leap_kinds;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let mine = self.by_kind[k] & self.by_color[by.index()] & !gone;
            if mine.is_empty() {
                continue;
            }
            let t = &v.tables[k][by.index()];
            att |= t.leap_attackers[sq.index()] & mine;
            if t.has_paths {
                let mut same = self.by_kind[k];
                if let Some(a) = after {
                    same = same.without(a.from).without(a.to);
                    if a.kind as usize == k {
                        same = same.with(a.to);
                    }
                }
                for from in mine & t.path_attackers[sq.index()] {
                    if self.attacks_in(k as Kind, by, from, occ, same).has(sq) {
                        att |= from.bb();
                    }
                }
            }
        }
        for (i, ray) in v.rays.iter().enumerate() {
            let line_riders = riders.by_ray[i] & !gone;
            let full = ray.from[sq.index()];
            if (full & line_riders).is_empty() {
                continue;
            }
            let blockers = full & occ;
            let b = if ray.up {
                blockers.lsb()
            } else {
                blockers.msb()
            };
            if line_riders.has(b) {
                att |= b.bb();
            }
        }
        if v.spec.hooks.flying_general {
            att |= self.facing_king(sq, by, occ);
        }
        att
    }

    /// Janggi: places `c`'s horses and elephants in arrangement `n` (0-3): bit 0 for the
    /// left pair, bit 1 for the right pair, a set bit putting the elephant outside.
    fn arrange(&mut self, c: Color, n: u8) {
        let v = self.v;
        let (Some(horse), Some(elephant)) = (v.kind_of_id("horse"), v.kind_of_id("elephant"))
        else {
            return;
        };
        let rank = if c == Color::White {
            0
        } else {
            v.shape().ranks - 1
        };
        let files = v.shape().files;
        for (side, (outer, inner)) in [(0u8, (1u8, 2u8)), (1, (files - 2, files - 3))] {
            let elephant_out = n >> side & 1 != 0;
            let (e, h) = if elephant_out {
                (outer, inner)
            } else {
                (inner, outer)
            };
            for (f, k) in [(e, elephant), (h, horse)] {
                let sq = Square::new(f, rank).expect("back rank");
                let left = self.in_hand(c, k);
                self.set_hand(c, k, left.saturating_sub(1));
                self.put(sq, Piece { kind: k, color: c });
            }
        }
    }

    /// Xiangqi's flying general: `by`'s king "attacks" `sq` along an open file.
    pub(crate) fn facing_king(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let Some(k) = self.king_square(by) else {
            return Bitboard::EMPTY;
        };
        if k.file() != sq.file() || k == sq {
            return Bitboard::EMPTY;
        }
        let (lo, hi) = if k.rank() < sq.rank() {
            (k, sq)
        } else {
            (sq, k)
        };
        let between =
            (lo.rank() + 1..hi.rank()).any(|r| occ.has(Square::new(k.file(), r).expect("on grid")));
        if between {
            Bitboard::EMPTY
        } else {
            k.bb()
        }
    }

    /// Squares attacked by `by`'s pieces that attack `sq`, with occupancy `occ`.
    pub fn attackers_to(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        self.attackers_with(sq, by, occ, &self.riders(by))
    }

    /// Whether `sq` is attacked by `by` with occupancy `occ`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        self.attackers_to(sq, by, occ).any()
    }

    /// The pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        match self.king_square(self.side) {
            Some(k) => self.attackers_to(k, self.side.other(), self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether `c`'s king is attacked.
    pub fn king_attacked(&self, c: Color) -> bool {
        match self.king_square(c) {
            Some(k) => self.is_attacked(k, c.other(), self.occupied()),
            None => false,
        }
    }

    /// Plays a move known to be legal.
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.side;
        let them = us.other();
        let from = m.from();
        let to = m.to();
        let old_rights = self.rights;
        let old_ep = self.ep;
        let facing_before =
            self.v.spec.hooks.bikjang != super::variant::Bikjang::None && self.kings_facing();
        self.ep = None;
        self.rule50 += 1;
        let mut moved_kind = None;
        let mut captured = false;
        match m.kind() {
            MoveKind::Normal | MoveKind::Promotion => {
                let p = self.piece_at(from).expect("a piece on the origin square");
                if from != to {
                    if let Some(cap) = self.piece_at(to) {
                        self.remove(to, cap);
                        self.rule50 = 0;
                        captured = true;
                        if self.v.spec.hooks.drops {
                            let k = self.v.demoted(cap.kind);
                            let n = self.in_hand(us, k);
                            self.set_hand(us, k, n + 1);
                        }
                    }
                    self.remove(from, p);
                    self.put(to, p);
                } else if m.kind() == MoveKind::Promotion {
                    // Promotion in place: nothing moves.
                }
                if self.v.is_pawn(p.kind) {
                    self.rule50 = 0;
                    if self.v.spec.hooks.pawn_double_step && from.rank().abs_diff(to.rank()) == 2 {
                        self.ep = from.offset(0, us.forward());
                    }
                }
                if m.kind() == MoveKind::Promotion {
                    self.remove(to, p);
                    self.put(
                        to,
                        Piece {
                            kind: m.piece(),
                            color: us,
                        },
                    );
                }
                moved_kind = Some(p.kind);
            }
            MoveKind::EnPassant => {
                let p = self.piece_at(from).expect("a pawn");
                let victim_sq = Square::new(to.file(), from.rank()).expect("on board");
                let victim = self.piece_at(victim_sq).expect("a pawn to take");
                self.remove(victim_sq, victim);
                captured = true;
                self.remove(from, p);
                self.put(to, p);
                self.rule50 = 0;
                moved_kind = Some(p.kind);
            }
            MoveKind::Castle => {
                let king = self.piece_at(from).expect("a king");
                let (rook_from_file, rook_to_file) = if to.file() > from.file() {
                    (self.v.shape().files - 1, to.file() - 1)
                } else {
                    (0, to.file() + 1)
                };
                let rf = Square::new(rook_from_file, from.rank()).expect("on board");
                let rt = Square::new(rook_to_file, from.rank()).expect("on board");
                let rook = self.piece_at(rf).expect("a rook");
                self.remove(from, king);
                self.remove(rf, rook);
                self.put(to, king);
                self.put(rt, rook);
                self.rights = self.rights.without(rf);
                moved_kind = Some(king.kind);
            }
            MoveKind::Drop => {
                let k = m.piece();
                let n = self.hands[us.index()][k as usize];
                self.set_hand(us, k, n - 1);
                self.put(to, Piece { kind: k, color: us });
            }
            MoveKind::Pass => {}
            MoveKind::Arrange => self.arrange(us, m.piece()),
            MoveKind::Declare => self.declared = true,
        }
        self.passes = if m.kind() == MoveKind::Pass {
            self.passes.saturating_add(1)
        } else {
            0
        };
        if self.v.spec.hooks.bikjang != super::variant::Bikjang::None {
            self.prev_facing = facing_before;
            if !facing_before && self.kings_facing() {
                self.made_facing[us.index()] = true;
            }
        }
        self.rights &= !(from.bb() | to.bb());
        if self.v.spec.hooks.castling && self.rights != old_rights {
            self.drop_lone_castling_kings();
        }
        if self.v.spec.hooks.king_leap == KingLeap::Cambodian && moved_kind.is_some() {
            self.cambodian_rook_aim(m, them);
        }
        if self.v.spec.hooks.king_leap == KingLeap::OncePerGame
            && moved_kind.is_some_and(|k| self.v.is_royal(k))
            && (
                to.file().abs_diff(from.file()),
                to.rank().abs_diff(from.rank()),
            ) != (0, 0)
            && from
                .file()
                .abs_diff(to.file())
                .max(from.rank().abs_diff(to.rank()))
                == 2
        {
            self.set_leap(us, false);
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        if self.opening_left > 0 {
            let old = self.opening_left;
            self.opening_left = match self.v.spec.hooks.opening {
                Opening::Simultaneous if captured => 0,
                Opening::Simultaneous => old,
                _ => old - 1,
            };
            self.hash ^=
                KEYS.phase[(old & 63) as usize] ^ KEYS.phase[(self.opening_left & 63) as usize];
            if self.opening_left == 0 && self.v.spec.hooks.castle_right_in_opening {
                self.rights = Bitboard::EMPTY;
            }
        }
        let bare = self.color_bb(us).count() == 1;
        let n = &mut self.bare_moves[us.index()];
        *n = if bare { n.saturating_add(1) } else { 0 };
        self.side = self.next_side(us, m);
        if self.side != us {
            self.hash ^= KEYS.side;
        }
        for sq in old_rights ^ self.rights {
            self.hash ^= KEYS.rights[sq.index()];
        }
        if let Some(e) = old_ep {
            self.hash ^= KEYS.ep[e.index()];
        }
        if let Some(e) = self.ep {
            self.hash ^= KEYS.ep[e.index()];
        }
        self.after_move(us, m, moved_kind);
    }

    /// Who moves after `us` played `m`: normally the other side; the setup phase and
    /// opening arrays may give one side several moves in a row.
    fn next_side(&self, us: Color, _m: Move) -> Color {
        if let Opening::Array { moves } = self.v.spec.hooks.opening {
            if self.opening_left > moves {
                return Color::White;
            }
            if self.opening_left > 0 {
                return Color::Black;
            }
        }
        if let Setup::Sittuyin { fsf: false } = self.v.spec.hooks.setup {
            if self.has_hand(us) {
                return us;
            }
            if self.has_hand(us.other()) {
                return us.other();
            }
            if us == Color::Black && !self.has_hand(Color::White) {
                return Color::White;
            }
        }
        us.other()
    }

    /// Castling rights come in sets: a king keeps its right only while one of its rooks
    /// keeps one, and the rooks' rights go with the king's.
    fn drop_lone_castling_kings(&mut self) {
        let shape = self.v.shape();
        for c in Color::BOTH {
            let back = if c == Color::White {
                0
            } else {
                shape.ranks - 1
            };
            let rooks = Bitboard::EMPTY
                .with(Square::new(0, back).expect("corner"))
                .with(Square::new(shape.files - 1, back).expect("corner"));
            let king_right = self.king_square(c).filter(|k| self.rights.has(*k));
            match king_right {
                Some(k) if (self.rights & rooks).is_empty() => self.rights = self.rights.without(k),
                None => self.rights &= !rooks,
                _ => {}
            }
        }
    }

    fn set_leap(&mut self, c: Color, on: bool) {
        if self.leap[c.index()] != on {
            self.leap[c.index()] = on;
            self.hash ^= KEYS.leap[c.index()];
        }
    }

    /// Fairy-Stockfish's Cambodian rule: an enemy rook moving onto the king's file or rank
    /// takes away the king's leap.
    fn cambodian_rook_aim(&mut self, m: Move, them: Color) {
        let Some(rook) = self.v.rook_kind else {
            return;
        };
        let Some(ks) = self.king_square(them) else {
            return;
        };
        let to = m.to();
        if self.rights.has(ks)
            && self.piece_at(to).map(|p| p.kind) == Some(rook)
            && (to.file() == ks.file() || to.rank() == ks.rank())
        {
            // the hash of the rights is brought up to date after the move
            self.rights = self.rights.without(ks);
        }
    }

    /// Bookkeeping after a move: check-dependent rights, counting, Shatar's check runs.
    fn after_move(&mut self, us: Color, m: Move, moved_kind: Option<Kind>) {
        let hooks = &self.v.spec.hooks;
        let needs_check = hooks.king_leap != KingLeap::None || hooks.shatar_mate;
        if needs_check {
            let them = us.other();
            let checkers = match self.king_square(them) {
                Some(k) => self.attackers_to(k, us, self.occupied()),
                None => Bitboard::EMPTY,
            };
            if checkers.any() {
                match hooks.king_leap {
                    KingLeap::OncePerGame => self.set_leap(them, false),
                    KingLeap::FirstMove | KingLeap::FirstMoveForward | KingLeap::Cambodian => {
                        if let Some(k) = self.king_square(them) {
                            if self.rights.has(k) {
                                self.rights = self.rights.without(k);
                                self.hash ^= KEYS.rights[k.index()];
                            }
                        }
                    }
                    KingLeap::None => {}
                }
            }
            if hooks.shatar_mate {
                let shak = Iterator::any(&mut checkers.clone(), |s| {
                    let id = self.v.piece(self.piece_at(s).expect("checker").kind).id;
                    matches!(id, "bers" | "rook" | "knight")
                });
                self.shak_run[us.index()] = checkers.any() && (shak || self.shak_run[us.index()]);
            }
        }
        if self.v.spec.end.counting != Counting::None {
            super::counting::update(self, us, m, moved_kind);
        }
    }
}
