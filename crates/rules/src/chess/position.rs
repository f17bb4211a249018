//! A position of a chess-family game and how a move changes it.

use super::variant::{Kind, Opening, Setup, Variant, MAX_KINDS, MAX_RAYS};
use super::zobrist::KEYS;
use crate::geometry::{Bitboard, Bits, Color, Square, GRID_SQUARES};
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
    /// The move packed in 32 bits (for a search's tables), never 0.
    #[inline]
    pub fn to_bits(self) -> u32 {
        self.0 | 1 << 31
    }
    /// The move of [`Move::to_bits`]; `None` for 0. The move is only as legal as the
    /// position it is played in: test it against the legal moves before playing it.
    #[inline]
    pub fn from_bits(bits: u32) -> Option<Move> {
        (bits != 0).then_some(Move(bits & !(1 << 31)))
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

/// One side's riders and hoppers; which of them capture along a given ray is read from
/// the variant's per-ray kinds ([`Position::rides_toward`]).
pub(crate) struct Riders {
    /// Every piece that captures by riding, along whichever ray.
    pub(crate) all: Bitboard,
    /// Every piece that captures by hopping.
    pub(crate) hop_all: Bitboard,
    /// Their side.
    pub(crate) by: Color,
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
    /// The last move dropped a pawn (Fairy-Stockfish's Shogi: a mate by it loses).
    pub(crate) pawn_dropped: bool,
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
        let mask = self.v.royal_kinds;
        if mask == 1 << self.v.king {
            return self.pieces(c, self.v.king);
        }
        self.kinds_bb(mask) & self.by_color[c.index()]
    }
    /// Squares of the types in the mask `kinds`, both colours.
    #[inline]
    pub(crate) fn kinds_bb(&self, mut kinds: u16) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        while kinds != 0 {
            b |= self.by_kind[kinds.trailing_zeros() as usize];
            kinds &= kinds - 1;
        }
        b
    }
    /// Pieces of type `k` in `c`'s hand.
    pub fn in_hand(&self, c: Color, k: Kind) -> u8 {
        self.hands[c.index()][k as usize]
    }
    /// Whether `c` holds any piece in hand.
    pub fn has_hand(&self, c: Color) -> bool {
        self.hands[c.index()] != [0; MAX_KINDS]
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
        let (Some(w), Some(b)) = (
            self.king_square(Color::White),
            self.king_square(Color::Black),
        ) else {
            return false;
        };
        if w.file() != b.file() {
            return false;
        }
        match self.v.ray_toward[w.index()][b.index()] {
            super::variant::NO_RAY => self.facing_king(w, Color::Black, self.occupied()).any(),
            r => self.v.first_on(r as usize, w, self.occupied()) == Some(b),
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
            pawn_dropped: false,
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

    /// `by`'s riders and hoppers, for repeated attack queries in one position.
    #[inline]
    pub(crate) fn riders(&self, by: Color) -> Riders {
        let v = self.v;
        let mine = self.by_color[by.index()];
        let hoppers = v.hopper_kinds[by.index()];
        Riders {
            all: self.kinds_bb(v.rider_kinds[by.index()]) & mine,
            hop_all: if hoppers == 0 {
                Bitboard::EMPTY
            } else {
                self.kinds_bb(hoppers) & mine
            },
            by,
        }
    }

    /// The type of the piece on `sq`, which must be occupied (a mask of its bit).
    #[inline]
    fn kind_bit(&self, sq: Square) -> u16 {
        1 << (self.board[sq.index()] >> 1 & 15)
    }

    /// Whether the piece on `sq`, one of `riders`, captures by riding toward a square
    /// from which `sq` lies along ray `r`.
    #[inline]
    pub(crate) fn rides_toward(&self, riders: &Riders, r: usize, sq: Square) -> bool {
        self.of_ray_kinds(riders.all, &self.v.ray_kinds[riders.by.index()], r, sq)
    }

    /// Whether the piece on `sq`, one of `riders`' hoppers, captures by hopping toward a
    /// square from which `sq` lies along ray `r`.
    #[inline]
    pub(crate) fn hops_toward(&self, riders: &Riders, r: usize, sq: Square) -> bool {
        self.of_ray_kinds(
            riders.hop_all,
            &self.v.hop_ray_kinds[riders.by.index()],
            r,
            sq,
        )
    }

    /// Whether `sq` is one of `set` and holds a piece of a kind of `kinds[r]` (per ray, the
    /// kinds that capture along it).
    #[inline]
    pub(crate) fn of_ray_kinds(
        &self,
        set: Bitboard,
        kinds: &[u16; MAX_RAYS],
        r: usize,
        sq: Square,
    ) -> bool {
        set.has(sq) && kinds.get(r).is_some_and(|&k| k & self.kind_bit(sq) != 0)
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

    /// Pieces of `by` attacking `sq` by a plain leap (their leap tables; lame leaps are
    /// not looked at).
    #[inline]
    pub(crate) fn leapers_attacking<B: Bits>(&self, sq: Square, by: Color) -> B {
        let v = self.v;
        let theirs = B::of(self.by_color[by.index()]);
        let mut att = B::EMPTY;
        if (B::of(v.leap_reach[by.index()][sq.index()]) & theirs).nonempty() {
            let mut kinds = v.leap_kinds;
            while kinds != 0 {
                let k = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                att |= B::of(v.tables[k][by.index()].leap_attackers[sq.index()])
                    & B::of(self.by_kind[k]);
            }
        }
        att & theirs
    }

    /// Whether `by` attacks `sq` with occupancy `occ`, given `by`'s riders: as
    /// [`Position::attackers_with`], stopping at the first attacker where pieces attack by
    /// plain leaps and rides alone.
    #[inline(always)]
    pub(crate) fn attacked_at<B: Bits>(
        &self,
        sq: Square,
        by: Color,
        occ: B,
        riders: &Riders,
    ) -> bool {
        let v = self.v;
        if !v.plain_attacks || v.facing_tested_apart() {
            return self.attackers_with(sq, by, occ.grid(), riders).any();
        }
        if self.leapers_attacking::<B>(sq, by).nonempty() {
            return true;
        }
        // each rider on a ray from the square: whether it rides that ray and is the first
        // piece along it
        for rider in B::of(v.ray_reach[sq.index()]) & B::of(riders.all) {
            let r = v.ray_toward[sq.index()][rider.index()] as usize;
            if self.rides_toward(riders, r, rider) && v.first_on(r, sq, occ) == Some(rider) {
                return true;
            }
        }
        false
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
        let near = v.leap_reach[by.index()][sq.index()] & self.by_color[by.index()] & !gone;
        let mut kinds = if near.any() { v.leap_kinds } else { 0 };
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
                if (mine & t.lame_attackers[sq.index()]).any() {
                    for &(from, before) in &t.leaps_to[sq.index()] {
                        if mine.has(from) && (before & occ).is_empty() {
                            att |= from.bb();
                        }
                    }
                }
                for from in mine & t.walk_attackers[sq.index()] {
                    let same = self.kind_after(k as Kind, after);
                    if self.attacks_in(k as Kind, by, from, occ, same).has(sq) {
                        att |= from.bb();
                    }
                }
            }
        }
        // each rider and hopper on a ray from the square: a rider of that ray attacks when
        // it is the first piece along it, a hopper when exactly one piece screens it
        for piece in v.ray_reach[sq.index()] & (riders.all | riders.hop_all) & !gone {
            let r = v.ray_toward[sq.index()][piece.index()] as usize;
            let Some(first) = v.first_on(r, sq, occ) else {
                continue;
            };
            if first == piece {
                if self.rides_toward(riders, r, piece) {
                    att |= piece.bb();
                }
                continue;
            }
            if !self.hops_toward(riders, r, piece) || v.first_on(r, first, occ) != Some(piece) {
                continue;
            }
            let k = self.piece_at(piece).expect("a hopper").kind;
            if v.cannon_rule(k) {
                let same = self.kind_after(k, after);
                if same.has(first) || same.has(sq) {
                    continue;
                }
            }
            att |= piece.bb();
        }
        if v.facing_tested_apart() {
            att |= self.facing_king(sq, by, occ);
        }
        att
    }

    /// The squares holding pieces of type `k`, after the simulated move `after` if any.
    pub(crate) fn kind_after(&self, k: Kind, after: Option<&After>) -> Bitboard {
        let mut same = self.by_kind[k as usize];
        if let Some(a) = after {
            same = same.without(a.from).without(a.to);
            if a.kind == k {
                same = same.with(a.to);
            }
        }
        same
    }

    /// Xiangqi's flying general: `by`'s king "attacks" `sq` along an open file.
    pub(crate) fn facing_king(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let Some(k) = self.king_square(by) else {
            return Bitboard::EMPTY;
        };
        if k.file() != sq.file() || k == sq {
            return Bitboard::EMPTY;
        }
        let between = if let Some(b) = self.v.between(k, sq) {
            (b & occ).any()
        } else {
            let (lo, hi) = if k.rank() < sq.rank() {
                (k, sq)
            } else {
                (sq, k)
            };
            (lo.rank() + 1..hi.rank()).any(|r| occ.has(Square::new(k.file(), r).expect("on grid")))
        };
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
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        self.attacked_at(sq, by, occ, &self.riders(by))
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
}
