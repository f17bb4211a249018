//! Records of a table: Ashta's record text for every game, PGN for the chess family, and
//! reading either back into a game, with an ending by the players kept in the tags.

use super::{Live, Setup, Table};
use ashta_rules::chess::{self, ChessGame};
use ashta_rules::record::AnyGame;
use ashta_rules::shaturanga::BoatMove;
use ashta_rules::Outcome;

impl Table {
    /// The game in Ashta's record text, for every game: tags (game, ruleset, options, dice
    /// seed, result), a blank line, one move a line as the rules read it, throws included.
    /// While the seed is secret (a game in play whose seed the server drew) the record
    /// carries its hash, `[SeedHash]`, in place of `[Seed]`.
    pub fn ashta_record(&self) -> String {
        if let Live::Other(g) = &self.live {
            let mut r = ashta_rules::record::Record::new(g.clone(), self.setup.seed);
            r.moves = self.played.iter().map(|p| p.text.clone()).collect();
            let text = with_ending(r.text(), self.ended.as_ref());
            return self.hide_seed(text);
        }
        let mut out = format!(
            "[Game \"{}\"]\n[Ruleset \"{}\"]\n",
            self.setup.game, self.setup.ruleset
        );
        if !self.setup.options.is_empty() {
            out += &format!("[Options \"{}\"]\n", self.setup.options.join(" "));
        }
        if let Some(fen) = &self.setup.start {
            out += &format!("[FEN \"{fen}\"]\n");
        }
        out += &format!("[Seed \"{}\"]\n", self.setup.seed);
        out = self.hide_seed(out);
        if let Some(o) = self.outcome() {
            let pays: Vec<String> = o.payoffs.iter().map(|p| p.to_string()).collect();
            out += &format!(
                "[Result \"{}\"]\n[Termination \"{}\"]\n",
                pays.join(" "),
                o.reason
            );
        }
        out.push('\n');
        for p in &self.played {
            out += &p.text;
            out.push('\n');
        }
        out
    }

    /// `text` with its `[Seed]` tag replaced by `[SeedHash]` while the seed is secret.
    fn hide_seed(&self, text: String) -> String {
        if self.seed_revealed() {
            return text;
        }
        let seed = format!("[Seed \"{}\"]", self.setup.seed);
        let hash = format!("[SeedHash \"{}\"]", self.setup.seed_hash());
        text.replacen(&seed, &hash, 1)
    }

    /// The record: PGN for the chess family, Ashta's record text for the others.
    pub fn record_text(&self, tags: &[(&str, &str)]) -> String {
        match &self.live {
            Live::Chess(g) => chess::pgn::write_ended(g, tags, self.ended.as_ref()),
            Live::Other(_) => self.ashta_record(),
        }
    }

    /// A Xiangqi game as PGN with its moves in WXF or ICCS (`[Format]` tagged), if it is
    /// one.
    pub fn xiangqi_record(
        &self,
        tags: &[(&str, &str)],
        notation: chess::pgn::Notation,
    ) -> Option<String> {
        match &self.live {
            Live::Chess(g) if g.variant().spec.game == "xiangqi" => {
                Some(chess::pgn::write_in(g, tags, self.ended.as_ref(), notation))
            }
            _ => None,
        }
    }

    /// The game as a CSA record, if it is a game of shogi.
    pub fn csa_text(&self) -> Option<String> {
        match &self.live {
            Live::Chess(g) if g.variant().spec.game == "shogi" => Some(chess::csa::write(g)),
            _ => None,
        }
    }

    /// The game as a KIF record, if it is a game of shogi.
    pub fn kif_text(&self) -> Option<String> {
        match &self.live {
            Live::Chess(g) if g.variant().spec.game == "shogi" => {
                Some(chess::kif::write(g, self.ended.as_ref()))
            }
            _ => None,
        }
    }

    /// Plays a recorded move for the seat it is legal for (the seat to move, or during
    /// Senterej's Werera either side).
    fn play_either(&mut self, text: &str) -> Result<(), String> {
        let seats = self.to_act();
        let seat = seats
            .iter()
            .copied()
            .find(|&s| {
                self.legal(s)
                    .iter()
                    .any(|x| x["text"] == text || x["label"] == text)
            })
            .or(seats.first().copied())
            .ok_or("the game is over")?;
        self.play(seat, text).map(|_| ())
    }

    /// Reads a record (PGN, or Ashta's record text of any game) into a game; an ending
    /// by resignation or agreement recorded in its tags is kept.
    pub fn from_record(text: &str) -> Result<Table, String> {
        let mut table = Table::read_moves(text)?;
        if !table.is_over() {
            if let Some(o) = recorded_ending(text, table.seats()) {
                table.set_ended(o);
            }
        }
        Ok(table)
    }

    /// A table replaying a chess-family game read from a record (from the usual start or
    /// a set-up one).
    fn of_game(g: &ChessGame) -> Result<Table, String> {
        let v = g.variant();
        let usual = ChessGame::new(v);
        let set_up = g.start_position().fen() != usual.start_position().fen();
        let start = if set_up {
            ChessGame::from_position(g.start_position().clone())
        } else {
            usual
        };
        let setup = Setup {
            game: v.spec.game.to_string(),
            ruleset: v.spec.ruleset.clone(),
            options: v
                .spec
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            seed: 0,
            seed_chosen: true,
            start: set_up.then(|| g.start_position().fen()),
        };
        // replay on a fresh table (Shatar's forced opening is part of the start there)
        let mut table = Table::new(setup)?;
        for &m in &g.moves()[start.moves().len()..] {
            // a move's coordinates do not depend on the position; its side is the one
            // for which it is legal (either, in Senterej's Werera)
            let text = start.position().uci(m);
            table.play_either(&text)?;
        }
        Ok(table)
    }

    fn read_moves(text: &str) -> Result<Table, String> {
        let t = text.trim_start();
        if let Some(game) = tag(t, "Game").filter(|g| chess::find_game(g).is_ok()) {
            // Ashta's record text of a chess-family game: moves as the rules read them; in
            // Senterej's Werera the side is the one for which the move is legal
            let setup = Setup {
                game,
                ruleset: tag(t, "Ruleset").unwrap_or_default(),
                options: tag(t, "Options")
                    .map(|o| o.split_whitespace().map(String::from).collect())
                    .unwrap_or_default(),
                seed: 0,
                seed_chosen: true,
                start: tag(t, "FEN"),
            };
            let mut table = Table::new(setup)?;
            let moves = t
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('['));
            for (i, m) in moves.enumerate() {
                table
                    .play_either(m)
                    .map_err(|e| format!("move {} ({m:?}): {e}", i + 1))?;
            }
            return Ok(table);
        }
        if !t.lines().any(|l| l.trim_start().starts_with('[')) && chess::kif::looks_like(t) {
            // a shogi record in the Japanese programs' format, by the game's own rules
            let v = chess::variant("shogi", None, &[]).map_err(|e| e.to_string())?;
            let k = chess::kif::read(v, text).map_err(|e| format!("KIF record: {e}"))?;
            let mut table = Table::of_game(&k.game)?;
            if let Some(o) = k.ending.filter(|_| !table.is_over()) {
                table.set_ended(o);
            }
            return Ok(table);
        }
        if is_csa(t) {
            // a shogi record from the shogi servers and engines, by the game's own rules
            let v = chess::variant("shogi", None, &[]).map_err(|e| e.to_string())?;
            let g = chess::csa::read(v, text).map_err(|e| format!("CSA record: {e}"))?;
            return Table::of_game(&g);
        }
        if t.contains("[Variant ") || !t.contains("[Game ") {
            let rec = chess::pgn::read(text).map_err(|e| e.to_string())?;
            return Table::of_game(&rec.game);
        }
        if tag(t, "Seed").is_none() && tag(t, "SeedHash").is_some() {
            return Err(
                "the record's dice are still secret (it has a SeedHash tag, not a Seed): \
                        it can be read once its game has ended"
                    .into(),
            );
        }
        let rec = ashta_rules::record::Record::read(text).map_err(|e| e.to_string())?;
        let (ruleset, options) = match &rec.game {
            AnyGame::Ahayuta(_) => ("seed".to_string(), vec![]),
            AnyGame::Ashtapada(g) => (
                g.rules().name().to_string(),
                vec![format!("players={}", g.seats().len())],
            ),
            AnyGame::Shaturanga(g) => (
                "seed".to_string(),
                match g.boat_move() {
                    BoatMove::Leap => vec![],
                    BoatMove::Bishop => vec!["boat=bishop".to_string()],
                },
            ),
        };
        let setup = Setup {
            game: rec.game.id().into(),
            ruleset,
            options,
            seed: rec.seed,
            seed_chosen: true,
            start: None,
        };
        let mut table = Table::blank(setup)?;
        for (i, text) in rec.moves.iter().enumerate() {
            let resigner = (0..table.seats()).find(|&s| match &table.live {
                Live::Other(g) => g.resign_text(s) == *text,
                Live::Chess(_) => false,
            });
            let r = match (resigner, table.to_act().first()) {
                (Some(s), _) => table.replay_resignation(s, text),
                (None, Some(&s)) => table.play_one(s, text),
                (None, None) => table.replay_throw(text),
            };
            r.map_err(|e| format!("move {} ({text:?}): {e}", i + 1))?;
        }
        table.throw_pending();
        Ok(table)
    }
}

/// The value of a tag `[Name "value"]` in a record.
fn tag(text: &str, name: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let inner = l.trim().strip_prefix('[')?.strip_suffix(']')?;
        let (k, v) = inner.split_once(char::is_whitespace)?;
        (k == name).then(|| v.trim().trim_matches('"').to_string())
    })
}

/// The ending a record states in its tags: PGN's `1-0`, `0-1`, `1/2-1/2`, or Ashta's
/// payoffs (`1 0`), with the `Termination` as the reason.
fn recorded_ending(text: &str, seats: usize) -> Option<Outcome> {
    let result = tag(text, "Result")?;
    let payoffs: Vec<f64> = match result.as_str() {
        "1-0" => vec![1.0, 0.0],
        "0-1" => vec![0.0, 1.0],
        "1/2-1/2" => vec![0.5, 0.5],
        r => r
            .split_whitespace()
            .map(|p| p.parse::<f64>())
            .collect::<Result<_, _>>()
            .ok()?,
    };
    if payoffs.iter().any(|p| !p.is_finite()) {
        return None;
    }
    (payoffs.len() == seats).then(|| Outcome {
        payoffs,
        reason: tag(text, "Termination").unwrap_or_else(|| "recorded result".into()),
    })
}

/// Adds the tags of an ending by the players to Ashta's record text of a game whose
/// rules did not end it.
fn with_ending(record: String, ended: Option<&Outcome>) -> String {
    let Some(o) = ended else { return record };
    if record.contains("[Result ") {
        return record;
    }
    let pays: Vec<String> = o.payoffs.iter().map(|p| p.to_string()).collect();
    let tags = format!(
        "[Result \"{}\"]\n[Termination \"{}\"]\n",
        pays.join(" "),
        o.reason
    );
    match record.find("\n\n") {
        Some(i) => format!("{}\n{}{}", &record[..i], tags, &record[i + 1..]),
        None => record + &tags,
    }
}

/// Whether a record is in CSA form (shogi): no PGN tags, and a `PI` start, board lines or
/// a CSA move line (`+7776FU`).
fn is_csa(t: &str) -> bool {
    !t.contains('[')
        && t.lines().map(str::trim).any(|l| {
            l.starts_with("PI")
                || l.starts_with("P1")
                || (l.len() >= 7
                    && l.starts_with(['+', '-'])
                    && l.as_bytes()[1..5].iter().all(u8::is_ascii_digit))
        })
}

#[cfg(test)]
mod tests {
    use super::super::tests::setup;
    use super::*;

    /// Every chess-family game's PGN export imports back to the same game: from the start,
    /// after moves chosen by a fixed rule (each side's moves in turn, Senterej's
    /// simultaneous Werera included), and finished games too.
    #[test]
    fn pgn_exports_of_every_chess_family_game_import_back() {
        let games = [
            ("asha", vec![]),
            ("chaturanga", vec![]),
            ("shatranj", vec![]),
            ("senterej", vec!["werera=simultaneous"]),
            ("senterej", vec!["werera=ten-moves"]),
            ("ninth-century", vec![]),
            ("sittuyin", vec![]),
            ("makruk", vec![]),
            ("ouk-chatrang", vec![]),
            ("shatar", vec![]),
            ("xiangqi", vec![]),
            ("janggi", vec![]),
            ("heian-shogi", vec![]),
            ("sho-shogi", vec![]),
            ("shogi", vec![]),
        ];
        for (game, options) in games {
            for (ruleset, pick) in [
                ("seed", 7),
                ("fairy-stockfish", 7),
                ("seed", 11),
                ("seed", 5),
            ] {
                let mut s = setup(game);
                s.ruleset = ruleset.into();
                s.options = options.iter().map(|o| o.to_string()).collect();
                let Ok(mut t) = Table::new(s) else { continue };
                for ply in 0..=120 {
                    let seat = t
                        .to_act()
                        .get(ply / pick % t.to_act().len().max(1))
                        .copied();
                    let legal = seat.map(|s| t.legal(s)).unwrap_or_default();
                    if ply % 10 == 0 || legal.is_empty() {
                        let text = t.record_text(&[]);
                        let back = Table::from_record(&text)
                            .unwrap_or_else(|e| panic!("{game} {ruleset} ply {ply}: {e}\n{text}"));
                        assert_eq!(back.fen(), t.fen(), "{game} {ruleset} ply {ply}");
                    }
                    let Some(seat) = seat.filter(|_| !legal.is_empty() && ply < 120) else {
                        break;
                    };
                    let m = legal[(ply * pick + 3) % legal.len()]["text"]
                        .as_str()
                        .unwrap()
                        .to_string();
                    t.play(seat, &m).unwrap();
                }
            }
        }
    }

    /// A game from a set-up position (every chess-family game, each from a position of a
    /// game played from its start) exports as PGN, Ashta record text, and KIF and CSA for
    /// shogi, and each imports back to the same start and position; the others refuse a
    /// start, a bad one is named.
    #[test]
    fn games_from_set_up_positions_export_and_import_back() {
        let mut checked = 0;
        for info in chess::GAMES {
            for ruleset in ["seed", "fairy-stockfish"] {
                let mut s = setup(info.id);
                s.ruleset = ruleset.into();
                let Ok(mut t) = Table::new(s.clone()) else {
                    continue;
                };
                for ply in 0..14 {
                    let Some(&seat) = t.to_act().first() else {
                        break;
                    };
                    let legal = t.legal(seat);
                    let Some(m) = legal.get(ply * 7 % legal.len().max(1)) else {
                        break;
                    };
                    let m = m["text"].as_str().unwrap().to_string();
                    t.play(seat, &m).unwrap();
                }
                s.start = Some(t.fen());
                let mut t = Table::new(s).unwrap_or_else(|e| panic!("{}: {e}", info.id));
                assert!(t.setup().start.is_some(), "{}", info.id);
                for ply in 0..6 {
                    let Some(&seat) = t.to_act().first() else {
                        break;
                    };
                    let legal = t.legal(seat);
                    let Some(m) = legal.get(ply * 5 % legal.len().max(1)) else {
                        break;
                    };
                    let m = m["text"].as_str().unwrap().to_string();
                    t.play(seat, &m).unwrap();
                }
                let mut records = vec![t.record_text(&[]), t.ashta_record()];
                records.extend(t.kif_text());
                records.extend(t.csa_text());
                for text in records {
                    let back = Table::from_record(&text)
                        .unwrap_or_else(|e| panic!("{} {ruleset}: {e}\n{text}", info.id));
                    let key = |t: &Table| {
                        t.fen()
                            .split_whitespace()
                            .take(2)
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    assert_eq!(key(&back), key(&t), "{} {ruleset}\n{text}", info.id);
                    assert!(back.setup().start.is_some(), "{}\n{text}", info.id);
                    checked += 1;
                }
            }
        }
        assert!(checked >= 50, "{checked} records");
        let mut s = setup("ashtapada");
        s.start = Some("8/8/8/8/8/8/8/8 w - - 0 1".into());
        assert!(Table::new(s).err().unwrap().contains("chess family"));
        let mut s = setup("makruk");
        s.start = Some("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w".into());
        assert!(Table::new(s).is_ok());
        let mut s = setup("makruk");
        s.start = Some("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNX w".into());
        assert!(Table::new(s).err().unwrap().contains("the start position"));
    }

    /// A resignation that leaves a four-seat game is a line of the record and reads back.
    #[test]
    fn a_four_seat_resignation_is_recorded_and_reads_back() {
        let mut s = setup("shaturanga");
        s.seed_chosen = true;
        let mut t = Table::new(s).unwrap();
        for _ in 0..6 {
            let seat = t.to_act()[0];
            let m = t.legal(seat)[0]["text"].as_str().unwrap().to_string();
            t.play(seat, &m).unwrap();
        }
        let leaver = (t.to_act()[0] + 2) % 4;
        let added = t.resign(leaver).unwrap();
        assert!(added[0].text.starts_with("resign "), "{added:?}");
        assert!(!t.is_over());
        let text = t.ashta_record();
        assert!(text.contains(&added[0].text), "{text}");
        let back = Table::from_record(&text).unwrap();
        assert_eq!(back.fen(), t.fen());
        assert_eq!(back.played(), t.played());
    }

    #[test]
    fn ashta_records_of_chess_games_and_recorded_resignations_read_back() {
        let mut s = setup("senterej");
        s.options = vec!["werera=simultaneous".into()];
        let mut t = Table::new(s).unwrap();
        for (seat, m) in [(1, "e7e6"), (1, "d7d6"), (0, "e2e3")] {
            t.play(seat, m).unwrap();
        }
        t.resign(0).unwrap();
        let text = t.ashta_record();
        assert!(text.starts_with("[Game \"senterej\"]"), "{text}");
        assert!(text.contains("[Termination \"White resigned\"]"), "{text}");
        let back = Table::from_record(&text).unwrap();
        assert_eq!(back.fen(), t.fen());
        assert_eq!(back.played(), t.played());
        assert_eq!(back.outcome().unwrap().reason, "White resigned");
        // PGN keeps a resignation too
        let back = Table::from_record(&t.record_text(&[])).unwrap();
        assert_eq!(back.outcome().unwrap().winner(), Some(1));
        // and Ashta's record of a dice game
        let mut d = Table::new(Setup {
            game: "shaturanga".into(),
            ruleset: String::new(),
            options: vec!["boat=bishop".into()],
            seed: 9,
            seed_chosen: true,
            start: None,
        })
        .unwrap();
        for _ in 0..20 {
            let Some(&seat) = d.to_act().first() else {
                break;
            };
            let m = d.legal(seat)[0]["text"].as_str().unwrap().to_string();
            d.play(seat, &m).unwrap();
        }
        d.agree_draw().unwrap();
        let back = Table::from_record(&d.ashta_record()).unwrap();
        assert_eq!(back.fen(), d.fen());
        assert_eq!(back.setup(), d.setup());
        assert_eq!(back.outcome().unwrap().reason, "agreement");
    }
}
