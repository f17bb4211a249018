//! One node of the search: the principal-variation search with its pruning, reductions
//! and extensions, and the games' end rules at each node (quiescence: `quiesce.rs`).

use super::correction::Keys;
use super::ordering::{gravity, history_index, is_quiet, lmp_limit, piece_to, stat_bonus};
use super::*;

impl Searcher {
    /// The score of a repetition of the current position, if it repeats one since the
    /// last irreversible stretch (judged as the game judges it).
    pub(super) fn repetition(&self, ply: usize) -> Option<i32> {
        let n = self.path.len() - 1;
        let key = self.path[n];
        let mut i = n;
        while i >= 2 && n - i < 64 {
            i -= 2;
            if self.path[i] != key {
                continue;
            }
            if self.repetition == Repetition::Draw {
                return Some(0);
            }
            // the side that gave check with every move of the cycle loses
            let (mut them_all, mut us_all) = (true, true);
            for j in i + 1..=n {
                if (n - j).is_multiple_of(2) {
                    them_all &= self.checks[j];
                } else {
                    us_all &= self.checks[j];
                }
            }
            return Some(match (us_all, them_all) {
                (false, true) => MATE - ply as i32,
                (true, false) => -(MATE - ply as i32),
                _ => 0,
            });
        }
        None
    }

    pub(super) fn evaluate(&self, pos: &Position, ply: usize) -> i32 {
        if let Some(net) = self.net {
            debug_assert_eq!(
                net.output(&self.accs[ply], pos),
                net.evaluate(pos),
                "the accumulator at ply {ply} is that of {}",
                pos.fen()
            );
            return net.output(&self.accs[ply], pos);
        }
        evaluate_with(pos, self.tables.expect("tables are set when searching"))
    }

    pub(super) fn tables(&self) -> &'static Tables {
        self.tables.expect("tables are set when searching")
    }

    /// The search of one node, with a move buffer of its own (taken from those kept
    /// for each level of the recursion, so that nothing is allocated per node).
    pub(super) fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let mut buf = self.take_buffer();
        let score = self.negamax_in(&mut buf, pos, depth, alpha, beta, ply, cut_node);
        self.return_buffer(buf);
        score
    }

    /// Counts a node of either search and checks the limits: the score to return at
    /// once where the search is stopped or the game is over here.
    #[inline]
    pub(super) fn enter_node(&mut self, pos: &Position, ply: usize) -> Option<i32> {
        self.nodes += 1;
        self.check_limits();
        if self.stopped() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        pos.immediate_outcome()
            .map(|o| outcome_score(&o, pos.side_to_move(), ply as i32))
    }

    pub(super) fn take_buffer(&mut self) -> Box<Buffer> {
        self.height += 1;
        match self.buffers.get_mut(self.height) {
            Some(b) => std::mem::take(b).unwrap_or_default(),
            None => Box::default(),
        }
    }

    pub(super) fn return_buffer(&mut self, buf: Box<Buffer>) {
        if self.buffers.len() <= self.height {
            self.buffers.resize_with(self.height + 1, || None);
        }
        self.buffers[self.height] = Some(buf);
        self.height -= 1;
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax_in(
        &mut self,
        buf: &mut Buffer,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, true);
        }
        if let Some(s) = self.enter_node(pos, ply) {
            return s;
        }
        if let Some(s) = self.repetition(ply) {
            return s;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        // mate distance: no line from here beats a mate already found nearer the root
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let excluded = self.stack[ply].excluded;
        let key = pos.hash()
            ^ excluded.map_or(0, |m| {
                u64::from(m.to_bits()).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            });
        let tt = self.tt.probe(key);
        let tt_move = tt.and_then(|e| e.best);
        let tt_score = tt.map(|e| from_tt(e.score, ply));
        // the position is or was on a principal variation
        let tt_pv = pv_node || tt.is_some_and(|e| e.pv);
        if let (Some(e), Some(s)) = (tt, tt_score) {
            if !pv_node
                && e.depth >= depth
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                }
            {
                if self.params.history_extra && excluded.is_none() {
                    if let Some(m) = tt_move.filter(|&m| is_quiet(pos, m)) {
                        let bonus = stat_bonus(depth);
                        if s >= beta {
                            self.update_quiet(pos, pos.side_to_move(), m, ply, bonus);
                            self.punish_early_previous(pos, ply, depth);
                        } else {
                            let i = history_index(pos.side_to_move(), m);
                            gravity(&mut self.history[i], -bonus);
                        }
                    }
                }
                return s;
            }
        }
        let in_check = self.checks[self.checks.len() - 1];
        self.stack[ply].in_check = in_check;
        // the evaluation as the network (or linear model) gives it
        let mut raw_eval = 0;
        let mut corrected_eval = 0;
        let mut keys = Keys::default();
        let eval = if in_check {
            -INF
        } else {
            raw_eval = tt.map_or_else(|| self.evaluate(pos, ply), |e| e.eval);
            keys = self.correction_keys(pos, self.stack[ply].piece_to);
            corrected_eval = self.corrected(&keys, raw_eval);
            // the stored score is a better guess where its bound allows
            match (tt, tt_score) {
                (Some(e), Some(s))
                    if (e.bound == Bound::Lower && s > corrected_eval)
                        || (e.bound == Bound::Upper && s < corrected_eval) =>
                {
                    s
                }
                _ => corrected_eval,
            }
        };
        self.stack[ply].eval = eval;
        // the opponent's quiet move learns how far it moved the evaluation
        if self.params.eval_history != 0 && !in_check && excluded.is_none() && ply >= 2 {
            let (prev, here) = (self.stack[ply - 1], self.stack[ply]);
            if let (Some(m), true, false) = (here.mv, here.quiet, prev.in_check) {
                let bonus = (-depth * self.params.eval_history * (prev.eval + eval))
                    .clamp(-self.params.eval_history_max, self.params.eval_history_max);
                let them = pos.side_to_move().other();
                gravity(&mut self.history[history_index(them, m)], bonus);
            }
        }
        let improving = !in_check && ply >= 2 && {
            let before = self.stack[ply - 2];
            before.in_check || eval > before.eval
        };
        self.stack[ply + 1].killers = [None; 2];
        self.stack[ply + 2].excluded = None;
        let p = self.params;
        if !in_check && !pv_node && excluded.is_none() && eval.abs() < MATE_BOUND {
            // a beta that is itself a mate against us asks whether the mate can be escaped,
            // which no static margin or pass can prove: reverse futility and null move wait
            let beta_not_mated = beta > -MATE_BOUND;
            // reverse futility: far above beta at low depth
            if p.rfp_margin > 0
                && beta_not_mated
                && depth <= p.rfp_depth
                && eval - p.rfp_margin * (depth - i32::from(improving)) >= beta
            {
                return eval;
            }
            // razoring: far below alpha, only captures could help
            if p.razor_margin > 0 && depth <= 3 && eval + p.razor_margin * depth < alpha {
                let q = self.quiesce(pos, alpha - 1, alpha, ply, true);
                if q < alpha {
                    return q;
                }
            }
            // null move: if passing still holds beta, the position is good enough
            if p.null_move
                && beta_not_mated
                && depth >= p.null_depth
                && eval >= beta
                && self.stack[ply].piece_to.is_some()
                && null_move_safe(pos)
            {
                let r = 3 + depth / 4 + ((eval - beta) / p.null_div).min(3);
                let child = pos.with_side(pos.side_to_move().other());
                self.child_acc(ply, pos, &child);
                self.push_path(&child, false);
                self.stack[ply + 1].piece_to = None;
                self.stack[ply + 1].mv = None;
                self.stack[ply + 1].extensions = self.stack[ply].extensions;
                let score = -self.negamax(&child, depth - r, -beta, -beta + 1, ply + 1, !cut_node);
                self.pop_path();
                if self.stopped() {
                    return 0;
                }
                // a mate found after a pass proves nothing
                if score >= beta && score < MATE_BOUND {
                    return score;
                }
            }
        }
        // no hash move in a node that matters: search it shallower first
        if self.params.iir && tt_move.is_none() && depth >= 6 && (pv_node || cut_node) {
            depth -= 1;
        }
        let Buffer {
            list,
            moves,
            scores,
            quiets: quiets_tried,
            captures: captures_tried,
        } = buf;
        pos.generate_legal(list);
        if list.is_empty() {
            return if excluded.is_some() {
                alpha
            } else {
                outcome_score(&pos.no_move_outcome(), pos.side_to_move(), ply as i32)
            };
        }
        if counting::expired(pos) || move_rule_draw(pos) {
            return 0;
        }
        let t = self.tables();
        let counter_move = self.stack[ply]
            .piece_to
            .and_then(|pt| Move::from_bits(self.counter[pt]));
        let n_moves = list.len();
        moves[..n_moves].copy_from_slice(list.as_slice());
        // the hash move goes first, searched before the other moves are scored (a cut-off
        // by it spares their scoring); quiet moves are scored by their histories only
        // once the captures, killers and counter-move before them are spent
        let hash_first = tt_move.and_then(|h| moves[..n_moves].iter().position(|&m| m == h));
        if let Some(i) = hash_first {
            moves.swap(0, i);
        }
        // the first move chosen by score
        let first_scored = usize::from(hash_first.is_some());
        quiets_tried.len = 0;
        captures_tried.len = 0;
        let original_alpha = alpha;
        let mut best_score = -INF;
        let mut best_move = None;
        let mut move_count = 0;
        let mut skip_quiets = false;
        let prunable = has_pieces(pos);
        let mut threatened_pieces = Threatened::NONE;
        for n in 0..n_moves {
            if n >= first_scored {
                if n == first_scored {
                    self.score_moves(
                        pos,
                        &moves[n..n_moves],
                        &mut scores[n..n_moves],
                        counter_move,
                        ply,
                    );
                }
                // the best-ordered of the rest comes next
                let b = self.pick_next(pos, &moves[..n_moves], &mut scores[..n_moves], n, ply);
                scores.swap(n, b);
                moves.swap(n, b);
            }
            let m = moves[n];
            if Some(m) == excluded {
                continue;
            }
            let capture = captured(pos, m).is_some();
            let promotion = m.kind() == MoveKind::Promotion;
            let quiet = !capture && !promotion;
            // a quiet move that takes a piece out of an attack that would win it is not
            // pruned as a late quiet move (tested only where a quiet move would be pruned)
            let mut escape = || p.history_extra && threatened_pieces.escapes(pos, m, t);
            if quiet && skip_quiets && !escape() {
                continue;
            }
            move_count += 1;
            let hist = if quiet {
                self.quiet_history(pos, m, ply)
            } else {
                0
            };
            let mut child = pos.clone();
            child.play_unchecked(m);
            let gives_check = child.in_check();
            // shallow pruning, once a line is known not to be lost
            if ply > 0 && best_score > -MATE_BOUND && prunable {
                let reduction = self.reduction(depth, move_count, improving, pv_node);
                let lmr_depth = (depth - 1 - reduction).max(0);
                if quiet && !gives_check {
                    if p.lmp && move_count >= lmp_limit(p.lmp_base, depth, improving) && !escape() {
                        skip_quiets = true;
                        continue;
                    }
                    if p.futility_margin > 0
                        && !in_check
                        && lmr_depth <= 7
                        && eval + p.futility_margin * (lmr_depth + 1) + p.futility_base <= alpha
                    {
                        continue;
                    }
                    if p.history_pruning
                        && lmr_depth < 3
                        && hist < -p.history_prune * depth
                        && !escape()
                    {
                        continue;
                    }
                    if p.see_pruning && !see_ge(pos, m, -p.see_quiet * lmr_depth * lmr_depth, t) {
                        continue;
                    }
                } else if p.see_pruning && depth <= 6 && !see_ge(pos, m, -p.see_capture * depth, t)
                {
                    continue;
                }
            }
            // extensions
            let mut extension = 0;
            if p.singular_depth > 0
                && depth >= p.singular_depth
                && Some(m) == tt_move
                && excluded.is_none()
                && ply > 0
                && (ply as i32) < 2 * self.root_depth
            {
                if let (Some(e), Some(s)) = (tt, tt_score) {
                    if e.bound != Bound::Upper && e.depth >= depth - 3 && s.abs() < MATE_BOUND {
                        let singular_beta = s - p.singular_margin * depth / 10;
                        self.stack[ply].excluded = Some(m);
                        let v = self.negamax(
                            pos,
                            (depth - 1) / 2,
                            singular_beta - 1,
                            singular_beta,
                            ply,
                            cut_node,
                        );
                        self.stack[ply].excluded = None;
                        if self.stopped() {
                            return 0;
                        }
                        if v < singular_beta {
                            extension = 1;
                        } else if singular_beta >= beta {
                            // several moves hold beta: cut
                            return singular_beta;
                        }
                    }
                }
            }
            let extensions_so_far = self.stack[ply].extensions;
            if extension == 0
                && self.params.check_extension
                && gives_check
                && extensions_so_far < self.root_depth
                && (depth <= p.check_any_depth || see_ge(pos, m, 0, t))
            {
                extension = 1;
            }
            let new_depth = depth - 1 + extension;
            // after the singular test, whose own moves use the next ply's accumulator
            self.child_acc(ply, pos, &child);
            self.push_path(&child, gives_check);
            self.stack[ply + 1].piece_to = piece_to(pos, m);
            self.stack[ply + 1].mv = Some(m);
            self.stack[ply + 1].quiet = quiet;
            self.stack[ply].move_count = move_count;
            self.stack[ply + 1].extensions = extensions_so_far + extension;
            let mut score;
            if depth >= 2 && move_count > 1 + usize::from(pv_node) && (quiet || cut_node) {
                let mut r = self.reduction(depth, move_count, improving, pv_node);
                if cut_node {
                    r += 1;
                }
                if p.deep_lmr > 0 && !pv_node && self.root_depth > p.deep_lmr {
                    r += 1;
                }
                if tt_pv && !pv_node {
                    r -= p.tt_pv;
                }
                if gives_check {
                    r -= 1;
                }
                if quiet {
                    r -= (hist / p.history_lmr_div).clamp(-2, 2);
                    if self.stack[ply].killers.contains(&Some(m)) || Some(m) == counter_move {
                        r -= 1;
                    }
                }
                let d = (new_depth - r).clamp(1, new_depth.max(1));
                score = -self.negamax(&child, d, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && d < new_depth {
                    score =
                        -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
                }
            } else if !pv_node || move_count > 1 {
                score = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
            } else {
                score = alpha + 1;
            }
            if pv_node && (move_count == 1 || score > alpha) {
                score = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, false);
            }
            self.pop_path();
            if self.stopped() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    if pv_node {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply].clear();
                        head[ply].push(m);
                        head[ply].extend_from_slice(&tail[0]);
                    }
                    alpha = score;
                    if alpha >= beta {
                        if p.history_extra {
                            self.punish_early_previous(pos, ply, depth);
                        }
                        self.update_on_cutoff(
                            pos,
                            m,
                            depth,
                            ply,
                            quiets_tried.list(),
                            captures_tried.list(),
                        );
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(m);
            } else if capture {
                captures_tried.push(m);
            }
        }
        if move_count == 0 {
            // every move was excluded or pruned
            return if excluded.is_some() {
                alpha
            } else {
                best_score.max(alpha)
            };
        }
        if excluded.is_none() {
            if p.history_extra && best_score <= original_alpha {
                // every move failed low: the opponent's quiet move refuted them all
                self.update_previous(pos, ply, stat_bonus(depth));
            }
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            if p.corrects()
                && !in_check
                && best_move.is_none_or(|m| is_quiet(pos, m))
                && best_score.abs() < MATE_BOUND
            {
                // a bound says on which side of the corrected evaluation the score lies
                // (the correction as the searches below this node have left it)
                let corrected = if p.correction_entry {
                    corrected_eval
                } else {
                    self.corrected(&keys, raw_eval)
                };
                let agrees = match bound {
                    Bound::Lower => best_score > corrected,
                    Bound::Upper => best_score < corrected,
                    Bound::Exact => true,
                };
                if agrees {
                    self.update_correction(&keys, best_score - raw_eval, depth);
                }
            }
            // the static evaluation as the network gave it, before the correction (the
            // search before the correction history kept the stored score's bound here)
            let static_eval = if in_check {
                0
            } else if p.corrects() {
                raw_eval
            } else {
                self.stack[ply].eval
            };
            self.tt.store(
                key,
                best_move.or(tt_move),
                to_tt(best_score, ply),
                static_eval,
                depth,
                bound,
                tt_pv,
            );
        }
        best_score
    }

    /// A cut-off here refutes the opponent's move at once: if it was a quiet move
    /// searched first, its histories learn that it was not good.
    fn punish_early_previous(&mut self, pos: &Position, ply: usize, depth: i32) {
        if ply >= 1 && self.stack[ply - 1].move_count == 1 {
            self.update_previous(pos, ply, -stat_bonus(depth + 1));
        }
    }
}

/// The pieces a node found standing where an attack would win them, each square tested
/// once (a piece has many quiet moves).
struct Threatened {
    tested: Bitboard,
    found: Bitboard,
}

impl Threatened {
    const NONE: Threatened = Threatened {
        tested: Bitboard::EMPTY,
        found: Bitboard::EMPTY,
    };

    /// Whether quiet move `m` takes a piece (not a pawn or royal piece) away from an
    /// attack that would win it: by a less valuable piece, or with nothing defending it.
    fn escapes(&mut self, pos: &Position, m: Move, t: &Tables) -> bool {
        if m.kind() == MoveKind::Drop {
            return false;
        }
        let from = m.from();
        if !self.tested.has(from) {
            self.tested = self.tested.with(from);
            if threatened(pos, from, t) {
                self.found = self.found.with(from);
            }
        }
        self.found.has(from)
    }
}

/// Whether the piece on `from` (not a pawn or royal piece) would be won by an attack: by
/// a less valuable piece, or with nothing defending it.
fn threatened(pos: &Position, from: Square, t: &Tables) -> bool {
    let Some(piece) = pos.piece_at(from) else {
        return false;
    };
    let v = pos.variant();
    if v.is_royal(piece.kind) || v.is_pawn(piece.kind) {
        return false;
    }
    let occ = pos.occupied();
    let them = piece.color.other();
    let attackers = pos.attackers_to(from, them, occ) & pos.color_bb(them);
    if attackers.is_empty() {
        return false;
    }
    let value = t.value[piece.kind as usize];
    let cheaper = (0..v.kinds() as u8)
        .any(|k| t.value[k as usize] < value && (attackers & pos.kind_bb(k)).any());
    cheaper || (pos.attackers_to(from, piece.color, occ) & pos.color_bb(piece.color)).is_empty()
}

/// Whether the position is drawn by the game's move rule (the 50-move rule).
pub(super) fn move_rule_draw(pos: &Position) -> bool {
    let n = pos.variant().spec.end.move_rule_plies;
    n > 0 && pos.halfmove_clock() >= n
}

/// The side to move's score of an outcome found `ply` plies from the root.
pub(super) fn outcome_score(o: &Outcome, us: Color, ply: i32) -> i32 {
    let me = o.payoffs[us.index()];
    if me > 0.5 {
        MATE - ply
    } else if me < 0.5 {
        -(MATE - ply)
    } else {
        0
    }
}

pub(super) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub(super) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Whether the side to move has a piece besides king and pawns (on the board or in
/// hand): shallow pruning then is unlikely to miss a zugzwang or a lone-king rule.
pub(super) fn has_pieces(pos: &Position) -> bool {
    let us = pos.side_to_move();
    if pos.has_hand(us) {
        return true;
    }
    let v = pos.variant();
    (0..v.kinds() as u8).any(|k| !v.is_royal(k) && !v.is_pawn(k) && pos.pieces(us, k).any())
}

/// Whether a null move (passing) is a sound test here: not in opening or setup phases, no
/// en passant square to lose, and the side to move has a piece besides king and pawns.
pub(super) fn null_move_safe(pos: &Position) -> bool {
    if pos.ep_square().is_some() || pos.opening_left() > 0 || pos.in_setup() {
        return false;
    }
    has_pieces(pos)
}
