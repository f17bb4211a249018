//! The chess-family games, one file each, as data plus named hooks.
//!
//! [`variant`] builds (once) and returns the variant for a game id, a ruleset and options.
//! Every game has the default ruleset `seed` (the seed text as `RULES.md` reads it); games
//! Fairy-Stockfish knows also have `fairy-stockfish`, reproducing its built-in variant.

use super::variant::{
    BareKing, Counting, EndRules, Hooks, PieceDef, Promotion, Region, Repetition, Role, Stalemate,
    Variant, VariantSpec,
};
use crate::geometry::Shape;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use thiserror::Error;

pub mod asha;
pub mod chaturanga;
pub mod janggi;
pub mod makruk;
pub mod ninth_century;
pub mod senterej;
pub mod shatar;
pub mod shatranj;
pub mod shogi;
pub mod sittuyin;
pub mod xiangqi;

/// A game of the chess family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Our id.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Fairy-Stockfish's name for it, where it knows the game.
    pub fsf: Option<&'static str>,
    /// Where the rules come from.
    pub seed: &'static str,
    /// Options with their values, the first value being the default.
    pub options: &'static [(&'static str, &'static [&'static str])],
}

/// Every chess-family game.
pub const GAMES: &[GameInfo] = &[
    asha::INFO,
    chaturanga::INFO,
    shatranj::INFO,
    senterej::INFO,
    ninth_century::INFO,
    sittuyin::INFO,
    makruk::INFO,
    makruk::OUK_INFO,
    shatar::INFO,
    xiangqi::INFO,
    janggi::INFO,
    shogi::HEIAN_INFO,
    shogi::SHO_INFO,
    shogi::INFO,
];

/// A game, ruleset or option that does not exist.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RulesetError {
    /// Unknown game.
    #[error("unknown game {0:?}; known games: {1}")]
    UnknownGame(String, String),
    /// Unknown ruleset for the game.
    #[error("game {game} has no ruleset {ruleset:?} (rulesets: seed{fsf})")]
    UnknownRuleset {
        /// Game id.
        game: &'static str,
        /// Asked ruleset.
        ruleset: String,
        /// ", fairy-stockfish" where available.
        fsf: &'static str,
    },
    /// Unknown option or value.
    #[error("game {game} has no option {option:?} (options: {known})")]
    UnknownOption {
        /// Game id.
        game: &'static str,
        /// Asked option.
        option: String,
        /// What exists.
        known: String,
    },
    /// An option is not of the form name=value.
    #[error("option {0:?} is not of the form name=value")]
    Malformed(String),
}

/// Finds a game by our id or by Fairy-Stockfish's name.
pub fn find_game(name: &str) -> Result<&'static GameInfo, RulesetError> {
    let mut n = name.to_ascii_lowercase();
    // the name lichess, cutechess and pychess give chess
    if n == "standard" {
        n = "chess".into();
    }
    GAMES
        .iter()
        .find(|g| g.id == n || g.fsf == Some(n.as_str()))
        .ok_or_else(|| {
            RulesetError::UnknownGame(
                name.to_string(),
                GAMES.iter().map(|g| g.id).collect::<Vec<_>>().join(", "),
            )
        })
}

/// The variant of a game under a ruleset (`seed` or `fairy-stockfish`; `None` for the
/// default) and options (`name=value`), built once and kept for the life of the program.
pub fn variant(
    game: &str,
    ruleset: Option<&str>,
    options: &[String],
) -> Result<&'static Variant, RulesetError> {
    let info = find_game(game)?;
    let ruleset = ruleset.unwrap_or("seed").to_ascii_lowercase();
    let fsf = match ruleset.as_str() {
        "seed" | "default" => false,
        "fairy-stockfish" | "fsf" if info.fsf.is_some() => true,
        _ => {
            return Err(RulesetError::UnknownRuleset {
                game: info.id,
                ruleset,
                fsf: if info.fsf.is_some() {
                    ", fairy-stockfish"
                } else {
                    ""
                },
            })
        }
    };
    let mut opts: Vec<(String, String)> = Vec::new();
    for o in options {
        let (k, v) = o
            .split_once('=')
            .ok_or_else(|| RulesetError::Malformed(o.clone()))?;
        let (k, v) = (k.trim().to_ascii_lowercase(), v.trim().to_ascii_lowercase());
        let known = info.options.iter().find(|(name, _)| *name == k);
        if !known.is_some_and(|(_, vals)| vals.contains(&v.as_str())) {
            let list = info
                .options
                .iter()
                .map(|(n, vs)| format!("{n}={}", vs.join("|")))
                .collect::<Vec<_>>();
            return Err(RulesetError::UnknownOption {
                game: info.id,
                option: o.clone(),
                known: if list.is_empty() {
                    "none".into()
                } else {
                    list.join(", ")
                },
            });
        }
        opts.retain(|(n, _)| *n != k);
        opts.push((k, v));
    }
    opts.sort();
    let key = format!(
        "{}|{}|{:?}",
        info.id,
        if fsf { "fairy-stockfish" } else { "seed" },
        opts
    );
    static CACHE: OnceLock<Mutex<HashMap<String, &'static Variant>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(v) = map.get(&key) {
        return Ok(v);
    }
    let opt = Opts { info, set: &opts };
    let mut spec = match info.id {
        "asha" => asha::spec(fsf, &opt),
        "chaturanga" => chaturanga::spec(fsf, &opt),
        "shatranj" => shatranj::spec(fsf, &opt),
        "senterej" => senterej::spec(fsf, &opt),
        "ninth-century" => ninth_century::spec(fsf, &opt),
        "sittuyin" => sittuyin::spec(fsf, &opt),
        "makruk" => makruk::spec(fsf, &opt),
        "ouk-chatrang" => makruk::ouk_spec(fsf, &opt),
        "shatar" => shatar::spec(fsf, &opt),
        "xiangqi" => xiangqi::spec(fsf, &opt),
        "janggi" => janggi::spec(fsf, &opt),
        "heian-shogi" => shogi::heian(fsf, &opt),
        "sho-shogi" => shogi::sho(fsf, &opt),
        "shogi" => shogi::shogi(fsf, &opt),
        _ => unreachable!("every listed game has a spec"),
    };
    spec.end.repetition_lead_in = fsf;
    spec.ruleset = if fsf {
        "fairy-stockfish".into()
    } else {
        "seed".into()
    };
    spec.options = opts.clone();
    let v: &'static Variant = Box::leak(Box::new(
        Variant::build(spec).expect("built-in variants are valid"),
    ));
    map.insert(key, v);
    Ok(v)
}

/// Shatar's forced opening moves (seed 001 §VIII), in UCI form.
pub fn shatar_forced_opening() -> &'static [&'static str] {
    &shatar::FORCED_OPENING
}

/// The options in force for a game, with defaults.
pub(crate) struct Opts<'a> {
    info: &'a GameInfo,
    set: &'a [(String, String)],
}

impl Opts<'_> {
    /// The value of option `name` (its default when not set).
    pub(crate) fn get(&self, name: &str) -> &str {
        self.set
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .or_else(|| {
                self.info
                    .options
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, vs)| vs[0])
            })
            .unwrap_or("")
    }
}

/// A piece definition.
pub(crate) const fn piece(
    id: &'static str,
    letter: char,
    betza: &'static str,
    role: Role,
    name: &'static str,
) -> PieceDef {
    PieceDef {
        id,
        letter,
        betza,
        role,
        name,
        across: None,
        region: Region::Anywhere,
        promotes_to: None,
        promoted: false,
    }
}

/// The Shatranj-family pawn: one step forward, captures one step diagonally forward.
pub(crate) const PAWN_BETZA: &str = "fmWfcF";

/// A spec on the 8x8 board with the common defaults.
pub(crate) fn base(
    game: &'static str,
    pieces: Vec<PieceDef>,
    start_fen: &str,
    promotion: Promotion,
) -> VariantSpec {
    VariantSpec {
        game,
        ruleset: String::new(),
        options: Vec::new(),
        shape: Shape::CHESS,
        pieces,
        start_fen: start_fen.to_string(),
        promotion,
        promotion_ranks: vec![7],
        hooks: Hooks::default(),
        end: EndRules {
            stalemate: Stalemate::Draw,
            bare_king: BareKing::None,
            counting: Counting::None,
            move_rule_plies: 100,
            pawn_resets_clock: true,
            repetitions: 3,
            repetition_rule: Repetition::Draw,
            fsf_counting: false,
            repetition_lead_in: false,
        },
    }
}
