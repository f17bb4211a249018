//! Where generated moves go: the move list, a counter for perft's last ply, and the
//! filters that pass on only captures or only the moves that leave the king safe.

use super::super::legality::Danger;
use super::super::position::{Move, MoveKind, Position, Riders};
use super::super::variant::Kind;
use crate::geometry::{Bitboard, Bits, Square};

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

pub(crate) fn sq0() -> Square {
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
    fn push_targets<B: Bits>(&mut self, from: Square, targets: B) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }
    /// Plain moves to each target from the square `back` grid squares away.
    fn push_shifted<B: Bits>(&mut self, back: i32, targets: B) {
        for to in targets {
            let from = Square::from_index_unchecked((to.index() as i32 + back) as u32);
            self.push(Move::normal(from, to));
        }
    }
    /// Drops of `kind` on each square.
    fn push_drops<B: Bits>(&mut self, kind: Kind, squares: B) {
        for to in squares {
            self.push(Move::new(MoveKind::Drop, to, to, kind));
        }
    }
    /// Whether the moves are to be tested by playing each (the reference the shortcuts
    /// are checked against).
    fn by_playing(&self) -> bool {
        false
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
    fn push_targets<B: Bits>(&mut self, _from: Square, targets: B) {
        self.0 += targets.popcount() as usize;
    }
    #[inline]
    fn push_shifted<B: Bits>(&mut self, _back: i32, targets: B) {
        self.0 += targets.popcount() as usize;
    }
    #[inline]
    fn push_drops<B: Bits>(&mut self, _kind: Kind, squares: B) {
        self.0 += squares.popcount() as usize;
    }
}

/// Passes on only the moves that take a piece (en passant too): the special moves when
/// generating captures.
pub(super) struct CapturesOf<'a, S: Sink> {
    pub(super) inner: &'a mut S,
    pub(super) enemy: Bitboard,
}

impl<S: Sink> Sink for CapturesOf<'_, S> {
    fn push(&mut self, m: Move) {
        let takes = match m.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Drop
            | MoveKind::Pass
            | MoveKind::Castle
            | MoveKind::Arrange
            | MoveKind::Declare => false,
            _ => m.from() != m.to() && self.enemy.has(m.to()),
        };
        if takes {
            self.inner.push(m);
        }
    }
    fn by_playing(&self) -> bool {
        self.inner.by_playing()
    }
}

/// Passes on only the moves after which the mover's king is safe (the slow path).
pub(super) struct Checked<'a, S: Sink> {
    pub(super) pos: &'a Position,
    pub(super) inner: &'a mut S,
    pub(super) riders: &'a Riders,
    /// Squares a move must touch to change the king's safety (when not in check); `None`
    /// when every move is tested.
    pub(super) danger: Option<Danger>,
    /// The mover's king, when it is the only royal piece.
    pub(super) king: Option<Square>,
    /// Test every move by playing it (the reference the shortcuts are checked against).
    pub(super) by_playing: bool,
    /// Whether the kings face under Fairy-Stockfish's bikjang.
    pub(super) fsf_facing: bool,
}

impl<S: Sink> Sink for Checked<'_, S> {
    fn by_playing(&self) -> bool {
        self.by_playing
    }

    fn push_targets<B: Bits>(&mut self, from: Square, targets: B) {
        let targets = targets.grid();
        if let (Some(danger), Some(k)) = (self.danger, self.king) {
            if from != k && !danger.from.has(from) {
                // moves that touch no dangerous square pass untested, in one batch
                self.inner.push_targets(from, targets & !danger.to);
                for to in targets & danger.to {
                    self.push(Move::normal(from, to));
                }
                return;
            }
        }
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }

    fn push(&mut self, m: Move) {
        if self.by_playing {
            if self.pos.is_safe_after(m) {
                self.inner.push(m);
            }
            return;
        }
        if let (Some(danger), Some(k)) = (self.danger, self.king) {
            if m.kind() == MoveKind::Pass {
                // passing is allowed when not in check
                self.inner.push(m);
                return;
            }
            let piece = match m.kind() {
                MoveKind::Drop => Some(m.piece()),
                MoveKind::Normal | MoveKind::Promotion => {
                    self.pos.piece_at(m.from()).map(|p| p.kind)
                }
                _ => None,
            };
            if let Some(kind) = piece.filter(|&p| !self.pos.v.is_royal(p)) {
                // not in check: only a move touching what leads to the king can expose
                // it, and then only by what it opens or closes
                let touches = danger.to.has(m.to())
                    || (m.kind() != MoveKind::Drop && danger.from.has(m.from()));
                if !touches
                    || !self
                        .pos
                        .exposes_king(k, m.from(), m.to(), kind, self.riders)
                {
                    self.inner.push(m);
                }
                return;
            }
        }
        let legal = match self.pos.quick_legal(m, self.riders, self.fsf_facing) {
            Some(ok) => ok,
            None => self.pos.is_safe_after(m),
        };
        if legal {
            self.inner.push(m);
        }
    }
}
