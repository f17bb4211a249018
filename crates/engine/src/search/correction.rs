//! The correction history: how far the searches found the static evaluation off, kept
//! by side to move and pawn structure, by side to move and each colour's other pieces,
//! and (`SearchParams correction_move`) by the move that reached the position; the
//! search reads the evaluation with these shares added.

use super::*;

/// Where a position's corrections are kept: the entries of its pawns and of White's and
/// Black's other pieces in `Searcher::correction`, and that of the move that reached it
/// in `Searcher::correction_move` (computed only where the parameters read them).
#[derive(Clone, Copy, Default)]
pub(super) struct Keys {
    tables: [usize; 3],
    after: Option<usize>,
}

/// One step of a correction entry towards `diff` (a search's score less the static
/// evaluation), by more the deeper the search; an entry stays within 64 centipawns.
fn step(e: &mut i32, diff: i32, depth: i32) {
    let w = (depth + 1).min(16);
    let target = diff.clamp(-400, 400) * CORRECTION_GRAIN;
    *e = ((*e * (256 - w) + target * w) / 256).clamp(-64 * CORRECTION_GRAIN, 64 * CORRECTION_GRAIN);
}

impl Searcher {
    /// The correction entries of `pos`, reached by the move `prev` (a piece type on its
    /// square): that of its side to move and pawns, then those of its side to move and
    /// each colour's other pieces (on the board and in hand), White's and Black's.
    pub(super) fn correction_keys(&self, pos: &Position, prev: Option<usize>) -> Keys {
        let stm = pos.side_to_move().index();
        let after = prev
            .filter(|_| self.params.correction_move != 0)
            .map(|pt| stm * PIECE_TO + pt);
        if !self.params.corrects() {
            return Keys {
                tables: [0; 3],
                after,
            };
        }
        let mix =
            |x: u128, k: u64| ((x as u64) ^ ((x >> 64) as u64).rotate_left(29)).wrapping_mul(k);
        let pawns = |c: Color| self.pawn.map_or(0, |k| pos.pieces(c, k).0);
        let h = mix(pawns(Color::White), 0x9E37_79B9_7F4A_7C15)
            ^ mix(pawns(Color::Black), 0xC2B2_AE3D_27D4_EB4F).rotate_left(17);
        let stm = stm * CORRECTION_SIZE;
        let others = |c: Color| {
            let mut h = 0u64;
            for k in 0..pos.variant().kinds() as ashta_rules::chess::Kind {
                let key = 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(2 * k as u64 + 1);
                if Some(k) != self.pawn {
                    h ^= mix(pos.pieces(c, k).0, key).rotate_left(k as u32 * 7);
                }
                h ^= (pos.in_hand(c, k) as u64).wrapping_mul(key.rotate_left(31));
            }
            let i = (h.wrapping_mul(0xFF51_AFD7_ED55_8CCD) >> 50) as usize % CORRECTION_SIZE;
            (1 + c.index()) * 2 * CORRECTION_SIZE + stm + i
        };
        let tables = [
            stm + (h >> 50) as usize % CORRECTION_SIZE,
            others(Color::White),
            others(Color::Black),
        ];
        Keys { tables, after }
    }

    /// The static evaluation `raw` of the position of `keys` with the corrections'
    /// shares added.
    pub(super) fn corrected(&self, keys: &Keys, raw: i32) -> i32 {
        if raw.abs() >= MATE_BOUND {
            return raw;
        }
        let (p, o) = (self.params.correction, self.params.correction_pieces);
        let mut c = 0;
        if p != 0 || o != 0 {
            let [a, w, b] = keys.tables.map(|i| self.correction[i]);
            c += (a * p + (w + b) * o) / (100 * CORRECTION_GRAIN);
        }
        if let Some(i) = keys.after {
            c += self.correction_move[i] * self.params.correction_move / (100 * CORRECTION_GRAIN);
        }
        raw + c
    }

    /// Moves the corrections of the position of `keys` towards `diff` (a search's score
    /// less the static evaluation), by more the deeper the search.
    pub(super) fn update_correction(&mut self, keys: &Keys, diff: i32, depth: i32) {
        if self.params.corrects() {
            for i in keys.tables {
                step(&mut self.correction[i], diff, depth);
            }
        }
        if let Some(i) = keys.after {
            step(&mut self.correction_move[i], diff, depth);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_rules::chess::variant;

    /// Chess's variant and a searcher keyed by its pawns.
    fn chess() -> (&'static ashta_rules::chess::Variant, Searcher) {
        let v = variant("asha", Some("fairy-stockfish"), &[]).unwrap();
        let mut s = Searcher::new(1);
        s.pawn = v.kind_of_letter('p');
        (v, s)
    }

    /// The evaluation `raw` of `pos`, reached by `prev`, corrected.
    fn corrected_after(s: &Searcher, pos: &Position, raw: i32, prev: Option<usize>) -> i32 {
        s.corrected(&s.correction_keys(pos, prev), raw)
    }

    fn corrected(s: &Searcher, pos: &Position, raw: i32) -> i32 {
        corrected_after(s, pos, raw, None)
    }

    fn learn(s: &mut Searcher, pos: &Position, prev: Option<usize>, diff: i32, depth: i32) {
        let keys = s.correction_keys(pos, prev);
        s.update_correction(&keys, diff, depth);
    }

    #[test]
    fn the_correction_learns_a_structure_s_error_and_no_other_s() {
        let (v, mut s) = chess();
        let fen = |f: &str| Position::from_fen(v, f).unwrap();
        let a = fen("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1");
        // the same pawns, the pieces elsewhere: one structure
        let a2 = fen("3k4/pp3ppp/8/8/8/8/PP3PPP/2R1K3 w - - 0 1");
        let b = fen("4k3/pp3ppp/8/8/4P3/8/PP4PP/4K3 w - - 0 1");
        s.params.correction = 100;
        s.params.correction_pieces = 0;
        assert_eq!(corrected(&s, &a, 37), 37, "nothing learned yet");
        for _ in 0..200 {
            learn(&mut s, &a, None, 40, 20);
        }
        let c = corrected(&s, &a, 37) - 37;
        assert!((38..=40).contains(&c), "{c}");
        assert_eq!(corrected(&s, &a2, 0), c);
        assert_eq!(corrected(&s, &b, 37), 37, "another structure");
        // the other side to move keeps its own entries
        assert_eq!(corrected(&s, &a.with_side(Color::Black), 37), 37);
        // a correction has a ceiling, and the share applied follows the parameter
        for _ in 0..200 {
            learn(&mut s, &a, None, 5000, 20);
        }
        assert_eq!(corrected(&s, &a, 0), 64);
        s.params.correction = 50;
        assert_eq!(corrected(&s, &a, 0), 32);
        s.params.correction = 0;
        assert_eq!(corrected(&s, &a, 0), 0);
        // mate scores are not corrected
        s.params.correction = 100;
        assert_eq!(corrected(&s, &a, MATE - 3), MATE - 3);
    }

    #[test]
    fn the_pieces_correction_learns_each_colour_s_pieces_apart() {
        let (v, mut s) = chess();
        let fen = |f: &str| Position::from_fen(v, f).unwrap();
        let a = fen("r3k3/pp3ppp/8/8/8/8/PP3PPP/2R1K3 w - - 0 1");
        // White's pieces as in `a`, Black's elsewhere, and other pawns: White's entry only
        let same_white = fen("4k2r/p4ppp/8/8/8/8/PP3PP1/2R1K3 w - - 0 1");
        // both colours' pieces moved: a position of its own
        let other = fen("3rk3/pp3ppp/8/8/8/8/PP3PPP/3RK3 w - - 0 1");
        s.params.correction = 0;
        s.params.correction_pieces = 100;
        for _ in 0..200 {
            learn(&mut s, &a, None, 30, 20);
        }
        // White's and Black's entries both learned the 30: the share applied is each's
        let c = corrected(&s, &a, 0);
        assert!((57..=60).contains(&c), "{c}");
        let half = corrected(&s, &same_white, 0);
        assert!((28..=30).contains(&half), "{half}");
        assert_eq!(corrected(&s, &other, 0), 0);
        assert_eq!(corrected(&s, &a.with_side(Color::Black), 0), 0);
        s.params.correction_pieces = 50;
        assert_eq!(corrected(&s, &a, 0), c / 2);
    }

    #[test]
    fn the_move_correction_learns_what_followed_a_move() {
        let (v, mut s) = chess();
        let a = Position::from_fen(v, "4k3/pp3ppp/8/8/8/8/PP3PPP/2R1K3 b - - 0 1").unwrap();
        // the move's table alone
        s.params.correction = 0;
        s.params.correction_pieces = 0;
        s.params.correction_move = 100;
        let (rook_c1, rook_d1) = (Some(3 * GRID_SQUARES + 2), Some(3 * GRID_SQUARES + 3));
        for _ in 0..200 {
            learn(&mut s, &a, rook_c1, -50, 20);
        }
        let c = corrected_after(&s, &a, 0, rook_c1) - corrected(&s, &a, 0);
        assert!((-50..=-48).contains(&c), "{c}");
        assert_eq!(corrected_after(&s, &a, 0, rook_d1), corrected(&s, &a, 0));
        assert_eq!(corrected_after(&s, &a, 0, None), corrected(&s, &a, 0));
        assert_eq!(
            corrected_after(&s, &a.with_side(Color::White), 0, rook_c1),
            0
        );
        s.params.correction_move = 0;
        assert_eq!(corrected_after(&s, &a, 0, rook_c1), corrected(&s, &a, 0));
    }
}
