//! Alpha-beta search for the two-sided chess family: iterative deepening, principal-variation
//! search, transposition table, quiescence on captures, move ordering (hash move, captures by
//! most valuable victim and least valuable attacker, killers, history), late-move
//! reductions, and the games' own end rules through the rules crate.

use crate::eval::{evaluate, piece_value};
use crate::timemgmt::Limits;
use crate::tt::{Bound, Entry, Table};
use ashta_rules::chess::{ChessGame, Move, MoveKind, Position};
use ashta_rules::{Game, Outcome};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Score of a mate at the root.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;

/// Progress of a search, after each completed depth.
#[derive(Clone, Debug)]
pub struct Info {
    /// Depth completed.
    pub depth: u32,
    /// Score for the side to move, in centipawns.
    pub score: i32,
    /// Moves to mate, if the score is a mate (negative when being mated).
    pub mate: Option<i32>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the start.
    pub elapsed: Duration,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Best move (none when the game is over).
    pub best: Option<Move>,
    /// The last completed iteration.
    pub info: Info,
}

/// A searcher with its transposition table and heuristics, reused across moves.
pub struct Searcher {
    tt: Table,
    /// Set to stop the search as soon as possible.
    pub stop: Arc<AtomicBool>,
    nodes: u64,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    start: Instant,
    hard: Option<Duration>,
    node_limit: Option<u64>,
    /// Positions before the root (for repetition), and the search path.
    path: Vec<u64>,
    /// Root moves within this many centipawns of the best are chosen among at random
    /// (weaker levels); 0 for the best move.
    pub spread: i32,
    seed: u64,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(16)
    }
}

impl Searcher {
    /// A searcher with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: Table::new(hash_mb),
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 128 * 128],
            start: Instant::now(),
            hard: None,
            node_limit: None,
            path: Vec::new(),
            spread: 0,
            seed: 0x9E37_79B9_7F4A_7C15,
        }
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Searches the game's current position within `limits`, calling `on_info` after each
    /// completed depth. The caller clears [`Searcher::stop`] before starting (so that a stop
    /// sent before the search begins is not lost).
    pub fn search(
        &mut self,
        game: &ChessGame,
        limits: &Limits,
        mut on_info: impl FnMut(&Info),
    ) -> SearchResult {
        self.nodes = 0;
        self.start = Instant::now();
        let budget = limits.budget();
        self.hard = budget.map(|b| b.1);
        let soft = budget.map(|b| b.0);
        self.node_limit = limits.nodes;
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        let hashes = game.hashes();
        self.path = hashes[..hashes.len().saturating_sub(1)].to_vec();
        let root = game.position().clone();
        let mut moves: Vec<Move> = root.legal_moves().to_vec();
        let empty = Info {
            depth: 0,
            score: 0,
            mate: None,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        };
        if moves.is_empty() || game.outcome().is_some() {
            return SearchResult {
                best: None,
                info: empty,
            };
        }
        let mut best = moves[0];
        let mut last = empty;
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        for depth in 1..=max_depth {
            self.order_root(&root, &mut moves, best);
            let (score, chosen) = self.root(&root, &moves, depth as i32);
            if self.stopped() && depth > 1 {
                break;
            }
            best = chosen;
            let pv = self.pv(&root, best);
            let mate = (score.abs() > MATE - MAX_PLY as i32).then(|| {
                let plies = MATE - score.abs();
                (plies + 1) / 2 * score.signum()
            });
            last = Info {
                depth,
                score,
                mate,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv,
            };
            on_info(&last);
            if moves.len() == 1 && budget.is_some() {
                break;
            }
            if let Some(soft) = soft {
                if self.start.elapsed() * 2 > soft {
                    break;
                }
            }
            if mate.is_some_and(|m| m > 0 && (m * 2) as u32 <= depth) {
                break;
            }
        }
        SearchResult {
            best: Some(best),
            info: last,
        }
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn check_limits(&mut self) {
        // the node limit exactly; the clock every 1024 nodes
        if self.node_limit.is_some_and(|n| self.nodes >= n)
            || (self.nodes & 1023 == 0 && self.hard.is_some_and(|h| self.start.elapsed() >= h))
        {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    fn order_root(&self, root: &Position, moves: &mut [Move], best: Move) {
        moves.sort_by_key(|&m| {
            if m == best {
                i32::MIN
            } else {
                -self.move_score(root, m, None, 0)
            }
        });
    }

    /// Searches the root moves; with `spread`, picks at random among the near-best.
    fn root(&mut self, pos: &Position, moves: &[Move], depth: i32) -> (i32, Move) {
        let mut alpha = -INF;
        let mut best = moves[0];
        let mut scored = Vec::with_capacity(moves.len());
        self.path.push(pos.hash());
        for (i, &m) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let full_window = self.spread > 0;
            let score = if i == 0 || full_window {
                -self.negamax(
                    &child,
                    depth - 1,
                    -INF,
                    if full_window { INF } else { -alpha },
                    1,
                )
            } else {
                let s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && !self.stopped() {
                    -self.negamax(&child, depth - 1, -INF, -alpha, 1)
                } else {
                    s
                }
            };
            if self.stopped() && i > 0 {
                break;
            }
            scored.push((m, score));
            if score > alpha {
                alpha = score;
                best = m;
            }
        }
        self.path.pop();
        if self.spread > 0 && !scored.is_empty() {
            let near: Vec<(Move, i32)> = scored
                .iter()
                .copied()
                .filter(|&(_, s)| s >= alpha - self.spread)
                .collect();
            self.seed ^= self.seed << 13;
            self.seed ^= self.seed >> 7;
            self.seed ^= self.seed << 17;
            let (m, s) = near[(self.seed % near.len() as u64) as usize];
            return (s, m);
        }
        self.tt.store(Entry {
            key: pos.hash(),
            best: Some(best),
            score: alpha,
            depth: depth as i8,
            bound: Bound::Exact,
        });
        (alpha, best)
    }

    /// Counts the node and checks the limits; a score when the search stops here (stopped,
    /// or the position is decided by the game's end rules).
    fn enter_node(&mut self, pos: &Position, ply: usize) -> Option<i32> {
        self.nodes += 1;
        self.check_limits();
        if self.stopped() {
            return Some(0);
        }
        pos.immediate_outcome()
            .map(|o| Self::outcome_score(&o, pos, ply as i32))
    }

    fn outcome_score(o: &Outcome, pos: &Position, ply: i32) -> i32 {
        let me = o.payoffs[pos.side_to_move().index()];
        if me > 0.5 {
            MATE - ply
        } else if me < 0.5 {
            -(MATE - ply)
        } else {
            0
        }
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if let Some(score) = self.enter_node(pos, ply) {
            return score;
        }
        let key = pos.hash();
        if self.path.iter().rev().skip(1).step_by(2).any(|&h| h == key) {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        let tt_entry = self.tt.probe(key);
        if let Some(e) = tt_entry {
            if e.depth as i32 >= depth {
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut moves: Vec<Move> = pos.legal_moves().to_vec();
        if moves.is_empty() {
            return Self::outcome_score(&pos.no_move_outcome(), pos, ply as i32);
        }
        let in_check = pos.in_check();
        // null move: if passing still holds beta, the position is good enough to cut
        if beta - alpha == 1 && depth >= 3 && ply > 0 && !in_check && null_move_safe(pos) {
            let stand = evaluate(pos);
            if stand >= beta {
                let r = 2 + depth / 4;
                let child = pos.with_side(pos.side_to_move().other());
                self.path.push(key);
                let score = -self.negamax(&child, depth - 1 - r, -beta, -beta + 1, ply + 1);
                self.path.pop();
                if self.stopped() {
                    return 0;
                }
                // a mate found after a pass proves nothing
                if score >= beta && score < MATE - MAX_PLY as i32 {
                    return score;
                }
            }
        }
        let tt_move = tt_entry.and_then(|e| e.best);
        moves.sort_by_cached_key(|&m| -self.move_score(pos, m, tt_move, ply));
        let original_alpha = alpha;
        let mut best_score = -INF;
        let mut best_move = None;
        self.path.push(key);
        for (i, &m) in moves.iter().enumerate() {
            let capture = is_capture(pos, m);
            let mut child = pos.clone();
            child.play_unchecked(m);
            let gives_check = child.in_check();
            let extension = i32::from(gives_check && depth < 3);
            let mut score;
            if i == 0 {
                score = -self.negamax(&child, depth - 1 + extension, -beta, -alpha, ply + 1);
            } else {
                // late quiet moves get a reduced, null-window search first
                let reduce =
                    i32::from(depth >= 3 && i >= 4 && !capture && !in_check && !gives_check);
                score = -self.negamax(
                    &child,
                    depth - 1 - reduce + extension,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                );
                if score > alpha && (reduce > 0 || score < beta) {
                    score = -self.negamax(&child, depth - 1 + extension, -beta, -alpha, ply + 1);
                }
            }
            if self.stopped() {
                self.path.pop();
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !capture {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                    let h = &mut self.history[history_index(m)];
                    *h = (*h + depth * depth).min(1 << 20);
                }
                break;
            }
        }
        self.path.pop();
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            best: best_move,
            score: to_tt(best_score, ply),
            depth: depth as i8,
            bound,
        });
        best_score
    }

    fn quiesce(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: u32,
    ) -> i32 {
        if let Some(score) = self.enter_node(pos, ply) {
            return score;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Self::outcome_score(&pos.no_move_outcome(), pos, ply as i32);
        }
        let in_check = pos.in_check() && qdepth < 4;
        if !in_check {
            let stand = evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        if ply >= MAX_PLY {
            return evaluate(pos);
        }
        let mut tactical: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| in_check || is_capture(pos, m) || m.kind() == MoveKind::Promotion)
            .collect();
        tactical.sort_by_cached_key(|&m| -self.move_score(pos, m, None, ply));
        let mut best = if in_check { -INF } else { alpha };
        for m in tactical {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, qdepth + 1);
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Ordering score: hash move, captures (most valuable victim, least valuable attacker),
    /// promotions, killers, then history.
    fn move_score(&self, pos: &Position, m: Move, tt_move: Option<Move>, ply: usize) -> i32 {
        if Some(m) == tt_move {
            return 1 << 30;
        }
        let v = pos.variant();
        let mut s = 0;
        if let Some(victim) = captured(pos, m) {
            let attacker = pos.piece_at(m.from()).map_or(0, |p| piece_value(v, p.kind));
            s += (1 << 24) + piece_value(v, victim) * 16 - attacker / 8;
        }
        if m.kind() == MoveKind::Promotion {
            s += (1 << 23) + piece_value(v, m.piece());
        }
        if s == 0 {
            if self.killers[ply.min(MAX_PLY)][0] == Some(m) {
                return 1 << 22;
            }
            if self.killers[ply.min(MAX_PLY)][1] == Some(m) {
                return (1 << 22) - 1;
            }
            s = self.history[history_index(m)];
        }
        s
    }

    /// The principal variation from the transposition table.
    fn pv(&self, root: &Position, first: Move) -> Vec<Move> {
        let mut pv = vec![first];
        let mut pos = root.clone();
        pos.play_unchecked(first);
        let mut seen = vec![root.hash()];
        while pv.len() < 32 {
            let Some(m) = self.tt.probe(pos.hash()).and_then(|e| e.best) else {
                break;
            };
            if !pos.legal_moves().contains(&m) || seen.contains(&pos.hash()) {
                break;
            }
            seen.push(pos.hash());
            pos.play_unchecked(m);
            pv.push(m);
        }
        pv
    }
}

fn captured(pos: &Position, m: Move) -> Option<ashta_rules::chess::Kind> {
    match m.kind() {
        MoveKind::EnPassant => Some(pos.piece_at(m.from())?.kind),
        MoveKind::Normal | MoveKind::Promotion if m.from() != m.to() => pos
            .piece_at(m.to())
            .filter(|p| p.color != pos.side_to_move())
            .map(|p| p.kind),
        _ => None,
    }
}

fn is_capture(pos: &Position, m: Move) -> bool {
    captured(pos, m).is_some()
}

fn history_index(m: Move) -> usize {
    (m.from().index() & 127) * 128 + (m.to().index() & 127)
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - MAX_PLY as i32 {
        score + ply as i32
    } else if score < -(MATE - MAX_PLY as i32) {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - MAX_PLY as i32 {
        score - ply as i32
    } else if score < -(MATE - MAX_PLY as i32) {
        score + ply as i32
    } else {
        score
    }
}

/// Whether a null move (passing) is a sound test here: not in opening or setup phases, no
/// en passant square to lose, and the side to move has a piece besides king and pawns
/// (on the board or in hand), so that zugzwang is unlikely.
fn null_move_safe(pos: &Position) -> bool {
    if pos.ep_square().is_some() || pos.opening_left() > 0 || pos.in_setup() {
        return false;
    }
    let us = pos.side_to_move();
    if pos.has_hand(us) {
        return true;
    }
    let v = pos.variant();
    (0..v.kinds() as u8).any(|k| !v.is_royal(k) && !v.is_pawn(k) && pos.pieces(us, k).any())
}
