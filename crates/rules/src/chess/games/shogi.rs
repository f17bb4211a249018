//! The shogi family (seed 001 §XI-XIII): Heian Shogi, Sho Shogi and Shogi.

use super::{piece, GameInfo};
use crate::chess::variant::{
    BareKing, Counting, EndRules, Hooks, PieceDef, Promotion, Repetition, Role, Stalemate,
    VariantSpec,
};
use crate::geometry::Shape;

/// Shogi.
pub const INFO: GameInfo = GameInfo {
    id: "shogi",
    name: "Shogi",
    fsf: Some("shogi"),
    seed: "001 §XIII",
    options: &[],
};
/// Sho Shogi.
pub const SHO_INFO: GameInfo = GameInfo {
    id: "sho-shogi",
    name: "Sho Shogi",
    fsf: Some("shoshogi"),
    seed: "001 §XII",
    options: &[],
};
/// Heian Shogi.
pub const HEIAN_INFO: GameInfo = GameInfo {
    id: "heian-shogi",
    name: "Heian Shogi",
    fsf: None,
    seed: "001 §XI",
    options: &[("promotion", &["optional", "compulsory"])],
};

const GOLD: &str = "WfF";

/// The pieces of the family; `big` adds rook and bishop (with their promotions).
fn pieces(big: bool) -> Vec<PieceDef> {
    let mut v = vec![
        piece("pawn", 'p', "fW", Role::Pawn, "Fuhyo").promotes("tokin"),
        piece("lance", 'l', "fR", Role::Piece, "Kyosha").promotes("promoted-lance"),
        piece("knight", 'n', "ffN", Role::Piece, "Keima").promotes("promoted-knight"),
        piece("silver", 's', "FfW", Role::Piece, "Ginsho").promotes("promoted-silver"),
        piece("gold", 'g', GOLD, Role::Piece, "Kinsho"),
        piece("king", 'k', "K", Role::King, "Gyokusho/Osho"),
        piece("tokin", 'p', GOLD, Role::Piece, "Tokin").promoted_form(),
        piece("promoted-lance", 'l', GOLD, Role::Piece, "Narikyo").promoted_form(),
        piece("promoted-knight", 'n', GOLD, Role::Piece, "Narikei").promoted_form(),
        piece("promoted-silver", 's', GOLD, Role::Piece, "Narigin").promoted_form(),
    ];
    if big {
        v.push(piece("bishop", 'b', "B", Role::Piece, "Kakugyo").promotes("dragon-horse"));
        v.push(piece("rook", 'r', "R", Role::Piece, "Hisha").promotes("dragon-king"));
        v.push(piece("dragon-horse", 'b', "BW", Role::Piece, "Ryuma").promoted_form());
        v.push(piece("dragon-king", 'r', "RF", Role::Piece, "Ryuo").promoted_form());
    }
    v
}

fn base(
    game: &'static str,
    shape: Shape,
    pieces: Vec<PieceDef>,
    start: &str,
    zone: Vec<u8>,
) -> VariantSpec {
    VariantSpec {
        game,
        ruleset: String::new(),
        options: Vec::new(),
        shape,
        pieces,
        start_fen: start.into(),
        promotion: Promotion::Shogi { compulsory: false },
        promotion_ranks: zone,
        hooks: Hooks::default(),
        end: EndRules {
            // "The player that Stalemates their opponent wins the game"
            stalemate: Stalemate::StalematedLoses,
            bare_king: BareKing::None,
            counting: Counting::None,
            move_rule_plies: 0,
            pawn_resets_clock: false,
            repetitions: 3,
            repetition_rule: Repetition::Draw,
            fsf_counting: false,
            repetition_lead_in: false,
        },
    }
}

pub(super) fn shogi(fsf: bool, _opt: &super::Opts) -> VariantSpec {
    let mut s = base(
        "shogi",
        Shape { files: 9, ranks: 9 },
        pieces(true),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
        vec![6, 7, 8],
    );
    s.hooks.drops = true;
    // RULES.md: impasse declaration with the 24-point rule (not in Fairy-Stockfish)
    s.hooks.impasse = !fsf;
    s.hooks.pawn_drop_mate_loses = fsf;
    // fourfold repetition draws unless one side checked throughout (it loses)
    s.end.repetitions = 4;
    s.end.repetition_rule = Repetition::Shogi;
    s
}

pub(super) fn sho(fsf: bool, _opt: &super::Opts) -> VariantSpec {
    let mut p = pieces(true);
    // the drunk elephant steps anywhere but straight back and promotes to the crown prince,
    // which moves as a king and is royal too
    p.push(piece("drunk-elephant", 'e', "FsfW", Role::Piece, "Suizo").promotes("crown-prince"));
    p.push(piece("crown-prince", 'e', "K", Role::King, "Taishi").promoted_form());
    let mut s = base(
        "sho-shogi",
        Shape { files: 9, ranks: 9 },
        p,
        "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL w 0 1",
        vec![6, 7, 8],
    );
    // seed 001 §XII: bare king wins unless bared back at once (Fairy-Stockfish: no such rule)
    s.end.bare_king = if fsf {
        BareKing::None
    } else {
        BareKing::WinsUnlessBareBack
    };
    // Fairy-Stockfish: Shogi's fourfold repetition
    if fsf {
        s.end.repetitions = 4;
        s.end.repetition_rule = Repetition::Shogi;
    }
    s
}

pub(super) fn heian(_fsf: bool, opt: &super::Opts) -> VariantSpec {
    // King on each player's left (White d1, Black e8), gold beside it; pawns on ranks 3 and 6.
    let mut s = base(
        "heian-shogi",
        Shape::CHESS,
        pieces(false),
        "lnsgksnl/8/pppppppp/8/8/PPPPPPPP/8/LNSKGSNL w - - 0 1",
        vec![5, 6, 7],
    );
    s.promotion = Promotion::Shogi {
        compulsory: opt.get("promotion") == "compulsory",
    };
    s.end.bare_king = BareKing::WinsUnlessBareBack;
    s
}
