//! Move ordering and what the search learns as it goes: killers, counter-moves, the
//! quiet, continuation and capture histories, and the reductions' table.

use super::*;

impl Searcher {
    /// Reduction for a late move, in plies.
    pub(super) fn reduction(
        &self,
        depth: i32,
        move_count: usize,
        improving: bool,
        pv_node: bool,
    ) -> i32 {
        if self.params.lmr_percent == 0 {
            return 0;
        }
        let r = self.lmr[depth.clamp(0, 63) as usize][move_count.min(63)] * self.params.lmr_percent
            / 100;
        let mut r = r
            + self.params.lmr_offset
            + if improving {
                0
            } else {
                self.params.lmr_improving
            }
            - if pv_node { 1024 } else { 0 };
        r = r.max(0);
        r / 1024
    }

    /// Quiet move history: from/to by colour, plus the continuation by the last two moves.
    pub(super) fn quiet_history(&self, pos: &Position, m: Move, ply: usize) -> i32 {
        let us = pos.side_to_move();
        let mut h = i32::from(self.history[history_index(us, m)]);
        if self.params.continuation {
            if let Some(pt) = piece_to(pos, m) {
                for back in [0usize, 1] {
                    if ply >= back {
                        if let Some(prev) = self.stack[ply - back].piece_to {
                            h += i32::from(self.continuation[prev * PIECE_TO + pt]);
                        }
                    }
                }
            }
        }
        h
    }

    pub(super) fn capture_hist(&self, pos: &Position, m: Move) -> i32 {
        match (piece_to(pos, m), captured(pos, m)) {
            (Some(pt), Some(victim)) => {
                i32::from(self.capture_history[pt * KINDS + victim as usize])
            }
            _ => 0,
        }
    }

    /// Scores `moves` for ordering, the quiet moves other than killers and counter-move
    /// left [`UNSCORED`] until [`Searcher::pick_next`] reaches them.
    pub(super) fn score_moves(
        &self,
        pos: &Position,
        moves: &[Move],
        scores: &mut [i32],
        counter: Option<Move>,
        ply: usize,
    ) {
        for (s, &m) in scores.iter_mut().zip(moves) {
            *s = self.order_score(pos, m, counter, ply);
        }
    }

    /// The index of the best-scored move from `n` on, the unscored quiet moves scored
    /// by their histories once they are the best left.
    pub(super) fn pick_next(
        &self,
        pos: &Position,
        moves: &[Move],
        scores: &mut [i32],
        n: usize,
        ply: usize,
    ) -> usize {
        let best = |scores: &[i32]| {
            let mut b = n;
            for j in n + 1..scores.len() {
                if scores[j] > scores[b] {
                    b = j;
                }
            }
            b
        };
        let b = best(scores);
        if scores[b] != UNSCORED {
            return b;
        }
        for j in n..scores.len() {
            if scores[j] == UNSCORED {
                scores[j] = self.quiet_history(pos, moves[j], ply);
            }
        }
        best(scores)
    }

    /// Ordering score: winning captures and promotions, killers, counter-move, quiet
    /// moves by history ([`UNSCORED`] for now), losing captures last.
    fn order_score(&self, pos: &Position, m: Move, counter: Option<Move>, ply: usize) -> i32 {
        let t = self.tables();
        if let Some(victim) = captured(pos, m) {
            let v = t.value[victim as usize] * 8 + self.capture_hist(pos, m) / 16;
            return if see_ge(pos, m, -50, t) {
                (1 << 28) + v
            } else {
                -(1 << 20) + v
            };
        }
        if m.kind() == MoveKind::Promotion {
            return (1 << 28) + t.value[m.piece() as usize];
        }
        let k = self.stack[ply].killers;
        if k[0] == Some(m) {
            return (1 << 27) + 2;
        }
        if k[1] == Some(m) {
            return (1 << 27) + 1;
        }
        if counter == Some(m) {
            return 1 << 27;
        }
        UNSCORED
    }

    /// A move caused a cut-off: reward it, punish the moves tried before it.
    pub(super) fn update_on_cutoff(
        &mut self,
        pos: &Position,
        m: Move,
        depth: i32,
        ply: usize,
        quiets: &[Move],
        captures: &[Move],
    ) {
        let bonus = stat_bonus(depth);
        let us = pos.side_to_move();
        if is_quiet(pos, m) {
            let k = &mut self.stack[ply].killers;
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
            if let Some(pt) = self.stack[ply].piece_to {
                self.counter[pt] = m.to_bits();
            }
            self.update_quiet(pos, us, m, ply, bonus);
            for &q in quiets {
                self.update_quiet(pos, us, q, ply, -bonus);
            }
        } else if let (Some(pt), Some(victim)) = (piece_to(pos, m), captured(pos, m)) {
            gravity(
                &mut self.capture_history[pt * KINDS + victim as usize],
                bonus,
            );
        }
        for &c in captures {
            if let (Some(pt), Some(victim)) = (piece_to(pos, c), captured(pos, c)) {
                gravity(
                    &mut self.capture_history[pt * KINDS + victim as usize],
                    -bonus,
                );
            }
        }
    }

    /// Moves the histories of the quiet move that reached `ply` (the opponent's, made
    /// from the position before `pos`) by `bonus`.
    pub(super) fn update_previous(&mut self, pos: &Position, ply: usize, bonus: i32) {
        let f = self.stack[ply];
        let (Some(m), Some(pt), true) = (f.mv, f.piece_to, f.quiet) else {
            return;
        };
        let them = pos.side_to_move().other();
        gravity(&mut self.history[history_index(them, m)], bonus);
        for back in [1usize, 2] {
            if ply >= back {
                if let Some(prev) = self.stack[ply - back].piece_to {
                    gravity(&mut self.continuation[prev * PIECE_TO + pt], bonus);
                }
            }
        }
    }

    pub(super) fn update_quiet(
        &mut self,
        pos: &Position,
        us: Color,
        m: Move,
        ply: usize,
        bonus: i32,
    ) {
        gravity(&mut self.history[history_index(us, m)], bonus);
        if let Some(pt) = piece_to(pos, m) {
            for back in [0usize, 1] {
                if ply >= back {
                    if let Some(prev) = self.stack[ply - back].piece_to {
                        gravity(&mut self.continuation[prev * PIECE_TO + pt], bonus);
                    }
                }
            }
        }
    }
}

/// The ordering score of a quiet move not yet scored: below killers and counter-move,
/// above any history (the main one and two continuations, each within `HISTORY_MAX`).
pub(super) const UNSCORED: i32 = 1 << 26;
const _: () = assert!(3 * HISTORY_MAX < UNSCORED && -3 * HISTORY_MAX > -(1 << 20));

/// A node's moves and their ordering scores, kept between searches.
pub(super) struct Buffer {
    pub(super) list: MoveList,
    pub(super) moves: [Move; MAX_MOVES],
    pub(super) scores: [i32; MAX_MOVES],
    pub(super) quiets: Tried,
    pub(super) captures: Tried,
}

impl Default for Buffer {
    fn default() -> Self {
        Buffer {
            list: MoveList::new(),
            moves: [Move::normal(SQ0, SQ0); MAX_MOVES],
            scores: [0; MAX_MOVES],
            quiets: Tried::default(),
            captures: Tried::default(),
        }
    }
}

/// The moves of one kind tried at a node before the one that cut off (the first 64).
pub(super) struct Tried {
    pub(super) moves: [Move; 64],
    pub(super) len: usize,
}

impl Default for Tried {
    fn default() -> Self {
        Tried {
            moves: [Move::normal(SQ0, SQ0); 64],
            len: 0,
        }
    }
}

impl Tried {
    pub(super) fn push(&mut self, m: Move) {
        if self.len < self.moves.len() {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
    pub(super) fn list(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// A placeholder square for move arrays.
pub(super) const SQ0: Square = match Square::new(0, 0) {
    Some(s) => s,
    None => panic!("a1 is on every board"),
};

/// Moves a history entry toward `bonus`'s sign, less the fuller it is.
#[inline]
pub(super) fn gravity(h: &mut i16, bonus: i32) {
    let v = i32::from(*h);
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *h = (v + b - v * b.abs() / HISTORY_MAX) as i16;
}

/// Whether `m` is a quiet move: it takes nothing and promotes nothing.
#[inline]
pub(super) fn is_quiet(pos: &Position, m: Move) -> bool {
    captured(pos, m).is_none() && m.kind() != MoveKind::Promotion
}

/// A history's step for a result found at `depth`.
pub(super) fn stat_bonus(depth: i32) -> i32 {
    (depth * depth * 16 + depth * 32).min(1600)
}

/// Quiet moves searched at `depth` before the rest are pruned.
pub(super) fn lmp_limit(lmp_base: i32, depth: i32, improving: bool) -> usize {
    let base = lmp_base + depth * depth;
    (if improving { base } else { base / 2 }).max(2) as usize
}

/// The moving piece's type and destination, as an index of the continuation tables.
#[inline]
pub(super) fn piece_to(pos: &Position, m: Move) -> Option<usize> {
    let kind = match m.kind() {
        MoveKind::Drop => m.piece(),
        MoveKind::Normal | MoveKind::Promotion | MoveKind::EnPassant | MoveKind::Castle => {
            pos.piece_at(m.from())?.kind
        }
        _ => return None,
    };
    Some(kind as usize * GRID_SQUARES + m.to().index())
}

#[inline]
pub(super) fn history_index(us: Color, m: Move) -> usize {
    let from = if m.kind() == MoveKind::Drop {
        GRID_SQUARES + m.piece() as usize
    } else {
        m.from().index()
    };
    (us.index() * FROMS + from) * GRID_SQUARES + m.to().index()
}
