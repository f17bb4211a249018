//! Random playouts: turns played on the board directly, without listing the plans,
//! drawing the same throws and choices as play move by move would: Ashta-kashte's moves
//! for a throw, and the ends of kile's plans for a series of throws.

use super::ashta_kashte::Crowd;
use super::ends::{Ends, SERIES};
use super::{draw_slot, draw_throw, Ashtapada, Board, Phase, Ruleset, KEEP};
use crate::game::{play_randomly, Dice, Game, Turn};

impl Ashtapada {
    /// [`Game::playout`]: turns from a turn's start are played here; every other ply
    /// (deciding who starts, a turn under way) as [`play_randomly`] does.
    pub(super) fn random_turns(&mut self, dice: &mut Dice, cap: usize) -> usize {
        let mut plies = 0;
        let mut ends = Ends::new();
        while plies < cap {
            let at_turn_start = self.phase == Phase::Throwing && self.throws.is_empty();
            if at_turn_start && cap - plies >= 2 {
                plies += match self.rules {
                    // the number of players fixed in the code of each loop
                    Ruleset::AshtaKashte => match self.seats.len() {
                        2 => self.ashta_kashte_turns::<2>(dice, cap - plies),
                        3 => self.ashta_kashte_turns::<3>(dice, cap - plies),
                        _ => self.ashta_kashte_turns::<4>(dice, cap - plies),
                    },
                    Ruleset::Kile => self.kile_turns(dice, cap - plies, &mut ends),
                };
                continue;
            }
            if self.turn() == Turn::Over {
                break;
            }
            plies += play_randomly(self, dice, 1);
        }
        plies
    }

    /// Kile turns, each a series of throws and a random choice among the ends of the
    /// plans it allows ([`Ashtapada::kile_ends`], drawn as [`Game::random_move`] draws),
    /// while plies of `budget` are left and nobody has won; the plies played. A series
    /// longer than [`SERIES`], or one the budget cuts, is noted as play notes it and left
    /// to play.
    fn kile_turns(&mut self, dice: &mut Dice, budget: usize, ends: &mut Ends) -> usize {
        let (mut p, mut pieces) = (self.current, self.pieces);
        let mut plies = 0;
        while plies < budget {
            // seed 002 rule 4: throws until a 2 or a 3
            let mut series = [0u8; SERIES];
            let mut len = 0;
            let ended = loop {
                if plies == budget || len == SERIES {
                    break false;
                }
                let t = draw_throw(dice);
                series[len] = t;
                len += 1;
                plies += 1;
                if t == 2 || t == 3 {
                    break true;
                }
            };
            if !ended || plies == budget {
                // play goes on from the throws noted
                self.pieces = pieces;
                self.current = p;
                for &t in &series[..len] {
                    self.throw(t);
                }
                return plies;
            }
            self.kile_series_ends(&pieces, p, &series[..len], ends);
            // no end: the turn passes
            if let Some(i) = dice.index(ends.len()) {
                plies += 1;
                let captured = ends.play(i, &mut pieces, p);
                if self.finished(&pieces, p) {
                    self.won(pieces, p);
                    return plies;
                }
                // seed 002 rule 19: after capturing, another turn
                if captured {
                    continue;
                }
            }
            p = self.next_seat(p);
        }
        self.pieces = pieces;
        self.current = p;
        plies
    }

    /// Ends a playout where player `p` has finished, the pieces standing as in `pieces`:
    /// as a choice ends the game, the winner's turn, with nothing left noted.
    fn won(&mut self, pieces: Board, p: usize) {
        self.pieces = pieces;
        self.current = p;
        self.phase = Phase::Choosing;
        self.outcome = self.winner();
    }

    /// Kile: the ends of player `p`'s plans for the series `throws` (rule 7's discarding
    /// still to do), the pieces standing as in `pieces` ([`Ashtapada::kile_ends`]).
    pub(super) fn kile_series_ends(
        &self,
        pieces: &Board,
        p: usize,
        throws: &[u8],
        ends: &mut Ends,
    ) {
        let kept = &throws[self.discarded(pieces, p, throws)..];
        self.kile_ends(pieces, p, kept, self.enemy_squares(pieces, p), ends);
    }

    /// Ashta-kashte turns, each a throw and a random choice among the moves it allows,
    /// while at least two plies of `budget` are left and nobody has won; the plies played.
    #[inline(never)]
    fn ashta_kashte_turns<const N: usize>(&mut self, dice: &mut Dice, budget: usize) -> usize {
        let (mut p, mut pieces) = (self.current, self.pieces);
        // where each player's pieces stand, kept up to date as they move
        let mut at = self.all_seat_squares(&pieces);
        let mut plies = 0;
        while budget - plies >= 2 {
            let slot = draw_slot(dice);
            plies += 1;
            let crowd = Crowd::of(&at[..N], p);
            // no move: the turn passes
            if let Some(unit) = self.ak_random(&pieces, p, slot, &crowd, dice) {
                plies += 1;
                if self.ak_play(&mut pieces, p, unit, slot, crowd.enemies) {
                    at = self.all_seat_squares(&pieces);
                } else {
                    at[p] = self.seat_squares(&pieces, p);
                }
                // all four pieces on the centre (as `finished`, in one comparison)
                if pieces.codes[p] == [KEEP; 4] {
                    self.won(pieces, p);
                    return plies;
                }
            }
            p = self.next_seat(p);
        }
        self.pieces = pieces;
        self.current = p;
        plies
    }
}
