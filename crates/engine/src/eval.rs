//! Static evaluation for the chess family: a linear model over features of the position,
//! tapered between the opening and the endgame, with weights per game.
//!
//! The features, for each side: material on the board and in hand per piece type, where
//! each piece stands (a table per type, by rank counted from its owner and by distance
//! from the side edge, so that one table serves both wings and both colours), mobility
//! (the squares each piece attacks that its own side does not hold), attacks on the
//! squares around the enemy king per attacking type, pieces beside the own king, and the
//! move. Each feature has an opening and an endgame weight; the score blends them by the
//! material left (the phase). The weights are learned by `ashta tune` (see
//! [`crate::tune`]) and embedded per game; a game without learned weights uses the
//! defaults of [`Weights::defaults`].

use ashta_rules::chess::{Kind, Position, Variant};
use ashta_rules::geometry::{Bitboard, Color, Square, GRID_SQUARES};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Types a variant can have.
const KINDS: usize = ashta_rules::chess::variant::MAX_KINDS;

/// Where each feature's weight lies in the weight vector of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Piece types.
    pub kinds: usize,
    /// Ranks of the board.
    pub ranks: usize,
    /// Files counted from the nearer side edge (half the files, rounded up).
    pub half_files: usize,
}

impl Layout {
    /// The layout of a variant's weights.
    pub fn of(v: &Variant) -> Layout {
        let s = v.shape();
        Layout {
            kinds: v.kinds(),
            ranks: s.ranks as usize,
            half_files: (s.files as usize).div_ceil(2),
        }
    }
    fn squares(&self) -> usize {
        self.ranks * self.half_files
    }
    /// A piece of type `k` on the board.
    pub fn material(&self, k: usize) -> usize {
        k
    }
    /// A piece of type `k` in hand.
    pub fn hand(&self, k: usize) -> usize {
        self.kinds + k
    }
    /// A piece of type `k` on relative rank `r`, `f` files from the side edge.
    pub fn square(&self, k: usize, r: usize, f: usize) -> usize {
        2 * self.kinds + (k * self.ranks + r) * self.half_files + f
    }
    /// A square attacked by a piece of type `k`, not held by its own side.
    pub fn mobility(&self, k: usize) -> usize {
        2 * self.kinds + self.kinds * self.squares() + k
    }
    /// A square beside the enemy king attacked by a piece of type `k`.
    pub fn king_zone(&self, k: usize) -> usize {
        3 * self.kinds + self.kinds * self.squares() + k
    }
    /// An own piece beside the own king.
    pub fn shelter(&self) -> usize {
        4 * self.kinds + self.kinds * self.squares()
    }
    /// The side to move.
    pub fn tempo(&self) -> usize {
        self.shelter() + 1
    }
    /// Number of weights.
    pub fn len(&self) -> usize {
        self.tempo() + 1
    }
    /// Whether there are no weights (never: every variant has pieces).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The name of weight `i` in a weights file (`material.rook`, `square.pawn.3.1`,
    /// ...), by the pieces' ids so that the file does not depend on the types' order.
    pub fn name(&self, v: &Variant, i: usize) -> String {
        let id = |k: usize| v.piece(k as Kind).id;
        let sq = self.squares();
        let k = self.kinds;
        if i < k {
            format!("material.{}", id(i))
        } else if i < 2 * k {
            format!("hand.{}", id(i - k))
        } else if i < 2 * k + k * sq {
            let j = i - 2 * k;
            let (kind, rest) = (j / sq, j % sq);
            format!(
                "square.{}.{}.{}",
                id(kind),
                rest / self.half_files,
                rest % self.half_files
            )
        } else if i < 3 * k + k * sq {
            format!("mobility.{}", id(i - 2 * k - k * sq))
        } else if i < 4 * k + k * sq {
            format!("kingzone.{}", id(i - 3 * k - k * sq))
        } else if i == self.shelter() {
            "shelter".into()
        } else {
            "tempo".into()
        }
    }
}

/// The weights of one variant's evaluation: an opening and an endgame weight per feature,
/// in centipawns.
#[derive(Clone, Debug)]
pub struct Weights {
    /// Where each feature lies.
    pub layout: Layout,
    /// Opening weights.
    pub mg: Vec<f64>,
    /// Endgame weights.
    pub eg: Vec<f64>,
}

/// A first guess at a piece type's value in centipawns (a pawn is 100), by its id and
/// movement: where a game has no learned weights, and the start of learning.
pub fn default_value(v: &Variant, k: Kind) -> i32 {
    let game = v.spec.game;
    let id = v.piece(k).id;
    match (game, id) {
        (_, "king") | (_, "crown-prince") => 0,
        ("xiangqi", "rook") => 900,
        ("xiangqi", "cannon") => 450,
        ("xiangqi", "horse") => 400,
        ("xiangqi", "advisor") | ("xiangqi", "elephant") => 200,
        ("janggi", "rook") => 1300,
        ("janggi", "cannon") => 700,
        ("janggi", "horse") => 500,
        ("janggi", "elephant") | ("janggi", "guard") => 300,
        ("janggi", "pawn") => 200,
        (_, "pawn") => 100,
        (_, "lance") => 300,
        (_, "knight") if v.piece(k).betza == "ffN" => 350,
        (_, "knight") | (_, "horse") => 300,
        (_, "bishop") if matches!(game, "shogi" | "sho-shogi") => 800,
        (_, "rook") if matches!(game, "shogi" | "sho-shogi") => 950,
        (_, "bishop") => 330,
        (_, "rook") => 500,
        (_, "queen") => 900,
        (_, "bers") => 700,
        (_, "fers") | (_, "advisor") => 150,
        (_, "alfil") | (_, "elephant") => 120,
        (_, "dabbaba") => 130,
        (_, "silver") => 250,
        (_, "gold") => 550,
        (_, "tokin") | (_, "promoted-lance") | (_, "promoted-knight") | (_, "promoted-silver") => {
            550
        }
        (_, "drunk-elephant") => 500,
        (_, "dragon-horse") => 1050,
        (_, "dragon-king") => 1250,
        (_, "guard") => 250,
        (_, "cannon") => 450,
        _ => 200,
    }
}

impl Weights {
    /// The untrained weights: the guessed piece values, pawns pushed forward, pieces
    /// drawn to the centre, a little mobility and king pressure.
    pub fn defaults(v: &Variant) -> Weights {
        let layout = Layout::of(v);
        let n = layout.len();
        let (mut mg, mut eg) = (vec![0.0; n], vec![0.0; n]);
        let shape = v.shape();
        for k in 0..layout.kinds {
            let value = f64::from(default_value(v, k as Kind));
            let royal = v.is_royal(k as Kind);
            mg[layout.material(k)] = value;
            eg[layout.material(k)] = value;
            mg[layout.hand(k)] = value * 1.1;
            eg[layout.hand(k)] = value * 1.1;
            for r in 0..layout.ranks {
                for f in 0..layout.half_files {
                    let w = if v.is_pawn(k as Kind) {
                        6.0 * r as f64
                    } else if royal {
                        0.0
                    } else {
                        // as the distance from the centre of a full board
                        let df = (shape.files as f64 - 1.0 - 2.0 * f as f64).abs();
                        let dr = (2.0 * r as f64 - (shape.ranks as f64 - 1.0)).abs();
                        12.0 - (df + dr)
                    };
                    mg[layout.square(k, r, f)] = w;
                    eg[layout.square(k, r, f)] = w;
                }
            }
            if !royal && !v.is_pawn(k as Kind) {
                mg[layout.mobility(k)] = 2.0;
                eg[layout.mobility(k)] = 2.0;
            }
            if !royal {
                mg[layout.king_zone(k)] = 6.0;
            }
        }
        mg[layout.shelter()] = 6.0;
        mg[layout.tempo()] = 10.0;
        eg[layout.tempo()] = 10.0;
        Weights { layout, mg, eg }
    }

    /// Reads a weights file (`name mg eg` lines, `#` comments) over the defaults; names
    /// the file does not give keep their default.
    pub fn parse(v: &Variant, text: &str) -> Result<Weights, String> {
        let mut w = Weights::defaults(v);
        let index: HashMap<String, usize> = (0..w.layout.len())
            .map(|i| (w.layout.name(v, i), i))
            .collect();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut parts = line.split_whitespace();
            let (Some(name), Some(a), Some(b), None) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                return Err(format!("line {}: expected `name mg eg`", n + 1));
            };
            let (Ok(a), Ok(b)) = (a.parse::<f64>(), b.parse::<f64>()) else {
                return Err(format!("line {}: weights are numbers", n + 1));
            };
            if !a.is_finite() || !b.is_finite() {
                return Err(format!("line {}: weights are finite", n + 1));
            }
            // a weight the variant has no place for (another ruleset's piece) is skipped
            if let Some(&i) = index.get(name) {
                w.mg[i] = a;
                w.eg[i] = b;
            }
        }
        Ok(w)
    }

    /// The weights as a file [`Weights::parse`] reads.
    pub fn to_text(&self, v: &Variant) -> String {
        let mut out = format!(
            "# evaluation weights of {}: name, opening, endgame\n",
            v.spec.game
        );
        for i in 0..self.layout.len() {
            out += &format!(
                "{} {} {}\n",
                self.layout.name(v, i),
                self.mg[i].round(),
                self.eg[i].round()
            );
        }
        out
    }
}

/// The learned weights embedded in the program, by game id.
fn embedded(game: &str) -> Option<&'static str> {
    Some(match game {
        "asha" => include_str!("../weights/asha.txt"),
        "chaturanga" => include_str!("../weights/chaturanga.txt"),
        "shatranj" => include_str!("../weights/shatranj.txt"),
        "senterej" => include_str!("../weights/senterej.txt"),
        "ninth-century" => include_str!("../weights/ninth-century.txt"),
        "sittuyin" => include_str!("../weights/sittuyin.txt"),
        "makruk" => include_str!("../weights/makruk.txt"),
        "ouk-chatrang" => include_str!("../weights/ouk-chatrang.txt"),
        "shatar" => include_str!("../weights/shatar.txt"),
        "xiangqi" => include_str!("../weights/xiangqi.txt"),
        "janggi" => include_str!("../weights/janggi.txt"),
        "heian-shogi" => include_str!("../weights/heian-shogi.txt"),
        "sho-shogi" => include_str!("../weights/sho-shogi.txt"),
        "shogi" => include_str!("../weights/shogi.txt"),
        _ => return None,
    })
}

/// The weights a variant plays with: its game's embedded ones, else the defaults.
pub fn weights_of(v: &Variant) -> Weights {
    match embedded(v.spec.game).map(|t| Weights::parse(v, t)) {
        Some(Ok(w)) => w,
        _ => Weights::defaults(v),
    }
}

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

impl std::ops::SubAssign for Pair {
    #[inline]
    fn sub_assign(&mut self, o: Pair) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}

impl std::ops::Mul<i32> for Pair {
    type Output = Pair;
    #[inline]
    fn mul(self, n: i32) -> Pair {
        Pair(self.0 * n, self.1 * n)
    }
}

/// A variant's weights laid out for evaluating: material and square together per colour,
/// type and square, rounded to whole centipawns.
pub struct Tables {
    psq: Box<[[[Pair; GRID_SQUARES]; KINDS]; 2]>,
    hand: [Pair; KINDS],
    mobility: [Pair; KINDS],
    king_zone: [Pair; KINDS],
    shelter: Pair,
    tempo: Pair,
    /// Types whose attacks are looked at (some mobility or king-zone weight).
    attackers: u16,
    /// Weight of each type in the phase, and the phase of the start position.
    phase_weight: [i32; KINDS],
    phase_max: i32,
    /// Each type's value for exchanges (its opening material weight), the king's high.
    pub value: [i32; KINDS],
    /// The board's squares.
    board: Bitboard,
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
        let l = &w.layout;
        let pair = |i: usize| Pair(w.mg[i].round() as i32, w.eg[i].round() as i32);
        let mut psq = Box::new([[[Pair::default(); GRID_SQUARES]; KINDS]; 2]);
        let mut t = Tables {
            psq: Box::new([[[Pair::default(); GRID_SQUARES]; KINDS]; 2]),
            hand: [Pair::default(); KINDS],
            mobility: [Pair::default(); KINDS],
            king_zone: [Pair::default(); KINDS],
            shelter: pair(l.shelter()),
            tempo: pair(l.tempo()),
            attackers: 0,
            phase_weight: [0; KINDS],
            phase_max: 0,
            value: [0; KINDS],
            board: v.shape().mask(),
        };
        for k in 0..l.kinds {
            for c in Color::BOTH {
                for sq in v.shape().squares() {
                    let (r, f) = place(v, c, sq);
                    let mut p = pair(l.material(k));
                    p += pair(l.square(k, r, f));
                    psq[c.index()][k][sq.index()] = p;
                }
            }
            t.hand[k] = pair(l.hand(k));
            t.mobility[k] = pair(l.mobility(k));
            t.king_zone[k] = pair(l.king_zone(k));
            if !v.is_royal(k as Kind)
                && (t.mobility[k] != Pair::default() || t.king_zone[k] != Pair::default())
            {
                t.attackers |= 1 << k;
            }
            t.phase_weight[k] = phase_weight(v, k as Kind);
            t.value[k] = if v.is_royal(k as Kind) {
                20_000
            } else {
                w.mg[l.material(k)].round().max(1.0) as i32
            };
        }
        t.psq = psq;
        let start = ashta_rules::chess::ChessGame::new(v);
        let pos = start.position();
        for c in Color::BOTH {
            for k in 0..l.kinds {
                let n =
                    pos.pieces(c, k as Kind).count() as i32 + i32::from(pos.in_hand(c, k as Kind));
                t.phase_max += n * t.phase_weight[k];
            }
        }
        t.phase_max = t.phase_max.max(1);
        t
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

/// The position's value for the side to move, in centipawns, with the variant's own
/// weights.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, Tables::of(pos.variant()))
}

/// The position's value for the side to move with the tables `t`.
pub fn evaluate_with(pos: &Position, t: &Tables) -> i32 {
    let v = pos.variant();
    let occ = pos.occupied();
    let board = t.board;
    let zones = [king_zone(pos, Color::White), king_zone(pos, Color::Black)];
    let mut total = Pair::default();
    for c in Color::BOTH {
        let mut s = Pair::default();
        let own = pos.color_bb(c);
        let enemy_zone = zones[c.other().index()].map_or(Bitboard::EMPTY, |z| z.1);
        let own_king = zones[c.index()];
        for k in 0..v.kinds() {
            let bb = pos.pieces(c, k as Kind);
            let in_hand = i32::from(pos.in_hand(c, k as Kind));
            if in_hand > 0 {
                s += t.hand[k] * in_hand;
            }
            if bb.is_empty() {
                continue;
            }
            let psq = &t.psq[c.index()][k];
            let looks = t.attackers >> k & 1 != 0;
            for sq in bb {
                s += psq[sq.index()];
                if looks {
                    let a = pos.attacks_of(k as Kind, c, sq, occ);
                    s += t.mobility[k] * (a & !own & board).count() as i32;
                    s += t.king_zone[k] * (a & enemy_zone).count() as i32;
                }
            }
        }
        if let Some((ksq, zone)) = own_king {
            s += t.shelter * (zone & own).without(ksq).count() as i32;
        }
        if c == Color::White {
            total += s;
        } else {
            total -= s;
        }
    }
    let p = phase(pos, t);
    let blend = |x: Pair| {
        ((i64::from(x.0) * i64::from(p) + i64::from(x.1) * i64::from(t.phase_max - p))
            / i64::from(t.phase_max)) as i32
    };
    let white = blend(total);
    let us = pos.side_to_move();
    (if us == Color::White { white } else { -white }) + blend(t.tempo)
}

/// A position's features for learning: each feature's count for White minus Black's (the
/// tempo +1 when White is to move, -1 otherwise), and the phase as a fraction (1 with every
/// piece, 0 bare).
pub fn features(pos: &Position, layout: &Layout, t: &Tables) -> (Vec<(u32, i16)>, f64) {
    let v = pos.variant();
    let occ = pos.occupied();
    let board = v.shape().mask();
    let zones = [king_zone(pos, Color::White), king_zone(pos, Color::Black)];
    let mut dense: HashMap<usize, i32> = HashMap::new();
    for c in Color::BOTH {
        let sign = if c == Color::White { 1 } else { -1 };
        let own = pos.color_bb(c);
        let enemy_zone = zones[c.other().index()].map_or(Bitboard::EMPTY, |z| z.1);
        for k in 0..v.kinds() {
            let in_hand = i32::from(pos.in_hand(c, k as Kind));
            if in_hand > 0 {
                *dense.entry(layout.hand(k)).or_default() += sign * in_hand;
            }
            for sq in pos.pieces(c, k as Kind) {
                let (r, f) = place(v, c, sq);
                *dense.entry(layout.material(k)).or_default() += sign;
                *dense.entry(layout.square(k, r, f)).or_default() += sign;
                if t.attackers >> k & 1 != 0 {
                    let a = pos.attacks_of(k as Kind, c, sq, occ);
                    *dense.entry(layout.mobility(k)).or_default() +=
                        sign * (a & !own & board).count() as i32;
                    *dense.entry(layout.king_zone(k)).or_default() +=
                        sign * (a & enemy_zone).count() as i32;
                }
            }
        }
        if let Some((ksq, zone)) = zones[c.index()] {
            *dense.entry(layout.shelter()).or_default() +=
                sign * (zone & own).without(ksq).count() as i32;
        }
    }
    let stm = if pos.side_to_move() == Color::White {
        1
    } else {
        -1
    };
    *dense.entry(layout.tempo()).or_default() += stm;
    let mut out: Vec<(u32, i16)> = dense
        .into_iter()
        .filter(|&(_, n)| n != 0)
        .map(|(i, n)| (i as u32, n as i16))
        .collect();
    out.sort_unstable();
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
                if i != w.layout.tempo() {
                    mg += w.mg[i].round() as i64 * i64::from(n);
                    eg += w.eg[i].round() as i64 * i64::from(n);
                }
            }
            let p = (phase * f64::from(t.phase_max)).round() as i64;
            let max = i64::from(t.phase_max);
            let white = (mg * p + eg * (max - p)) / max;
            let tempo = (w.mg[w.layout.tempo()].round() as i64 * p
                + w.eg[w.layout.tempo()].round() as i64 * (max - p))
                / max;
            let stm = if pos.side_to_move() == Color::White {
                white
            } else {
                -white
            };
            assert_eq!(
                i64::from(evaluate_with(&pos, &t)),
                stm + tempo,
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
