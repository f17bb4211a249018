//! Shaturanga (Chaturaji), the four-player dice chess of seed 003, as `RULES.md` reads it.
//!
//! Four armies on the 8x8 board (Ludii's layout): South boat a1, horse b1, elephant c1,
//! rajah d1, pawns a2-d2; West a8 a7 a6 a5, pawns b8-b5; North h8 g8 f8 e8, pawns h7-e7;
//! East h1 h2 h3 h4, pawns g1-g4. North and South are allies against East and West. Turns
//! pass S, W, N, E. A long die (2-5) names the piece to move: 2 boat, 3 horse, 4 elephant,
//! 5 rajah or pawn; an indicated piece must move if it can, otherwise the turn is lost.
//!
//! Seed 003's rules 1-14 are implemented as written, with these readings (each in the
//! game's documentation):
//! - the boat leaps two squares diagonally (`boat=bishop` for the seed's other sentence);
//! - pawns and boats take only pawns and boats; rajahs are captured, never checked;
//! - a rajah on its ally's throne takes command of the ally's army while the ally's rajah
//!   is a prisoner (rule 5, read with rules 3 and 7);
//! - the exchange of rule 6 is decided by the opponent whose rajah is still on the board,
//!   and needs both thrones vacant; rule 7's restoration is the capturer's choice;
//! - a concourse of shipping is four boats on the four squares of any 2x2 block, completed
//!   by the moving boat (the seed's diagram of the five places is not in our copy);
//! - promotion on the far-edge squares of the owner's horse and elephant files, once the
//!   player has lost a pawn; a waiting pawn promotes as soon as one is lost; a privileged
//!   pawn (its player has besides the rajah only a boat and this pawn) promotes on any
//!   far-edge square to boat, horse or elephant;
//! - a player left with the rajah alone makes peace (drawn, out of play, stake returned);
//!   a player with no piece is out; the game ends when one side has no player in play, or
//!   after 400 turns without a capture or promotion (a draw of the pool);
//! - payoffs are stakes won and lost: every player not at peace puts 1 in the pool, which
//!   the winning allies share, and the special debts of rules 5, 8 and 14 are paid on top.

mod text;

use crate::game::{Game, Outcome, Turn};
use crate::geometry::KNIGHT_STEPS;
use thiserror::Error;

/// A board square, `rank * 8 + file`.
pub type Sq = u8;

/// The seats in turn order.
pub const SEAT_NAMES: [&str; 4] = ["South", "West", "North", "East"];

/// The die: 2 to 5, each a quarter.
pub const DIE: [(u8, f64); 4] = [(2, 0.25), (3, 0.25), (4, 0.25), (5, 0.25)];

/// Turns without a capture or promotion after which the game ends drawn.
pub const QUIET_LIMIT: u16 = 400;

/// The kinds of piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Kind {
    /// Infantry: one step forward, takes one step diagonally forward.
    Pawn,
    /// The boat (ship): two squares diagonally (or a bishop with `boat=bishop`).
    Boat,
    /// The horse (cavalry): a knight's leap.
    Horse,
    /// The elephant: a rook's move.
    Elephant,
    /// The rajah: one step in any direction.
    Rajah,
}

impl Kind {
    /// The letter in move and position text.
    pub fn letter(self) -> char {
        match self {
            Kind::Pawn => 'p',
            Kind::Boat => 'b',
            Kind::Horse => 'h',
            Kind::Elephant => 'e',
            Kind::Rajah => 'k',
        }
    }
    /// The kind of a letter.
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_lowercase() {
            'p' => Kind::Pawn,
            'b' => Kind::Boat,
            'h' => Kind::Horse,
            'e' => Kind::Elephant,
            'k' => Kind::Rajah,
            _ => return None,
        })
    }
    /// The piece's name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Pawn => "infantry (pawn)",
            Kind::Boat => "boat",
            Kind::Horse => "horse",
            Kind::Elephant => "elephant",
            Kind::Rajah => "rajah",
        }
    }
    fn minor(self) -> bool {
        matches!(self, Kind::Pawn | Kind::Boat)
    }
}

/// A piece: its kind and the seat that owns it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    /// Kind.
    pub kind: Kind,
    /// Owner, 0-3 (South, West, North, East).
    pub owner: u8,
}

/// How the boat moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum BoatMove {
    /// Two squares diagonally, leaping (the default).
    Leap,
    /// Any distance diagonally, as a bishop.
    Bishop,
}

/// Where a player stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Status {
    /// Still playing.
    Playing,
    /// Only the rajah left: an honourable peace (rule 12).
    Peace,
    /// No piece left (rule 13).
    Out,
}

/// A choice a player must make outside the throw of the die.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Decision {
    /// Rule 6: `by` may offer `hostile`'s captured rajah for the ally's.
    OfferExchange {
        /// Who decides.
        by: u8,
        /// The hostile player whose rajah `by` holds.
        hostile: u8,
    },
    /// Rule 6: `by` (whose rajah is on the board) accepts or refuses the exchange.
    AnswerExchange {
        /// Who decides.
        by: u8,
        /// Who offered.
        offerer: u8,
        /// The hostile rajah offered back.
        hostile: u8,
    },
    /// Rule 7: `by` may restore the ally's rajah.
    Restore {
        /// Who decides.
        by: u8,
    },
}

/// A move: a throw, a piece's move (with a privileged promotion's choice), or a decision.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Move {
    /// The die fell showing this value.
    Throw(u8),
    /// A piece moves.
    Step {
        /// From.
        from: Sq,
        /// To.
        to: Sq,
        /// A privileged pawn's chosen promotion.
        promote: Option<Kind>,
    },
    /// Yes to the decision asked.
    Yes,
    /// No to the decision asked.
    No,
}

/// Bad move text.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ShaturangaError {
    /// Not a move.
    #[error("{0:?} is not a move here: expected 'throw N', a move such as d2d3 (d7d8h to promote), or yes/no to the question asked")]
    Illegal(String),
    /// Game over.
    #[error("the game is over")]
    GameOver,
    /// Malformed position text.
    #[error("bad Shaturanga position: {0}")]
    Position(String),
}

#[derive(Clone, PartialEq, Eq, Debug, Hash)]
enum Phase {
    /// Rule 2: every player throws; the highest starts (ties throw again).
    Start(Vec<Option<u8>>),
    /// The seat `current` throws.
    Throw,
    /// The die shows `n`; the actor chooses a move.
    Move(u8),
    /// A decision is due.
    Decide(Decision),
}

/// A game of Shaturanga.
#[derive(Clone, PartialEq, Debug)]
pub struct Shaturanga {
    boat: BoatMove,
    board: [Option<Piece>; 64],
    /// Whether each player's rajah is a prisoner.
    prisoner: [bool; 4],
    status: [Status; 4],
    /// Who moves each army (rule 5).
    command: [u8; 4],
    /// Who moves each boat (rule 9).
    ship_control: [u8; 4],
    /// Whether each throne has been seized (paid once, rule 14).
    seized: [bool; 4],
    /// Whether a player has built an empire (paid once).
    empire: [bool; 4],
    pawns_lost: [u8; 4],
    /// Special debts so far, per player (stakes).
    debts: [i32; 4],
    current: u8,
    phase: Phase,
    quiet: u16,
    outcome: Option<Outcome>,
}

/// Each player's throne (the rajah's start square).
pub const THRONES: [Sq; 4] = [3, 32, 60, 31];

fn sq(f: i8, r: i8) -> Option<Sq> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as Sq)
}

fn fr(s: Sq) -> (i8, i8) {
    ((s % 8) as i8, (s / 8) as i8)
}

/// The ally of a seat (across the board).
pub fn ally(p: u8) -> u8 {
    (p + 2) % 4
}

fn enemies(p: u8) -> [u8; 2] {
    [(p + 1) % 4, (p + 3) % 4]
}

/// The forward direction of each seat's pawns (away from its own edge).
fn forward(p: u8) -> (i8, i8) {
    [(0, 1), (1, 0), (0, -1), (-1, 0)][p as usize]
}

/// Whether `s` is on the far edge for seat `p`'s pawns.
fn far_edge(p: u8, s: Sq) -> bool {
    let (f, r) = fr(s);
    match p {
        0 => r == 7,
        1 => f == 7,
        2 => r == 0,
        _ => f == 0,
    }
}

/// The promotion squares of seat `p` (RULES.md): on the far edge, in line with where the
/// owner's horse and elephant started.
pub fn promotion_squares(p: u8) -> [(Sq, Kind); 2] {
    match p {
        0 => [(57, Kind::Horse), (58, Kind::Elephant)],
        1 => [(55, Kind::Horse), (47, Kind::Elephant)],
        2 => [(6, Kind::Horse), (5, Kind::Elephant)],
        _ => [(8, Kind::Horse), (16, Kind::Elephant)],
    }
}

const KING: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const DIAG: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
const ORTH: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

impl Default for Shaturanga {
    fn default() -> Self {
        Shaturanga::new(BoatMove::Leap)
    }
}

impl Shaturanga {
    /// The start: four armies, every player to throw for the first move.
    pub fn new(boat: BoatMove) -> Shaturanga {
        let mut board = [None; 64];
        let army = [Kind::Boat, Kind::Horse, Kind::Elephant, Kind::Rajah];
        let layout: [([&str; 4], [&str; 4]); 4] = [
            (["a1", "b1", "c1", "d1"], ["a2", "b2", "c2", "d2"]),
            (["a8", "a7", "a6", "a5"], ["b8", "b7", "b6", "b5"]),
            (["h8", "g8", "f8", "e8"], ["h7", "g7", "f7", "e7"]),
            (["h1", "h2", "h3", "h4"], ["g1", "g2", "g3", "g4"]),
        ];
        for (owner, (pieces, pawns)) in layout.iter().enumerate() {
            for (k, name) in army.iter().zip(pieces) {
                board[parse_sq(name).expect("layout squares") as usize] = Some(Piece {
                    kind: *k,
                    owner: owner as u8,
                });
            }
            for name in pawns {
                board[parse_sq(name).expect("layout squares") as usize] = Some(Piece {
                    kind: Kind::Pawn,
                    owner: owner as u8,
                });
            }
        }
        Shaturanga {
            boat,
            board,
            prisoner: [false; 4],
            status: [Status::Playing; 4],
            command: [0, 1, 2, 3],
            ship_control: [0, 1, 2, 3],
            seized: [false; 4],
            empire: [false; 4],
            pawns_lost: [0; 4],
            debts: [0; 4],
            current: 0,
            phase: Phase::Start(vec![None; 4]),
            quiet: 0,
            outcome: None,
        }
    }

    /// A position set out by hand (for studies and tests): the pieces given as
    /// `("d1", owner, kind)`, the rajahs not on the board marked as prisoners, and seat
    /// `current` to move with the die showing `die` (or to throw, if `None`). Standings
    /// follow from the pieces.
    pub fn arranged(
        boat: BoatMove,
        pieces: &[(&str, u8, Kind)],
        current: u8,
        die: Option<u8>,
    ) -> Option<Shaturanga> {
        let mut g = Shaturanga::new(boat);
        g.board = [None; 64];
        for &(name, owner, kind) in pieces {
            if owner > 3 {
                return None;
            }
            g.board[parse_sq(name)? as usize] = Some(Piece { kind, owner });
        }
        for p in 0..4u8 {
            g.prisoner[p as usize] = !g
                .board
                .iter()
                .flatten()
                .any(|pc| pc.owner == p && pc.kind == Kind::Rajah);
        }
        g.current = current.min(3);
        g.phase = match die {
            Some(n) => Phase::Move(n),
            None => Phase::Throw,
        };
        g.update_status();
        Some(g)
    }

    /// How the boat moves in this game.
    pub fn boat_move(&self) -> BoatMove {
        self.boat
    }
    /// The piece on a square.
    pub fn piece(&self, s: Sq) -> Option<Piece> {
        self.board[s as usize]
    }
    /// Whether player `p`'s rajah is a prisoner.
    pub fn is_prisoner(&self, p: u8) -> bool {
        self.prisoner[p as usize]
    }
    /// Player `p`'s standing.
    pub fn status(&self, p: u8) -> Status {
        self.status[p as usize]
    }
    /// Who moves player `p`'s army.
    pub fn commander(&self, p: u8) -> u8 {
        self.command[p as usize]
    }
    /// Who moves player `p`'s boat.
    pub fn ship_controller(&self, p: u8) -> u8 {
        self.ship_control[p as usize]
    }
    /// Special debts so far (stakes won minus lost), per player.
    pub fn debts(&self) -> [i32; 4] {
        self.debts
    }
    /// The seat whose throw it is.
    pub fn current(&self) -> u8 {
        self.current
    }
    /// The die showing for the move to make, if a move is due.
    pub fn die(&self) -> Option<u8> {
        match self.phase {
            Phase::Move(n) => Some(n),
            _ => None,
        }
    }
    /// The decision due, if any.
    pub fn decision(&self) -> Option<Decision> {
        match self.phase {
            Phase::Decide(d) => Some(d),
            _ => None,
        }
    }
    /// The opening throws so far, while the first player is decided.
    pub fn start_throws(&self) -> Option<&[Option<u8>]> {
        match &self.phase {
            Phase::Start(t) => Some(t),
            _ => None,
        }
    }

    /// Who acts with the pieces at seat `p`'s throw: `p`, or the ally commanding its army.
    fn actor(&self, p: u8) -> u8 {
        let c = self.command[p as usize];
        if self.status[c as usize] == Status::Playing {
            c
        } else {
            p
        }
    }

    /// The player who moves the piece.
    fn controller(&self, pc: Piece) -> u8 {
        if pc.kind == Kind::Boat {
            self.ship_control[pc.owner as usize]
        } else {
            self.command[pc.owner as usize]
        }
    }

    fn is_enemy(&self, a: u8, b: u8) -> bool {
        a % 2 != b % 2
    }

    /// Whether a piece of `mover` may land on `to`: empty, or an enemy it may take.
    fn may_land(&self, mover: Piece, to: Sq) -> bool {
        match self.board[to as usize] {
            None => true,
            Some(t) => {
                self.is_enemy(mover.owner, t.owner) && (!mover.kind.minor() || t.kind.minor())
            }
        }
    }

    /// A player is privileged (rule 11) when besides the rajah only a boat and one pawn
    /// are left.
    fn privileged(&self, p: u8) -> bool {
        let mut boats = 0;
        let mut pawns = 0;
        for pc in self.board.iter().flatten() {
            if pc.owner != p {
                continue;
            }
            match pc.kind {
                Kind::Boat => boats += 1,
                Kind::Pawn => pawns += 1,
                Kind::Rajah => {}
                _ => return false,
            }
        }
        boats == 1 && pawns == 1
    }

    /// The moves of one piece by the rules of movement.
    fn piece_moves(&self, from: Sq, pc: Piece, out: &mut Vec<Move>) {
        let (f, r) = fr(from);
        let push = |to: Sq, out: &mut Vec<Move>| {
            out.push(Move::Step {
                from,
                to,
                promote: None,
            })
        };
        match pc.kind {
            Kind::Pawn => {
                let (df, dr) = forward(pc.owner);
                if let Some(to) = sq(f + df, r + dr) {
                    if self.board[to as usize].is_none() {
                        self.pawn_arrivals(from, to, pc.owner, out);
                    }
                }
                // the two forward diagonals
                let sides = if df == 0 {
                    [(1, 0), (-1, 0)]
                } else {
                    [(0, 1), (0, -1)]
                };
                for (sf, sr) in sides {
                    if let Some(to) = sq(f + df + sf, r + dr + sr) {
                        if self.board[to as usize]
                            .is_some_and(|t| self.is_enemy(pc.owner, t.owner) && t.kind.minor())
                        {
                            self.pawn_arrivals(from, to, pc.owner, out);
                        }
                    }
                }
            }
            Kind::Horse | Kind::Rajah => {
                let steps = if pc.kind == Kind::Horse {
                    &KNIGHT_STEPS
                } else {
                    &KING
                };
                for &(df, dr) in steps {
                    if let Some(to) = sq(f + df, r + dr) {
                        if self.may_land(pc, to) {
                            push(to, out);
                        }
                    }
                }
            }
            Kind::Boat if self.boat == BoatMove::Leap => {
                for &(df, dr) in &DIAG {
                    if let Some(to) = sq(f + 2 * df, r + 2 * dr) {
                        if self.may_land(pc, to) {
                            push(to, out);
                        }
                    }
                }
            }
            Kind::Boat | Kind::Elephant => {
                let dirs = if pc.kind == Kind::Boat { &DIAG } else { &ORTH };
                for &(df, dr) in dirs {
                    let (mut x, mut y) = (f + df, r + dr);
                    while let Some(to) = sq(x, y) {
                        if self.may_land(pc, to) {
                            push(to, out);
                        }
                        if self.board[to as usize].is_some() {
                            break;
                        }
                        x += df;
                        y += dr;
                    }
                }
            }
        }
    }

    /// A pawn's move to `to`, with a privileged pawn's choices on the far edge.
    fn pawn_arrivals(&self, from: Sq, to: Sq, owner: u8, out: &mut Vec<Move>) {
        if far_edge(owner, to) && self.privileged(owner) {
            for k in [Kind::Boat, Kind::Horse, Kind::Elephant] {
                out.push(Move::Step {
                    from,
                    to,
                    promote: Some(k),
                });
            }
        } else {
            out.push(Move::Step {
                from,
                to,
                promote: None,
            });
        }
    }

    /// The moves the die allows the actor at seat `current`'s throw.
    fn moves_for_die(&self, die: u8) -> Vec<Move> {
        let actor = self.actor(self.current);
        let mut out = Vec::new();
        for s in 0..64u8 {
            let Some(pc) = self.board[s as usize] else {
                continue;
            };
            if self.controller(pc) != actor || self.status[pc.owner as usize] != Status::Playing {
                continue;
            }
            let indicated = match die {
                2 => pc.kind == Kind::Boat,
                3 => pc.kind == Kind::Horse,
                4 => pc.kind == Kind::Elephant,
                _ => matches!(pc.kind, Kind::Rajah | Kind::Pawn),
            };
            if indicated {
                self.piece_moves(s, pc, &mut out);
            }
        }
        out
    }

    /// The legal moves now.
    pub fn moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        match self.phase {
            Phase::Move(n) => self.moves_for_die(n),
            Phase::Decide(_) => vec![Move::Yes, Move::No],
            _ => Vec::new(),
        }
    }

    /// Plays a legal move or throw.
    pub fn play_move(&mut self, m: Move) {
        match (m, self.phase.clone()) {
            (Move::Throw(n), Phase::Start(mut throws)) => {
                throws[self.current as usize] = Some(n);
                let waiting = (1..=4)
                    .map(|i| (self.current + i) % 4)
                    .find(|&p| throws[p as usize].is_none() && self.contends(&throws, p));
                match waiting {
                    Some(p) => {
                        self.current = p;
                        self.phase = Phase::Start(throws);
                    }
                    None => {
                        let best = throws.iter().flatten().max().copied().unwrap_or(0);
                        let top: Vec<u8> = (0..4u8)
                            .filter(|&p| throws[p as usize] == Some(best))
                            .collect();
                        if top.len() == 1 {
                            self.current = top[0];
                            self.phase = Phase::Throw;
                        } else {
                            // ties throw again; the others are out of the contest
                            let next: Vec<Option<u8>> = (0..4u8)
                                .map(|p| if top.contains(&p) { None } else { Some(0) })
                                .collect();
                            self.current = top[0];
                            self.phase = Phase::Start(next);
                        }
                    }
                }
            }
            (Move::Throw(n), Phase::Throw) => {
                if self.moves_for_die(n).is_empty() {
                    // rule 4: the turn is lost
                    self.end_turn(false);
                } else {
                    self.phase = Phase::Move(n);
                }
            }
            (Move::Step { from, to, promote }, Phase::Move(_)) => {
                self.step(from, to, promote);
            }
            (answer, Phase::Decide(d)) => self.decide(d, answer == Move::Yes),
            _ => {}
        }
    }

    fn contends(&self, throws: &[Option<u8>], p: u8) -> bool {
        throws[p as usize] != Some(0)
    }

    fn step(&mut self, from: Sq, to: Sq, promote: Option<Kind>) {
        let Some(pc) = self.board[from as usize] else {
            return;
        };
        let actor = self.actor(self.current);
        let mut progress = false;
        let taken = self.board[to as usize].take();
        self.board[from as usize] = None;
        self.board[to as usize] = Some(pc);
        let mut rajah_taken = None;
        if let Some(t) = taken {
            progress = true;
            self.on_capture(t);
            if t.kind == Kind::Rajah {
                rajah_taken = Some(t.owner);
            }
        }
        // rule 5: seizing an enemy throne
        if pc.kind == Kind::Rajah {
            for e in enemies(pc.owner) {
                if to == THRONES[e as usize] && !self.seized[e as usize] {
                    self.seized[e as usize] = true;
                    let k = if rajah_taken.is_some() { 2 } else { 1 };
                    self.pay(e, pc.owner, k);
                }
            }
            let a = ally(pc.owner);
            if to == THRONES[a as usize] && self.prisoner[a as usize] {
                self.command[a as usize] = pc.owner;
            }
        }
        // rule 9: a concourse of shipping
        if pc.kind == Kind::Boat && self.concourse(to, pc.owner) {
            progress = true;
        }
        // rule 10 and 11: promotion
        if pc.kind == Kind::Pawn {
            if let Some(k) = promote {
                self.board[to as usize] = Some(Piece {
                    kind: k,
                    owner: pc.owner,
                });
                progress = true;
            } else if self.promote_waiting(pc.owner) {
                progress = true;
            }
        }
        // rule 8: an empire
        if let Some(victim) = rajah_taken {
            self.check_empire(pc, to, victim);
        }
        self.update_status();
        if self.finish_if_over() {
            return;
        }
        // rules 6 and 7: the capturer of a hostile rajah may offer an exchange or claim back
        if rajah_taken.is_some() {
            let a = ally(actor);
            let both_taken = enemies(actor).iter().all(|&e| self.prisoner[e as usize]);
            if self.prisoner[a as usize]
                && self.board[THRONES[a as usize] as usize].is_none()
                && self.status[actor as usize] == Status::Playing
            {
                if both_taken && !self.prisoner[actor as usize] {
                    self.quiet = 0;
                    self.phase = Phase::Decide(Decision::Restore { by: actor });
                    return;
                }
                let held = enemies(actor)
                    .into_iter()
                    .find(|&e| self.prisoner[e as usize] && Some(e) == rajah_taken);
                let remaining = enemies(actor)
                    .into_iter()
                    .find(|&e| !self.prisoner[e as usize]);
                if let (Some(h), Some(_)) = (held, remaining) {
                    if self.board[THRONES[h as usize] as usize].is_none() {
                        self.quiet = 0;
                        self.phase = Phase::Decide(Decision::OfferExchange {
                            by: actor,
                            hostile: h,
                        });
                        return;
                    }
                }
            }
        }
        self.end_turn(progress);
    }

    fn decide(&mut self, d: Decision, yes: bool) {
        match d {
            Decision::OfferExchange { by, hostile } if yes => {
                let remaining = enemies(by)
                    .into_iter()
                    .find(|&e| !self.prisoner[e as usize])
                    .unwrap_or(hostile);
                self.phase = Phase::Decide(Decision::AnswerExchange {
                    by: remaining,
                    offerer: by,
                    hostile,
                });
                return;
            }
            Decision::AnswerExchange {
                offerer, hostile, ..
            } if yes => {
                self.restore(hostile);
                self.restore(ally(offerer));
            }
            Decision::Restore { by } if yes => self.restore(ally(by)),
            _ => {}
        }
        self.update_status();
        if !self.finish_if_over() {
            self.end_turn(true);
        }
    }

    /// A prisoner rajah returns to its vacant throne, and its player commands again.
    fn restore(&mut self, p: u8) {
        let t = THRONES[p as usize] as usize;
        if !self.prisoner[p as usize] || self.board[t].is_some() {
            return;
        }
        self.board[t] = Some(Piece {
            kind: Kind::Rajah,
            owner: p,
        });
        self.prisoner[p as usize] = false;
        self.command[p as usize] = p;
    }

    fn pay(&mut self, from: u8, to: u8, stakes: i32) {
        self.debts[from as usize] -= stakes;
        self.debts[to as usize] += stakes;
    }

    fn on_capture(&mut self, t: Piece) {
        match t.kind {
            Kind::Rajah => {
                self.prisoner[t.owner as usize] = true;
            }
            Kind::Pawn => {
                self.pawns_lost[t.owner as usize] += 1;
                self.promote_waiting(t.owner);
            }
            _ => {}
        }
    }

    /// Promotes `p`'s pawns waiting on its promotion squares once a pawn has been lost.
    fn promote_waiting(&mut self, p: u8) -> bool {
        if self.pawns_lost[p as usize] == 0 {
            return false;
        }
        let mut any = false;
        for (s, k) in promotion_squares(p) {
            if self.board[s as usize]
                == Some(Piece {
                    kind: Kind::Pawn,
                    owner: p,
                })
            {
                self.board[s as usize] = Some(Piece { kind: k, owner: p });
                any = true;
            }
        }
        any
    }

    /// Rule 9: the boat on `to` completes four boats on a 2x2 block: the mover takes the
    /// enemy boats there and the command of the ally's boat.
    fn concourse(&mut self, to: Sq, owner: u8) -> bool {
        let (f, r) = fr(to);
        for (cf, cr) in [(0, 0), (-1, 0), (0, -1), (-1, -1)] {
            let block: Vec<Sq> = [(0, 0), (1, 0), (0, 1), (1, 1)]
                .iter()
                .filter_map(|&(df, dr)| sq(f + cf + df, r + cr + dr))
                .collect();
            if block.len() != 4
                || !block
                    .iter()
                    .all(|&s| self.board[s as usize].is_some_and(|p| p.kind == Kind::Boat))
            {
                continue;
            }
            let boats: Vec<Piece> = block
                .iter()
                .filter_map(|&s| self.board[s as usize])
                .collect();
            if !boats.iter().any(|b| self.is_enemy(owner, b.owner)) {
                continue;
            }
            for &s in &block {
                if let Some(b) = self.board[s as usize] {
                    if self.is_enemy(owner, b.owner) {
                        self.board[s as usize] = None;
                    } else if b.owner == ally(owner) {
                        self.ship_control[b.owner as usize] = owner;
                    }
                }
            }
            return true;
        }
        false
    }

    /// Rule 8: a player who holds the ally's throne (commands the ally's army) and has both
    /// enemy rajahs captured builds an empire.
    fn check_empire(&mut self, pc: Piece, to: Sq, victim: u8) {
        let p = pc.owner;
        let a = ally(p);
        if self.empire[p as usize]
            || self.command[a as usize] != p
            || !enemies(p).iter().all(|&e| self.prisoner[e as usize])
        {
            return;
        }
        self.empire[p as usize] = true;
        let k = match pc.kind {
            Kind::Rajah if to == THRONES[victim as usize] => 4,
            Kind::Rajah => 2,
            _ => 1,
        };
        for e in enemies(p) {
            self.pay(e, p, k);
        }
    }

    fn update_status(&mut self) {
        for p in 0..4u8 {
            if self.status[p as usize] != Status::Playing {
                continue;
            }
            let (mut pieces, mut rajahs) = (0, 0);
            for pc in self.board.iter().flatten().filter(|pc| pc.owner == p) {
                pieces += 1;
                rajahs += usize::from(pc.kind == Kind::Rajah);
            }
            if pieces == 0 {
                self.status[p as usize] = Status::Out;
            } else if pieces == 1 && rajahs == 1 {
                self.status[p as usize] = Status::Peace;
            }
        }
    }

    /// Ends the game when one side has no player in play; returns whether it ended.
    fn finish_if_over(&mut self) -> bool {
        let in_play = |team: u8| {
            [team, team + 2]
                .iter()
                .any(|&p| self.status[p as usize] == Status::Playing)
        };
        let (a, b) = (in_play(0), in_play(1));
        if a && b {
            return false;
        }
        let winner = match (a, b) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            _ => None,
        };
        let reason = match winner {
            Some(t) => format!(
                "{} and {} have no player left in play",
                SEAT_NAMES[(1 - t) as usize],
                SEAT_NAMES[(3 - t) as usize]
            ),
            None => "no player is left in play".to_string(),
        };
        self.outcome = Some(self.settle(winner, reason));
        true
    }

    /// The stakes at the end: the pool to the winning allies, the debts on top.
    fn settle(&self, winner: Option<u8>, reason: String) -> Outcome {
        let mut pay: Vec<f64> = self.debts.iter().map(|&d| d as f64).collect();
        if let Some(t) = winner {
            let stakers: Vec<usize> = (0..4)
                .filter(|&p| self.status[p] != Status::Peace)
                .collect();
            let takers: Vec<usize> = stakers
                .iter()
                .copied()
                .filter(|&p| p as u8 % 2 == t)
                .collect();
            if !takers.is_empty() {
                let share = stakers.len() as f64 / takers.len() as f64;
                for &p in &stakers {
                    pay[p] -= 1.0;
                }
                for &p in &takers {
                    pay[p] += share;
                }
            }
        }
        Outcome {
            payoffs: pay,
            reason,
        }
    }

    /// Passes the die to the next player in play (rule 13: a player out of the game is
    /// skipped).
    fn end_turn(&mut self, progress: bool) {
        if progress {
            self.quiet = 0;
        } else {
            self.quiet += 1;
            if self.quiet >= QUIET_LIMIT {
                self.outcome = Some(self.settle(
                    None,
                    format!("{QUIET_LIMIT} turns without a capture or promotion"),
                ));
                return;
            }
        }
        for i in 1..=4 {
            let p = (self.current + i) % 4;
            if self.status[p as usize] == Status::Playing {
                self.current = p;
                break;
            }
        }
        self.phase = Phase::Throw;
    }

    /// The seat that acts now (throwing or moving), if the game is on.
    pub fn acting_seat(&self) -> Option<u8> {
        if self.outcome.is_some() {
            return None;
        }
        Some(match self.phase {
            Phase::Decide(
                Decision::OfferExchange { by, .. }
                | Decision::AnswerExchange { by, .. }
                | Decision::Restore { by },
            ) => by,
            Phase::Move(_) => self.actor(self.current),
            _ => self.current,
        })
    }
}

/// Reads a square name (`e4`).
pub fn parse_sq(t: &str) -> Option<Sq> {
    let b = t.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (b[0] - b'a'))
}

/// The name of a square.
pub fn sq_name(s: Sq) -> String {
    format!("{}{}", (b'a' + s % 8) as char, s / 8 + 1)
}

impl Game for Shaturanga {
    type Move = Move;
    type MoveError = ShaturangaError;

    fn seats(&self) -> usize {
        4
    }
    fn turn(&self) -> Turn {
        if self.outcome.is_some() {
            return Turn::Over;
        }
        match self.phase {
            Phase::Start(_) | Phase::Throw => Turn::Chance,
            _ => Turn::Seat(self.acting_seat().unwrap_or(self.current) as usize),
        }
    }
    fn legal_moves(&self) -> Vec<Move> {
        self.moves()
    }
    fn chance_outcomes(&self) -> Vec<(Move, f64)> {
        match self.turn() {
            Turn::Chance => DIE.iter().map(|&(n, p)| (Move::Throw(n), p)).collect(),
            _ => Vec::new(),
        }
    }
    fn play(&mut self, m: Move) {
        self.play_move(m);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn move_text(&self, m: Move) -> String {
        Shaturanga::text_of(m)
    }
    fn parse_move(&self, text: &str) -> Result<Move, ShaturangaError> {
        self.parse(text)
    }
}
