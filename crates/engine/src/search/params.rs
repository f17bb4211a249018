//! The search's switches and margins, each kept because a match showed its gain.

/// The search's switches and margins, to measure each part against the search without it
/// (`ashta uci`: `setoption name SearchParams value name=value,...`).
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// Aspiration windows from this depth (0: off).
    pub aspiration: i32,
    /// Reverse futility margin per ply (0: off).
    pub rfp_margin: i32,
    /// Razoring margin per ply (0: off).
    pub razor_margin: i32,
    /// Null move pruning.
    pub null_move: bool,
    /// Futility margin per ply for quiet moves (0: off).
    pub futility_margin: i32,
    /// Late-move pruning.
    pub lmp: bool,
    /// Static exchange pruning of losing moves at low depth.
    pub see_pruning: bool,
    /// History pruning of quiet moves with bad history.
    pub history_pruning: bool,
    /// Late-move reductions, in hundredths of the table's formula (0: off).
    pub lmr_percent: i32,
    /// Singular extensions from this depth (0: off).
    pub singular_depth: i32,
    /// Check extensions.
    pub check_extension: bool,
    /// Depth up to which every check is extended (deeper, only those that do not lose
    /// material in exchange).
    pub check_any_depth: i32,
    /// Internal iterative reductions.
    pub iir: bool,
    /// Continuation history in ordering.
    pub continuation: bool,
    /// Correction history: the static evaluation corrected by how far the searches of
    /// positions of the same pawn (soldier) structure found it off (0: off; else the
    /// share of the correction applied, in percent).
    pub correction: i32,
    /// The same keyed by each colour's other pieces (on the board and in hand): the
    /// share of each colour's correction applied, in percent.
    pub correction_pieces: i32,
    /// Whether a node's correction update tests its bound against the corrected
    /// evaluation as it was when the node was entered (else as its children left it).
    pub correction_entry: bool,
    /// The same keyed by the move that reached the position (its piece type and square)
    /// and the side to move: the share applied, in percent.
    pub correction_move: i32,
    /// The game's network evaluation, where one is embedded (else the linear one).
    pub nnue: bool,
    /// Plies less of late-move reduction at a node outside the principal variation whose
    /// position was on one when the table stored it (0: off).
    pub tt_pv: i32,
    /// The histories also learn from the hash move where the table's score cuts a node
    /// off, from the opponent's quiet move where every move of a node fails low (it
    /// refuted all), and against the opponent's first quiet move where this node cuts
    /// off (it was refuted at once); a quiet move that takes a piece out of an attack
    /// that would win it is then never pruned as a late quiet move.
    pub history_extra: bool,
    /// Null move from this depth.
    pub null_depth: i32,
    /// A ply more of late-move reduction outside the principal variation once the
    /// iteration is deeper than this (0: off).
    pub deep_lmr: i32,
    /// The opponent's quiet move that reached a node learns, in the main history, how
    /// far it moved the static evaluation: this many history points per ply of depth
    /// and centipawn (0: off).
    pub eval_history: i32,
    /// The most that one such lesson moves the history, either way (of 16,384).
    pub eval_history_max: i32,
    /// The history that lowers (or raises) a late move's reduction by a ply per this
    /// many points.
    pub history_lmr_div: i32,
    /// Where the time runs out in an iteration, its best move so far is played whenever
    /// it displaced the last iteration's (it then scored above that move's own score in
    /// this iteration); else only where it also scored above the last iteration's score.
    pub unfinished_best: bool,
    /// Reverse futility up to this depth.
    pub rfp_depth: i32,
    /// The futility margin's constant part, beside `futility_margin` a ply.
    pub futility_base: i32,
    /// History pruning of a quiet move whose history is below minus this a ply.
    pub history_prune: i32,
    /// Static exchange pruning of a quiet move losing more than this times the square of
    /// its reduced depth.
    pub see_quiet: i32,
    /// Static exchange pruning of a capture or check losing more than this a ply.
    pub see_capture: i32,
    /// Null move: a ply more of reduction per this much of the evaluation above beta.
    pub null_div: i32,
    /// Singular extension: the other moves must fail below the hash move's score less
    /// this many tenths of a centipawn a ply.
    pub singular_margin: i32,
    /// Added to every late-move reduction, in 1,024ths of a ply.
    pub lmr_offset: i32,
    /// Added to a late-move reduction where the position is not improving, in 1,024ths.
    pub lmr_improving: i32,
    /// The aspiration window's first half-width, in centipawns.
    pub asp_delta: i32,
    /// Late-move pruning: quiet moves past `lmp_base + depth²` (half where the position
    /// is not improving).
    pub lmp_base: i32,
    /// The quiescence search's first ply also plays the quiet moves that check the king
    /// from near it (`Position::generate_checks`) and lose nothing in exchange.
    pub qs_checks: bool,
    /// The parameters set by name (bit i: `NAMES[i]`), which a game's defaults leave as
    /// they are.
    named: u64,
}

/// Chess's margins as `tools/spsa.py` tuned them (1,400 steps of two games at 30 ms a
/// move, the mean of the last 700): against the general defaults at 100 ms a move,
/// 229.0/400 (docs/engine.md).
const CHESS_MARGINS: [(&str, i32); 16] = [
    ("rfp_margin", 87),
    ("rfp_depth", 6),
    ("razor_margin", 228),
    ("futility_margin", 111),
    ("futility_base", 30),
    ("history_prune", 3394),
    ("see_quiet", 26),
    ("see_capture", 104),
    ("null_div", 164),
    ("singular_margin", 21),
    ("lmr_percent", 102),
    ("lmr_offset", -15),
    ("lmr_improving", 544),
    ("history_lmr_div", 6519),
    ("asp_delta", 18),
    ("lmp_base", 6),
];

/// The parameters' names, as [`Params::set`] takes them.
pub const NAMES: [&str; 39] = [
    "aspiration",
    "rfp_margin",
    "razor_margin",
    "null_move",
    "futility_margin",
    "lmp",
    "see_pruning",
    "history_pruning",
    "lmr_percent",
    "singular_depth",
    "check_extension",
    "check_any_depth",
    "iir",
    "continuation",
    "correction",
    "correction_pieces",
    "correction_entry",
    "correction_move",
    "nnue",
    "tt_pv",
    "history_extra",
    "null_depth",
    "deep_lmr",
    "eval_history",
    "eval_history_max",
    "history_lmr_div",
    "unfinished_best",
    "rfp_depth",
    "futility_base",
    "history_prune",
    "see_quiet",
    "see_capture",
    "null_div",
    "singular_margin",
    "lmr_offset",
    "lmr_improving",
    "asp_delta",
    "lmp_base",
    "qs_checks",
];

impl Default for Params {
    fn default() -> Self {
        Params {
            aspiration: 4,
            rfp_margin: 90,
            razor_margin: 300,
            null_move: true,
            futility_margin: 110,
            lmp: true,
            see_pruning: true,
            history_pruning: true,
            lmr_percent: 100,
            singular_depth: 8,
            check_extension: true,
            check_any_depth: 4,
            iir: true,
            continuation: true,
            correction: 100,
            correction_pieces: 50,
            correction_entry: false,
            correction_move: 0,
            nnue: true,
            tt_pv: 0,
            history_extra: true,
            null_depth: 1,
            deep_lmr: 0,
            eval_history: 3,
            eval_history_max: 500,
            history_lmr_div: 6000,
            unfinished_best: true,
            rfp_depth: 7,
            futility_base: 60,
            history_prune: 3000,
            see_quiet: 30,
            see_capture: 100,
            null_div: 200,
            singular_margin: 20,
            lmr_offset: 0,
            lmr_improving: 512,
            asp_delta: 18,
            lmp_base: 3,
            qs_checks: false,
            named: 0,
        }
    }
}

impl Params {
    /// Whether the static evaluation is corrected by the pawn or pieces correction
    /// history (the transposition table then keeps the evaluation before it).
    pub fn corrects(&self) -> bool {
        self.correction != 0 || self.correction_pieces != 0
    }

    /// These parameters with game `game`'s own defaults (its `spec.game`) where they
    /// differ from the others' and were not set by name (docs/engine.md gives the
    /// matches): Shatranj searches without the correction history (212.5/400 against
    /// it), Shogi extends only the checks that do not lose material in exchange at every
    /// depth (424.0/800 against extending every check up to depth 4: drops give many
    /// checks that hang the piece dropped) and tries singular extensions from depth 6
    /// instead of 8 (526.0/1000 against 8), chess and Shogi reduce a ply more outside
    /// the principal variation from the ninth iteration (chess 417.5/800 against it,
    /// Shogi 420.0/800), Shogi's quiescence search plays the quiet checks from near the
    /// king at its first ply (253.0/400 against it at 100 ms a move), and chess prunes
    /// and reduces by the margins `tools/spsa.py` tuned ([`CHESS_MARGINS`]: 229.0/400
    /// against the general ones).
    pub fn for_game(self, game: &str) -> Params {
        let mut p = self;
        let mut default = |name: &str, value: i32| {
            if let Some(i) = NAMES.iter().position(|n| *n == name) {
                if p.named & (1u64 << i) == 0 {
                    let _ = p.set_value(name, value);
                }
            }
        };
        match game {
            "shatranj" => {
                default("correction", 0);
                default("correction_pieces", 0);
            }
            "shogi" => {
                default("check_any_depth", 0);
                default("singular_depth", 6);
                default("deep_lmr", 8);
                default("qs_checks", 1);
            }
            "asha" => {
                default("deep_lmr", 8);
                for (name, value) in CHESS_MARGINS {
                    default(name, value);
                }
            }
            _ => {}
        }
        p
    }

    /// Sets one parameter by name (`lmp=0`, `rfp_margin=80`); a game's defaults then
    /// leave it as set.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let name = name.trim();
        let i = NAMES
            .iter()
            .position(|x| *x == name)
            .ok_or_else(|| format!("no search parameter {name:?}"))?;
        let n: i32 = value
            .trim()
            .parse()
            .map_err(|_| format!("{name} takes a number, not {value:?}"))?;
        self.set_value(name, n)?;
        self.named |= 1u64 << i;
        Ok(())
    }

    fn set_value(&mut self, name: &str, n: i32) -> Result<(), String> {
        let b = n != 0;
        // the divisors
        if matches!(name, "history_lmr_div" | "null_div" | "asp_delta") && n < 1 {
            return Err(format!("{name} takes a number from 1, not {n}"));
        }
        match name {
            "aspiration" => self.aspiration = n,
            "rfp_margin" => self.rfp_margin = n,
            "razor_margin" => self.razor_margin = n,
            "null_move" => self.null_move = b,
            "futility_margin" => self.futility_margin = n,
            "lmp" => self.lmp = b,
            "see_pruning" => self.see_pruning = b,
            "history_pruning" => self.history_pruning = b,
            "lmr_percent" => self.lmr_percent = n,
            "singular_depth" => self.singular_depth = n,
            "check_extension" => self.check_extension = b,
            "check_any_depth" => self.check_any_depth = n,
            "iir" => self.iir = b,
            "continuation" => self.continuation = b,
            "correction" => self.correction = n,
            "correction_pieces" => self.correction_pieces = n,
            "correction_entry" => self.correction_entry = b,
            "correction_move" => self.correction_move = n,
            "nnue" => self.nnue = b,
            "tt_pv" => self.tt_pv = n,
            "history_extra" => self.history_extra = b,
            "null_depth" => self.null_depth = n,
            "deep_lmr" => self.deep_lmr = n,
            "eval_history" => self.eval_history = n,
            "eval_history_max" => self.eval_history_max = n,
            "history_lmr_div" => self.history_lmr_div = n,
            "unfinished_best" => self.unfinished_best = b,
            "rfp_depth" => self.rfp_depth = n,
            "futility_base" => self.futility_base = n,
            "history_prune" => self.history_prune = n,
            "see_quiet" => self.see_quiet = n,
            "see_capture" => self.see_capture = n,
            "null_div" => self.null_div = n,
            "singular_margin" => self.singular_margin = n,
            "lmr_offset" => self.lmr_offset = n,
            "lmr_improving" => self.lmr_improving = n,
            "asp_delta" => self.asp_delta = n,
            "lmp_base" => self.lmp_base = n,
            "qs_checks" => self.qs_checks = b,
            other => return Err(format!("no search parameter {other:?}")),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The games whose defaults are checked.
    const GAMES: [&str; 6] = ["asha", "makruk", "xiangqi", "janggi", "shogi", "shatranj"];

    #[test]
    fn every_name_sets_its_parameter_and_no_other_name_does() {
        for name in NAMES {
            let mut p = Params::default();
            assert!(p.set(name, "7").is_ok(), "{name}");
        }
        assert!(Params::default().set("nosuch", "1").is_err());
        assert!(Params::default().set("lmp", "yes").is_err());
        assert!(Params::default().set("history_lmr_div", "0").is_err());
        assert!(Params::default().set("null_div", "0").is_err());
        assert!(Params::default().set("asp_delta", "0").is_err());
    }

    #[test]
    fn shatranj_searches_without_the_correction_unless_it_is_set_by_name() {
        let d = Params::default();
        assert!(d.corrects());
        let s = d.for_game("shatranj");
        assert_eq!((s.correction, s.correction_pieces), (0, 0));
        assert!(!s.corrects());
        // other games keep the defaults
        for game in ["asha", "makruk", "xiangqi", "janggi", "shogi"] {
            let g = d.for_game(game);
            assert_eq!((g.correction, g.correction_pieces), (100, 50), "{game}");
        }
        // a value set by name stands in every game
        let mut named = Params::default();
        named.set("correction", "100").unwrap();
        let s = named.for_game("shatranj");
        assert_eq!((s.correction, s.correction_pieces), (100, 0));
        named.set("correction_pieces", "30").unwrap();
        let s = named.for_game("shatranj");
        assert_eq!((s.correction, s.correction_pieces), (100, 30));
    }

    /// Games `games`' own default for parameter `name` (read by `get`): `own` there,
    /// `general` in the other games, and a value set by name stands in `games` too.
    fn assert_game_default(
        name: &str,
        get: fn(&Params) -> i32,
        games: &[&str],
        general: i32,
        own: i32,
    ) {
        let d = Params::default();
        assert_eq!(get(&d), general);
        for game in GAMES {
            let want = if games.contains(&game) { own } else { general };
            assert_eq!(get(&d.for_game(game)), want, "{game}");
        }
        let mut named = Params::default();
        named.set(name, &general.to_string()).unwrap();
        for game in games {
            assert_eq!(get(&named.for_game(game)), general, "{game}");
        }
    }

    #[test]
    fn chess_and_shogi_reduce_more_in_deep_iterations_unless_set_by_name() {
        assert_game_default("deep_lmr", |p| p.deep_lmr, &["asha", "shogi"], 0, 8);
    }

    #[test]
    fn chess_plays_its_tuned_margins_unless_set_by_name() {
        assert_game_default("futility_base", |p| p.futility_base, &["asha"], 60, 30);
        assert_game_default("lmp_base", |p| p.lmp_base, &["asha"], 3, 6);
        assert_game_default("razor_margin", |p| p.razor_margin, &["asha"], 300, 228);
        assert_game_default("null_div", |p| p.null_div, &["asha"], 200, 164);
        // chess's defaults are exactly the tuned margins (and its deeper reductions)
        let mut by_name = Params::default();
        for (name, value) in CHESS_MARGINS {
            by_name.set(name, &value.to_string()).unwrap();
        }
        by_name.set("deep_lmr", "8").unwrap();
        let mut chess = Params::default().for_game("asha");
        assert_eq!(chess.named, 0);
        chess.named = by_name.named;
        assert_eq!(format!("{chess:?}"), format!("{by_name:?}"));
        // the other games keep the general margins
        let shogi = Params::default().for_game("shogi");
        assert_eq!((shogi.futility_base, shogi.lmp_base), (60, 3));
    }

    #[test]
    fn every_game_teaches_the_history_by_the_evaluation_unless_set_by_name() {
        assert_game_default("eval_history", |p| p.eval_history, &[], 3, 3);
        let mut off = Params::default();
        off.set("eval_history", "0").unwrap();
        for game in GAMES {
            assert_eq!(off.for_game(game).eval_history, 0, "{game}");
        }
    }

    #[test]
    fn shogi_extends_only_the_checks_that_keep_material_unless_set_by_name() {
        assert_game_default("check_any_depth", |p| p.check_any_depth, &["shogi"], 4, 0);
    }

    #[test]
    fn shogi_plays_quiet_checks_in_the_quiescence_search_unless_set_by_name() {
        assert_game_default("qs_checks", |p| i32::from(p.qs_checks), &["shogi"], 0, 1);
    }

    #[test]
    fn shogi_tries_singular_extensions_from_depth_6_unless_set_by_name() {
        assert_game_default("singular_depth", |p| p.singular_depth, &["shogi"], 8, 6);
    }
}
