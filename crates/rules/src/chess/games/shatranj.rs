//! Shatranj (seed 001 §II).

use super::{base, piece, GameInfo, PAWN_BETZA};
use crate::chess::variant::{BareKing, Promotion, Role, Stalemate, VariantSpec};

/// Shatranj.
pub const INFO: GameInfo = GameInfo {
    id: "shatranj",
    name: "Shatranj",
    fsf: Some("shatranj"),
    seed: "001 §II",
    options: &[],
};

pub(super) fn spec(_fsf: bool, _opt: &super::Opts) -> VariantSpec {
    let pieces = vec![
        piece("pawn", 'p', PAWN_BETZA, Role::Pawn, "Baidaq"),
        piece("knight", 'n', "N", Role::Piece, "Faras"),
        piece("alfil", 'b', "A", Role::Piece, "Fil"),
        piece("rook", 'r', "R", Role::Piece, "Rukh"),
        piece("fers", 'q', "F", Role::Piece, "Firzan"),
        piece("king", 'k', "K", Role::King, "Shah"),
    ];
    let mut s = base(
        "shatranj",
        pieces,
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
        Promotion::Choice(vec![4]),
    );
    s.end.stalemate = Stalemate::StalematedLoses;
    s.end.bare_king = BareKing::WinsUnlessBareBack;
    s
}
