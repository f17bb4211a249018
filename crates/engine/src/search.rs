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
use crate::see::{captured, see_ge};
use crate::timemgmt::{Clock, Limits};
use crate::tt::{Bound, Table};
use ashta_rules::chess::movegen::MAX_MOVES;
use ashta_rules::chess::variant::Repetition;
use ashta_rules::chess::{counting, ChessGame, Move, MoveKind, MoveList, Position};
use ashta_rules::geometry::{Color, Square, GRID_SQUARES};
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

/// The search's switches and margins, to measure each part against the search without it
/// (`ashta uci`: `setoption name Search value name=value,...`).
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// Aspiration windows from this depth (0: off).
    pub aspiration: i32,
    /// Reverse futility margin per ply (0: off).
    pub rfp_margin: i32,
    /// Razoring margin per ply (0: off).
    pub razor_margin: i32,
    /// Null move pruning.
    pub null_move: bool,
    /// Futility margin per ply for quiet moves (0: off).
    pub futility_margin: i32,
    /// Late-move pruning.
    pub lmp: bool,
    /// Static exchange pruning of losing moves at low depth.
    pub see_pruning: bool,
    /// History pruning of quiet moves with bad history.
    pub history_pruning: bool,
    /// Late-move reductions, in hundredths of the table's formula (0: off).
    pub lmr_percent: i32,
    /// Singular extensions from this depth (0: off).
    pub singular_depth: i32,
    /// Check extensions.
    pub check_extension: bool,
    /// Internal iterative reductions.
    pub iir: bool,
    /// Continuation history in ordering.
    pub continuation: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            aspiration: 4,
            rfp_margin: 90,
            razor_margin: 300,
            null_move: true,
            futility_margin: 110,
            lmp: true,
            see_pruning: true,
            history_pruning: true,
            lmr_percent: 100,
            singular_depth: 8,
            check_extension: true,
            iir: true,
            continuation: true,
        }
    }
}

impl Params {
    /// Sets one parameter by name (`lmp=0`, `rfp_margin=80`).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let n: i32 = value
            .trim()
            .parse()
            .map_err(|_| format!("{name} takes a number, not {value:?}"))?;
        let b = n != 0;
        match name.trim() {
            "aspiration" => self.aspiration = n,
            "rfp_margin" => self.rfp_margin = n,
            "razor_margin" => self.razor_margin = n,
            "null_move" => self.null_move = b,
            "futility_margin" => self.futility_margin = n,
            "lmp" => self.lmp = b,
            "see_pruning" => self.see_pruning = b,
            "history_pruning" => self.history_pruning = b,
            "lmr_percent" => self.lmr_percent = n,
            "singular_depth" => self.singular_depth = n,
            "check_extension" => self.check_extension = b,
            "iir" => self.iir = b,
            "continuation" => self.continuation = b,
            other => return Err(format!("no search parameter {other:?}")),
        }
        Ok(())
    }
}

/// What the search keeps per ply.
#[derive(Clone, Copy, Default)]
struct Frame {
    /// Static evaluation (when not in check).
    eval: i32,
    /// The move that led here, as a piece type on its square (continuation history).
    piece_to: Option<usize>,
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
    repetition: Repetition,
    /// Hashes of the positions from the game's start to the current node, and whether
    /// the side to move was in check in each.
    path: Vec<u64>,
    checks: Vec<bool>,
    stack: Vec<Frame>,
    history: Vec<i16>,
    capture_history: Vec<i16>,
    continuation: Vec<i16>,
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
            repetition: Repetition::Draw,
            path: Vec::new(),
            checks: Vec::new(),
            stack: vec![Frame::default(); MAX_PLY + 8],
            history: vec![0; 2 * FROMS * GRID_SQUARES],
            capture_history: vec![0; KINDS * GRID_SQUARES * KINDS],
            continuation: vec![0; PIECE_TO * PIECE_TO],
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

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.capture_history.iter_mut().for_each(|h| *h = 0);
        self.continuation.iter_mut().for_each(|h| *h = 0);
        self.counter.iter_mut().for_each(|h| *h = 0);
    }

    /// Nodes searched by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches the game's current position within `limits`, calling `on_info` after each
    /// completed depth. The caller clears [`Searcher::stop`] before starting (so that a stop
    /// sent before the search begins is not lost), and sets [`Searcher::ponder`] for a
    /// ponder search.
    pub fn search(
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
        let moves = root.legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            let score = game
                .outcome()
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
        let mut lines = self.multipv.clamp(1, self.root_moves.len());
        if self.spread > 0 {
            lines = self.root_moves.len();
        }
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
                if lines == 1 || self.spread == 0 {
                    let r = &self.root_moves[line];
                    last = self.info(depth, line + 1, score, None, r.pv.clone(), r.seldepth);
                    on_info(&last);
                }
            }
            if self.stopped() {
                // an unfinished iteration's best move stands if its score was proven
                if completed > 0 && self.root_moves[0].score > -INF {
                    let r = &self.root_moves[0];
                    if r.mv != last.pv.first().copied().unwrap_or(r.mv) && r.score > last.score {
                        last = self.info(depth, 1, r.score, None, r.pv.clone(), r.seldepth);
                        on_info(&last);
                    }
                }
                break;
            }
            completed = depth;
            self.root_moves.sort_by_key(|r| -r.score);
            if self.spread > 0 {
                let r = &self.root_moves[0];
                last = self.info(depth, 1, r.score, None, r.pv.clone(), r.seldepth);
                on_info(&last);
            }
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
        let mut delta = 18 + previous.abs() / 64;
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
            let gives_check = child.in_check();
            self.push_path(&child, gives_check);
            self.stack[1].piece_to = piece_to(pos, m);
            self.stack[1].extensions = 0;
            let new_depth = depth - 1;
            let mut score;
            if i == line || full {
                score = -self.negamax(&child, new_depth, -beta, -alpha, 1, false);
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
            self.tt.store(pos.hash(), Some(r.mv), best, 0, depth, bound);
        }
        best
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

    /// The score of a repetition of the current position, if it repeats one since the
    /// last irreversible stretch (judged as the game judges it).
    fn repetition(&self, ply: usize) -> Option<i32> {
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

    fn evaluate(&self, pos: &Position) -> i32 {
        evaluate_with(pos, self.tables.expect("tables are set when searching"))
    }

    fn tables(&self) -> &'static Tables {
        self.tables.expect("tables are set when searching")
    }

    /// The search of one node, with a move buffer of its own (taken from those kept
    /// for each level of the recursion, so that nothing is allocated per node).
    fn negamax(
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

    fn take_buffer(&mut self) -> Box<Buffer> {
        self.height += 1;
        match self.buffers.get_mut(self.height) {
            Some(b) => std::mem::take(b).unwrap_or_default(),
            None => Box::default(),
        }
    }

    fn return_buffer(&mut self, buf: Box<Buffer>) {
        if self.buffers.len() <= self.height {
            self.buffers.resize_with(self.height + 1, || None);
        }
        self.buffers[self.height] = Some(buf);
        self.height -= 1;
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax_in(
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
            return self.quiesce(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        self.check_limits();
        if self.stopped() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(o) = pos.immediate_outcome() {
            return outcome_score(&o, pos.side_to_move(), ply as i32);
        }
        if let Some(s) = self.repetition(ply) {
            return s;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
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
        if let (Some(e), Some(s)) = (tt, tt_score) {
            if !pv_node
                && e.depth >= depth
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                }
            {
                return s;
            }
        }
        let in_check = self.checks[self.checks.len() - 1];
        self.stack[ply].in_check = in_check;
        let eval = if in_check {
            -INF
        } else {
            let static_eval = tt.map_or_else(|| self.evaluate(pos), |e| e.eval);
            // the stored score is a better guess where its bound allows
            match (tt, tt_score) {
                (Some(e), Some(s))
                    if (e.bound == Bound::Lower && s > static_eval)
                        || (e.bound == Bound::Upper && s < static_eval) =>
                {
                    s
                }
                _ => static_eval,
            }
        };
        self.stack[ply].eval = eval;
        let improving = !in_check && ply >= 2 && {
            let before = self.stack[ply - 2];
            before.in_check || eval > before.eval
        };
        self.stack[ply + 1].killers = [None; 2];
        self.stack[ply + 2].excluded = None;
        let p = self.params;
        if !in_check && !pv_node && excluded.is_none() && eval.abs() < MATE_BOUND {
            // reverse futility: far above beta at low depth
            if p.rfp_margin > 0
                && depth <= 7
                && eval - p.rfp_margin * (depth - i32::from(improving)) >= beta
            {
                return eval;
            }
            // razoring: far below alpha, only captures could help
            if p.razor_margin > 0 && depth <= 3 && eval + p.razor_margin * depth < alpha {
                let q = self.quiesce(pos, alpha - 1, alpha, ply);
                if q < alpha {
                    return q;
                }
            }
            // null move: if passing still holds beta, the position is good enough
            if p.null_move
                && depth >= 3
                && eval >= beta
                && self.stack[ply].piece_to.is_some()
                && null_move_safe(pos)
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                let child = pos.with_side(pos.side_to_move().other());
                self.push_path(&child, false);
                self.stack[ply + 1].piece_to = None;
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
        for (i, &m) in list.iter().enumerate() {
            moves[i] = m;
            scores[i] = self.order_score(pos, m, tt_move, counter_move, ply);
        }
        quiets_tried.len = 0;
        captures_tried.len = 0;
        let original_alpha = alpha;
        let mut best_score = -INF;
        let mut best_move = None;
        let mut move_count = 0;
        let mut skip_quiets = false;
        let prunable = has_pieces(pos);
        for n in 0..n_moves {
            // the best-ordered of the rest comes next
            let mut b = n;
            for j in n + 1..n_moves {
                if scores[j] > scores[b] {
                    b = j;
                }
            }
            scores.swap(n, b);
            moves.swap(n, b);
            let m = moves[n];
            if Some(m) == excluded {
                continue;
            }
            let capture = captured(pos, m).is_some();
            let promotion = m.kind() == MoveKind::Promotion;
            let quiet = !capture && !promotion;
            if quiet && skip_quiets {
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
                    if p.lmp && move_count >= lmp_limit(depth, improving) {
                        skip_quiets = true;
                        continue;
                    }
                    if p.futility_margin > 0
                        && !in_check
                        && lmr_depth <= 7
                        && eval + p.futility_margin * (lmr_depth + 1) + 60 <= alpha
                    {
                        continue;
                    }
                    if p.history_pruning && lmr_depth < 3 && hist < -3000 * depth {
                        continue;
                    }
                    if p.see_pruning && !see_ge(pos, m, -30 * lmr_depth * lmr_depth, t) {
                        continue;
                    }
                } else if p.see_pruning && depth <= 6 && !see_ge(pos, m, -100 * depth, t) {
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
                        let singular_beta = s - 2 * depth;
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
                && (depth <= 4 || see_ge(pos, m, 0, t))
            {
                extension = 1;
            }
            let new_depth = depth - 1 + extension;
            self.push_path(&child, gives_check);
            self.stack[ply + 1].piece_to = piece_to(pos, m);
            self.stack[ply + 1].extensions = extensions_so_far + extension;
            let mut score;
            if depth >= 2 && move_count > 1 + usize::from(pv_node) && (quiet || cut_node) {
                let mut r = self.reduction(depth, move_count, improving, pv_node);
                if cut_node {
                    r += 1;
                }
                if gives_check {
                    r -= 1;
                }
                if quiet {
                    r -= (hist / 6000).clamp(-2, 2);
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
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let static_eval = if in_check { 0 } else { self.stack[ply].eval };
            self.tt.store(
                key,
                best_move.or(tt_move),
                to_tt(best_score, ply),
                static_eval,
                depth,
                bound,
            );
        }
        best_score
    }

    fn quiesce(&mut self, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        let mut buf = self.take_buffer();
        let score = self.quiesce_in(&mut buf, pos, alpha, beta, ply);
        self.return_buffer(buf);
        score
    }

    fn quiesce_in(
        &mut self,
        buf: &mut Buffer,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        self.check_limits();
        if self.stopped() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(o) = pos.immediate_outcome() {
            return outcome_score(&o, pos.side_to_move(), ply as i32);
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
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
        if in_check {
            pos.generate_legal(list);
            if list.is_empty() {
                return outcome_score(&pos.no_move_outcome(), pos.side_to_move(), ply as i32);
            }
        } else {
            if counting::expired(pos) || move_rule_draw(pos) {
                return 0;
            }
            stand = tt.map_or_else(|| self.evaluate(pos), |e| e.eval);
            if stand >= beta {
                if tt.is_none() {
                    self.tt
                        .store(key, None, to_tt(stand, ply), stand, -1, Bound::Lower);
                }
                return stand;
            }
            alpha = alpha.max(stand);
            pos.generate_captures(list);
        }
        let n_moves = list.len();
        for (i, &m) in list.iter().enumerate() {
            let victim = captured(pos, m).map_or(0, |k| t.value[k as usize]);
            moves[i] = m;
            scores[i] = victim * 8 + self.capture_hist(pos, m) / 16;
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
                if stand + gain + 200 <= alpha && m.kind() != MoveKind::Promotion {
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
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1);
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
            if in_check { 0 } else { stand },
            -1,
            bound,
        );
        best
    }

    /// Reduction for a late move, in plies.
    fn reduction(&self, depth: i32, move_count: usize, improving: bool, pv_node: bool) -> i32 {
        if self.params.lmr_percent == 0 {
            return 0;
        }
        let r = self.lmr[depth.clamp(0, 63) as usize][move_count.min(63)] * self.params.lmr_percent
            / 100;
        let mut r = r + if improving { 0 } else { 512 } - if pv_node { 1024 } else { 0 };
        r = r.max(0);
        r / 1024
    }

    /// Quiet move history: from/to by colour, plus the continuation by the last two moves.
    fn quiet_history(&self, pos: &Position, m: Move, ply: usize) -> i32 {
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

    fn capture_hist(&self, pos: &Position, m: Move) -> i32 {
        match (piece_to(pos, m), captured(pos, m)) {
            (Some(pt), Some(victim)) => {
                i32::from(self.capture_history[pt * KINDS + victim as usize])
            }
            _ => 0,
        }
    }

    /// Ordering score: hash move, winning captures and promotions, killers, counter-move,
    /// quiet moves by history, losing captures last.
    fn order_score(
        &self,
        pos: &Position,
        m: Move,
        tt_move: Option<Move>,
        counter: Option<Move>,
        ply: usize,
    ) -> i32 {
        if Some(m) == tt_move {
            return 1 << 30;
        }
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
        self.quiet_history(pos, m, ply)
    }

    /// A move caused a cut-off: reward it, punish the moves tried before it.
    fn update_on_cutoff(
        &mut self,
        pos: &Position,
        m: Move,
        depth: i32,
        ply: usize,
        quiets: &[Move],
        captures: &[Move],
    ) {
        let bonus = (depth * depth * 16 + depth * 32).min(1600);
        let us = pos.side_to_move();
        if captured(pos, m).is_none() && m.kind() != MoveKind::Promotion {
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

    fn update_quiet(&mut self, pos: &Position, us: Color, m: Move, ply: usize, bonus: i32) {
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

/// A node's moves and their ordering scores, kept between searches.
struct Buffer {
    list: MoveList,
    moves: [Move; MAX_MOVES],
    scores: [i32; MAX_MOVES],
    quiets: Tried,
    captures: Tried,
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
struct Tried {
    moves: [Move; 64],
    len: usize,
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
    fn push(&mut self, m: Move) {
        if self.len < self.moves.len() {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
    fn list(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// A placeholder square for move arrays.
const SQ0: Square = match Square::new(0, 0) {
    Some(s) => s,
    None => panic!("a1 is on every board"),
};

/// Moves a history entry toward `bonus`'s sign, less the fuller it is.
#[inline]
fn gravity(h: &mut i16, bonus: i32) {
    let v = i32::from(*h);
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *h = (v + b - v * b.abs() / HISTORY_MAX) as i16;
}

/// Quiet moves searched at `depth` before the rest are pruned.
fn lmp_limit(depth: i32, improving: bool) -> usize {
    let base = 3 + depth * depth;
    (if improving { base } else { base / 2 }).max(2) as usize
}

/// The moving piece's type and destination, as an index of the continuation tables.
#[inline]
fn piece_to(pos: &Position, m: Move) -> Option<usize> {
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
fn history_index(us: Color, m: Move) -> usize {
    let from = if m.kind() == MoveKind::Drop {
        GRID_SQUARES + m.piece() as usize
    } else {
        m.from().index()
    };
    (us.index() * FROMS + from) * GRID_SQUARES + m.to().index()
}

/// Whether the position is drawn by the game's move rule (the 50-move rule).
fn move_rule_draw(pos: &Position) -> bool {
    let n = pos.variant().spec.end.move_rule_plies;
    n > 0 && pos.halfmove_clock() >= n
}

/// The side to move's score of an outcome found `ply` plies from the root.
fn outcome_score(o: &Outcome, us: Color, ply: i32) -> i32 {
    let me = o.payoffs[us.index()];
    if me > 0.5 {
        MATE - ply
    } else if me < 0.5 {
        -(MATE - ply)
    } else {
        0
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
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
fn has_pieces(pos: &Position) -> bool {
    let us = pos.side_to_move();
    if pos.has_hand(us) {
        return true;
    }
    let v = pos.variant();
    (0..v.kinds() as u8).any(|k| !v.is_royal(k) && !v.is_pawn(k) && pos.pieces(us, k).any())
}

/// Whether a null move (passing) is a sound test here: not in opening or setup phases, no
/// en passant square to lose, and the side to move has a piece besides king and pawns.
fn null_move_safe(pos: &Position) -> bool {
    if pos.ep_square().is_some() || pos.opening_left() > 0 || pos.in_setup() {
        return false;
    }
    has_pieces(pos)
}
