//! Senterej (seed 001 §III).

use super::{base, piece, GameInfo, PAWN_BETZA};
use crate::chess::variant::{BareKing, Opening, Promotion, Role, VariantSpec};

/// Senterej.
pub const INFO: GameInfo = GameInfo {
    id: "senterej",
    name: "Senterej",
    fsf: None,
    seed: "001 §III",
    options: &[("werera", &["ten-moves", "simultaneous", "none"])],
};

pub(super) fn spec(_fsf: bool, opt: &super::Opts) -> VariantSpec {
    let pieces = vec![
        piece("pawn", 'p', PAWN_BETZA, Role::Pawn, "Medeq"),
        piece("knight", 'n', "N", Role::Piece, "Ferese"),
        piece("alfil", 'b', "A", Role::Piece, "Saba"),
        piece("rook", 'r', "R", Role::Piece, "Der"),
        piece("fers", 'q', "F", Role::Piece, "Fers"),
        piece("king", 'k', "K", Role::King, "Negus"),
    ];
    // Werera (RULES.md): castling to the king's right during it (White Ke1-g1, Black Kd8-b8).
    let (opening, start) = match opt.get("werera") {
        "simultaneous" => (
            Opening::Simultaneous,
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1 opening:1",
        ),
        "none" => (
            Opening::None,
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        ),
        _ => (
            Opening::Array { moves: 10 },
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1 opening:20",
        ),
    };
    let mut s = base("senterej", pieces, start, Promotion::LostType);
    s.hooks.opening = opening;
    s.hooks.castling = opening != Opening::None;
    s.hooks.castle_right_in_opening = true;
    s.end.bare_king = BareKing::SevenMoves;
    s
}
