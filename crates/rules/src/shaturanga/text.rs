//! Shaturanga as text: moves (`throw 3`, `d2d3`, `d7d8h`, `yes`, `no`), the position
//! and a terminal board.

use super::{
    ally, parse_sq, sq_name, BoatMove, Decision, Kind, Move, Phase, Shaturanga, ShaturangaError,
    Status, SEAT_NAMES, THRONES,
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
    /// S, W, N or E and its kind p, b, h, e, k; digits count empty squares), the seat to
    /// throw or move, the phase (`start:3,-,5,-` opening throws, `throw`, `die:5`,
    /// `offer:S:W`, `answer:E:S:W`, `restore:S`), the standings (`+` playing, `=` at peace,
    /// `x` out, `r` resigned), the prisoners (the seat letter of the player who took the
    /// rajah, `p` if not known, `-` on the board), who commands each army and each boat, the
    /// thrones seized and empires built (`y` or `-`), pawns lost, stakes, and the turns
    /// without a capture or promotion:
    /// `Wb... S throw ++++ ---- SWNE SWNE ---- ---- 0,0,0,0 0,0,0,0 0`; then, where a
    /// question of rules 6 and 7 was answered no since the prisoners last changed, a
    /// thirteenth field lists them: `xSW` (South's exchange of West's rajah), `rS` (South's
    /// restoration of North's), comma-separated.
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
        let seat = |p: u8| SEAT_LETTERS[p as usize];
        let phase = match &self.phase {
            Phase::Start(t) => format!(
                "start:{}",
                t.iter()
                    .map(|x| x.map_or("-".to_string(), |n| n.to_string()))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            Phase::Throw => "throw".into(),
            Phase::Move(n) => format!("die:{n}"),
            Phase::Decide(Decision::OfferExchange { by, hostile }) => {
                format!("offer:{}:{}", seat(*by), seat(*hostile))
            }
            Phase::Decide(Decision::AnswerExchange {
                by,
                offerer,
                hostile,
            }) => format!("answer:{}:{}:{}", seat(*by), seat(*offerer), seat(*hostile)),
            Phase::Decide(Decision::Restore { by }) => format!("restore:{}", seat(*by)),
        };
        let flags = |f: &dyn Fn(usize) -> bool, yes: char| -> String {
            (0..4).map(|p| if f(p) { yes } else { '-' }).collect()
        };
        let standing: String = self
            .status
            .iter()
            .map(|s| match s {
                Status::Playing => '+',
                Status::Peace => '=',
                Status::Out => 'x',
                Status::Resigned => 'r',
            })
            .collect();
        let numbers = |v: &[i32]| {
            v.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let prisoners: String = (0..4)
            .map(|p| match (self.prisoner[p], self.captor[p]) {
                (false, _) => '-',
                (true, None) => 'p',
                (true, Some(c)) => seat(c),
            })
            .collect();
        let mut declined = Vec::new();
        for by in 0..4u8 {
            for h in 0..4u8 {
                if self.declined & (1 << (4 * by + h)) != 0 {
                    declined.push(format!("x{}{}", seat(by), seat(h)));
                }
            }
            if self.declined & (1 << (16 + by)) != 0 {
                declined.push(format!("r{}", seat(by)));
            }
        }
        let declined = if declined.is_empty() {
            String::new()
        } else {
            format!(" {}", declined.join(","))
        };
        format!(
            "{} {} {} {} {} {} {} {} {} {} {} {}{declined}",
            rows.join("/"),
            seat(self.current),
            phase,
            standing,
            prisoners,
            self.command.iter().map(|&c| seat(c)).collect::<String>(),
            self.ship_control
                .iter()
                .map(|&c| seat(c))
                .collect::<String>(),
            flags(&|p| self.seized[p], 'y'),
            flags(&|p| self.empire[p], 'y'),
            numbers(&self.pawns_lost.map(i32::from)),
            numbers(&self.debts),
            self.quiet
        )
    }

    /// Reads a position written by [`Shaturanga::text`].
    pub fn from_text(text: &str, boat: BoatMove) -> Result<Shaturanga, ShaturangaError> {
        let bad = |what: &str| ShaturangaError::Position(what.to_string());
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(12..=13).contains(&fields.len()) {
            return Err(bad("expected 12 fields (13 with questions declined)"));
        }
        let seat_of = |c: char| -> Result<u8, ShaturangaError> {
            SEAT_LETTERS
                .iter()
                .position(|&x| x == c)
                .map(|i| i as u8)
                .ok_or_else(|| bad(&format!("{c:?} is not a seat (S, W, N, E)")))
        };
        let mut g = Shaturanga::new(boat);
        g.board = [None; 64];
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 8 {
            return Err(bad("the board has 8 ranks"));
        }
        for (i, row) in rows.iter().enumerate() {
            let r = 7 - i as u8;
            let mut f = 0u8;
            let mut chars = row.chars();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    f = f.saturating_add(d as u8);
                    if f > 8 {
                        return Err(bad(&format!("rank {} is too long", r + 1)));
                    }
                } else {
                    let owner = seat_of(c)?;
                    let k = chars.next().and_then(Kind::from_letter).ok_or_else(|| {
                        bad(&format!("rank {}: a piece is a seat and a kind", r + 1))
                    })?;
                    if f >= 8 {
                        return Err(bad(&format!("rank {} is too long", r + 1)));
                    }
                    g.board[(r * 8 + f) as usize] = Some(super::Piece { kind: k, owner });
                    f += 1;
                }
            }
            if f != 8 {
                return Err(bad(&format!("rank {} does not have 8 squares", r + 1)));
            }
        }
        g.index_board();
        let one = |s: &str| -> Result<u8, ShaturangaError> {
            let mut cs = s.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) => seat_of(c),
                _ => Err(bad(&format!("{s:?} is not a seat"))),
            }
        };
        g.current = one(fields[1])?;
        let parts: Vec<&str> = fields[2].split(':').collect();
        g.phase = match parts.as_slice() {
            ["throw"] => Phase::Throw,
            ["die", n] => Phase::Move(
                n.parse()
                    .ok()
                    .filter(|n| (2..=5).contains(n))
                    .ok_or_else(|| bad("the die shows 2 to 5"))?,
            ),
            ["start", t] => {
                let throws: Vec<Option<u8>> = t
                    .split(',')
                    .map(|x| match x {
                        "-" => Ok(None),
                        n => n.parse().map(Some).map_err(|_| bad("opening throws")),
                    })
                    .collect::<Result<_, _>>()?;
                if throws.len() != 4 {
                    return Err(bad("four opening throws"));
                }
                // 0 marks a player out of the contest for the first move
                if throws
                    .iter()
                    .flatten()
                    .any(|&n| n != 0 && !(2..=5).contains(&n))
                {
                    return Err(bad("opening throws are 2 to 5 (0: out of the contest)"));
                }
                Phase::Start(throws)
            }
            ["offer", by, h] => Phase::Decide(Decision::OfferExchange {
                by: one(by)?,
                hostile: one(h)?,
            }),
            ["answer", by, o, h] => Phase::Decide(Decision::AnswerExchange {
                by: one(by)?,
                offerer: one(o)?,
                hostile: one(h)?,
            }),
            ["restore", by] => Phase::Decide(Decision::Restore { by: one(by)? }),
            _ => return Err(bad("unknown phase")),
        };
        let four = |s: &str, what: &str| -> Result<Vec<char>, ShaturangaError> {
            let v: Vec<char> = s.chars().collect();
            if v.len() == 4 {
                Ok(v)
            } else {
                Err(bad(&format!("{what}: four entries")))
            }
        };
        for (p, c) in four(fields[3], "standings")?.into_iter().enumerate() {
            g.status[p] = match c {
                '+' => Status::Playing,
                '=' => Status::Peace,
                'x' => Status::Out,
                'r' => Status::Resigned,
                _ => return Err(bad("standings are +, =, x or r")),
            };
        }
        for (p, c) in four(fields[4], "prisoners")?.into_iter().enumerate() {
            g.prisoner[p] = c != '-';
            g.captor[p] = match c {
                '-' | 'p' => None,
                c => Some(seat_of(c).map_err(|_| bad("prisoners are -, p or the captor's seat"))?),
            };
        }
        for (p, c) in four(fields[5], "commands")?.into_iter().enumerate() {
            g.command[p] = seat_of(c)?;
        }
        for (p, c) in four(fields[6], "boats")?.into_iter().enumerate() {
            g.ship_control[p] = seat_of(c)?;
        }
        for (p, c) in four(fields[7], "thrones")?.into_iter().enumerate() {
            g.seized[p] = c == 'y';
        }
        for (p, c) in four(fields[8], "empires")?.into_iter().enumerate() {
            g.empire[p] = c == 'y';
        }
        let list = |s: &str, what: &str| -> Result<Vec<i32>, ShaturangaError> {
            let v: Vec<i32> = s
                .split(',')
                .map(|n| n.parse::<i32>())
                .collect::<Result<_, _>>()
                .map_err(|_| bad(&format!("{what}: numbers")))?;
            if v.len() == 4 {
                Ok(v)
            } else {
                Err(bad(&format!("{what}: four numbers")))
            }
        };
        for (p, n) in list(fields[9], "pawns lost")?.into_iter().enumerate() {
            g.pawns_lost[p] = u8::try_from(n).map_err(|_| bad("pawns lost: 0 to 255"))?;
        }
        for (p, n) in list(fields[10], "stakes")?.into_iter().enumerate() {
            g.debts[p] = n;
        }
        g.quiet = fields[11]
            .parse()
            .map_err(|_| bad("quiet turns: a number"))?;
        if let Some(list) = fields.get(12) {
            for t in list.split(',') {
                let cs: Vec<char> = t.chars().collect();
                match cs.as_slice() {
                    ['x', by, h] => g.declined |= 1 << (4 * seat_of(*by)? + seat_of(*h)?),
                    ['r', by] => g.declined |= 1 << (16 + seat_of(*by)?),
                    _ => {
                        return Err(bad(&format!(
                            "{t:?} is not a question declined (xSW: an exchange, rS: a restoration)"
                        )))
                    }
                }
            }
        }
        g.check_possible().map_err(|e| bad(&e))?;
        if !g.finish_if_over() {
            g.end_if_quiet();
        }
        Ok(g)
    }

    /// Refuses a state no game reaches: an empty board, a player with more than eight
    /// pieces or two rajahs, a rajah both on the board and a prisoner, pawns on the board
    /// and lost more than four, a player out with pieces besides a rajah, an army or boat
    /// commanded by someone other than its owner or the ally.
    fn check_possible(&self) -> Result<(), String> {
        if self.owner_bb.iter().all(|&b| b == 0) {
            return Err("the board has no pieces".into());
        }
        for p in 0..4u8 {
            let i = p as usize;
            let name = SEAT_NAMES[i];
            let mine = self.owner_bb[i];
            let of = |k: Kind| (mine & self.kind_bb[k as usize]).count_ones();
            if mine.count_ones() > 8 {
                return Err(format!("{name} has more than eight pieces"));
            }
            if of(Kind::Rajah) > 1 {
                return Err(format!("{name} has two rajahs"));
            }
            if of(Kind::Rajah) == 1 && self.prisoner[i] {
                return Err(format!("{name}'s rajah is on the board and a prisoner"));
            }
            if of(Kind::Pawn) + u32::from(self.pawns_lost[i]) > 4 {
                return Err(format!(
                    "{name} has more than four pawns, on the board and lost"
                ));
            }
            // (a rajah may come back to a player who is out, by exchange or restoration)
            if self.status[i] == Status::Out && mine & !self.kind_bb[Kind::Rajah as usize] != 0 {
                return Err(format!("{name} is out with pieces left"));
            }
            for (what, by) in [("army", self.command[i]), ("boat", self.ship_control[i])] {
                if by != p && by != ally(p) {
                    return Err(format!(
                        "{name}'s {what} is commanded by {}, who is not its ally",
                        SEAT_NAMES[by as usize]
                    ));
                }
            }
        }
        Ok(())
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
                Status::Resigned => notes.push("resigned".to_string()),
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
