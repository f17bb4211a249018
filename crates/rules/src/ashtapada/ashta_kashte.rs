//! Ashta-kashte's moves (seed 001 appendix): a throw moves one piece, or a pair standing
//! together, along the spiral; doubles block single pieces from passing and are captured
//! only by doubles; a piece on a resting square cannot be landed on.
//!
//! A move is found in two stages: the candidates, which depend only on where the
//! mover's own pieces stand (one table look-up), and the check of each candidate against
//! the throw and the other pieces. A random choice checks only the candidate it draws
//! ([`Ashtapada::ak_random`]).

use super::paths::{Hop, MARKED};
use super::plans::SeatSquares;
use super::{on_path, slot, Ashtapada, Board, Code, Part, Plan, Run, KEEP};
use crate::game::Dice;

impl Ashtapada {
    /// Where the pieces stand, seen by player `p`.
    fn crowd(&self, pieces: &Board, p: usize) -> Crowd {
        Crowd::of(&self.all_seat_squares(pieces)[..self.seats.len()], p)
    }

    /// Player `p`'s candidate moves, for any throw, in the order moves are listed: the
    /// entry of the first piece in hand, then each piece on the path that is the first
    /// of the player's pieces on its square, alone and then with the next one there (a
    /// player's pieces are alike, so no two moves lead to the same position).
    #[inline(always)]
    fn ak_candidates(pieces: &Board, p: usize) -> AkMoves {
        let w = u64::from(u32::from_le_bytes(pieces.codes[p]));
        let table = AK_CANDIDATES[candidate_pattern(w)];
        let in_hand = !at_least(w, 1) & HIGH;
        if in_hand == 0 {
            return table;
        }
        // a piece enters on any throw, at path position = throw (seed 001 appendix)
        AkMoves {
            units: 1 << (in_hand.trailing_zeros() / 8) | table.units << 8,
            n: table.n + 1,
        }
    }

    /// Whether the candidate move of player `p`'s pieces in `unit` (a mask of piece
    /// indices) is a move for the throw of index `slot` in [`THROWS`].
    ///
    /// [`THROWS`]: super::THROWS
    #[inline(always)]
    fn ak_allows(&self, pieces: &Board, p: usize, slot: usize, crowd: &Crowd, unit: u8) -> bool {
        // a piece's code plus the throw is the code of where it lands, from the hand too
        let from = pieces.codes[p][unit.trailing_zeros() as usize & 3];
        let hop = &self.paths[p].hops[from as usize & 63][slot];
        crowd.allows(hop, unit.count_ones() == 1)
    }

    /// Ashta-kashte: every move of player `p` (seed 001 appendix) for the throw of index
    /// `slot` in [`THROWS`](super::THROWS), in the order they are listed, each as the
    /// pieces that move (a mask of piece indices).
    pub(super) fn ak_moves(&self, pieces: &Board, p: usize, slot: usize, crowd: &Crowd) -> AkMoves {
        let candidates = Self::ak_candidates(pieces, p);
        let mut moves = AkMoves { units: 0, n: 0 };
        for unit in candidates.iter() {
            if self.ak_allows(pieces, p, slot, crowd, unit) {
                moves.units |= u32::from(unit) << (8 * moves.n);
                moves.n += 1;
            }
        }
        moves
    }

    /// A move of player `p` for the throw of index `slot` drawn uniformly from `dice`
    /// (as the pieces that move), `None` when there is none (then nothing is drawn).
    ///
    /// One of the candidates is drawn; when the check refuses it, one of the moves. Each
    /// of n moves among c candidates is then drawn with probability 1/c directly and
    /// (c - n)/c * 1/n through the second draw: 1/n in all. Most turns check one
    /// candidate only.
    #[inline(always)]
    pub(super) fn ak_random(
        &self,
        pieces: &Board,
        p: usize,
        slot: usize,
        crowd: &Crowd,
        dice: &mut Dice,
    ) -> Option<u8> {
        let candidates = Self::ak_candidates(pieces, p);
        // drawn on a copy of the dice, kept once there is a move to choose: a turn
        // without a move passes without a draw, as in play
        let mut draw = dice.clone();
        let unit = candidates.unit(draw.index(candidates.n as usize)?);
        if self.ak_allows(pieces, p, slot, crowd, unit) {
            *dice = draw;
            return Some(unit);
        }
        let moves = self.ak_moves(pieces, p, slot, crowd);
        if moves.n == 0 {
            return None;
        }
        *dice = draw;
        dice.index(moves.n as usize).map(|i| moves.unit(i))
    }

    /// [`Ashtapada::ak_random`] for the throw just made, as the number of the plan.
    pub(super) fn ak_random_plan(&self, dice: &mut Dice) -> Option<usize> {
        let (p, t) = (self.current, *self.throws.last()?);
        let crowd = self.crowd(&self.pieces, p);
        let unit = self.ak_random(&self.pieces, p, slot(t), &crowd, dice)?;
        let moves = self.ak_moves(&self.pieces, p, slot(t), &crowd);
        moves.iter().position(|u| u == unit)
    }

    /// Plays the Ashta-kashte move of player `p`'s pieces in `unit` (a mask) for the
    /// throw of index `slot` in [`THROWS`](super::THROWS) on `pieces`; `enemies` holds at
    /// least the other players' squares. Whether it captured.
    #[inline(always)]
    pub(super) fn ak_play(
        &self,
        pieces: &mut Board,
        p: usize,
        unit: u8,
        slot: usize,
        enemies: u64,
    ) -> bool {
        let from = pieces.codes[p][unit.trailing_zeros() as usize & 3];
        let hop = self.paths[p].hops[from as usize & 63][slot];
        pieces.set_unit(p, unit, hop.to);
        // the centre (no landing square) is safe for every piece
        self.land_on(pieces, p, unit.count_ones() as usize, hop.landing, enemies)
    }

    /// Ashta-kashte: every move for the throw just made, as plans.
    pub(super) fn ashta_kashte_plans(&self, out: &mut Vec<Plan>) {
        let p = self.current;
        let Some(&t) = self.throws.last() else { return };
        let crowd = self.crowd(&self.pieces, p);
        let moves = self.ak_moves(&self.pieces, p, slot(t), &crowd);
        for unit in moves.iter() {
            let mut plan = Plan::new(self.pieces);
            let code = self.pieces.codes[p][unit.trailing_zeros() as usize & 3];
            plan.push(match on_path(code) {
                None => Part::Enter,
                Some(at) => Part::Advance {
                    from: self.paths[p].squares[at as usize],
                    twins: unit.count_ones() == 2,
                    throws: Run::single(t),
                },
            });
            plan.captured = self.ak_play(&mut plan.pieces, p, unit, slot(t), crowd.enemies);
            out.push(plan);
        }
    }
}

/// One in each byte of a seat's four codes read as one number.
const LANES: u64 = 0x0101_0101;

/// The top bit of each byte of a seat's four codes read as one number.
const HIGH: u64 = LANES * 0x80;

/// The top bit of each byte of a seat's four codes `w` (read as one number) whose code
/// is at least `c` (codes are below 64: no byte's sum carries into the next).
#[inline(always)]
fn at_least(w: u64, c: Code) -> u64 {
    (w + LANES * (0x80 - u64::from(c))) & HIGH
}

/// Gathers the low bit of each byte of a number into the top byte (byte `k` to bit `56 + k`).
const GATHER: u64 = 0x0102_0408_1020_4080;

/// The bit of a candidate pattern telling that pieces `a < b` stand on different spots.
const fn differ_bit(a: usize, b: usize) -> usize {
    match (a, b) {
        (0, 1) => 0,
        (1, 2) => 1,
        (2, 3) => 2,
        (0, 3) => 3,
        (0, 2) => 4,
        _ => 5,
    }
}

/// The pattern of a seat's four codes `w` (read as one number, little-endian) that
/// decides its candidates: which pairs of pieces stand on different spots (six bits, by
/// [`differ_bit`]), then which pieces are on the path (four bits).
#[inline(always)]
fn candidate_pattern(w: u64) -> usize {
    // the exclusive ors are below 64, so no byte's sum below carries into the next
    // the codes twice over, so that each piece has a neighbour one and two bytes up
    let twice = w | w << 32;
    let neighbours = (twice ^ twice >> 8) & 0xFFFF_FFFF; // pieces 0-1, 1-2, 2-3, 3-0
    let apart = (twice ^ twice >> 16) & 0xFFFF; // 0-2, 1-3
    let xors = neighbours | apart << 32;
    let differ = ((xors + 0x7F7F_7F7F_7F7F) & 0x8080_8080_8080) >> 7;
    let on_path = (at_least(w, 1) & !at_least(w, KEEP)) >> 7;
    (differ.wrapping_mul(GATHER) >> 56) as usize
        | ((on_path.wrapping_mul(GATHER) >> 56) as usize) << 6
}

/// Whether pattern `pattern` tells that pieces `a < b` stand on the same spot.
const fn same(pattern: usize, a: usize, b: usize) -> bool {
    pattern >> differ_bit(a, b) & 1 == 0
}

/// [`Ashtapada::ak_candidates`] of the pieces on the path, by [`candidate_pattern`].
static AK_CANDIDATES: [AkMoves; 1024] = {
    let mut table = [AkMoves { units: 0, n: 0 }; 1024];
    let mut pattern = 0;
    while pattern < 1024 {
        let mut moves = AkMoves { units: 0, n: 0 };
        let mut i = 0;
        while i < 4 {
            let mut first = pattern >> (6 + i) & 1 != 0;
            let mut k = 0;
            while k < i {
                first &= !same(pattern, k, i);
                k += 1;
            }
            // (patterns where sameness is not transitive never occur: at most four)
            if first && moves.n < 4 {
                moves.units |= 1 << i << (8 * moves.n);
                moves.n += 1;
                let mut j = i + 1;
                while j < 4 && !same(pattern, i, j) {
                    j += 1;
                }
                if j < 4 && moves.n < 4 {
                    moves.units |= (1 << i | 1 << j) << (8 * moves.n);
                    moves.n += 1;
                }
            }
            i += 1;
        }
        table[pattern] = moves;
        pattern += 1;
    }
    table
};

/// Ashta-kashte moves or candidates, in the order they are listed, each as the pieces
/// that move (a mask of piece indices), one a byte from the lowest. There are at most
/// four: an entry leaves three pieces to move (three alone, or a pair's two moves and a
/// third piece), and four pieces on the path make at most four moves (alone, or a pair
/// moving as one or its first alone).
#[derive(Clone, Copy)]
pub(super) struct AkMoves {
    units: u32,
    /// How many.
    n: u32,
}

impl AkMoves {
    /// The `i`-th.
    #[inline(always)]
    fn unit(&self, i: usize) -> u8 {
        (self.units >> (8 * (i & 3))) as u8
    }
    /// All of them in order.
    fn iter(self) -> impl Iterator<Item = u8> {
        (0..self.n as usize).map(move |i| self.unit(i))
    }
}

/// Where the pieces stand when a turn begins, as masks of board squares.
pub(super) struct Crowd {
    /// The squares of the other players' pieces.
    pub(super) enemies: u64,
    /// The squares where one player (any) has two or more pieces.
    doubles: u64,
    /// The squares where another player has two or more pieces.
    enemy_doubles: u64,
}

impl Crowd {
    /// Seen by player `p`, from where each player's pieces stand.
    #[inline(always)]
    pub(super) fn of(seats: &[SeatSquares], p: usize) -> Crowd {
        if let [a, b] = seats {
            // two players: the other one's squares, picked once
            let other = if p == 0 { b } else { a };
            return Crowd {
                enemies: other.once,
                doubles: a.twice | b.twice,
                enemy_doubles: other.twice,
            };
        }
        let mut crowd = Crowd {
            enemies: 0,
            doubles: 0,
            enemy_doubles: 0,
        };
        for (q, at) in seats.iter().enumerate() {
            crowd.doubles |= at.twice;
            // all ones for another player, none for `p`: no branch
            let other = u64::from(q != p).wrapping_neg();
            crowd.enemies |= at.once & other;
            crowd.enemy_doubles |= at.twice & other;
        }
        crowd
    }

    /// Whether an Ashta-kashte `hop` is allowed, for a `single` piece or a pair moving
    /// as one.
    #[inline(always)]
    fn allows(&self, hop: &Hop, single: bool) -> bool {
        if hop.to == Hop::BEYOND {
            // the end square only by a direct throw
            return false;
        }
        // doubles block single pieces from passing (own and enemy)
        if single && hop.passed & self.doubles != 0 {
            return false;
        }
        let landing = hop.landing;
        if self.enemies & landing == 0 {
            return true;
        }
        // "A piece cannot land on an opponent's piece that is on a resting square";
        // doubles are captured only by doubles
        landing & MARKED == 0 && !(single && self.enemy_doubles & landing != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ashtapada::{Ruleset, HAND, THROWS};

    /// The candidates as the rules list them, piece by piece.
    fn listed(codes: [u8; 4]) -> Vec<u8> {
        let mut out = Vec::new();
        if let Some(i) = codes.iter().position(|&c| c == HAND) {
            out.push(1 << i);
        }
        for i in 0..4 {
            let c = codes[i];
            if on_path(c).is_none() || codes[..i].contains(&c) {
                continue;
            }
            out.push(1 << i);
            if let Some(j) = (i + 1..4).find(|&j| codes[j] == c) {
                out.push(1 << i | 1 << j);
            }
        }
        out
    }

    #[test]
    fn the_candidates_table_lists_as_the_rules_do() {
        // every seat of four pieces drawn from a few spots, so that pieces share them
        let spots = [HAND, 1, 2, 17, 59, 60, KEEP];
        let mut board = Board::new(4);
        for n in 0..spots.len().pow(4) {
            let codes: [u8; 4] =
                std::array::from_fn(|i| spots[n / spots.len().pow(i as u32) % spots.len()]);
            board.codes[1] = codes;
            let candidates = Ashtapada::ak_candidates(&board, 1);
            assert_eq!(
                candidates.iter().collect::<Vec<_>>(),
                listed(codes),
                "{codes:?}"
            );
            assert!(candidates.n <= 4, "{codes:?}");
        }
    }

    #[test]
    fn a_random_move_is_drawn_uniformly_and_a_turn_without_moves_draws_nothing() {
        // candidates: enter, h2 (blocked: it would pass the double on h4), h4, twins h4
        let g = Ashtapada::from_text("ashta-kashte S:h2,h4,h4,-/N:-,-,-,- S 3").unwrap();
        assert_eq!(g.plans.len(), 3);
        let mut dice = Dice::new(9);
        let mut seen = [0u32; 3];
        let draws = 30_000;
        for _ in 0..draws {
            seen[g.ak_random_plan(&mut dice).unwrap()] += 1;
        }
        // each 1/3: a binomial's standard deviation is about 82 here
        for k in seen {
            assert!(
                (f64::from(k) - f64::from(draws) / 3.0).abs() < 400.0,
                "{seen:?}"
            );
        }
        // a throw too large for the one piece still on the path: no move, no draw
        let g = Ashtapada::from_text("ashta-kashte S:d3,keep,keep,keep/N:-,-,-,- N -").unwrap();
        let crowd = g.crowd(&g.pieces, 0);
        let slot = THROWS.iter().position(|&(t, _)| t == 4).unwrap();
        let (mut dice, mut untouched) = (Dice::new(4), Dice::new(4));
        assert_eq!(g.ak_random(&g.pieces, 0, slot, &crowd, &mut dice), None);
        assert_eq!(dice.unit(), untouched.unit());
        assert_eq!(g.rules, Ruleset::AshtaKashte);
    }
}
