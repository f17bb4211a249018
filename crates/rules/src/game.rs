//! The one trait every game implements: chess-family games, dice race games, four-seat
//! dice chess and Ahayuta alike.
//!
//! A game is a sequence of turns. At each turn either a seat acts (chooses one of its legal
//! moves) or chance acts (a throw, with known probabilities). When the game ends, every seat
//! gets a payoff.

use std::fmt::Debug;

/// Who acts next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turn {
    /// Seat `n` (0-based) chooses a move.
    Seat(usize),
    /// A chance event (a throw) happens next.
    Chance,
    /// The game is over.
    Over,
}

/// The end of a game: a payoff for each seat and the reason.
#[derive(Clone, PartialEq, Debug)]
pub struct Outcome {
    /// Payoff per seat. Two-sided games score 1 for a win, 0.5 for a draw, 0 for a loss;
    /// games with stakes pay stakes.
    pub payoffs: Vec<f64>,
    /// Why the game ended, in words (`checkmate`, `bare king`, `threefold repetition`).
    pub reason: String,
}

impl Outcome {
    /// A two-seat win for `winner`.
    pub fn win(winner: usize, reason: impl Into<String>) -> Outcome {
        let mut payoffs = vec![0.0, 0.0];
        payoffs[winner] = 1.0;
        Outcome {
            payoffs,
            reason: reason.into(),
        }
    }
    /// A two-seat draw.
    pub fn draw(reason: impl Into<String>) -> Outcome {
        Outcome {
            payoffs: vec![0.5, 0.5],
            reason: reason.into(),
        }
    }
    /// The winning seat of a two-seat game, if one won.
    pub fn winner(&self) -> Option<usize> {
        let best = self.payoffs.iter().cloned().fold(f64::MIN, f64::max);
        let winners: Vec<usize> = (0..self.payoffs.len())
            .filter(|&i| self.payoffs[i] == best)
            .collect();
        (winners.len() == 1).then(|| winners[0])
    }
}

/// A game in progress.
pub trait Game: Clone {
    /// A move (or a chance outcome).
    type Move: Copy + Eq + Debug;
    /// The error for bad move text.
    type MoveError: std::error::Error;

    /// Number of seats.
    fn seats(&self) -> usize;
    /// Who acts next.
    fn turn(&self) -> Turn;
    /// The legal moves of the seat to act (empty at a chance node or when over).
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// The outcomes of a chance node with their probabilities (empty elsewhere).
    fn chance_outcomes(&self) -> Vec<(Self::Move, f64)> {
        Vec::new()
    }
    /// A chance outcome drawn by its probability ([`Dice::pick`] over
    /// [`Game::chance_outcomes`]; a game may draw it without listing the outcomes).
    fn random_outcome(&self, dice: &mut Dice) -> Option<Self::Move> {
        dice.pick(&self.chance_outcomes())
    }
    /// A legal move drawn uniformly ([`Dice::index`] into [`Game::legal_moves`]; a game
    /// may draw it without listing the moves).
    fn random_move(&self, dice: &mut Dice) -> Option<Self::Move> {
        let moves = self.legal_moves();
        dice.index(moves.len()).map(|i| moves[i])
    }
    /// Plays a legal move or chance outcome.
    fn play(&mut self, m: Self::Move);
    /// Plays on to the end with random choices and chance drawn from `dice`, stopping
    /// after `cap` plies; returns the plies played. A game may play faster than move by
    /// move, but must reach the same position with the same draws as
    /// [`play_randomly`] does.
    fn playout(&mut self, dice: &mut Dice, cap: usize) -> usize {
        play_randomly(self, dice, cap)
    }
    /// The end of the game, if it is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The move in the game's own notation.
    fn move_text(&self, m: Self::Move) -> String;
    /// Reads a move in the game's notation and checks it is legal now.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;
}

/// Seeded dice for a game's chance turns: the same seed gives the same throws, so a record
/// holding the seed and the players' choices replays exactly.
#[derive(Clone, Debug)]
pub struct Dice {
    state: u64,
}

impl Dice {
    /// Dice from a seed.
    pub fn new(seed: u64) -> Dice {
        Dice {
            state: seed ^ 0x9E37_79B9_7F4A_7C15,
        }
    }

    /// The next 64 random bits (splitmix64).
    #[inline]
    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in [0, 1).
    pub fn unit(&mut self) -> f64 {
        // 53 bits convert exactly through the signed integer, which is one instruction
        (self.next() >> 11) as i64 as f64 / (1u64 << 53) as f64
    }

    /// A whole number below `2^bits` (`1 <= bits <= 53`): `floor(unit() * 2^bits)` of the
    /// same draw. A table of `2^bits` outcomes indexed by it draws as [`Dice::pick`] does
    /// when every probability is a multiple of `2^-bits` (the subtractions in `pick` are
    /// then exact), without a branch per outcome.
    #[inline]
    pub fn bits(&mut self, bits: u32) -> usize {
        (self.next() >> (64 - bits)) as usize
    }

    /// An index below `n` drawn uniformly (`None` when `n` is 0).
    pub fn index(&mut self, n: usize) -> Option<usize> {
        if n == 0 {
            return None;
        }
        // the high word of a 64-bit draw times `n`: below `n`, each value as likely as the
        // next to within n / 2^64
        Some(((u128::from(self.next()) * n as u128) >> 64) as usize)
    }

    /// One of `outcomes`, drawn by their probabilities.
    pub fn pick<M: Copy>(&mut self, outcomes: &[(M, f64)]) -> Option<M> {
        let mut x = self.unit();
        for &(m, p) in outcomes {
            if x < p {
                return Some(m);
            }
            x -= p;
        }
        outcomes.last().map(|o| o.0)
    }
}

/// Plays a game to its end with random choices and seeded chance; returns the plies
/// played (stopping at `cap`). The game's own [`Game::playout`].
pub fn random_playout<G: Game>(game: &mut G, dice: &mut Dice, cap: usize) -> usize {
    game.playout(dice, cap)
}

/// Plays a game to its end move by move with random choices ([`Game::random_move`]) and
/// seeded chance ([`Game::random_outcome`]); returns the plies played (stopping at `cap`).
pub fn play_randomly<G: Game>(game: &mut G, dice: &mut Dice, cap: usize) -> usize {
    for ply in 0..cap {
        match game.turn() {
            Turn::Over => return ply,
            Turn::Chance => match game.random_outcome(dice) {
                Some(m) => game.play(m),
                None => return ply,
            },
            Turn::Seat(_) => match game.random_move(dice) {
                Some(m) => game.play(m),
                None => return ply,
            },
        }
    }
    cap
}

#[cfg(test)]
mod tests {
    use super::Dice;

    #[test]
    fn an_index_is_below_its_bound_and_drawn_uniformly() {
        assert_eq!(Dice::new(1).index(0), None);
        for n in [1usize, 2, 3, 5, 7, 11] {
            let mut dice = Dice::new(n as u64);
            let draws = 11_000 * n;
            let mut seen = vec![0usize; n];
            for _ in 0..draws {
                let i = dice.index(n).expect("a bound above 0");
                assert!(i < n, "{i} drawn below {n}");
                seen[i] += 1;
            }
            // 11,000 expected each: a binomial's standard deviation is at most about 105
            for (i, &k) in seen.iter().enumerate() {
                assert!(k.abs_diff(11_000) < 600, "n {n}: value {i} drawn {k} times");
            }
        }
    }
}
