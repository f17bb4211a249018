//! Shaturanga's moves: who acts at a throw (a commander for an ally's army, a boat's
//! commander after a concourse), the pieces the die names, and how each moves and takes.

use super::{
    far_edge, forward, fr, sq, BoatMove, Kind, Move, Phase, Piece, Shaturanga, Sq, Status, DIAG,
    KING, ORTH,
};
use crate::geometry::KNIGHT_STEPS;

impl Shaturanga {
    /// Who acts with the pieces at seat `p`'s throw: `p`, or the ally commanding its army.
    pub(super) fn actor(&self, p: u8) -> u8 {
        let c = self.command[p as usize];
        if self.status[c as usize] == Status::Playing {
            c
        } else {
            p
        }
    }

    pub(super) fn is_enemy(&self, a: u8, b: u8) -> bool {
        a % 2 != b % 2
    }

    /// Whether a piece of `mover` may land on `to`: empty, or an enemy it may take.
    pub(super) fn may_land(&self, mover: Piece, to: Sq) -> bool {
        match self.board[to as usize] {
            None => true,
            Some(t) => {
                self.is_enemy(mover.owner, t.owner) && (!mover.kind.minor() || t.kind.minor())
            }
        }
    }

    /// A player is privileged (rule 11) when besides the rajah only a boat and one pawn
    /// are left.
    pub(super) fn privileged(&self, p: u8) -> bool {
        let mine = self.owner_bb[p as usize];
        let of = |k: Kind| mine & self.kind_bb[k as usize];
        let others = mine & !(of(Kind::Rajah) | of(Kind::Boat) | of(Kind::Pawn));
        others == 0 && of(Kind::Boat).count_ones() == 1 && of(Kind::Pawn).count_ones() == 1
    }

    /// The moves of one piece by the rules of movement.
    pub(super) fn piece_moves(&self, from: Sq, pc: Piece, out: &mut Vec<Move>) {
        let (f, r) = fr(from);
        let push = |to: Sq, out: &mut Vec<Move>| {
            out.push(Move::Step {
                from,
                to,
                promote: None,
            })
        };
        match pc.kind {
            Kind::Pawn => {
                // rule 10: a pawn on the far edge waits there; rule 11: once its player is
                // privileged it promotes where it stands, as its move
                if far_edge(pc.owner, from) && self.privileged(pc.owner) {
                    for k in [Kind::Boat, Kind::Horse, Kind::Elephant] {
                        out.push(Move::Step {
                            from,
                            to: from,
                            promote: Some(k),
                        });
                    }
                }
                let (df, dr) = forward(pc.owner);
                if let Some(to) = sq(f + df, r + dr) {
                    if self.board[to as usize].is_none() {
                        self.pawn_arrivals(from, to, pc.owner, out);
                    }
                }
                // the two forward diagonals
                let sides = if df == 0 {
                    [(1, 0), (-1, 0)]
                } else {
                    [(0, 1), (0, -1)]
                };
                for (sf, sr) in sides {
                    if let Some(to) = sq(f + df + sf, r + dr + sr) {
                        if self.board[to as usize]
                            .is_some_and(|t| self.is_enemy(pc.owner, t.owner) && t.kind.minor())
                        {
                            self.pawn_arrivals(from, to, pc.owner, out);
                        }
                    }
                }
            }
            Kind::Horse | Kind::Rajah => {
                let steps = if pc.kind == Kind::Horse {
                    &KNIGHT_STEPS
                } else {
                    &KING
                };
                for &(df, dr) in steps {
                    if let Some(to) = sq(f + df, r + dr) {
                        if self.may_land(pc, to) {
                            push(to, out);
                        }
                    }
                }
            }
            Kind::Boat if self.boat == BoatMove::Leap => {
                for &(df, dr) in &DIAG {
                    if let Some(to) = sq(f + 2 * df, r + 2 * dr) {
                        if self.may_land(pc, to) {
                            push(to, out);
                        }
                    }
                }
            }
            Kind::Boat | Kind::Elephant => {
                let dirs = if pc.kind == Kind::Boat { &DIAG } else { &ORTH };
                for &(df, dr) in dirs {
                    let (mut x, mut y) = (f + df, r + dr);
                    while let Some(to) = sq(x, y) {
                        if self.may_land(pc, to) {
                            push(to, out);
                        }
                        if self.board[to as usize].is_some() {
                            break;
                        }
                        x += df;
                        y += dr;
                    }
                }
            }
        }
    }

    /// A pawn's move to `to`, with a privileged pawn's choices on the far edge.
    pub(super) fn pawn_arrivals(&self, from: Sq, to: Sq, owner: u8, out: &mut Vec<Move>) {
        if far_edge(owner, to) && self.privileged(owner) {
            for k in [Kind::Boat, Kind::Horse, Kind::Elephant] {
                out.push(Move::Step {
                    from,
                    to,
                    promote: Some(k),
                });
            }
        } else {
            out.push(Move::Step {
                from,
                to,
                promote: None,
            });
        }
    }

    /// The moves the die allows the actor at seat `current`'s throw.
    pub(super) fn moves_for_die(&self, die: u8) -> Vec<Move> {
        let actor = self.actor(self.current);
        let mut out = Vec::with_capacity(16);
        let of = |k: Kind| self.kind_bb[k as usize];
        let indicated = match die {
            2 => of(Kind::Boat),
            3 => of(Kind::Horse),
            4 => of(Kind::Elephant),
            _ => of(Kind::Rajah) | of(Kind::Pawn),
        };
        // the pieces the actor controls: the army (boat included, rule 5) by who commands
        // it, a boat taken in a concourse of shipping (rule 9) by who took it
        let mut controlled = 0u64;
        for o in 0..4 {
            let commander = if die == 2 {
                self.boat_commander(o as u8)
            } else {
                self.command[o]
            };
            if commander == actor && self.status[o] == Status::Playing {
                controlled |= self.owner_bb[o];
            }
        }
        let mut todo = indicated & controlled;
        while todo != 0 {
            let s = todo.trailing_zeros() as Sq;
            todo &= todo - 1;
            if let Some(pc) = self.board[s as usize] {
                self.piece_moves(s, pc, &mut out);
            }
        }
        out
    }

    /// The legal moves now.
    pub fn moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        match self.phase {
            Phase::Move(n) => self.moves_for_die(n),
            Phase::Decide(_) => vec![Move::Yes, Move::No],
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{BoatMove, Shaturanga};
    use crate::{random_playout, Dice};

    #[test]
    fn squares_by_owner_and_kind_follow_the_board() {
        let mut dice = Dice::new(5);
        for _ in 0..200 {
            let mut g = Shaturanga::new(BoatMove::Leap);
            for _ in 0..2000 {
                if random_playout(&mut g, &mut dice, 1) == 0 {
                    break;
                }
                let mut fresh = g.clone();
                fresh.index_board();
                assert_eq!((fresh.owner_bb, fresh.kind_bb), (g.owner_bb, g.kind_bb));
            }
        }
    }
}
