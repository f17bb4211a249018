//! `ashta`: the command line of the Ashta engine and playing platform.

mod args;
mod bench;
mod cecp;
mod import;
mod lab;
mod matches;
mod perft;
mod play;
mod player;
mod selfplay;
mod sidematch;
mod timecontrol;
mod trainnet;
mod tunedata;
mod ucci;
mod uci;

use anyhow::{Context, Result};

/// mimalloc: the game trees and move lists allocate a great deal, and it does that faster
/// than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use args::{Cli, Command, GameArgs};
use clap::Parser;

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
                    time: timecontrol::TimeControl::MoveTime(std::time::Duration::from_millis(
                        movetime,
                    )),
                    random_plies: 4,
                    seed,
                    max_plies: 400,
                    jobs: 1,
                    sprt: None,
                    adjudicate: false,
                    balanced: None,
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
            byoyomi,
            random_plies,
            seed,
            pgn,
            jobs,
            sprt,
            adjudicate,
            balanced,
        } => {
            let v = game.variant()?;
            let time = match (tc, byoyomi) {
                // byoyomi alone: a clock with no base time
                (tc, Some(b)) => timecontrol::TimeControl::parse(tc.as_deref().unwrap_or("0+0"))?
                    .with_byoyomi(b)?,
                (Some(tc), None) => timecontrol::TimeControl::parse(&tc)?,
                (None, None) => {
                    timecontrol::TimeControl::MoveTime(std::time::Duration::from_millis(movetime))
                }
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
                balanced,
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
            if result.failures != [0, 0] {
                println!(
                    "lost by an engine failure (no answer in time, or the engine died; see the PGN's Termination): {} by the first engine, {} by the second",
                    result.failures[0], result.failures[1]
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
            player,
            player_limit,
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
                time: timecontrol::TimeControl::parse(&limit)?,
                random_plies,
                random_percent,
                seed,
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                max_plies: 300,
                player: player
                    .map(|p| {
                        Ok::<_, anyhow::Error>((p, timecontrol::TimeControl::parse(&player_limit)?))
                    })
                    .transpose()?,
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
            buckets,
            hidden,
            king_buckets,
            squared,
        } => {
            let spec = ashta_engine::nnue::train::TrainSpec {
                epochs,
                rate,
                layer2: layer2 as usize,
                freeze_first,
                buckets: buckets.map_or(0, |b| b as usize),
                hidden: hidden.map_or(0, |h| h as usize),
                king_buckets: king_buckets.map_or(0, |k| k.parse().unwrap_or(1)),
                squared,
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
