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

    /// The player who moves the piece.
    pub(super) fn controller(&self, pc: Piece) -> u8 {
        if pc.kind == Kind::Boat {
            self.ship_control[pc.owner as usize]
        } else {
            self.command[pc.owner as usize]
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
        let mut boats = 0;
        let mut pawns = 0;
        for pc in self.board.iter().flatten() {
            if pc.owner != p {
                continue;
            }
            match pc.kind {
                Kind::Boat => boats += 1,
                Kind::Pawn => pawns += 1,
                Kind::Rajah => {}
                _ => return false,
            }
        }
        boats == 1 && pawns == 1
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
        let mut out = Vec::new();
        for s in 0..64u8 {
            let Some(pc) = self.board[s as usize] else {
                continue;
            };
            if self.controller(pc) != actor || self.status[pc.owner as usize] != Status::Playing {
                continue;
            }
            let indicated = match die {
                2 => pc.kind == Kind::Boat,
                3 => pc.kind == Kind::Horse,
                4 => pc.kind == Kind::Elephant,
                _ => matches!(pc.kind, Kind::Rajah | Kind::Pawn),
            };
            if indicated {
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
