//! Piece movement described in a subset of Betza's funny notation.
//!
//! Atoms: `W` (1,0) `F` (1,1) `D` (2,0) `N` (2,1) `A` (2,2) `H` (3,0) `C` (3,1) `Z` (3,2)
//! `G` (3,3); compounds `K` = `WF`, `R` = `WW`, `B` = `FF`, `Q` = `RB`. A doubled atom or a
//! number after it makes a rider (`WW` unlimited, `W2` at most two steps). Prefixes:
//! `m` move only, `c` capture only, `n` lame (the leap is blocked by a piece on the first
//! step of its path), `p` hopper (must jump exactly one piece), and directions `f b l r v s`
//! (`ff`, `fl`, `fs` and the like narrow them further). Movement is written for White,
//! moving up the board; Black's is mirrored.

use thiserror::Error;

/// When an atom may be used.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Only to an empty square.
    Move,
    /// Only to capture.
    Capture,
    /// Either.
    Both,
}

impl Mode {
    /// Whether the atom may end on an empty square.
    pub fn moves(self) -> bool {
        self != Mode::Capture
    }
    /// Whether the atom may capture.
    pub fn captures(self) -> bool {
        self != Mode::Move
    }
}

/// One vector of movement: a leap, a ride, a lame leap or a hop, for White.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Atom {
    /// Files moved (positive to the right).
    pub dx: i8,
    /// Ranks moved (positive forward).
    pub dy: i8,
    /// Steps allowed: 1 for a leap, 0 for an unlimited rider, n for at most n.
    pub range: u8,
    /// Moving, capturing or both.
    pub mode: Mode,
    /// A lame leap: blocked by a piece on its first orthogonal (or diagonal) step.
    pub lame: bool,
    /// A hop: rides to a screen, then lands beyond it.
    pub hop: bool,
}

impl Atom {
    /// Whether this atom is a plain leap or an unlimited ride, which the fast move
    /// generator handles with tables.
    pub fn is_simple(&self) -> bool {
        !self.lame && !self.hop && (self.range == 0 || self.range == 1)
    }
    /// The atom for Black, moving down the board.
    pub fn mirrored(self) -> Atom {
        Atom {
            dy: -self.dy,
            ..self
        }
    }
    /// The first step of a lame leap: the square that blocks it.
    pub fn lame_step(&self) -> (i8, i8) {
        let (ax, ay) = (self.dx.abs(), self.dy.abs());
        if ax == ay {
            (self.dx.signum(), self.dy.signum())
        } else if ax > ay {
            (self.dx.signum(), 0)
        } else {
            (0, self.dy.signum())
        }
    }
}

/// A parse failure of a Betza string.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("bad piece movement {text:?}: {reason}")]
pub struct BetzaError {
    text: String,
    reason: &'static str,
}

/// The atoms of a piece, for White.
pub fn parse_betza(text: &str) -> Result<Vec<Atom>, BetzaError> {
    let err = |reason| BetzaError {
        text: text.to_string(),
        reason,
    };
    let chars: Vec<char> = text.chars().collect();
    let mut atoms = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let mut mode = Mode::Both;
        let mut lame = false;
        let mut hop = false;
        let mut dirs = String::new();
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            match chars[i] {
                'm' => {
                    mode = if mode == Mode::Capture {
                        Mode::Both
                    } else {
                        Mode::Move
                    }
                }
                'c' => {
                    mode = if mode == Mode::Move {
                        Mode::Both
                    } else {
                        Mode::Capture
                    }
                }
                'n' => lame = true,
                'p' => hop = true,
                d @ ('f' | 'b' | 'l' | 'r' | 'v' | 's') => dirs.push(d),
                _ => return Err(err("unknown modifier")),
            }
            i += 1;
        }
        let Some(&letter) = chars.get(i) else {
            return Err(err("modifiers without a piece letter"));
        };
        i += 1;
        let mut range = 1u8;
        if chars.get(i) == Some(&letter) {
            range = 0;
            i += 1;
        } else if let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
            range = d as u8;
            i += 1;
        }
        let bases: &[((i8, i8), u8)] = match letter {
            'W' => &[((1, 0), 1)],
            'F' => &[((1, 1), 1)],
            'D' => &[((2, 0), 1)],
            'N' => &[((2, 1), 1)],
            'A' => &[((2, 2), 1)],
            'H' => &[((3, 0), 1)],
            'C' => &[((3, 1), 1)],
            'Z' => &[((3, 2), 1)],
            'G' => &[((3, 3), 1)],
            'K' => &[((1, 0), 1), ((1, 1), 1)],
            'R' => &[((1, 0), 0)],
            'B' => &[((1, 1), 0)],
            'Q' => &[((1, 0), 0), ((1, 1), 0)],
            _ => return Err(err("unknown piece letter")),
        };
        for &((x, y), base_range) in bases {
            let r = if base_range == 0 { 0 } else { range };
            for (dx, dy) in symmetries(x, y) {
                if direction_allows(&dirs, dx, dy) {
                    atoms.push(Atom {
                        dx,
                        dy,
                        range: r,
                        mode,
                        lame,
                        hop,
                    });
                }
            }
        }
    }
    if atoms.is_empty() {
        return Err(err("no movement"));
    }
    Ok(atoms)
}

fn symmetries(x: i8, y: i8) -> Vec<(i8, i8)> {
    let mut v: Vec<(i8, i8)> = Vec::with_capacity(8);
    for (a, b) in [(x, y), (y, x)] {
        for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let p = (a * sa, b * sb);
            if !v.contains(&p) {
                v.push(p);
            }
        }
    }
    v
}

fn direction_allows(dirs: &str, dx: i8, dy: i8) -> bool {
    if dirs.is_empty() {
        return true;
    }
    let c: Vec<char> = dirs.chars().collect();
    // on orthogonal atoms each letter is a direction of its own (fsW: forward and sideways)
    if dx == 0 || dy == 0 {
        return c.iter().any(|&ch| match ch {
            'f' => dy > 0,
            'b' => dy < 0,
            'l' => dx < 0,
            'r' => dx > 0,
            'v' => dx == 0,
            's' => dy == 0,
            _ => false,
        });
    }
    let mut clauses: Vec<String> = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let vertical = |ch: char| matches!(ch, 'f' | 'b' | 'v');
        let horizontal = |ch: char| matches!(ch, 'l' | 'r' | 's');
        if i + 1 < c.len()
            && (c[i] == c[i + 1]
                || (vertical(c[i]) && horizontal(c[i + 1]))
                || (horizontal(c[i]) && vertical(c[i + 1])))
        {
            clauses.push(c[i..i + 2].iter().collect());
            i += 2;
        } else {
            clauses.push(c[i].to_string());
            i += 1;
        }
    }
    let single = |ch: char| match ch {
        'f' => dy > 0,
        'b' => dy < 0,
        'l' => dx < 0,
        'r' => dx > 0,
        'v' => dx == 0 || dy.abs() > dx.abs(),
        's' => dy == 0 || dx.abs() > dy.abs(),
        _ => false,
    };
    clauses.iter().any(|cl| {
        let k: Vec<char> = cl.chars().collect();
        if k.len() == 1 {
            single(k[0])
        } else if k[0] == k[1] {
            single(k[0])
                && match k[0] {
                    'f' | 'b' => dy.abs() > dx.abs(),
                    _ => dx.abs() > dy.abs(),
                }
        } else {
            single(k[0]) && single(k[1])
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> Vec<(i8, i8, u8, Mode)> {
        let mut v: Vec<_> = parse_betza(s)
            .unwrap()
            .into_iter()
            .map(|a| (a.dx, a.dy, a.range, a.mode))
            .collect();
        v.sort_by_key(|t| (t.0, t.1));
        v
    }

    #[test]
    fn leapers_and_riders() {
        assert_eq!(parse_betza("N").unwrap().len(), 8);
        assert_eq!(parse_betza("K").unwrap().len(), 8);
        assert_eq!(parse_betza("F").unwrap().len(), 4);
        assert!(parse_betza("R").unwrap().iter().all(|a| a.range == 0));
        assert_eq!(parse_betza("RF").unwrap().len(), 8);
        assert_eq!(parse_betza("W2").unwrap()[0].range, 2);
    }

    #[test]
    fn pawn_and_shogi_directions() {
        assert_eq!(
            set("fmWfcF"),
            vec![
                (-1, 1, 1, Mode::Capture),
                (0, 1, 1, Mode::Move),
                (1, 1, 1, Mode::Capture)
            ]
        );
        // shogi knight: the two narrow forward knight leaps
        assert_eq!(
            set("ffN"),
            vec![(-1, 2, 1, Mode::Both), (1, 2, 1, Mode::Both)]
        );
        // silver general: four diagonals and one step forward
        assert_eq!(set("FfW").len(), 5);
        // gold general: orthogonal steps and forward diagonals
        assert_eq!(set("WfF").len(), 6);
        assert_eq!(set("fR"), vec![(0, 1, 0, Mode::Both)]);
        // xiangqi soldier across the river: forward and sideways
        assert_eq!(set("fsW").len(), 3);
        // drunk elephant: all but straight back
        assert_eq!(set("FsfW").len(), 7);
    }

    #[test]
    fn errors_name_the_problem() {
        assert!(parse_betza("Y").is_err());
        assert!(parse_betza("fm").is_err());
        assert!(parse_betza("xW").is_err());
        assert!(parse_betza("").is_err());
    }
}
