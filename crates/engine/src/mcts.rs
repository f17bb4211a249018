//! Monte Carlo tree search over any [`Game`]: 1 to 4 seats, chance turns sampled by their
//! probabilities, a payoff vector backed up so that each seat maximises its own payoff.
//! Used for the dice and placement games (Ashtapada, Ahayuta); works for any game.

use ashta_rules::{random_playout, Dice, Game, Turn};
use std::time::{Duration, Instant};

struct Node<M> {
    /// Children by move; at a chance node, by outcome.
    children: Vec<(M, usize)>,
    /// Moves (or outcomes) not yet expanded.
    untried: Vec<M>,
    visits: f64,
    /// Sum of payoffs per seat.
    total: Vec<f64>,
    /// Who acts here.
    turn: Turn,
}

/// Search limits for MCTS.
#[derive(Clone, Copy, Debug)]
pub struct MctsLimits {
    /// Stop after this many iterations.
    pub iterations: u64,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Plies after which a playout is scored as shared.
    pub playout_cap: usize,
}

impl Default for MctsLimits {
    fn default() -> Self {
        MctsLimits {
            iterations: 2000,
            time: None,
            playout_cap: 2000,
        }
    }
}

/// Picks a move for the seat to act by Monte Carlo tree search; playouts that reach
/// `limits.playout_cap` unfinished score as shared.
pub fn mcts_move<G: Game>(root: &G, limits: MctsLimits, seed: u64) -> Option<G::Move> {
    mcts_move_with(root, limits, seed, None)
}

/// A game's estimate of the payoffs of an unfinished position (one per seat).
pub type Estimate<'a, G> = &'a dyn Fn(&G) -> Vec<f64>;

/// Monte Carlo tree search whose playouts stop at `limits.playout_cap` and are scored by
/// `estimate` there (a game's heuristic), or as shared without one.
pub fn mcts_move_with<G: Game>(
    root: &G,
    limits: MctsLimits,
    seed: u64,
    estimate: Option<Estimate<'_, G>>,
) -> Option<G::Move> {
    let Turn::Seat(_) = root.turn() else {
        return None;
    };
    let moves = root.legal_moves();
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let seats = root.seats();
    // a move that wins at once is played at once
    let Turn::Seat(me) = root.turn() else {
        return None;
    };
    for &m in &moves {
        let mut g = root.clone();
        g.play(m);
        if g.outcome().is_some_and(|o| o.winner() == Some(me)) {
            return Some(m);
        }
    }
    let mut dice = Dice::new(seed);
    let mut nodes: Vec<Node<G::Move>> = vec![new_node(root, seats)];
    let start = Instant::now();
    let mut it = 0u64;
    while it < limits.iterations && limits.time.is_none_or(|t| start.elapsed() < t) {
        it += 1;
        let mut game = root.clone();
        let mut path = vec![0usize];
        let mut at = 0usize;
        // selection and expansion
        loop {
            if game.turn() == Turn::Over {
                break;
            }
            if game.turn() == Turn::Chance {
                // sample an outcome; follow or create its child
                let Some(m) = game.random_outcome(&mut dice) else {
                    break;
                };
                game.play(m);
                let next = match nodes[at].children.iter().find(|(c, _)| *c == m) {
                    Some(&(_, i)) => i,
                    None => {
                        nodes.push(new_node(&game, seats));
                        let i = nodes.len() - 1;
                        nodes[at].children.push((m, i));
                        i
                    }
                };
                at = next;
                path.push(at);
                continue;
            }
            if let Some(m) = nodes[at].untried.pop() {
                game.play(m);
                nodes.push(new_node(&game, seats));
                let i = nodes.len() - 1;
                nodes[at].children.push((m, i));
                path.push(i);
                break;
            }
            let Turn::Seat(s) = nodes[at].turn else { break };
            let parent_visits = nodes[at].visits.max(1.0);
            let best = nodes[at]
                .children
                .iter()
                .max_by(|a, b| {
                    let ua = ucb(&nodes[a.1], s, parent_visits);
                    let ub = ucb(&nodes[b.1], s, parent_visits);
                    ua.total_cmp(&ub)
                })
                .copied();
            let Some((m, child)) = best else { break };
            game.play(m);
            at = child;
            path.push(at);
        }
        // simulation
        random_playout(&mut game, &mut dice, limits.playout_cap);
        let payoffs = match (game.outcome(), estimate) {
            (Some(o), _) => o.payoffs,
            (None, Some(f)) => f(&game),
            (None, None) => vec![1.0 / seats as f64; seats],
        };
        // backpropagation
        for &n in &path {
            nodes[n].visits += 1.0;
            for (t, p) in nodes[n].total.iter_mut().zip(&payoffs) {
                *t += p;
            }
        }
    }
    nodes[0]
        .children
        .iter()
        .max_by(|a, b| nodes[a.1].visits.total_cmp(&nodes[b.1].visits))
        .map(|&(m, _)| m)
}

fn new_node<G: Game>(g: &G, seats: usize) -> Node<G::Move> {
    let turn = g.turn();
    let untried = match turn {
        Turn::Seat(_) => g.legal_moves(),
        _ => Vec::new(),
    };
    Node {
        children: Vec::new(),
        untried,
        visits: 0.0,
        total: vec![0.0; seats],
        turn,
    }
}

fn ucb<M>(n: &Node<M>, seat: usize, parent_visits: f64) -> f64 {
    if n.visits == 0.0 {
        return f64::INFINITY;
    }
    n.total[seat] / n.visits + 0.8 * (parent_visits.ln() / n.visits).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_rules::ahayuta::Ahayuta;
    use ashta_rules::ashtapada::{Ashtapada, Ruleset};

    #[test]
    fn takes_the_winning_step_in_ahayuta() {
        // the Ahayuta one step from the far row wins at once
        let g = Ahayuta::from_text("-6-/3A4/8/8/8/m7/8/-6- w 0 0 -").unwrap();
        let m = mcts_move(
            &g,
            MctsLimits {
                iterations: 400,
                ..MctsLimits::default()
            },
            1,
        )
        .unwrap();
        let mut after = g.clone();
        after.play(m);
        assert_eq!(
            after.outcome().and_then(|o| o.winner()),
            Some(0),
            "{}",
            Ahayuta::move_text(m)
        );
    }

    #[test]
    fn bears_off_to_win_at_ashtapada() {
        // two 1s: bearing both pieces off wins; any plan must use both throws here
        let g = Ashtapada::from_text("kile S:keep,keep/N:e2,e2 S 1,1,2").unwrap();
        let m = mcts_move(
            &g,
            MctsLimits {
                iterations: 50,
                ..MctsLimits::default()
            },
            1,
        )
        .unwrap();
        assert_eq!(g.move_text(m), "off, off");
        // and it returns a legal plan in an open position with four players
        let mut g = Ashtapada::new(Ruleset::Kile, 4);
        let mut dice = Dice::new(3);
        while g.turn() != Turn::Over && !matches!(g.turn(), Turn::Seat(_)) {
            let m = g.random_outcome(&mut dice).unwrap();
            g.play(m);
        }
        if let Turn::Seat(_) = g.turn() {
            let m = mcts_move(
                &g,
                MctsLimits {
                    iterations: 200,
                    ..MctsLimits::default()
                },
                2,
            )
            .unwrap();
            assert!(g.legal_moves().contains(&m));
        }
    }
}
