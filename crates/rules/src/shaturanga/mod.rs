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
//!   and needs both thrones vacant; rule 7's restoration is the capturer's choice; both
//!   questions are put whenever their conditions come to hold (right after the capture or
//!   later, when a throne is vacated or the ally's rajah falls), and one answered no is not
//!   put again until a rajah is taken or restored;
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

mod movegen;
mod play;
mod text;

use crate::game::{Game, Outcome, Turn};
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
    /// Left the game by resigning: no more turns, the pieces stay where they stand (they
    /// may still be taken), and the ally fights on alone as in rule 13.
    Resigned,
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
    /// The squares of each owner's pieces and of each kind (kept with `board` by `put`).
    owner_bb: [u64; 4],
    kind_bb: [u64; 5],
    /// Whether each player's rajah is a prisoner.
    prisoner: [bool; 4],
    /// Who took each prisoner rajah, where known (rules 6 and 7: the holder may bargain).
    captor: [Option<u8>; 4],
    /// The questions of rules 6 and 7 answered no since the prisoners last changed (see
    /// [`Shaturanga::question_due`]): bit `4 * by + hostile` an exchange, `16 + by` a
    /// restoration.
    declined: u32,
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
        let mut g = Shaturanga {
            boat,
            board,
            owner_bb: [0; 4],
            kind_bb: [0; 5],
            prisoner: [false; 4],
            captor: [None; 4],
            declined: 0,
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
        };
        g.index_board();
        g
    }

    /// Recomputes the squares of each owner and kind from the board.
    pub(super) fn index_board(&mut self) {
        self.owner_bb = [0; 4];
        self.kind_bb = [0; 5];
        for (s, pc) in self.board.iter().enumerate() {
            if let Some(pc) = pc {
                self.owner_bb[pc.owner as usize] |= 1 << s;
                self.kind_bb[pc.kind as usize] |= 1 << s;
            }
        }
    }

    /// Sets square `s` to `pc`, keeping the squares of each owner and kind.
    pub(super) fn put(&mut self, s: Sq, pc: Option<Piece>) {
        let bit = 1u64 << s;
        if let Some(old) = self.board[s as usize] {
            self.owner_bb[old.owner as usize] &= !bit;
            self.kind_bb[old.kind as usize] &= !bit;
        }
        if let Some(new) = pc {
            self.owner_bb[new.owner as usize] |= bit;
            self.kind_bb[new.kind as usize] |= bit;
        }
        self.board[s as usize] = pc;
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
        g.index_board();
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
    /// Who moves player `p`'s boat: whoever took it in a concourse of shipping (rule 9),
    /// else whoever commands `p`'s army (rule 5: the whole army, boat included).
    pub fn ship_controller(&self, p: u8) -> u8 {
        self.boat_commander(p)
    }

    pub(super) fn boat_commander(&self, p: u8) -> u8 {
        let c = self.ship_control[p as usize];
        if c != p {
            c
        } else {
            self.command[p as usize]
        }
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
    fn random_outcome(&self, dice: &mut crate::game::Dice) -> Option<Move> {
        match self.turn() {
            Turn::Chance => dice.pick(&DIE).map(Move::Throw),
            _ => None,
        }
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
