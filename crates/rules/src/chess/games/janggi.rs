//! Janggi (seed 001 §X).

use super::{piece, GameInfo};
use crate::chess::variant::{
    BareKing, Bikjang, Counting, EndRules, Hooks, Promotion, Region, Repetition, Role, Setup,
    Stalemate, VariantSpec,
};
use crate::geometry::Shape;

/// Janggi.
pub const INFO: GameInfo = GameInfo {
    id: "janggi",
    name: "Janggi",
    fsf: Some("janggi"),
    seed: "001 §X",
    options: &[],
};

pub(super) fn spec(fsf: bool, _opt: &super::Opts) -> VariantSpec {
    let pieces = vec![
        piece("king", 'k', "W", Role::King, "Gung (Han/Cho)").confined(Region::Palace),
        piece("guard", 'a', "W", Role::Piece, "Sa").confined(Region::Palace),
        // one orthogonal step then two diagonal ones, blocked by any piece on the way
        piece("elephant", 'b', "nZ", Role::Piece, "Sang"),
        piece("horse", 'n', "nN", Role::Piece, "Ma"),
        piece("rook", 'r', "R", Role::Piece, "Cha"),
        // moves and captures only by jumping one screen; never over or onto a cannon
        piece("cannon", 'c', "pR", Role::Piece, "Po"),
        piece("pawn", 'p', "fsW", Role::Pawn, "Byeong/Jol"),
    ];
    // The seed: each side first chooses where its horses and elephants stand (Cho first).
    let start = if fsf {
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"
    } else {
        "r2a1a2r/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/R2A1A2R[BBNNbbnn] w - - 0 1"
    };
    VariantSpec {
        game: "janggi",
        ruleset: String::new(),
        options: Vec::new(),
        shape: Shape {
            files: 9,
            ranks: 10,
        },
        pieces,
        start_fen: start.into(),
        promotion: Promotion::None,
        promotion_ranks: vec![],
        hooks: Hooks {
            palace_diagonals: true,
            janggi_cannon: true,
            pass: true,
            bikjang: if fsf { Bikjang::Fsf } else { Bikjang::Seed },
            setup: if fsf {
                Setup::Fixed
            } else {
                Setup::JanggiArrangement
            },
            ..Hooks::default()
        },
        end: EndRules {
            // a side can always pass, so it is never stalemated unless in check
            stalemate: Stalemate::Draw,
            bare_king: BareKing::None,
            counting: Counting::None,
            move_rule_plies: 0,
            pawn_resets_clock: false,
            // seed 001 §X: "There is no draw by perpetual check or repetition of position"
            repetitions: 0,
            repetition_rule: Repetition::Draw,
            fsf_counting: false,
            repetition_lead_in: false,
        },
    }
}
