//! Game records for the games outside the chess family (the chess family uses PGN, see
//! [`crate::chess::pgn`]): tags in PGN's style, a blank line, then one move per line in the
//! game's own notation, throws included. The `[Seed]` tag holds the dice seed; replaying
//! checks every throw against the seeded dice, so a record replays exactly or says where it
//! does not.
//!
//! ```text
//! [Game "ashtapada"]
//! [Ruleset "kile"]
//! [Players "2"]
//! [Seed "7"]
//!
//! throw 2
//! throw 3
//! ```

use crate::ahayuta::Ahayuta;
use crate::ashtapada::{Ashtapada, Ruleset};
use crate::game::{Dice, Game, Outcome, Turn};
use crate::shaturanga::{BoatMove, Shaturanga};
use thiserror::Error;

/// Runs `$body` with `$g` bound to the game inside an [`AnyGame`], whatever its kind.
macro_rules! each_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            AnyGame::Ahayuta($g) => $body,
            AnyGame::Ashtapada($g) => $body,
            AnyGame::Shaturanga($g) => $body,
        }
    };
}

/// A game of any kind this module records.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Ahayuta.
    Ahayuta(Ahayuta),
    /// Ashtapada, either ruleset.
    Ashtapada(Ashtapada),
    /// Shaturanga.
    Shaturanga(Shaturanga),
}

/// What is wrong with a record.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RecordError {
    /// A tag line is malformed.
    #[error("line {0}: bad tag: expected [Name \"value\"]")]
    Tag(usize),
    /// A needed tag is missing or wrong.
    #[error("tag {0}: {1}")]
    BadTag(&'static str, String),
    /// A move does not replay.
    #[error("move {number} ({text:?}): {why}")]
    Move {
        /// Move number, from 1.
        number: usize,
        /// The text.
        text: String,
        /// Why.
        why: String,
    },
}

/// A recorded game: its tags, seed and the moves played.
#[derive(Clone, Debug)]
pub struct Record {
    /// The game as replayed.
    pub game: AnyGame,
    /// The dice seed.
    pub seed: u64,
    /// The moves, as text.
    pub moves: Vec<String>,
}

impl AnyGame {
    /// The game's id.
    pub fn id(&self) -> &'static str {
        match self {
            AnyGame::Ahayuta(_) => "ahayuta",
            AnyGame::Ashtapada(_) => "ashtapada",
            AnyGame::Shaturanga(_) => "shaturanga",
        }
    }
    /// Who acts next.
    pub fn turn(&self) -> Turn {
        each_game!(self, g => g.turn())
    }
    /// The end, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        each_game!(self, g => g.outcome())
    }
    /// The legal moves now, as text.
    pub fn legal_texts(&self) -> Vec<String> {
        each_game!(self, g => g.legal_moves().into_iter().map(|m| g.move_text(m)).collect())
    }
    /// A move's text in the game's own form, if it is legal now.
    pub fn canonical(&self, text: &str) -> Result<String, String> {
        each_game!(self, g => g
            .parse_move(text)
            .map(|m| g.move_text(m))
            .map_err(|e| e.to_string()))
    }
    /// The position as text.
    pub fn position_text(&self) -> String {
        each_game!(self, g => g.text())
    }
    /// The throw the dice give next, as text, at a chance turn.
    pub fn next_throw(&self, dice: &Dice) -> Option<String> {
        let mut d = dice.clone();
        each_game!(self, g => d.pick(&g.chance_outcomes()).map(|m| g.move_text(m)))
    }
    /// The names of the seats.
    pub fn seat_names(&self) -> Vec<String> {
        match self {
            AnyGame::Ahayuta(_) => vec!["Light".into(), "Dark".into()],
            AnyGame::Ashtapada(g) => g.seats().iter().map(|s| s.name().to_string()).collect(),
            AnyGame::Shaturanga(_) => crate::shaturanga::SEAT_NAMES
                .iter()
                .map(|s| s.to_string())
                .collect(),
        }
    }

    /// Seat `seat` resigns and leaves a game of more than two players, which goes on
    /// without it (see [`Shaturanga::resign`], [`Ashtapada::resign`]); recorded as
    /// `resign NAME`.
    pub fn resign(&mut self, seat: usize) -> Result<(), String> {
        match self {
            AnyGame::Shaturanga(g) if seat < 4 => g.resign(seat as u8).map_err(|e| e.to_string()),
            AnyGame::Ashtapada(g) if g.seats().len() > 2 => {
                g.resign(seat).map_err(|e| e.to_string())
            }
            _ => Err("only a player of a game of three or four leaves it by resigning".into()),
        }
    }

    /// The record line of `seat`'s resignation.
    pub fn resign_text(&self, seat: usize) -> String {
        format!(
            "resign {}",
            self.seat_names().get(seat).map_or("?", |s| s.as_str())
        )
    }

    /// Plays a move given as text (or a resignation, `resign NAME`); checks throws against
    /// `dice`.
    pub fn play_text(&mut self, text: &str, dice: &mut Dice) -> Result<(), String> {
        if let Some(name) = text.trim().strip_prefix("resign ") {
            let seat = self
                .seat_names()
                .iter()
                .position(|s| s.eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| format!("{name:?} is not a seat of this game"))?;
            return self.resign(seat);
        }
        fn step<G: Game>(g: &mut G, text: &str, dice: &mut Dice) -> Result<(), String>
        where
            G::MoveError: std::fmt::Display,
        {
            let m = g.parse_move(text).map_err(|e| e.to_string())?;
            if g.turn() == Turn::Chance {
                let expected = dice
                    .pick(&g.chance_outcomes())
                    .ok_or("no throw is possible")?;
                if expected != m {
                    return Err(format!(
                        "the dice give {:?} here, not {text:?}",
                        g.move_text(expected)
                    ));
                }
            }
            g.play(m);
            Ok(())
        }
        each_game!(self, g => step(g, text, dice))
    }
}

impl Record {
    /// A new record of a game started with `seed`.
    pub fn new(game: AnyGame, seed: u64) -> Record {
        Record {
            game,
            seed,
            moves: Vec::new(),
        }
    }

    /// The record as text.
    pub fn text(&self) -> String {
        let mut out = format!("[Game \"{}\"]\n", self.game.id());
        if let AnyGame::Ashtapada(g) = &self.game {
            out += &format!(
                "[Ruleset \"{}\"]\n[Players \"{}\"]\n",
                g.rules().name(),
                g.seats().len()
            );
        }
        if let AnyGame::Shaturanga(g) = &self.game {
            if g.boat_move() == BoatMove::Bishop {
                out += "[Options \"boat=bishop\"]\n";
            }
        }
        out += &format!("[Seed \"{}\"]\n", self.seed);
        let outcome = self.game.outcome();
        if let Some(o) = outcome {
            let pays: Vec<String> = o.payoffs.iter().map(|p| p.to_string()).collect();
            out += &format!(
                "[Result \"{}\"]\n[Termination \"{}\"]\n",
                pays.join(" "),
                o.reason
            );
        }
        out.push('\n');
        for m in &self.moves {
            out += m;
            out.push('\n');
        }
        out
    }

    /// Reads and replays a record.
    pub fn read(text: &str) -> Result<Record, RecordError> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut moves = Vec::new();
        let mut in_moves = false;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if !in_moves && line.starts_with('[') {
                let inner = line
                    .strip_prefix('[')
                    .and_then(|l| l.strip_suffix(']'))
                    .ok_or(RecordError::Tag(i + 1))?;
                let (k, v) = inner
                    .split_once(char::is_whitespace)
                    .ok_or(RecordError::Tag(i + 1))?;
                let v = v
                    .trim()
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or(RecordError::Tag(i + 1))?;
                tags.push((k.to_string(), v.to_string()));
            } else if line.is_empty() {
                in_moves = !tags.is_empty();
            } else {
                in_moves = true;
                moves.push(line.to_string());
            }
        }
        let tag = |k: &str| tags.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
        let seed: u64 = tag("Seed")
            .ok_or_else(|| RecordError::BadTag("Seed", "missing".into()))?
            .parse()
            .map_err(|_| RecordError::BadTag("Seed", "not a number".into()))?;
        let game = match tag("Game") {
            Some("ahayuta") => AnyGame::Ahayuta(Ahayuta::new()),
            Some("ashtapada") => {
                let rules = match tag("Ruleset").unwrap_or("kile") {
                    "kile" => Ruleset::Kile,
                    "ashta-kashte" => Ruleset::AshtaKashte,
                    r => {
                        return Err(RecordError::BadTag(
                            "Ruleset",
                            format!("{r:?} is not kile or ashta-kashte"),
                        ))
                    }
                };
                let players = tag("Players")
                    .unwrap_or("2")
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (2..=4).contains(n))
                    .ok_or_else(|| RecordError::BadTag("Players", "2, 3 or 4".into()))?;
                AnyGame::Ashtapada(Ashtapada::new(rules, players))
            }
            Some("shaturanga") => AnyGame::Shaturanga(Shaturanga::new(match tag("Options") {
                None | Some("") | Some("boat=leap") => BoatMove::Leap,
                Some("boat=bishop") => BoatMove::Bishop,
                Some(o) => {
                    return Err(RecordError::BadTag(
                        "Options",
                        format!("{o:?} is not boat=leap or boat=bishop"),
                    ))
                }
            })),
            other => {
                return Err(RecordError::BadTag(
                    "Game",
                    format!("{other:?} is not ahayuta, ashtapada or shaturanga"),
                ))
            }
        };
        let mut rec = Record::new(game, seed);
        let mut dice = Dice::new(seed);
        for (i, m) in moves.iter().enumerate() {
            rec.game
                .play_text(m, &mut dice)
                .map_err(|why| RecordError::Move {
                    number: i + 1,
                    text: m.clone(),
                    why,
                })?;
            rec.moves.push(m.clone());
        }
        Ok(rec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_out(mut g: AnyGame, seed: u64) -> Record {
        let mut dice = Dice::new(seed);
        let mut rec = Record::new(g.clone(), seed);
        let mut pick = Dice::new(seed ^ 99);
        for _ in 0..3000 {
            let (turn, moves) = (g.turn(), g.legal_texts());
            let text = match turn {
                Turn::Over => break,
                Turn::Chance => g.next_throw(&dice).expect("a throw"),
                Turn::Seat(_) => {
                    moves[(pick.unit() * moves.len() as f64) as usize % moves.len()].clone()
                }
            };
            g.play_text(&text, &mut dice).expect("a legal move");
            rec.moves.push(text);
        }
        rec.game = g;
        rec
    }

    #[test]
    fn records_replay_exactly_and_catch_a_forged_throw() {
        for game in [
            AnyGame::Ashtapada(Ashtapada::new(Ruleset::Kile, 2)),
            AnyGame::Ashtapada(Ashtapada::new(Ruleset::AshtaKashte, 4)),
            AnyGame::Ahayuta(Ahayuta::new()),
            AnyGame::Shaturanga(Shaturanga::new(BoatMove::Bishop)),
        ] {
            let rec = play_out(game, 77);
            let text = rec.text();
            let back = Record::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.text(), text);
        }
        let rec = play_out(AnyGame::Ashtapada(Ashtapada::new(Ruleset::Kile, 2)), 5);
        let text = rec.text();
        let first = rec.moves[0].clone();
        let forged_value = if first == "throw 1" {
            "throw 2"
        } else {
            "throw 1"
        };
        let forged = text.replacen(&format!("\n{first}\n"), &format!("\n{forged_value}\n"), 1);
        let err = Record::read(&forged).unwrap_err().to_string();
        assert!(err.starts_with("move 1 "), "{err}");
        assert!(Record::read("[Game \"chess\"]\n[Seed \"1\"]\n").is_err());
        assert!(Record::read("[Game \"ahayuta\"]\n")
            .unwrap_err()
            .to_string()
            .contains("Seed"));
    }
}
