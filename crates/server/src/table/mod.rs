//! A game at the table: any of Ashta's games behind one interface for the server. A table
//! knows its setup (game, ruleset, options, dice seed) and the moves played, throws
//! included, so it can be rebuilt from the archive exactly; it answers who may act, their
//! legal moves, and a description of the board for the web page.

mod records;

use crate::views::{self, arrangement_words, move_shape};
use ashta_rules::ahayuta::Ahayuta;
use ashta_rules::ashtapada::{Ashtapada, Ruleset};
use ashta_rules::chess::{self, ChessGame, Position};
use ashta_rules::geometry::Color;
use ashta_rules::record::AnyGame;
use ashta_rules::shaturanga::{BoatMove, Shaturanga};
use ashta_rules::{Dice, Game, Outcome, Turn};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// What a game is: which game, under which rules, and the seed of its dice.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Setup {
    /// Game id (`makruk`, `ashtapada`, ...).
    pub game: String,
    /// Ruleset name.
    #[serde(default)]
    pub ruleset: String,
    /// Options, `name=value`.
    #[serde(default)]
    pub options: Vec<String>,
    /// Seed of the dice (games with throws). The server draws it and keeps it secret until
    /// the game ends, showing only its hash; a seed chosen by the game's creator (or read
    /// from a record) is public from the start.
    #[serde(default)]
    pub seed: u64,
    /// The seed was chosen by the creator or read from a record, not drawn by the server.
    #[serde(default)]
    pub seed_chosen: bool,
    /// A chess-family game's start position, where it is not the usual one (FEN): a
    /// handicap, a problem, a record that begins in mid-game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

impl Setup {
    /// The commitment to the seed shown while it is secret: SHA-256 of its decimal text, in
    /// hex (`printf %s SEED | sha256sum` checks it once the seed is revealed).
    pub fn seed_hash(&self) -> String {
        use sha2::{Digest, Sha256};
        Sha256::digest(self.seed.to_string().as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

/// One move of the record: the seat that made it (none for a throw), its text in the
/// form the rules read back, and its label in the game's notation.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Played {
    /// The seat, or `None` for a throw of the dice.
    pub seat: Option<usize>,
    /// The move as the rules read it (UCI form for the chess family).
    pub text: String,
    /// The move in the game's notation (SAN, WXF, plan text).
    pub label: String,
}

// one per game at the table, long-lived: the size difference does not matter
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
enum Live {
    Chess(Box<ChessGame>),
    /// Ahayuta, Ashtapada, Shaturanga.
    Other(AnyGame),
}

/// A game in progress or finished.
#[derive(Clone)]
pub struct Table {
    setup: Setup,
    live: Live,
    dice: Dice,
    played: Vec<Played>,
    ended: Option<Outcome>,
}

/// Colours of the seats, for the page: Ashtapada's four players; Shaturanga's armies as
/// R.C. Bell gives them (South red, West yellow, North black, East green).
const FOUR_COLOURS: [&str; 4] = ["#c0392b", "#2e86c1", "#f1c40f", "#27ae60"];
const SHATURANGA_COLOURS: [&str; 4] = ["#c0392b", "#f1c40f", "#222222", "#27ae60"];

impl Table {
    /// A new game; the setup is checked and put in canonical form (game id, ruleset).
    /// Throws due at the start are made.
    pub fn new(setup: Setup) -> Result<Table, String> {
        let mut t = Table::blank(setup)?;
        t.throw_pending();
        Ok(t)
    }

    /// The game at its start, before any throw.
    fn blank(setup: Setup) -> Result<Table, String> {
        let mut setup = setup;
        let chess_family = !matches!(
            setup.game.to_ascii_lowercase().as_str(),
            "ahayuta" | "ashtapada" | "shaturanga" | "chaturaji"
        );
        if !chess_family && setup.start.as_deref().is_some_and(|s| !s.trim().is_empty()) {
            return Err(format!(
                "{} starts from its own position; a start position is for the chess family",
                setup.game
            ));
        }
        let live = match setup.game.to_ascii_lowercase().as_str() {
            "ahayuta" => {
                if !matches!(setup.ruleset.as_str(), "" | "seed") {
                    return Err(format!(
                        "ahayuta has the ruleset seed, not {:?}",
                        setup.ruleset
                    ));
                }
                if let Some(o) = setup.options.first() {
                    return Err(format!("ahayuta has no options ({o:?})"));
                }
                setup.game = "ahayuta".into();
                setup.ruleset = "seed".into();
                Live::Other(AnyGame::Ahayuta(Ahayuta::new()))
            }
            "ashtapada" => {
                let rules = match setup.ruleset.as_str() {
                    "" | "seed" | "kile" => Ruleset::Kile,
                    "ashta-kashte" => Ruleset::AshtaKashte,
                    r => {
                        return Err(format!(
                            "ashtapada has the rulesets kile and ashta-kashte, not {r:?}"
                        ))
                    }
                };
                let mut players = 2;
                for o in &setup.options {
                    players = o
                        .strip_prefix("players=")
                        .and_then(|n| n.parse::<usize>().ok())
                        .filter(|n| (2..=4).contains(n))
                        .ok_or_else(|| {
                            format!("ashtapada has the option players=2|3|4, not {o:?}")
                        })?;
                }
                setup.game = "ashtapada".into();
                setup.ruleset = rules.name().into();
                setup.options = vec![format!("players={players}")];
                Live::Other(AnyGame::Ashtapada(Ashtapada::new(rules, players)))
            }
            "shaturanga" | "chaturaji" => {
                if !matches!(setup.ruleset.as_str(), "" | "seed") {
                    return Err(format!(
                        "shaturanga has the ruleset seed, not {:?}",
                        setup.ruleset
                    ));
                }
                let mut boat = BoatMove::Leap;
                for o in &setup.options {
                    boat = match o.as_str() {
                        "boat=leap" => BoatMove::Leap,
                        "boat=bishop" => BoatMove::Bishop,
                        _ => {
                            return Err(format!(
                                "shaturanga has the option boat=leap|bishop, not {o:?}"
                            ))
                        }
                    };
                }
                setup.game = "shaturanga".into();
                setup.ruleset = "seed".into();
                setup.options = match boat {
                    BoatMove::Leap => vec![],
                    BoatMove::Bishop => vec!["boat=bishop".into()],
                };
                Live::Other(AnyGame::Shaturanga(Shaturanga::new(boat)))
            }
            _ => {
                let ruleset = (!setup.ruleset.is_empty()).then_some(setup.ruleset.as_str());
                let v = chess::variant(&setup.game, ruleset, &setup.options)
                    .map_err(|e| e.to_string())?;
                setup.game = v.spec.game.to_string();
                setup.ruleset = v.spec.ruleset.clone();
                setup.options = v
                    .spec
                    .options
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect();
                match setup.start.as_deref().map(str::trim) {
                    None | Some("") => {
                        setup.start = None;
                        Live::Chess(Box::new(ChessGame::new(v)))
                    }
                    Some(fen) => {
                        // the shogi games' positions come as SFEN too (four fields, no
                        // `[hand]`, and `b` for the first player)
                        let sfen = speaks_sfen(v)
                            && !fen.contains('[')
                            && fen.split_whitespace().count() <= 4;
                        let pos = if sfen {
                            chess::Position::from_sfen(v, fen)
                        } else {
                            chess::Position::from_fen(v, fen)
                        }
                        .map_err(|e| format!("the start position: {e}"))?;
                        let g = ChessGame::from_position(pos);
                        if g.start_position().fen() == ChessGame::new(v).start_position().fen() {
                            setup.start = None;
                            Live::Chess(Box::new(ChessGame::new(v)))
                        } else {
                            setup.start = Some(g.start_position().fen());
                            Live::Chess(Box::new(g))
                        }
                    }
                }
            }
        };
        Ok(Table {
            dice: Dice::new(setup.seed),
            setup,
            live,
            played: Vec::new(),
            ended: None,
        })
    }

    /// Rebuilds a game from its setup and moves; every throw is checked against the dice.
    pub fn replay(setup: Setup, moves: &[(Option<usize>, String)]) -> Result<Table, String> {
        let mut t = Table::blank(setup)?;
        for (i, (seat, text)) in moves.iter().enumerate() {
            let r = match seat {
                None => t.replay_throw(text),
                Some(s) if text.starts_with("resign ") => t.replay_resignation(*s, text),
                Some(s) => t.play_one(*s, text),
            };
            r.map_err(|e| format!("move {} ({text:?}): {e}", i + 1))?;
        }
        t.throw_pending();
        Ok(t)
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    /// The moves played, throws included.
    pub fn played(&self) -> &[Played] {
        &self.played
    }
    /// Number of seats.
    pub fn seats(&self) -> usize {
        match &self.live {
            Live::Chess(g) => g.seats(),
            Live::Other(AnyGame::Ahayuta(g)) => g.seats(),
            Live::Other(AnyGame::Ashtapada(g)) => g.seats().len(),
            Live::Other(AnyGame::Shaturanga(g)) => g.seats(),
        }
    }

    /// Whether the game is of the chess family (the games clocks are for).
    pub fn is_chess_family(&self) -> bool {
        matches!(self.live, Live::Chess(_))
    }

    /// The names of the seats as the game calls its sides.
    pub fn seat_names(&self) -> Vec<String> {
        let two = |a: &str, b: &str| vec![a.to_string(), b.to_string()];
        match &self.live {
            Live::Chess(g) => match g.variant().spec.game {
                "xiangqi" => two("Red", "Black"),
                "janggi" => two("Cho (blue)", "Han (red)"),
                "shogi" | "sho-shogi" | "heian-shogi" => two("Sente", "Gote"),
                _ => two("White", "Black"),
            },
            Live::Other(AnyGame::Ahayuta(_)) => two("Light", "Dark"),
            Live::Other(AnyGame::Ashtapada(g)) => {
                g.seats().iter().map(|s| s.name().to_string()).collect()
            }
            Live::Other(AnyGame::Shaturanga(_)) => ashta_rules::shaturanga::SEAT_NAMES
                .iter()
                .map(|s| s.to_string())
                .collect(),
        }
    }

    fn seat_colours(&self) -> Vec<&'static str> {
        match &self.live {
            Live::Chess(g) => match g.variant().spec.game {
                "xiangqi" => vec!["#c0392b", "#222222"],
                "janggi" => vec!["#2e6fb7", "#c0392b"],
                _ => vec!["#f4f1e8", "#222222"],
            },
            Live::Other(AnyGame::Ahayuta(_)) => vec!["#f4f1e8", "#222222"],
            Live::Other(AnyGame::Ashtapada(g)) => FOUR_COLOURS[..g.seats().len()].to_vec(),
            Live::Other(AnyGame::Shaturanga(_)) => SHATURANGA_COLOURS.to_vec(),
        }
    }

    /// The end of the game, if it is over (by the rules, resignation or agreement).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.ended.is_some() {
            return self.ended.clone();
        }
        match &self.live {
            Live::Chess(g) => g.outcome(),
            Live::Other(g) => g.outcome(),
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The seats that may move now: one, both during Senterej's Werera, none at the end.
    pub fn to_act(&self) -> Vec<usize> {
        if self.ended.is_some() {
            return Vec::new();
        }
        let turn = match &self.live {
            Live::Chess(g) if g.simultaneous() => return vec![0, 1],
            Live::Chess(g) => g.turn(),
            Live::Other(g) => g.turn(),
        };
        match turn {
            Turn::Seat(s) => vec![s],
            _ => Vec::new(),
        }
    }

    fn color(seat: usize) -> Color {
        if seat == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The position `seat` moves in: the side to move, or during the Werera the other side.
    fn chess_position(g: &ChessGame, seat: usize) -> Position {
        let c = Table::color(seat);
        if g.position().side_to_move() == c {
            g.position().clone()
        } else {
            g.position().with_side(c)
        }
    }

    /// Plays one move of `seat` without throwing after it.
    fn play_one(&mut self, seat: usize, text: &str) -> Result<(), String> {
        if self.is_over() {
            return Err("the game is over".into());
        }
        if !self.to_act().contains(&seat) {
            return Err(match self.to_act().first() {
                Some(s) => format!(
                    "it is {}'s turn, not {}'s",
                    self.seat_names()[*s],
                    self.seat_names().get(seat).map_or("?", |n| n.as_str())
                ),
                None => "no seat is to move now".into(),
            });
        }
        let played = match &mut self.live {
            Live::Chess(g) => {
                let pos = Table::chess_position(g, seat);
                let m = pos.parse_move(text).map_err(|e| e.to_string())?;
                let uci = pos.uci(m);
                let label = arrangement_words(&uci).unwrap_or_else(|| pos.notation(m));
                g.play_text_for(Table::color(seat), &uci)
                    .map_err(|e| e.to_string())?;
                Played {
                    seat: Some(seat),
                    text: uci,
                    label,
                }
            }
            Live::Other(g) => {
                if g.turn() == Turn::Chance {
                    return Err("the dice are thrown by the table, not by a seat".into());
                }
                let t = g.canonical(text)?;
                g.play_text(&t, &mut self.dice)?;
                Played {
                    seat: Some(seat),
                    label: t.clone(),
                    text: t,
                }
            }
        };
        self.played.push(played);
        Ok(())
    }

    fn replay_throw(&mut self, text: &str) -> Result<(), String> {
        let Live::Other(g) = &mut self.live else {
            return Err("this game has no throws".into());
        };
        if g.turn() != Turn::Chance {
            return Err("no throw is due here".into());
        }
        g.play_text(text, &mut self.dice)?;
        self.played.push(Played {
            seat: None,
            text: text.to_string(),
            label: text.to_string(),
        });
        Ok(())
    }

    /// Throws the dice while a throw is due; returns the throws made.
    fn throw_pending(&mut self) -> Vec<Played> {
        let mut out = Vec::new();
        if let Live::Other(g) = &mut self.live {
            while g.turn() == Turn::Chance {
                let Some(t) = g.next_throw(&self.dice) else {
                    break;
                };
                if g.play_text(&t, &mut self.dice).is_err() {
                    break;
                }
                out.push(Played {
                    seat: None,
                    text: t.clone(),
                    label: t,
                });
            }
        }
        self.played.extend(out.iter().cloned());
        out
    }

    /// Plays a move of `seat` given as text; returns what was added to the record: the
    /// move and any throws that followed it.
    pub fn play(&mut self, seat: usize, text: &str) -> Result<Vec<Played>, String> {
        self.play_one(seat, text)?;
        let mut out = vec![self.played.last().cloned().expect("just played")];
        out.extend(self.throw_pending());
        Ok(out)
    }

    /// The resignation of `seat`; returns what was added to the record. In a game of two
    /// it ends the game, the other winning. In Shaturanga and Ashtapada for three or four
    /// the seat leaves the game as their rules say (`resign NAME` in the record, then any
    /// throws due) and the others play on.
    pub fn resign(&mut self, seat: usize) -> Result<Vec<Played>, String> {
        if self.is_over() {
            return Err("the game is over".into());
        }
        let n = self.seats();
        if seat >= n {
            return Err(format!("there is no seat {}", seat + 1));
        }
        if let Live::Other(g) = &mut self.live {
            if n > 2 {
                g.resign(seat)?;
                let text = g.resign_text(seat);
                let entry = Played {
                    seat: Some(seat),
                    label: format!("{} resigns", &text["resign ".len()..]),
                    text,
                };
                self.played.push(entry.clone());
                let mut out = vec![entry];
                out.extend(self.throw_pending());
                return Ok(out);
            }
        }
        let share = 1.0 / (n - 1) as f64;
        self.ended = Some(Outcome {
            payoffs: (0..n)
                .map(|s| if s == seat { 0.0 } else { share })
                .collect(),
            reason: format!("{} resigned", self.seat_names()[seat]),
        });
        Ok(Vec::new())
    }

    /// Replays a recorded resignation (`resign NAME`) of `seat`.
    pub(super) fn replay_resignation(&mut self, seat: usize, text: &str) -> Result<(), String> {
        let Live::Other(g) = &self.live else {
            return Err("only four-seat games record resignations as moves".into());
        };
        if g.resign_text(seat) != text {
            return Err(format!("{text:?} is not seat {}'s resignation", seat + 1));
        }
        self.resign(seat).map(|_| ())
    }

    /// Ends the game drawn by agreement.
    pub fn agree_draw(&mut self) -> Result<(), String> {
        if self.is_over() {
            return Err("the game is over".into());
        }
        let n = self.seats();
        self.ended = Some(Outcome {
            payoffs: vec![1.0 / n as f64; n],
            reason: "agreement".into(),
        });
        Ok(())
    }

    /// Restores an ending that did not come from the rules (resignation, agreement).
    pub fn set_ended(&mut self, outcome: Outcome) {
        self.ended = Some(outcome);
    }

    /// Whether the game ended outside the rules (resignation, agreement).
    pub fn ended_by_players(&self) -> Option<&Outcome> {
        self.ended.as_ref()
    }

    /// The number of record entries to keep to take back `seat`'s last move and
    /// everything after it; `None` if the seat has not moved.
    pub fn undo_point(&self, seat: usize) -> Option<usize> {
        self.played.iter().rposition(|p| p.seat == Some(seat))
    }

    /// The game rebuilt from its first `n` record entries.
    pub fn truncated(&self, n: usize) -> Result<Table, String> {
        let moves: Vec<(Option<usize>, String)> = self.played[..n.min(self.played.len())]
            .iter()
            .map(|p| (p.seat, p.text.clone()))
            .collect();
        Table::replay(self.setup.clone(), &moves)
    }

    /// The computer's choice for `seat` at `level` (1-8), as move text: alpha-beta for the
    /// chess family (during the Werera, for whichever side the seat is) and Ahayuta, Monte
    /// Carlo tree search for the dice games; the chess family thinks at most `cap` (a
    /// clock's share) where one is given.
    pub fn think(
        &self,
        seat: usize,
        level: u32,
        seed: u64,
        cap: Option<std::time::Duration>,
    ) -> Option<String> {
        if !self.to_act().contains(&seat) {
            return None;
        }
        match &self.live {
            Live::Chess(g) => {
                let pos = Table::chess_position(g, seat);
                let turned;
                let game = if pos.side_to_move() == g.position().side_to_move() {
                    g
                } else {
                    turned = ChessGame::from_position(pos.clone());
                    &turned
                };
                crate::computer::chess_move(game, level, cap).map(|m| pos.uci(m))
            }
            Live::Other(AnyGame::Ahayuta(g)) => {
                crate::computer::ahayuta(g, level).map(|m| g.move_text(m))
            }
            Live::Other(AnyGame::Ashtapada(g)) => {
                crate::computer::ashtapada(g, level, seed).map(|m| g.move_text(m))
            }
            Live::Other(AnyGame::Shaturanga(g)) => {
                crate::computer::shaturanga(g, level, seed).map(|m| g.move_text(m))
            }
        }
    }

    /// The legal moves of `seat` now, each with its text, its label and the squares the
    /// page needs to offer it (from, to, a piece dropped, a promotion).
    pub fn legal(&self, seat: usize) -> Vec<Value> {
        if !self.to_act().contains(&seat) {
            return Vec::new();
        }
        match &self.live {
            Live::Chess(g) => {
                let pos = Table::chess_position(g, seat);
                let legal = g.legal_moves_for(Table::color(seat));
                legal
                    .iter()
                    .map(|&m| {
                        let text = pos.uci(m);
                        let label =
                            arrangement_words(&text).unwrap_or_else(|| pos.notation_in(m, &legal));
                        let mut v = move_shape(&text);
                        if m.kind() == chess::MoveKind::Pass {
                            v = json!({ "special": true });
                        }
                        v["text"] = json!(text);
                        v["label"] = json!(label);
                        v
                    })
                    .collect()
            }
            Live::Other(AnyGame::Ashtapada(g)) => g
                .legal_moves()
                .into_iter()
                .filter_map(|m| match m {
                    ashta_rules::ashtapada::Move::Plan(i) => g.plans().get(i as usize),
                    _ => None,
                })
                .map(|plan| {
                    let (label, steps) = views::ashtapada_plan(g, plan);
                    json!({
                        "special": true,
                        "text": Ashtapada::plan_text(plan),
                        "label": label,
                        "steps": steps,
                    })
                })
                .collect(),
            Live::Other(g) => g
                .legal_texts()
                .into_iter()
                .map(|text| {
                    let mut v = move_shape(&text);
                    if text.starts_with('@') {
                        v["drop"] = json!("M");
                    }
                    v["text"] = json!(text);
                    v["label"] = json!(text);
                    v
                })
                .collect(),
        }
    }

    /// The board for the page: its kind, squares, pieces, hands and marks.
    pub fn board(&self) -> Value {
        match &self.live {
            Live::Chess(g) => views::chess_board(g, self.last_move()),
            Live::Other(AnyGame::Ahayuta(g)) => views::ahayuta_board(g, self.last_move()),
            Live::Other(AnyGame::Ashtapada(g)) => views::ashtapada_board(g),
            Live::Other(AnyGame::Shaturanga(g)) => views::shaturanga_board(g, self.last_move()),
        }
    }

    /// The board after the first `ply` entries of the record (all of them if fewer), for
    /// going back through a game: `{ply, of, board, fen}`.
    pub fn board_at(&self, ply: usize) -> Result<Value, String> {
        let n = ply.min(self.played.len());
        let moves: Vec<(Option<usize>, String)> = self.played[..n]
            .iter()
            .map(|p| (p.seat, p.text.clone()))
            .collect();
        let t = Table::replay(self.setup.clone(), &moves)?;
        Ok(json!({
            "ply": n,
            "of": self.played.len(),
            "board": t.board(),
            "fen": t.fen(),
            "sfen": t.sfen(),
        }))
    }

    /// A shogi game's position as SFEN, the shogi programs' form.
    fn sfen(&self) -> Option<String> {
        match &self.live {
            Live::Chess(g) if speaks_sfen(g.variant()) => Some(g.position().sfen()),
            _ => None,
        }
    }

    fn last_move(&self) -> Option<Value> {
        let last = self.played.iter().rev().find(|p| p.seat.is_some())?;
        let shape = move_shape(&last.text);
        Some(json!({ "from": shape.get("from"), "to": shape.get("to") }))
    }

    /// The whole state for the page: setup, seats, who acts, legal moves per seat, the
    /// board, the record and the result.
    pub fn state(&self) -> Value {
        let to_act = self.to_act();
        let legal: Vec<Value> = (0..self.seats()).map(|s| json!(self.legal(s))).collect();
        let outcome = self.outcome().map(|o| {
            json!({
                "payoffs": o.payoffs,
                "reason": o.reason,
                "winner": o.winner(),
                "text": self.result_text(&o),
            })
        });
        let mut setup = json!({
            "game": self.setup.game,
            "ruleset": self.setup.ruleset,
            "options": self.setup.options,
            "seedHash": self.setup.seed_hash(),
            "seedChosen": self.setup.seed_chosen,
        });
        if self.seed_revealed() {
            setup["seed"] = json!(self.setup.seed);
        }
        if let Some(start) = &self.setup.start {
            setup["start"] = json!(start);
        }
        json!({
            "sfen": self.sfen(),
            "setup": setup,
            "seatNames": self.seat_names(),
            "seatColours": self.seat_colours(),
            "toAct": to_act,
            "legal": legal,
            "board": self.board(),
            "moves": self.played,
            "outcome": outcome,
            "fen": self.fen(),
        })
    }

    /// Whether the dice seed may be shown: once the game is over, or from the start when
    /// the creator chose it.
    pub fn seed_revealed(&self) -> bool {
        self.setup.seed_chosen || self.is_over()
    }

    /// The result in words (`White wins`, `draw`, `North wins`).
    pub fn result_text(&self, o: &Outcome) -> String {
        match o.winner() {
            Some(s) => format!("{} wins", self.seat_names()[s]),
            None if o.payoffs.iter().all(|&p| p == o.payoffs[0]) => "draw".into(),
            None => {
                let pays: Vec<String> = o.payoffs.iter().map(|p| format!("{p}")).collect();
                format!("payoffs {}", pays.join(" "))
            }
        }
    }

    /// The position text (FEN for the chess family, the game's own text otherwise).
    pub fn fen(&self) -> String {
        match &self.live {
            Live::Chess(g) => g.position().fen(),
            Live::Other(g) => g.position_text(),
        }
    }
}

/// Whether the shogi programs' SFEN is a form of this game's positions (the shogi games).
fn speaks_sfen(v: &chess::Variant) -> bool {
    v.spec.game.contains("shogi")
}

#[cfg(test)]
mod tests;
