//! `ashta`: the command line of the Ashta engine and playing platform.

mod bench;
mod cecp;
mod import;
mod lab;
mod matches;
mod perft;
mod play;
mod selfplay;
mod sidematch;
mod trainnet;
mod tunedata;
mod ucci;
mod uci;

use anyhow::{Context, Result};

/// mimalloc: the game trees and move lists allocate a great deal, and it does that faster
/// than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use ashta_rules::chess::{variant, Variant};
use clap::{Args, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "ashta",
    version,
    about = "Engine and playing platform for the historical games of the eight-square board"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Which game, under which rules.
#[derive(Args, Clone, Debug)]
pub struct GameArgs {
    /// Game id (asha, chaturanga, shatranj, senterej, ninth-century, sittuyin, makruk,
    /// ouk-chatrang, shatar, xiangqi, janggi, heian-shogi, sho-shogi, shogi, ashtapada,
    /// ahayuta, shaturanga) or Fairy-Stockfish's name (chess, cambodian, ...).
    pub game: String,
    /// Ruleset: seed (default) or fairy-stockfish.
    #[arg(long)]
    pub ruleset: Option<String>,
    /// A ruleset option, name=value (repeatable).
    #[arg(long = "option", short = 'o')]
    pub options: Vec<String>,
}

impl GameArgs {
    /// The Ashtapada ruleset and number of players these arguments name.
    fn ashtapada(&self) -> Result<(ashta_rules::ashtapada::Ruleset, usize)> {
        let rules = match self.ruleset.as_deref() {
            None | Some("kile") | Some("seed") => ashta_rules::ashtapada::Ruleset::Kile,
            Some("ashta-kashte") => ashta_rules::ashtapada::Ruleset::AshtaKashte,
            Some(r) => anyhow::bail!("ashtapada has rulesets kile and ashta-kashte, not {r:?}"),
        };
        let players = self
            .options
            .iter()
            .find_map(|o| o.strip_prefix("players="))
            .map(|n| n.parse::<usize>().ok().filter(|n| (2..=4).contains(n)))
            .unwrap_or(Some(2))
            .ok_or_else(|| anyhow::anyhow!("players is 2, 3 or 4"))?;
        Ok((rules, players))
    }

    /// How Shaturanga's boat moves, by `-o boat=leap|bishop`.
    fn shaturanga(&self) -> Result<ashta_rules::shaturanga::BoatMove> {
        use ashta_rules::shaturanga::BoatMove;
        if !matches!(self.ruleset.as_deref(), None | Some("seed")) {
            anyhow::bail!("shaturanga has the ruleset seed only");
        }
        let mut boat = BoatMove::Leap;
        for o in &self.options {
            boat = match o.as_str() {
                "boat=leap" => BoatMove::Leap,
                "boat=bishop" => BoatMove::Bishop,
                _ => anyhow::bail!("shaturanga has the option boat=leap|bishop, not {o:?}"),
            };
        }
        Ok(boat)
    }

    /// The variant these arguments name.
    pub fn variant(&self) -> Result<&'static Variant> {
        Ok(variant(&self.game, self.ruleset.as_deref(), &self.options)?)
    }
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Depth in plies.
        #[arg(long, short)]
        depth: u32,
        /// Start from this FEN instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Moves (UCI or SAN) to play first.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// Show the count below each move.
        #[arg(long)]
        divide: bool,
    },
    /// Speak UCI (with UCI_Variant) on standard input and output.
    Uci,
    /// Play a game in the terminal: two people, or against the computer.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Start from this FEN.
        #[arg(long)]
        fen: Option<String>,
        /// The computer plays this side (white or black).
        #[arg(long, value_parser = ["white", "black"])]
        computer: Option<String>,
        /// The computer's level, 1 (weakest) to 8.
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=8))]
        level: u32,
        /// The computer's time per move in milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// Seed of the dice (games with throws); printed so that the game can be replayed.
        #[arg(long)]
        seed: Option<u64>,
        /// Seats the computer plays in games of more seats (1-4, comma-separated).
        #[arg(long, value_delimiter = ',')]
        computers: Vec<usize>,
    },
    /// Measure perft speed on every game's start position.
    Bench {
        /// Depth for each game (default: a depth that takes about a second).
        #[arg(long)]
        depth: Option<u32>,
        /// Only these games.
        games: Vec<String>,
    },
    /// Play a match between two engines: `ashta[:LEVEL]` or `uci:PATH`.
    Match {
        #[command(flatten)]
        game: GameArgs,
        /// First engine.
        #[arg(long)]
        engine1: String,
        /// Second engine.
        #[arg(long)]
        engine2: String,
        /// Games (colours alternate, each opening played twice).
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// Milliseconds per move.
        #[arg(long, default_value_t = 100)]
        movetime: u64,
        /// Clocks instead of a time per move: BASE+INC in seconds (`10+0.1`); a side whose
        /// clock runs out loses.
        #[arg(long)]
        tc: Option<String>,
        /// Random plies before the engines take over.
        #[arg(long, default_value_t = 4)]
        random_plies: usize,
        /// Seed of the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the games to this PGN file.
        #[arg(long)]
        pgn: Option<std::path::PathBuf>,
        /// Games played at once (default: one per core).
        #[arg(long)]
        jobs: Option<usize>,
        /// Stop when a sequential probability ratio test decides between two Elo
        /// differences of the first engine, `ELO0,ELO1` (5% error either way).
        #[arg(long)]
        sprt: Option<String>,
        /// End a game when both engines' scores agree: beyond 1,000 centipawns for four
        /// moves each, or within 10 of even for twelve plies after ply 120.
        #[arg(long)]
        adjudicate: bool,
    },
    /// Our engine against itself in every seat, any game; tallies the results.
    Selfplay {
        #[command(flatten)]
        game: GameArgs,
        /// Games to play.
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// Level of the chess-family engine, 1 to 8 (for Ahayuta: the alpha-beta depth).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=8))]
        level: u32,
        /// Milliseconds per move (chess family).
        #[arg(long, default_value_t = 50)]
        movetime: u64,
        /// Search iterations per move (Ashtapada, Shaturanga).
        #[arg(long, default_value_t = 300)]
        iterations: u64,
        /// Seed of the openings (chess family) or of the first game's dice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the games to this file (PGN, or Ashta records).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Compare readings of a rule by self-play: the games of each value of an option (or
    /// ruleset), their metrics in DIR/games.csv, a summary and an HTML report.
    Lab {
        #[command(flatten)]
        game: GameArgs,
        /// The option compared and its values: `option=a,b[,c]` (`ruleset=kile,ashta-kashte`).
        #[arg(long)]
        compare: String,
        /// Games per reading.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// The engine's level in every seat, 1 to 8.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=8))]
        level: u32,
        /// Skill against luck: one side plays at --level and the others at this level
        /// (game i's stronger seat is seat i modulo the seats; Shaturanga: an alliance).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=8))]
        weaker: Option<u32>,
        /// Games played at once (default: one per core).
        #[arg(long)]
        jobs: Option<usize>,
        /// Seed of game 0 (game i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random moves opening each chess-family game.
        #[arg(long, default_value_t = 4)]
        random_plies: usize,
        /// Only the games whose index is K modulo N: `K/N` (to spread a run over machines).
        #[arg(long, default_value = "0/1")]
        shard: String,
        /// Directory of the results (a rerun continues what is there).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Measure random playouts per second (Ahayuta, Ashtapada, Shaturanga).
    Playouts {
        /// Seconds per game.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Play exactly this many playouts per game instead (the same seeded games every
        /// run, to compare builds or profile).
        #[arg(long, conflicts_with = "seconds")]
        count: Option<u64>,
        /// Only the cases whose label contains this text (e.g. `kile`, `shaturanga`).
        #[arg(long)]
        only: Option<String>,
    },
    /// Label positions for learning the evaluation: a teacher engine plays itself and
    /// scores each quiet position (`FEN;score;result` lines, appended to OUT).
    TuneData {
        #[command(flatten)]
        game: GameArgs,
        /// The teacher: `uci:PATH` (Fairy-Stockfish) or `ashta`.
        #[arg(long, default_value = "uci:/usr/games/fairy-stockfish")]
        teacher: String,
        /// Games to play.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// The teacher's limit per move: `depth=N`, `nodes=N` or seconds.
        #[arg(long, default_value = "nodes=5000")]
        limit: String,
        /// Random plies at the start of each game.
        #[arg(long, default_value_t = 8)]
        random_plies: usize,
        /// Chance of a random move later on, in percent.
        #[arg(long, default_value_t = 3)]
        random_percent: u32,
        /// Seed of the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once (default: one per core).
        #[arg(long)]
        jobs: Option<usize>,
        /// File the positions are appended to.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Learn a game's evaluation weights from labelled positions (see `tune-data`).
    Tune {
        #[command(flatten)]
        game: GameArgs,
        /// Files of labelled positions.
        #[arg(long, required = true)]
        data: Vec<std::path::PathBuf>,
        /// Where to write the weights (default: print them).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Passes over the data.
        #[arg(long, default_value_t = 400)]
        epochs: usize,
        /// Weight of the teacher's scores against the games' results (0-1).
        #[arg(long, default_value_t = 0.75)]
        lambda: f64,
        /// Start from the default weights instead of the game's current ones.
        #[arg(long)]
        from_defaults: bool,
    },
    /// Learn a game's network evaluation from labelled positions (see `tune-data`).
    TrainNet {
        #[command(flatten)]
        game: GameArgs,
        /// Files of labelled positions.
        #[arg(long, required = true)]
        data: Vec<std::path::PathBuf>,
        /// Where to write the network.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Passes over the data.
        #[arg(long, default_value_t = 30)]
        epochs: usize,
        /// Weight of the teacher's scores against the games' results (0-1).
        #[arg(long, default_value_t = 1.0)]
        lambda: f64,
        /// Adam's step size.
        #[arg(long, default_value_t = 0.001)]
        rate: f32,
        /// Threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Learn each position and its mirror image (left to right) too.
        #[arg(long)]
        mirrors: bool,
        /// Start from this network (learned before, for the same game) rather than from
        /// small random weights.
        #[arg(long)]
        from: Option<std::path::PathBuf>,
        /// Units of a second hidden layer (0: the first layer feeds the output).
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=ashta_engine::nnue::LAYER2_MAX as i64))]
        layer2: u32,
        /// Keep the first layer of the network of --from as it is.
        #[arg(long, requires = "from")]
        freeze_first: bool,
    },
    /// List the games, their rulesets and options.
    Games,
    /// Import records into the archive (PGN files of many games, or Ashtapada,
    /// Shaturanga and Ahayuta records): one line per game, imported or why not.
    Import {
        /// Record files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// The SQLite database (the one `serve` uses by default; not while it runs).
        #[arg(long)]
        db: Option<std::path::PathBuf>,
    },
    /// Serve the web app: play in the browser, invite friends, browse the archive.
    Serve {
        /// Address to listen on (0.0.0.0:8080 lets others on the network join).
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// The SQLite database (created on first start).
        #[arg(long)]
        db: Option<std::path::PathBuf>,
        /// Do not open the page in a browser.
        #[arg(long)]
        no_open: bool,
        /// Threads for the computer's searches (default: one fewer than the cores).
        #[arg(long)]
        engine_threads: Option<usize>,
        /// New games (created or imported) an address may start a minute.
        #[arg(long, default_value_t = 60)]
        games_per_minute: u32,
        /// A directory of `ashta lab` experiments (DIR/NAME each) for the /lab page.
        #[arg(long)]
        lab: Option<std::path::PathBuf>,
    },
}

fn main() -> Result<()> {
    match run(Cli::parse()) {
        // a closed pipe (the reader went away) ends the program quietly
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(())
        }
        other => other,
    }
}

/// The computer's seats (0-based) from `--computer white|black` and `--computers 2,3`.
fn computer_seats(side: Option<&str>, seats: &[usize]) -> Result<Vec<usize>> {
    let mut out: Vec<usize> = side
        .map(|s| usize::from(s == "black"))
        .into_iter()
        .collect();
    for &s in seats {
        if !(1..=4).contains(&s) {
            anyhow::bail!("seats are numbered 1 to 4");
        }
        out.push(s - 1);
    }
    Ok(out)
}

/// Whether `ashta match` plays this game with [`sidematch`] (the games outside the chess
/// family).
fn sidematch_game(game: &str) -> bool {
    ["ahayuta", "ashtapada", "shaturanga"]
        .iter()
        .any(|g| game.eq_ignore_ascii_case(g))
}

/// The level of `ashta[:LEVEL]` (8 if none).
fn our_level(spec: &str) -> Result<u32> {
    let rest = spec.strip_prefix("ashta").ok_or_else(|| {
        anyhow::anyhow!("in this game both engines are ours: ashta[:LEVEL], not {spec:?}")
    })?;
    match rest.strip_prefix(':') {
        None if rest.is_empty() => Ok(8),
        Some(l) => l
            .parse::<u32>()
            .ok()
            .filter(|l| (1..=8).contains(l))
            .ok_or_else(|| anyhow::anyhow!("a level is 1 to 8, not {l:?}")),
        None => anyhow::bail!("an engine is ashta[:LEVEL], not {spec:?}"),
    }
}

/// A dice seed from the clock.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Perft {
            game,
            depth,
            fen,
            moves,
            divide,
        } => perft::run(&game, depth, fen.as_deref(), &moves, divide),
        Command::Import { files, db } => import::run(&files, db),
        Command::Uci => uci::run(std::io::BufReader::new(std::io::stdin()), std::io::stdout()),
        Command::Play {
            game,
            seed,
            computer,
            computers,
            level,
            ..
        } if game.game.eq_ignore_ascii_case("ahayuta") => play::run_game(
            ashta_rules::ahayuta::Ahayuta::new(),
            |g| g.board_text(),
            ashta_rules::Dice::new(seed.unwrap_or_else(clock_seed)),
            &computer_seats(computer.as_deref(), &computers)?,
            &|g, _| ashta_engine::ahayuta_move(g, ashta_engine::alphabeta_limits(level)),
            std::io::stdin().lock(),
            std::io::stdout().lock(),
        ),
        Command::Play {
            game,
            seed,
            computer,
            computers,
            level,
            ..
        } if game.game.eq_ignore_ascii_case("ashtapada") => {
            let (rules, players) = game.ashtapada()?;
            let seed = seed.unwrap_or_else(clock_seed);
            println!("dice seed {seed}");
            play::run_game(
                ashta_rules::ashtapada::Ashtapada::new(rules, players),
                |g| g.board_text(),
                ashta_rules::Dice::new(seed),
                &computer_seats(computer.as_deref(), &computers)?,
                &selfplay::ashtapada(ashta_engine::heuristics::dice_limits(level)),
                std::io::stdin().lock(),
                std::io::stdout().lock(),
            )
        }
        Command::Play {
            game,
            seed,
            computers,
            level,
            ..
        } if game.game.eq_ignore_ascii_case("shaturanga") => {
            let seed = seed.unwrap_or_else(clock_seed);
            println!("dice seed {seed}");
            play::run_game(
                ashta_rules::shaturanga::Shaturanga::new(game.shaturanga()?),
                |g| g.board_text(),
                ashta_rules::Dice::new(seed),
                &computer_seats(None, &computers)?,
                &selfplay::shaturanga(ashta_engine::heuristics::dice_limits(level)),
                std::io::stdin().lock(),
                std::io::stdout().lock(),
            )
        }
        Command::Play {
            game,
            fen,
            computer,
            level,
            movetime,
            ..
        } => {
            let opponent = computer.map(|side| play::Computer {
                plays_white: side == "white",
                level,
                movetime,
            });
            play::run(
                &game,
                fen.as_deref(),
                opponent,
                std::io::stdin().lock(),
                std::io::stdout().lock(),
            )
        }
        Command::Bench { depth, games } => bench::run(depth, &games),
        Command::Lab {
            game,
            compare,
            games,
            level,
            weaker,
            jobs,
            seed,
            random_plies,
            shard,
            out,
        } => {
            let spec = lab::LabSpec {
                game,
                compare: lab::parse_compare(&compare)?,
                games,
                level,
                weaker,
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                seed,
                random_plies,
                shard: lab::parse_shard(&shard)?,
                out: out.clone(),
            };
            println!("{}", lab::run(&spec)?);
            println!("report: {}", out.join("report.html").display());
            Ok(())
        }
        Command::Selfplay {
            game,
            games,
            level,
            movetime,
            iterations,
            seed,
            out,
        } => {
            let spec = selfplay::SelfplaySpec {
                games,
                seed,
                max_plies: 5000,
            };
            let (summary, records) = if game.game.eq_ignore_ascii_case("ahayuta") {
                // Ahayuta: alpha-beta to the depth of the level (repeatable: no clock)
                let think = |g: &ashta_rules::ahayuta::Ahayuta, _seed| {
                    ashta_engine::ahayuta_move(
                        g,
                        ashta_engine::AbLimits {
                            depth: level,
                            time: None,
                        },
                    )
                };
                let t = selfplay::run(
                    &ashta_rules::ahayuta::Ahayuta::new(),
                    ashta_rules::record::AnyGame::Ahayuta,
                    &spec,
                    &think,
                )?;
                (t.summary(), t.records_text())
            } else if game.game.eq_ignore_ascii_case("shaturanga") {
                let t = selfplay::run(
                    &ashta_rules::shaturanga::Shaturanga::new(game.shaturanga()?),
                    ashta_rules::record::AnyGame::Shaturanga,
                    &spec,
                    &selfplay::shaturanga(selfplay::iterations(iterations)),
                )?;
                (t.summary(), t.records_text())
            } else if game.game.eq_ignore_ascii_case("ashtapada") {
                let (rules, players) = game.ashtapada()?;
                let t = selfplay::run(
                    &ashta_rules::ashtapada::Ashtapada::new(rules, players),
                    ashta_rules::record::AnyGame::Ashtapada,
                    &spec,
                    &selfplay::ashtapada(selfplay::iterations(iterations)),
                )?;
                (t.summary(), t.records_text())
            } else {
                let v = game.variant()?;
                let engine = format!("ashta:{level}");
                let spec = matches::MatchSpec {
                    games,
                    time: matches::TimeControl::MoveTime(std::time::Duration::from_millis(
                        movetime,
                    )),
                    random_plies: 4,
                    seed,
                    max_plies: 400,
                    jobs: 1,
                    sprt: None,
                    adjudicate: false,
                };
                let matches::MatchResult {
                    scores, records, ..
                } = matches::play_match(v, &engine, &engine, &spec)?;
                // the first engine has White in even-numbered games
                let white: Vec<f64> = scores
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| if i % 2 == 0 { s } else { 1.0 - s })
                    .collect();
                let (w, d, l) = matches::wins_draws_losses(&white);
                let summary = format!(
                    "{} games at level {level}: White wins {w}, Black wins {l}, draws {d}",
                    white.len(),
                );
                (summary, records)
            };
            println!("{summary}");
            if let Some(path) = out {
                std::fs::write(&path, records)
                    .with_context(|| format!("writing {}", path.display()))?;
            }
            Ok(())
        }
        Command::Playouts {
            seconds,
            count,
            only,
        } => bench::playouts(seconds, count, only.as_deref()),
        Command::Match {
            game,
            engine1,
            engine2,
            games,
            seed,
            pgn,
            random_plies,
            ..
        } if sidematch_game(&game.game) => {
            let (l1, l2) = (our_level(&engine1)?, our_level(&engine2)?);
            let spec = sidematch::SideMatch {
                games,
                seed,
                random_plies,
                max_plies: 5000,
            };
            let (scores, records) = match game.game.to_ascii_lowercase().as_str() {
                "ahayuta" => {
                    let think = |l: u32| {
                        move |g: &ashta_rules::ahayuta::Ahayuta, _| {
                            ashta_engine::ahayuta_move(g, ashta_engine::alphabeta_limits(l))
                        }
                    };
                    sidematch::play(
                        &ashta_rules::ahayuta::Ahayuta::new(),
                        ashta_rules::record::AnyGame::Ahayuta,
                        [&think(l1), &think(l2)],
                        &spec,
                    )?
                }
                "ashtapada" => {
                    let (rules, players) = game.ashtapada()?;
                    sidematch::play(
                        &ashta_rules::ashtapada::Ashtapada::new(rules, players),
                        ashta_rules::record::AnyGame::Ashtapada,
                        [
                            &selfplay::ashtapada(ashta_engine::heuristics::dice_limits(l1)),
                            &selfplay::ashtapada(ashta_engine::heuristics::dice_limits(l2)),
                        ],
                        &spec,
                    )?
                }
                _ => sidematch::play(
                    &ashta_rules::shaturanga::Shaturanga::new(game.shaturanga()?),
                    ashta_rules::record::AnyGame::Shaturanga,
                    [
                        &selfplay::shaturanga(ashta_engine::heuristics::dice_limits(l1)),
                        &selfplay::shaturanga(ashta_engine::heuristics::dice_limits(l2)),
                    ],
                    &spec,
                )?,
            };
            let (w, d, l) = matches::wins_draws_losses(&scores);
            let (elo, margin) = matches::elo(&scores);
            println!(
                "ashta:{l1} vs ashta:{l2}: +{w} ={d} -{l}, score {:.1}/{}, Elo difference {elo:+.0} +/- {margin:.0}",
                scores.iter().sum::<f64>(),
                scores.len()
            );
            if let Some(path) = pgn {
                let text: String = records.iter().map(|r| r.text() + "\n").collect();
                std::fs::write(&path, text)
                    .with_context(|| format!("writing {}", path.display()))?;
            }
            Ok(())
        }
        Command::Match {
            game,
            engine1,
            engine2,
            games,
            movetime,
            tc,
            random_plies,
            seed,
            pgn,
            jobs,
            sprt,
            adjudicate,
        } => {
            let v = game.variant()?;
            let time = match tc {
                Some(tc) => matches::TimeControl::parse(&tc)?,
                None => matches::TimeControl::MoveTime(std::time::Duration::from_millis(movetime)),
            };
            let sprt = sprt
                .map(|s| -> Result<(f64, f64)> {
                    let (a, b) = s
                        .split_once(',')
                        .ok_or_else(|| anyhow::anyhow!("--sprt is ELO0,ELO1"))?;
                    Ok((a.trim().parse()?, b.trim().parse()?))
                })
                .transpose()?;
            let spec = matches::MatchSpec {
                games,
                time,
                random_plies,
                seed,
                max_plies: 400,
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                sprt,
                adjudicate,
            };
            let result = matches::play_match(v, &engine1, &engine2, &spec)?;
            let scores = &result.scores;
            let (w, d, l) = matches::wins_draws_losses(scores);
            let (elo, margin) = matches::elo(scores);
            println!(
                "{engine1} vs {engine2}: +{w} ={d} -{l}, score {:.1}/{}, Elo difference {elo:+.0} +/- {margin:.0}",
                scores.iter().sum::<f64>(),
                scores.len()
            );
            if result.disputed > 0 {
                println!(
                    "{} games left out: an engine played by other rules (see the PGN's Termination)",
                    result.disputed
                );
            }
            if result.time_losses != [0, 0] {
                println!(
                    "lost on time: {} by the first engine, {} by the second",
                    result.time_losses[0], result.time_losses[1]
                );
            }
            if let Some(gain) = result.sprt {
                println!(
                    "SPRT: {}",
                    if gain {
                        "H1 accepted (the gain)"
                    } else {
                        "H0 accepted (no gain)"
                    }
                );
            }
            if let Some(path) = pgn {
                std::fs::write(&path, &result.records)
                    .with_context(|| format!("writing {}", path.display()))?;
            }
            Ok(())
        }
        Command::Serve {
            addr,
            db,
            no_open,
            engine_threads,
            games_per_minute,
            lab,
        } => {
            let db = db.unwrap_or_else(ashta_server::default_db_path);
            let mut config = ashta_server::Config {
                games_per_minute,
                lab_dir: lab,
                ..Default::default()
            };
            if let Some(n) = engine_threads {
                config.engine_threads = n;
            }
            tokio::runtime::Runtime::new()?
                .block_on(ashta_server::serve(addr, &db, !no_open, config))
        }
        Command::TuneData {
            game,
            teacher,
            games,
            limit,
            random_plies,
            random_percent,
            seed,
            jobs,
            out,
        } => {
            let v = game.variant()?;
            let spec = tunedata::DataSpec {
                games,
                time: matches::TimeControl::parse(&limit)?,
                random_plies,
                random_percent,
                seed,
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                max_plies: 300,
            };
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&out)
                .with_context(|| format!("opening {}", out.display()))?;
            let n = tunedata::generate(v, &teacher, &spec, &mut file)?;
            println!("{n} positions appended to {}", out.display());
            Ok(())
        }
        Command::TrainNet {
            game,
            data,
            out,
            epochs,
            lambda,
            rate,
            threads,
            mirrors,
            from,
            layer2,
            freeze_first,
        } => {
            let spec = ashta_engine::nnue::train::TrainSpec {
                epochs,
                rate,
                layer2: layer2 as usize,
                freeze_first,
                threads: threads
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                ..Default::default()
            };
            trainnet::run(
                game.variant()?,
                &data,
                &out,
                lambda,
                mirrors,
                from.as_deref(),
                &spec,
            )
        }
        Command::Tune {
            game,
            data,
            out,
            epochs,
            lambda,
            from_defaults,
        } => {
            use ashta_engine::tune;
            let v = game.variant()?;
            let mut samples = Vec::new();
            for path in &data {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("reading {}", path.display()))?;
                samples.extend(
                    tune::read_samples(v, &text, lambda)
                        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?,
                );
            }
            anyhow::ensure!(!samples.is_empty(), "no positions in the data");
            // every tenth position is held out to measure the fit
            let (mut train, mut check) = (Vec::new(), Vec::new());
            for (i, s) in samples.into_iter().enumerate() {
                if i % 10 == 9 {
                    check.push(s);
                } else {
                    train.push(s);
                }
            }
            let start = if from_defaults {
                ashta_engine::eval::Weights::defaults(v)
            } else {
                ashta_engine::eval::weights_of(v)
            };
            println!(
                "{} positions to learn from, {} held out; error {:.5} (held out {:.5})",
                train.len(),
                check.len(),
                tune::error(&train, &start),
                tune::error(&check, &start)
            );
            let spec = tune::TuneSpec {
                lambda,
                epochs,
                ..tune::TuneSpec::default()
            };
            let w = tune::fit(v, &train, &start, &spec, |epoch, e| {
                eprintln!("epoch {epoch}: error {e:.5}");
            });
            println!(
                "learned: error {:.5} (held out {:.5})",
                tune::error(&train, &w),
                tune::error(&check, &w)
            );
            let text = w.to_text(v);
            match out {
                Some(path) => std::fs::write(&path, text)
                    .with_context(|| format!("writing {}", path.display()))?,
                None => print!("{text}"),
            }
            Ok(())
        }
        Command::Games => {
            for g in ashta_rules::chess::GAMES {
                let fsf = g
                    .fsf
                    .map(|n| format!("seed, fairy-stockfish ({n})"))
                    .unwrap_or_else(|| "seed".into());
                let opts: Vec<String> = g
                    .options
                    .iter()
                    .map(|(n, v)| format!("{n}={}", v.join("|")))
                    .collect();
                println!(
                    "{:<14} {:<28} rulesets: {fsf}; options: {}",
                    g.id,
                    g.name,
                    if opts.is_empty() {
                        "none".into()
                    } else {
                        opts.join(", ")
                    }
                );
            }
            println!(
                "{:<14} {:<28} rulesets: seed; options: none",
                "ahayuta", "Ahayuta"
            );
            println!(
                "{:<14} {:<28} rulesets: kile, ashta-kashte; options: players=2|3|4",
                "ashtapada", "Ashtapada"
            );
            println!(
                "{:<14} {:<28} rulesets: seed; options: boat=leap|bishop",
                "shaturanga", "Shaturanga (Chaturaji)"
            );
            Ok(())
        }
    }
}
