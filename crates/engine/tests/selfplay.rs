//! Fast self-play of every game: 1,000 games each (`ASHTA_SELFPLAY_GAMES` to change), the
//! engine in every seat with a tiny budget and a random opening, every move it picks
//! checked against the legal moves. Chess family: alpha-beta with a node limit; Ahayuta:
//! alpha-beta at depth 1; Ashtapada and Shaturanga: Monte Carlo tree search with a few
//! iterations.

use ashta_engine::{ahayuta_move, mcts_move, AbLimits, Limits, MctsLimits, Searcher};
use ashta_rules::ahayuta::Ahayuta;
use ashta_rules::ashtapada::{Ashtapada, Ruleset};
use ashta_rules::chess::{variant, ChessGame, GAMES};
use ashta_rules::shaturanga::{BoatMove, Shaturanga};
use ashta_rules::{Dice, Game, Turn};

fn games() -> usize {
    std::env::var("ASHTA_SELFPLAY_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000)
}

/// Plays `n` games from `start`; `think` picks the engine's move. Returns the games that
/// reached their end by the rules.
fn selfplay<G: Game>(
    label: &str,
    start: &G,
    n: usize,
    max_plies: usize,
    think: &mut dyn FnMut(&G, u64) -> Option<G::Move>,
) -> usize {
    let mut finished = 0;
    for i in 0..n {
        let mut g = start.clone();
        let mut dice = Dice::new(i as u64);
        for ply in 0..max_plies {
            let m = match g.turn() {
                Turn::Over => break,
                Turn::Chance => dice.pick(&g.chance_outcomes()).expect("a throw"),
                Turn::Seat(_) => {
                    let legal = g.legal_moves();
                    assert!(
                        !legal.is_empty(),
                        "{label} game {i}: a seat to act has moves"
                    );
                    // four random plies open the game, then the engine plays
                    let m = if ply < 4 {
                        legal[(dice.unit() * legal.len() as f64) as usize % legal.len()]
                    } else {
                        think(&g, i as u64 * 7919 + ply as u64)
                            .unwrap_or_else(|| panic!("{label} game {i}: no move chosen"))
                    };
                    assert!(
                        legal.contains(&m),
                        "{label} game {i} ply {ply}: the engine chose an illegal move {m:?}"
                    );
                    m
                }
            };
            g.play(m);
        }
        finished += usize::from(g.outcome().is_some());
    }
    finished
}

#[test]
fn chess_family_engine_plays_only_legal_moves() {
    let n = games();
    let mut searcher = Searcher::new(1);
    let limits = Limits {
        nodes: Some(24),
        depth: Some(2),
        ..Limits::default()
    };
    for info in GAMES {
        let mut rulesets = vec!["seed"];
        if info.fsf.is_some() {
            rulesets.push("fairy-stockfish");
        }
        let per = n / rulesets.len();
        for r in rulesets {
            let v = variant(info.id, Some(r), &[]).unwrap();
            let start = ChessGame::new(v);
            // the Sittuyin setup and Janggi arrangement are part of the game
            let mut think = |g: &ChessGame, _seed: u64| {
                searcher
                    .stop
                    .store(false, std::sync::atomic::Ordering::Relaxed);
                searcher.search(g, &limits, |_| {}).best
            };
            let finished = selfplay(&format!("{} {r}", info.id), &start, per, 160, &mut think);
            assert!(finished <= per);
        }
    }
}

#[test]
fn ahayuta_engine_plays_only_legal_moves() {
    let limits = AbLimits {
        depth: 1,
        time: None,
    };
    let mut think = |g: &Ahayuta, _| ahayuta_move(g, limits);
    let finished = selfplay("ahayuta", &Ahayuta::new(), games(), 300, &mut think);
    assert!(finished > 0);
}

#[test]
fn dice_game_engines_play_only_legal_moves() {
    let limits = MctsLimits {
        iterations: 3,
        time: None,
        playout_cap: 12,
    };
    let n = games();
    for (label, start) in [
        ("kile 2", Ashtapada::new(Ruleset::Kile, 2)),
        ("kile 4", Ashtapada::new(Ruleset::Kile, 4)),
        ("ashta-kashte 3", Ashtapada::new(Ruleset::AshtaKashte, 3)),
    ] {
        let mut think = |g: &Ashtapada, seed| mcts_move(g, limits, seed);
        selfplay(label, &start, n / 3 + 1, 500, &mut think);
    }
    let mut think = |g: &Shaturanga, seed| mcts_move(g, limits, seed);
    selfplay(
        "shaturanga",
        &Shaturanga::new(BoatMove::Leap),
        n,
        500,
        &mut think,
    );
}
