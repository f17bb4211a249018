//! Ashtapada, the race game of the eight-square board, in two reconstructions:
//! `kile` (seed 002, the default) and `ashta-kashte` (seed 001, appendix I), as `RULES.md`
//! reads them. Throws are chance turns with their probabilities; a player's turn is one
//! decision: a whole plan for the throws in hand.
//!
//! Position text: ruleset, each seat's pieces (`-` in hand, a square, `keep`, `off`), the
//! seat to act, and the throws noted this turn (`-` for none), e.g.
//! `kile S:-,e1/N:-,- S 1,4,2`. While starting players are decided, the last field is
//! `start:` with each seat's opening throw (`start:3,-`).
//!
//! Moves: `throw 3` (a chance outcome), and plans such as `enter, e1:4+2` (kile: enter a
//! piece with the 1, then move it 6 with the 4 and the 2), `twins e3:3`, `off`, `pass`;
//! in Ashta-kashte `enter` or `c3:4`.

pub mod paths;
mod text;

use crate::game::{Game, Outcome, Turn};
use paths::{ashta_kashte_path, kile_path, marked, name, Seat, Sq};
use thiserror::Error;

/// The two reconstructions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Ruleset {
    /// Seed 002: two pieces each, throw series ending on 2 or 3, entry on 1, twins, keep.
    Kile,
    /// Seed 001 appendix: four pieces each, one throw a turn, spiral path, doubles block.
    AshtaKashte,
}

impl Ruleset {
    /// The ruleset's name.
    pub fn name(self) -> &'static str {
        match self {
            Ruleset::Kile => "kile",
            Ruleset::AshtaKashte => "ashta-kashte",
        }
    }
    fn pieces(self) -> usize {
        match self {
            Ruleset::Kile => 2,
            Ruleset::AshtaKashte => 4,
        }
    }
}

/// Four cowrie shells, the count of mouths up, none counting 8 (seed 002 rule 2): each
/// value with its probability.
pub const THROWS: [(u8, f64); 5] = [
    (1, 4.0 / 16.0),
    (2, 6.0 / 16.0),
    (3, 4.0 / 16.0),
    (4, 1.0 / 16.0),
    (8, 1.0 / 16.0),
];

/// Where a piece is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Spot {
    /// Not yet entered (or captured).
    Hand,
    /// On its path, by index from the entry square.
    Path(u8),
    /// In the keep (kile) or on the end square (Ashta-kashte).
    Keep,
    /// Borne off (kile).
    Off,
}

/// A move: a throw (chance) or the choice of one of the listed plans.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Move {
    /// The shells fell showing this value.
    Throw(u8),
    /// Plan number `n` of [`Ashtapada::plans`].
    Plan(u16),
}

/// One step of a plan.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub enum Step {
    /// A piece enters the board.
    Enter,
    /// One piece, or twins together, on `from` move by the sum of `throws`.
    Advance {
        /// Board square moved from.
        from: Sq,
        /// Whether two pieces move together.
        twins: bool,
        /// The throws used.
        throws: Vec<u8>,
    },
    /// A piece in the keep is borne off.
    BearOff,
}

/// The most steps a plan can have: each of two kile pieces enters, advances and bears
/// off once in a turn.
const MAX_STEPS: usize = 6;

/// One step of a plan as stored: [`Step`] without allocation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
enum Part {
    Enter,
    Advance { from: Sq, twins: bool, throws: Run },
    BearOff,
}

/// The throws one step uses, as they are written: runs of equal values.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
struct Run {
    runs: [(u8, u8); THROWS.len()],
    n: u8,
}

impl Run {
    fn single(v: u8) -> Run {
        let mut r = Run {
            runs: [(0, 0); THROWS.len()],
            n: 0,
        };
        r.runs[0] = (v, 1);
        r.n = 1;
        r
    }
    fn throws(&self) -> Vec<u8> {
        self.runs[..self.n as usize]
            .iter()
            .flat_map(|&(v, k)| std::iter::repeat_n(v, k as usize))
            .collect()
    }
}

/// Where every piece is: up to four seats of up to four pieces.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
struct Board {
    spots: [[Spot; 4]; 4],
    per_seat: u8,
}

impl Board {
    fn new(per_seat: usize) -> Board {
        Board {
            spots: [[Spot::Hand; 4]; 4],
            per_seat: per_seat as u8,
        }
    }
    fn seat(&self, p: usize) -> &[Spot] {
        &self.spots[p][..self.per_seat as usize]
    }
    fn seat_mut(&mut self, p: usize) -> &mut [Spot] {
        &mut self.spots[p][..self.per_seat as usize]
    }
}

/// A plan: steps for the throws of a turn and the position they lead to.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Plan {
    parts: [Part; MAX_STEPS],
    len: u8,
    pieces: Board,
    captured: bool,
}

impl Plan {
    fn new(pieces: Board) -> Plan {
        Plan {
            parts: [Part::Enter; MAX_STEPS],
            len: 0,
            pieces,
            captured: false,
        }
    }
    /// Adds a step (false if the plan is full, which the rules never reach).
    fn push(&mut self, part: Part) -> bool {
        if (self.len as usize) < MAX_STEPS {
            self.parts[self.len as usize] = part;
            self.len += 1;
            true
        } else {
            false
        }
    }
    /// Whether the plan does nothing (a pass).
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }
    /// The steps in order.
    pub fn steps(&self) -> Vec<Step> {
        self.parts[..self.len as usize]
            .iter()
            .map(|p| match *p {
                Part::Enter => Step::Enter,
                Part::BearOff => Step::BearOff,
                Part::Advance {
                    from,
                    twins,
                    throws,
                } => Step::Advance {
                    from,
                    twins,
                    throws: throws.throws(),
                },
            })
            .collect()
    }
}

/// The index of a throw value in [`THROWS`].
fn slot(v: u8) -> usize {
    THROWS.iter().position(|&(x, _)| x == v).unwrap_or(0)
}

/// Bad position or move text.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum AshtapadaError {
    /// Malformed position text.
    #[error("bad Ashtapada position: {0}")]
    Position(String),
    /// Not a move.
    #[error(
        "{0:?} is not a move here: expected 'throw N' while throwing, or one of the listed plans"
    )]
    Illegal(String),
    /// Game over.
    #[error("the game is over")]
    GameOver,
}

#[derive(Clone, PartialEq, Debug)]
enum Phase {
    /// Seed 002 rule 3: each player throws; the highest starts.
    Start(Vec<Option<u8>>),
    Throwing,
    Choosing,
}

/// A game of Ashtapada.
#[derive(Clone, PartialEq, Debug)]
pub struct Ashtapada {
    rules: Ruleset,
    seats: &'static [Seat],
    /// Each seat's path and its last square (the keep or the centre).
    paths: &'static [(Vec<Sq>, Sq)],
    pieces: Board,
    current: usize,
    throws: Vec<u8>,
    phase: Phase,
    plans: Vec<Plan>,
    outcome: Option<Outcome>,
}

impl Ashtapada {
    /// A new game for 2 to 4 players (South and North for two; then West; then East).
    pub fn new(rules: Ruleset, players: usize) -> Ashtapada {
        // the seats and paths of every ruleset and number of players, built once
        type Table = (Vec<Seat>, Vec<(Vec<Sq>, Sq)>);
        static TABLES: std::sync::LazyLock<Vec<Vec<Table>>> = std::sync::LazyLock::new(|| {
            [Ruleset::Kile, Ruleset::AshtaKashte]
                .iter()
                .map(|&rules| {
                    (2..=4)
                        .map(|n| {
                            let seats = Seat::for_players(n);
                            let paths = seats
                                .iter()
                                .map(|&s| match rules {
                                    Ruleset::Kile => kile_path(s),
                                    Ruleset::AshtaKashte => ashta_kashte_path(s),
                                })
                                .collect();
                            (seats, paths)
                        })
                        .collect()
                })
                .collect()
        });
        let table = &TABLES[usize::from(rules == Ruleset::AshtaKashte)][players.clamp(2, 4) - 2];
        let (seats, paths) = (&table.0[..], &table.1[..]);
        let n = seats.len();
        Ashtapada {
            rules,
            pieces: Board::new(rules.pieces()),
            seats,
            paths,
            current: 0,
            throws: Vec::new(),
            phase: Phase::Start(vec![None; n]),
            plans: Vec::new(),
            outcome: None,
        }
    }

    /// The ruleset.
    pub fn rules(&self) -> Ruleset {
        self.rules
    }
    /// The seats in play.
    pub fn seats(&self) -> &[Seat] {
        self.seats
    }
    /// Where each piece of player `p` is.
    pub fn pieces(&self, p: usize) -> &[Spot] {
        self.pieces.seat(p)
    }
    /// The player to act (or to throw).
    pub fn current(&self) -> usize {
        self.current
    }
    /// The throws noted this turn.
    pub fn throws(&self) -> &[u8] {
        &self.throws
    }
    /// The plans open to the player to act.
    pub fn plans(&self) -> &[Plan] {
        &self.plans
    }
    /// The board square of player `p`'s piece at `spot`, if on the board.
    pub fn square(&self, p: usize, spot: Spot) -> Option<Sq> {
        match spot {
            Spot::Path(i) => Some(self.paths[p].0[i as usize]),
            Spot::Keep => Some(self.paths[p].1),
            _ => None,
        }
    }

    fn throw(&mut self, v: u8) {
        if let Phase::Start(starts) = &mut self.phase {
            starts[self.current] = Some(v);
            let n = starts.len();
            // the next seat still to throw, in turn order after the current one
            let next = (1..=n)
                .map(|k| (self.current + k) % n)
                .find(|&p| starts[p].is_none());
            if let Some(p) = next {
                self.current = p;
                return;
            }
            let best = starts.iter().flatten().max().copied().unwrap_or(0);
            let leaders: Vec<usize> = (0..n).filter(|&p| starts[p] == Some(best)).collect();
            if leaders.len() == 1 {
                self.current = leaders[0];
                self.phase = Phase::Throwing;
            } else {
                // a tie: the tied players throw again
                for (p, s) in starts.iter_mut().enumerate() {
                    *s = if leaders.contains(&p) { None } else { Some(0) };
                }
                self.current = leaders[0];
            }
            return;
        }
        self.throws.push(v);
        match self.rules {
            // seed 002 rule 4: throw "until a two or three is thrown"
            Ruleset::Kile if v != 2 && v != 3 => {}
            _ => self.end_series(),
        }
    }

    fn end_series(&mut self) {
        let p = self.current;
        if self.rules == Ruleset::Kile
            && !self
                .pieces
                .seat(p)
                .iter()
                .any(|s| matches!(s, Spot::Path(_) | Spot::Keep))
        {
            // seed 002 rule 7: with no piece on the board, throws before a 1 are discarded
            let first_one = self
                .throws
                .iter()
                .position(|&t| t == 1)
                .unwrap_or(self.throws.len());
            self.throws.drain(..first_one);
        }
        let mut plans = std::mem::take(&mut self.plans);
        plans.clear();
        match self.rules {
            Ruleset::Kile => self.kile_plans(&mut plans),
            Ruleset::AshtaKashte => self.ashta_kashte_plans(&mut plans),
        }
        self.plans = plans;
        if self.plans.iter().all(Plan::is_pass) {
            // nothing can be played: the turn passes
            self.plans.clear();
            self.next_turn(false);
        } else {
            self.phase = Phase::Choosing;
        }
    }

    fn next_turn(&mut self, again: bool) {
        self.throws.clear();
        self.plans.clear();
        self.phase = Phase::Throwing;
        if !again {
            self.current = (self.current + 1) % self.seats.len();
        }
    }

    fn choose(&mut self, i: usize) {
        let plan = self.plans[i];
        self.pieces = plan.pieces;
        if let Some(o) = self.winner() {
            self.outcome = Some(o);
            self.plans.clear();
            self.throws.clear();
            return;
        }
        // seed 002 rule 19: "After capturing, a player is granted another turn"
        self.next_turn(plan.captured && self.rules == Ruleset::Kile);
    }

    /// The outcome once a player has finished: kile, every piece borne off (rule 27);
    /// Ashta-kashte, every piece on the centre square.
    fn winner(&self) -> Option<Outcome> {
        let p = (0..self.seats.len()).find(|&p| {
            self.pieces.seat(p).iter().all(|&s| match self.rules {
                Ruleset::Kile => s == Spot::Off,
                Ruleset::AshtaKashte => s == Spot::Keep,
            })
        })?;
        let mut payoffs = vec![0.0; self.seats.len()];
        payoffs[p] = 1.0;
        let why = match self.rules {
            Ruleset::Kile => "bore off every piece",
            Ruleset::AshtaKashte => "brought every piece to the centre",
        };
        Some(Outcome {
            payoffs,
            reason: format!("{} {why}", self.seats[p].name()),
        })
    }

    /// Pieces of players other than `p` on board square `s`, per player.
    fn others_on(&self, pieces: &Board, p: usize, s: Sq) -> Others {
        let mut out = Others([0; 4]);
        for q in 0..self.seats.len() {
            if q == p {
                continue;
            }
            let path = &self.paths[q].0;
            for (i, spot) in pieces.seat(q).iter().enumerate() {
                if let Spot::Path(j) = spot {
                    if path[*j as usize] == s {
                        out.0[q] |= 1 << i;
                    }
                }
            }
        }
        out
    }

    /// Resolves a landing of `movers` pieces of player `p` on path index `to`: captures
    /// (returns whether any) by the game's rules.
    fn land(&self, pieces: &mut Board, p: usize, movers: usize, to: u8) -> bool {
        let s = self.paths[p].0[to as usize];
        if marked(s) {
            // seed 002 rule 15: a piece on an X square is safe (they share it)
            return false;
        }
        let mut captured = false;
        let others = self.others_on(pieces, p, s);
        for (q, mask) in others.groups() {
            // rule 20: twins are captured only by twins; a single shares their square
            // (Ashta-kashte: doubles are captured only by doubles)
            if mask.count_ones() >= 2 && movers < 2 {
                continue;
            }
            Others::send_home(pieces, q, mask);
            captured = true;
        }
        captured
    }

    fn kile_plans(&self, out: &mut Vec<Plan>) {
        let mut left = [0u16; THROWS.len()];
        for &t in &self.throws {
            left[slot(t)] += 1;
        }
        let walk = Walk {
            p: self.current,
            totals: left,
        };
        let mut best = 0;
        self.kile_explore(&walk, &Plan::new(self.pieces), left, 0, 0, out, &mut best);
        // seed 002 rule 13: "Every throw in a series must be used, if possible": the
        // exploration keeps only the plans that use the most throws, once each
    }

    /// Records a plan if it uses at least as many throws as the best so far.
    fn keep_plan(out: &mut Vec<Plan>, best: &mut usize, used: usize, plan: &Plan) {
        if used < *best {
            return;
        }
        if used > *best {
            out.clear();
            *best = used;
        }
        if !out
            .iter()
            .any(|o| o.pieces == plan.pieces && o.captured == plan.captured)
        {
            out.push(*plan);
        }
    }

    /// The throw values still in hand (`left`, counted by value), in the order in which
    /// they first appear among the throws not yet used (a used throw is the earliest of
    /// its value): the order in which plans are explored and their throws written.
    fn value_order(
        &self,
        walk: &Walk,
        left: &[u16; THROWS.len()],
    ) -> ([usize; THROWS.len()], usize) {
        let mut firsts = [(usize::MAX, 0usize); THROWS.len()];
        let mut n = 0;
        for (v, &k) in left.iter().enumerate() {
            if k == 0 {
                continue;
            }
            let skip = (walk.totals[v] - k) as usize;
            let value = THROWS[v].0;
            let at = self
                .throws
                .iter()
                .enumerate()
                .filter(|(_, &t)| t == value)
                .nth(skip)
                .map_or(usize::MAX, |(i, _)| i);
            firsts[n] = (at, v);
            n += 1;
        }
        firsts[..n].sort_unstable();
        let mut order = [0; THROWS.len()];
        for (o, f) in order.iter_mut().zip(&firsts[..n]) {
            *o = f.1;
        }
        (order, n)
    }

    #[allow(clippy::too_many_arguments)]
    fn kile_explore(
        &self,
        walk: &Walk,
        plan: &Plan,
        left: [u16; THROWS.len()],
        moved: u8,
        used: usize,
        out: &mut Vec<Plan>,
        best: &mut usize,
    ) {
        let p = walk.p;
        Self::keep_plan(out, best, used, plan);
        let mine = plan.pieces.seat(p);
        let one = slot(1);
        // rule 6: a piece enters only with a 1, onto the own X square (rule 11: it may then advance)
        if let (Some(i), true) = (mine.iter().position(|&s| s == Spot::Hand), left[one] > 0) {
            let mut next = *plan;
            next.pieces.seat_mut(p)[i] = Spot::Path(0);
            let cap = self.land(&mut next.pieces, p, 1, 0);
            next.captured |= cap;
            if next.push(Part::Enter) {
                let mut rest = left;
                rest[one] -= 1;
                self.kile_explore(walk, &next, rest, moved, used + 1, out, best);
            }
        }
        // rules 25-26: with every piece in the keep (or off), a 1 bears one off
        if mine.iter().all(|&s| s == Spot::Keep || s == Spot::Off) {
            if let (Some(i), true) = (mine.iter().position(|&s| s == Spot::Keep), left[one] > 0) {
                let mut next = *plan;
                next.pieces.seat_mut(p)[i] = Spot::Off;
                if next.push(Part::BearOff) {
                    let mut rest = left;
                    rest[one] -= 1;
                    self.kile_explore(walk, &next, rest, moved, used + 1, out, best);
                }
            }
        }
        let (order, n_values) = self.value_order(walk, &left);
        // rules 8 and 10: a piece (or twins together) moves once, by one throw or a sum
        for i in 0..mine.len() {
            let Spot::Path(at) = mine[i] else { continue };
            if moved >> i & 1 != 0 {
                continue;
            }
            let partner = (0..mine.len())
                .find(|&j| j != i && mine[j] == Spot::Path(at) && moved >> j & 1 == 0);
            let units: &[u8] = match partner {
                Some(j) if j > i => &[1 << i, 1 << i | 1 << j],
                _ => &[1 << i],
            };
            for &unit in units {
                let movers = unit.count_ones() as usize;
                // every non-empty part of the throws in hand, the first value's count
                // changing slowest
                let mut take = [0u16; THROWS.len()];
                'subsets: loop {
                    let mut d = n_values;
                    loop {
                        if d == 0 {
                            break 'subsets;
                        }
                        d -= 1;
                        if take[d] < left[order[d]] {
                            take[d] += 1;
                            break;
                        }
                        take[d] = 0;
                    }
                    let mut run = Run {
                        runs: [(0, 0); THROWS.len()],
                        n: 0,
                    };
                    let (mut sum, mut count) = (0u32, 0usize);
                    let mut rest = left;
                    for (&v, &k) in order[..n_values].iter().zip(&take) {
                        if k > 0 {
                            run.runs[run.n as usize] = (THROWS[v].0, k as u8);
                            run.n += 1;
                            sum += THROWS[v].0 as u32 * k as u32;
                            count += k as usize;
                            rest[v] -= k;
                        }
                    }
                    let target = at as u32 + sum;
                    let mut next = *plan;
                    let seat = next.pieces.seat_mut(p);
                    if target == 60 {
                        // rule 23: the keep only by an exact throw; rule 24: twins there are two pieces
                        for (k, spot) in seat.iter_mut().enumerate() {
                            if unit >> k & 1 != 0 {
                                *spot = Spot::Keep;
                            }
                        }
                    } else if target < 60 {
                        for (k, spot) in seat.iter_mut().enumerate() {
                            if unit >> k & 1 != 0 {
                                *spot = Spot::Path(target as u8);
                            }
                        }
                        let cap = self.land(&mut next.pieces, p, movers, target as u8);
                        next.captured |= cap;
                    } else {
                        continue;
                    }
                    let part = Part::Advance {
                        from: self.paths[p].0[at as usize],
                        twins: movers == 2,
                        throws: run,
                    };
                    if next.push(part) {
                        self.kile_explore(walk, &next, rest, moved | unit, used + count, out, best);
                    }
                }
            }
        }
    }

    fn ashta_kashte_plans(&self, out: &mut Vec<Plan>) {
        let p = self.current;
        let Some(&t) = self.throws.last() else { return };
        let mine = self.pieces.seat(p);
        let mut push = |plan: Plan| {
            if !out.iter().any(|o: &Plan| o.pieces == plan.pieces) {
                out.push(plan);
            }
        };
        // a piece enters on any throw, at path position = throw (seed 001 appendix)
        if let Some(i) = mine.iter().position(|&s| s == Spot::Hand) {
            let to = t - 1;
            if let Some(plan) = self.ak_move(p, 1 << i, None, to as u32, Part::Enter) {
                push(plan);
            }
        }
        for i in 0..mine.len() {
            let Spot::Path(at) = mine[i] else { continue };
            let partner = (0..mine.len()).find(|&j| j != i && mine[j] == Spot::Path(at));
            let mut units = vec![1u8 << i];
            if let Some(j) = partner {
                units.push(1 << i | 1 << j);
            }
            for unit in units {
                let step = Part::Advance {
                    from: self.paths[p].0[at as usize],
                    twins: unit.count_ones() == 2,
                    throws: Run::single(t),
                };
                if let Some(plan) = self.ak_move(p, unit, Some(at), at as u32 + t as u32, step) {
                    push(plan);
                }
            }
        }
    }

    /// An Ashta-kashte move of the pieces in `unit` (a mask) from path index `from`
    /// (None: entering) to `to`.
    fn ak_move(&self, p: usize, unit: u8, from: Option<u8>, to: u32, step: Part) -> Option<Plan> {
        let mut plan = Plan::new(self.pieces);
        plan.push(step);
        let pieces = &mut plan.pieces;
        let set = |pieces: &mut Board, spot: Spot| {
            for (k, s) in pieces.seat_mut(p).iter_mut().enumerate() {
                if unit >> k & 1 != 0 {
                    *s = spot;
                }
            }
        };
        // doubles block single pieces from passing (own and enemy)
        if unit.count_ones() == 1 {
            let lo = from.map_or(0, |f| f as u32 + 1);
            for k in lo..to.min(60) {
                let s = self.paths[p].0[k as usize];
                let own = pieces
                    .seat(p)
                    .iter()
                    .filter(|&&x| x == Spot::Path(k as u8))
                    .count();
                let enemy_double = self.others_on(pieces, p, s).any_double();
                if own >= 2 || enemy_double {
                    return None;
                }
            }
        }
        if to == 60 {
            set(pieces, Spot::Keep);
            return Some(plan);
        }
        if to > 60 {
            // the end square only by a direct throw
            return None;
        }
        let s = self.paths[p].0[to as usize];
        let others = self.others_on(pieces, p, s);
        if marked(s) && !others.is_empty() {
            // "A piece cannot land on an opponent's piece that is on a resting square"
            return None;
        }
        if unit.count_ones() == 1 && others.any_double() {
            // doubles are captured only by doubles
            return None;
        }
        set(pieces, Spot::Path(to as u8));
        for (q, mask) in others.groups() {
            Others::send_home(pieces, q, mask);
        }
        plan.captured = !others.is_empty();
        Some(plan)
    }
}

/// What stays fixed while one turn's plans are explored.
struct Walk {
    /// The player to move.
    p: usize,
    /// The turn's throws, counted by value.
    totals: [u16; THROWS.len()],
}

/// Other players' pieces on one square: a bit mask of piece indices per player.
#[derive(Clone, Copy)]
struct Others([u8; 4]);

impl Others {
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&m| m == 0)
    }
    fn any_double(&self) -> bool {
        self.0.iter().any(|m| m.count_ones() >= 2)
    }
    fn groups(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, &m)| m != 0)
            .map(|(q, &m)| (q, m))
    }
    fn send_home(pieces: &mut Board, q: usize, mask: u8) {
        for (i, spot) in pieces.seat_mut(q).iter_mut().enumerate() {
            if mask >> i & 1 != 0 {
                *spot = Spot::Hand;
            }
        }
    }
}

impl Game for Ashtapada {
    type Move = Move;
    type MoveError = AshtapadaError;

    fn seats(&self) -> usize {
        self.seats.len()
    }
    fn turn(&self) -> Turn {
        match (&self.outcome, &self.phase) {
            (Some(_), _) => Turn::Over,
            (None, Phase::Choosing) => Turn::Seat(self.current),
            _ => Turn::Chance,
        }
    }
    fn legal_moves(&self) -> Vec<Move> {
        if self.turn() != Turn::Seat(self.current) {
            return Vec::new();
        }
        (0..self.plans.len() as u16).map(Move::Plan).collect()
    }
    fn chance_outcomes(&self) -> Vec<(Move, f64)> {
        if self.turn() != Turn::Chance {
            return Vec::new();
        }
        THROWS.iter().map(|&(v, p)| (Move::Throw(v), p)).collect()
    }
    fn random_outcome(&self, dice: &mut crate::game::Dice) -> Option<Move> {
        if self.turn() != Turn::Chance {
            return None;
        }
        dice.pick(&THROWS).map(Move::Throw)
    }
    fn random_move(&self, dice: &mut crate::game::Dice) -> Option<Move> {
        if self.turn() != Turn::Seat(self.current) {
            return None;
        }
        dice.index(self.plans.len()).map(|i| Move::Plan(i as u16))
    }
    fn play(&mut self, m: Move) {
        match m {
            Move::Throw(v) => self.throw(v),
            Move::Plan(i) => self.choose(i as usize),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn move_text(&self, m: Move) -> String {
        match m {
            Move::Throw(v) => format!("throw {v}"),
            Move::Plan(i) => self
                .plans
                .get(i as usize)
                .map_or("?".into(), Ashtapada::plan_text),
        }
    }
    fn parse_move(&self, text: &str) -> Result<Move, AshtapadaError> {
        if self.outcome.is_some() {
            return Err(AshtapadaError::GameOver);
        }
        let t = text.trim();
        if let Some(v) = t
            .strip_prefix("throw ")
            .and_then(|v| v.trim().parse::<u8>().ok())
        {
            if self.turn() == Turn::Chance && THROWS.iter().any(|&(x, _)| x == v) {
                return Ok(Move::Throw(v));
            }
        }
        self.legal_moves()
            .into_iter()
            .find(|&m| self.move_text(m) == t)
            .ok_or_else(|| AshtapadaError::Illegal(t.to_string()))
    }
}
