//! The end rules a position decides by itself: bare king (with Shatranj's proviso and
//! Senterej's seven moves), checkmate with Shatar's mate rule, and stalemate results.
//! A position these rules end has no legal moves, as in Fairy-Stockfish, so perft stops
//! there too.

use super::movegen::MoveList;
use super::position::{MoveKind, Position};
use super::variant::{BareKing, Bikjang, Kind, Stalemate};
use crate::game::Outcome;
use crate::geometry::{Bitboard, Color};

impl Position {
    /// The result the position's own rules give before the side to move plays, if any:
    /// an impasse declared, the royal pieces lost (Sho Shogi), bikjang, a bare king.
    #[inline]
    pub fn immediate_outcome(&self) -> Option<Outcome> {
        let v = self.v;
        // the bare-king rules need a side with its king alone
        let bare = v.spec.end.bare_king != BareKing::None
            && (self.color_bb(Color::White).count() == 1
                || self.color_bb(Color::Black).count() == 1);
        if !v.other_immediate_ends && !bare {
            return None;
        }
        self.immediate_outcome_found()
    }

    fn immediate_outcome_found(&self) -> Option<Outcome> {
        if self.declared {
            return Some(self.impasse_outcome());
        }
        if self.v.royal_kinds.count_ones() > 1 && !self.in_setup() {
            // Sho Shogi: a side with neither king nor prince has lost
            for c in Color::BOTH {
                if self.royals(c).is_empty() {
                    return Some(Outcome::win(c.other().index(), "king and prince captured"));
                }
            }
        }
        if self.v.spec.hooks.bikjang != Bikjang::None {
            if self.prev_facing && self.kings_facing() {
                return Some(self.bikjang_outcome("bikjang"));
            }
            if self.passes >= 2 {
                return Some(self.bikjang_outcome("both sides passed"));
            }
        }
        let rule = self.v.spec.end.bare_king;
        if rule == BareKing::None {
            return None;
        }
        let us = self.side;
        let them = us.other();
        let bare = |c: Color| self.color_bb(c).count() == 1;
        let (seat_us, seat_them) = (us.index(), them.index());
        match rule {
            BareKing::None => None,
            // Chaturanga, ninth-century chess (seed 001 §I, §IV): baring wins, two bare kings draw.
            BareKing::Wins => match (bare(us), bare(them)) {
                (true, true) => Some(Outcome::draw("two bare kings")),
                (true, false) => Some(Outcome::win(seat_them, "bare king")),
                (false, true) => Some(Outcome::win(seat_us, "bare king")),
                _ => None,
            },
            // Shatranj (seed 001 §II): unless the bared side can bare back at once.
            BareKing::WinsUnlessBareBack => match (bare(us), bare(them)) {
                (true, true) => Some(Outcome::draw("two bare kings")),
                (true, false) if !self.can_bare_back() => {
                    Some(Outcome::win(seat_them, "bare king"))
                }
                (false, true) => Some(Outcome::win(seat_us, "bare king")),
                _ => None,
            },
            // Fairy-Stockfish's shatranj (its extinction rule: a side with its king alone
            // loses to a side with a piece more, the side to move only once the other has
            // two pieces besides its king, when no reply could bare it back): the bared side
            // gets its reply if it might bare back; if the other side is still not bare at
            // its next turn, it has won.
            BareKing::WinsAfterReply => {
                if bare(them) && !bare(us) {
                    Some(Outcome::win(seat_us, "bare king"))
                } else if bare(us) && self.color_bb(them).count() >= 3 {
                    Some(Outcome::win(seat_them, "bare king"))
                } else {
                    None
                }
            }
            // Shatar (seed 001 §VIII): robado.
            BareKing::Draw => (bare(us) || bare(them)).then(|| Outcome::draw("bare king (robado)")),
            // Senterej (seed 001 §III): a bare king that made seven moves without being mated.
            BareKing::SevenMoves => self
                .bare_moves
                .iter()
                .any(|&n| n >= 7)
                .then(|| Outcome::draw("bare king made seven moves")),
        }
    }

    /// Shogi's impasse: both kings stand in their promotion zones.
    pub(crate) fn impasse_possible(&self) -> bool {
        Color::BOTH.iter().all(|&c| {
            let r = self.royals(c);
            r.any() && (r & !self.v.promotion_zone(c)).is_empty()
        })
    }

    /// Impasse points (seed 001 §XIII): rook and bishop (promoted or not) 5, other pieces
    /// but the king 1, on the board and in hand.
    pub fn impasse_points(&self, c: Color) -> u32 {
        let v = self.v;
        (0..v.kinds() as Kind)
            .filter(|&k| !v.is_royal(k))
            .map(|k| {
                let base = v.piece(v.demoted(k)).id;
                let w = if base == "rook" || base == "bishop" {
                    5
                } else {
                    1
                };
                w * (self.pieces(c, k).count() + self.in_hand(c, k) as u32)
            })
            .sum()
    }

    /// The 24-point rule after a declaration: a side below 24 points loses; both at 24 or
    /// more draw.
    fn impasse_outcome(&self) -> Outcome {
        let declarer = self.side.other();
        let (d, o) = (
            self.impasse_points(declarer),
            self.impasse_points(self.side),
        );
        if d < 24 {
            Outcome::win(
                self.side.index(),
                format!("impasse: the declarer has {d} points"),
            )
        } else if o < 24 {
            Outcome::win(
                declarer.index(),
                format!("impasse: the opponent has {o} points"),
            )
        } else {
            Outcome::draw(format!("impasse: {d} and {o} points"))
        }
    }

    /// Janggi: the kings faced each other in two positions in a row, or both sides passed.
    fn bikjang_outcome(&self, why: &str) -> Outcome {
        if self.v.spec.hooks.bikjang == Bikjang::Seed {
            return Outcome::draw(why);
        }
        // Fairy-Stockfish's material count: chariot 13, cannon 7, horse 5, elephant 3, guard 3,
        // soldier 2, and a point and a half to the second player (ties go to it).
        let v = self.v;
        let mut count = -1i32;
        for k in 0..v.kinds() as Kind {
            let w = match v.piece(k).id {
                "rook" => 13,
                "cannon" => 7,
                "horse" => 5,
                "elephant" | "guard" => 3,
                "pawn" => 2,
                _ => 0,
            };
            count += w
                * (self.pieces(Color::White, k).count() as i32
                    - self.pieces(Color::Black, k).count() as i32);
        }
        let winner = if count > 0 {
            Color::White
        } else {
            Color::Black
        };
        Outcome::win(winner.index(), format!("{why} (material count)"))
    }

    /// Janggi (RULES.md): a side that made the kings face each other can at best draw.
    pub fn limit_facing_maker(&self, o: Outcome) -> Outcome {
        match o.winner() {
            Some(w) if self.v.spec.hooks.bikjang == Bikjang::Seed && self.made_facing[w] => {
                Outcome::draw(format!(
                    "{} (but the winner had made the kings face each other)",
                    o.reason
                ))
            }
            _ => o,
        }
    }

    /// Shatranj's proviso: the bared side (to move) can bare the opponent at once.
    fn can_bare_back(&self) -> bool {
        let them = self.side.other();
        if self.color_bb(them).count() != 2 {
            return false;
        }
        let mut list = MoveList::new();
        self.generate_unfiltered(&mut list);
        list.iter().any(|&m| {
            matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion)
                && self.color_bb(them).has(m.to())
        })
    }

    /// The result when the side to move has no legal move: checkmate or stalemate.
    pub fn no_move_outcome(&self) -> Outcome {
        let us = self.side;
        let them = us.other();
        let checkers = self.checkers();
        if checkers.any() {
            if self.v.spec.hooks.shatar_mate {
                return self.shatar_mate(checkers);
            }
            if self.pawn_dropped && self.v.spec.hooks.pawn_drop_mate_loses {
                return Outcome::win(us.index(), "checkmate by a pawn drop is not allowed");
            }
            return Outcome::win(them.index(), "checkmate");
        }
        match self.v.spec.end.stalemate {
            Stalemate::Draw => Outcome::draw("stalemate"),
            Stalemate::StalematedWins => {
                Outcome::win(us.index(), "stalemate (the stalemating player loses)")
            }
            Stalemate::StalematedLoses => Outcome::win(them.index(), "stalemate"),
        }
    }

    /// Shatar (seed 001 §VIII): mate by bers or rook wins; by bishop or pawn only after a
    /// run of checks that included a shak (bers, rook or knight check), else draw (niol).
    /// Under Fairy-Stockfish's rules a mate by knight alone loses for the mating side.
    fn shatar_mate(&self, checkers: Bitboard) -> Outcome {
        let v = self.v;
        let us = self.side;
        let them = us.other();
        let ids: Vec<&str> = checkers
            .map(|s| v.piece(self.piece_at(s).expect("checker").kind).id)
            .collect();
        if ids.iter().all(|&id| id == "knight") {
            return Outcome::win(us.index(), "checkmate by knight is not allowed");
        }
        if ids.iter().any(|&id| id == "bers" || id == "rook") || self.shak_run[them.index()] {
            return Outcome::win(them.index(), "checkmate");
        }
        Outcome::draw("niol: mate without a shak")
    }
}
