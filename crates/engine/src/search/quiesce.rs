//! The quiescence search: captures (every evasion in check) until the position is quiet,
//! standing pat on the corrected static evaluation; at its first ply, where the search
//! asks (`qs_checks`), the quiet checks from near the enemy king too.

use super::node::{from_tt, move_rule_draw, outcome_score, to_tt};
use super::*;

impl Searcher {
    /// The quiescence search of `pos`; `first` at its first ply (entered from the main
    /// search).
    pub(super) fn quiesce(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
        ply: usize,
        first: bool,
    ) -> i32 {
        let mut buf = self.take_buffer();
        let score = self.quiesce_in(&mut buf, pos, alpha, beta, ply, first);
        self.return_buffer(buf);
        score
    }

    pub(super) fn quiesce_in(
        &mut self,
        buf: &mut Buffer,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        first: bool,
    ) -> i32 {
        if let Some(s) = self.enter_node(pos, ply) {
            return s;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        let key = pos.hash();
        let tt = self.tt.probe(key);
        let pv_node = beta - alpha > 1;
        if let Some(e) = tt {
            let s = from_tt(e.score, ply);
            if !pv_node
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                }
            {
                return s;
            }
        }
        let in_check = pos.in_check();
        let Buffer {
            list,
            moves,
            scores,
            ..
        } = buf;
        let t = self.tables();
        let mut stand = -INF;
        let mut raw = 0;
        if in_check {
            pos.generate_legal(list);
            if list.is_empty() {
                return outcome_score(&pos.no_move_outcome(), pos.side_to_move(), ply as i32);
            }
        } else {
            if counting::expired(pos) || move_rule_draw(pos) {
                return 0;
            }
            raw = tt.map_or_else(|| self.evaluate(pos, ply), |e| e.eval);
            stand = self.corrected(&self.correction_keys(pos, None), raw);
            if stand >= beta {
                if tt.is_none() {
                    self.tt
                        .store(key, None, to_tt(stand, ply), raw, -1, Bound::Lower, false);
                }
                return stand;
            }
            alpha = alpha.max(stand);
            pos.generate_captures(list);
        }
        let mut n_moves = list.len();
        for (i, &m) in list.iter().enumerate() {
            let victim = captured(pos, m).map_or(0, |k| t.value[k as usize]);
            moves[i] = m;
            scores[i] = victim * 8 + self.capture_hist(pos, m) / 16;
        }
        // the quiet checks after the captures
        let n_captures = n_moves;
        if first && !in_check && self.params.qs_checks {
            pos.generate_checks(list);
            for &m in list.iter() {
                if captured(pos, m).is_none() && n_moves < moves.len() {
                    moves[n_moves] = m;
                    scores[n_moves] = -INF;
                    n_moves += 1;
                }
            }
        }
        let mut best = stand;
        let mut best_move = None;
        let mut moves_searched = 0;
        for n in 0..n_moves {
            let mut b = n;
            for j in n + 1..n_moves {
                if scores[j] > scores[b] {
                    b = j;
                }
            }
            scores.swap(n, b);
            moves.swap(n, b);
            let m = moves[n];
            if !in_check {
                // a capture that cannot lift the score to alpha, or that loses material
                let gain = captured(pos, m).map_or(0, |k| t.value[k as usize]);
                if n < n_captures && stand + gain + 200 <= alpha && m.kind() != MoveKind::Promotion
                {
                    continue;
                }
                if !see_ge(pos, m, 0, t) {
                    continue;
                }
            } else if moves_searched > 0
                && best > -MATE_BOUND
                && captured(pos, m).is_none()
                && !see_ge(pos, m, 0, t)
            {
                continue;
            }
            moves_searched += 1;
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.child_acc(ply, pos, &child);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, false);
            if self.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && best == -INF {
            // every evasion was skipped: search them all would be needed; stay pessimistic
            best = -(MATE - ply as i32);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            best_move,
            to_tt(best, ply),
            if in_check { 0 } else { raw },
            -1,
            bound,
            tt.is_some_and(|e| e.pv),
        );
        best
    }
}
