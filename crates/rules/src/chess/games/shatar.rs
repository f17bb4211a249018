//! Shatar (seed 001 §VIII).

use super::{base, piece, GameInfo, PAWN_BETZA};
use crate::chess::variant::{BareKing, Promotion, Role, VariantSpec};

/// Shatar.
pub const INFO: GameInfo = GameInfo {
    id: "shatar",
    name: "Shatar",
    fsf: Some("shatar"),
    seed: "001 §VIII",
    options: &[],
};

/// The two forced opening moves: each side's bers pawn two steps forward.
pub const FORCED_OPENING: [&str; 2] = ["d2d4", "d7d5"];

pub(super) fn spec(fsf: bool, _opt: &super::Opts) -> VariantSpec {
    let pieces = vec![
        piece("pawn", 'p', PAWN_BETZA, Role::Pawn, "Khuu"),
        piece("knight", 'n', "N", Role::Piece, "Mori"),
        piece("bishop", 'b', "B", Role::Piece, "Temee"),
        piece("rook", 'r', "R", Role::Piece, "Tereg"),
        piece("bers", 'j', "RF", Role::Piece, "Bers"),
        piece("king", 'k', "K", Role::King, "Noyon"),
    ];
    // The seed's start is before the forced moves; Fairy-Stockfish starts after them.
    let start = if fsf {
        "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1"
    } else {
        "rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w - - 0 1"
    };
    let mut s = base("shatar", pieces, start, Promotion::Choice(vec![4]));
    s.end.bare_king = BareKing::Draw;
    s.hooks.shatar_mate = true;
    // "Horse cannot give mate to the enemy King; such a move is forbidden": our reading
    // forbids every knight move after which the opponent is mated, a mate it uncovers
    // included (Fairy-Stockfish instead lets the knight mate and scores it a loss)
    s.hooks.knight_mate_illegal = !fsf;
    s
}
