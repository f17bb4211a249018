//! The board of Ashtapada: its marked (X) squares and each seat's path, as `RULES.md` gives
//! them for South and rotated by quarter turns for West, North and East.

use super::THROWS;

/// A board square, `rank * 8 + file`.
pub type Sq = u8;

/// The seats, in turn order (play passes to the left).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Seat {
    /// The rank-1 side.
    South,
    /// The a-file side.
    West,
    /// The rank-8 side.
    North,
    /// The h-file side.
    East,
}

impl Seat {
    /// All seats in turn order.
    pub const ALL: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];
    /// The seats of a game of `n` players: South and North for two, then West, then East.
    pub fn for_players(n: usize) -> Vec<Seat> {
        match n {
            2 => vec![Seat::South, Seat::North],
            3 => vec![Seat::South, Seat::West, Seat::North],
            _ => Seat::ALL.to_vec(),
        }
    }
    /// The seat's name.
    pub fn name(self) -> &'static str {
        match self {
            Seat::South => "South",
            Seat::West => "West",
            Seat::North => "North",
            Seat::East => "East",
        }
    }
    fn quarter_turns(self) -> u8 {
        self as u8
    }
}

pub(crate) fn sq(s: &str) -> Sq {
    let b = s.as_bytes();
    (b[1] - b'1') * 8 + (b[0] - b'a')
}

/// The name of a square (`e4`).
pub fn name(s: Sq) -> String {
    format!("{}{}", (b'a' + s % 8) as char, s / 8 + 1)
}

/// The marked (X) squares.
pub fn marked(s: Sq) -> bool {
    s < 64 && MARKED >> s & 1 != 0
}

/// The marked (X) squares as a mask.
pub(crate) const MARKED: u64 = {
    const X: [&str; 16] = [
        "a1", "h1", "a8", "h8", "d1", "e1", "h4", "h5", "d8", "e8", "a4", "a5", "d4", "e4", "d5",
        "e5",
    ];
    let mut m = 0u64;
    let mut i = 0;
    while i < X.len() {
        let b = X[i].as_bytes();
        m |= 1 << ((b[1] - b'1') * 8 + (b[0] - b'a'));
        i += 1;
    }
    m
};

/// The squares on a seat's path (the end square follows them).
pub const PATH_LEN: usize = 60;

/// One seat's path with its last square, and where each board square lies on it.
#[derive(Debug, PartialEq)]
pub(crate) struct Track {
    /// The squares in order from the entry square.
    pub squares: [Sq; PATH_LEN],
    /// The square after the path (the keep, or the centre).
    pub end: Sq,
    /// Each board square's index on the path ([`Track::OFF`] for the end square).
    pub index: [u8; 64],
    /// For each one-byte code of a piece's spot (path index + 1; 0 in hand, 61 at the end
    /// square, 62 borne off), the piece's path square as a mask, empty off the path.
    pub code_bit: [u64; 64],
    /// For each code (as in `code_bit`) and each throw value's index in [`THROWS`]: a
    /// piece's hop from that spot by that throw.
    pub hops: [[Hop; THROWS.len()]; 64],
}

/// A piece's move along its path by one throw, as Ashta-kashte reads it (seed 001
/// appendix): the squares it passes and the one it lands on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Hop {
    /// The code of where it lands (the end square's at most), [`Hop::BEYOND`] past the end.
    pub to: u8,
    /// The squares of the codes between the two, as a mask.
    pub passed: u64,
    /// The square landed on as a mask, empty on the end square.
    pub landing: u64,
}

impl Hop {
    /// [`Hop::to`] of a throw that overshoots the end square.
    pub const BEYOND: u8 = u8::MAX;
}

impl Track {
    /// The index of a square not on the path.
    pub const OFF: u8 = u8::MAX;

    pub fn new((path, end): (Vec<Sq>, Sq)) -> Track {
        let mut squares = [0; PATH_LEN];
        let mut index = [Track::OFF; 64];
        // for each path index, the squares of the path before it, as a mask
        let mut before = [0u64; PATH_LEN + 1];
        let mut code_bit = [0u64; 64];
        for (i, &s) in path.iter().enumerate().take(PATH_LEN) {
            squares[i] = s;
            index[s as usize] = i as u8;
            before[i + 1] = before[i] | 1 << s;
            code_bit[i + 1] = 1 << s;
        }
        let end_code = PATH_LEN + 1;
        let mut hops = [[Hop {
            to: Hop::BEYOND,
            passed: 0,
            landing: 0,
        }; THROWS.len()]; 64];
        for (from, row) in hops.iter_mut().enumerate().take(end_code) {
            for (hop, &(t, _)) in row.iter_mut().zip(&THROWS) {
                let to = from + t as usize;
                if to <= end_code {
                    *hop = Hop {
                        to: to as u8,
                        passed: before[to - 1] & !before[from],
                        landing: code_bit[to],
                    };
                }
            }
        }
        Track {
            squares,
            end,
            index,
            code_bit,
            hops,
        }
    }
}

/// Rotates a square a quarter turn so that South's side becomes West's.
fn rotate(s: Sq) -> Sq {
    let (f, r) = (s % 8, s / 8);
    // (file, rank) -> (rank, 7 - file)
    r + (7 - f) * 8
}

fn rotated(path: &[Sq], seat: Seat) -> Vec<Sq> {
    path.iter()
        .map(|&s| (0..seat.quarter_turns()).fold(s, |x, _| rotate(x)))
        .collect()
}

fn squares(list: &str) -> Vec<Sq> {
    list.split_whitespace().map(sq).collect()
}

/// South's path in the kile reconstruction (seed 002): the outer ring anticlockwise from
/// e1, the middle ring clockwise, the inner ring anticlockwise; the keep (d4) follows.
pub fn kile_path(seat: Seat) -> (Vec<Sq>, Sq) {
    let south = squares(
        "e1 f1 g1 h1 h2 h3 h4 h5 h6 h7 h8 g8 f8 e8 d8 c8 b8 a8 a7 a6 a5 a4 a3 a2 a1 b1 c1 d1 \
         d2 c2 b2 b3 b4 b5 b6 b7 c7 d7 e7 f7 g7 g6 g5 g4 g3 g2 f2 e2 \
         e3 f3 f4 f5 f6 e6 d6 c6 c5 c4 c3 d3",
    );
    (rotated(&south, seat), rotated(&[sq("d4")], seat)[0])
}

/// South's spiral in the Ashta-kashte reconstruction (seed 001 appendix): from the
/// player's right-hand corner h1, anticlockwise inwards; the end square (e4) follows.
pub fn ashta_kashte_path(seat: Seat) -> (Vec<Sq>, Sq) {
    let south = squares(
        "h1 h2 h3 h4 h5 h6 h7 h8 g8 f8 e8 d8 c8 b8 a8 a7 a6 a5 a4 a3 a2 a1 b1 c1 d1 e1 f1 g1 \
         g2 g3 g4 g5 g6 g7 f7 e7 d7 c7 b7 b6 b5 b4 b3 b2 c2 d2 e2 f2 f3 f4 f5 f6 e6 d6 c6 c5 c4 c3 d3 e3",
    );
    (rotated(&south, seat), rotated(&[sq("e4")], seat)[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_cover_the_board_once_and_rotate_onto_marked_squares() {
        for seat in Seat::ALL {
            for (path, end) in [kile_path(seat), ashta_kashte_path(seat)] {
                assert_eq!(path.len(), 60);
                let mut all = path.clone();
                all.push(end);
                all.sort();
                all.dedup();
                assert_eq!(all.len(), 61, "each square once");
                assert!(marked(end), "the end is a central marked square");
            }
        }
        assert_eq!(name(kile_path(Seat::West).0[0]), "a4");
        assert_eq!(name(kile_path(Seat::North).0[0]), "d8");
        assert_eq!(name(kile_path(Seat::East).0[0]), "h5");
        assert_eq!(name(ashta_kashte_path(Seat::West).0[0]), "a1");
        assert_eq!(name(ashta_kashte_path(Seat::North).1), "d5");
    }
}
