//! How a move changes a position: pieces, hands, rights, the opening phases, and the
//! bookkeeping some rules need (king leaps lost to check, Shatar's check runs, counting,
//! Janggi's facing kings).

use super::position::{Move, MoveKind, Piece, Position};
use super::variant::{Counting, KingLeap, Opening, Setup, NO_RAY};
use super::zobrist::KEYS;
use crate::geometry::{Bitboard, Color, Square};

impl Position {
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
                    if self.v.spec.end.pawn_resets_clock {
                        self.rule50 = 0;
                    }
                    if self.v.spec.hooks.pawn_double_step && from.rank().abs_diff(to.rank()) == 2 {
                        // kept only where an enemy pawn stands to take (as Fairy-Stockfish)
                        self.ep = from
                            .offset(0, us.forward())
                            .filter(|&e| self.en_passant_possible(e, them));
                    }
                }
                if m.kind() == MoveKind::Promotion {
                    self.rule50 = 0;
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
                // a drop (and Sittuyin's placing) cannot be undone: the clock restarts
                self.rule50 = 0;
            }
            MoveKind::Pass => {}
            MoveKind::Arrange => self.arrange(us, m.piece()),
            MoveKind::Declare => self.declared = true,
        }
        self.pawn_dropped = m.kind() == MoveKind::Drop && self.v.is_pawn(m.piece());
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
        if self.v.spec.hooks.rook_aim_ends_leap && moved_kind.is_some() {
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
        self.after_move(us, m);
    }

    /// Who moves after `us` played `m`: normally the other side; the setup phase and
    /// opening arrays may give one side several moves in a row.
    pub(crate) fn next_side(&self, us: Color, _m: Move) -> Color {
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
    pub(crate) fn drop_lone_castling_kings(&mut self) {
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

    pub(crate) fn set_leap(&mut self, c: Color, on: bool) {
        if self.leap[c.index()] != on {
            self.leap[c.index()] = on;
            self.hash ^= KEYS.leap[c.index()];
        }
    }

    /// Fairy-Stockfish's Cambodian rule: an enemy rook moving onto the king's file or rank
    /// takes away the king's leap.
    pub(crate) fn cambodian_rook_aim(&mut self, m: Move, them: Color) {
        let to = m.to();
        if self.v.rook_kind.is_none() || self.piece_at(to).map(|p| p.kind) != self.v.rook_kind {
            return;
        }
        let Some(ks) = self.king_square(them) else {
            return;
        };
        if self.rights.has(ks) && (to.file() == ks.file() || to.rank() == ks.rank()) {
            // the hash of the rights is brought up to date after the move
            self.rights = self.rights.without(ks);
        }
    }

    /// Bookkeeping after a move: check-dependent rights, counting, Shatar's check runs.
    pub(crate) fn after_move(&mut self, us: Color, m: Move) {
        let hooks = &self.v.spec.hooks;
        let them = us.other();
        // whether the move gives check matters while the opponent's king may still leap
        // (a check takes the right away; not in Fairy-Stockfish's Ouk, where only a rook
        // aimed at the king does) and for Shatar's check runs
        let check_ends_leap = !matches!(hooks.king_leap, KingLeap::None | KingLeap::Cambodian);
        if !check_ends_leap && !hooks.shatar_mate {
            return self.after_move_counting();
        }
        let king = self.king_square(them);
        let leap_right = match hooks.king_leap {
            KingLeap::None => false,
            KingLeap::OncePerGame => self.leap[them.index()],
            KingLeap::FirstMove | KingLeap::FirstMoveForward => {
                king.is_some_and(|k| self.rights.has(k))
            }
            KingLeap::Cambodian => false,
        };
        if leap_right || hooks.shatar_mate {
            let check = king.is_some_and(|k| self.move_checks(m, k, us));
            if check {
                match (hooks.king_leap, king) {
                    (KingLeap::OncePerGame, _) => self.set_leap(them, false),
                    (KingLeap::FirstMove | KingLeap::FirstMoveForward, Some(k))
                        if self.rights.has(k) =>
                    {
                        self.rights = self.rights.without(k);
                        self.hash ^= KEYS.rights[k.index()];
                    }
                    _ => {}
                }
            }
            if hooks.shatar_mate {
                // the checking pieces, looked for only when there is a check
                let checkers = match king {
                    Some(k) if check => self.attackers_to(k, us, self.occupied()),
                    _ => Bitboard::EMPTY,
                };
                let shak = Iterator::any(&mut checkers.clone(), |s| {
                    let id = self.v.piece(self.piece_at(s).expect("checker").kind).id;
                    matches!(id, "bers" | "rook" | "knight")
                });
                self.shak_run[us.index()] = checkers.any() && (shak || self.shak_run[us.index()]);
            }
        }
        self.after_move_counting();
    }

    /// Whether `us`'s move `m`, just played, checks the king on `k`: by the moved piece's
    /// own attack or along a line it opened (moves of other kinds, and games with hoppers,
    /// lame leaps or facing kings, by the full test).
    fn move_checks(&self, m: Move, k: Square, us: Color) -> bool {
        let v = self.v;
        let occ = self.occupied();
        let to = m.to();
        let Some(p) = self.piece_at(to) else {
            return self.is_attacked(k, us, occ);
        };
        let t = &v.tables[p.kind as usize][us.index()];
        if m.kind() != MoveKind::Normal
            || !v.plain_attacks
            || v.spec.hooks.flying_general
            || t.has_paths
        {
            return self.is_attacked(k, us, occ);
        }
        let r = v.ray_toward[to.index()][k.index()];
        let rides = r != NO_RAY
            && t.capture_rays >> r & 1 != 0
            && v.first_on(r as usize, to, occ) == Some(k);
        t.leap_capture[to.index()].has(k) || rides || self.opens_line(k, m.from(), occ, us)
    }

    /// The counting rules' bookkeeping after a move.
    #[inline]
    fn after_move_counting(&mut self) {
        if self.v.spec.end.counting != Counting::None {
            super::counting::update(self);
        }
    }

    /// Janggi: places `c`'s horses and elephants in arrangement `n` (0-3): bit 0 for the
    /// left pair, bit 1 for the right pair, a set bit putting the elephant outside.
    pub(crate) fn arrange(&mut self, c: Color, n: u8) {
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
}
