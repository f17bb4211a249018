//! Ninth-century Indian chess (seed 001 §IV), as al-Adli describes it.

use super::{base, piece, GameInfo, PAWN_BETZA};
use crate::chess::variant::{BareKing, Promotion, Role, Stalemate, VariantSpec};

/// Ninth-century Indian chess.
pub const INFO: GameInfo = GameInfo {
    id: "ninth-century",
    name: "Ninth-century Indian chess",
    fsf: None,
    seed: "001 §IV",
    options: &[],
};

pub(super) fn spec(_fsf: bool, _opt: &super::Opts) -> VariantSpec {
    let pieces = vec![
        piece("pawn", 'p', PAWN_BETZA, Role::Pawn, "Padati"),
        piece("knight", 'n', "N", Role::Piece, "Ashva"),
        piece("dabbaba", 'e', "D", Role::Piece, "Gaja"),
        piece("rook", 'r', "R", Role::Piece, "Ratha"),
        piece("fers", 'f', "F", Role::Piece, "Mantri"),
        piece("king", 'k', "K", Role::King, "Raja"),
    ];
    let mut s = base(
        "ninth-century",
        pieces,
        "enrfkrne/pppppppp/8/8/8/8/PPPPPPPP/ENRFKRNE w - - 0 1",
        Promotion::Choice(vec![4]),
    );
    s.end.bare_king = BareKing::Wins;
    s.end.stalemate = Stalemate::StalematedWins;
    s
}
