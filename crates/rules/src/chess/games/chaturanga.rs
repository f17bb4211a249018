//! Chaturanga (seed 001 §I).

use super::{base, piece, GameInfo, PAWN_BETZA};
use crate::chess::variant::{BareKing, KingLeap, Promotion, Role, Stalemate, VariantSpec};

/// Chaturanga.
pub const INFO: GameInfo = GameInfo {
    id: "chaturanga",
    name: "Chaturanga",
    fsf: Some("chaturanga"),
    seed: "001 §I",
    options: &[("elephant", &["alfil", "dabbaba", "silver"])],
};

pub(super) fn spec(fsf: bool, opt: &super::Opts) -> VariantSpec {
    let elephant = match opt.get("elephant") {
        "dabbaba" => "D",
        "silver" => "FfW",
        _ => "A",
    };
    let pieces = vec![
        piece("pawn", 'p', PAWN_BETZA, Role::Pawn, "Padati"),
        piece("knight", 'n', "N", Role::Piece, "Ashva"),
        piece(
            "elephant",
            'b',
            if fsf { "A" } else { elephant },
            Role::Piece,
            "Gaja",
        ),
        piece("rook", 'r', "R", Role::Piece, "Ratha"),
        piece("fers", 'q', "F", Role::Piece, "Mantri"),
        piece("king", 'k', "K", Role::King, "Raja"),
    ];
    if fsf {
        let mut s = base(
            "chaturanga",
            pieces,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            Promotion::Choice(vec![4]),
        );
        // Fairy-Stockfish's chaturanga has no bare-king rule, and a 70-move rule
        s.end.stalemate = Stalemate::StalematedLoses;
        s.end.move_rule_plies = 140;
        return s;
    }
    // Kings on each player's right: White e1, Black d8; both still hold the leap.
    let mut s = base(
        "chaturanga",
        pieces,
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Ed - 0 1",
        Promotion::OriginalType,
    );
    s.hooks.king_leap = KingLeap::OncePerGame;
    s.end.bare_king = BareKing::Wins;
    s.end.stalemate = Stalemate::StalematedWins;
    s
}
