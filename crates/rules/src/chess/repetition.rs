//! How a repeated position is judged: a plain draw, Xiangqi's perpetual check and chase
//! rules, or Shogi's perpetual check rule.

use super::game::ChessGame;
use super::position::{MoveKind, Position};
use super::variant::Repetition;
use crate::game::Outcome;
use crate::geometry::Color;

/// The outcome of a game whose current position has just repeated often enough.
pub(crate) fn judge(g: &ChessGame) -> Outcome {
    let rule = g.variant().spec.end.repetition_rule;
    if rule == Repetition::Draw {
        return Outcome::draw("repetition");
    }
    // the cycle: the plies since the previous occurrence of the current position; in
    // Shogi since the first of the occurrences that make the sennichite (a perpetual check
    // must run through all of it)
    let hashes = g.hashes();
    let now = hashes.len() - 1;
    let back = if rule == Repetition::Shogi {
        (g.variant().spec.end.repetitions as usize).max(2) - 1
    } else {
        1
    };
    let start = (0..now)
        .rev()
        .filter(|&i| hashes[i] == hashes[now])
        .nth(back - 1);
    let Some(start) = start else {
        return Outcome::draw("repetition");
    };
    let mut pos = g.start_position().clone();
    let moves = g.moves();
    for &m in &moves[..start] {
        pos.play_unchecked(m);
    }
    let mut checks = [true; 2];
    let mut chases = [true; 2];
    let mut moved = [false; 2];
    for &m in &moves[start..] {
        let us = pos.side_to_move();
        let before = pos.clone();
        pos.play_unchecked(m);
        moved[us.index()] = true;
        let check = pos.king_attacked(us.other());
        checks[us.index()] &= check;
        chases[us.index()] &= !check && chases_unprotected(&before, &pos, m.to(), m.kind());
    }
    let [w, b] = [Color::White, Color::Black].map(|c| moved[c.index()] && checks[c.index()]);
    match (w, b) {
        (true, true) => return Outcome::draw("repetition (both sides check)"),
        (true, false) => return Outcome::win(Color::Black.index(), "perpetual check"),
        (false, true) => return Outcome::win(Color::White.index(), "perpetual check"),
        _ => {}
    }
    if rule == Repetition::Xiangqi {
        let [w, b] = [Color::White, Color::Black].map(|c| moved[c.index()] && chases[c.index()]);
        match (w, b) {
            (true, false) => return Outcome::win(Color::Black.index(), "perpetual chase"),
            (false, true) => return Outcome::win(Color::White.index(), "perpetual chase"),
            _ => {}
        }
    }
    Outcome::draw("repetition")
}

/// Whether the piece that moved to `to` now attacks an enemy piece (not the king, nor a
/// soldier that has not crossed the river) that no piece of its owner protects and that it
/// did not attack before.
fn chases_unprotected(
    before: &Position,
    after: &Position,
    to: crate::geometry::Square,
    kind: MoveKind,
) -> bool {
    if kind == MoveKind::Drop || kind == MoveKind::Pass {
        return false;
    }
    let Some(p) = after.piece_at(to) else {
        return false;
    };
    let v = after.variant();
    let them = p.color.other();
    let occ = after.occupied();
    let targets = after.attacks_of(p.kind, p.color, to, occ)
        & after.color_bb(them)
        & !after.pieces(them, v.king());
    // a soldier still on its own side of the river may be attacked freely
    let ranks = v.shape().ranks;
    let uncrossed = |t: crate::geometry::Square| {
        after.piece_at(t).is_some_and(|q| v.is_pawn(q.kind))
            && match them {
                Color::White => t.rank() < ranks / 2,
                Color::Black => t.rank() >= ranks / 2,
            }
    };
    Iterator::any(&mut targets.into_iter(), |t| {
        if uncrossed(t) {
            return false;
        }
        let defended = after.attackers_to(t, them, occ.without(t)).any();
        let attacked_before = before.attackers_to(t, p.color, before.occupied()).any()
            && before.piece_at(t) == after.piece_at(t);
        !defended && !attacked_before
    })
}
