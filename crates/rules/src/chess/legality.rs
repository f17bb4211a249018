//! Whether a move leaves the mover's king safe: check and pin masks for table-driven
//! pieces, an occupancy-only test for the rest, and the squares where a move can matter.

use super::position::{After, Move, MoveKind, Position, Riders};
use super::tables::PathKind;
use super::variant::{Bikjang, Kind, Variant, NO_RAY};
use crate::geometry::{Bitboard, Bits, Square};

/// Where a move of a piece other than the king can change whether the king, not in
/// check, is attacked: the squares it leaves and the squares it lands on.
#[derive(Clone, Copy)]
pub(crate) struct Danger {
    /// A piece leaving one of these may open a line or path to the king.
    pub(crate) from: Bitboard,
    /// A piece landing on one of these may complete a screen for a hopper.
    pub(crate) to: Bitboard,
}

/// The pieces pinned to their king.
pub(crate) struct Pins<B> {
    pub(crate) pinned: B,
    king: Square,
    occ: B,
}

impl<B: Bits> Pins<B> {
    /// No piece pinned.
    pub(crate) fn none() -> Pins<B> {
        Pins {
            pinned: B::EMPTY,
            king: Square::from_index_unchecked(0),
            occ: B::EMPTY,
        }
    }

    /// The squares a pinned piece on `sq` may move to: its line from the king up to and
    /// including the pinner.
    pub(crate) fn line(&self, v: &Variant, sq: Square) -> B {
        let r = v.ray_toward[self.king.index()][sq.index()];
        if r == NO_RAY {
            return B::EMPTY;
        }
        let ray = &v.rays[r as usize];
        match v.first_on(r as usize, sq, self.occ) {
            Some(pinner) => B::of(ray.from[self.king.index()]) & !B::of(ray.from[pinner.index()]),
            None => B::EMPTY,
        }
    }
}

impl Position {
    /// Whether `m` leaves the mover's king safe, decided from the occupancy after it without
    /// playing it; `None` for moves this cannot judge (those are played and tested).
    /// `fsf_facing`: the kings face under Fairy-Stockfish's bikjang.
    pub(crate) fn quick_legal(
        &self,
        m: Move,
        their_riders: &Riders,
        fsf_facing: bool,
    ) -> Option<bool> {
        let v = self.v;
        let drop = match m.kind() {
            MoveKind::Normal | MoveKind::Promotion if m.from() != m.to() => false,
            MoveKind::Drop => true,
            _ => return None,
        };
        if fsf_facing {
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

    /// Whether the kings face under Fairy-Stockfish's bikjang (every move then needs a
    /// full test).
    pub(crate) fn fsf_facing(&self) -> bool {
        self.v.spec.hooks.bikjang == Bikjang::Fsf && self.kings_facing()
    }

    /// Whether moving a non-royal piece of the side to move from `from` to `to` (a drop
    /// when `from == to`) exposes its king on `k`, which is not in check: only the lines
    /// through the two squares, the lame leaps the move unblocks, the paths walked square
    /// by square and the facing kings can change.
    pub(crate) fn exposes_king(
        &self,
        k: Square,
        from: Square,
        to: Square,
        kind: Kind,
        their: &Riders,
    ) -> bool {
        let v = self.v;
        let them = self.side.other();
        let occ = self.occupied();
        let drop = from == to;
        let occ_after = if drop {
            occ.with(to)
        } else {
            occ.without(from).with(to)
        };
        let after = After { from, to, kind };
        let gone = if drop { Bitboard::EMPTY } else { to.bb() };
        let ray_from = v.ray_toward[k.index()][from.index()];
        let ray_to = v.ray_toward[k.index()][to.index()];
        let ray_to = if ray_to == ray_from { NO_RAY } else { ray_to };
        for r in [ray_from, ray_to] {
            if r == NO_RAY {
                continue;
            }
            let r = r as usize;
            let Some(first) = v.first_on(r, k, occ_after) else {
                continue;
            };
            if !gone.has(first) && self.rides_toward(their, r, first) {
                return true;
            }
            if their.hop_all.any() {
                let hopper = v
                    .first_on(r, first, occ_after)
                    .filter(|&h| !gone.has(h) && self.hops_toward(their, r, h));
                if let Some(h) = hopper {
                    let hk = self.piece_at(h).expect("a hopper").kind;
                    let blocked = v.cannon_rule(hk) && self.kind_after(hk, Some(&after)).has(first);
                    if !blocked {
                        return true;
                    }
                }
            }
        }
        let mine = self.color_bb(them) & !gone;
        let mut kinds = v.leap_kinds;
        while kinds != 0 {
            let kk = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let t = &v.tables[kk][them.index()];
            if !t.has_paths {
                continue;
            }
            let theirs = self.by_kind[kk] & mine;
            if !drop && (theirs & t.lame_attackers[k.index()]).any() {
                for &(leaper, before) in &t.leaps_to[k.index()] {
                    if before.has(from) && theirs.has(leaper) && (before & occ_after).is_empty() {
                        return true;
                    }
                }
            }
            for w in theirs & t.walk_attackers[k.index()] {
                let same = self.kind_after(kk as Kind, Some(&after));
                if self.attacks_in(kk as Kind, them, w, occ_after, same).has(k) {
                    return true;
                }
            }
        }
        // the kings come to face only when a piece leaves the file between them
        v.facing_tested_apart()
            && !drop
            && from.file() == k.file()
            && self.facing_king(k, them, occ_after).any()
    }

    /// The squares where a move could change whether the king, not in check, is attacked:
    /// the lines of enemy riders through it, the paths of enemy hoppers and lame leapers
    /// that reach it, and the file between facing kings. `None` while Fairy-Stockfish's
    /// bikjang makes every move need a test.
    pub(crate) fn king_danger(&self, their: &Riders, fsf_facing: bool) -> Option<Danger> {
        let v = self.v;
        let us = self.side;
        let them = us.other();
        let k = self.king_square(us)?;
        if fsf_facing {
            return None;
        }
        let mut danger = Danger {
            from: Bitboard::EMPTY,
            to: Bitboard::EMPTY,
        };
        for (i, ray) in v.rays.iter().enumerate() {
            let line = ray.from[k.index()];
            let riders = (line & their.all)
                .filter(|&s| self.rides_toward(their, i, s))
                .fold(Bitboard::EMPTY, |b, s| b.with(s));
            if riders.any() {
                // leaving the line between the king and the nearest rider
                let nearest = ray.nearest(riders);
                danger.from |= line & !ray.from[nearest.index()] & !nearest.bb();
            }
            let hoppers = (line & their.hop_all)
                .filter(|&s| self.hops_toward(their, i, s))
                .fold(Bitboard::EMPTY, |b, s| b.with(s));
            if hoppers.any() {
                // a piece leaving the line may leave a hopper one screen; one landing
                // up to the nearest hopper may become the only screen (taking that
                // hopper too: under Janggi's rule a cannon is no screen, the taker is);
                // beyond it, the nearest hopper and the lander are two screens
                let nearest = ray.nearest(hoppers);
                danger.from |= line;
                danger.to |= line & !ray.from[nearest.index()];
            }
        }
        // the paths of pieces near enough to reach the king
        let near = v.leap_reach[them.index()][k.index()] & self.color_bb(them);
        for kind in 0..if near.any() { v.kinds() } else { 0 } {
            let t = &v.tables[kind][them.index()];
            if !t.has_paths {
                continue;
            }
            for from in self.pieces(them, kind as Kind) & t.path_attackers[k.index()] {
                for p in &t.paths[from.index()] {
                    if let Some(i) = p.squares.iter().position(|s| *s == k) {
                        let before = p.squares[..i]
                            .iter()
                            .fold(Bitboard::EMPTY, |b, s| b | s.bb());
                        danger.from |= before;
                        if p.kind == PathKind::Hop {
                            danger.to |= before;
                        }
                    }
                }
            }
        }
        if v.facing_tested_apart() {
            if let Some(theirs) = self.king_square(them) {
                if theirs.file() == k.file() {
                    for r in k.rank().min(theirs.rank())..=k.rank().max(theirs.rank()) {
                        danger.from |= Square::new(k.file(), r).expect("on board").bb();
                    }
                }
            }
        }
        Some(danger)
    }

    /// Whether the mover's king is safe after `m`.
    pub(crate) fn is_safe_after(&self, m: Move) -> bool {
        let fsf_bikjang = self.fsf_facing();
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

    /// The pieces checking the king on `k`, the squares a move must reach to answer the
    /// check (all when not in check), and the pieces pinned to it: one pass over the rays
    /// from the king, for table-driven pieces (no hops, no lame leaps).
    #[inline(always)]
    pub(crate) fn checks_and_pins<B: Bits>(&self, k: Square, riders: &Riders) -> (B, B, Pins<B>) {
        let v = self.v;
        let us = self.side;
        let them = us.other();
        let occ = B::of(self.occupied());
        let own = B::of(self.color_bb(us));
        // checks by leap are answered by capture only
        let leapers = self.leapers_attacking::<B>(k, them);
        let mut checkers = leapers;
        let mut line = B::EMPTY;
        let mut pins = Pins {
            pinned: B::EMPTY,
            king: k,
            occ,
        };
        // each rider on a ray from the king that rides that ray: it checks when it is the
        // first piece along the ray, pins a piece of ours when that piece is the only one
        // between
        for rider in B::of(v.ray_reach[k.index()]) & B::of(riders.all) {
            let r = v.ray_toward[k.index()][rider.index()] as usize;
            if !self.rides_toward(riders, r, rider) {
                continue;
            }
            let Some(first) = v.first_on(r, k, occ) else {
                continue;
            };
            if first == rider {
                checkers |= B::bit(first);
                // the squares up to and including the checker
                line = B::of(v.rays[r].from[k.index()]) & !B::of(v.rays[r].from[first.index()]);
            } else if own.has(first) && v.first_on(r, first, occ) == Some(rider) {
                pins.pinned |= B::bit(first);
            }
        }
        let block = if checkers.is_empty() {
            !B::EMPTY
        } else if checkers.several() || leapers.nonempty() {
            checkers
        } else {
            line
        };
        (checkers, block, pins)
    }
}
