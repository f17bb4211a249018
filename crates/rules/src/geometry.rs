//! Squares, bitboards and board shapes.
//!
//! Every board of the project fits a fixed grid of 9 files by 10 ranks (Xiangqi and Janggi
//! use all of it, Shogi 9x9, the 8x8 games the lower-left 8x8). A square on files a-h is
//! `rank * 8 + file`, so that the 8x8 board fills the low 64 bits; the ninth file follows,
//! at `80 + rank`. A bitboard is a `u128` with one bit per grid square (the 8x8 games'
//! move generation works on the low 64 bits alone), and a board shape is the mask of the
//! squares that exist. Tables built on the grid are masked by the shape, so one set of
//! tables serves every game.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The knight's leaps as (file, rank) steps.
pub const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Files of the grid.
pub const GRID_FILES: u8 = 9;
/// Ranks of the grid.
pub const GRID_RANKS: u8 = 10;
/// Squares of the grid.
pub const GRID_SQUARES: usize = (GRID_FILES as usize) * (GRID_RANKS as usize);

/// The bit of each grid square (looked up: cheaper than a 128-bit shift).
static SQUARE_BITS: [u128; GRID_SQUARES] = {
    let mut bits = [0u128; GRID_SQUARES];
    let mut i = 0;
    while i < GRID_SQUARES {
        bits[i] = 1 << i;
        i += 1;
    }
    bits
};

/// Files numbered rank by rank from square 0 (a-h); the ninth file comes after them.
pub const NARROW_FILES: u8 = 8;
/// The index of the ninth file's first square.
const NINTH_FILE: u8 = NARROW_FILES * GRID_RANKS;

/// A square of the grid, files and ranks counted from 0: `rank * 8 + file` on files a-h,
/// `80 + rank` on the ninth file.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    /// The square at `file`, `rank` (0-based), if it lies on the grid.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < GRID_FILES && rank < GRID_RANKS {
            Some(Square(Self::index_of(file, rank)))
        } else {
            None
        }
    }
    /// The index of the grid square at `file`, `rank`.
    const fn index_of(file: u8, rank: u8) -> u8 {
        if file < NARROW_FILES {
            rank * NARROW_FILES + file
        } else {
            NINTH_FILE + rank
        }
    }
    /// The square with grid index `i`, if any.
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < GRID_SQUARES {
            Some(Square(i as u8))
        } else {
            None
        }
    }
    /// Square from an index known to be on the grid.
    #[inline]
    pub(crate) const fn from_index_unchecked(i: u32) -> Square {
        Square(i as u8)
    }
    /// Grid index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// File, from 0.
    #[inline]
    pub const fn file(self) -> u8 {
        if self.0 < NINTH_FILE {
            self.0 % NARROW_FILES
        } else {
            NARROW_FILES
        }
    }
    /// Rank, from 0.
    #[inline]
    pub const fn rank(self) -> u8 {
        if self.0 < NINTH_FILE {
            self.0 / NARROW_FILES
        } else {
            self.0 - NINTH_FILE
        }
    }
    /// The square `dx` files and `dy` ranks away, if on the grid.
    pub const fn offset(self, dx: i8, dy: i8) -> Option<Square> {
        let f = self.file() as i8 + dx;
        let r = self.rank() as i8 + dy;
        if f < 0 || r < 0 || f >= GRID_FILES as i8 || r >= GRID_RANKS as i8 {
            None
        } else {
            Some(Square(Self::index_of(f as u8, r as u8)))
        }
    }
    /// The bitboard holding only this square.
    #[inline]
    pub const fn bb(self) -> Bitboard {
        Bitboard(SQUARE_BITS[self.0 as usize])
    }
    /// The square seen from the other side of a board of `files` x `ranks`.
    pub const fn flip_rank(self, ranks: u8) -> Square {
        Square(Self::index_of(self.file(), ranks - 1 - self.rank()))
    }
    /// Parses algebraic text such as `e4` or `h10`.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() < 2 || b.len() > 3 || !b[0].is_ascii_lowercase() {
            return None;
        }
        let file = b[0] - b'a';
        let rank: u8 = s[1..].parse().ok()?;
        if rank == 0 || s[1..].starts_with('0') {
            return None;
        }
        Square::new(file, rank - 1)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A set of squares of the grid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// The squares of files a-h (every square but the ninth file's).
    pub const NARROW: Bitboard = Bitboard((1 << NINTH_FILE) - 1);
    /// Whether no square is set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Whether some square is set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }
    /// Whether `sq` is set.
    #[inline]
    pub const fn has(self, sq: Square) -> bool {
        self.0 & sq.bb().0 != 0
    }
    /// Number of squares set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    /// Lowest square, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros()))
        }
    }
    /// Lowest square of a non-empty set.
    #[inline]
    pub fn lsb(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_index_unchecked(self.0.trailing_zeros())
    }
    /// Highest square of a non-empty set.
    #[inline]
    pub fn msb(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_index_unchecked(127 - self.0.leading_zeros())
    }
    /// Whether more than one square is set.
    #[inline]
    pub const fn several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }
    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | sq.bb().0)
    }
    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !sq.bb().0)
    }
}

/// A set type's iteration (lowest square first) and its set operators.
macro_rules! set_ops {
    ($t:ident) => {
        impl Iterator for $t {
            type Item = Square;
            #[inline]
            fn next(&mut self) -> Option<Square> {
                if self.0 == 0 {
                    return None;
                }
                let sq = Square::from_index_unchecked(self.0.trailing_zeros());
                self.0 &= self.0 - 1;
                Some(sq)
            }
        }
        set_ops!($t, BitAnd, bitand, BitAndAssign, bitand_assign, &);
        set_ops!($t, BitOr, bitor, BitOrAssign, bitor_assign, |);
        set_ops!($t, BitXor, bitxor, BitXorAssign, bitxor_assign, ^);
        impl Not for $t {
            type Output = $t;
            #[inline]
            fn not(self) -> $t {
                $t(!self.0)
            }
        }
    };
    ($t:ident, $tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for $t {
            type Output = $t;
            #[inline]
            fn $f(self, o: $t) -> $t {
                $t(self.0 $op o.0)
            }
        }
        impl $tra for $t {
            #[inline]
            fn $fa(&mut self, o: $t) {
                self.0 = self.0 $op o.0;
            }
        }
    };
}
set_ops!(Bitboard);

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in (0..GRID_RANKS).rev() {
            for file in 0..GRID_FILES {
                let sq = Square::new(file, r).expect("grid square");
                f.write_str(if self.has(sq) { "X" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// The squares of an 8x8 board (files a-h, ranks 1-8): a grid bitboard's low 64 bits, for
/// move generation on boards that fit them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard64(pub u64);

set_ops!(Bitboard64);

/// What move generation asks of a set of squares, so that it runs on the grid's
/// [`Bitboard`] or, for the 8x8 games, on [`Bitboard64`] (half the width: fewer
/// instructions and registers for every set operation).
pub(crate) trait Bits:
    Copy
    + PartialEq
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Iterator<Item = Square>
{
    /// No square.
    const EMPTY: Self;
    /// The set holding the squares of `b` this width holds (all of them, for a board
    /// that fits).
    fn of(b: Bitboard) -> Self;
    /// The same squares as a grid bitboard.
    fn grid(self) -> Bitboard;
    /// The set holding `sq` alone.
    fn bit(sq: Square) -> Self;
    /// The set's bits from bit `shift` on, as one word (for the line look-ups, whose bits
    /// span less than a word).
    fn word_from(self, shift: u8) -> u64;
    /// Number of squares set.
    fn popcount(self) -> u32;
    /// Whether no square is set.
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
    /// Whether some square is set.
    #[inline]
    fn nonempty(self) -> bool {
        !self.is_empty()
    }
    /// Whether `sq` is set.
    #[inline]
    fn has(self, sq: Square) -> bool {
        (self & Self::bit(sq)).nonempty()
    }
    /// The set with `sq` removed.
    #[inline]
    fn without(self, sq: Square) -> Self {
        self & !Self::bit(sq)
    }
    /// Whether more than one square is set.
    fn several(self) -> bool;
    /// Lowest square of a non-empty set.
    fn lsb(self) -> Square;
    /// Highest square of a non-empty set.
    fn msb(self) -> Square;
    /// Shifted toward higher squares by `by` (lower for a negative `by`).
    fn shifted(self, by: i32) -> Self;
}

impl Bits for Bitboard {
    const EMPTY: Self = Bitboard::EMPTY;
    #[inline(always)]
    fn of(b: Bitboard) -> Self {
        b
    }
    #[inline(always)]
    fn grid(self) -> Bitboard {
        self
    }
    #[inline(always)]
    fn bit(sq: Square) -> Self {
        sq.bb()
    }
    #[inline(always)]
    fn word_from(self, shift: u8) -> u64 {
        (self.0 >> shift) as u64
    }
    #[inline(always)]
    fn popcount(self) -> u32 {
        Bitboard::count(self)
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        Bitboard::is_empty(self)
    }
    #[inline(always)]
    fn several(self) -> bool {
        Bitboard::several(self)
    }
    #[inline(always)]
    fn lsb(self) -> Square {
        Bitboard::lsb(self)
    }
    #[inline(always)]
    fn msb(self) -> Square {
        Bitboard::msb(self)
    }
    #[inline(always)]
    fn shifted(self, by: i32) -> Self {
        if by >= 0 {
            Bitboard(self.0 << by)
        } else {
            Bitboard(self.0 >> -by)
        }
    }
}

impl Bits for Bitboard64 {
    const EMPTY: Self = Bitboard64(0);
    #[inline(always)]
    fn of(b: Bitboard) -> Self {
        Bitboard64(b.0 as u64)
    }
    #[inline(always)]
    fn grid(self) -> Bitboard {
        Bitboard(u128::from(self.0))
    }
    #[inline(always)]
    fn bit(sq: Square) -> Self {
        debug_assert!(sq.index() < 64, "{sq} lies off the 8x8 board");
        Bitboard64(1 << (sq.index() & 63))
    }
    #[inline(always)]
    fn word_from(self, shift: u8) -> u64 {
        self.0 >> (shift & 63)
    }
    #[inline(always)]
    fn popcount(self) -> u32 {
        self.0.count_ones()
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline(always)]
    fn several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }
    #[inline(always)]
    fn lsb(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_index_unchecked(self.0.trailing_zeros())
    }
    #[inline(always)]
    fn msb(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_index_unchecked(63 - self.0.leading_zeros())
    }
    #[inline(always)]
    fn shifted(self, by: i32) -> Self {
        if by >= 0 {
            Bitboard64(self.0 << by)
        } else {
            Bitboard64(self.0 >> -by)
        }
    }
}

impl fmt::Debug for Bitboard64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Bits::grid(*self).fmt(f)
    }
}

/// The shape of a rectangular board on the grid.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shape {
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
}

impl Shape {
    /// The 8x8 board.
    pub const CHESS: Shape = Shape { files: 8, ranks: 8 };
    /// Mask of the squares on this board.
    pub fn mask(self) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for r in 0..self.ranks {
            for f in 0..self.files {
                b = b.with(Square::new(f, r).expect("shape fits grid"));
            }
        }
        b
    }
    /// Mask of one file.
    pub fn file(self, f: u8) -> Bitboard {
        (0..self.ranks)
            .filter_map(|r| Square::new(f, r))
            .fold(Bitboard::EMPTY, |b, s| b.with(s))
    }
    /// Mask of one rank.
    pub fn rank(self, r: u8) -> Bitboard {
        (0..self.files)
            .filter_map(|f| Square::new(f, r))
            .fold(Bitboard::EMPTY, |b, s| b.with(s))
    }
    /// Whether `sq` lies on this board.
    pub fn contains(self, sq: Square) -> bool {
        sq.file() < self.files && sq.rank() < self.ranks
    }
    /// The squares of the board, rank by rank from rank 1.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let Shape { files, ranks } = self;
        (0..ranks).flat_map(move |r| (0..files).filter_map(move |f| Square::new(f, r)))
    }
}

/// A colour: the side that moves first is `White` (rank 1), the other `Black`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// The first player, at rank 1.
    White = 0,
    /// The second player.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];
    /// The other colour.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// 0 or 1.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// +1 for White (forward is up), -1 for Black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_text_round_trip() {
        for sq in (Shape {
            files: 9,
            ranks: 10,
        })
        .squares()
        {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(
            Square::parse("h10").map(|s| (s.file(), s.rank())),
            Some((7, 9))
        );
        assert_eq!(Square::parse("j1"), None);
        assert_eq!(Square::parse("a0"), None);
        assert_eq!(Square::parse("a11"), None);
        assert_eq!(Square::parse("a01"), None);
    }

    #[test]
    fn bitboard_iterates_in_order() {
        let b = Square::parse("a1").unwrap().bb() | Square::parse("i10").unwrap().bb();
        let v: Vec<String> = b.map(|s| s.to_string()).collect();
        assert_eq!(v, ["a1", "i10"]);
        assert_eq!(Shape::CHESS.mask().count(), 64);
    }

    /// The 8x8 board fills the low 64 bits; every grid square has its own index, and
    /// file and rank come back from it.
    #[test]
    fn the_eight_by_eight_board_is_the_low_word() {
        assert_eq!(Shape::CHESS.mask().0, u128::from(u64::MAX));
        let mut seen = 0u128;
        for r in 0..GRID_RANKS {
            for f in 0..GRID_FILES {
                let sq = Square::new(f, r).expect("on the grid");
                assert_eq!((sq.file(), sq.rank()), (f, r));
                assert!(sq.index() < GRID_SQUARES);
                assert_eq!(seen & sq.bb().0, 0, "{sq} has its own bit");
                seen |= sq.bb().0;
                assert_eq!(
                    sq.flip_rank(GRID_RANKS),
                    Square::new(f, GRID_RANKS - 1 - r).unwrap()
                );
            }
        }
        assert_eq!(seen.count_ones() as usize, GRID_SQUARES);
        let i1 = Square::parse("i1").unwrap();
        assert_eq!(i1.offset(-1, 1), Square::parse("h2"));
        assert_eq!(i1.offset(1, 0), None);
    }
}
