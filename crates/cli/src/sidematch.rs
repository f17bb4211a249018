//! `ashta match` for the games outside the chess family (Ahayuta, Ashtapada for two,
//! Shaturanga): two of our engines at their levels take the two sides (in Shaturanga each
//! engine plays an alliance, both its seats), sides alternating game by game, the dice
//! seeded per game so that a run repeats its throws.

use crate::selfplay::Think;
use anyhow::{bail, Result};
use ashta_rules::record::{AnyGame, Record};
use ashta_rules::{Dice, Game, Turn};

/// The side of a seat: the seat itself in two-seat games, the alliance (seat mod 2) with
/// four seats.
fn side(seat: usize) -> usize {
    seat % 2
}

/// How a match is played.
pub struct SideMatch {
    /// Games (sides alternate; each opening is played twice, once from each side).
    pub games: usize,
    /// Seed of the dice and the openings.
    pub seed: u64,
    /// Random seat moves that open each game.
    pub random_plies: usize,
    /// Plies after which a game is scored as drawn.
    pub max_plies: usize,
}

/// Plays the match from `start`; `engines[0]` takes side 0 in even-numbered games.
/// Returns the first engine's score per game (1 win, 0.5 draw, 0 loss) and the records.
pub fn play<G: Game>(
    start: &G,
    wrap: fn(G) -> AnyGame,
    engines: [Think<'_, G>; 2],
    spec: &SideMatch,
) -> Result<(Vec<f64>, Vec<Record>)> {
    let (games, seed, max_plies) = (spec.games, spec.seed, spec.max_plies);
    let bar = indicatif::ProgressBar::new(games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut scores = Vec::new();
    let mut records = Vec::new();
    for i in 0..games {
        // games 2k and 2k+1 share their opening and dice, with the sides swapped
        let game_seed = seed.wrapping_add((i / 2) as u64);
        let mut opening = Dice::new(game_seed ^ 0x09e4);
        let mut seat_moves = 0;
        let mut dice = Dice::new(game_seed);
        let mut search_seeds = Dice::new(game_seed ^ 0x5eed);
        let first_side = i % 2;
        let mut g = start.clone();
        let mut moves = Vec::new();
        while moves.len() < max_plies {
            let m = match g.turn() {
                Turn::Over => break,
                Turn::Chance => match g.random_outcome(&mut dice) {
                    Some(m) => m,
                    None => bail!("game {}: no throw is possible", i + 1),
                },
                Turn::Seat(_) if seat_moves < spec.random_plies => {
                    seat_moves += 1;
                    let legal = g.legal_moves();
                    legal[(opening.unit() * legal.len() as f64) as usize % legal.len()]
                }
                Turn::Seat(seat) => {
                    seat_moves += 1;
                    let engine = usize::from(side(seat) != first_side);
                    let Some(m) = engines[engine](&g, search_seeds.unit().to_bits()) else {
                        bail!("game {}: no move for seat {}", i + 1, seat + 1);
                    };
                    if !g.legal_moves().contains(&m) {
                        bail!(
                            "game {}: engine {} chose an illegal move",
                            i + 1,
                            engine + 1
                        );
                    }
                    m
                }
            };
            moves.push(g.move_text(m));
            g.play(m);
        }
        let score = match g.outcome() {
            Some(o) => {
                let mut by_side = [0.0f64; 2];
                for (seat, p) in o.payoffs.iter().enumerate() {
                    by_side[side(seat)] += p;
                }
                let (mine, theirs) = (by_side[first_side], by_side[1 - first_side]);
                if mine > theirs {
                    1.0
                } else if mine < theirs {
                    0.0
                } else {
                    0.5
                }
            }
            None => 0.5,
        };
        scores.push(score);
        let mut rec = Record::new(wrap(g), game_seed);
        rec.moves = moves;
        records.push(rec);
        bar.set_message(format!(
            "{:.1}/{}",
            scores.iter().sum::<f64>(),
            scores.len()
        ));
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok((scores, records))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_rules::ahayuta::Ahayuta;

    #[test]
    fn deeper_alpha_beta_beats_random_moves_in_ahayuta_with_sides_alternating() {
        let deep = |g: &Ahayuta, _| {
            ashta_engine::ahayuta_move(
                g,
                ashta_engine::AbLimits {
                    depth: 3,
                    time: None,
                },
            )
        };
        let random = |g: &Ahayuta, seed: u64| {
            let ms = g.legal_moves();
            ms.get((seed % ms.len() as u64) as usize).copied()
        };
        let spec = SideMatch {
            games: 4,
            seed: 1,
            random_plies: 2,
            max_plies: 400,
        };
        let (scores, records) =
            play(&Ahayuta::new(), AnyGame::Ahayuta, [&deep, &random], &spec).unwrap();
        assert_eq!(scores.len(), 4);
        assert!(scores.iter().sum::<f64>() >= 3.0, "{scores:?}");
        for r in &records {
            assert_eq!(Record::read(&r.text()).unwrap().moves, r.moves);
        }
    }
}
