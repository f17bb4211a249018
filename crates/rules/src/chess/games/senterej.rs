//! Senterej (seed 001 §III).

use super::{base, piece, GameInfo, PAWN_BETZA};
use crate::chess::variant::{BareKing, Promotion, Role, VariantSpec};

/// Senterej.
pub const INFO: GameInfo = GameInfo {
    id: "senterej",
    name: "Senterej",
    fsf: None,
    seed: "001 §III",
    options: &[],
};

pub(super) fn spec(_fsf: bool, _opt: &super::Opts) -> VariantSpec {
    let pieces = vec![
        piece("pawn", 'p', PAWN_BETZA, Role::Pawn, "Medeq"),
        piece("knight", 'n', "N", Role::Piece, "Ferese"),
        piece("alfil", 'b', "A", Role::Piece, "Saba"),
        piece("rook", 'r', "R", Role::Piece, "Der"),
        piece("fers", 'q', "F", Role::Piece, "Fers"),
        piece("king", 'k', "K", Role::King, "Negus"),
    ];
    let mut s = base(
        "senterej",
        pieces,
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        Promotion::LostType,
    );
    s.end.bare_king = BareKing::SevenMoves;
    s
}
