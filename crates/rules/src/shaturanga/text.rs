//! Shaturanga as text: moves (`throw 3`, `d2d3`, `d7d8h`, `yes`, `no`), the position
//! and a terminal board.

use super::{
    ally, parse_sq, sq_name, Decision, Kind, Move, Phase, Shaturanga, ShaturangaError, Status,
    SEAT_NAMES, THRONES,
};

const SEAT_LETTERS: [char; 4] = ['S', 'W', 'N', 'E'];

impl Shaturanga {
    /// The text of a move.
    pub fn text_of(m: Move) -> String {
        match m {
            Move::Throw(n) => format!("throw {n}"),
            Move::Step { from, to, promote } => format!(
                "{}{}{}",
                sq_name(from),
                sq_name(to),
                promote.map(|k| k.letter().to_string()).unwrap_or_default()
            ),
            Move::Yes => "yes".into(),
            Move::No => "no".into(),
        }
    }

    /// Reads a move and checks that it is legal now (a throw must be one the die shows).
    pub fn parse(&self, text: &str) -> Result<Move, ShaturangaError> {
        if self.outcome.is_some() {
            return Err(ShaturangaError::GameOver);
        }
        let t = text.trim().to_ascii_lowercase();
        let bad = || ShaturangaError::Illegal(text.to_string());
        if let Some(n) = t.strip_prefix("throw ") {
            let n: u8 = n.trim().parse().map_err(|_| bad())?;
            let m = Move::Throw(n);
            return self
                .chance_moves()
                .contains(&m)
                .then_some(m)
                .ok_or_else(bad);
        }
        let m = match t.as_str() {
            "yes" => Move::Yes,
            "no" => Move::No,
            _ => {
                if t.len() < 4 || !t.is_char_boundary(2) || !t.is_char_boundary(4) {
                    return Err(bad());
                }
                let from = parse_sq(&t[..2]).ok_or_else(bad)?;
                let to = parse_sq(&t[2..4]).ok_or_else(bad)?;
                let promote = match &t[4..] {
                    "" => None,
                    k if k.chars().count() == 1 => {
                        Some(Kind::from_letter(k.chars().next().unwrap_or(' ')).ok_or_else(bad)?)
                    }
                    _ => return Err(bad()),
                };
                Move::Step { from, to, promote }
            }
        };
        self.moves().contains(&m).then_some(m).ok_or_else(bad)
    }

    fn chance_moves(&self) -> Vec<Move> {
        match self.phase {
            Phase::Start(_) | Phase::Throw => (2..=5).map(Move::Throw).collect(),
            _ => Vec::new(),
        }
    }

    /// The position: the ranks from the top (`/`-separated; a piece is its owner's letter
    /// S, W, N or E and its kind p, b, h, e, k; digits count empty squares), then the seat
    /// to throw, the die (`-` if none), prisoners and standings.
    pub fn text(&self) -> String {
        let mut rows = Vec::new();
        for r in (0..8u8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..8u8 {
                match self.board[(r * 8 + f) as usize] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(SEAT_LETTERS[p.owner as usize]);
                        row.push(p.kind.letter());
                    }
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        let die = self
            .die()
            .map(|d| d.to_string())
            .unwrap_or_else(|| "-".into());
        let standing: String = (0..4)
            .map(|p| match (self.status[p], self.prisoner[p]) {
                (Status::Peace, _) => '=',
                (Status::Out, _) => 'x',
                (_, true) => 'p',
                _ => '+',
            })
            .collect();
        format!(
            "{} {} {} {}",
            rows.join("/"),
            SEAT_LETTERS[self.current as usize],
            die,
            standing
        )
    }

    /// The board for the terminal: ranks from the top, then each player's standing and the
    /// question or die of the moment.
    pub fn board_text(&self) -> String {
        let mut s = String::new();
        for r in (0..8u8).rev() {
            s += &format!("{} ", r + 1);
            for f in 0..8u8 {
                let q = r * 8 + f;
                let cell = match self.board[q as usize] {
                    Some(p) => format!("{}{}", SEAT_LETTERS[p.owner as usize], p.kind.letter()),
                    None if THRONES.contains(&q) => " *".into(),
                    None => " .".into(),
                };
                s += &format!(" {cell}");
            }
            s.push('\n');
        }
        s += "   a  b  c  d  e  f  g  h   (* thrones; b boat, h horse, e elephant, k rajah, p pawn)\n";
        for p in 0..4u8 {
            let mut notes = Vec::new();
            match self.status[p as usize] {
                Status::Peace => notes.push("at peace".to_string()),
                Status::Out => notes.push("out".to_string()),
                Status::Playing => {}
            }
            if self.prisoner[p as usize] {
                notes.push("rajah captured".into());
            }
            if self.command[p as usize] != p {
                notes.push(format!(
                    "army commanded by {}",
                    SEAT_NAMES[self.command[p as usize] as usize]
                ));
            }
            if self.ship_control[p as usize] != p {
                notes.push(format!(
                    "boat commanded by {}",
                    SEAT_NAMES[self.ship_control[p as usize] as usize]
                ));
            }
            s += &format!(
                "{} (ally {}): stakes {:+}{}\n",
                SEAT_NAMES[p as usize],
                SEAT_NAMES[ally(p) as usize],
                self.debts[p as usize],
                if notes.is_empty() {
                    String::new()
                } else {
                    format!(", {}", notes.join(", "))
                }
            );
        }
        match self.phase {
            Phase::Move(n) => s += &format!("die: {n}\n"),
            Phase::Decide(d) => s += &format!("{}\n", self.question(d)),
            _ => {}
        }
        s
    }

    /// The question a decision asks, in words.
    pub fn question(&self, d: Decision) -> String {
        match d {
            Decision::OfferExchange { by, hostile } => format!(
                "{}: offer {}'s rajah in exchange for {}'s? (yes/no)",
                SEAT_NAMES[by as usize],
                SEAT_NAMES[hostile as usize],
                SEAT_NAMES[ally(by) as usize]
            ),
            Decision::AnswerExchange {
                by,
                offerer,
                hostile,
            } => format!(
                "{}: {} offers {}'s rajah for {}'s; accept? (yes/no)",
                SEAT_NAMES[by as usize],
                SEAT_NAMES[offerer as usize],
                SEAT_NAMES[hostile as usize],
                SEAT_NAMES[ally(offerer) as usize]
            ),
            Decision::Restore { by } => format!(
                "{}: both hostile rajahs are taken; restore {}'s rajah? (yes/no)",
                SEAT_NAMES[by as usize],
                SEAT_NAMES[ally(by) as usize]
            ),
        }
    }
}
