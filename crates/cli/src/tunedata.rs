//! `ashta tune-data`: positions labelled by a teacher engine for learning the evaluation.
//! The teacher (Fairy-Stockfish, Stockfish for chess, or our own engine) plays itself from
//! random openings at a fixed depth or node count; each quiet position it meets (not in
//! check, its move takes nothing) is written with the teacher's score and the game's
//! result, both from White's side: `FEN;score;result` (result 1, 0.5 or 0). With a player
//! (`--player ashta`), the player chooses the moves and the teacher only scores the
//! positions: the labels then cover the positions the player's own evaluation steers to.

use crate::matches::{opening, Budget, MatchSpec, Player};
use crate::timecontrol::TimeControl;
use anyhow::{anyhow, Result};
use ashta_rules::chess::{ChessGame, MoveKind, Variant};
use ashta_rules::geometry::Color;
use ashta_rules::{Dice, Game, Turn};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Settings of a labelling run.
pub struct DataSpec {
    /// Games to play.
    pub games: usize,
    /// The teacher's limit per move.
    pub time: TimeControl,
    /// Random plies at the start of each game.
    pub random_plies: usize,
    /// Chance of a random move later in the game (variety), in percent.
    pub random_percent: u32,
    /// Seed of the openings and random moves.
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
    /// Plies after which a game is scored a draw.
    pub max_plies: usize,
    /// The player who chooses the moves instead of the teacher, and its limit per move.
    pub player: Option<(String, TimeControl)>,
}

/// Moves sent to the teacher with each position (the rest as the FEN before them): enough
/// for the repetitions it should see, few enough that replaying them costs little.
const TEACHER_WINDOW: usize = 24;

/// One position of a game and the teacher's score of it (for the side to move).
struct Labelled {
    fen: String,
    white_to_move: bool,
    score: i32,
}

/// Plays one teacher game from the `index`-th opening; the labelled positions and the
/// result for White.
fn teacher_game(
    v: &'static Variant,
    teacher: &mut Player,
    mut player: Option<&mut Player>,
    spec: &DataSpec,
    index: usize,
) -> Result<(Vec<Labelled>, f64)> {
    let match_spec = MatchSpec {
        games: 1,
        time: spec.time,
        random_plies: spec.random_plies,
        seed: spec.seed,
        max_plies: spec.max_plies,
        jobs: 1,
        sprt: None,
        adjudicate: false,
        balanced: None,
    };
    let mut g: ChessGame = opening(v, &match_spec, index);
    teacher.new_game()?;
    if let Some(p) = player.as_deref_mut() {
        p.new_game()?;
    }
    let mut dice = Dice::new(spec.seed ^ (index as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut out = Vec::new();
    while g.moves().len() < spec.max_plies {
        let Turn::Seat(seat) = g.turn() else { break };
        let budget = Budget {
            time: spec.time,
            own: Duration::ZERO,
            other: Duration::ZERO,
            white: seat == 0,
        };
        let (m, score) = teacher.choose_scored(&g, &budget).map_err(|e| {
            let pos = g.start_position().clone();
            let mut p = pos.clone();
            let moves: Vec<String> = g
                .moves()
                .iter()
                .map(|&m| {
                    let t = p.uci(m);
                    p.play_unchecked(m);
                    t
                })
                .collect();
            e.context(format!(
                "position fen {} moves {}",
                pos.fen(),
                moves.join(" ")
            ))
        })?;
        let legal = g.legal_moves();
        if !legal.contains(&m) {
            return Err(anyhow!("the teacher chose an illegal move"));
        }
        let pos = g.position();
        let quiet = pos
            .piece_at(m.to())
            .is_none_or(|p| p.color == pos.side_to_move())
            && !matches!(m.kind(), MoveKind::Promotion | MoveKind::EnPassant);
        if let Some(score) = score {
            if quiet && !pos.in_check() && !pos.in_setup() {
                out.push(Labelled {
                    fen: pos.fen(),
                    white_to_move: pos.side_to_move() == Color::White,
                    score,
                });
            }
        }
        // the teacher's own move said whether the position is quiet; a player, when there
        // is one, chooses the move played (searched only when no random move replaces it)
        let random = (dice.unit() * 100.0) < f64::from(spec.random_percent);
        let chosen = if random {
            legal[((dice.unit() * legal.len() as f64) as usize).min(legal.len() - 1)]
        } else if let (Some(p), Some((_, time))) = (player.as_deref_mut(), &spec.player) {
            let budget = Budget {
                time: *time,
                ..budget
            };
            let (pm, _) = p.choose_scored(&g, &budget)?;
            if !legal.contains(&pm) {
                return Err(anyhow!("the player chose an illegal move"));
            }
            pm
        } else {
            m
        };
        g.play(chosen);
    }
    let result = g.outcome().map_or(0.5, |o| o.payoffs[0]);
    Ok((out, result))
}

/// Plays the teacher's games and appends the labelled positions to `out`; returns how
/// many positions were written.
pub fn generate(
    v: &'static Variant,
    teacher: &str,
    spec: &DataSpec,
    out: &mut (impl Write + Send),
) -> Result<usize> {
    let bar = indicatif::ProgressBar::new(spec.games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg} ({eta})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let next = AtomicUsize::new(0);
    let written = AtomicUsize::new(0);
    let skipped = AtomicUsize::new(0);
    let out = Mutex::new(out);
    std::thread::scope(|scope| -> Result<()> {
        let mut workers = Vec::new();
        for _ in 0..spec.jobs.max(1) {
            workers.push(scope.spawn(|| -> Result<()> {
                let new_teacher = || -> Result<Player> {
                    let mut player = Player::from_spec(teacher, v)?;
                    player.send_window(TEACHER_WINDOW);
                    Ok(player)
                };
                let mut scorer = new_teacher()?;
                let new_mover = || -> Result<Option<Player>> {
                    spec.player
                        .as_ref()
                        .map(|(p, _)| Player::from_spec(p, v))
                        .transpose()
                };
                let mut mover = new_mover()?;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= spec.games {
                        return Ok(());
                    }
                    let (positions, result) =
                        match teacher_game(v, &mut scorer, mover.as_mut(), spec, i) {
                            Ok(x) => x,
                            Err(e) => {
                                // a teacher that disagrees with our rules (it refuses a move
                                // of the record, or sees the game over): the game is left out
                                eprintln!("game {i} left out: {e:#}");
                                skipped.fetch_add(1, Ordering::Relaxed);
                                scorer = new_teacher()?;
                                mover = new_mover()?;
                                continue;
                            }
                        };
                    let mut text = String::new();
                    for p in &positions {
                        let white = if p.white_to_move { p.score } else { -p.score };
                        text += &format!("{};{white};{result}\n", p.fen);
                    }
                    let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
                    o.write_all(text.as_bytes())?;
                    o.flush()?;
                    let n = written.fetch_add(positions.len(), Ordering::Relaxed) + positions.len();
                    bar.set_message(format!("{n} positions"));
                    bar.inc(1);
                }
            }));
        }
        for w in workers {
            w.join()
                .map_err(|_| anyhow!("a labelling worker failed"))??;
        }
        Ok(())
    })?;
    bar.finish();
    let skipped = skipped.into_inner();
    if skipped > 0 {
        eprintln!("{skipped} games left out where the teacher disagreed with the rules");
    }
    Ok(written.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_engine_labels_quiet_positions_with_scores_and_results() {
        let v = ashta_rules::chess::variant("makruk", None, &[]).unwrap();
        let spec = DataSpec {
            games: 2,
            time: TimeControl::Depth(2),
            random_plies: 4,
            random_percent: 5,
            seed: 9,
            jobs: 2,
            max_plies: 40,
            player: None,
        };
        let mut buf = Vec::new();
        let n = generate(v, "ashta", &spec, &mut buf).unwrap();
        let text = String::from_utf8(buf).unwrap();
        assert_eq!(text.lines().count(), n);
        assert!(n > 20, "{n}");
        for line in text.lines() {
            let parts: Vec<&str> = line.split(';').collect();
            assert_eq!(parts.len(), 3, "{line}");
            let pos = ashta_rules::chess::Position::from_fen(v, parts[0]).unwrap();
            assert!(!pos.in_check());
            parts[1].parse::<i32>().unwrap();
            assert!(["0", "0.5", "1"].contains(&parts[2]), "{line}");
        }
    }

    #[test]
    fn a_player_chooses_the_moves_the_teacher_scores() {
        let v = ashta_rules::chess::variant("makruk", None, &[]).unwrap();
        let run = |player: Option<(String, TimeControl)>| {
            let spec = DataSpec {
                games: 1,
                time: TimeControl::Depth(3),
                random_plies: 4,
                random_percent: 0,
                seed: 5,
                jobs: 1,
                max_plies: 40,
                player,
            };
            let mut buf = Vec::new();
            generate(v, "ashta", &spec, &mut buf).unwrap();
            String::from_utf8(buf).unwrap()
        };
        let alone = run(None);
        let again = run(None);
        let played = run(Some(("ashta".into(), TimeControl::Depth(1))));
        // the teacher alone replays its game exactly; a depth-1 player leaves it
        assert_eq!(alone, again);
        assert_ne!(alone, played);
        let fens = |t: &str| -> Vec<String> {
            t.lines()
                .map(|l| l.split(';').next().unwrap().to_string())
                .collect()
        };
        let (a, p) = (fens(&alone), fens(&played));
        assert!(p.len() > 10, "{}", p.len());
        // the same opening: the games part where the player first chooses otherwise
        assert_eq!(a[0], p[0]);
        assert!(p.iter().any(|f| !a.contains(f)));
        for line in played.lines() {
            let fen = line.split(';').next().unwrap();
            let pos = ashta_rules::chess::Position::from_fen(v, fen).unwrap();
            assert!(!pos.in_check());
        }
    }
}
