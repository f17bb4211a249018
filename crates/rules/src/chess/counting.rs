//! The counting rules of Makruk, Ouk Chatrang and Sittuyin (seed 001 §V-VII).
//!
//! The count is kept as Fairy-Stockfish keeps it, in plies: a limit and a counter, written
//! in the FEN's en passant and half-move fields while a count runs. When the counter
//! reaches the limit the game is drawn.
//!
//! - Board's honour (Makruk): when no pawn is left and the side to move is not bare, the
//!   disadvantaged side counts 64 moves (limit 128 plies) from 0.
//! - Pieces' honour: when the side to move has only its king, the limit is twice the
//!   count value of the stronger side's pieces (two rooks 8, one rook 16, two khon 22,
//!   two knights 32, one khon 44, one knight 64, otherwise 64) and the counter starts at
//!   twice the number of pieces on the board, so that the stronger side has
//!   `value - pieces` moves, as the seed's tables say.

use super::position::{CountState, Move, Position};
use super::variant::{Counting, Kind};
use crate::geometry::Color;

fn count_kind(pos: &Position, c: Color, id: &str) -> u32 {
    pos.v.kind_of_id(id).map_or(0, |k| pos.pieces(c, k).count())
}

fn any_pawns(pos: &Position) -> bool {
    (0..pos.v.kinds() as Kind).any(|k| pos.v.is_pawn(k) && pos.kind_bb(k).any())
}

/// The limit (in plies) that applies to the side to move, 0 if none.
fn limit_for(pos: &Position, rule: Counting) -> u16 {
    let us = pos.side;
    let them = us.other();
    if any_pawns(pos) || pos.color_bb(them).count() == 1 {
        return 0;
    }
    if pos.color_bb(us).count() > 1 {
        return if rule == Counting::Asean { 0 } else { 128 };
    }
    let rooks = count_kind(pos, them, "rook");
    let khons = count_kind(pos, them, "silver");
    let knights = count_kind(pos, them, "knight");
    let moves = match rule {
        Counting::Asean => {
            if rooks > 0 {
                16
            } else if khons > 0 {
                44
            } else if knights > 0 {
                64
            } else {
                64
            }
        }
        _ => {
            if rooks > 1 {
                8
            } else if rooks == 1 {
                16
            } else if khons > 1 {
                22
            } else if knights > 1 {
                32
            } else if khons == 1 {
                44
            } else {
                64
            }
        }
    };
    2 * moves
}

/// Updates the count after a move by `_us`.
pub(crate) fn update(pos: &mut Position, _us: Color, _m: Move, _moved: Option<Kind>) {
    let rule = pos.v.spec.end.counting;
    let limit = limit_for(pos, rule);
    if limit == 0 {
        pos.count = CountState::default();
        return;
    }
    let bare = pos.color_bb(pos.side).count() == 1;
    if pos.count.limit == limit && pos.count.limit != 0 {
        pos.count.ply += 1;
    } else {
        let start = if bare && rule != Counting::Asean { 2 * pos.occupied().count() as u16 } else { 0 };
        pos.count = CountState { limit, ply: start };
    }
}

/// Whether the count has run out (a draw).
pub fn expired(pos: &Position) -> bool {
    pos.count.limit > 0 && pos.count.ply >= pos.count.limit
}
