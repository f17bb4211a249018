//! Ahayuta (seed 004), as `RULES.md` reads it: two players, an 8x8 board without its
//! corners, six men each placed from hand on the home row, men stepping diagonally forward,
//! one war god (the Ahayuta) per player, custodian capture on every line.
//!
//! Position text: the eight ranks from the top, `/`-separated, `-` for the four missing
//! corners, digits for empty squares, `M`/`m` for men, `A`/`a` for the Ahayuta (White's in
//! capitals); then the side to move (`w`/`b`), the men in White's and Black's hands, and the
//! Ahayuta waiting to be placed (`A`, `a`, `Aa` or `-`). The start is `-6-/8/8/8/8/8/8/-6- w 6 6 -`.
//!
//! Moves: `@d1` places a man from hand, `A@d1` places a returned Ahayuta, `c2d3` moves a man
//! or the Ahayuta, `e7f8/d1` moves a man onto the opponent's home row and places it on d1.

use crate::game::{Game, Outcome, Turn};
use crate::geometry::Color;
use std::fmt;
use thiserror::Error;

/// A square of the 8x8 board: `rank * 8 + file`.
pub type Sq = u8;

const CORNERS: [Sq; 4] = [0, 7, 56, 63];

fn on_board(f: i8, r: i8) -> Option<Sq> {
    /// [`CORNERS`] as a mask.
    const CORNER_MASK: u64 = {
        let (mut m, mut i) = (0u64, 0);
        while i < CORNERS.len() {
            m |= 1 << CORNERS[i];
            i += 1;
        }
        m
    };
    // a negative file or rank is 128 or more as a byte
    if f as u8 >= 8 || r as u8 >= 8 {
        return None;
    }
    let s = (r * 8 + f) as Sq;
    (CORNER_MASK >> s & 1 == 0).then_some(s)
}

fn name(s: Sq) -> String {
    format!("{}{}", (b'a' + s % 8) as char, s / 8 + 1)
}

fn parse_sq(t: &str) -> Option<Sq> {
    let b = t.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    on_board((b[0] - b'a') as i8, (b[1] - b'1') as i8)
}

/// What stands on a square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// A man.
    Man(Color),
    /// An Ahayuta (war god).
    God(Color),
}

impl Cell {
    fn color(self) -> Option<Color> {
        match self {
            Cell::Empty => None,
            Cell::Man(c) | Cell::God(c) => Some(c),
        }
    }
}

/// A move of Ahayuta.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AMove {
    /// A man from hand onto the home row.
    Place(Sq),
    /// The returned Ahayuta onto the home row.
    PlaceGod(Sq),
    /// A man or the Ahayuta moves.
    Step(Sq, Sq),
    /// A man moves onto the opponent's home row, then is placed on the own home row.
    StepHome(Sq, Sq, Sq),
}

/// Bad position text or move text.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum AhayutaError {
    /// The position text is malformed.
    #[error("bad Ahayuta position: {0}")]
    Position(String),
    /// The move text is not a move.
    #[error("{0:?} is not an Ahayuta move: expected @d1, A@d1, c2d3 or e7f8/d1")]
    Malformed(String),
    /// The move is not legal here.
    #[error("{0:?} is not legal here")]
    Illegal(String),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

/// A game of Ahayuta in progress.
#[derive(Clone, PartialEq, Debug)]
pub struct Ahayuta {
    board: [Cell; 64],
    /// The squares of each colour's pieces, kept with the board ([`Ahayuta::set`]).
    by_color: [u64; 2],
    side: Color,
    hand: [u8; 2],
    pending: [bool; 2],
    hashes: Vec<u64>,
    outcome: Option<Outcome>,
}

impl Default for Ahayuta {
    fn default() -> Self {
        Ahayuta::new()
    }
}

fn home_row(c: Color) -> u8 {
    match c {
        Color::White => 0,
        Color::Black => 7,
    }
}

impl Ahayuta {
    /// The start: an empty board, six men in each hand, White (light) to move.
    pub fn new() -> Ahayuta {
        let mut g = Ahayuta {
            board: [Cell::Empty; 64],
            by_color: [0; 2],
            side: Color::White,
            hand: [6, 6],
            pending: [false; 2],
            hashes: Vec::new(),
            outcome: None,
        };
        g.hashes.push(g.key());
        g
    }

    /// The piece on a square.
    pub fn cell(&self, s: Sq) -> Cell {
        self.board[s as usize]
    }
    /// Side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// Men in hand.
    pub fn in_hand(&self, c: Color) -> u8 {
        self.hand[c.index()]
    }
    /// Whether `c` must place its returned Ahayuta.
    pub fn god_pending(&self, c: Color) -> bool {
        self.pending[c.index()]
    }
    /// Whether `c` has an Ahayuta, on the board or waiting to be placed.
    pub fn has_god(&self, c: Color) -> bool {
        self.pending[c.index()] || self.board.contains(&Cell::God(c))
    }

    /// Puts `cell` on square `s`, keeping [`Ahayuta::by_color`] with the board.
    fn set(&mut self, s: Sq, cell: Cell) {
        let bit = 1u64 << (s & 63);
        if let Some(c) = self.board[s as usize].color() {
            self.by_color[c.index()] &= !bit;
        }
        if let Some(c) = cell.color() {
            self.by_color[c.index()] |= bit;
        }
        self.board[s as usize] = cell;
    }

    /// A hash of the position (board, side, hands, pending Ahayuta) for repetitions.
    fn key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |x: u64| {
            h ^= x;
            h = h.wrapping_mul(0x0000_0100_0000_01B3);
        };
        let mut occupied = self.by_color[0] | self.by_color[1];
        while occupied != 0 {
            let i = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let code = match self.board[i] {
                Cell::Empty => continue,
                Cell::Man(Color::White) => 1,
                Cell::Man(Color::Black) => 2,
                Cell::God(Color::White) => 3,
                Cell::God(Color::Black) => 4,
            };
            mix((i as u64) << 8 | code);
        }
        mix(self.side.index() as u64 | (self.hand[0] as u64) << 8 | (self.hand[1] as u64) << 16);
        mix(u64::from(self.pending[0]) | u64::from(self.pending[1]) << 1);
        h
    }

    fn home_squares(c: Color) -> impl Iterator<Item = Sq> + Clone {
        let r = home_row(c);
        (1..7).map(move |f| r * 8 + f)
    }

    fn free_home(&self, c: Color) -> impl Iterator<Item = Sq> + Clone + '_ {
        Self::home_squares(c).filter(|&s| self.board[s as usize] == Cell::Empty)
    }

    /// The legal moves of the side to move.
    pub fn moves(&self) -> Vec<AMove> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        self.generate()
    }

    /// The moves by the rules of movement, whether or not the game is over.
    fn generate(&self) -> Vec<AMove> {
        let mut out = Vec::with_capacity(32);
        self.each_move(&mut |m| {
            out.push(m);
            true
        });
        out
    }

    /// Hands the moves by the rules of movement to `take` until it returns false; whether
    /// every move was handed.
    fn each_move(&self, take: &mut impl FnMut(AMove) -> bool) -> bool {
        let us = self.side;
        let free = self.free_home(us);
        // seed 004: a returned Ahayuta "must be placed on any free square of the player's home
        // row in the next turn" (when a square is free)
        if self.pending[us.index()] && free.clone().next().is_some() {
            return free.map(AMove::PlaceGod).all(&mut *take);
        }
        if self.hand[us.index()] > 0 && !free.clone().map(AMove::Place).all(&mut *take) {
            return false;
        }
        let fwd = us.forward();
        let their_row = home_row(us.other());
        // the side's own pieces only
        let mut own = self.by_color[us.index()];
        while own != 0 {
            let s = own.trailing_zeros() as Sq;
            own &= own - 1;
            let (f, r) = ((s % 8) as i8, (s / 8) as i8);
            match self.board[s as usize] {
                Cell::Man(_) => {
                    for df in [-1, 1] {
                        let Some(t) = on_board(f + df, r + fwd) else {
                            continue;
                        };
                        if self.board[t as usize] != Cell::Empty {
                            continue;
                        }
                        let all = if t / 8 == their_row {
                            // "A move onto the opponent's row is illegal if the own home row is full"
                            free.clone()
                                .map(|p| AMove::StepHome(s, t, p))
                                .all(&mut *take)
                        } else {
                            take(AMove::Step(s, t))
                        };
                        if !all {
                            return false;
                        }
                    }
                }
                Cell::God(_) => {
                    for (df, dr) in [(-1, 0), (1, 0), (-1, fwd), (0, fwd), (1, fwd)] {
                        if let Some(t) = on_board(f + df, r + dr) {
                            if self.board[t as usize] == Cell::Empty && !take(AMove::Step(s, t)) {
                                return false;
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        true
    }

    /// Custodian captures made by the piece that arrived on `at`; returns whether the
    /// opponent's Ahayuta was taken.
    fn capture_from(&mut self, at: Sq) -> bool {
        let us = self.side;
        let them = us.other();
        let (f, r) = ((at % 8) as i8, (at / 8) as i8);
        let mut god_taken = false;
        let mut men_taken = 0;
        for (df, dr) in [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ] {
            let (Some(q), Some(p)) = (on_board(f + df, r + dr), on_board(f + 2 * df, r + 2 * dr))
            else {
                continue;
            };
            if self.board[q as usize].color() == Some(them)
                && self.board[p as usize].color() == Some(us)
            {
                match self.board[q as usize] {
                    Cell::God(_) => god_taken = true,
                    _ => men_taken += 1,
                }
                self.set(q, Cell::Empty);
            }
        }
        // seed 004: a player without an Ahayuta gets his first captured man back as Ahayuta
        if men_taken > 0 && !self.has_god(them) {
            self.pending[them.index()] = true;
        }
        god_taken
    }

    /// Plays a legal move.
    pub fn play_move(&mut self, m: AMove) {
        let us = self.side;
        let mut win: Option<&str> = None;
        match m {
            AMove::Place(s) => {
                self.hand[us.index()] -= 1;
                self.set(s, Cell::Man(us));
                if self.capture_from(s) {
                    win = Some("captured the Ahayuta");
                }
            }
            AMove::PlaceGod(s) => {
                self.pending[us.index()] = false;
                self.set(s, Cell::God(us));
                if self.capture_from(s) {
                    win = Some("captured the Ahayuta");
                }
            }
            AMove::Step(from, to) => {
                let piece = self.board[from as usize];
                self.set(from, Cell::Empty);
                self.set(to, piece);
                if self.capture_from(to) {
                    win = Some("captured the Ahayuta");
                }
                if piece == Cell::God(us) && to / 8 == home_row(us.other()) {
                    win = Some("the Ahayuta reached the opponent's home row");
                }
            }
            AMove::StepHome(from, to, place) => {
                self.set(from, Cell::Empty);
                self.set(to, Cell::Man(us));
                let mut taken = self.capture_from(to);
                self.set(to, Cell::Empty);
                // the first man to reach the far row becomes the Ahayuta, if the player has none
                let becomes = if self.has_god(us) {
                    Cell::Man(us)
                } else {
                    Cell::God(us)
                };
                self.set(place, becomes);
                taken |= self.capture_from(place);
                if taken {
                    win = Some("captured the Ahayuta");
                }
            }
        }
        self.side = us.other();
        self.hashes.push(self.key());
        self.outcome = match win {
            Some(why) => Some(Outcome::win(us.index(), why)),
            None => self.end_by_position(),
        };
    }

    fn end_by_position(&self) -> Option<Outcome> {
        if self.moves_unchecked_empty() {
            return Some(Outcome::win(self.side.other().index(), "no legal move"));
        }
        let k = *self.hashes.last().expect("a position");
        if self.hashes.iter().filter(|&&h| h == k).count() >= 3 {
            return Some(Outcome::draw("threefold repetition"));
        }
        None
    }

    fn moves_unchecked_empty(&self) -> bool {
        // no move handed: each_move ran to the end without being stopped
        self.each_move(&mut |_| false)
    }

    /// The move in text.
    pub fn move_text(m: AMove) -> String {
        match m {
            AMove::Place(s) => format!("@{}", name(s)),
            AMove::PlaceGod(s) => format!("A@{}", name(s)),
            AMove::Step(a, b) => format!("{}{}", name(a), name(b)),
            AMove::StepHome(a, b, p) => format!("{}{}/{}", name(a), name(b), name(p)),
        }
    }

    /// Reads a move and checks it is legal.
    pub fn parse(&self, text: &str) -> Result<AMove, AhayutaError> {
        if self.outcome.is_some() {
            return Err(AhayutaError::GameOver);
        }
        let t = text.trim();
        let well_formed = {
            let t2 = t
                .strip_prefix("A@")
                .or_else(|| t.strip_prefix('@'))
                .unwrap_or(t);
            let parts: Vec<&str> = t2.split('/').collect();
            let sq_run = |s: &str| {
                s.len().is_multiple_of(2)
                    && s.len() <= 4
                    && (0..s.len())
                        .step_by(2)
                        .all(|i| s.get(i..i + 2).and_then(parse_sq).is_some())
            };
            !t2.is_empty() && parts.len() <= 2 && parts.iter().all(|p| sq_run(p))
        };
        if !well_formed {
            return Err(AhayutaError::Malformed(text.to_string()));
        }
        self.moves()
            .into_iter()
            .find(|&m| Self::move_text(m).eq_ignore_ascii_case(t) || (Self::move_text(m) == t))
            .ok_or_else(|| AhayutaError::Illegal(t.to_string()))
    }

    /// The position as text.
    pub fn text(&self) -> String {
        let mut rows = Vec::new();
        for r in (0..8u8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..8u8 {
                let s = r * 8 + f;
                let ch = if CORNERS.contains(&s) {
                    Some('-')
                } else {
                    match self.board[s as usize] {
                        Cell::Empty => None,
                        Cell::Man(Color::White) => Some('M'),
                        Cell::Man(Color::Black) => Some('m'),
                        Cell::God(Color::White) => Some('A'),
                        Cell::God(Color::Black) => Some('a'),
                    }
                };
                match ch {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(c);
                    }
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        let pending: String = [('A', Color::White), ('a', Color::Black)]
            .iter()
            .filter(|(_, c)| self.pending[c.index()])
            .map(|(ch, _)| *ch)
            .collect();
        format!(
            "{} {} {} {} {}",
            rows.join("/"),
            if self.side == Color::White { 'w' } else { 'b' },
            self.hand[0],
            self.hand[1],
            if pending.is_empty() {
                "-".to_string()
            } else {
                pending
            }
        )
    }

    /// Reads a position.
    pub fn from_text(text: &str) -> Result<Ahayuta, AhayutaError> {
        let bad = |why: &str| AhayutaError::Position(format!("{why} in {text:?}"));
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.len() != 5 {
            return Err(bad(
                "expected board, side, two hand counts and pending Ahayuta",
            ));
        }
        let rows: Vec<&str> = f[0].split('/').collect();
        if rows.len() != 8 {
            return Err(bad("the board needs 8 ranks"));
        }
        let mut g = Ahayuta::new();
        g.hashes.clear();
        for (i, row) in rows.iter().enumerate() {
            let r = 7 - i as u8;
            let mut file = 0u8;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    file = file.saturating_add(d as u8);
                    if file > 8 {
                        return Err(bad("a rank is too long"));
                    }
                    continue;
                }
                if file >= 8 {
                    return Err(bad("a rank is too long"));
                }
                let s = r * 8 + file;
                let corner = CORNERS.contains(&s);
                let cell = match ch {
                    '-' if corner => Cell::Empty,
                    'M' => Cell::Man(Color::White),
                    'm' => Cell::Man(Color::Black),
                    'A' => Cell::God(Color::White),
                    'a' => Cell::God(Color::Black),
                    _ => return Err(bad(&format!("unexpected {ch:?}"))),
                };
                if corner && ch != '-' {
                    return Err(bad("a piece on a missing corner"));
                }
                if !corner && ch == '-' {
                    return Err(bad("'-' marks only the corners"));
                }
                g.set(s, cell);
                file += 1;
            }
            if file != 8 {
                return Err(bad("a rank does not have 8 squares"));
            }
        }
        g.side = match f[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(bad("side must be w or b")),
        };
        for (i, c) in [f[2], f[3]].iter().enumerate() {
            g.hand[i] = c
                .parse::<u8>()
                .ok()
                .filter(|&n| n <= 6)
                .ok_or_else(|| bad("hands hold 0 to 6 men"))?;
        }
        g.pending = [f[4].contains('A'), f[4].contains('a')];
        if !f[4].chars().all(|c| matches!(c, 'A' | 'a' | '-')) {
            return Err(bad("pending Ahayuta is A, a, Aa or -"));
        }
        for c in Color::BOTH {
            let gods = g.board.iter().filter(|&&x| x == Cell::God(c)).count()
                + usize::from(g.pending[c.index()]);
            let men =
                g.board.iter().filter(|&&x| x == Cell::Man(c)).count() + g.hand[c.index()] as usize;
            if gods > 1 || men + gods > 7 {
                return Err(bad("too many pieces for one side"));
            }
        }
        g.hashes.push(g.key());
        g.outcome = g.end_by_position();
        Ok(g)
    }

    /// The board for a terminal: `.` empty, blank corners, `*` on the home rows.
    pub fn board_text(&self) -> String {
        let mut s = String::new();
        for r in (0..8u8).rev() {
            s += &format!("{} ", r + 1);
            for f in 0..8u8 {
                let sq = r * 8 + f;
                let ch = if CORNERS.contains(&sq) {
                    ' '
                } else {
                    match self.board[sq as usize] {
                        Cell::Empty if r == 0 || r == 7 => '*',
                        Cell::Empty => '.',
                        Cell::Man(Color::White) => 'M',
                        Cell::Man(Color::Black) => 'm',
                        Cell::God(Color::White) => 'A',
                        Cell::God(Color::Black) => 'a',
                    }
                };
                s += &format!(" {ch}");
            }
            s.push('\n');
        }
        s += "   a b c d e f g h\n";
        s += &format!(
            "in hand: White {} men{}, Black {} men{}\n",
            self.hand[0],
            if self.pending[0] {
                " and the Ahayuta"
            } else {
                ""
            },
            self.hand[1],
            if self.pending[1] {
                " and the Ahayuta"
            } else {
                ""
            }
        );
        s
    }
}

impl fmt::Display for Ahayuta {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl Game for Ahayuta {
    type Move = AMove;
    type MoveError = AhayutaError;

    fn seats(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.outcome.is_some() {
            Turn::Over
        } else {
            Turn::Seat(self.side.index())
        }
    }
    fn legal_moves(&self) -> Vec<AMove> {
        self.moves()
    }
    fn play(&mut self, m: AMove) {
        self.play_move(m);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn move_text(&self, m: AMove) -> String {
        Ahayuta::move_text(m)
    }
    fn parse_move(&self, text: &str) -> Result<AMove, AhayutaError> {
        self.parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{play_randomly, Dice};

    #[test]
    fn the_colour_masks_follow_the_board() {
        let mut dice = Dice::new(11);
        for _ in 0..300 {
            let mut g = Ahayuta::new();
            while g.outcome.is_none() && play_randomly(&mut g, &mut dice, 1) == 1 {
                for c in [Color::White, Color::Black] {
                    let on_board = (0..64u8)
                        .filter(|&s| g.board[s as usize].color() == Some(c))
                        .fold(0u64, |m, s| m | 1 << s);
                    assert_eq!(g.by_color[c.index()], on_board, "{}", g.text());
                }
            }
        }
    }
}
