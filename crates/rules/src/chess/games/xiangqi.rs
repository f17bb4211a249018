//! Xiangqi (seed 001 §IX).

use super::{piece, GameInfo};
use crate::chess::variant::{
    BareKing, Counting, EndRules, Hooks, Promotion, Region, Repetition, Role, Stalemate,
    VariantSpec,
};
use crate::geometry::Shape;

/// Xiangqi.
pub const INFO: GameInfo = GameInfo {
    id: "xiangqi",
    name: "Xiangqi",
    fsf: Some("xiangqi"),
    seed: "001 §IX",
    options: &[],
};

pub(super) fn spec(fsf: bool, _opt: &super::Opts) -> VariantSpec {
    let pieces = vec![
        piece("king", 'k', "W", Role::King, "Jiang/Shuai").confined(Region::Palace),
        piece("advisor", 'a', "F", Role::Piece, "Shi").confined(Region::Palace),
        piece("elephant", 'b', "nA", Role::Piece, "Xiang").confined(Region::OwnHalf),
        piece("horse", 'n', "nN", Role::Piece, "Ma"),
        piece("rook", 'r', "R", Role::Piece, "Ju"),
        piece("cannon", 'c', "mRcpR", Role::Piece, "Pao"),
        // the soldier steps forward; across the river it may also step sideways
        piece("pawn", 'p', "fW", Role::Pawn, "Zu/Bing").across("fsW"),
    ];
    VariantSpec {
        game: "xiangqi",
        ruleset: String::new(),
        options: Vec::new(),
        shape: Shape {
            files: 9,
            ranks: 10,
        },
        pieces,
        start_fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".into(),
        promotion: Promotion::None,
        promotion_ranks: vec![],
        hooks: Hooks {
            flying_general: true,
            ..Hooks::default()
        },
        end: EndRules {
            stalemate: Stalemate::StalematedLoses,
            bare_king: BareKing::None,
            counting: Counting::None,
            // Fairy-Stockfish keeps a 50-move rule, lengthened by checks (see
            // `ChessGame::check_allowance`)
            move_rule_plies: if fsf { 100 } else { 0 },
            pawn_resets_clock: false,
            repetitions: 3,
            repetition_rule: Repetition::Xiangqi,
            fsf_counting: false,
            repetition_lead_in: false,
        },
    }
}
