//! How a repeated position is judged: a plain draw, Xiangqi's perpetual check and chase
//! rules, or Shogi's perpetual check rule.

use super::game::ChessGame;
use super::position::MoveKind;
use super::variant::Repetition;
use crate::game::Outcome;
use crate::geometry::{Bitboard, Color};

/// The outcome of a game whose current position has just repeated often enough.
pub(crate) fn judge(g: &ChessGame) -> Outcome {
    let rule = g.variant().spec.end.repetition_rule;
    if rule == Repetition::Draw {
        return Outcome::draw("repetition");
    }
    // the cycle: the plies since the first of the occurrences that make the repetition (a
    // perpetual check or chase must run through all of it)
    let hashes = g.hashes();
    let now = hashes.len() - 1;
    let back = (g.variant().spec.end.repetitions as usize).max(2) - 1;
    let start = (0..now)
        .rev()
        .filter(|&i| hashes[i] == hashes[now])
        .nth(back - 1);
    let Some(start) = start else {
        return Outcome::draw("repetition");
    };
    // with the lead-in, the cycle starts a move earlier: that move is the last mover's (see
    // `EndRules::repetition_lead_in`)
    let lead_in = g.variant().spec.end.repetition_lead_in;
    let first = if lead_in {
        start.saturating_sub(1)
    } else {
        start
    };
    let mut pos = g.start_position().clone();
    let moves = g.moves();
    for &m in &moves[..first] {
        pos.play_unchecked(m);
    }
    let mut checks = [true; 2];
    if lead_in && start == 0 {
        checks[pos.side_to_move().other().index()] = pos.in_check();
    }
    let mut chases = [true; 2];
    let mut moved = [false; 2];
    // the pieces each side has chased at every move so far (one piece chased throughout),
    // followed as they run
    let mut chased: [Option<Bitboard>; 2] = [None, None];
    for &m in &moves[first..] {
        let us = pos.side_to_move();
        // chases count in Xiangqi only
        let before = (rule == Repetition::Xiangqi).then(|| pos.clone());
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
        let now = before.map_or(Bitboard::EMPTY, |b| super::chase::chased(&b, &pos, m));
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
