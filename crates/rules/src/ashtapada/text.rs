//! Ashtapada as text: plans, positions (read and written) and the terminal board.

use super::*;

impl Ashtapada {
    /// The text of a plan.
    pub fn plan_text(plan: &Plan) -> String {
        if plan.is_pass() {
            return "pass".into();
        }
        plan.steps()
            .iter()
            .map(|s| match s {
                Step::Enter => "enter".to_string(),
                Step::BearOff => "off".to_string(),
                Step::Advance {
                    from,
                    twins,
                    throws,
                } => {
                    let t: Vec<String> = throws.iter().map(|t| t.to_string()).collect();
                    format!(
                        "{}{}:{}",
                        if *twins { "twins " } else { "" },
                        name(*from),
                        t.join("+")
                    )
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Where each step of a plan of the player to act goes on the board: the step, the
    /// square it leaves (none for a piece entering from the hand) and the square it
    /// reaches (the keep or end square at the path's end; none for a piece borne off).
    pub fn plan_squares(&self, plan: &Plan) -> Vec<(Step, Option<Sq>, Option<Sq>)> {
        let track = &self.paths[self.current];
        // a spot's code (path index + 1, the end square after the path) as a square
        let square_of = |code: usize| match code {
            1..=paths::PATH_LEN => Some(track.squares[code - 1]),
            c if c == paths::PATH_LEN + 1 => Some(track.end),
            _ => None,
        };
        plan.steps()
            .into_iter()
            .map(|step| {
                let (from, to) = match &step {
                    // kile (rule 6): onto the entry square with a 1; Ashta-kashte: the
                    // throw's count of squares from the hand
                    Step::Enter => match self.rules {
                        Ruleset::Kile => (None, square_of(1)),
                        Ruleset::AshtaKashte => {
                            let t = self.throws.last().copied().unwrap_or(1);
                            (None, square_of(t as usize))
                        }
                    },
                    Step::Advance { from, throws, .. } => {
                        let at = track.index[*from as usize] as usize + 1;
                        let sum: usize = throws.iter().map(|&t| t as usize).sum();
                        (Some(*from), square_of(at + sum))
                    }
                    Step::BearOff => (Some(track.end), None),
                };
                (step, from, to)
            })
            .collect()
    }

    /// The position as text.
    pub fn text(&self) -> String {
        let seats: Vec<String> = (0..self.seats.len())
            .map(|p| {
                let spots: Vec<String> = self
                    .pieces(p)
                    .iter()
                    .map(|&s| match s {
                        Spot::Hand => "-".to_string(),
                        Spot::Off => "off".to_string(),
                        Spot::Keep => "keep".to_string(),
                        Spot::Path(i) => name(self.paths[p].squares[i as usize]),
                    })
                    .collect();
                let gone = if self.has_resigned(p) { "!" } else { "" };
                format!("{}{gone}:{}", &self.seats[p].name()[..1], spots.join(","))
            })
            .collect();
        let last = match &self.phase {
            Phase::Start(v) => {
                let t: Vec<String> = v
                    .iter()
                    .map(|x| x.map_or("-".into(), |n| n.to_string()))
                    .collect();
                format!("start:{}", t.join(","))
            }
            _ if self.throws.is_empty() => "-".to_string(),
            _ => self
                .throws
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(","),
        };
        format!(
            "{} {} {} {}",
            self.rules.name(),
            seats.join("/"),
            &self.seats[self.current].name()[..1],
            last
        )
    }

    /// Reads a position.
    pub fn from_text(text: &str) -> Result<Ashtapada, AshtapadaError> {
        let bad = |why: &str| AshtapadaError::Position(format!("{why} in {text:?}"));
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.len() != 4 {
            return Err(bad("expected ruleset, pieces, seat to act and throws"));
        }
        let rules = match f[0] {
            "kile" => Ruleset::Kile,
            "ashta-kashte" => Ruleset::AshtaKashte,
            _ => return Err(bad("ruleset must be kile or ashta-kashte")),
        };
        let groups: Vec<&str> = f[1].split('/').collect();
        if !(2..=4).contains(&groups.len()) {
            return Err(bad("2 to 4 seats"));
        }
        let mut g = Ashtapada::new(rules, groups.len());
        for (p, grp) in groups.iter().enumerate() {
            let (seat, list) = grp
                .split_once(':')
                .ok_or_else(|| bad("a seat is S:, W:, N: or E: and its pieces"))?;
            // `!` after the seat: it resigned
            let seat = match seat.strip_suffix('!') {
                Some(s) => {
                    g.resigned |= 1 << p;
                    s
                }
                None => seat,
            };
            if seat != &g.seats[p].name()[..1] {
                return Err(bad("seats in turn order: S/N, S/W/N or S/W/N/E"));
            }
            let spots: Vec<&str> = list.split(',').collect();
            if spots.len() != rules.pieces() {
                return Err(bad(&format!("each seat has {} pieces", rules.pieces())));
            }
            for (i, s) in spots.iter().enumerate() {
                let spot = match *s {
                    "-" => Spot::Hand,
                    "off" if rules == Ruleset::Kile => Spot::Off,
                    "keep" => Spot::Keep,
                    sq => {
                        let b = sq.as_bytes();
                        let ok = b.len() == 2
                            && (b'a'..=b'h').contains(&b[0])
                            && (b'1'..=b'8').contains(&b[1]);
                        let s = if ok {
                            (b[1] - b'1') * 8 + (b[0] - b'a')
                        } else {
                            return Err(bad("bad square"));
                        };
                        let i = g.paths[p].index[s as usize];
                        if i == Track::OFF {
                            return Err(bad("a square off the seat's path"));
                        }
                        Spot::Path(i)
                    }
                };
                g.pieces.seat_mut(p)[i] = spot.code();
            }
        }
        g.current = g
            .seats
            .iter()
            .position(|s| &s.name()[..1] == f[2])
            .ok_or_else(|| bad("unknown seat to act"))?;
        if g.resigned != 0 {
            let n = g.seats.len();
            if n < 3 || g.resigned.count_ones() as usize >= n {
                return Err(bad(
                    "a seat resigns only from a game of three or four, and one stays",
                ));
            }
            if g.has_resigned(g.current) {
                return Err(bad("a seat that resigned does not act"));
            }
            if (0..n).any(|p| g.has_resigned(p) && g.pieces(p).iter().any(|&x| x != Spot::Hand)) {
                return Err(bad("a seat that resigned has no piece on the board"));
            }
            if f[3].starts_with("start:") {
                return Err(bad("no seat resigns before the opening throws are done"));
            }
        }
        if let Some(list) = f[3].strip_prefix("start:") {
            let v: Result<Vec<Option<u8>>, _> = list
                .split(',')
                .map(|t| {
                    if t == "-" {
                        Ok(None)
                    } else {
                        t.parse::<u8>().map(Some)
                    }
                })
                .collect();
            let v = v.map_err(|_| bad("bad start throws"))?;
            if v.len() != g.seats.len() {
                return Err(bad("one start throw per seat"));
            }
            if v.iter().flatten().any(|&t| !is_throw(t)) {
                return Err(bad("start throws are 1, 2, 3, 4 or 8"));
            }
            if (0..g.seats.len()).any(|p| g.pieces(p).iter().any(|&x| x != Spot::Hand)) {
                return Err(bad("before the start throws every piece is in hand"));
            }
            g.phase = Phase::Start(v);
            return Ok(g);
        }
        g.phase = Phase::Throwing;
        // the first seat home ends the game: two seats home cannot be
        let home = (0..g.seats.len())
            .filter(|&p| g.finished(&g.pieces, p))
            .count();
        if home > 1 {
            return Err(bad(
                "only one seat can have every piece home (the first ends the game)",
            ));
        }
        if let Some(o) = g.winner() {
            if f[3] != "-" {
                return Err(bad("no throws after the game is over"));
            }
            g.outcome = Some(o);
            return Ok(g);
        }
        if f[3] != "-" {
            for t in f[3].split(',') {
                let v: u8 = t
                    .parse()
                    .ok()
                    .filter(|&v| is_throw(v))
                    .ok_or_else(|| bad("throws are 1, 2, 3, 4 or 8"))?;
                g.throw(v);
            }
        }
        Ok(g)
    }

    /// The board for a terminal: `x` on empty marked squares, `.` elsewhere, pieces as the
    /// seat's letter (twins doubled: `SS`), then each seat's pieces, the throws and the plans.
    pub fn board_text(&self) -> String {
        let mut s = String::new();
        for r in (0..8u8).rev() {
            s += &format!("{} ", r + 1);
            for f in 0..8u8 {
                let sq = r * 8 + f;
                let mut cell = String::new();
                for p in 0..self.seats.len() {
                    for spot in self.pieces(p) {
                        if self.square(p, spot) == Some(sq) {
                            cell.push_str(&self.seats[p].name()[..1]);
                        }
                    }
                }
                if cell.is_empty() {
                    cell = if marked(sq) { "x".into() } else { ".".into() };
                }
                s += &format!("{cell:>4}");
            }
            s.push('\n');
        }
        s += "     a   b   c   d   e   f   g   h\n";
        for p in 0..self.seats.len() {
            let hand = self.pieces(p).iter().filter(|&&x| x == Spot::Hand).count();
            let done = self
                .pieces(p)
                .iter()
                .filter(|&&x| matches!(x, Spot::Keep | Spot::Off))
                .count();
            s += &format!("{}: {hand} to enter, {done} home\n", self.seats[p].name());
        }
        if !self.throws.is_empty() {
            let t: Vec<String> = self.throws.iter().map(|t| t.to_string()).collect();
            s += &format!("throws: {}\n", t.join(", "));
        }
        if !self.plans.is_empty() {
            let list: Vec<String> = self.plans.iter().map(Ashtapada::plan_text).collect();
            s += &format!("plans: {}\n", list.join(" | "));
        }
        s
    }
}
