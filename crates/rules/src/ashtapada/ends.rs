//! Where kile's plans lead, found for random playouts without writing the plans' steps
//! ([`Plan::rank`](super::Plan) orders them as a random choice draws them).

use super::paths::MARKED;
use super::{on_path, pair_key, Ashtapada, Board, Spot, HAND, KEEP, OFF};

/// The longest throw series whose plans a playout finds itself; a longer one (about one
/// series in six million) is handed to play, which lists its plans.
pub(super) const SERIES: usize = 16;

/// A kile series' throws sorted by value, as the search over them needs them: subsets
/// of the throws are bit masks of their positions.
struct Series {
    values: [u8; SERIES],
    /// All the throws.
    full: u32,
    /// The throws of value 1.
    ones: u32,
    /// The throws equal to the one before: a subset takes the first throws of each value
    /// (one mask for each multiset of throws) when none of these is taken without the one
    /// before it.
    same: u32,
}

impl Series {
    fn of(throws: &[u8]) -> Series {
        let mut values = [0u8; SERIES];
        values[..throws.len()].copy_from_slice(throws);
        values[..throws.len()].sort_unstable();
        let (mut ones, mut same) = (0, 0);
        for (i, &v) in values[..throws.len()].iter().enumerate() {
            ones |= u32::from(v == 1) << i;
            same |= u32::from(i > 0 && values[i - 1] == v) << i;
        }
        Series {
            values,
            full: (1 << throws.len()) - 1,
            ones,
            same,
        }
    }
    /// Whether `subset`, beside the throws `taken` already, is the first of its multiset.
    fn first(&self, subset: u32, taken: u32) -> bool {
        subset & self.same & !((taken | subset) << 1) == 0
    }
    /// The sum of the throws in `subset`.
    fn sum(&self, mut subset: u32) -> u32 {
        let mut sum = 0;
        while subset != 0 {
            sum += u32::from(self.values[subset.trailing_zeros() as usize & (SERIES - 1)]);
            subset &= subset - 1;
        }
        sum
    }
}

/// The subsets of a set of throws worth trying: with no `slack`, those holding all the
/// throws of `must`; otherwise all of them (the caller judges each).
struct Subsets {
    must: u32,
    others: u32,
    next: Option<u32>,
}

impl Subsets {
    fn new(set: u32, must: u32, slack: u32) -> Subsets {
        let must = if slack == 0 { must & set } else { 0 };
        let others = set & !must;
        Subsets {
            must,
            others,
            next: Some(others),
        }
    }
}

impl Iterator for Subsets {
    type Item = u32;
    /// From the largest: the other throws' subsets in decreasing order, with `must`.
    fn next(&mut self) -> Option<u32> {
        let o = self.next?;
        self.next = (o != 0).then(|| (o - 1) & self.others);
        Some(self.must | o)
    }
}

/// Where the plans of one kile turn lead, each once, and how many throws the best of
/// them use: first the ends without a capture, then those with one, each ordered by
/// [`Plan::rank`](super::Plan)'s key.
pub(super) struct Ends {
    /// Ends without a capture: the mover's two codes, the lower first, as one number
    /// ([`Board::seat_key`](super::Board)).
    plain: Vec<u16>,
    /// Ends with a capture: the position and its [`Board::key`](super::Board).
    captures: Vec<(u128, Board)>,
    best: u32,
}

impl Ends {
    pub(super) fn new() -> Ends {
        Ends {
            plain: Vec::new(),
            captures: Vec::new(),
            best: 0,
        }
    }
    fn clear(&mut self) {
        self.plain.clear();
        self.captures.clear();
    }
    pub(super) fn len(&self) -> usize {
        self.plain.len() + self.captures.len()
    }
    /// Moves player `p`'s `pieces` (the turn's start) to end `i`; whether it captured.
    pub(super) fn play(&self, i: usize, pieces: &mut Board, p: usize) -> bool {
        match self.plain.get(i) {
            Some(&key) => {
                *pieces = pieces.in_order();
                pieces.codes[p][..2].copy_from_slice(&key.to_le_bytes());
                false
            }
            None => {
                *pieces = self.captures[i - self.plain.len()].1;
                true
            }
        }
    }
    /// Notes an end without a capture, by its key.
    fn note_plain(&mut self, key: u16) {
        // kept in order, each once
        if let Err(at) = self.plain.binary_search(&key) {
            self.plain.insert(at, key);
        }
    }
    /// Orders the ends found (none if no throw could be used: the turn passes).
    fn finish(&mut self) {
        if self.best == 0 {
            self.clear();
        }
        self.captures.sort_unstable_by_key(|e| e.0);
    }
    /// Whether an end using `used` throws counts: none found so far uses more (ends
    /// using fewer are forgotten).
    #[inline(always)]
    fn counts(&mut self, used: u32) -> bool {
        if used > self.best {
            self.clear();
            self.best = used;
        }
        used == self.best
    }
}

impl Ashtapada {
    /// Kile: where the plans for the series `throws` lead (seed 002 rules 6-26; rule 7's
    /// discarding done): the ends of [`Ashtapada::plans`], found without writing the
    /// plans' steps. None when no throw can be used (the turn passes). `enemies` holds at
    /// least the other players' squares.
    pub(super) fn kile_ends(
        &self,
        pieces: &Board,
        p: usize,
        throws: &[u8],
        enemies: u64,
        ends: &mut Ends,
    ) {
        ends.clear();
        ends.best = 0;
        let s = Series::of(throws);
        let turn = Start {
            pieces,
            captured: false,
            p,
            enemies,
        };
        if let [t] = *throws {
            if t != 1 {
                // a single throw (most series): no entry, no bearing off
                self.kile_single_ends(&s, &turn, ends);
                return;
            }
        }
        if self.kile_full_ends(&s, &turn, ends) {
            ends.finish();
            return;
        }
        let n = s.full.count_ones();
        let in_hand = pieces.seat(p).iter().filter(|&&c| c == HAND).count() as u32;
        // a plan enters first, then advances each piece (or twins together) once, then
        // bears off: any order of its steps leads to where this one does
        for entries in 0..=in_hand.min(s.ones.count_ones()) {
            // rule 6: a piece enters with a 1 (the 1s are the first throws), onto the own
            // X square
            let entered = (1u32 << entries) - 1;
            let (start, captured) = self.kile_entered(pieces, p, entries, enemies);
            let free = s.full & !entered;
            let [c0, c1] = [start.codes[p][0], start.codes[p][1]];
            let twins = c0 == c1 && on_path(c0).is_some();
            // a throw other than a 1 that no piece advances by is lost (a 1 may still
            // bear a piece off): a plan losing more than the best plan so far uses
            // is not looked at
            let lost = |kept: u32| (s.full & !s.ones & free & !kept).count_ones();
            let slack = |ends: &Ends| n.saturating_sub(ends.best);
            let from = Start {
                pieces: &start,
                captured,
                p,
                enemies,
            };
            // rules 8 and 10: each piece advances once by a part of the throws left
            let firsts = if on_path(c0).is_some() { free } else { 0 };
            let must = if on_path(c1).is_some() { 0 } else { free };
            for a in Subsets::new(firsts, must & !s.ones, slack(ends)) {
                if !s.first(a, entered) {
                    continue;
                }
                let seconds = if on_path(c1).is_some() { free & !a } else { 0 };
                for b in Subsets::new(seconds, seconds & !s.ones, slack(ends)) {
                    // twins apart: the other piece's moves alone are the same ends
                    if lost(a | b) <= slack(ends)
                        && s.first(b, entered | a)
                        && !(twins && b != 0 && a == 0)
                    {
                        self.kile_end(&s, &from, [a, b], false, entered | a | b, ends);
                    }
                }
                // rule 10: twins move together
                if twins && a != 0 && lost(a) <= slack(ends) {
                    self.kile_end(&s, &from, [a, 0], true, entered | a, ends);
                }
            }
        }
        ends.finish();
    }

    /// Player `p`'s `pieces` after `entries` pieces enter from the hand onto the own X
    /// square (rule 6; path index 0), and whether a landing there captured.
    #[inline(always)]
    fn kile_entered(&self, pieces: &Board, p: usize, entries: u32, enemies: u64) -> (Board, bool) {
        let mut start = *pieces;
        let mut captured = false;
        for _ in 0..entries {
            if let Some(i) = start.seat(p).iter().position(|&c| c == HAND) {
                start.seat_mut(p)[i] = Spot::Path(0).code();
                captured |= self.land(&mut start, p, 1, 0, enemies);
            }
        }
        (start, captured)
    }

    /// [`Ashtapada::kile_ends`] when some plan uses every throw and no piece can be
    /// borne off this turn (a piece cannot reach the keep): after the entries, the first
    /// piece advances by the sum of any part of the throws left and the second by the
    /// rest (or twins together by all). False, with nothing noted, otherwise.
    fn kile_full_ends(&self, s: &Series, turn: &Start, ends: &mut Ends) -> bool {
        let (pieces, p, enemies) = (turn.pieces, turn.p, turn.enemies);
        let total = s.sum(s.full);
        let codes = [pieces.codes[p][0], pieces.codes[p][1]];
        let may_keep = |c: u8| c == KEEP || c == OFF || u32::from(KEEP - c) <= total;
        let entry_fights = enemies & !MARKED & self.paths[p].code_bit[1] != 0;
        if codes.iter().all(|&c| may_keep(c)) || entry_fights || total >= 128 {
            return false;
        }
        let n = s.full.count_ones();
        let in_hand = codes.iter().filter(|&&c| c == HAND).count() as u32;
        for entries in 0..=in_hand.min(s.ones.count_ones()) {
            // rule 6: entries with the first 1s (none can capture here)
            let (start, _) = self.kile_entered(pieces, p, entries, enemies);
            let now = [start.codes[p][0], start.codes[p][1]];
            let from = Start {
                pieces: &start,
                captured: false,
                p,
                enemies,
            };
            // the sum of every part of the throws left, as a mask of sums
            let (mut left, mut sums) = (s.full & !((1 << entries) - 1), 1u128);
            while left != 0 {
                sums |= sums << s.values[left.trailing_zeros() as usize & (SERIES - 1)];
                left &= left - 1;
            }
            let rest = total - entries;
            while sums != 0 {
                let first = sums.trailing_zeros();
                sums &= sums - 1;
                let advances = [first, rest - first];
                let moves = |i: usize| advances[i] == 0 || on_path(now[i]).is_some();
                if moves(0) && moves(1) {
                    self.kile_land(&from, advances, false, n, 0, ends);
                }
            }
            if now[0] == now[1] && on_path(now[0]).is_some() {
                // rule 10: twins move together
                self.kile_land(&from, [rest, 0], true, n, 0, ends);
            }
        }
        ends.best == n
    }

    /// [`Ashtapada::kile_ends`] for a series of one throw other than a 1: each piece on
    /// the path advances by it (of twins, one alone or both together).
    fn kile_single_ends(&self, s: &Series, turn: &Start, ends: &mut Ends) {
        let [c0, c1] = [turn.pieces.codes[turn.p][0], turn.pieces.codes[turn.p][1]];
        if on_path(c0).is_some() {
            self.kile_end(s, turn, [1, 0], false, 1, ends);
            if c1 == c0 {
                self.kile_end(s, turn, [1, 0], true, 1, ends);
            }
        }
        if on_path(c1).is_some() && c1 != c0 {
            self.kile_end(s, turn, [0, 1], false, 1, ends);
        }
        ends.finish();
    }

    /// Notes where a kile plan leads: from `from`, player `p`'s first piece advances by
    /// the throws of subset `by[0]` and the second by those of `by[1]` (or, `twins`,
    /// both by `by[0]`), then as many pieces as the 1s left allow are borne off (rules
    /// 25-26); `taken` holds the throws the entries and advances use.
    #[inline(always)]
    fn kile_end(
        &self,
        s: &Series,
        from: &Start,
        by: [u32; 2],
        twins: bool,
        taken: u32,
        ends: &mut Ends,
    ) {
        let ones_left = (s.ones & !taken).count_ones();
        let used = taken.count_ones();
        if used + ones_left < ends.best {
            return;
        }
        let advances = [s.sum(by[0]), s.sum(by[1])];
        self.kile_land(from, advances, twins, used, ones_left, ends);
    }

    /// Notes where a kile plan leads: from `from`, player `p`'s pieces advance by
    /// `advances` (or, `twins`, both by the first), then as many pieces as the
    /// `ones_left` allow are borne off (rules 25-26); the entries and advances use `used`
    /// throws.
    #[inline(always)]
    fn kile_land(
        &self,
        from: &Start,
        advances: [u32; 2],
        twins: bool,
        used: u32,
        ones_left: u32,
        ends: &mut Ends,
    ) {
        let p = from.p;
        let track = &self.paths[p];
        let mut codes = [from.pieces.codes[p][0], from.pieces.codes[p][1]];
        // the pieces that moved to a square where another player's piece may be
        let mut fights = 0u8;
        for (i, &by) in advances.iter().enumerate() {
            if by == 0 {
                continue;
            }
            // a piece given throws is on the path (its code is its path index + 1)
            let to = u32::from(codes[i]) + by;
            if to > u32::from(KEEP) {
                // rule 23: the keep (index 60) only by an exact throw
                return;
            }
            codes[i] = to as u8;
            if from.enemies & !MARKED & track.code_bit[to as usize & 63] != 0 {
                fights |= 1 << i;
            }
        }
        if twins {
            // rule 24: twins in the keep are two pieces there
            codes[1] = codes[0];
        }
        let mut used = used;
        // rules 25-26: with every piece in the keep (or off), each 1 bears one off
        if codes.iter().all(|&c| c == KEEP || c == OFF) {
            let mut ones = ones_left;
            for c in &mut codes {
                if *c == KEEP && ones > 0 {
                    *c = OFF;
                    ones -= 1;
                    used += 1;
                }
            }
        }
        if !ends.counts(used) {
            return;
        }
        if fights == 0 && !from.captured {
            ends.note_plain(pair_key(codes[0], codes[1]));
            return;
        }
        let mut pieces = *from.pieces;
        pieces.codes[p][..2].copy_from_slice(&codes);
        let mut captured = from.captured;
        for (i, &code) in codes.iter().enumerate() {
            if fights >> i & 1 != 0 {
                let movers = if twins { 2 } else { 1 };
                captured |= self.land(&mut pieces, p, movers, code - 1, from.enemies);
            }
        }
        if !captured {
            // the pieces there share the square
            ends.note_plain(pair_key(codes[0], codes[1]));
            return;
        }
        let pieces = pieces.in_order();
        let key = pieces.key();
        if !ends.captures.iter().any(|e| e.0 == key) {
            ends.captures.push((key, pieces));
        }
    }
}

/// Where a kile plan's advances start: the position after its entries.
struct Start<'a> {
    pieces: &'a Board,
    /// Whether the entries captured.
    captured: bool,
    /// The player to move.
    p: usize,
    /// At least the other players' squares.
    enemies: u64,
}

#[cfg(test)]
mod tests {
    use super::super::{Move, Phase, Plan, Ruleset};
    use super::*;
    use crate::game::{play_randomly, Dice, Game, Turn};

    /// The ends a playout draws among are the ends of the plans play lists, in the order
    /// in which a random choice draws the plans (seed 002 rules 6-26 as
    /// [`Ashtapada::plans`] reads them), for series of every length up to eleven.
    #[test]
    fn kile_ends_are_the_ends_of_the_listed_plans() {
        let mut compared = 0;
        for players in 2..=4 {
            for seed in 0..30 {
                let mut g = Ashtapada::new(Ruleset::Kile, players);
                let mut dice = Dice::new(seed);
                let mut ends = Ends::new();
                for _ in 0..2_000 {
                    if g.turn() == Turn::Over {
                        break;
                    }
                    if g.phase == Phase::Throwing && g.throws.is_empty() {
                        // a series of 1s, 4s and 8s ended by a 2 or a 3 (rule 4)
                        let len = 1 + dice.index(11).unwrap_or(0);
                        let mut series: Vec<u8> = (1..len)
                            .map(|_| [1, 4, 8, 1][dice.index(4).unwrap_or(0)])
                            .collect();
                        series.push([2, 3][dice.index(2).unwrap_or(0)]);
                        let mut listed = g.clone();
                        for &t in &series {
                            listed.play(Move::Throw(t));
                        }
                        let mut expected: Vec<&Plan> = match listed.phase {
                            Phase::Choosing => listed.plans.iter().collect(),
                            _ => Vec::new(),
                        };
                        expected.sort_by_key(|plan| plan.rank());
                        let (p, pieces) = (g.current, g.pieces);
                        g.kile_series_ends(&pieces, p, &series, &mut ends);
                        let found: Vec<(Board, bool)> = (0..ends.len())
                            .map(|i| {
                                let mut end = pieces;
                                let captured = ends.play(i, &mut end, p);
                                (end, captured)
                            })
                            .collect();
                        let listed: Vec<(Board, bool)> = expected
                            .iter()
                            .map(|plan| (plan.pieces, plan.captured))
                            .collect();
                        assert_eq!(found, listed, "{} then {series:?}", g.text());
                        compared += usize::from(found.len() > 1);
                    }
                    play_randomly(&mut g, &mut dice, 1);
                }
            }
        }
        assert!(compared > 1_000, "only {compared} series with a choice");
    }
}
