//! Alpha-beta search for the two-sided chess family.
//!
//! Iterative deepening with aspiration windows; principal-variation search with a
//! bucketed transposition table; pruning by reverse futility, razoring, null move,
//! futility, late-move counts, history and static exchange; late-move reductions that
//! grow with depth and move number; singular and check extensions; move ordering by
//! hash move, captures (victim, capture history, exchange), killers, counter-move,
//! history and continuation history; quiescence on captures alone. The games' own ends
//! come from the rules crate: mate, stalemate and bare-king rules, counting and move
//! rules, and repetition as each game judges it (perpetual check loses in Xiangqi and
//! Shogi). `docs/search.md` describes each part and the match that kept it.

use crate::eval::{evaluate_with, Tables};
use crate::nnue::{Accumulator, Net};
use crate::see::{captured, see_ge};
use crate::timemgmt::{Clock, Limits};
use crate::tt::{Bound, Table};
use ashta_rules::chess::movegen::MAX_MOVES;
use ashta_rules::chess::variant::Repetition;
use ashta_rules::chess::{counting, ChessGame, Move, MoveKind, MoveList, Position};
use ashta_rules::geometry::{Bitboard, Color, Square, GRID_SQUARES};
use ashta_rules::{Game, Outcome};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Score of a mate at the root.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;
/// Scores beyond this are mates (or wins by a game's rule) found in the search.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
const KINDS: usize = ashta_rules::chess::variant::MAX_KINDS;
/// Origins in the history tables: the squares, then one per type for drops.
const FROMS: usize = GRID_SQUARES + KINDS;
/// A piece type on a square, for the continuation and counter-move tables.
const PIECE_TO: usize = KINDS * GRID_SQUARES;
/// Entries of the correction history per side to move.
const CORRECTION_SIZE: usize = 1 << 14;
/// The correction history's fixed point: an entry of this much is one centipawn.
const CORRECTION_GRAIN: i32 = 256;
const HISTORY_MAX: i32 = 16_384;

/// Progress of a search, after each completed depth (and each bound of an aspiration
/// window that failed).
#[derive(Clone, Debug)]
pub struct Info {
    /// Depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which line of several (1 for the best).
    pub multipv: usize,
    /// Score for the side to move, in centipawns.
    pub score: i32,
    /// `Some(Lower)` / `Some(Upper)` when the score is only a bound (the window failed).
    pub bound: Option<Bound>,
    /// Moves to mate, if the score is a mate (negative when being mated).
    pub mate: Option<i32>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the start.
    pub elapsed: Duration,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Best move (none when the game is over).
    pub best: Option<Move>,
    /// The move the engine expects in reply, if its line has one.
    pub ponder: Option<Move>,
    /// The last completed iteration.
    pub info: Info,
}

mod correction;
mod node;
mod ordering;
mod params;
mod quiesce;

use node::outcome_score;
use ordering::{is_quiet, piece_to, Buffer};
pub use params::Params;

/// What the search keeps per ply.
#[derive(Clone, Copy, Default)]
struct Frame {
    /// Static evaluation (when not in check).
    eval: i32,
    /// The move that led here, as a piece type on its square (continuation history).
    piece_to: Option<usize>,
    /// That move, and whether it was quiet (no capture, no promotion).
    mv: Option<Move>,
    quiet: bool,
    /// The moves searched so far at this ply's node.
    move_count: usize,
    killers: [Option<Move>; 2],
    /// A move left out (singular extension's test).
    excluded: Option<Move>,
    in_check: bool,
    /// Extensions on the way here.
    extensions: i32,
}

/// A report of the root move being searched: depth, move, its number.
pub type CurrMove = Box<dyn FnMut(u32, Move, usize) + Send>;

/// A root move, its last score and the line behind it.
#[derive(Clone)]
struct RootMove {
    mv: Move,
    score: i32,
    previous: i32,
    pv: Vec<Move>,
    seldepth: usize,
}

/// A searcher with its transposition table and heuristics, reused across moves.
pub struct Searcher {
    tt: Table,
    /// Set to stop the search as soon as possible.
    pub stop: Arc<AtomicBool>,
    /// Set while pondering: no time limit applies until it is cleared (the ponder hit),
    /// and the clock starts then.
    pub ponder: Arc<AtomicBool>,
    /// Root moves within this many centipawns of the best are chosen among at random
    /// (weaker levels); 0 for the best move.
    pub spread: i32,
    /// Lines reported per iteration.
    pub multipv: usize,
    /// Switches and margins.
    pub params: Params,
    /// Called with the depth, root move and its number as each root move is searched.
    pub on_currmove: Option<CurrMove>,
    nodes: u64,
    seldepth: usize,
    start: Instant,
    clock: Clock,
    pondering: bool,
    node_limit: Option<u64>,
    tables: Option<&'static Tables>,
    /// A network to play with instead of the game's own (UCI `EvalFile`; it must be one
    /// read for the variant searched).
    pub net_override: Option<&'static Net>,
    /// The network evaluation in use, if any, and its accumulator at each ply.
    net: Option<&'static Net>,
    accs: Vec<Accumulator>,
    repetition: Repetition,
    /// Hashes of the positions from the game's start to the current node, and whether
    /// the side to move was in check in each.
    path: Vec<u64>,
    checks: Vec<bool>,
    stack: Vec<Frame>,
    history: Vec<i16>,
    capture_history: Vec<i16>,
    continuation: Vec<i16>,
    /// How far the searches found the static evaluation off, by side to move and pawn
    /// structure, then by side to move and White's, then Black's, other pieces, in
    /// 1/`CORRECTION_GRAIN` centipawns.
    correction: Vec<i32>,
    /// The same by side to move and the move that reached the position.
    correction_move: Vec<i32>,
    /// The game's pawn (the piece whose structure keys the correction), if it has one.
    pawn: Option<ashta_rules::chess::Kind>,
    counter: Vec<u32>,
    pv: Vec<Vec<Move>>,
    lmr: Vec<[i32; 64]>,
    root_moves: Vec<RootMove>,
    root_depth: i32,
    seed: u64,
    /// Move buffers by height of the recursion, and the current height.
    buffers: Vec<Option<Box<Buffer>>>,
    height: usize,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(16)
    }
}

impl Searcher {
    /// A searcher with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        let mut lmr = vec![[0i32; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                // reductions in 1024ths of a ply
                *r = (1024.0 * (0.7 + (d as f64).ln() * (m as f64).ln() / 2.3)) as i32;
            }
        }
        Searcher {
            tt: Table::new(hash_mb),
            stop: Arc::new(AtomicBool::new(false)),
            ponder: Arc::new(AtomicBool::new(false)),
            spread: 0,
            multipv: 1,
            params: Params::default(),
            on_currmove: None,
            nodes: 0,
            seldepth: 0,
            start: Instant::now(),
            clock: Clock::default(),
            pondering: false,
            node_limit: None,
            tables: None,
            net_override: None,
            net: None,
            accs: vec![Accumulator::default(); MAX_PLY + 8],
            repetition: Repetition::Draw,
            path: Vec::new(),
            checks: Vec::new(),
            stack: vec![Frame::default(); MAX_PLY + 8],
            history: vec![0; 2 * FROMS * GRID_SQUARES],
            capture_history: vec![0; KINDS * GRID_SQUARES * KINDS],
            continuation: vec![0; PIECE_TO * PIECE_TO],
            correction: vec![0; 6 * CORRECTION_SIZE],
            correction_move: vec![0; 2 * PIECE_TO],
            pawn: None,
            counter: vec![0; PIECE_TO],
            pv: vec![Vec::new(); MAX_PLY + 2],
            lmr,
            root_moves: Vec::new(),
            root_depth: 0,
            seed: 0x9E37_79B9_7F4A_7C15,
            buffers: Vec::new(),
            height: 0,
        }
    }

    /// What the transposition table holds for a position (UCCI's `probe`).
    pub fn probe(&self, pos: &Position) -> Option<crate::tt::Entry> {
        self.tt.probe(pos.hash())
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.capture_history.iter_mut().for_each(|h| *h = 0);
        self.continuation.iter_mut().for_each(|h| *h = 0);
        self.correction.iter_mut().for_each(|h| *h = 0);
        self.correction_move.iter_mut().for_each(|h| *h = 0);
        self.counter.iter_mut().for_each(|h| *h = 0);
    }

    /// Nodes searched by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches the game's current position within `limits`, calling `on_info` after each
    /// completed depth. The caller clears [`Searcher::stop`] before starting (so that a stop
    /// sent before the search begins is not lost), and sets [`Searcher::ponder`] for a
    /// ponder search. [`Searcher::params`] apply with the game's own defaults
    /// ([`Params::for_game`]) where they were not set by name.
    pub fn search(
        &mut self,
        game: &ChessGame,
        limits: &Limits,
        on_info: impl FnMut(&Info),
    ) -> SearchResult {
        let given = self.params;
        self.params = given.for_game(game.position().variant().spec.game);
        let result = self.search_with_params(game, limits, on_info);
        self.params = given;
        result
    }

    fn search_with_params(
        &mut self,
        game: &ChessGame,
        limits: &Limits,
        mut on_info: impl FnMut(&Info),
    ) -> SearchResult {
        self.nodes = 0;
        self.seldepth = 0;
        self.start = Instant::now();
        self.pondering = self.ponder.load(Ordering::Relaxed);
        let root = game.position().clone();
        let v = root.variant();
        self.clock = Clock::new(limits, game.moves().len(), v);
        self.node_limit = limits.nodes;
        self.tables = Some(Tables::of(v));
        self.pawn = v.kind_of_letter('p');
        self.net = if self.params.nnue {
            self.net_override.or_else(|| Net::of(v))
        } else {
            None
        };
        if let Some(net) = self.net {
            self.accs[0] = net.refresh(&root);
        }
        self.repetition = v.spec.end.repetition_rule;
        self.tt.new_search();
        self.stack.iter_mut().for_each(|f| *f = Frame::default());
        self.set_path(game);
        let empty = Info {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score: 0,
            bound: None,
            mate: None,
            nodes: 0,
            elapsed: Duration::ZERO,
            hashfull: 0,
            pv: Vec::new(),
        };
        // a game ended by a claim (repetition, move rule, counting) still has moves for an
        // engine protocol that goes on past it; mate, stalemate and immediate ends have none
        let mut moves = root.legal_moves();
        if moves.iter().any(|m| limits.searchmoves.contains(m)) {
            moves.retain(|m| limits.searchmoves.contains(&m));
        }
        if moves.is_empty() || root.immediate_outcome().is_some() {
            let score = game
                .outcome()
                .or_else(|| root.immediate_outcome())
                .map_or(0, |o| outcome_score(&o, root.side_to_move(), 0));
            let info = Info {
                score,
                mate: (score.abs() >= MATE_BOUND).then_some(0),
                ..empty
            };
            on_info(&info);
            return SearchResult {
                best: None,
                ponder: None,
                info,
            };
        }
        self.root_moves = moves
            .iter()
            .map(|&m| RootMove {
                mv: m,
                score: -INF,
                previous: -INF,
                pv: vec![m],
                seldepth: 0,
            })
            .collect();
        // the hash move first
        if let Some(m) = self.tt.probe(root.hash()).and_then(|e| e.best) {
            if let Some(i) = self.root_moves.iter().position(|r| r.mv == m) {
                self.root_moves[..=i].rotate_right(1);
            }
        }
        // (with a spread every root move is searched with a window reaching `spread` below the
        // best so far, so that the scores of the moves within it are exact)
        let lines = self.multipv.clamp(1, self.root_moves.len());
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        let mut last = empty;
        let mut best_changes = 0.0f64;
        let mut previous_best = self.root_moves[0].mv;
        let mut completed = 0;
        for depth in 1..=max_depth {
            self.root_depth = depth as i32;
            for r in &mut self.root_moves {
                r.previous = r.score;
            }
            for line in 0..lines {
                self.seldepth = 0;
                let score = self.aspiration(&root, depth as i32, line, &mut on_info);
                // the lines found so far, best first
                self.root_moves[line..].sort_by_key(|r| -r.score);
                if self.stopped() {
                    break;
                }
                let r = &self.root_moves[line];
                let info = self.info(depth, line + 1, score, None, r.pv.clone(), r.seldepth);
                on_info(&info);
                if line == 0 {
                    last = info;
                }
            }
            if self.stopped() {
                if self.spread > 0 && completed > 0 {
                    // a spread picks among the scores of the last whole iteration: the
                    // unfinished one scored some moves a ply deeper than the rest
                    for r in &mut self.root_moves {
                        r.score = r.previous;
                    }
                    self.root_moves.sort_by_key(|r| -r.score);
                } else if completed > 0 {
                    if let Some(line) = self.unfinished_line(&last, depth) {
                        last = line;
                        on_info(&last);
                    }
                }
                break;
            }
            completed = depth;
            // time: stop early when the best move is stable, later when it changes
            let best = self.root_moves[0].mv;
            best_changes = best_changes / 2.0 + if best != previous_best { 1.0 } else { 0.0 };
            previous_best = best;
            if self.root_moves.len() == 1 && self.clock.timed() && !self.pondering {
                break;
            }
            if !self.pondering && self.clock.soft_expired(self.start.elapsed(), best_changes) {
                break;
            }
            let mate = last.mate;
            if mate.is_some_and(|m| m > 0 && (m * 2) as u32 + 2 <= depth) && !self.pondering {
                break;
            }
        }
        let best = self.pick_best(&last);
        let ponder = if Some(best) == last.pv.first().copied() {
            last.pv.get(1).copied()
        } else {
            None
        };
        last.nodes = self.nodes;
        last.elapsed = self.start.elapsed();
        SearchResult {
            best: Some(best),
            ponder,
            info: last,
        }
    }

    /// The move to play: the best, or at weaker levels one picked at random among those
    /// within `spread` of the best.
    fn pick_best(&mut self, last: &Info) -> Move {
        let best = last.pv.first().copied().unwrap_or(self.root_moves[0].mv);
        if self.spread <= 0 {
            return best;
        }
        let top = self.root_moves[0].score;
        let near: Vec<Move> = self
            .root_moves
            .iter()
            .filter(|r| r.score > -INF && r.score >= top - self.spread)
            .map(|r| r.mv)
            .collect();
        if near.is_empty() {
            return best;
        }
        self.seed ^= self.seed << 13;
        self.seed ^= self.seed >> 7;
        self.seed ^= self.seed << 17;
        near[(self.seed % near.len() as u64) as usize]
    }

    /// The line of an unfinished iteration `depth` to play instead of `last`, the last
    /// whole one's: its best move so far, where that move displaced the last best. The
    /// iteration searched the last best first, so a move put before it scored above it
    /// at this depth; with `unfinished_best` off, only where it also scored above the
    /// last iteration's score.
    fn unfinished_line(&self, last: &Info, depth: u32) -> Option<Info> {
        let r = self.root_moves.first()?;
        let displaced = r.score > -INF && r.mv != last.pv.first().copied().unwrap_or(r.mv);
        (displaced && (self.params.unfinished_best || r.score > last.score))
            .then(|| self.info(depth, 1, r.score, None, r.pv.clone(), r.seldepth))
    }

    fn info(
        &self,
        depth: u32,
        multipv: usize,
        score: i32,
        bound: Option<Bound>,
        pv: Vec<Move>,
        seldepth: usize,
    ) -> Info {
        let mate = (score.abs() >= MATE_BOUND).then(|| {
            let plies = MATE - score.abs();
            (plies + 1) / 2 * score.signum()
        });
        Info {
            depth,
            seldepth: seldepth.max(depth as usize) as u32,
            multipv,
            score,
            bound,
            mate,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
            hashfull: self.tt.hashfull(),
            pv,
        }
    }

    /// The positions before the root, for repetition, and whether each was in check.
    fn set_path(&mut self, game: &ChessGame) {
        self.path.clear();
        self.checks.clear();
        let mut pos = game.start_position().clone();
        // only the last stretch can repeat in the search's reach
        let moves = game.moves();
        let skip = moves.len().saturating_sub(100);
        for (i, &m) in moves.iter().enumerate() {
            if i >= skip {
                self.path.push(pos.hash());
                self.checks.push(pos.in_check());
            }
            pos.play_unchecked(m);
        }
        self.path.push(pos.hash());
        self.checks.push(pos.in_check());
    }

    /// One iteration's search of root line `line` with a window around the last score.
    fn aspiration(
        &mut self,
        root: &Position,
        depth: i32,
        line: usize,
        on_info: &mut impl FnMut(&Info),
    ) -> i32 {
        let previous = self.root_moves[line].previous;
        let use_window = self.params.aspiration > 0
            && depth >= self.params.aspiration
            && previous.abs() < MATE_BOUND
            && previous > -INF
            && self.spread == 0;
        let mut delta = self.params.asp_delta + previous.abs() / 64;
        let (mut alpha, mut beta) = if use_window {
            ((previous - delta).max(-INF), (previous + delta).min(INF))
        } else {
            (-INF, INF)
        };
        loop {
            let score = self.root_search(root, depth, alpha, beta, line);
            if self.stopped() {
                return score;
            }
            if score <= alpha && alpha > -INF {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INF);
                if self.start.elapsed() > Duration::from_secs(3) {
                    let r = &self.root_moves[line];
                    let i = self.info(
                        depth as u32,
                        line + 1,
                        score,
                        Some(Bound::Upper),
                        r.pv.clone(),
                        r.seldepth,
                    );
                    on_info(&i);
                }
            } else if score >= beta && beta < INF {
                beta = (score + delta).min(INF);
                if self.start.elapsed() > Duration::from_secs(3) {
                    let r = &self.root_moves[line];
                    let i = self.info(
                        depth as u32,
                        line + 1,
                        score,
                        Some(Bound::Lower),
                        r.pv.clone(),
                        r.seldepth,
                    );
                    on_info(&i);
                }
            } else {
                return score;
            }
            delta += delta / 2;
            if delta > 1000 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// Searches root moves `line..` (the earlier lines are taken), best first.
    fn root_search(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        line: usize,
    ) -> i32 {
        let mut best = -INF;
        let full = self.spread > 0;
        for i in line..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            if let Some(f) = self.on_currmove.as_mut() {
                if self.start.elapsed() > Duration::from_secs(3) {
                    f(depth as u32, m, i + 1);
                }
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.child_acc(0, pos, &child);
            let gives_check = child.in_check();
            self.push_path(&child, gives_check);
            self.stack[1].piece_to = piece_to(pos, m);
            self.stack[1].mv = Some(m);
            self.stack[1].quiet = is_quiet(pos, m);
            self.stack[0].move_count = i + 1;
            self.stack[1].extensions = 0;
            let new_depth = depth - 1;
            let mut score;
            if i == line {
                score = -self.negamax(&child, new_depth, -beta, -alpha, 1, false);
            } else if full {
                // a spread needs the exact score of every move within it of the best: the
                // window reaches that far below the best so far (a move that fails low
                // scores below it and is not picked)
                let low = (alpha - self.spread - 1).max(-INF);
                score = -self.negamax(&child, new_depth, -beta, -low, 1, false);
            } else {
                score = -self.negamax(&child, new_depth, -alpha - 1, -alpha, 1, true);
                if score > alpha && score < beta && !self.stopped() {
                    score = -self.negamax(&child, new_depth, -beta, -alpha, 1, false);
                }
            }
            self.pop_path();
            if self.stopped() {
                break;
            }
            let r = &mut self.root_moves[i];
            if i == line || score > alpha || full {
                r.score = score;
                r.seldepth = self.seldepth;
                let mut pv = vec![m];
                pv.extend_from_slice(&self.pv[1]);
                r.pv = pv;
            } else {
                r.score = -INF;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if !full {
                    // the new best first among the remaining moves
                    self.root_moves[line..=i].rotate_right(1);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        if line == 0 && best > -INF && !self.stopped() {
            let r = &self.root_moves[0];
            let bound = if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.tt
                .store(pos.hash(), Some(r.mv), best, 0, depth, bound, true);
        }
        best
    }

    /// The accumulator of `child` (a move or pass after `pos`, at `ply`) at `ply + 1`.
    #[inline]
    fn child_acc(&mut self, ply: usize, pos: &Position, child: &Position) {
        if let Some(net) = self.net {
            let (head, tail) = self.accs.split_at_mut(ply + 1);
            net.update_from(&mut tail[0], &head[ply], pos, child);
        }
    }

    fn push_path(&mut self, pos: &Position, in_check: bool) {
        self.path.push(pos.hash());
        self.checks.push(in_check);
    }

    fn pop_path(&mut self) {
        self.path.pop();
        self.checks.pop();
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn check_limits(&mut self) {
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            self.stop.store(true, Ordering::Relaxed);
        }
        if self.nodes & 1023 != 0 {
            return;
        }
        if self.pondering {
            if self.ponder.load(Ordering::Relaxed) {
                return;
            }
            // the ponder hit: the clock starts now
            self.pondering = false;
            self.start = Instant::now();
        }
        if self.clock.hard_expired(self.start.elapsed()) && self.root_depth > 1 {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_rules::chess::variant;

    #[test]
    fn an_unfinished_iteration_plays_a_move_that_beat_the_last_best_in_it() {
        let v = variant("asha", Some("fairy-stockfish"), &[]).unwrap();
        let moves = ChessGame::new(v).position().legal_moves();
        let (a, b) = (moves[0], moves[1]);
        let root = |mv, score| RootMove {
            mv,
            score,
            previous: 50,
            pv: vec![mv],
            seldepth: 0,
        };
        let mut s = Searcher::new(1);
        // the last whole iteration chose `a` at 50
        let last = s.info(9, 1, 50, None, vec![a], 0);
        // the unfinished one found `a` no better than 20 and `b` at 40 (put first)
        s.root_moves = vec![root(b, 40), root(a, 20)];
        s.params.unfinished_best = true;
        let line = s.unfinished_line(&last, 10).expect("b displaced a");
        assert_eq!((line.pv[0], line.score, line.depth), (b, 40, 10));
        s.params.unfinished_best = false;
        assert!(s.unfinished_line(&last, 10).is_none(), "40 is below 50");
        // above the last score, either way
        s.root_moves[0].score = 60;
        assert_eq!(s.unfinished_line(&last, 10).map(|l| l.pv[0]), Some(b));
        // the last best still first, or nothing searched yet: the last line stands
        s.params.unfinished_best = true;
        s.root_moves = vec![root(a, 20), root(b, -INF)];
        assert!(s.unfinished_line(&last, 10).is_none());
        s.root_moves = vec![root(b, -INF), root(a, -INF)];
        assert!(s.unfinished_line(&last, 10).is_none());
    }
}
