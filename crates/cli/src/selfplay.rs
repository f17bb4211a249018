//! `ashta selfplay`: our engine in every seat, for any game, with a tally of the results.
//!
//! Chess-family games are played by the alpha-beta engine at a level (through
//! [`crate::matches`]); Ahayuta and Ashtapada by Monte Carlo tree search with a fixed number
//! of iterations per move, so that a run is repeatable from its seed. Every move the engine
//! chooses is checked against the rules' legal moves; an illegal choice stops the run.

use anyhow::{bail, Result};
use ashta_engine::MctsLimits;
use ashta_rules::ashtapada::Ashtapada;
use ashta_rules::record::{AnyGame, Record};
use ashta_rules::shaturanga::Shaturanga;
use ashta_rules::{Dice, Game, Turn};

/// Settings of a self-play run for the games with dice or more seats.
pub struct SelfplaySpec {
    /// Games to play.
    pub games: usize,
    /// Seed of the first game's dice; game `i` uses `seed + i`.
    pub seed: u64,
    /// Plies after which a game is stopped unfinished.
    pub max_plies: usize,
}

/// What a self-play run produced.
#[derive(Debug, Default)]
pub struct Tally {
    /// Wins per seat.
    pub wins: Vec<usize>,
    /// Games ended without a single winner.
    pub draws: usize,
    /// Games stopped at the ply limit.
    pub unfinished: usize,
    /// Plies played in all games (throws included).
    pub plies: usize,
    /// The games as records.
    pub records: Vec<Record>,
}

impl Tally {
    /// Every game's record, a blank line after each.
    pub fn records_text(&self) -> String {
        self.records.iter().map(|r| r.text() + "\n").collect()
    }

    /// A one-line summary.
    pub fn summary(&self) -> String {
        let games = self.records.len().max(1);
        let wins: Vec<String> = self
            .wins
            .iter()
            .enumerate()
            .map(|(s, w)| format!("seat {} {w}", s + 1))
            .collect();
        format!(
            "{} games: wins {}; draws {}; unfinished {}; {:.0} plies a game",
            self.records.len(),
            wins.join(", "),
            self.draws,
            self.unfinished,
            self.plies as f64 / games as f64
        )
    }
}

/// How the engine chooses a move for the seat to act: the game and a seed for its
/// randomness.
pub type Think<'a, G> = &'a dyn Fn(&G, u64) -> Option<<G as Game>::Move>;

/// Ashtapada's computer: tree search with short playouts scored by the race estimate.
pub fn ashtapada(
    limits: MctsLimits,
) -> impl Fn(&Ashtapada, u64) -> Option<<Ashtapada as Game>::Move> {
    move |g, seed| ashta_engine::heuristics::ashtapada_move(g, limits, seed)
}

/// Shaturanga's computer: tree search with short playouts scored by material and stakes.
pub fn shaturanga(
    limits: MctsLimits,
) -> impl Fn(&Shaturanga, u64) -> Option<<Shaturanga as Game>::Move> {
    move |g, seed| ashta_engine::heuristics::shaturanga_move(g, limits, seed)
}

/// The dice games' search limits for `iterations` per move.
pub fn iterations(iterations: u64) -> MctsLimits {
    MctsLimits {
        iterations,
        time: None,
        playout_cap: ashta_engine::heuristics::PLAYOUT_CAP,
    }
}

/// Plays `spec.games` games from `start` with `think` in every seat.
pub fn run<G: Game>(
    start: &G,
    wrap: fn(G) -> AnyGame,
    spec: &SelfplaySpec,
    think: Think<'_, G>,
) -> Result<Tally> {
    let bar = indicatif::ProgressBar::new(spec.games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut tally = Tally {
        wins: vec![0; start.seats()],
        ..Tally::default()
    };
    for i in 0..spec.games {
        let seed = spec.seed.wrapping_add(i as u64);
        // the throws follow the recorded seed; the search has a stream of its own
        let mut dice = Dice::new(seed);
        let mut search_seeds = Dice::new(seed ^ 0x5eed_5eed_5eed_5eed);
        let mut g = start.clone();
        let mut moves = Vec::new();
        while g.outcome().is_none() && moves.len() < spec.max_plies {
            let m = match g.turn() {
                Turn::Chance => match g.random_outcome(&mut dice) {
                    Some(m) => m,
                    None => bail!("game {}: no throw is possible", i + 1),
                },
                Turn::Seat(seat) => {
                    let Some(m) = think(&g, search_seeds.unit().to_bits()) else {
                        bail!("game {}: no move for seat {}", i + 1, seat + 1);
                    };
                    if !g.legal_moves().contains(&m) {
                        bail!("game {}: the engine chose an illegal move", i + 1);
                    }
                    m
                }
                Turn::Over => break,
            };
            moves.push(g.move_text(m));
            g.play(m);
        }
        tally.plies += moves.len();
        match g.outcome() {
            None => tally.unfinished += 1,
            Some(o) => match o.winner() {
                Some(s) => tally.wins[s] += 1,
                None => tally.draws += 1,
            },
        }
        tally.records.push(Record {
            game: wrap(g),
            seed,
            moves,
        });
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_rules::ahayuta::Ahayuta;
    use ashta_rules::ashtapada::Ruleset;

    fn spec(games: usize, seed: u64) -> SelfplaySpec {
        SelfplaySpec {
            games,
            seed,
            max_plies: 3000,
        }
    }

    #[test]
    fn four_seat_ashtapada_games_finish_and_replay_from_their_records() {
        let start = Ashtapada::new(Ruleset::Kile, 4);
        let tally = run(
            &start,
            AnyGame::Ashtapada,
            &spec(3, 11),
            &ashtapada(iterations(30)),
        )
        .unwrap();
        assert_eq!(tally.wins.len(), 4);
        assert_eq!(tally.wins.iter().sum::<usize>() + tally.draws, 3);
        assert_eq!(tally.unfinished, 0);
        for r in &tally.records {
            let back = Record::read(&r.text()).unwrap();
            assert_eq!(back.moves, r.moves);
            assert_eq!(back.text(), r.text());
        }
        assert!(tally.summary().starts_with("3 games: wins seat 1 "));
    }

    #[test]
    fn shaturanga_games_finish_with_balanced_stakes() {
        use ashta_rules::shaturanga::BoatMove;
        let tally = run(
            &Shaturanga::new(BoatMove::Leap),
            AnyGame::Shaturanga,
            &spec(2, 3),
            &shaturanga(iterations(30)),
        )
        .unwrap();
        assert_eq!(tally.unfinished, 0);
        for r in &tally.records {
            let o = r.game.outcome().expect("finished");
            assert!(o.payoffs.iter().sum::<f64>().abs() < 1e-9);
            assert_eq!(Record::read(&r.text()).unwrap().moves, r.moves);
        }
    }

    #[test]
    fn runs_repeat_from_their_seed() {
        let think = |g: &Ahayuta, _| {
            ashta_engine::ahayuta_move(
                g,
                ashta_engine::AbLimits {
                    depth: 2,
                    time: None,
                },
            )
        };
        let a = run(&Ahayuta::new(), AnyGame::Ahayuta, &spec(2, 5), &think).unwrap();
        let b = run(&Ahayuta::new(), AnyGame::Ahayuta, &spec(2, 5), &think).unwrap();
        let texts = |t: &Tally| t.records.iter().map(Record::text).collect::<Vec<_>>();
        assert_eq!(texts(&a), texts(&b));
        assert_eq!(a.records.len(), 2);
    }
}
