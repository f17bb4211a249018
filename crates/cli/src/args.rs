//! The command line: its commands and their arguments, as clap reads them.

use anyhow::Result;
use ashta_rules::chess::{variant, Variant};
use clap::{Args, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "ashta",
    version,
    about = "Engine and playing platform for the historical games of the eight-square board"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
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
    pub(crate) fn ashtapada(&self) -> Result<(ashta_rules::ashtapada::Ruleset, usize)> {
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
    pub(crate) fn shaturanga(&self) -> Result<ashta_rules::shaturanga::BoatMove> {
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
pub(crate) enum Command {
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
        /// Byoyomi in seconds, as in Shogi: once its clock is spent a side has this long for
        /// each move (the unused part is not kept), and loses when it runs over; with
        /// `--tc BASE+INC`, after its base time (`--tc 30+0 --byoyomi 1`), else from the
        /// first move.
        #[arg(long)]
        byoyomi: Option<f64>,
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
        /// Keep only openings our engine scores within CP centipawns of even (a search of
        /// 20,000 nodes); the others are drawn again from the same seed.
        #[arg(long, value_name = "CP")]
        balanced: Option<i32>,
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
        /// The teacher: `uci:PATH` (Fairy-Stockfish; for chess also Stockfish,
        /// `uci:/usr/games/stockfish`) or `ashta`.
        #[arg(long, default_value = "uci:/usr/games/fairy-stockfish")]
        teacher: String,
        /// A player who chooses the moves (`ashta[:LEVEL]` or `uci:PATH`) while the teacher
        /// only scores the positions; by default the teacher plays itself.
        #[arg(long)]
        player: Option<String>,
        /// The player's limit per move: `depth=N`, `nodes=N` or seconds.
        #[arg(long, default_value = "nodes=5000")]
        player_limit: String,
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
        /// Files of labelled positions (`--data A B` or `--data A --data B`).
        #[arg(long, required = true, num_args = 1..)]
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
        /// Files of labelled positions (`--data A B` or `--data A --data B`).
        #[arg(long, required = true, num_args = 1..)]
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
        /// Output layers chosen by the number of pieces on the board (default: as many
        /// as the network of --from has, or one); learning on from a network of one,
        /// each starts as a copy of it.
        #[arg(long, conflicts_with = "layer2", value_parser = clap::value_parser!(u32).range(1..=ashta_engine::nnue::BUCKETS_MAX as i64))]
        buckets: Option<u32>,
        /// Hidden units a side (default: as many as the network of --from has, or 64);
        /// more than that network has keeps its units and adds new ones, which start with
        /// no weight in the output so that the network starts as it was.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=ashta_engine::nnue::HIDDEN_MAX as i64))]
        hidden: Option<u32>,
        /// Sets of inputs chosen by where each side's king stands: 9 (its rank, first,
        /// second or beyond, by its file, left of its start file, on it or right of it) or 1 (default: as the
        /// network of --from has, or 1); learning on from a network of one set, each set
        /// starts as a copy of it.
        #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(["1", "9"]))]
        king_buckets: Option<String>,
        /// Square each hidden unit after clipping it to 0..1 (learning on from a network
        /// of plain clipped units starts from its weights; a network of squared units
        /// stays squared).
        #[arg(long, conflicts_with = "layer2")]
        squared: bool,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn data_of(line: &str) -> Vec<String> {
        let cli = Cli::try_parse_from(line.split_whitespace()).expect("the line parses");
        match cli.command {
            Command::TrainNet { data, .. } | Command::Tune { data, .. } => {
                data.iter().map(|p| p.display().to_string()).collect()
            }
            _ => panic!("not a learning command"),
        }
    }

    #[test]
    fn data_files_are_read_after_one_flag_or_several() {
        let both = ["a.txt", "b.txt"];
        assert_eq!(
            data_of("ashta train-net shogi --data a.txt b.txt --out n.nnue"),
            both
        );
        assert_eq!(
            data_of("ashta train-net shogi --data a.txt --data b.txt --out n.nnue"),
            both
        );
        assert_eq!(data_of("ashta tune makruk --data a.txt b.txt"), both);
        assert!(Cli::try_parse_from(["ashta", "train-net", "shogi", "--out", "n"]).is_err());
    }

    #[test]
    fn output_buckets_are_one_to_sixteen_and_exclude_a_second_layer() {
        let parse = |extra: &str| {
            let line = format!("ashta train-net asha --data a.txt --out n.nnue {extra}");
            Cli::try_parse_from(line.split_whitespace())
        };
        match parse("--buckets 8").map(|c| c.command) {
            Ok(Command::TrainNet { buckets, .. }) => assert_eq!(buckets, Some(8)),
            _ => panic!("--buckets 8 is read"),
        }
        for bad in ["--buckets 0", "--buckets 17", "--buckets 4 --layer2 8"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
