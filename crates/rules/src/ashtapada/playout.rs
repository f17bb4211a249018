//! Random playouts: Ashta-kashte's turns played on the board directly, without listing
//! the plans, drawing the same throws and choices as play move by move would.

use super::plans::Crowd;
use super::{draw_throw, Ashtapada, Phase, Ruleset};
use crate::game::{play_randomly, Dice, Game, Turn};

impl Ashtapada {
    /// [`Game::playout`]: Ashta-kashte turns from a turn's start are played here; every
    /// other ply (deciding who starts, a turn under way, kile) as [`play_randomly`] does.
    pub(super) fn random_turns(&mut self, dice: &mut Dice, cap: usize) -> usize {
        let mut plies = 0;
        while plies < cap {
            let at_turn_start = self.phase == Phase::Throwing && self.throws.is_empty();
            if self.rules == Ruleset::AshtaKashte && at_turn_start && cap - plies >= 2 {
                plies += self.ashta_kashte_turns(dice, cap - plies);
                continue;
            }
            if self.turn() == Turn::Over {
                break;
            }
            plies += play_randomly(self, dice, 1);
        }
        plies
    }

    /// Ashta-kashte turns, each a throw and a random choice among the moves it allows,
    /// while at least two plies of `budget` are left and nobody has won; the plies played.
    fn ashta_kashte_turns(&mut self, dice: &mut Dice, budget: usize) -> usize {
        let n = self.seats.len();
        let (mut p, mut pieces) = (self.current, self.pieces);
        // where each player's pieces stand, kept up to date as they move
        let mut at = self.all_seat_squares(&pieces);
        let mut plies = 0;
        while budget - plies >= 2 {
            let t = draw_throw(dice);
            plies += 1;
            let crowd = Crowd::of(&at, p);
            let moves = self.ak_moves(&pieces, p, t, &crowd);
            // no move: the turn passes
            if let Some(i) = dice.index(moves.n) {
                plies += 1;
                let unit = moves.units[i & (moves.units.len() - 1)];
                if self.ak_play(&mut pieces, p, unit, t, crowd.enemies) {
                    at = self.all_seat_squares(&pieces);
                } else {
                    at[p] = self.seat_squares(&pieces, p);
                }
                if self.finished(&pieces, p) {
                    // as a choice ends the game: the winner's turn, nothing left noted
                    self.pieces = pieces;
                    self.current = p;
                    self.phase = Phase::Choosing;
                    self.outcome = self.winner();
                    return plies;
                }
            }
            p = if p + 1 == n { 0 } else { p + 1 };
        }
        self.pieces = pieces;
        self.current = p;
        plies
    }
}
