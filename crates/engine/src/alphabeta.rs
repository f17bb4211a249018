//! Alpha-beta over any two-seat game of the [`Game`] trait without chance, with a
//! heuristic per game: iterative deepening, the previous iteration's best move first,
//! fail-soft negamax, a time limit. Used for Ahayuta.

use ashta_rules::ahayuta::{Ahayuta, Cell};
use ashta_rules::geometry::Color;
use ashta_rules::{Game, Turn};
use std::time::{Duration, Instant};

const WIN: i32 = 1_000_000;

/// Limits of an alpha-beta search.
#[derive(Clone, Copy, Debug)]
pub struct AbLimits {
    /// Deepest iteration, in plies.
    pub depth: u32,
    /// Stop deepening after this long (the iteration under way finishes its move loop
    /// early and is discarded).
    pub time: Option<Duration>,
}

struct Ab<'a, G> {
    eval: &'a dyn Fn(&G, usize) -> i32,
    deadline: Option<Instant>,
    nodes: u64,
    stopped: bool,
}

impl<G: Game> Ab<'_, G> {
    fn negamax(&mut self, g: &G, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        // finished children are scored by the caller
        let Turn::Seat(me) = g.turn() else {
            return 0;
        };
        if depth == 0 {
            return (self.eval)(g, me);
        }
        let moves = g.legal_moves();
        if moves.is_empty() {
            return (self.eval)(g, me);
        }
        let mut best = -WIN - 1;
        for m in moves {
            let mut child = g.clone();
            child.play(m);
            let score = match child.turn() {
                Turn::Seat(s) if s == me => self.negamax(&child, depth - 1, alpha, beta, ply + 1),
                Turn::Over => match child.outcome() {
                    Some(o) => score_for(&o.payoffs, me, ply + 1),
                    None => 0,
                },
                _ => -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1),
            };
            if self.stopped {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The score of a finished game for `me`: a win sooner is better, a loss later.
fn score_for(payoffs: &[f64], me: usize, ply: i32) -> i32 {
    let mine = payoffs.get(me).copied().unwrap_or(0.0);
    let best_other = payoffs
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != me)
        .map(|(_, &p)| p)
        .fold(f64::MIN, f64::max);
    if mine > best_other {
        WIN - ply
    } else if mine < best_other {
        -(WIN - ply)
    } else {
        0
    }
}

/// The best move for the seat to act by alpha-beta to `limits`, scoring leaves with
/// `eval(game, seat)` from that seat's point of view.
pub fn alphabeta_move<G: Game>(
    root: &G,
    eval: &dyn Fn(&G, usize) -> i32,
    limits: AbLimits,
) -> Option<G::Move> {
    let Turn::Seat(me) = root.turn() else {
        return None;
    };
    let mut moves = root.legal_moves();
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let mut ab = Ab {
        eval,
        deadline: limits.time.map(|t| Instant::now() + t),
        nodes: 0,
        stopped: false,
    };
    let mut best = moves[0];
    for depth in 1..=limits.depth.max(1) {
        let (mut alpha, beta) = (-WIN - 1, WIN + 1);
        let mut iteration_best = None;
        for &m in &moves {
            let mut child = root.clone();
            child.play(m);
            let score = match child.turn() {
                Turn::Seat(s) if s == me => ab.negamax(&child, depth - 1, alpha, beta, 1),
                Turn::Over => child.outcome().map_or(0, |o| score_for(&o.payoffs, me, 1)),
                _ => -ab.negamax(&child, depth - 1, -beta, -alpha, 1),
            };
            if ab.stopped {
                break;
            }
            if score > alpha || iteration_best.is_none() {
                alpha = score.max(alpha);
                iteration_best = Some(m);
            }
        }
        if ab.stopped {
            break;
        }
        if let Some(b) = iteration_best {
            best = b;
            // search the best move first in the next iteration
            if let Some(i) = moves.iter().position(|&x| x == b) {
                moves[..=i].rotate_right(1);
            }
            if alpha >= WIN - 64 {
                break;
            }
        }
    }
    Some(best)
}

/// The computer's move in Ahayuta: alpha-beta with [`ahayuta_eval`].
pub fn ahayuta_move(g: &Ahayuta, limits: AbLimits) -> Option<<Ahayuta as Game>::Move> {
    alphabeta_move(g, &ahayuta_eval, limits)
}

/// Ahayuta's heuristic for `seat`: men and the war god on the board and in hand, the god's
/// advance towards the far row (where it wins), men's advance a little.
pub fn ahayuta_eval(g: &Ahayuta, seat: usize) -> i32 {
    let side = |c: Color| -> i32 {
        let mut s = 100 * g.in_hand(c) as i32;
        if g.god_pending(c) {
            s += 500;
        }
        for sq in 0..64u8 {
            let rank = (sq / 8) as i32;
            let advance = if c == Color::White { rank } else { 7 - rank };
            match g.cell(sq) {
                Cell::Man(x) if x == c => s += 100 + 4 * advance,
                Cell::God(x) if x == c => s += 500 + 40 * advance * advance / 7,
                _ => {}
            }
        }
        s
    };
    let us = if seat == 0 {
        Color::White
    } else {
        Color::Black
    };
    side(us) - side(us.other())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_rules::Dice;

    fn limits(depth: u32) -> AbLimits {
        AbLimits { depth, time: None }
    }

    #[test]
    fn takes_a_win_in_one() {
        // White's Ahayuta on d7 steps onto the far row and wins
        let g = Ahayuta::from_text("-6-/3A4/8/8/8/8/2m5/-6- w 5 5 -").unwrap();
        let m = alphabeta_move(&g, &ahayuta_eval, limits(3)).unwrap();
        let mut after = g.clone();
        after.play(m);
        assert_eq!(after.outcome().and_then(|o| o.winner()), Some(0), "{m:?}");
    }

    #[test]
    fn beats_random_play() {
        let mut wins = 0;
        for game in 0..6u64 {
            let mut g = Ahayuta::new();
            let mut dice = Dice::new(game);
            let ours = (game % 2) as usize;
            let mut plies = 0;
            while g.outcome().is_none() && plies < 300 {
                let Turn::Seat(s) = g.turn() else { break };
                let m = if s == ours {
                    alphabeta_move(&g, &ahayuta_eval, limits(3)).unwrap()
                } else {
                    let ms = g.legal_moves();
                    ms[(dice.unit() * ms.len() as f64) as usize % ms.len()]
                };
                g.play(m);
                plies += 1;
            }
            if g.outcome().and_then(|o| o.winner()) == Some(ours) {
                wins += 1;
            }
        }
        assert!(wins >= 5, "alpha-beta won {wins} of 6 against random moves");
    }
}
