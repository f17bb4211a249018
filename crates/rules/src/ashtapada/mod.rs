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

/// A plan: steps for the throws of a turn and the position they lead to.
#[derive(Clone, PartialEq, Debug)]
pub struct Plan {
    /// The steps in order.
    pub steps: Vec<Step>,
    pieces: Vec<Vec<Spot>>,
    captured: bool,
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
    seats: Vec<Seat>,
    paths: Vec<(Vec<Sq>, Sq)>,
    pieces: Vec<Vec<Spot>>,
    current: usize,
    throws: Vec<u8>,
    phase: Phase,
    plans: Vec<Plan>,
    outcome: Option<Outcome>,
}

impl Ashtapada {
    /// A new game for 2 to 4 players (South and North for two; then West; then East).
    pub fn new(rules: Ruleset, players: usize) -> Ashtapada {
        let seats = Seat::for_players(players.clamp(2, 4));
        let paths = seats
            .iter()
            .map(|&s| match rules {
                Ruleset::Kile => kile_path(s),
                Ruleset::AshtaKashte => ashta_kashte_path(s),
            })
            .collect();
        let n = seats.len();
        Ashtapada {
            rules,
            pieces: vec![vec![Spot::Hand; rules.pieces()]; n],
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
        &self.seats
    }
    /// Where each piece of player `p` is.
    pub fn pieces(&self, p: usize) -> &[Spot] {
        &self.pieces[p]
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
            && !self.pieces[p]
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
        self.plans = match self.rules {
            Ruleset::Kile => self.kile_plans(),
            Ruleset::AshtaKashte => self.ashta_kashte_plans(),
        };
        if self.plans.iter().all(|pl| pl.steps.is_empty()) {
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
        let plan = self.plans[i].clone();
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
            self.pieces[p].iter().all(|&s| match self.rules {
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
    fn others_on(pieces: &[Vec<Spot>], paths: &[(Vec<Sq>, Sq)], p: usize, s: Sq) -> Others {
        let mut out = Others([0; 4]);
        for (q, list) in pieces.iter().enumerate() {
            if q == p {
                continue;
            }
            for (i, spot) in list.iter().enumerate() {
                if let Spot::Path(j) = spot {
                    if paths[q].0[*j as usize] == s {
                        out.0[q] |= 1 << i;
                    }
                }
            }
        }
        out
    }

    /// Resolves a landing of `movers` pieces of player `p` on path index `to`: captures
    /// (returns whether any) by the game's rules.
    fn land(&self, pieces: &mut [Vec<Spot>], p: usize, movers: usize, to: u8) -> bool {
        let s = self.paths[p].0[to as usize];
        if marked(s) {
            // seed 002 rule 15: a piece on an X square is safe (they share it)
            return false;
        }
        let mut captured = false;
        let others = Self::others_on(pieces, &self.paths, p, s);
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

    fn kile_plans(&self) -> Vec<Plan> {
        let p = self.current;
        let mut found: Vec<(usize, Plan)> = Vec::new();
        let start = Plan {
            steps: Vec::new(),
            pieces: self.pieces.clone(),
            captured: false,
        };
        let mut moved = vec![false; self.rules.pieces()];
        self.kile_explore(p, start, self.throws.clone(), &mut moved, 0, &mut found);
        // seed 002 rule 13: "Every throw in a series must be used, if possible": the
        // exploration keeps only the plans that use the most throws, once each
        found.into_iter().map(|(_, plan)| plan).collect()
    }

    /// Records a plan if it uses at least as many throws as the best so far.
    fn keep_plan(out: &mut Vec<(usize, Plan)>, used: usize, plan: &Plan) {
        let best = out.first().map_or(0, |(u, _)| *u);
        if used < best {
            return;
        }
        if used > best {
            out.clear();
        }
        if !out
            .iter()
            .any(|(_, o)| o.pieces == plan.pieces && o.captured == plan.captured)
        {
            out.push((used, plan.clone()));
        }
    }

    fn kile_explore(
        &self,
        p: usize,
        plan: Plan,
        left: Vec<u8>,
        moved: &mut Vec<bool>,
        used: usize,
        out: &mut Vec<(usize, Plan)>,
    ) {
        Self::keep_plan(out, used, &plan);
        let mine = &plan.pieces[p];
        let take = |left: &[u8], v: u8| -> Option<Vec<u8>> {
            let i = left.iter().position(|&t| t == v)?;
            let mut l = left.to_vec();
            l.remove(i);
            Some(l)
        };
        // rule 6: a piece enters only with a 1, onto the own X square (rule 11: it may then advance)
        if let (Some(i), Some(rest)) = (mine.iter().position(|&s| s == Spot::Hand), take(&left, 1))
        {
            let mut next = plan.clone();
            next.pieces[p][i] = Spot::Path(0);
            let cap = self.land(&mut next.pieces, p, 1, 0);
            next.captured |= cap;
            next.steps.push(Step::Enter);
            self.kile_explore(p, next, rest, moved, used + 1, out);
        }
        // rules 25-26: with every piece in the keep (or off), a 1 bears one off
        if mine.iter().all(|&s| s == Spot::Keep || s == Spot::Off) {
            if let (Some(i), Some(rest)) =
                (mine.iter().position(|&s| s == Spot::Keep), take(&left, 1))
            {
                let mut next = plan.clone();
                next.pieces[p][i] = Spot::Off;
                next.steps.push(Step::BearOff);
                self.kile_explore(p, next, rest, moved, used + 1, out);
            }
        }
        // rules 8 and 10: a piece (or twins together) moves once, by one throw or a sum
        for i in 0..mine.len() {
            let Spot::Path(at) = mine[i] else { continue };
            if moved[i] {
                continue;
            }
            let partner =
                (0..mine.len()).find(|&j| j != i && mine[j] == Spot::Path(at) && !moved[j]);
            let units: Vec<Vec<usize>> = match partner {
                Some(j) if j > i => vec![vec![i], vec![i, j]],
                Some(_) => vec![vec![i]],
                None => vec![vec![i]],
            };
            for unit in units {
                for subset in sub_multisets(&left) {
                    let n: u32 = subset.iter().map(|&t| t as u32).sum();
                    let target = at as u32 + n;
                    let mut next = plan.clone();
                    if target == 60 {
                        // rule 23: the keep only by an exact throw; rule 24: twins there are two pieces
                        for &k in &unit {
                            next.pieces[p][k] = Spot::Keep;
                        }
                    } else if target < 60 {
                        for &k in &unit {
                            next.pieces[p][k] = Spot::Path(target as u8);
                        }
                        let cap = self.land(&mut next.pieces, p, unit.len(), target as u8);
                        next.captured |= cap;
                    } else {
                        continue;
                    }
                    next.steps.push(Step::Advance {
                        from: self.paths[p].0[at as usize],
                        twins: unit.len() == 2,
                        throws: subset.clone(),
                    });
                    let mut rest = left.clone();
                    for t in &subset {
                        let pos = rest
                            .iter()
                            .position(|x| x == t)
                            .expect("subset of the throws");
                        rest.remove(pos);
                    }
                    for &k in &unit {
                        moved[k] = true;
                    }
                    self.kile_explore(p, next, rest, moved, used + subset.len(), out);
                    for &k in &unit {
                        moved[k] = false;
                    }
                }
            }
        }
    }

    fn ashta_kashte_plans(&self) -> Vec<Plan> {
        let p = self.current;
        let t = *self.throws.last().expect("a throw");
        let mine = &self.pieces[p];
        let mut out: Vec<Plan> = Vec::new();
        let mut push = |plan: Plan| {
            if !out.iter().any(|o: &Plan| o.pieces == plan.pieces) {
                out.push(plan);
            }
        };
        // a piece enters on any throw, at path position = throw (seed 001 appendix)
        if let Some(i) = mine.iter().position(|&s| s == Spot::Hand) {
            let to = t - 1;
            if let Some(plan) = self.ak_move(p, &[i], None, to as u32, Step::Enter) {
                push(plan);
            }
        }
        for i in 0..mine.len() {
            let Spot::Path(at) = mine[i] else { continue };
            let partner = (0..mine.len()).find(|&j| j != i && mine[j] == Spot::Path(at));
            let mut units = vec![vec![i]];
            if let Some(j) = partner {
                units.push(vec![i, j]);
            }
            for unit in units {
                let step = Step::Advance {
                    from: self.paths[p].0[at as usize],
                    twins: unit.len() == 2,
                    throws: vec![t],
                };
                if let Some(plan) = self.ak_move(p, &unit, Some(at), at as u32 + t as u32, step) {
                    push(plan);
                }
            }
        }
        out
    }

    /// An Ashta-kashte move of `unit` from path index `from` (None: entering) to `to`.
    fn ak_move(
        &self,
        p: usize,
        unit: &[usize],
        from: Option<u8>,
        to: u32,
        step: Step,
    ) -> Option<Plan> {
        let mut pieces = self.pieces.clone();
        // doubles block single pieces from passing (own and enemy)
        if unit.len() == 1 {
            let lo = from.map_or(0, |f| f as u32 + 1);
            for k in lo..to.min(60) {
                let s = self.paths[p].0[k as usize];
                let own = pieces[p]
                    .iter()
                    .filter(|&&x| x == Spot::Path(k as u8))
                    .count();
                let enemy_double = Self::others_on(&pieces, &self.paths, p, s).any_double();
                if own >= 2 || enemy_double {
                    return None;
                }
            }
        }
        if to == 60 {
            for &k in unit {
                pieces[p][k] = Spot::Keep;
            }
            return Some(Plan {
                steps: vec![step],
                pieces,
                captured: false,
            });
        }
        if to > 60 {
            // the end square only by a direct throw
            return None;
        }
        let s = self.paths[p].0[to as usize];
        let others = Self::others_on(&pieces, &self.paths, p, s);
        if marked(s) && !others.is_empty() {
            // "A piece cannot land on an opponent's piece that is on a resting square"
            return None;
        }
        if unit.len() == 1 && others.any_double() {
            // doubles are captured only by doubles
            return None;
        }
        for &k in unit {
            pieces[p][k] = Spot::Path(to as u8);
        }
        let captured = !others.is_empty();
        for (q, mask) in others.groups() {
            Others::send_home(&mut pieces, q, mask);
        }
        Some(Plan {
            steps: vec![step],
            pieces,
            captured,
        })
    }
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
    fn send_home(pieces: &mut [Vec<Spot>], q: usize, mask: u8) {
        for (i, spot) in pieces[q].iter_mut().enumerate() {
            if mask >> i & 1 != 0 {
                *spot = Spot::Hand;
            }
        }
    }
}

/// The distinct non-empty sub-multisets of `items`.
fn sub_multisets(items: &[u8]) -> Vec<Vec<u8>> {
    let mut values: Vec<(u8, usize)> = Vec::new();
    for &t in items {
        match values.iter_mut().find(|(v, _)| *v == t) {
            Some(e) => e.1 += 1,
            None => values.push((t, 1)),
        }
    }
    let mut out = vec![Vec::new()];
    for (v, n) in values {
        let mut next = Vec::new();
        for base in &out {
            for k in 0..=n {
                let mut s = base.clone();
                s.extend(std::iter::repeat_n(v, k));
                next.push(s);
            }
        }
        out = next;
    }
    out.retain(|s| !s.is_empty());
    out
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
