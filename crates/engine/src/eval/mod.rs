//! Static evaluation for the chess family: a linear model over features of the position,
//! tapered between the opening and the endgame, with weights per game.
//!
//! The features, for each side: material on the board and in hand per piece type (and
//! whether any of a type is in hand, and a pair of a type on the board), where each piece
//! stands (a table per type, by rank counted from its owner and by distance from the side
//! edge, so that one table serves both wings and both colours), mobility (the squares each
//! piece attacks that its own side does not hold), attacks on the squares around the enemy
//! king per attacking type and their number squared, pieces beside the own king, passed,
//! isolated and doubled pawns, and the move. Each feature has an opening and an endgame
//! weight; the score blends them by the material left (the phase). The evaluation and the
//! learning read the features by one walk over the position ([`walk`]), so they cannot
//! disagree. The weights are learned by `ashta tune` ([`crate::tune`]) and embedded per
//! game; a game without learned weights uses [`Weights::defaults`].

mod weights;

pub use weights::{default_value, weights_of, Layout, Weights};

use ashta_rules::chess::{Kind, Position, Variant};
use ashta_rules::geometry::{Bitboard, Color, Square, GRID_SQUARES};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Types a variant can have.
const KINDS: usize = ashta_rules::chess::variant::MAX_KINDS;

/// An opening and an endgame value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Pair(i32, i32);

impl std::ops::AddAssign for Pair {
    #[inline]
    fn add_assign(&mut self, o: Pair) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl std::ops::Mul<i32> for Pair {
    type Output = Pair;
    #[inline]
    fn mul(self, n: i32) -> Pair {
        Pair(self.0 * n, self.1 * n)
    }
}

/// A variant's weights laid out for evaluating, rounded to whole centipawns: every
/// weight by its index, and material and square together per colour, type and square.
pub struct Tables {
    layout: Layout,
    weights: Vec<Pair>,
    psq: Box<[[[Pair; GRID_SQUARES]; KINDS]; 2]>,
    /// Types whose attacks are looked at (some mobility or king-zone weight).
    attackers: u16,
    /// Types that may form a pair (neither pawns nor royal).
    pairs: u16,
    /// Weight of each type in the phase, and the phase of the start position.
    phase_weight: [i32; KINDS],
    phase_max: i32,
    /// Each type's value for exchanges (its opening material weight), the king's high.
    pub value: [i32; KINDS],
    /// The board's squares.
    board: Bitboard,
    /// Per colour and square: the squares ahead on its file and the files beside it (a
    /// pawn with no enemy pawn there is passed), and ahead on its file alone (doubled).
    front_span: Box<[[Bitboard; GRID_SQUARES]; 2]>,
    front_file: Box<[[Bitboard; GRID_SQUARES]; 2]>,
    /// Per file, the squares of the files beside it (isolated pawns).
    beside: [Bitboard; 16],
}

/// The phase weight of a type: its default value, for pieces that are neither pawns nor
/// royal.
fn phase_weight(v: &Variant, k: Kind) -> i32 {
    if v.is_pawn(k) || v.is_royal(k) {
        0
    } else {
        default_value(v, k)
    }
}

/// The relative rank and the distance from the side edge of `sq` for colour `c`.
#[inline]
fn place(v: &Variant, c: Color, sq: Square) -> (usize, usize) {
    let s = v.shape();
    let r = if c == Color::White {
        sq.rank()
    } else {
        s.ranks - 1 - sq.rank()
    } as usize;
    let f = sq.file() as usize;
    (r, f.min(s.files as usize - 1 - f))
}

impl Tables {
    /// The tables of `w` for variant `v`.
    pub fn new(v: &'static Variant, w: &Weights) -> Tables {
        let l = w.layout;
        let weights: Vec<Pair> = (0..l.len())
            .map(|i| Pair(w.mg[i].round() as i32, w.eg[i].round() as i32))
            .collect();
        let mut psq = Box::new([[[Pair::default(); GRID_SQUARES]; KINDS]; 2]);
        let mut attackers = 0;
        let mut pairs = 0;
        let mut phase_weights = [0; KINDS];
        let mut value = [0; KINDS];
        for k in 0..l.kinds {
            for c in Color::BOTH {
                for sq in v.shape().squares() {
                    let (r, f) = place(v, c, sq);
                    let mut p = weights[l.material(k)];
                    p += weights[l.square(k, r, f)];
                    psq[c.index()][k][sq.index()] = p;
                }
            }
            let royal = v.is_royal(k as Kind);
            if !royal
                && (weights[l.mobility(k)] != Pair::default()
                    || weights[l.king_zone(k)] != Pair::default())
            {
                attackers |= 1 << k;
            }
            if !royal && !v.is_pawn(k as Kind) {
                pairs |= 1 << k;
            }
            phase_weights[k] = phase_weight(v, k as Kind);
            value[k] = if royal {
                20_000
            } else {
                w.mg[l.material(k)].round().max(1.0) as i32
            };
        }
        let start = ashta_rules::chess::ChessGame::new(v);
        let pos = start.position();
        let mut phase_max = 0;
        for c in Color::BOTH {
            for (k, &weight) in phase_weights.iter().enumerate().take(l.kinds) {
                let n =
                    pos.pieces(c, k as Kind).count() as i32 + i32::from(pos.in_hand(c, k as Kind));
                phase_max += n * weight;
            }
        }
        let shape = v.shape();
        let mut front_span = Box::new([[Bitboard::EMPTY; GRID_SQUARES]; 2]);
        let mut front_file = Box::new([[Bitboard::EMPTY; GRID_SQUARES]; 2]);
        let mut beside = [Bitboard::EMPTY; 16];
        for sq in shape.squares() {
            for c in Color::BOTH {
                for other in shape.squares() {
                    let ahead = match c {
                        Color::White => other.rank() > sq.rank(),
                        Color::Black => other.rank() < sq.rank(),
                    };
                    let df = (i32::from(other.file()) - i32::from(sq.file())).abs();
                    if ahead && df <= 1 {
                        front_span[c.index()][sq.index()] |= other.bb();
                    }
                    if ahead && df == 0 {
                        front_file[c.index()][sq.index()] |= other.bb();
                    }
                }
            }
            for f in 0..shape.files {
                if (i32::from(f) - i32::from(sq.file())).abs() == 1 {
                    beside[f as usize] |= sq.bb();
                }
            }
        }
        Tables {
            front_span,
            front_file,
            beside,
            layout: l,
            weights,
            psq,
            attackers,
            pairs,
            phase_weight: phase_weights,
            phase_max: phase_max.max(1),
            value,
            board: v.shape().mask(),
        }
    }

    /// The tables of a variant's own weights, built once.
    pub fn of(v: &'static Variant) -> &'static Tables {
        static CACHE: OnceLock<Mutex<HashMap<usize, &'static Tables>>> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        let key = v as *const Variant as usize;
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(key)
            .or_insert_with(|| Box::leak(Box::new(Tables::new(v, &weights_of(v)))))
    }
}

/// The phase of a position: 0 in a bare endgame up to `phase_max` with every piece.
fn phase(pos: &Position, t: &Tables) -> i32 {
    let v = pos.variant();
    let mut p = 0;
    for k in 0..v.kinds() {
        if t.phase_weight[k] != 0 {
            let n = pos.kind_bb(k as Kind).count() as i32
                + i32::from(pos.in_hand(Color::White, k as Kind))
                + i32::from(pos.in_hand(Color::Black, k as Kind));
            p += n * t.phase_weight[k];
        }
    }
    p.min(t.phase_max)
}

/// The squares beside `c`'s king (those its king attacks), if it has one king.
#[inline]
fn king_zone(pos: &Position, c: Color) -> Option<(Square, Bitboard)> {
    let v = pos.variant();
    let k = pos.king_square(c)?;
    Some((k, pos.attacks_of(v.king(), c, k, pos.occupied())))
}

/// Where the features of a position go: summed with their weights (the evaluation), or
/// counted (learning).
trait Sink {
    /// A piece of colour `c` and type `k` on `sq` (its material and its square).
    fn piece(&mut self, c: Color, k: usize, sq: Square);
    /// Feature `i` counted `n` times for colour `c`.
    fn feature(&mut self, c: Color, i: usize, n: i32);
}

/// Walks over the features of `pos`, handing each to `sink`.
#[inline]
fn walk(pos: &Position, t: &Tables, sink: &mut impl Sink) {
    let v = pos.variant();
    let l = &t.layout;
    let occ = pos.occupied();
    let zones = [king_zone(pos, Color::White), king_zone(pos, Color::Black)];
    for c in Color::BOTH {
        let own = pos.color_bb(c);
        let enemy_zone = zones[c.other().index()].map_or(Bitboard::EMPTY, |z| z.1);
        let mut zone_attacks = 0;
        let mut pawns = Bitboard::EMPTY;
        for k in 0..v.kinds() {
            let in_hand = i32::from(pos.in_hand(c, k as Kind));
            if in_hand > 0 {
                sink.feature(c, l.hand(k), in_hand);
                sink.feature(c, l.hand_any(k), 1);
            }
            let bb = pos.pieces(c, k as Kind);
            if bb.is_empty() {
                continue;
            }
            if v.is_pawn(k as Kind) {
                pawns |= bb;
            }
            if t.pairs >> k & 1 != 0 && bb.several() {
                sink.feature(c, l.pair(k), 1);
            }
            let looks = t.attackers >> k & 1 != 0;
            for sq in bb {
                sink.piece(c, k, sq);
                if looks {
                    let a = pos.attacks_of(k as Kind, c, sq, occ);
                    sink.feature(c, l.mobility(k), (a & !own & t.board).count() as i32);
                    let z = (a & enemy_zone).count() as i32;
                    if z > 0 {
                        sink.feature(c, l.king_zone(k), z);
                        zone_attacks += z;
                    }
                }
            }
        }
        if zone_attacks > 0 {
            let n = zone_attacks.min(12);
            sink.feature(c, l.king_attack(), n * n);
        }
        if let Some((ksq, zone)) = zones[c.index()] {
            sink.feature(c, l.shelter(), (zone & own).without(ksq).count() as i32);
        }
        if pawns.any() {
            pawn_structure(pos, t, c, pawns, sink);
        }
    }
    sink.feature(pos.side_to_move(), l.tempo(), 1);
}

/// Passed, isolated and doubled pawns of colour `c` (its pawns `own`).
#[inline]
fn pawn_structure(pos: &Position, t: &Tables, c: Color, own: Bitboard, sink: &mut impl Sink) {
    let v = pos.variant();
    let l = &t.layout;
    let mut theirs = Bitboard::EMPTY;
    for k in 0..v.kinds() {
        if v.is_pawn(k as Kind) {
            theirs |= pos.pieces(c.other(), k as Kind);
        }
    }
    let (mut passed_at, mut isolated, mut doubled) = ([0i32; 16], 0, 0);
    for p in own {
        if (t.front_span[c.index()][p.index()] & theirs).is_empty() {
            passed_at[place(v, c, p).0] += 1;
        }
        if (t.beside[p.file() as usize] & own).is_empty() {
            isolated += 1;
        }
        if (t.front_file[c.index()][p.index()] & own).any() {
            doubled += 1;
        }
    }
    for (r, &n) in passed_at.iter().enumerate().take(l.ranks) {
        if n > 0 {
            sink.feature(c, l.passed(r), n);
        }
    }
    if isolated > 0 {
        sink.feature(c, l.isolated(), isolated);
    }
    if doubled > 0 {
        sink.feature(c, l.doubled(), doubled);
    }
}

/// Sums the weights of the features, White's minus Black's.
struct Score<'a> {
    t: &'a Tables,
    total: Pair,
}

impl Sink for Score<'_> {
    #[inline]
    fn piece(&mut self, c: Color, k: usize, sq: Square) {
        let p = self.t.psq[c.index()][k][sq.index()];
        if c == Color::White {
            self.total += p;
        } else {
            self.total += p * -1;
        }
    }
    #[inline]
    fn feature(&mut self, c: Color, i: usize, n: i32) {
        let sign = if c == Color::White { n } else { -n };
        self.total += self.t.weights[i] * sign;
    }
}

/// Counts the features, White's minus Black's.
struct Counts<'a> {
    layout: &'a Layout,
    v: &'a Variant,
    dense: Vec<i32>,
}

impl Sink for Counts<'_> {
    fn piece(&mut self, c: Color, k: usize, sq: Square) {
        let sign = if c == Color::White { 1 } else { -1 };
        let (r, f) = place(self.v, c, sq);
        self.dense[self.layout.material(k)] += sign;
        self.dense[self.layout.square(k, r, f)] += sign;
    }
    fn feature(&mut self, c: Color, i: usize, n: i32) {
        self.dense[i] += if c == Color::White { n } else { -n };
    }
}

/// The position's value for the side to move, in centipawns, with the variant's own
/// weights.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, Tables::of(pos.variant()))
}

/// The position's value for the side to move with the tables `t`.
pub fn evaluate_with(pos: &Position, t: &Tables) -> i32 {
    let mut s = Score {
        t,
        total: Pair::default(),
    };
    walk(pos, t, &mut s);
    let p = phase(pos, t);
    let x = s.total;
    let white = ((i64::from(x.0) * i64::from(p) + i64::from(x.1) * i64::from(t.phase_max - p))
        / i64::from(t.phase_max)) as i32;
    if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    }
}

/// A position's features for learning: each feature's count for White minus Black's
/// (the tempo +1 when White is to move, -1 otherwise), and the phase as a fraction (1 with
/// every piece, 0 bare).
pub fn features(pos: &Position, layout: &Layout, t: &Tables) -> (Vec<(u32, i16)>, f64) {
    let mut counts = Counts {
        layout,
        v: pos.variant(),
        dense: vec![0; layout.len()],
    };
    walk(pos, t, &mut counts);
    let out: Vec<(u32, i16)> = counts
        .dense
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n != 0)
        .map(|(i, &n)| (i as u32, n.clamp(-32_000, 32_000) as i16))
        .collect();
    (out, f64::from(phase(pos, t)) / f64::from(t.phase_max))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_rules::chess::{variant, ChessGame, GAMES};
    use ashta_rules::Game;

    /// Random positions of every game, from seeded random play.
    fn positions() -> Vec<Position> {
        let mut out = Vec::new();
        let mut seed = 7u64;
        for g in GAMES {
            let v = variant(g.id, None, &[]).unwrap();
            for game in 0..6 {
                let mut cg = ChessGame::new(v);
                for _ in 0..(10 + 15 * game) {
                    let moves = cg.legal_moves();
                    if moves.is_empty() || cg.outcome().is_some() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    cg.play(moves[(seed % moves.len() as u64) as usize]);
                    out.push(cg.position().clone());
                }
            }
        }
        out
    }

    #[test]
    fn the_evaluation_is_its_features_times_the_weights() {
        for pos in positions() {
            let v = pos.variant();
            let w = weights_of(v);
            let t = Tables::new(v, &w);
            let (f, phase) = features(&pos, &w.layout, &t);
            let (mut mg, mut eg) = (0i64, 0i64);
            for &(i, n) in &f {
                let i = i as usize;
                mg += w.mg[i].round() as i64 * i64::from(n);
                eg += w.eg[i].round() as i64 * i64::from(n);
            }
            let p = (phase * f64::from(t.phase_max)).round() as i64;
            let max = i64::from(t.phase_max);
            let white = (mg * p + eg * (max - p)) / max;
            let stm = if pos.side_to_move() == Color::White {
                white
            } else {
                -white
            };
            assert_eq!(
                i64::from(evaluate_with(&pos, &t)),
                stm,
                "{} {}",
                v.spec.game,
                pos.fen()
            );
        }
    }

    #[test]
    fn weights_files_round_trip_and_name_every_weight() {
        for g in GAMES {
            let v = variant(g.id, None, &[]).unwrap();
            let w = weights_of(v);
            let text = w.to_text(v);
            let back = Weights::parse(v, &text).unwrap();
            assert_eq!(back.mg, w.mg.iter().map(|x| x.round()).collect::<Vec<_>>());
            let names: std::collections::HashSet<String> =
                (0..w.layout.len()).map(|i| w.layout.name(v, i)).collect();
            assert_eq!(names.len(), w.layout.len(), "{}", g.id);
            assert!(Weights::parse(v, "material.pawn x 3").is_err());
            assert!(Weights::parse(v, "material.pawn 1").is_err());
        }
    }
}
