//! `ashta lab`: self-play experiments comparing readings of a rule. For each value of the
//! compared option (or ruleset) our engine plays every seat of N games; every finished
//! game's metrics are appended to `games.csv` in the output directory as it ends (a rerun
//! plays only the games still missing), and the summary (`summary.json`) and the report
//! (`report.html`, self-contained, with SVG charts) are written from all of them.
//!
//! Games are keyed by their reading and index; game `i` takes its opening plies (chess
//! family) and dice (Ashtapada, Shaturanga) from `seed + i`, so a run repeats, and
//! `--shard k/n` plays only the indices `i` with `i % n == k` (for fanning a run out over
//! machines: the shards' `games.csv` files concatenated make the whole run's).

use anyhow::{anyhow, bail, Context, Result};
use ashta_engine::{Limits, Searcher};
use ashta_rules::ahayuta::Ahayuta;
use ashta_rules::ashtapada::Ashtapada;
use ashta_rules::chess::ChessGame;
use ashta_rules::shaturanga::Shaturanga;
use ashta_rules::{Dice, Game, Turn};
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::GameArgs;

mod report;
mod summary;
use report::report;
pub use summary::{summarize, Share, Summary};

/// One experiment.
pub struct LabSpec {
    /// The game, its ruleset and the options every reading shares.
    pub game: GameArgs,
    /// The option compared (`ruleset` compares rulesets) and its values.
    pub compare: (String, Vec<String>),
    /// Games per reading.
    pub games: usize,
    /// The engine's level in every seat.
    pub level: u32,
    /// With a weaker level, game i's stronger side (seat i modulo the seats; Shaturanga's
    /// alliance i modulo 2) plays at `level` and the others at this one.
    pub weaker: Option<u32>,
    /// Games played at once.
    pub jobs: usize,
    /// Seed of game 0.
    pub seed: u64,
    /// Random plies opening each chess-family game (its dice make the others differ).
    pub random_plies: usize,
    /// `(k, n)`: only the games whose index is `k` modulo `n`.
    pub shard: (usize, usize),
    /// Where `games.csv`, `summary.json` and `report.html` go.
    pub out: PathBuf,
}

/// `--compare option=a,b[,c]`: the option's name and its values.
pub fn parse_compare(text: &str) -> Result<(String, Vec<String>)> {
    let (name, values) = text
        .split_once('=')
        .ok_or_else(|| anyhow!("--compare is option=a,b[,c], not {text:?}"))?;
    let values = values
        .split(',')
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .collect();
    Ok((name.trim().to_string(), values))
}

/// `--shard K/N`.
pub fn parse_shard(text: &str) -> Result<(usize, usize)> {
    text.split_once('/')
        .and_then(|(k, n)| Some((k.trim().parse().ok()?, n.trim().parse().ok()?)))
        .ok_or_else(|| anyhow!("--shard is K/N, not {text:?}"))
}

/// What one game gave.
#[derive(Clone, Debug, PartialEq)]
pub struct GameMetrics {
    /// The reading (the compared option's value).
    pub reading: String,
    /// Index of the game in its reading.
    pub index: usize,
    /// The seed it was played from.
    pub seed: u64,
    /// The winning seat; `None` for a draw or an unfinished game.
    pub winner: Option<usize>,
    /// Shaturanga's alliance that won together (0: South and North, 1: West and East).
    pub alliance: Option<usize>,
    /// How it ended (`checkmate`, `bare king`, ...; `move limit` when stopped).
    pub reason: String,
    /// Moves made by the seats (throws not counted).
    pub plies: usize,
    /// The mean number of legal moves at the seats' turns.
    pub branching: f64,
    /// Seats in the game.
    pub seats: usize,
    /// Lead changes: how often the engine's evaluation passed from one side's clear lead
    /// (a pawn or more) to the other's; `None` where there is no evaluation (dice games,
    /// Ahayuta).
    pub lead_changes: Option<usize>,
    /// How early the winner was clear: the share of the game played before the evaluation
    /// stayed at two pawns or more for the winner to the end (`None`: no winner or no
    /// evaluation).
    pub decided: Option<f64>,
    /// The evaluation curve: the engine's evaluation for the first seat (centipawns, within
    /// +/- [`CURVE_CAP`]) at every twentieth of the game, 21 points; empty where there is
    /// no evaluation.
    pub curve: Vec<i32>,
    /// The seats at the stronger level (with `--weaker`: one seat, or in Shaturanga an
    /// alliance's two); empty when every seat plays at one level.
    pub strong: Vec<usize>,
    /// Shaturanga: each seat's stakes won (+) or lost (-) at the end, the pool and the
    /// debts of rules 5, 8 and 14; empty for the other games.
    pub stakes: Vec<f64>,
}

/// The CSV header.
const HEADER: &str = "reading,index,seed,winner,reason,plies,branching,seats,alliance,lead_changes,decided,curve,strong,stakes";
/// The header of the files written before lead changes and decisiveness were kept (read
/// as games without them).
const OLD_HEADER: &str = "reading,index,seed,winner,reason,plies,branching,seats,alliance";

impl GameMetrics {
    fn csv(&self) -> String {
        format!(
            "{},{},{},{},{},{},{:.2},{},{},{},{},{},{},{}",
            self.reading,
            self.index,
            self.seed,
            self.winner.map_or("-".to_string(), |w| w.to_string()),
            self.reason.replace(',', ";"),
            self.plies,
            self.branching,
            self.seats,
            self.alliance.map_or("-".to_string(), |a| a.to_string()),
            self.lead_changes.map_or("-".to_string(), |n| n.to_string()),
            self.decided.map_or("-".to_string(), |d| format!("{d:.3}")),
            list_field(&self.curve, ";"),
            list_field(&self.strong, "+"),
            list_field(&self.stakes, ";"),
        )
    }

    fn parse(line: &str) -> Option<GameMetrics> {
        let f: Vec<&str> = line.split(',').collect();
        if ![9, 11, 12, 13, 14].contains(&f.len()) {
            return None;
        }
        let opt = |i: usize| f.get(i).copied().filter(|x| *x != "-");
        Some(GameMetrics {
            reading: f[0].to_string(),
            index: f[1].parse().ok()?,
            seed: f[2].parse().ok()?,
            winner: match f[3] {
                "-" => None,
                w => Some(w.parse().ok()?),
            },
            reason: f[4].to_string(),
            plies: f[5].parse().ok()?,
            branching: f[6].parse().ok()?,
            seats: f[7].parse().ok()?,
            alliance: match f[8] {
                "-" => None,
                a => Some(a.parse().ok()?),
            },
            lead_changes: match opt(9) {
                None => None,
                Some(n) => Some(n.parse().ok()?),
            },
            decided: match opt(10) {
                None => None,
                Some(d) => Some(d.parse().ok()?),
            },
            curve: parse_list(opt(11), ';')?,
            strong: parse_list(opt(12), '+')?,
            stakes: parse_list(opt(13), ';')?,
        })
    }
}

/// A CSV field holding a list (`-` for none), its items joined by `sep`.
fn list_field<T: std::fmt::Display>(items: &[T], sep: &str) -> String {
    if items.is_empty() {
        return "-".to_string();
    }
    let v: Vec<String> = items.iter().map(|x| x.to_string()).collect();
    v.join(sep)
}

/// The list of a field written by [`list_field`] (none read as empty); `None` if an item
/// does not read.
fn parse_list<T: std::str::FromStr>(field: Option<&str>, sep: char) -> Option<Vec<T>> {
    match field {
        None => Some(Vec::new()),
        Some(f) => f.split(sep).map(|x| x.parse().ok()).collect(),
    }
}

/// An engine's move for a position, with its evaluation in centipawns for the side to move
/// where it gives one.
type Think<'a, G> = dyn Fn(&G, u64, usize) -> Option<(<G as Game>::Move, Option<i32>)> + 'a;

/// Plays one game of `start` with `think` in every seat: `random_plies` random seat moves
/// first, the dice from `seed`.
fn play_one<G: Game>(
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
    // the engine's evaluations, in centipawns for the first seat
    let mut evals: Vec<i32> = Vec::new();
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
                        evals.push(if seat == 0 { v } else { -v });
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
    let (lead_changes, decided) = if evals.is_empty() {
        (None, None)
    } else {
        (
            Some(lead_changes(&evals)),
            winner.and_then(|w| decided_at(&evals, w)),
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

/// Two shares of a win as centipawns, as an Elo-like logistic: `400 log10(a / b)`.
fn logit_cp(a: f64, b: f64) -> i32 {
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
const LEAD: i32 = 100;
/// A decided game: two pawns or more for the winner to the end.
const DECIDED: i32 = 200;

/// How often the lead passed from one side to the other (a side leads by [`LEAD`] or
/// more; the evaluations are the first seat's).
pub fn lead_changes(evals: &[i32]) -> usize {
    let mut leader = 0;
    let mut changes = 0;
    for &v in evals {
        let now = if v >= LEAD {
            1
        } else if v <= -LEAD {
            -1
        } else {
            continue;
        };
        if leader != 0 && now != leader {
            changes += 1;
        }
        leader = now;
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
struct Played {
    winner: Option<usize>,
    alliance: Option<usize>,
    payoffs: Vec<f64>,
    reason: String,
    plies: usize,
    branching: f64,
    seats: usize,
    lead_changes: Option<usize>,
    decided: Option<f64>,
    curve: Vec<i32>,
    strong: Vec<usize>,
    stakes: Vec<f64>,
    /// The evaluations for the first seat, move by move.
    evals: Vec<i32>,
}

/// Shaturanga's alliance (0: South and North, 1: West and East) whose two allies alone
/// share the best payoff.
fn alliance_of(payoffs: &[f64]) -> Option<usize> {
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
fn reading_args(base: &GameArgs, name: &str, value: &str) -> GameArgs {
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
fn play_game(args: &GameArgs, spec: &LabSpec, index: usize) -> Result<Played> {
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
                Some((m, Some(ashta_engine::ahayuta_eval(&after, seat))))
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
            // two players: the race's lead after the move as an evaluation (a clear lead,
            // 100, is about seven squares of progress); none for more players
            let think = |g: &Ashtapada, s: u64, seat| {
                let inner = if level_of(seat) == spec.level {
                    &high
                } else {
                    &low
                };
                let m = inner(g, s)?;
                let mut after = g.clone();
                after.play(m);
                let shares = ashta_engine::heuristics::ashtapada_estimate(&after);
                let eval = (shares.len() == 2).then(|| {
                    let first = logit_cp(shares[0], shares[1]);
                    if seat == 0 {
                        first
                    } else {
                        -first
                    }
                });
                Some((m, eval))
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
            // South and North's material lead after the move, a pawn 100 (given as the
            // mover's evaluation, which the first seat's view is made from)
            let think = |g: &Shaturanga, s: u64, seat: usize| {
                let inner = if level_of(seat) == spec.level {
                    &high
                } else {
                    &low
                };
                let m = inner(g, s)?;
                let mut after = g.clone();
                after.play(m);
                let mat = ashta_engine::heuristics::shaturanga_material(&after);
                let first = (100.0 * (mat[0] - mat[1])).round() as i32;
                Some((m, Some(if seat == 0 { first } else { -first })))
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
                r.best.map(|m| (m, Some(r.info.score)))
            };
            play_one(&ChessGame::new(v), seed, spec.random_plies, 600, &think)?
        }
    };
    r.strong = strong.clone();
    Ok(r)
}

/// Runs the experiment (the games still missing from `games.csv`), then writes the
/// summary and the report; the summary's text.
pub fn run(spec: &LabSpec) -> Result<String> {
    let (name, values) = &spec.compare;
    if values.is_empty() {
        bail!("--compare names no values: option=a,b");
    }
    if spec.shard.1 == 0 || spec.shard.0 >= spec.shard.1 {
        bail!("--shard k/n needs k < n");
    }
    std::fs::create_dir_all(&spec.out)
        .with_context(|| format!("creating {}", spec.out.display()))?;
    let csv_path = spec.out.join("games.csv");
    let done = read_csv(&csv_path)?;
    let have: HashSet<(String, usize)> =
        done.iter().map(|g| (g.reading.clone(), g.index)).collect();
    // every reading must be a game the rules know before anything is played
    for v in values {
        let args = reading_args(&spec.game, name, v);
        check_reading(&args).with_context(|| format!("the reading {name}={v}"))?;
    }
    let todo: Vec<(String, usize)> = values
        .iter()
        .flat_map(|v| (0..spec.games).map(move |i| (v.clone(), i)))
        .filter(|(_, i)| i % spec.shard.1 == spec.shard.0)
        .filter(|k| !have.contains(k))
        .collect();
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&csv_path)
        .with_context(|| format!("opening {}", csv_path.display()))?;
    let file = Mutex::new(file);
    if done.is_empty() {
        writeln!(file.lock().unwrap_or_else(|e| e.into_inner()), "{HEADER}")?;
    }
    let bar = indicatif::ProgressBar::new(todo.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {eta}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let next = Mutex::new(todo.into_iter());
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..spec.jobs.max(1) {
            scope.spawn(|| loop {
                let Some((reading, index)) = next.lock().unwrap_or_else(|e| e.into_inner()).next()
                else {
                    return;
                };
                if failure.lock().unwrap_or_else(|e| e.into_inner()).is_some() {
                    return;
                }
                let args = reading_args(&spec.game, name, &reading);
                match play_game(&args, spec, index) {
                    Ok(p) => {
                        let m = GameMetrics {
                            reading,
                            index,
                            seed: spec.seed.wrapping_add(index as u64),
                            winner: p.winner,
                            alliance: p.alliance,
                            reason: p.reason,
                            plies: p.plies,
                            branching: p.branching,
                            seats: p.seats,
                            lead_changes: p.lead_changes,
                            decided: p.decided,
                            curve: p.curve,
                            strong: p.strong,
                            stakes: p.stakes,
                        };
                        let mut f = file.lock().unwrap_or_else(|e| e.into_inner());
                        let _ = writeln!(f, "{}", m.csv());
                        let _ = f.flush();
                        bar.inc(1);
                    }
                    Err(e) => {
                        *failure.lock().unwrap_or_else(|e| e.into_inner()) =
                            Some(e.context(format!("{name}={reading}, game {index}")));
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let all = read_csv(&csv_path)?;
    let title = format!(
        "{} ({}): {name} = {}; level {}",
        spec.game.game,
        spec.game.ruleset.as_deref().unwrap_or("seed"),
        values.join(" / "),
        spec.level
    );
    let mut summaries: Vec<Summary> = values
        .iter()
        .map(|v| {
            summarize(
                v,
                &all.iter()
                    .filter(|g| g.reading == *v)
                    .cloned()
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    for s in &mut summaries {
        let names = seat_names(&reading_args(&spec.game, name, &s.reading));
        if names.len() == s.names.len() {
            s.names = names;
        }
    }
    std::fs::write(
        spec.out.join("summary.json"),
        serde_json::to_string_pretty(&serde_json::json!({
            "title": title,
            "readings": summaries.iter().map(Summary::json).collect::<Vec<_>>(),
        }))?,
    )?;
    std::fs::write(
        spec.out.join("report.html"),
        report(&title, &summaries, &all),
    )?;
    Ok(summaries
        .iter()
        .map(Summary::line)
        .collect::<Vec<_>>()
        .join("\n"))
}

/// The seats' names as the web app gives them (`White`, `Sente`, `South`, ...).
fn seat_names(args: &GameArgs) -> Vec<String> {
    let setup = ashta_server::table::Setup {
        game: args.game.clone(),
        ruleset: args.ruleset.clone().unwrap_or_default(),
        options: args.options.clone(),
        seed: 1,
        seed_chosen: true,
        start: None,
    };
    ashta_server::table::Table::new(setup)
        .map(|t| t.seat_names())
        .unwrap_or_default()
}

/// Refuses a reading the rules do not know.
fn check_reading(args: &GameArgs) -> Result<()> {
    match args.game.to_ascii_lowercase().as_str() {
        "ahayuta" => Ok(()),
        "ashtapada" => args.ashtapada().map(|_| ()),
        "shaturanga" | "chaturaji" => args.shaturanga().map(|_| ()),
        _ => args.variant().map(|_| ()),
    }
}

/// The games recorded so far (none if the file is missing); a damaged line is an error
/// naming it.
pub fn read_csv(path: &Path) -> Result<Vec<GameMetrics>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && *l != HEADER && *l != OLD_HEADER)
        .map(|(i, l)| {
            GameMetrics::parse(l).ok_or_else(|| {
                anyhow!(
                    "{} line {}: not a game's metrics: {l:?}",
                    path.display(),
                    i + 1
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::summary::share;
    use super::*;

    fn game(
        reading: &str,
        index: usize,
        winner: Option<usize>,
        reason: &str,
        plies: usize,
    ) -> GameMetrics {
        GameMetrics {
            reading: reading.into(),
            index,
            seed: index as u64,
            winner,
            alliance: None,
            reason: reason.into(),
            plies,
            branching: 20.0,
            seats: 2,
            lead_changes: None,
            decided: None,
            curve: Vec::new(),
            strong: Vec::new(),
            stakes: Vec::new(),
        }
    }

    /// Shares and intervals, lengths and endings computed from hand-made games.
    #[test]
    fn metrics_of_hand_made_games() {
        let s = share(5, 10);
        assert_eq!(s.p, 0.5);
        assert!(
            (s.low - 0.2366).abs() < 1e-3 && (s.high - 0.7634).abs() < 1e-3,
            "{s:?}"
        );
        assert_eq!(
            share(0, 0),
            Share {
                p: 0.0,
                low: 0.0,
                high: 1.0
            }
        );
        let games = vec![
            game("a", 0, Some(0), "checkmate", 40),
            game("a", 1, Some(1), "checkmate", 60),
            game("a", 2, None, "stalemate", 80),
            game("a", 3, Some(0), "bare king", 20),
        ];
        let s = summarize("a", &games);
        assert_eq!(s.games, 4);
        assert_eq!((s.wins[0].p, s.wins[1].p, s.draws.p), (0.5, 0.25, 0.25));
        assert_eq!(s.length.0, 50.0);
        // the standard deviation is 25.82; its 95% half-interval over 4 games 25.3
        assert!((s.length.1 - 25.30).abs() < 0.05, "{:?}", s.length);
        assert_eq!(s.reasons["checkmate"], 2);
        let line = s.line();
        assert!(
            line.contains("seat 1 50%") && line.contains("checkmate 2"),
            "{line}"
        );
        // each game's line reads back
        for g in &games {
            assert_eq!(GameMetrics::parse(&g.csv()).as_ref(), Some(g));
        }
        assert!(GameMetrics::parse("a,b,c").is_none());
        // Shaturanga's alliances: a shared win is the alliance's, not a draw
        assert_eq!(alliance_of(&[3.0, -3.0, 3.0, -3.0]), Some(0));
        assert_eq!(alliance_of(&[-1.0, 1.0, -1.0, 1.0]), Some(1));
        assert_eq!(alliance_of(&[5.0, -3.0, 1.0, -3.0]), None);
        let mut four: Vec<GameMetrics> = (0..4)
            .map(|i| game("b", i, None, "rajahs taken", 100))
            .collect();
        for g in &mut four {
            g.seats = 4;
        }
        four[0].alliance = Some(0);
        four[1].alliance = Some(1);
        four[2].winner = Some(2);
        let s = summarize("b", &four);
        assert_eq!(
            (s.alliances[0].p, s.alliances[1].p, s.draws.p),
            (0.25, 0.25, 0.25)
        );
        assert!(
            s.line().contains("South and North together 25%"),
            "{}",
            s.line()
        );
        assert_eq!(GameMetrics::parse(&four[0].csv()).as_ref(), Some(&four[0]));
    }

    /// Lead changes and how early the winner was clear, from hand-made evaluations (the
    /// first seat's, in centipawns).
    #[test]
    fn drama_and_decisiveness_of_hand_made_evaluations() {
        // White leads, Black leads, small swings in between do not count, White again
        let evals = [150, 40, -120, -90, 30, 99, 300, 250, 400];
        assert_eq!(lead_changes(&evals), 2);
        // White's lead stays at two pawns from the seventh of nine evaluations
        assert_eq!(decided_at(&evals, 0), Some(6.0 / 9.0));
        assert_eq!(
            decided_at(&evals, 1),
            None,
            "Black was never clear at the end"
        );
        assert_eq!(lead_changes(&[0, 50, -50]), 0);
        let mut g = game("a", 0, Some(0), "checkmate", 40);
        g.lead_changes = Some(2);
        g.decided = Some(0.5);
        let mut h = game("a", 1, Some(1), "checkmate", 40);
        h.lead_changes = Some(4);
        h.decided = Some(0.7);
        let s = summarize("a", &[g.clone(), h]);
        assert_eq!(s.lead_changes.map(|x| x.0), Some(3.0));
        let (d, _, n) = s.decided.unwrap();
        assert!((d - 0.6).abs() < 1e-9 && n == 2, "{d} {n}");
        assert!(s.line().contains("lead changes 3.0"), "{}", s.line());
        let back = GameMetrics::parse(&g.csv()).unwrap();
        assert_eq!((back.lead_changes, back.decided), (Some(2), Some(0.5)));
        // a file from before these columns still reads
        let old = "a,3,3,0,checkmate,40,20.00,2,-";
        assert_eq!(GameMetrics::parse(old).map(|m| m.lead_changes), Some(None));
    }

    /// Skill against luck from hand-made games: the stronger side's score against what
    /// chance gives it, alone or as Shaturanga's alliance.
    #[test]
    fn skill_against_luck_of_hand_made_games() {
        let mut games = Vec::new();
        for (i, winner) in [Some(0), Some(1), Some(2), None].into_iter().enumerate() {
            let mut g = game("a", i, winner, "end", 40);
            g.strong = vec![i % 2];
            games.push(g);
        }
        // the stronger seat won games 0 and 1, lost game 2 (seat 2 won, game 2's stronger
        // seat is 0), and game 3 had no winner (a half): 2.5 of 4
        let k = summarize("a", &games).skill.unwrap();
        assert!((k.score.p - 0.625).abs() < 1e-9 && k.chance == 0.5, "{k:?}");
        assert!((k.explained.p - 0.25).abs() < 1e-9, "{k:?}");
        assert!(k.explained.low < 0.0 && k.explained.high > 0.5, "{k:?}");
        assert!(summarize("a", &games).line().contains("skill explains 25%"));
        let back = GameMetrics::parse(&games[1].csv()).unwrap();
        assert_eq!(back.strong, vec![1]);
        // Shaturanga: an alliance of two seats against the other; its win counts whole
        let mut g = game("s", 0, None, "alliance", 90);
        g.seats = 4;
        g.alliance = Some(1);
        g.strong = vec![1, 3];
        let k = summarize("s", &[g.clone()]).skill.unwrap();
        assert_eq!((k.score.p, k.chance), (1.0, 0.5));
        assert_eq!(GameMetrics::parse(&g.csv()).unwrap().strong, vec![1, 3]);
        // Shaturanga's stakes: each seat's mean at the end, kept in the CSV
        g.stakes = vec![-1.0, 1.0, -1.0, 1.0];
        let mut h = g.clone();
        h.stakes = vec![-2.0, 2.0, 0.5, -0.5];
        assert_eq!(GameMetrics::parse(&h.csv()).unwrap().stakes, h.stakes);
        let s = summarize("s", &[g, h]);
        assert_eq!(
            s.stakes.iter().map(|x| x.0).collect::<Vec<_>>(),
            [-1.5, 1.5, -0.25, 0.25]
        );
        assert!(
            s.line().contains("mean stakes seat 1 -1.50"),
            "{}",
            s.line()
        );
        assert!(summarize("a", &[game("a", 0, Some(0), "end", 9)])
            .skill
            .is_none());
    }

    /// The evaluation curve: 21 points at every twentieth of the game, mates capped; kept in
    /// the CSV and drawn in the report only where there are evaluations.
    #[test]
    fn evaluation_curves_of_hand_made_evaluations() {
        let evals: Vec<i32> = (0..41).map(|i| i * 10).chain([30_000]).collect();
        let c = curve(&evals);
        assert_eq!(c.len(), 21);
        assert_eq!(&c[..3], &[0, 20, 40]);
        assert_eq!(c[20], CURVE_CAP, "the last evaluation, a mate, is capped");
        assert_eq!(curve(&[-5]), vec![-5; 21]);
        assert!(curve(&[]).is_empty());
        let mut g = game("a", 0, Some(0), "checkmate", 40);
        g.curve = c.clone();
        assert_eq!(GameMetrics::parse(&g.csv()).unwrap().curve, c);
        let plain = game("a", 1, None, "stalemate", 30);
        assert!(GameMetrics::parse(&plain.csv()).unwrap().curve.is_empty());
        let s = summarize("a", &[g.clone(), plain.clone()]);
        let page = report::report("t", std::slice::from_ref(&s), &[g, plain.clone()]);
        assert!(
            page.contains("id=\"curves\"") && page.contains("1 games"),
            "{page}"
        );
        let s = summarize("a", std::slice::from_ref(&plain));
        assert!(!report::report("t", &[s], &[plain]).contains("id=\"curves\""));
    }

    fn spec(out: &Path, games: usize, shard: (usize, usize)) -> LabSpec {
        LabSpec {
            game: GameArgs {
                game: "ahayuta".into(),
                ruleset: None,
                options: vec![],
            },
            compare: ("ruleset".into(), vec!["seed".into()]),
            games,
            level: 1,
            weaker: None,
            jobs: 2,
            seed: 5,
            random_plies: 4,
            shard,
            out: out.to_path_buf(),
        }
    }

    /// The dice games' drama from their estimates: two-player Ashtapada (the race's lead)
    /// and Shaturanga (the alliances' material) have lead changes and curves; Ashtapada
    /// for four has none.
    #[test]
    fn dice_games_have_drama_from_their_estimates() {
        let run_of = |game: &str, options: Vec<String>, games: usize| {
            let dir = tempfile::tempdir().unwrap();
            let mut sp = spec(dir.path(), games, (0, 1));
            sp.game.game = game.into();
            sp.game.options = options;
            sp.compare = ("ruleset".into(), vec!["seed".into()]);
            if game == "ashtapada" {
                sp.compare = ("ruleset".into(), vec!["kile".into()]);
            }
            run(&sp).unwrap();
            read_csv(&dir.path().join("games.csv")).unwrap()
        };
        let two = run_of("ashtapada", vec!["players=2".into()], 4);
        assert!(
            two.iter()
                .all(|g| g.lead_changes.is_some() && g.curve.len() == 21),
            "{two:?}"
        );
        let four = run_of("ashtapada", vec!["players=4".into()], 2);
        assert!(four.iter().all(|g| g.lead_changes.is_none()), "{four:?}");
        let sh = run_of("shaturanga", vec![], 2);
        assert!(
            sh.iter()
                .all(|g| g.lead_changes.is_some() && g.stakes.len() == 4),
            "{sh:?}"
        );
    }

    /// A run stopped and resumed gives the games of one run straight through, shards
    /// together make the whole, and the report has its charts.
    #[test]
    fn a_resumed_run_equals_an_uninterrupted_one() {
        let sorted = |dir: &Path| {
            let mut g = read_csv(&dir.join("games.csv")).unwrap();
            g.sort_by_key(|g| g.index);
            g
        };
        let whole = tempfile::tempdir().unwrap();
        run(&spec(whole.path(), 4, (0, 1))).unwrap();
        let resumed = tempfile::tempdir().unwrap();
        run(&spec(resumed.path(), 2, (0, 1))).unwrap();
        run(&spec(resumed.path(), 4, (0, 1))).unwrap();
        assert_eq!(sorted(resumed.path()), sorted(whole.path()));
        let shards = tempfile::tempdir().unwrap();
        run(&spec(shards.path(), 4, (0, 2))).unwrap();
        run(&spec(shards.path(), 4, (1, 2))).unwrap();
        assert_eq!(sorted(shards.path()), sorted(whole.path()));
        let html = std::fs::read_to_string(whole.path().join("report.html")).unwrap();
        assert!(
            html.contains("<svg") && html.contains("class=\"bar\""),
            "{html}"
        );
        let json = std::fs::read_to_string(whole.path().join("summary.json")).unwrap();
        assert!(json.contains("\"games\": 4"), "{json}");
        // Ahayuta's games have their drama and curves from its heuristic (a man 100)
        assert!(
            sorted(whole.path())
                .iter()
                .all(|g| g.lead_changes.is_some() && g.curve.len() == 21),
            "{:?}",
            sorted(whole.path())
        );
        // the seats by the names the web app gives them
        assert!(
            json.contains("\"Light\"") && html.contains("Light wins"),
            "{json}"
        );
        // a reading the rules do not know is refused before anything is played
        let mut bad = spec(whole.path(), 4, (0, 1));
        bad.game.game = "makruk".into();
        bad.compare = ("ruleset".into(), vec!["nonsense".into()]);
        assert!(run(&bad).is_err());
    }
}
