//! Sittuyin (seed 001 §V).

use super::{base, piece, GameInfo, PAWN_BETZA};
use crate::chess::variant::{Counting, Promotion, Role, Setup, VariantSpec};

/// Sittuyin.
pub const INFO: GameInfo = GameInfo {
    id: "sittuyin",
    name: "Sittuyin",
    fsf: Some("sittuyin"),
    seed: "001 §V",
    options: &[],
};

pub(super) fn spec(fsf: bool, _opt: &super::Opts) -> VariantSpec {
    // Listed in the order Fairy-Stockfish writes pockets.
    let pieces = vec![
        piece("king", 'k', "K", Role::King, "Min-gyi"),
        piece("fers", 'f', "F", Role::Piece, "Sit-ke"),
        piece("rook", 'r', "R", Role::Piece, "Yattah"),
        piece("silver", 's', "FfW", Role::Piece, "Sin"),
        piece("knight", 'n', "N", Role::Piece, "Myin"),
        piece("pawn", 'p', PAWN_BETZA, Role::Pawn, "Ne"),
    ];
    let mut s = base(
        "sittuyin",
        pieces,
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
        Promotion::Sittuyin { fers: 1, fsf },
    );
    s.promotion_ranks = vec![];
    s.hooks.setup = Setup::Sittuyin { fsf };
    s.hooks.stalemate_illegal = !fsf;
    s.end.counting = if fsf {
        Counting::Asean
    } else {
        Counting::AseanCentre
    };
    s.end.fsf_counting = fsf;
    s
}
