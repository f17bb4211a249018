//! The plans open to a player in kile: the search over the throws of a series (seed
//! 002); and, for both rulesets, where each player's pieces stand and what a landing
//! does.

use super::paths::{Sq, Track, MARKED};
use super::{on_path, slot, Ashtapada, Board, Part, Plan, Run, Spot, HAND, KEEP, OFF, THROWS};

impl Ashtapada {
    /// Pieces of players other than `p` on board square `s`, per player.
    fn others_on(&self, pieces: &Board, p: usize, s: Sq) -> Others {
        let mut out = Others([0; 4]);
        for q in 0..self.seats.len() {
            let j = self.paths[q].index[s as usize];
            if q == p || j == Track::OFF {
                continue;
            }
            for (i, &c) in pieces.seat(q).iter().enumerate() {
                if c == j + 1 {
                    out.0[q] |= 1 << i;
                }
            }
        }
        out
    }

    /// Where player `q`'s pieces stand on the board, as masks of squares.
    pub(super) fn seat_squares(&self, pieces: &Board, q: usize) -> SeatSquares {
        let mut at = SeatSquares { once: 0, twice: 0 };
        // the codes beyond the seat's pieces are in hand: no square
        for &c in &pieces.codes[q] {
            let bit = self.paths[q].code_bit[c as usize & 63];
            at.twice |= at.once & bit;
            at.once |= bit;
        }
        at
    }

    /// The squares of the pieces of players other than `p`.
    pub(super) fn enemy_squares(&self, pieces: &Board, p: usize) -> u64 {
        (0..self.seats.len())
            .filter(|&q| q != p)
            .fold(0, |e, q| e | self.seat_squares(pieces, q).once)
    }

    /// Where every player's pieces stand ([`Ashtapada::seat_squares`]; none for the seats
    /// beyond the players).
    pub(super) fn all_seat_squares(&self, pieces: &Board) -> [SeatSquares; 4] {
        let mut seats = [SeatSquares { once: 0, twice: 0 }; 4];
        for (q, at) in seats.iter_mut().enumerate().take(self.seats.len()) {
            *at = self.seat_squares(pieces, q);
        }
        seats
    }

    /// Resolves a landing of `movers` pieces of player `p` on path index `to`: captures
    /// (returns whether any) by the game's rules. `enemies` holds at least the squares
    /// of the other players' pieces.
    #[inline]
    pub(super) fn land(
        &self,
        pieces: &mut Board,
        p: usize,
        movers: usize,
        to: u8,
        enemies: u64,
    ) -> bool {
        let s = self.paths[p].squares[to as usize];
        self.land_on(pieces, p, movers, 1 << (s & 63), enemies)
    }

    /// As [`Ashtapada::land`], with the square landed on as a mask (empty for a square
    /// where nobody is captured, Ashta-kashte's centre).
    #[inline]
    pub(super) fn land_on(
        &self,
        pieces: &mut Board,
        p: usize,
        movers: usize,
        landing: u64,
        enemies: u64,
    ) -> bool {
        // seed 002 rule 15: a piece on an X square is safe (they share it), and so are
        // Ashta-kashte's resting squares; one test for both, as most landings capture
        // nothing
        if landing & enemies & !MARKED == 0 {
            return false;
        }
        self.capture_on(pieces, p, movers, landing.trailing_zeros() as Sq)
    }

    /// The captures of a landing of `movers` pieces of player `p` on square `s`, where
    /// other players' pieces may stand (see [`Ashtapada::land`]).
    #[inline(never)]
    fn capture_on(&self, pieces: &mut Board, p: usize, movers: usize, s: Sq) -> bool {
        let mut captured = false;
        let others = self.others_on(pieces, p, s);
        for (q, mask) in others.groups() {
            // rule 20: twins are captured only by twins; a single shares their square
            if mask.count_ones() >= 2 && movers < 2 {
                continue;
            }
            Others::send_home(pieces, q, mask);
            captured = true;
        }
        captured
    }

    /// Kile: every plan for the series of throws noted (seed 002 rules 6-26); with
    /// `prune`, orders of advances that reach a position already explored are skipped.
    pub(super) fn kile_plans(&self, out: &mut Vec<Plan>, prune: bool) {
        // the throws counted by value, and where the first few of each value lie
        let mut left = [0u16; THROWS.len()];
        let mut seen = [[u32::MAX; SEEN]; THROWS.len()];
        for (i, &t) in self.throws.iter().enumerate() {
            let v = slot(t);
            if let Some(at) = seen[v].get_mut(left[v] as usize) {
                *at = i as u32;
            }
            left[v] += 1;
        }
        let p = self.current;
        let walk = Walk {
            p,
            totals: left,
            seen,
            // the other players' pieces only leave their squares during the search
            enemies: self.enemy_squares(&self.pieces, p),
            prune,
        };
        let mut best = 0;
        self.kile_explore(
            &walk,
            &Plan::new(self.pieces),
            left,
            0,
            None,
            0,
            out,
            &mut best,
        );
        // seed 002 rule 13: "Every throw in a series must be used, if possible": the
        // exploration keeps only the plans that use the most throws, once each
    }

    /// The throw values still in hand (`left`, counted by value), in the order in which
    /// they first appear among the throws not yet used (a used throw is the earliest of
    /// its value): the order in which plans are explored and their throws written.
    fn value_order(&self, walk: &Walk, left: &[u16; THROWS.len()]) -> (Order, usize) {
        // position in the series, then value, in one number each
        let mut keys = [0u64; THROWS.len()];
        let mut n = 0;
        for (v, &k) in left.iter().enumerate() {
            if k == 0 {
                continue;
            }
            let skip = (walk.totals[v] - k) as usize;
            let at = match walk.seen.get(v).and_then(|s| s.get(skip)) {
                Some(&at) => at as u64,
                None => {
                    let value = THROWS[v].0;
                    self.throws
                        .iter()
                        .enumerate()
                        .filter(|(_, &t)| t == value)
                        .nth(skip)
                        .map_or(u32::MAX as u64, |(i, _)| i as u64)
                }
            };
            let key = at << 3 | v as u64;
            // insertion by position (a handful of values)
            let mut j = n;
            while j > 0 && keys[j - 1] > key {
                keys[j] = keys[j - 1];
                j -= 1;
            }
            keys[j] = key;
            n += 1;
        }
        // the values packed four bits each: an array built here and copied out would
        // be read back wider than it was written, which stalls the processor
        let order = keys[..n]
            .iter()
            .enumerate()
            .fold(0u32, |o, (d, key)| o | ((key & 7) as u32) << (4 * d));
        (Order(order), n)
    }

    /// Records a plan if it uses at least as many throws as the best so far.
    fn keep_plan(out: &mut Vec<Plan>, best: &mut usize, p: usize, used: usize, plan: &Plan) {
        if used < *best {
            return;
        }
        if used > *best {
            out.clear();
            *best = used;
        }
        // a player's pieces are alike: plans that differ only in which of them moved are one
        // without a capture only the mover's pieces differ from the turn's start
        let key = if plan.captured {
            plan.pieces.key()
        } else {
            u128::from(plan.pieces.seat_key(p))
        };
        if !out
            .iter()
            .any(|o| o.key == key && o.captured == plan.captured)
        {
            out.push(Plan {
                key,
                pieces: plan.pieces.in_order(),
                ..*plan
            });
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn kile_explore(
        &self,
        walk: &Walk,
        plan: &Plan,
        left: [u16; THROWS.len()],
        moved: u8,
        advanced: Option<usize>,
        used: usize,
        out: &mut Vec<Plan>,
        best: &mut usize,
    ) {
        let p = walk.p;
        if left == [0; THROWS.len()] {
            // every throw used: the plan is complete
            Self::keep_plan(out, best, p, used, plan);
            return;
        }
        // a plan that can go on is not kept: the plans beyond it use more throws
        let mut went_on = false;
        let mine = plan.pieces.seat(p);
        let one = slot(1);
        // The search tries entries first, then advances by piece: after the advance of
        // piece `advanced`, an entry or an earlier piece's advance (by other throws) was
        // open before it too and leads to the same position, explored already in that order.
        let (entries, first) = match advanced {
            Some(i) if walk.prune => (false, i),
            _ => (true, 0),
        };
        // rule 6: a piece enters only with a 1, onto the own X square (rule 11: it may then advance)
        if let (true, Some(i), true) =
            (entries, mine.iter().position(|&c| c == HAND), left[one] > 0)
        {
            let mut next = *plan;
            next.pieces.seat_mut(p)[i] = Spot::Path(0).code();
            let cap = self.land(&mut next.pieces, p, 1, 0, walk.enemies);
            next.captured |= cap;
            if next.push(Part::Enter) {
                let mut rest = left;
                rest[one] -= 1;
                self.kile_explore(walk, &next, rest, moved, None, used + 1, out, best);
                went_on = true;
            }
        }
        // rules 25-26: with every piece in the keep (or off), a 1 bears one off
        if mine.iter().all(|&c| c == KEEP || c == OFF) {
            if let (Some(i), true) = (mine.iter().position(|&c| c == KEEP), left[one] > 0) {
                let mut next = *plan;
                next.pieces.seat_mut(p)[i] = OFF;
                if next.push(Part::BearOff) {
                    let mut rest = left;
                    rest[one] -= 1;
                    self.kile_explore(walk, &next, rest, moved, None, used + 1, out, best);
                    went_on = true;
                }
            }
        }
        let (order, n_values) = self.value_order(walk, &left);
        // rules 8 and 10: a piece (or twins together) moves once, by one throw or a sum
        for i in first..mine.len() {
            let code = mine[i];
            let Some(at) = on_path(code) else { continue };
            if moved >> i & 1 != 0 {
                continue;
            }
            let partner =
                (0..mine.len()).find(|&j| j != i && mine[j] == code && moved >> j & 1 == 0);
            let units: &[u8] = match partner {
                Some(j) if j > i => &[1 << i, 1 << i | 1 << j],
                _ => &[1 << i],
            };
            for &unit in units {
                let movers = unit.count_ones() as usize;
                // whether a later piece could still advance after this one
                let later = (i + 1..mine.len())
                    .any(|j| on_path(mine[j]).is_some() && (moved | unit) >> j & 1 == 0);
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
                        if take[d] < left[order.at(d)] {
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
                    for (d, &k) in take[..n_values].iter().enumerate() {
                        let v = order.at(d);
                        if k > 0 {
                            run.runs[run.n as usize] = (THROWS[v].0, k as u8);
                            run.n += 1;
                            sum += THROWS[v].0 as u32 * k as u32;
                            count += k as usize;
                            rest[v] -= k;
                        }
                    }
                    let target = at as u32 + sum;
                    if walk.prune
                        && !later
                        && used + count < *best
                        && !(target == 60 && rest[one] > 0)
                    {
                        // nothing could follow this advance (no entry after an advance, no
                        // later piece, no bearing off): a plan short of the best, not kept
                        continue;
                    }
                    if target > 60 {
                        // rule 23: the keep (index 60) only by an exact throw
                        continue;
                    }
                    // rule 24: twins in the keep are two pieces there
                    let mut next = *plan;
                    next.pieces.set_unit(p, unit, target as u8 + 1);
                    if target < 60 {
                        let cap =
                            self.land(&mut next.pieces, p, movers, target as u8, walk.enemies);
                        next.captured |= cap;
                    }
                    let part = Part::Advance {
                        from: self.paths[p].squares[at as usize],
                        twins: movers == 2,
                        throws: run,
                    };
                    if next.push(part) {
                        self.kile_explore(
                            walk,
                            &next,
                            rest,
                            moved | unit,
                            Some(i),
                            used + count,
                            out,
                            best,
                        );
                        went_on = true;
                    }
                }
            }
        }
        if !went_on {
            Self::keep_plan(out, best, p, used, plan);
        }
    }
}

/// Throw values (indices into [`THROWS`]) in order, four bits each.
#[derive(Clone, Copy)]
struct Order(u32);

impl Order {
    fn at(self, d: usize) -> usize {
        (self.0 >> (4 * d) & 0xF) as usize
    }
}

/// How many throws of each value [`Walk::seen`] places (a longer series is scanned).
const SEEN: usize = 8;

/// What stays fixed while one turn's plans are explored.
struct Walk {
    /// The player to move.
    p: usize,
    /// The turn's throws, counted by value.
    totals: [u16; THROWS.len()],
    /// Where the first few throws of each value are in the series.
    seen: [[u32; SEEN]; THROWS.len()],
    /// The squares of the other players' pieces when the turn began.
    enemies: u64,
    /// Whether to skip the orders of advances that reach an explored position.
    prune: bool,
}

/// Where one player's pieces stand, as masks of board squares.
#[derive(Clone, Copy)]
pub(super) struct SeatSquares {
    /// The squares with a piece.
    pub(super) once: u64,
    /// The squares with two or more.
    pub(super) twice: u64,
}

/// Other players' pieces on one square: a bit mask of piece indices per player.
#[derive(Clone, Copy)]
pub(super) struct Others([u8; 4]);

impl Others {
    fn groups(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, &m)| m != 0)
            .map(|(q, &m)| (q, m))
    }
    fn send_home(pieces: &mut Board, q: usize, mask: u8) {
        for (i, c) in pieces.seat_mut(q).iter_mut().enumerate() {
            if mask >> i & 1 != 0 {
                *c = HAND;
            }
        }
    }
}
