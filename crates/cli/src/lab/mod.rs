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
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use crate::GameArgs;

mod metrics;
mod play;
mod report;
mod summary;
pub use metrics::*;
use play::*;
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

#[cfg(test)]
mod tests {
    use super::summary::share;
    use super::*;
    use std::path::Path;

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
        // among four: the leader by a clear margin over the strongest rival
        let shares = |a: f64, b: f64, c: f64, d: f64| leads_of_shares(&[a, b, c, d]);
        let four = [
            shares(0.4, 0.2, 0.2, 0.2),   // the first leads (2:1 is 120)
            shares(0.3, 0.3, 0.2, 0.2),   // no one clearly
            shares(0.2, 0.2, 0.45, 0.15), // the third
            shares(0.2, 0.5, 0.15, 0.15), // the second
            shares(0.25, 0.3, 0.25, 0.2), // no one: the second still counts as leading
            shares(0.2, 0.5, 0.15, 0.15), // the second again, no change
        ];
        assert_eq!(four[0][0], 120);
        assert!(four[0][1] < 0 && four[1][0] == 0);
        assert_eq!(leader_changes(&four), 2);
        assert_eq!(leads_of_shares(&[0.75, 0.25]), vec![191, -191]);
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

    /// The dice games' drama from their estimates: Ashtapada (each player's lead in the
    /// race) for two and for four, and Shaturanga (the alliances' material) have lead
    /// changes and curves.
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
        assert!(
            four.iter()
                .all(|g| g.lead_changes.is_some() && g.curve.len() == 21),
            "{four:?}"
        );
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
