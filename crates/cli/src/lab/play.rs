//! Playing the lab's games: the engine (or the stronger and weaker ones) in every seat,
//! the evaluations kept move by move, and the metrics made of them.

use super::LabSpec;
use crate::GameArgs;
use anyhow::{anyhow, bail, Result};
use ashta_engine::{Limits, Searcher};
use ashta_rules::ahayuta::Ahayuta;
use ashta_rules::ashtapada::Ashtapada;
use ashta_rules::chess::ChessGame;
use ashta_rules::shaturanga::Shaturanga;
use ashta_rules::{Dice, Game, Turn};
use std::sync::Mutex;

/// An engine's move for a position, with the evaluation after it where it gives one: each
/// seat's lead over its strongest rival, in centipawns (see [`two_sides`]).
pub(super) type Think<'a, G> =
    dyn Fn(&G, u64, usize) -> Option<(<G as Game>::Move, Option<Vec<i32>>)> + 'a;

/// The leads of a two-sided evaluation `v` for `seat`: the first seat's and the second's.
pub(super) fn two_sides(seat: usize, v: i32) -> Vec<i32> {
    let first = if seat == 0 { v } else { -v };
    vec![first, -first]
}

/// Each seat's lead over its strongest rival from the seats' shares of a win, as
/// [`logit_cp`] (for two seats `v` and `-v`).
pub(super) fn leads_of_shares(shares: &[f64]) -> Vec<i32> {
    (0..shares.len())
        .map(|s| {
            let rival = (0..shares.len())
                .filter(|&t| t != s)
                .map(|t| shares[t])
                .fold(0.0, f64::max);
            logit_cp(shares[s], rival)
        })
        .collect()
}

/// Plays one game of `start` with `think` in every seat: `random_plies` random seat moves
/// first, the dice from `seed`.
pub(super) fn play_one<G: Game>(
    start: &G,
    seed: u64,
    random_plies: usize,
    max_plies: usize,
    think: &Think<'_, G>,
) -> Result<Played> {
    let mut dice = Dice::new(seed);
    let mut chooser = Dice::new(seed ^ 0x1ab_1ab_1ab);
    let mut g = start.clone();
    let (mut plies, mut choices) = (0usize, 0usize);
    // the engine's evaluations: each seat's lead, move by move
    let mut leads: Vec<Vec<i32>> = Vec::new();
    while g.outcome().is_none() && plies < max_plies {
        let m = match g.turn() {
            Turn::Chance => g
                .random_outcome(&mut dice)
                .ok_or_else(|| anyhow!("no throw is possible"))?,
            Turn::Seat(seat) => {
                let legal = g.legal_moves();
                if legal.is_empty() {
                    break;
                }
                choices += legal.len();
                plies += 1;
                if plies <= random_plies {
                    legal[(chooser.unit() * legal.len() as f64) as usize % legal.len()]
                } else {
                    let (m, score) = think(&g, chooser.unit().to_bits(), seat)
                        .ok_or_else(|| anyhow!("the engine found no move"))?;
                    if let Some(v) = score {
                        leads.push(v);
                    }
                    if !legal.contains(&m) {
                        bail!("the engine chose an illegal move");
                    }
                    m
                }
            }
            Turn::Over => break,
        };
        g.play(m);
    }
    let branching = choices as f64 / plies.max(1) as f64;
    let (winner, payoffs, reason) = match g.outcome() {
        Some(o) => (o.winner(), o.payoffs.clone(), o.reason.clone()),
        None => (None, Vec::new(), "move limit".to_string()),
    };
    let evals: Vec<i32> = leads.iter().map(|l| l[0]).collect();
    let (lead_changes, decided) = if leads.is_empty() {
        (None, None)
    } else {
        (
            Some(leader_changes(&leads)),
            winner.and_then(|w| {
                let series: Vec<i32> = leads
                    .iter()
                    .map(|l| l.get(w).copied().unwrap_or(0))
                    .collect();
                decided_at(&series, 0)
            }),
        )
    };
    Ok(Played {
        winner,
        alliance: None,
        payoffs,
        reason,
        plies,
        branching,
        seats: g.seats(),
        lead_changes,
        decided,
        curve: curve(&evals),
        strong: Vec::new(),
        stakes: Vec::new(),
        evals,
    })
}

/// A dice game's move by the stronger (`high`) or the weaker search, with the position it
/// leads to (for the evaluation after it).
pub(super) fn dice_move<G: Game, F: Fn(&G, u64) -> Option<G::Move>>(
    g: &G,
    seed: u64,
    strong: bool,
    high: &F,
    low: &F,
) -> Option<(G::Move, G)> {
    let m = if strong { high(g, seed) } else { low(g, seed) }?;
    let mut after = g.clone();
    after.play(m);
    Some((m, after))
}

/// Two shares of a win as centipawns, as an Elo-like logistic: `400 log10(a / b)`.
pub(super) fn logit_cp(a: f64, b: f64) -> i32 {
    (400.0 * (a.max(1e-9) / b.max(1e-9)).log10()).round() as i32
}

/// The largest evaluation a curve keeps (mates and won games count as this).
pub const CURVE_CAP: i32 = 1000;

/// The points of an evaluation curve: the evaluations at every twentieth of the game.
pub fn curve(evals: &[i32]) -> Vec<i32> {
    if evals.is_empty() {
        return Vec::new();
    }
    let n = evals.len() - 1;
    (0..=20)
        .map(|k| evals[k * n / 20].clamp(-CURVE_CAP, CURVE_CAP))
        .collect()
}

/// A clear lead: a pawn (100 centipawns) or more.
pub(super) const LEAD: i32 = 100;
/// A decided game: two pawns or more for the winner to the end.
pub(super) const DECIDED: i32 = 200;

/// How often the lead passed from one side to the other (a side leads by [`LEAD`] or
/// more; the evaluations are the first seat's).
#[cfg(test)]
pub fn lead_changes(evals: &[i32]) -> usize {
    let leads: Vec<Vec<i32>> = evals.iter().map(|&v| two_sides(0, v)).collect();
    leader_changes(&leads)
}

/// How often the lead passed from one seat to another, from each seat's lead over its
/// strongest rival move by move (a seat leads by [`LEAD`] or more).
pub fn leader_changes(leads: &[Vec<i32>]) -> usize {
    let mut leader = None;
    let mut changes = 0;
    for l in leads {
        let Some(now) = l.iter().position(|&v| v >= LEAD) else {
            continue;
        };
        if leader.is_some_and(|was| was != now) {
            changes += 1;
        }
        leader = Some(now);
    }
    changes
}

/// The share of the game (by evaluations) before the winner's lead stayed at [`DECIDED`]
/// or more to the end; `None` if it never did.
pub fn decided_at(evals: &[i32], winner: usize) -> Option<f64> {
    let for_winner = |v: i32| if winner == 0 { v } else { -v };
    let mut first = None;
    for (i, &v) in evals.iter().enumerate().rev() {
        if for_winner(v) >= DECIDED {
            first = Some(i);
        } else {
            break;
        }
    }
    first.map(|i| i as f64 / evals.len() as f64)
}

/// How one game went.
pub(super) struct Played {
    pub(super) winner: Option<usize>,
    pub(super) alliance: Option<usize>,
    pub(super) payoffs: Vec<f64>,
    pub(super) reason: String,
    pub(super) plies: usize,
    pub(super) branching: f64,
    pub(super) seats: usize,
    pub(super) lead_changes: Option<usize>,
    pub(super) decided: Option<f64>,
    pub(super) curve: Vec<i32>,
    pub(super) strong: Vec<usize>,
    pub(super) stakes: Vec<f64>,
    /// The evaluations for the first seat, move by move.
    pub(super) evals: Vec<i32>,
}

/// Shaturanga's alliance (0: South and North, 1: West and East) whose two allies alone
/// share the best payoff.
pub(super) fn alliance_of(payoffs: &[f64]) -> Option<usize> {
    if payoffs.len() != 4 {
        return None;
    }
    let best = payoffs.iter().cloned().fold(f64::MIN, f64::max);
    let top: Vec<usize> = (0..4).filter(|&i| payoffs[i] == best).collect();
    match top.as_slice() {
        [0, 2] => Some(0),
        [1, 3] => Some(1),
        _ => None,
    }
}

/// The arguments of one reading.
pub(super) fn reading_args(base: &GameArgs, name: &str, value: &str) -> GameArgs {
    let mut args = GameArgs {
        game: base.game.clone(),
        ruleset: base.ruleset.clone(),
        options: base
            .options
            .iter()
            .filter(|o| !o.starts_with(&format!("{name}=")))
            .cloned()
            .collect(),
    };
    if name == "ruleset" {
        args.ruleset = Some(value.to_string());
    } else {
        args.options.push(format!("{name}={value}"));
    }
    args
}

/// Plays game `index` of a reading.
pub(super) fn play_game(args: &GameArgs, spec: &LabSpec, index: usize) -> Result<Played> {
    let seed = spec.seed.wrapping_add(index as u64);
    let max = 2000;
    let id = args.game.to_ascii_lowercase();
    let seats = match id.as_str() {
        "ashtapada" => args.ashtapada()?.1,
        "shaturanga" | "chaturaji" => 4,
        _ => 2,
    };
    // skill against luck: the stronger side of game `index`, its seats at `level`
    let alliances = seats == 4 && matches!(id.as_str(), "shaturanga" | "chaturaji");
    let strong: Vec<usize> = match spec.weaker {
        None => Vec::new(),
        Some(_) if alliances => vec![index % 2, index % 2 + 2],
        Some(_) => vec![index % seats],
    };
    let level_of = |seat: usize| match spec.weaker {
        Some(w) if !strong.contains(&seat) => w,
        _ => spec.level,
    };
    let mut r = match id.as_str() {
        "ahayuta" => {
            // the evaluation: Ahayuta's heuristic after the move, for the mover (a man 100)
            let think = |g: &Ahayuta, _, seat| {
                let m =
                    ashta_engine::ahayuta_move(g, ashta_engine::alphabeta_limits(level_of(seat)))?;
                let mut after = g.clone();
                after.play(m);
                let v = ashta_engine::ahayuta_eval(&after, seat);
                Some((m, Some(two_sides(seat, v))))
            };
            play_one(&Ahayuta::new(), seed, 2, max, &think)?
        }
        "ashtapada" => {
            let (rules, players) = args.ashtapada()?;
            let at = |level| {
                crate::selfplay::ashtapada(crate::selfplay::iterations(
                    ashta_engine::levels::mcts_iterations(level),
                ))
            };
            let (high, low) = (at(spec.level), at(spec.weaker.unwrap_or(spec.level)));
            // each player's lead in the race after the move, from the estimated shares of
            // a win (between two, a clear lead, 100, is about seven squares of progress)
            let think = |g: &Ashtapada, s: u64, seat| {
                let (m, after) = dice_move(g, s, level_of(seat) == spec.level, &high, &low)?;
                let shares = ashta_engine::heuristics::ashtapada_estimate(&after);
                Some((m, Some(leads_of_shares(&shares))))
            };
            play_one(&Ashtapada::new(rules, players), seed, 0, max, &think)?
        }
        "shaturanga" | "chaturaji" => {
            let at = |level| {
                crate::selfplay::shaturanga(crate::selfplay::iterations(
                    ashta_engine::levels::mcts_iterations(level),
                ))
            };
            let (high, low) = (at(spec.level), at(spec.weaker.unwrap_or(spec.level)));
            // South and North's material lead after the move, a pawn 100: each seat leads
            // by its alliance's lead
            let think = |g: &Shaturanga, s: u64, seat: usize| {
                let (m, after) = dice_move(g, s, level_of(seat) == spec.level, &high, &low)?;
                let mat = ashta_engine::heuristics::shaturanga_material(&after);
                let first = (100.0 * (mat[0] - mat[1])).round() as i32;
                Some((m, Some(vec![first, -first, first, -first])))
            };
            let mut p = play_one(&Shaturanga::new(args.shaturanga()?), seed, 0, max, &think)?;
            p.alliance = alliance_of(&p.payoffs);
            p.stakes = p.payoffs.clone();
            // the evaluations are South and North's: the winner clear for its alliance
            let side = p.alliance.or(p.winner.map(|w| w % 2));
            p.decided = side.and_then(|a| decided_at(&p.evals, a));
            p
        }
        _ => {
            let v = args.variant()?;
            let searcher = Mutex::new(Searcher::new(16));
            let think = |g: &ChessGame, _, seat| {
                let mut s = searcher.lock().unwrap_or_else(|e| e.into_inner());
                // a finished search leaves its stop flag set
                s.stop.store(false, std::sync::atomic::Ordering::Relaxed);
                let mut limits = Limits::default();
                ashta_engine::levels::apply_level(level_of(seat), &mut limits, &mut s);
                if limits.nodes.is_none() && limits.movetime.is_none() {
                    limits.movetime = Some(std::time::Duration::from_millis(100));
                }
                let r = s.search(g, &limits, |_| {});
                r.best.map(|m| (m, Some(two_sides(seat, r.info.score))))
            };
            play_one(&ChessGame::new(v), seed, spec.random_plies, 600, &think)?
        }
    };
    r.strong = strong.clone();
    Ok(r)
}
