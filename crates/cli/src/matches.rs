//! `ashta match`: games between two engines (ours at any level, or any external UCI engine)
//! with our rules adjudicating, openings from random plies, a progress bar, and the score
//! with Elo difference and error margin; every game saved as PGN.

use anyhow::{bail, Result};
use ashta_rules::chess::{pgn, ChessGame, Variant};
use ashta_rules::{Dice, Game, Outcome, Turn};
use std::sync::mpsc::channel;
use std::time::Duration;

pub use crate::player::{Budget, Dispute, Player};
use crate::timecontrol::TimeControl;

/// The Elo difference for a score fraction, and the 95% margin from the games' spread.
pub fn elo(scores: &[f64]) -> (f64, f64) {
    let n = scores.len() as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let to_elo = |p: f64| -400.0 * (1.0 / p.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    let se = (var / n).sqrt();
    let diff = to_elo(mean);
    let margin = (to_elo(mean + 1.96 * se) - to_elo(mean - 1.96 * se)) / 2.0;
    (diff, margin)
}

/// Wins, draws and losses among per-game scores (1, 0.5, 0).
pub fn wins_draws_losses(scores: &[f64]) -> (usize, usize, usize) {
    let count = |f: fn(f64) -> bool| scores.iter().filter(|&&s| f(s)).count();
    (count(|s| s > 0.5), count(|s| s == 0.5), count(|s| s < 0.5))
}

/// Settings of a match.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// Games to play (colours alternate; each opening is played with both colours).
    pub games: usize,
    /// Time per move, or clocks.
    pub time: TimeControl,
    /// Random plies played before the engines take over.
    pub random_plies: usize,
    /// Seed of the openings.
    pub seed: u64,
    /// Plies after which a game is adjudicated a draw.
    pub max_plies: usize,
    /// Games played at once (each with its own pair of engines).
    pub jobs: usize,
    /// Stop early when a sequential probability ratio test between these two Elo
    /// differences (the first engine's) decides, at 5% error either way.
    pub sprt: Option<(f64, f64)>,
    /// End a game when both engines' scores agree it is decided (see [`adjudicate`]).
    pub adjudicate: bool,
    /// Keep only openings that our engine scores within this many centipawns of even
    /// (see [`opening`]).
    pub balanced: Option<i32>,
}

/// A finished match: the first engine's score in each game (in the order of the
/// openings), the records, and the SPRT's verdict if one ran and decided.
pub struct MatchResult {
    /// The first engine's score per game (1, 0.5, 0).
    pub scores: Vec<f64>,
    /// Every game as PGN.
    pub records: String,
    /// `Some(true)` when the SPRT accepted the second hypothesis (the gain), `Some(false)`
    /// when it accepted the first.
    pub sprt: Option<bool>,
    /// Games lost on time by each engine.
    pub time_losses: [usize; 2],
    /// Games each engine lost by not answering or dying (it was started afresh after
    /// each).
    pub failures: [usize; 2],
    /// Games that ended in a rules dispute (an engine playing by other rules), left out
    /// of the scores.
    pub disputed: usize,
}

/// One played game.
struct Played {
    score: f64,
    record: String,
    lost_on_time: Option<usize>,
    /// The engine (0: the first, 1: the second) that stopped answering, or died, and lost
    /// the game for it.
    failed: Option<usize>,
    /// The game ended in a rules dispute (it does not count).
    disputed: bool,
}

/// Nodes of the search that judges whether an opening is balanced.
const BALANCE_NODES: u64 = 20_000;
/// Openings drawn for a pair before the last one drawn stands, balanced or not.
const BALANCE_DRAWS: usize = 200;

/// The opening of the `pair`-th pair of games: random plies from the match's seed. With
/// `spec.balanced`, openings are drawn again (from the same dice, so the same seed gives
/// the same openings) until a search of our engine (20,000 nodes) scores one within the
/// margin of even: a random ply that leaves a piece hanging would otherwise decide both
/// games of the pair, each won by the side that got it, and the pair would tell nothing.
pub(crate) fn opening(v: &'static Variant, spec: &MatchSpec, pair: usize) -> ChessGame {
    let mut dice = Dice::new(
        spec.seed
            .wrapping_mul(0x9E37_79B9)
            .wrapping_add(pair as u64),
    );
    let mut g = random_plies(v, spec.random_plies, &mut dice);
    if let Some(margin) = spec.balanced {
        for _ in 1..BALANCE_DRAWS {
            if opening_score(&g).is_some_and(|s| s.abs() <= margin) {
                break;
            }
            g = random_plies(v, spec.random_plies, &mut dice);
        }
    }
    g
}

/// `plies` random moves from the start.
fn random_plies(v: &'static Variant, plies: usize, dice: &mut Dice) -> ChessGame {
    let mut g = ChessGame::new(v);
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() || g.outcome().is_some() {
            break;
        }
        let k = (dice.unit() * moves.len() as f64) as usize;
        g.play(moves[k.min(moves.len() - 1)]);
    }
    g
}

/// Our engine's score of an opening for the side to move (a fresh search of
/// [`BALANCE_NODES`] nodes), or nothing where the game is over or a mate is seen.
pub(crate) fn opening_score(g: &ChessGame) -> Option<i32> {
    if g.outcome().is_some() {
        return None;
    }
    let mut searcher = ashta_engine::Searcher::new(4);
    let limits = ashta_engine::Limits {
        nodes: Some(BALANCE_NODES),
        ..ashta_engine::Limits::default()
    };
    let r = searcher.search(g, &limits, |_| {});
    r.best?;
    match r.info.mate {
        Some(_) => None,
        None => Some(r.info.score),
    }
}

/// Plays one game from `opening`, `a` (the first engine) with White when `a_white`.
fn play_game(
    opening: &ChessGame,
    a: &mut Player,
    b: &mut Player,
    a_white: bool,
    spec: &MatchSpec,
    round: usize,
) -> Result<Played> {
    let mut g = opening.clone();
    // an engine that stops answering or dies loses the game (index 0: `a`), and why
    let mut failed: Option<(usize, String)> = None;
    let failure = |who: usize, e: anyhow::Error| Some((who, format!("engine failure: {e:#}")));
    for (who, p) in [(0, &mut *a), (1, &mut *b)] {
        if let Err(e) = p.new_game() {
            failed = failure(who, e);
            break;
        }
    }
    let mut clocks = match spec.time {
        TimeControl::Clock { base, .. } => [base, base],
        _ => [Duration::ZERO; 2],
    };
    let mut lost_on_time = None;
    let mut scores: Vec<Option<i32>> = Vec::new();
    let mut adjudicated: Option<f64> = None;
    let mut disputed: Option<String> = None;
    while failed.is_none() && g.moves().len() < spec.max_plies {
        let Turn::Seat(seat) = g.turn() else { break };
        let mover_is_a = (seat == 0) == a_white;
        let mover = if mover_is_a { &mut *a } else { &mut *b };
        let clock = Budget {
            time: spec.time,
            own: clocks[seat],
            other: clocks[1 - seat],
            white: seat == 0,
        };
        let started = std::time::Instant::now();
        let (m, score) = match mover.choose_scored(&g, &clock) {
            Ok(x) => x,
            Err(e) if e.downcast_ref::<Dispute>().is_some() => {
                disputed = Some(e.to_string());
                break;
            }
            Err(e) => {
                failed = failure(usize::from(!mover_is_a), e);
                break;
            }
        };
        let used = started.elapsed();
        // adjudication: both engines agree the game is decided, or long drawn
        if spec.adjudicate {
            let white_view = score.map(|s| if seat == 0 { s } else { -s });
            scores.push(white_view);
            if let Some(result) = adjudicate(&scores, g.moves().len()) {
                adjudicated = Some(result);
                break;
            }
        }
        if let TimeControl::Clock {
            increment, byoyomi, ..
        } = spec.time
        {
            let allowed = clocks[seat] + byoyomi;
            if used > allowed {
                lost_on_time = Some((usize::from(!mover_is_a), used, allowed));
                break;
            }
            // a move that runs into byoyomi spends the clock; byoyomi itself is not kept
            clocks[seat] = clocks[seat].saturating_sub(used) + increment;
        }
        if !g.legal_moves().contains(&m) {
            bail!("{} chose an illegal move", mover.name());
        }
        g.play(m);
    }
    let a_seat = if a_white { 0 } else { 1 };
    // a game lost by an engine's failure or on time: the loser, and why
    let failed_engine = failed.as_ref().map(|f| f.0);
    let forfeit = failed.or_else(|| {
        lost_on_time.map(|(l, used, allowed)| {
            let why = format!(
                "time forfeit: a move of {:.3} s with {:.3} s left",
                used.as_secs_f64(),
                allowed.as_secs_f64()
            );
            (l, why)
        })
    });
    let score = match (forfeit.as_ref().map(|f| f.0), adjudicated, g.outcome()) {
        (Some(loser), _, _) => f64::from(u8::from(loser == 1)),
        (None, Some(white), _) => {
            if a_white {
                white
            } else {
                1.0 - white
            }
        }
        (None, None, Some(o)) => o.payoffs[a_seat],
        (None, None, None) => 0.5,
    };
    let (white, black) = if a_white {
        (a.name(), b.name())
    } else {
        (b.name(), a.name())
    };
    let mut tags = vec![
        ("Event", "ashta match".to_string()),
        ("White", white),
        ("Black", black),
        ("Round", round.to_string()),
    ];
    // an end the rules did not make is the record's result and termination (one of each);
    // a disputed game stays unfinished ("*"), its termination saying why
    let white_seat = |won: bool| usize::from(!won);
    let ended = if let Some(why) = &disputed {
        tags.push(("Termination", format!("rules dispute: {why}")));
        None
    } else if let Some(white) = adjudicated {
        Some(if white == 0.5 {
            Outcome::draw("adjudication")
        } else {
            Outcome::win(white_seat(white > 0.5), "adjudication")
        })
    } else if let Some((_, why)) = forfeit {
        Some(Outcome::win(white_seat((score == 1.0) == a_white), why))
    } else if g.outcome().is_none() {
        Some(Outcome::draw("the match's move limit"))
    } else {
        None
    };
    let tags: Vec<(&str, &str)> = tags.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut record = pgn::write_ended(&g, &tags, ended.as_ref());
    record.push('\n');
    Ok(Played {
        score,
        record,
        lost_on_time: lost_on_time.map(|l| l.0),
        failed: failed_engine,
        disputed: disputed.is_some(),
    })
}

/// A game's result for White when the engines' scores (White's view, one per ply) say it
/// is decided: both sides' last four scores beyond 1,000 centipawns for the same side, or
/// after 120 plies the last twelve within 10 centipawns of even.
fn adjudicate(scores: &[Option<i32>], plies: usize) -> Option<f64> {
    let last = |n: usize| -> Option<Vec<i32>> {
        if scores.len() < n {
            return None;
        }
        scores[scores.len() - n..].iter().copied().collect()
    };
    if let Some(s) = last(8) {
        if s.iter().all(|&x| x >= 1000) {
            return Some(1.0);
        }
        if s.iter().all(|&x| x <= -1000) {
            return Some(0.0);
        }
    }
    if plies >= 120 {
        if let Some(s) = last(12) {
            if s.iter().all(|&x| x.abs() <= 10) {
                return Some(0.5);
            }
        }
    }
    None
}

/// The log-likelihood ratio of the scores so far for Elo `elo1` against `elo0` (the
/// trinomial model of game results, as fishtest's and cutechess's SPRT use).
pub fn sprt_llr(scores: &[f64], elo0: f64, elo1: f64) -> f64 {
    let (w, d, l) = wins_draws_losses(scores);
    if w == 0 || l == 0 {
        return 0.0;
    }
    let n = (w + d + l) as f64;
    let (pw, pd) = (w as f64 / n, d as f64 / n);
    let s = pw + pd / 2.0;
    let var = (pw + pd / 4.0 - s * s) / n;
    if var <= 0.0 {
        return 0.0;
    }
    let expected = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
    let (s0, s1) = (expected(elo0), expected(elo1));
    (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
}

/// The SPRT's bounds at 5% error either way: below the first accept H0, above the
/// second H1.
pub const SPRT_BOUNDS: (f64, f64) = (-2.944_438_979, 2.944_438_979);

/// Plays a match between the engines `a` and `b` (specs as [`Player::from_spec`] reads
/// them), `spec.jobs` games at once. Each worker starts its own pair of engines.
pub fn play_match(v: &'static Variant, a: &str, b: &str, spec: &MatchSpec) -> Result<MatchResult> {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let pairs = spec.games.div_ceil(2);
    let bar = indicatif::ProgressBar::new(spec.games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    let (tx, rx) = channel::<Result<(usize, Played)>>();
    let jobs = spec.jobs.clamp(1, pairs.max(1));
    let mut results: Vec<Option<Played>> = (0..spec.games).map(|_| None).collect();
    let mut verdict = None;
    std::thread::scope(|scope| -> Result<()> {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, halt) = (&next, &halt);
            scope.spawn(move || {
                let players =
                    Player::from_spec(a, v).and_then(|pa| Ok((pa, Player::from_spec(b, v)?)));
                let (mut pa, mut pb) = match players {
                    Ok(p) => p,
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                };
                loop {
                    let pair = next.fetch_add(1, Ordering::Relaxed);
                    if pair >= pairs || halt.load(Ordering::Relaxed) {
                        return;
                    }
                    let start = opening(v, spec, pair);
                    for i in [2 * pair, 2 * pair + 1] {
                        if i >= spec.games {
                            break;
                        }
                        let played = play_game(&start, &mut pa, &mut pb, i % 2 == 0, spec, i + 1);
                        let failed = played.is_err();
                        let restart = played.as_ref().ok().and_then(|p| p.failed);
                        if tx.send(played.map(|p| (i, p))).is_err() || failed {
                            return;
                        }
                        // an engine that failed is started afresh for the next game
                        if let Some(who) = restart {
                            match Player::from_spec(if who == 0 { a } else { b }, v) {
                                Ok(p) if who == 0 => pa = p,
                                Ok(p) => pb = p,
                                Err(e) => {
                                    let _ = tx.send(Err(e));
                                    return;
                                }
                            }
                        }
                    }
                }
            });
        }
        drop(tx);
        let mut scores = Vec::new();
        let mut disputes = 0;
        for msg in rx {
            let (i, played) = match msg {
                Ok(x) => x,
                Err(e) => {
                    halt.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            };
            if played.disputed {
                disputes += 1;
            } else {
                scores.push(played.score);
            }
            results[i] = Some(played);
            let total: f64 = scores.iter().sum();
            let (w, d, l) = wins_draws_losses(&scores);
            let mut msg = format!("+{w} ={d} -{l}, score {total:.1}/{}", scores.len());
            if disputes > 0 {
                msg += &format!(", {disputes} disputed");
            }
            if let Some((e0, e1)) = spec.sprt {
                let llr = sprt_llr(&scores, e0, e1);
                msg += &format!(
                    ", LLR {llr:.2} ({:.2}, {:.2})",
                    SPRT_BOUNDS.0, SPRT_BOUNDS.1
                );
                if verdict.is_none() && (llr <= SPRT_BOUNDS.0 || llr >= SPRT_BOUNDS.1) {
                    verdict = Some(llr >= SPRT_BOUNDS.1);
                    halt.store(true, Ordering::Relaxed);
                }
            }
            bar.set_message(msg);
            bar.inc(1);
        }
        Ok(())
    })?;
    bar.finish();
    let played: Vec<Played> = results.into_iter().flatten().collect();
    let (mut time_losses, mut failures) = ([0; 2], [0; 2]);
    for p in &played {
        if let Some(loser) = p.lost_on_time {
            time_losses[loser] += 1;
        }
        if let Some(loser) = p.failed {
            failures[loser] += 1;
        }
    }
    Ok(MatchResult {
        scores: played
            .iter()
            .filter(|p| !p.disputed)
            .map(|p| p.score)
            .collect(),
        records: played.iter().map(|p| p.record.as_str()).collect(),
        sprt: verdict,
        time_losses,
        failures,
        disputed: played.iter().filter(|p| p.disputed).count(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        assert_eq!(elo(&[1.0, 0.0]).0.round(), 0.0);
        let (d, m) = elo(&[1.0, 1.0, 1.0, 0.0]);
        assert!((d - 190.8).abs() < 1.0 && m > 0.0, "{d} {m}");
    }

    #[test]
    fn balanced_openings_are_drawn_again_until_even() {
        let v = ashta_rules::chess::variant("xiangqi", Some("fairy-stockfish"), &[]).unwrap();
        let mut spec = MatchSpec {
            games: 14,
            time: TimeControl::MoveTime(Duration::from_millis(20)),
            random_plies: 4,
            seed: 7,
            max_plies: 60,
            jobs: 1,
            sprt: None,
            adjudicate: false,
            balanced: None,
        };
        let scores: Vec<Option<i32>> = (0..20)
            .map(|p| opening_score(&opening(v, &spec, p)))
            .collect();
        let lopsided = scores
            .iter()
            .position(|s| s.is_none_or(|s| s.abs() > 100))
            .expect("some opening of four random plies is far from even");
        let even_already = scores
            .iter()
            .position(|s| s.is_some_and(|s| s.abs() <= 100))
            .expect("some opening is even");
        let plain = opening(v, &spec, lopsided);
        spec.balanced = Some(100);
        let even = opening(v, &spec, lopsided);
        assert_ne!(even.moves(), plain.moves());
        assert_eq!(even.moves().len(), 4);
        assert!(opening_score(&even).is_some_and(|s| s.abs() <= 100));
        // the same seed gives the same openings
        assert_eq!(opening(v, &spec, lopsided).moves(), even.moves());
        // an opening already even is kept as it was
        let first = opening(
            v,
            &MatchSpec {
                balanced: None,
                ..spec.clone()
            },
            even_already,
        );
        assert_eq!(opening(v, &spec, even_already).moves(), first.moves());
    }

    #[test]
    fn a_short_match_between_levels_is_legal_and_recorded() {
        let v = ashta_rules::chess::variant("shatranj", None, &[]).unwrap();
        let spec = MatchSpec {
            games: 4,
            time: TimeControl::MoveTime(Duration::from_millis(20)),
            random_plies: 4,
            seed: 3,
            max_plies: 60,
            jobs: 2,
            sprt: None,
            adjudicate: true,
            balanced: None,
        };
        let result = play_match(v, "ashta:8", "ashta:1", &spec).unwrap();
        assert_eq!(result.scores.len(), 4);
        let records = result.records;
        assert_eq!(records.matches("[Variant \"shatranj\"]").count(), 4);
        for (i, game) in records
            .split("\n\n[Event")
            .filter(|s| !s.trim().is_empty())
            .enumerate()
        {
            let text = if game.starts_with("[Event") {
                game.to_string()
            } else {
                format!("[Event{game}")
            };
            // in the order of the rounds, each opening twice
            assert!(text.contains(&format!("[Round \"{}\"]", i + 1)), "{text}");
            // one result, the same in the tags and after the moves, and never unfinished:
            // an adjudicated game or one cut at the match's move limit says so
            let results: Vec<&str> = text
                .lines()
                .filter_map(|l| l.strip_prefix("[Result \"")?.strip_suffix("\"]"))
                .collect();
            assert_eq!(results.len(), 1, "{text}");
            assert_ne!(results[0], "*", "{text}");
            assert!(text.trim_end().ends_with(results[0]), "{text}");
            assert_eq!(text.matches("[Termination ").count(), 1, "{text}");
            pgn::read(&text).unwrap();
        }
        assert!(Player::from_spec("nonsense", v).is_err());
        assert!(play_match(v, "ashta", "uci:/nonexistent/engine", &spec).is_err());
    }

    /// A UCI engine, as a shell script in `dir`, that answers the greeting and then does
    /// `on_go` when asked for a move.
    fn broken_engine(dir: &std::path::Path, on_go: &str) -> String {
        let script = dir.join("broken.sh");
        std::fs::write(
            &script,
            format!(
                "#!/bin/sh\nwhile read line; do case \"$line\" in\n\
                 uci) echo 'id name broken'; echo uciok;;\n\
                 isready) echo readyok;;\n\
                 go*) {on_go};;\n\
                 quit) exit 0;;\n\
                 esac; done\n"
            ),
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        format!("uci:{}", script.display())
    }

    fn failure_spec(games: usize) -> MatchSpec {
        MatchSpec {
            games,
            time: TimeControl::MoveTime(Duration::from_millis(10)),
            random_plies: 2,
            seed: 3,
            max_plies: 40,
            jobs: 1,
            sprt: None,
            adjudicate: false,
            balanced: None,
        }
    }

    #[test]
    fn an_engine_that_dies_loses_the_game_and_the_match_goes_on() {
        let dir = tempfile::tempdir().unwrap();
        let engine = broken_engine(dir.path(), "exit 1");
        let v = ashta_rules::chess::variant("shatranj", None, &[]).unwrap();
        let result = play_match(v, "ashta:1", &engine, &failure_spec(4)).unwrap();
        // every game played, each lost by the engine that died (started afresh after it)
        assert_eq!(result.scores, vec![1.0; 4]);
        assert_eq!(result.failures, [0, 4]);
        assert_eq!(result.time_losses, [0, 0]);
        assert_eq!(result.records.matches("engine failure").count(), 4);
        assert_eq!(result.records.matches("[Round ").count(), 4);
    }

    #[test]
    fn an_engine_that_stops_answering_loses_the_game_and_is_stopped() {
        // it never answers `go` (nor `quit` after it): the game is lost after the wait
        // (five times the move's time and five seconds), the engine killed
        let dir = tempfile::tempdir().unwrap();
        let engine = broken_engine(dir.path(), "sleep 600");
        let v = ashta_rules::chess::variant("shatranj", None, &[]).unwrap();
        let started = std::time::Instant::now();
        let result = play_match(v, &engine, "ashta:1", &failure_spec(1)).unwrap();
        assert_eq!(result.scores, vec![0.0]);
        assert_eq!(result.failures, [1, 0]);
        assert!(
            result.records.contains("did not answer"),
            "{}",
            result.records
        );
        // the reason's quotes do not break the record: a tag's value holds none
        let termination = (result.records.lines())
            .find(|l| l.starts_with("[Termination "))
            .unwrap();
        assert_eq!(termination.matches('"').count(), 2, "{termination}");
        let record = pgn::read(&result.records).unwrap();
        assert!(record
            .tag("Termination")
            .is_some_and(|t| t.starts_with("engine failure: ") && t.contains("'bestmove'")));
        assert!(started.elapsed() < Duration::from_secs(30));
    }

    #[test]
    fn games_on_a_clock_end_in_time_or_on_the_board() {
        let v = ashta_rules::chess::variant("makruk", None, &[]).unwrap();
        let spec = MatchSpec {
            games: 2,
            time: TimeControl::parse("0.3+0.01").unwrap(),
            random_plies: 2,
            seed: 5,
            max_plies: 40,
            jobs: 1,
            sprt: None,
            adjudicate: false,
            balanced: None,
        };
        let result = play_match(v, "ashta:8", "ashta:8", &spec).unwrap();
        assert_eq!(result.scores.len(), 2);
        // our engine keeps within its clock
        assert_eq!(result.time_losses, [0, 0]);
        assert!(TimeControl::parse("x+1").is_err());
        assert!(matches!(
            TimeControl::parse("0.1").unwrap(),
            TimeControl::MoveTime(t) if t == Duration::from_millis(100)
        ));
    }

    /// The clock `tc` (`BASE+INC`) with `seconds` of byoyomi.
    fn byoyomi_clock(tc: &str, seconds: f64) -> TimeControl {
        TimeControl::parse(tc)
            .unwrap()
            .with_byoyomi(seconds)
            .unwrap()
    }

    #[test]
    fn games_with_byoyomi_keep_within_it_and_tell_it_to_uci_engines() {
        let v = ashta_rules::chess::variant("shogi", None, &[]).unwrap();
        let spec = MatchSpec {
            time: byoyomi_clock("0+0", 0.1),
            max_plies: 30,
            ..failure_spec(2)
        };
        // byoyomi alone, from the first move: our engine keeps within it
        let result = play_match(v, "ashta:8", "ashta:8", &spec).unwrap();
        assert_eq!(result.scores.len(), 2);
        assert_eq!(result.time_losses, [0, 0]);
        // a UCI engine is told its byoyomi with its clock
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("go.txt");
        let engine = broken_engine(
            dir.path(),
            &format!("echo \"$line\" > {}; exit 1", log.display()),
        );
        let spec = MatchSpec {
            time: byoyomi_clock("2+0", 0.5),
            ..failure_spec(1)
        };
        play_match(v, &engine, "ashta:1", &spec).unwrap();
        let go = std::fs::read_to_string(&log).unwrap();
        assert_eq!(
            go.trim(),
            "go wtime 2000 btime 2000 winc 0 binc 0 byoyomi 500"
        );
    }

    #[test]
    fn a_move_past_the_clock_loses_and_the_record_says_by_how_much() {
        let v = ashta_rules::chess::variant("asha", None, &[]).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let slow = broken_engine(dir.path(), "sleep 0.3; echo 'bestmove e2e4'");
        let spec = MatchSpec {
            time: byoyomi_clock("0+0", 0.1),
            random_plies: 0,
            ..failure_spec(1)
        };
        let result = play_match(v, &slow, "ashta:1", &spec).unwrap();
        assert_eq!(result.time_losses, [1, 0]);
        assert_eq!(result.scores, vec![0.0]);
        assert!(
            result.records.contains("time forfeit: a move of 0.3")
                && result.records.contains("s with 0.100 s left"),
            "{}",
            result.records
        );
    }

    #[test]
    fn decided_games_are_adjudicated() {
        let won: Vec<Option<i32>> = (0..10).map(|i| Some(1200 + i)).collect();
        assert_eq!(adjudicate(&won, 40), Some(1.0));
        let lost: Vec<Option<i32>> = (0..10).map(|_| Some(-1500)).collect();
        assert_eq!(adjudicate(&lost, 40), Some(0.0));
        let mut mixed = won.clone();
        mixed.push(Some(900));
        assert_eq!(adjudicate(&mixed, 40), None);
        let even: Vec<Option<i32>> = (0..12).map(|i| Some(i % 3 - 1)).collect();
        assert_eq!(adjudicate(&even, 100), None);
        assert_eq!(adjudicate(&even, 130), Some(0.5));
        let unknown: Vec<Option<i32>> = (0..12).map(|_| None).collect();
        assert_eq!(adjudicate(&unknown, 200), None);
    }

    #[test]
    fn sprt_decides_on_clear_results_only() {
        let even: Vec<f64> = (0..200).map(|i| f64::from(i % 2)).collect();
        let llr = sprt_llr(&even, 0.0, 10.0);
        assert!(llr < 0.0 && llr > SPRT_BOUNDS.0, "{llr}");
        let strong: Vec<f64> = (0..200)
            .map(|i| if i % 4 == 0 { 0.0 } else { 1.0 })
            .collect();
        assert!(sprt_llr(&strong, 0.0, 10.0) > SPRT_BOUNDS.1);
        let weak: Vec<f64> = strong.iter().map(|s| 1.0 - s).collect();
        assert!(sprt_llr(&weak, 0.0, 10.0) < SPRT_BOUNDS.0);
    }
}
