//! How a repeated position is judged: a plain draw, Xiangqi's perpetual check and chase
//! rules, or Shogi's perpetual check rule.

use super::game::ChessGame;
use super::position::{MoveKind, Position};
use super::variant::Repetition;
use crate::game::Outcome;
use crate::geometry::{Bitboard, Color};

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
    // the pieces each side has chased at every move so far (one piece chased throughout),
    // followed as they run
    let mut chased: [Option<Bitboard>; 2] = [None, None];
    for &m in &moves[start..] {
        let us = pos.side_to_move();
        let before = pos.clone();
        pos.play_unchecked(m);
        moved[us.index()] = true;
        let check = pos.king_attacked(us.other());
        checks[us.index()] &= check;
        let them = us.other().index();
        if let Some(c) = chased[them] {
            if c.has(m.from()) && m.kind() != MoveKind::Drop {
                chased[them] = Some(c.without(m.from()).with(m.to()));
            }
        }
        let now = if check {
            Bitboard::EMPTY
        } else {
            chased_unprotected(&before, &pos, m.to(), m.kind())
        };
        let still = chased[us.index()].map_or(now, |c| c & now);
        chased[us.index()] = Some(still);
        chases[us.index()] &= !still.is_empty();
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

/// The enemy pieces the piece that moved to `to` now chases: those it attacks and did not
/// attack before, that no piece of their owner protects, that cannot take it back, and
/// that are not the king nor a soldier on its own side of the river.
fn chased_unprotected(
    before: &Position,
    after: &Position,
    to: crate::geometry::Square,
    kind: MoveKind,
) -> Bitboard {
    if kind == MoveKind::Drop || kind == MoveKind::Pass {
        return Bitboard::EMPTY;
    }
    let Some(p) = after.piece_at(to) else {
        return Bitboard::EMPTY;
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
    let mut out = Bitboard::EMPTY;
    for t in targets {
        if uncrossed(t) {
            continue;
        }
        let defended = after.attackers_to(t, them, occ.without(t)).any();
        let attacked_before = before.attackers_to(t, p.color, before.occupied()).any()
            && before.piece_at(t) == after.piece_at(t);
        // a piece that can take the chaser back is not chased (pieces attacking each other)
        let mutual = after.attackers_to(to, them, occ).has(t);
        if !defended && !attacked_before && !mutual {
            out = out.with(t);
        }
    }
    out
}
