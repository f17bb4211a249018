//! The Art of Asha (seed 000): chess with the Zoroastrian symbols' names.

use super::{base, piece, GameInfo, PAWN_BETZA};
use crate::chess::variant::{Promotion, Role, VariantSpec};
use crate::geometry::Color;

/// Asha.
pub const INFO: GameInfo = GameInfo {
    id: "asha",
    name: "Art of Asha",
    fsf: Some("chess"),
    seed: "000",
    options: &[("check-capture", &["free", "compulsory"])],
};

pub(super) fn spec(_fsf: bool, opt: &super::Opts) -> VariantSpec {
    let pieces = vec![
        piece("pawn", 'p', PAWN_BETZA, Role::Pawn, "Fravashi"),
        piece("knight", 'n', "N", Role::Piece, "Love/Work"),
        piece("bishop", 'b', "B", Role::Piece, "Wisdom/Eternal Life"),
        piece("rook", 'r', "R", Role::Piece, "Power/Peace"),
        piece("queen", 'q', "Q", Role::Piece, "Preserver"),
        piece("king", 'k', "K", Role::King, "Creator"),
    ];
    let mut s = base(
        "asha",
        pieces,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Promotion::Choice(vec![1, 2, 3, 4]),
    );
    s.hooks.pawn_double_step = true;
    s.hooks.castling = true;
    // seed 000: "Capturing is compulsory when the Creator is threatened" (RULES.md: an option)
    s.hooks.check_capture = opt.get("check-capture") == "compulsory";
    s
}

/// The own name of the symbol that started on `file` (0 = a) of its side's first or
/// second rank, as seed 000 names all 32 symbols.
pub fn symbol_name(color: Color, piece_id: &str, start_file: u8) -> Option<&'static str> {
    const AHURAS: [&str; 8] = [
        "Power",
        "Love",
        "Wisdom",
        "Preserver",
        "Creator",
        "Eternal Life",
        "Work",
        "Peace",
    ];
    const DEVAS: [&str; 8] = [
        "Weakness",
        "Hatred",
        "Ignorance",
        "Spoiler",
        "Destroyer",
        "Death",
        "Idleness",
        "Violence",
    ];
    const FRAVASHIS: [&str; 8] = [
        "Sun", "Water", "Air", "Food", "Man", "Earth", "Health", "Joy",
    ];
    const KHRAFSTRAS: [&str; 8] = [
        "Darkness",
        "Impure Water",
        "Impure Air",
        "Impure Food",
        "Inferior Man",
        "Barrenness",
        "Disease",
        "Sadness",
    ];
    let f = start_file as usize;
    if f >= 8 {
        return None;
    }
    Some(match (color, piece_id == "pawn") {
        (Color::White, true) => FRAVASHIS[f],
        (Color::Black, true) => KHRAFSTRAS[f],
        (Color::White, false) => AHURAS[f],
        (Color::Black, false) => DEVAS[f],
    })
}

/// The name of a piece type as Asha calls it, for each side.
pub fn kind_name(color: Color, piece_id: &str) -> &'static str {
    match (color, piece_id) {
        (Color::White, "king") => "Creator",
        (Color::Black, "king") => "Destroyer",
        (Color::White, "queen") => "Preserver",
        (Color::Black, "queen") => "Spoiler",
        (Color::White, "bishop") => "Wisdom/Eternal Life",
        (Color::Black, "bishop") => "Ignorance/Death",
        (Color::White, "knight") => "Love/Work",
        (Color::Black, "knight") => "Hatred/Idleness",
        (Color::White, "rook") => "Power/Peace",
        (Color::Black, "rook") => "Weakness/Violence",
        (Color::White, _) => "Fravashi",
        (Color::Black, _) => "Khrafstra",
    }
}
