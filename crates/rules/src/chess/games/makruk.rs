//! Makruk (seed 001 §VI) and Ouk Chatrang (§VII), which is Makruk plus two opening rules.

use super::{base, piece, GameInfo, PAWN_BETZA};
use crate::chess::variant::{Counting, FersStep, KingLeap, Promotion, Role, VariantSpec};

/// Makruk.
pub const INFO: GameInfo = GameInfo {
    id: "makruk",
    name: "Makruk",
    fsf: Some("makruk"),
    seed: "001 §VI",
    options: &[],
};

/// Ouk Chatrang.
pub const OUK_INFO: GameInfo = GameInfo {
    id: "ouk-chatrang",
    name: "Ouk Chatrang",
    fsf: Some("cambodian"),
    seed: "001 §VII",
    // `fsf-version=11.1`, under the fairy-stockfish ruleset: the rules of the Debian
    // package's Fairy-Stockfish 11.1, whose Neang may take with its double step and whose
    // king keeps its leap when a rook comes onto its line
    options: &[
        ("king-leap", &["any", "forward"]),
        ("fsf-version", &["current", "11.1"]),
    ],
};

fn makruk_like(
    game: &'static str,
    names: [&'static str; 6],
    start: &str,
    counting: Counting,
) -> VariantSpec {
    let pieces = vec![
        piece("pawn", 'p', PAWN_BETZA, Role::Pawn, names[0]),
        piece("knight", 'n', "N", Role::Piece, names[1]),
        piece("silver", 's', "FfW", Role::Piece, names[2]),
        piece("rook", 'r', "R", Role::Piece, names[3]),
        piece("fers", 'm', "F", Role::Piece, names[4]),
        piece("king", 'k', "K", Role::King, names[5]),
    ];
    let mut s = base(game, pieces, start, Promotion::Choice(vec![4]));
    s.promotion_ranks = vec![5];
    s.end.counting = counting;
    s.end.move_rule_plies = 0;
    s
}

pub(super) fn spec(fsf: bool, _opt: &super::Opts) -> VariantSpec {
    let mut s = makruk_like(
        "makruk",
        ["Bia", "Ma", "Khon", "Rua", "Met", "Khun"],
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
        Counting::Makruk,
    );
    s.end.fsf_counting = fsf;
    s
}

pub(super) fn ouk_spec(fsf: bool, opt: &super::Opts) -> VariantSpec {
    let mut s = makruk_like(
        "ouk-chatrang",
        ["Trey", "Ses", "Koul", "Tuuk", "Neang", "Sdaach"],
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
        if fsf {
            Counting::Cambodian
        } else {
            Counting::Makruk
        },
    );
    s.end.fsf_counting = fsf;
    s.hooks.king_leap = if fsf {
        KingLeap::Cambodian
    } else if opt.get("king-leap") == "forward" {
        KingLeap::FirstMoveForward
    } else {
        KingLeap::FirstMove
    };
    let old_fsf = fsf && opt.get("fsf-version") == "11.1";
    s.hooks.fers_step = match (fsf, old_fsf) {
        (_, true) => FersStep::Fsf11,
        (true, false) => FersStep::Fsf,
        (false, _) => FersStep::Seed,
    };
    s.hooks.rook_aim_ends_leap = fsf && !old_fsf;
    s
}
