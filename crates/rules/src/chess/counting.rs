//! The counting rules of Makruk, Ouk Chatrang and Sittuyin (seed 001 §V-VII).
//!
//! The count is kept as Fairy-Stockfish keeps it, in plies: a limit and a counter, written
//! in the FEN's en passant and half-move fields while a count runs. When the counter
//! reaches the limit the game is drawn (under Fairy-Stockfish's rules, when it passes it).
//!
//! - Board's honour (Makruk): when no pawn is left and the side to move is not bare, the
//!   disadvantaged side counts 64 moves (limit 128 plies) from 0.
//! - Pieces' honour: when the side to move has only its king, the limit is twice the
//!   count value of the stronger side's pieces (two rooks 8, one rook 16, two khon 22,
//!   two knights 32, one khon 44, one knight 64, otherwise 64) and the counter starts at
//!   twice the number of pieces on the board, so that the stronger side has
//!   `value - pieces` moves, as the seed's tables say.
//! - Sittuyin (ASEAN counting): when one side is bare, 16 moves with a rook, 44 with a
//!   silver, 64 otherwise, counted from 0; by seed 001 §V a lone king on one of the four
//!   centre squares when a rook's count starts has five moves before the 16 begin.

use super::position::{CountState, Position};
use super::variant::{Counting, Variant};
use crate::geometry::Color;

fn count_kind(pos: &Position, c: Color, id: &str) -> u32 {
    pos.v.kind_of_id(id).map_or(0, |k| pos.pieces(c, k).count())
}

fn any_pawns(pos: &Position) -> bool {
    pos.kinds_bb(pos.v.pawn_kinds).any()
}

/// The limit (in plies) in force, 0 if none.
fn limit_for(pos: &Position, rule: Counting) -> u16 {
    if any_pawns(pos) {
        return 0;
    }
    let bare = |c: Color| pos.color_bb(c).count() == 1;
    let strong = match (bare(Color::White), bare(Color::Black)) {
        (true, true) => return 0,
        (false, false) => return if asean(rule) { 0 } else { 128 },
        (true, false) => Color::Black,
        (false, true) => Color::White,
    };
    let rooks = count_kind(pos, strong, "rook");
    let silvers = count_kind(pos, strong, "silver");
    let knights = count_kind(pos, strong, "knight");
    let moves = match rule {
        Counting::Asean | Counting::AseanCentre => {
            if rooks > 0 {
                16
            } else if silvers > 0 {
                44
            } else {
                64
            }
        }
        _ => pieces_honour(rooks, silvers, knights),
    };
    2 * moves
}

/// Makruk's pieces' honour (seed 001 §VI), in moves, by the stronger side's pieces: two
/// rooks 8, one rook 16, two khon 22, two knights 32, one khon 44, otherwise 64.
fn pieces_honour(rooks: u32, silvers: u32, knights: u32) -> u16 {
    match (rooks, silvers, knights) {
        (r, _, _) if r > 1 => 8,
        (1, _, _) => 16,
        (_, s, _) if s > 1 => 22,
        (_, _, n) if n > 1 => 32,
        (_, 1, _) => 44,
        _ => 64,
    }
}

fn asean(rule: Counting) -> bool {
    matches!(rule, Counting::Asean | Counting::AseanCentre)
}

/// The plies a lone king on a centre square has before a rook's count begins (seed 001
/// §V: "after the 5th move of the lone king").
const CENTRE_GRACE: u16 = 10;

/// A rook's count against a lone king (in plies), of ASEAN counting.
const ROOK_COUNT: u16 = 32;

/// Whether a bare king stands on one of the four centre squares (Sittuyin's 8x8 board).
fn lone_king_in_centre(pos: &Position) -> bool {
    [Color::White, Color::Black].into_iter().any(|c| {
        let own = pos.color_bb(c);
        own.count() == 1
            && own
                .first()
                .is_some_and(|s| (3..=4).contains(&s.file()) && (3..=4).contains(&s.rank()))
    })
}

/// Ouk's board's honour under Fairy-Stockfish, in plies (63 moves): the longest count.
const CAMBODIAN_BOARD_HONOUR: u16 = 126;

/// A count limit as a FEN gives it, as the variant keeps it: Fairy-Stockfish's Ouk runs no
/// count longer than the board's honour.
pub(crate) fn limit_as_read(v: &Variant, limit: u16) -> u16 {
    if v.spec.end.counting == Counting::Cambodian {
        limit.min(CAMBODIAN_BOARD_HONOUR)
    } else {
        limit
    }
}

/// The count Fairy-Stockfish starts (in moves, 0 for none) for `stm`, the side to move.
/// Makruk: none while a pawn is left or against a bare side; the board's honour (64)
/// unless the side to move is bare, then the pieces' honour of the other side's pieces.
/// Ouk: none for a side to move with more than three pieces or against a bare side; the
/// board's honour (63, pawns or not) unless the side to move is bare, then (no pawn left)
/// the pieces' honour, one less than Makruk's. ASEAN: only for a bare side to move with
/// no pawn left: a rook 16, a khon 44, a knight 64.
fn fsf_limit(pos: &Position, rule: Counting, stm: Color) -> u16 {
    let own = pos.color_bb(stm).count();
    let theirs = pos.color_bb(!stm).count();
    let pawns = any_pawns(pos);
    let strong = !stm;
    let rooks = count_kind(pos, strong, "rook");
    let silvers = count_kind(pos, strong, "silver");
    let knights = count_kind(pos, strong, "knight");
    let pieces_honour = || pieces_honour(rooks, silvers, knights);
    match rule {
        Counting::Cambodian => {
            if own > 3 || theirs == 1 {
                0
            } else if own > 1 {
                63
            } else if pawns {
                0
            } else {
                pieces_honour() - 1
            }
        }
        Counting::Asean | Counting::AseanCentre => {
            if pawns || own > 1 {
                0
            } else if rooks > 0 {
                16
            } else if silvers > 0 {
                44
            } else if knights > 0 {
                64
            } else {
                0
            }
        }
        _ => {
            if pawns || theirs == 1 {
                0
            } else if own > 1 {
                64
            } else {
                pieces_honour()
            }
        }
    }
}

/// Fairy-Stockfish's bookkeeping after a move: a running count runs on, whatever is
/// captured, unless a capture or a pawn's move (its promotion) leaves the side to move
/// bare; while none runs, one starts as soon as [`fsf_limit`] names one (the pieces'
/// honour counted from twice the pieces on the board, except in ASEAN counting).
fn update_fsf(pos: &mut Position, rule: Counting) {
    if pos.count.limit > 0 {
        pos.count.ply += 1;
    }
    let stm = pos.side_to_move();
    let stm_bare = pos.color_bb(stm).count() == 1;
    // the half-move clock restarts on a capture or a pawn's move
    let reset = pos.rule50 == 0;
    if pos.count.limit == 0 || (reset && stm_bare) {
        let moves = fsf_limit(pos, rule, stm);
        if moves > 0 {
            pos.count = CountState {
                limit: 2 * moves,
                ply: if stm_bare && !asean(rule) {
                    2 * pos.occupied().count() as u16
                } else {
                    0
                },
            };
        }
    }
}

/// Updates the count after a move: it runs on while the limit stays the same and nothing
/// is captured, and starts afresh when either changes.
pub(crate) fn update(pos: &mut Position) {
    let rule = pos.v.spec.end.counting;
    if pos.v.spec.end.fsf_counting {
        return update_fsf(pos, rule);
    }
    let limit = limit_for(pos, rule);
    if limit == 0 {
        pos.count = CountState::default();
        return;
    }
    let captured = pos.rule50 == 0;
    let same = pos.count.limit == limit
        || (rule == Counting::AseanCentre
            && limit == ROOK_COUNT
            && pos.count.limit == ROOK_COUNT + CENTRE_GRACE);
    if same && !captured {
        pos.count.ply += 1;
    } else {
        let bare =
            pos.color_bb(Color::White).count() == 1 || pos.color_bb(Color::Black).count() == 1;
        let start = if bare && !asean(rule) {
            2 * pos.occupied().count() as u16
        } else {
            0
        };
        let grace =
            rule == Counting::AseanCentre && limit == ROOK_COUNT && lone_king_in_centre(pos);
        pos.count = CountState {
            limit: if grace { limit + CENTRE_GRACE } else { limit },
            ply: start,
        };
    }
}

/// Whether the count has run out (a draw).
pub fn expired(pos: &Position) -> bool {
    let c = pos.count;
    c.limit > 0 && (c.ply > c.limit || (c.ply == c.limit && !pos.v.spec.end.fsf_counting))
}
