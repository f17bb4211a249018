//! The end rules a position decides by itself: bare king (with Shatranj's proviso and
//! Senterej's seven moves), checkmate with Shatar's mate rule, and stalemate results.
//! A position these rules end has no legal moves, as in Fairy-Stockfish, so perft stops
//! there too.

use super::movegen::MoveList;
use super::position::{MoveKind, Position};
use super::variant::{BareKing, Stalemate};
use crate::game::Outcome;
use crate::geometry::{Bitboard, Color};

impl Position {
    /// The result the bare-king rules give before the side to move plays, if any.
    pub fn immediate_outcome(&self) -> Option<Outcome> {
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
            // Fairy-Stockfish's shatranj: the bared side gets its reply; if the other side
            // is still not bare at its next turn, it has won.
            BareKing::WinsAfterReply => {
                (bare(them) && !bare(us)).then(|| Outcome::win(seat_us, "bare king"))
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
