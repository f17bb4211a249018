//! A chess-family game in progress: the position, the moves played, and the end rules that
//! need the history (repetition, move rule) or the variant's end rules (stalemate, bare
//! king, counting, Shatar's mate rule).

use super::counting;
use super::movegen::MoveList;
use super::position::{Move, Position};
use super::uci::MoveError;
use super::variant::{Repetition, Variant};
use crate::game::{Game, Outcome, Turn};
use crate::geometry::{Color, Square};

/// A game of the chess family.
#[derive(Clone)]
pub struct ChessGame {
    start: Position,
    pos: Position,
    moves: Vec<Move>,
    hashes: Vec<u64>,
    outcome: Option<Outcome>,
}

impl ChessGame {
    /// A new game from the variant's start; Shatar's forced opening moves are played at once.
    pub fn new(v: &'static Variant) -> ChessGame {
        let mut g = ChessGame::from_position(Position::start(v));
        if v.spec.game == "shatar" && v.spec.ruleset == "seed" {
            // seed 001 §VIII: the first two moves are obligatory (the bers pawns two steps).
            for text in super::games::shatar_forced_opening() {
                let (from, to) = (Square::parse(&text[..2]), Square::parse(&text[2..]));
                if let (Some(from), Some(to)) = (from, to) {
                    g.push(Move::normal(from, to));
                }
            }
        }
        g
    }

    /// A game from a position.
    pub fn from_position(pos: Position) -> ChessGame {
        let mut g = ChessGame {
            hashes: vec![pos.hash()],
            start: pos.clone(),
            pos,
            moves: Vec::new(),
            outcome: None,
        };
        g.outcome = g.compute_outcome();
        g
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }
    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }
    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// The hashes of every position so far, the start first.
    pub fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    /// The variant.
    pub fn variant(&self) -> &'static Variant {
        self.pos.variant()
    }

    fn push(&mut self, m: Move) {
        self.pos.play_unchecked(m);
        self.moves.push(m);
        self.hashes.push(self.pos.hash());
        self.outcome = self
            .compute_outcome()
            .map(|o| self.pos.limit_facing_maker(o));
    }

    /// Whether Senterej's Werera is running: either side may move, without alternating.
    pub fn simultaneous(&self) -> bool {
        self.outcome.is_none() && self.pos.simultaneous()
    }

    /// The legal moves of `c`: during the Werera either side has moves; otherwise only the
    /// side to move.
    pub fn legal_moves_for(&self, c: Color) -> Vec<Move> {
        if self.outcome.is_some() {
            Vec::new()
        } else if self.pos.side_to_move() == c {
            self.pos.legal_moves().to_vec()
        } else if self.pos.simultaneous() {
            self.pos.with_side(c).legal_moves().to_vec()
        } else {
            Vec::new()
        }
    }

    /// Plays a move (text) for `c`, who during the Werera need not be the side to move.
    pub fn play_text_for(&mut self, c: Color, text: &str) -> Result<Move, MoveError> {
        if self.pos.side_to_move() != c {
            if !self.simultaneous() {
                return Err(MoveError::Illegal {
                    text: text.to_string(),
                    hint: ": it is not that side's turn".into(),
                });
            }
            let turned = self.pos.with_side(c);
            let m = turned.parse_move(text)?;
            self.pos = turned;
            self.push(m);
            return Ok(m);
        }
        self.play_text(text)
    }

    /// Plays a move given as text (UCI or SAN).
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = self.parse_move(text)?;
        self.push(m);
        Ok(m)
    }

    /// Plays a move given as text even after the game ended by an end the players claim
    /// in over-the-board play and Fairy-Stockfish leaves to them (repetition, the move
    /// rule, counting), as an engine protocol's move list may go on past them. Refused
    /// where the position itself has no such move (after mate or stalemate too).
    pub fn play_text_past_claims(&mut self, text: &str) -> Result<Move, MoveError> {
        if self.outcome.is_none() {
            return self.play_text(text);
        }
        let m = self.pos.parse_move(text)?;
        if self.pos.immediate_outcome().is_some() || !self.pos.legal_moves().contains(&m) {
            return Err(MoveError::GameOver);
        }
        self.push(m);
        Ok(m)
    }

    /// Takes back the last move (the forced Shatar opening too).
    pub fn undo(&mut self) -> Option<Move> {
        let last = self.moves.pop()?;
        let moves = std::mem::take(&mut self.moves);
        *self = ChessGame::from_position(self.start.clone());
        for m in moves {
            self.push(m);
        }
        Some(last)
    }

    /// The plies Fairy-Stockfish adds to Xiangqi's move rule (the Asian Xiangqi
    /// Federation's): two for every check beyond ten that the side checking more often gave
    /// in the plies the rule counts, once twenty plies have been played; none elsewhere.
    fn check_allowance(&self) -> u16 {
        let v = self.pos.variant();
        if v.spec.end.repetition_rule != Repetition::Xiangqi || self.moves.len() < 20 {
            return 0;
        }
        let n = self.moves.len();
        let span = (self.pos.halfmove_clock() as usize).min(n);
        // the checks given in the span: the last mover's (the side to move in check) at even
        // distances from now below the span, the other side's at odd distances up to it
        let mut counts = [0u16; 2];
        let mut pos = self.start.clone();
        for i in 0..=n {
            if i > 0 {
                pos.play_unchecked(self.moves[i - 1]);
            }
            let d = n - i;
            if d <= span && (d % 2 == 1 || d < span) {
                counts[d % 2] += pos.in_check() as u16;
            }
        }
        2 * counts[0].max(counts[1]).saturating_sub(10)
    }

    fn compute_outcome(&self) -> Option<Outcome> {
        let pos = &self.pos;
        let end = &pos.variant().spec.end;
        if pos.in_setup() {
            return None;
        }
        if let Some(o) = pos.immediate_outcome() {
            return Some(o);
        }
        let mut list = MoveList::new();
        pos.generate_legal(&mut list);
        if list.is_empty() {
            return Some(pos.no_move_outcome());
        }
        if counting::expired(pos) {
            return Some(Outcome::draw("counting rule"));
        }
        // (the allowance replays the game: asked only once the plain limit is reached)
        if end.move_rule_plies > 0
            && pos.halfmove_clock() >= end.move_rule_plies
            && pos.halfmove_clock() >= end.move_rule_plies + self.check_allowance()
        {
            return Some(Outcome::draw("move rule"));
        }
        if end.repetitions > 0 {
            let h = pos.hash();
            let n = self.hashes.iter().filter(|&&x| x == h).count();
            if n >= end.repetitions as usize {
                return Some(super::repetition::judge(self));
            }
        }
        None
    }
}

impl Game for ChessGame {
    type Move = Move;
    type MoveError = MoveError;

    fn seats(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.outcome.is_some() {
            Turn::Over
        } else {
            Turn::Seat(self.pos.side_to_move().index())
        }
    }
    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        self.pos.legal_moves().to_vec()
    }
    fn play(&mut self, m: Move) {
        self.push(m);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn move_text(&self, m: Move) -> String {
        self.pos.notation(m)
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.pos.parse_move(text)
    }
}
