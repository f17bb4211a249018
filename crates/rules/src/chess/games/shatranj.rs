//! Shatranj (seed 001 §II).

use super::{base, piece, GameInfo, PAWN_BETZA};
use crate::chess::variant::{BareKing, Opening, Promotion, Role, Stalemate, VariantSpec};

/// Shatranj.
pub const INFO: GameInfo = GameInfo {
    id: "shatranj",
    name: "Shatranj",
    fsf: Some("shatranj"),
    seed: "001 §II",
    options: &[("tabiya", &["none", "10", "12"])],
};

pub(super) fn spec(fsf: bool, opt: &super::Opts) -> VariantSpec {
    let pieces = vec![
        piece("pawn", 'p', PAWN_BETZA, Role::Pawn, "Baidaq"),
        piece("knight", 'n', "N", Role::Piece, "Faras"),
        piece("alfil", 'b', "A", Role::Piece, "Fil"),
        piece("rook", 'r', "R", Role::Piece, "Rukh"),
        piece("fers", 'q', "F", Role::Piece, "Firzan"),
        piece("king", 'k', "K", Role::King, "Shah"),
    ];
    // Option tabiya=10|12 (seed 001 §II): each side first makes 10 (12) moves at once.
    let moves: u8 = if fsf {
        0
    } else {
        opt.get("tabiya").parse().unwrap_or(0)
    };
    let start = if moves > 0 {
        format!(
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1 opening:{}",
            2 * moves
        )
    } else {
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1".to_string()
    };
    let mut s = base("shatranj", pieces, &start, Promotion::Choice(vec![4]));
    if moves > 0 {
        s.hooks.opening = Opening::Array { moves };
    }
    s.end.stalemate = Stalemate::StalematedLoses;
    // Fairy-Stockfish: a 70-move rule
    if fsf {
        s.end.move_rule_plies = 140;
    }
    s.end.bare_king = if fsf {
        BareKing::WinsAfterReply
    } else {
        BareKing::WinsUnlessBareBack
    };
    s
}
