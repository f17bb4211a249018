//! A small neural evaluation per game (an "efficiently updatable" network): every piece on
//! its square and every piece in hand is an input, seen from each side; one hidden layer of
//! [`HIDDEN`] units per side by default (each network says its own number, up to
//! [`HIDDEN_MAX`]), clipped to 0..1, and one output in centipawns.
//!
//! The inputs seen from colour `c` are `(owner is c?, type, square)` with the board turned
//! so that `c` plays up the board (mirrored top to bottom where the start position is a
//! mirror image, turned half round where it is a rotation, as in Shogi and Makruk), and
//! `(owner is c?, type, i)` for the i-th piece of a type in hand. The hidden layer of each
//! side (its accumulator) is the sum of the weight rows of its inputs, kept in integers so
//! that a move changes it by adding and subtracting a few rows ([`Accumulator::update`]).
//! The output reads the side to move's accumulator first; a network may have several
//! output layers (buckets), one read by the number of pieces on the board ([`bucket`]).
//! A network may also have [`KING_BUCKETS`] sets of inputs, the one a side's view reads
//! chosen by where that side's king stands ([`Inputs::king_bucket`]): the same piece on
//! the same square then weighs differently beside the king and away from it.
//!
//! Networks are learned by `ashta train-net` ([`train`]) from positions labelled by a
//! teacher and embedded per game (`crates/engine/nets/<game>.nnue`).

mod file;
pub mod train;

pub use file::write;

use ashta_rules::chess::{Kind, Position, Variant};
use ashta_rules::geometry::{Color, Square, GRID_SQUARES};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Hidden units per side of a network learned from scratch.
pub const HIDDEN: usize = 64;
/// Most hidden units per side a network may have.
pub const HIDDEN_MAX: usize = 256;
/// Pieces of one type in hand that have inputs of their own (more count as this many).
pub const HAND_MAX: usize = 18;
/// Sets of inputs of a network with king buckets: the king's rank (first, second, beyond,
/// from its own side) by its file (left of its file at the start, on it, right of it):
/// the three by three of a Xiangqi or Janggi palace; in chess and Shogi the two wings a
/// king castles to, its own file, and the king come out.
pub const KING_BUCKETS: usize = 9;
/// Scale of the first layer's integers (1.0 is this).
const QA: i32 = 255;
/// Scale of the output layer's integers.
const QB: i32 = 64;
/// Centipawns of an output of 1.0.
pub const SCALE: i32 = 400;
const KINDS: usize = ashta_rules::chess::variant::MAX_KINDS;
/// Most units a second hidden layer may have.
pub const LAYER2_MAX: usize = 64;
/// Most output buckets a network may have.
pub const BUCKETS_MAX: usize = 16;

/// The output bucket of a position with `pieces` on the board, of a game that starts with
/// `start` pieces, for a network of `buckets` buckets: the range of piece counts cut into
/// equal parts, the fullest boards in the last.
#[inline]
pub fn bucket(pieces: u32, start: u32, buckets: usize) -> usize {
    let start = start.max(1) as usize;
    (pieces.saturating_sub(1) as usize * buckets / start).min(buckets - 1)
}

/// Where a variant's inputs are: the input number of each (side seen from, owner, type,
/// square), and where the hand inputs start.
#[derive(Clone)]
pub struct Inputs {
    /// Input of a piece: `[seen from][owner][type][grid square]`.
    board: Box<[[[[u16; GRID_SQUARES]; KINDS]; 2]; 2]>,
    hand_base: usize,
    kinds: usize,
    /// Number of inputs.
    pub count: usize,
    /// Whether Black's view turns the board half round (else it mirrors it top to bottom).
    pub turns_half_round: bool,
    /// Pieces on the board at the start (the scale of the output buckets).
    pub start_pieces: u32,
    /// Sets of inputs chosen by the king's square (1, or [`KING_BUCKETS`]).
    pub king_buckets: usize,
    /// Inputs of one set (`count` where there is one).
    pub per_bucket: usize,
    files: usize,
    ranks: usize,
    /// The king's file at the start, from its own side (each side's is the same).
    king_file: usize,
}

impl Inputs {
    /// The inputs of variant `v`.
    pub fn of(v: &'static Variant) -> Inputs {
        let shape = v.shape();
        let (files, ranks) = (usize::from(shape.files), usize::from(shape.ranks));
        let squares = files * ranks;
        let kinds = v.kinds();
        let rotate = start_is_rotation(v);
        let start_pieces = ashta_rules::chess::ChessGame::new(v)
            .position()
            .occupied()
            .count();
        let mut board = Box::new([[[[0u16; GRID_SQUARES]; KINDS]; 2]; 2]);
        for seen in Color::BOTH {
            for owner in Color::BOTH {
                let rel = usize::from(owner != seen);
                for k in 0..kinds {
                    for sq in shape.squares() {
                        let (mut f, mut r) = (usize::from(sq.file()), usize::from(sq.rank()));
                        if seen == Color::Black {
                            r = ranks - 1 - r;
                            if rotate {
                                f = files - 1 - f;
                            }
                        }
                        let i = (rel * kinds + k) * squares + r * files + f;
                        board[seen.index()][owner.index()][k][sq.index()] = i as u16;
                    }
                }
            }
        }
        let hand_base = 2 * kinds * squares;
        let count = hand_base
            + if v.keeps_hands() {
                2 * kinds * HAND_MAX
            } else {
                0
            };
        Inputs {
            board,
            hand_base,
            kinds,
            count,
            turns_half_round: rotate,
            start_pieces,
            king_buckets: 1,
            per_bucket: count,
            files,
            ranks,
            king_file: ashta_rules::chess::ChessGame::new(v)
                .position()
                .king_square(Color::White)
                .map_or(files / 2, |sq| usize::from(sq.file())),
        }
    }

    /// The inputs of variant `v` in `n` sets chosen by the king's square (1 or
    /// [`KING_BUCKETS`]; any other number is taken as 1).
    pub fn with_king_buckets(v: &'static Variant, n: usize) -> Inputs {
        let mut inp = Inputs::of(v);
        if n == KING_BUCKETS {
            inp.king_buckets = n;
            inp.count = inp.per_bucket * n;
        }
        inp
    }

    /// The first input of the set that `seen`'s view of `pos` (mirrored left to right
    /// with `mirror`) reads: 0 without king buckets or without a single king on the board.
    #[inline]
    pub fn king_bucket(&self, pos: &Position, seen: Color, mirror: bool) -> usize {
        if self.king_buckets == 1 {
            return 0;
        }
        let Some(sq) = pos.king_square(seen) else {
            return 0;
        };
        let (mut f, mut r) = (usize::from(sq.file()), usize::from(sq.rank()));
        if mirror {
            f = self.files - 1 - f;
        }
        if seen == Color::Black {
            r = self.ranks - 1 - r;
            if self.turns_half_round {
                f = self.files - 1 - f;
            }
        }
        let file_band = match f.cmp(&self.king_file) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Greater => 2,
        };
        (r.min(2) * 3 + file_band) * self.per_bucket
    }

    /// The input of a piece of `owner` and type `k` on grid square `sq`, seen from `seen`.
    #[inline]
    pub fn piece(&self, seen: Color, owner: Color, k: usize, sq: usize) -> usize {
        usize::from(self.board[seen.index()][owner.index()][k][sq])
    }

    /// The input of the `i`-th (from 0) piece of type `k` in `owner`'s hand, seen from `seen`.
    #[inline]
    pub fn hand(&self, seen: Color, owner: Color, k: usize, i: usize) -> usize {
        let rel = usize::from(owner != seen);
        self.hand_base + (rel * self.kinds + k) * HAND_MAX + i
    }

    /// Calls `f` with every input of `pos` seen from `seen`.
    pub fn active(&self, pos: &Position, seen: Color, f: impl FnMut(usize)) {
        self.active_mirrored(pos, seen, false, f);
    }

    /// Calls `f` with every input of `pos`, or of its mirror image left to right, seen
    /// from `seen`.
    pub fn active_mirrored(
        &self,
        pos: &Position,
        seen: Color,
        mirror: bool,
        mut f: impl FnMut(usize),
    ) {
        let files = pos.variant().shape().files;
        let at = self.king_bucket(pos, seen, mirror);
        for owner in Color::BOTH {
            for k in 0..self.kinds {
                for sq in pos.pieces(owner, k as Kind) {
                    let sq = if mirror {
                        Square::new(files - 1 - sq.file(), sq.rank()).unwrap_or(sq)
                    } else {
                        sq
                    };
                    f(at + self.piece(seen, owner, k, sq.index()));
                }
                let n = usize::from(pos.in_hand(owner, k as Kind)).min(HAND_MAX);
                for i in 0..n {
                    f(at + self.hand(seen, owner, k, i));
                }
            }
        }
    }
}

/// Whether the start position is a half turn of itself rather than a mirror image (so
/// that Black's view of the board is best turned round, not only flipped).
fn start_is_rotation(v: &'static Variant) -> bool {
    let start = ashta_rules::chess::ChessGame::new(v);
    let pos = start.position();
    let shape = v.shape();
    let mut mirror = true;
    for sq in shape.squares() {
        let flipped = Square::new(sq.file(), shape.ranks - 1 - sq.rank()).expect("on the board");
        for k in 0..v.kinds() as Kind {
            let white_here = pos.pieces(Color::White, k).has(sq);
            let black_there = pos.pieces(Color::Black, k).has(flipped);
            if white_here != black_there {
                mirror = false;
            }
        }
    }
    !mirror
}

/// A network's weights in the integers the evaluation uses.
pub struct Net {
    /// The variant's inputs.
    pub inputs: Inputs,
    /// Hidden units per side.
    width: usize,
    /// First layer: a row of `width` per input, one after another.
    w1: Vec<i16>,
    b1: Vec<i16>,
    /// Output weights of each bucket (`2 * width` each): the side to move's units, then
    /// the other side's (none with a second layer).
    w2: Vec<Vec<i16>>,
    /// Output bias of each bucket.
    b2: Vec<i32>,
    /// A second hidden layer between the first and the output, if the network has one.
    layer2: Option<Layer2>,
    /// Whether each hidden unit is squared after clipping (the output reads `c * c`
    /// rather than `c`, `c` the unit clipped to 0..1).
    squared: bool,
}

/// A second hidden layer, in floats: each unit reads both sides' first-layer units
/// (clipped to 0..1, the side to move's first), is clipped to 0..1 and feeds the output.
struct Layer2 {
    /// The weights a row per first-layer unit (`2 * width` rows of one weight per
    /// second-layer unit), so that a first-layer unit adds its row to the sums.
    by_input: Vec<f32>,
    b: Vec<f32>,
    /// Output weights and bias.
    out: Vec<f32>,
    out_bias: f32,
}

/// A first-layer unit's value, clipped to 0..1.
#[inline]
fn unit_value(a: i16) -> f32 {
    f32::from(a.clamp(0, QA as i16)) * (1.0 / QA as f32)
}

impl Layer2 {
    /// The output (1.0 = `SCALE` centipawns) from the first layer's units, for a layer of
    /// `N` units (the size known at compile time, so that the sums run in vectors).
    #[inline]
    fn output<const N: usize>(&self, own: &[i16], other: &[i16]) -> f32 {
        let mut z = [0f32; N];
        z.copy_from_slice(&self.b);
        for (a, row) in own.iter().chain(other).zip(self.by_input.chunks_exact(N)) {
            let x = unit_value(*a);
            let row: &[f32; N] = row.try_into().expect("rows of N");
            for o in 0..N {
                z[o] += x * row[o];
            }
        }
        self.read_out(&z)
    }

    /// [`Layer2::output`] for a layer of any size.
    fn output_any(&self, own: &[i16], other: &[i16]) -> f32 {
        let mut z = self.b.clone();
        for (a, row) in own
            .iter()
            .chain(other)
            .zip(self.by_input.chunks_exact(z.len()))
        {
            let x = unit_value(*a);
            for (z, w) in z.iter_mut().zip(row) {
                *z += x * w;
            }
        }
        self.read_out(&z)
    }

    /// The output from the layer's sums.
    #[inline]
    fn read_out(&self, z: &[f32]) -> f32 {
        let mut out = self.out_bias;
        for (z, w) in z.iter().zip(&self.out) {
            out += z.clamp(0.0, 1.0) * w;
        }
        out
    }

    /// The weights a row per second-layer unit, as they are learned and written.
    fn by_unit(&self) -> Vec<f32> {
        let n = self.b.len();
        let inputs = self.by_input.len() / n;
        let mut w = vec![0f32; self.by_input.len()];
        for (j, row) in self.by_input.chunks_exact(n).enumerate() {
            for (o, &x) in row.iter().enumerate() {
                w[o * inputs + j] = x;
            }
        }
        w
    }
}

/// The hidden layers of both sides for one position (the first `width` units of each
/// are the network's).
#[derive(Clone, PartialEq, Eq)]
pub struct Accumulator {
    v: [[i16; HIDDEN_MAX]; 2],
}

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator {
            v: [[0; HIDDEN_MAX]; 2],
        }
    }
}

/// Adds (or with `SUB` subtracts) `row` to the first units of `acc`.
#[inline(always)]
fn apply<const SUB: bool>(acc: &mut [i16], row: &[i16]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = if SUB {
            a.wrapping_sub(*w)
        } else {
            a.wrapping_add(*w)
        };
    }
}

/// Adds (or subtracts) a row of weights to the units of its width, the common widths
/// as constant lengths so that the sums run in vectors.
#[inline]
fn apply_row<const SUB: bool>(acc: &mut [i16; HIDDEN_MAX], row: &[i16]) {
    match row.len() {
        64 => apply::<SUB>(&mut acc[..64], &row[..64]),
        128 => apply::<SUB>(&mut acc[..128], &row[..128]),
        256 => apply::<SUB>(&mut acc[..256], &row[..256]),
        n => apply::<SUB>(&mut acc[..n], row),
    }
}

/// The output layer's sum over the clipped units of both sides (`w`: the side to move's
/// weights, then the other side's).
#[inline(always)]
fn dot_with(own: &[i16], other: &[i16], w: &[i16]) -> i32 {
    let (w_own, w_other) = w.split_at(own.len());
    let mut sum = 0i32;
    for (x, w) in own.iter().zip(w_own) {
        sum += i32::from((*x).clamp(0, QA as i16)) * i32::from(*w);
    }
    for (x, w) in other.iter().zip(w_other) {
        sum += i32::from((*x).clamp(0, QA as i16)) * i32::from(*w);
    }
    sum
}

/// `sum` of both sides' units and the output weights, the common widths as constant
/// lengths so that the sums run in vectors.
#[inline(always)]
fn at_width<T>(own: &[i16], other: &[i16], w: &[i16], sum: fn(&[i16], &[i16], &[i16]) -> T) -> T {
    match own.len() {
        64 => sum(&own[..64], &other[..64], &w[..128]),
        128 => sum(&own[..128], &other[..128], &w[..256]),
        256 => sum(&own[..256], &other[..256], &w[..512]),
        _ => sum(own, other, w),
    }
}

/// The output layer's sum over the clipped and squared units of both sides, in units of
/// `QA * QA * QB` (floats: the squares overflow 32-bit integer sums).
#[inline(always)]
fn dot_squared_with(own: &[i16], other: &[i16], w: &[i16]) -> f32 {
    let (w_own, w_other) = w.split_at(own.len());
    // eight sums side by side, so that they run in one vector register
    let mut lanes = [0f32; 8];
    let mut rest = 0f32;
    for (x, w) in [(own, w_own), (other, w_other)] {
        let (xs, ws) = (x.chunks_exact(8), w.chunks_exact(8));
        for (x, w) in xs.remainder().iter().zip(ws.remainder()) {
            let c = f32::from((*x).clamp(0, QA as i16));
            rest += c * c * f32::from(*w);
        }
        for (x, w) in xs.zip(ws) {
            for k in 0..8 {
                let c = f32::from(x[k].clamp(0, QA as i16));
                lanes[k] += c * c * f32::from(w[k]);
            }
        }
    }
    lanes.iter().sum::<f32>() + rest
}

impl Net {
    /// The accumulator of `pos`, summed afresh.
    pub fn refresh(&self, pos: &Position) -> Accumulator {
        let mut acc = Accumulator::default();
        for seen in Color::BOTH {
            self.refresh_view(&mut acc, pos, seen);
        }
        acc
    }

    /// Sums `seen`'s view of `pos` afresh in `acc`.
    fn refresh_view(&self, acc: &mut Accumulator, pos: &Position, seen: Color) {
        let a = &mut acc.v[seen.index()];
        a[..self.width].copy_from_slice(&self.b1);
        self.inputs
            .active(pos, seen, |i| apply_row::<false>(a, self.row(i)));
    }

    /// Hidden units per side.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Whether the hidden units are squared after clipping.
    pub fn squared(&self) -> bool {
        self.squared
    }

    /// The first-layer weights of input `i`.
    #[inline]
    fn row(&self, i: usize) -> &[i16] {
        &self.w1[i * self.width..][..self.width]
    }

    /// Sets `child` to `parent` (the accumulator of `before`) brought to `after`: the
    /// units of the network copied, then [`Net::update`].
    #[inline]
    pub fn update_from(
        &self,
        child: &mut Accumulator,
        parent: &Accumulator,
        before: &Position,
        after: &Position,
    ) {
        for (c, p) in child.v.iter_mut().zip(&parent.v) {
            c[..self.width].copy_from_slice(&p[..self.width]);
        }
        self.update(child, before, after);
    }

    /// Brings `acc`, the accumulator of `before`, to that of `after` (a position one move
    /// or a pass later): the pieces that left or reached a square and the hands that
    /// changed are found by comparing the two.
    pub fn update(&self, acc: &mut Accumulator, before: &Position, after: &Position) {
        let inp = &self.inputs;
        // each view's set of inputs; a view whose king changed sets is summed afresh
        let at = Color::BOTH.map(|seen| inp.king_bucket(after, seen, false));
        let moved = Color::BOTH.map(|seen| {
            inp.king_buckets > 1 && inp.king_bucket(before, seen, false) != at[seen.index()]
        });
        let views: &[Color] = match moved {
            [false, false] => &Color::BOTH,
            [true, false] => &[Color::Black],
            [false, true] => &[Color::White],
            [true, true] => &[],
        };
        for owner in Color::BOTH {
            for k in 0..inp.kinds {
                let (a, b) = (
                    before.pieces(owner, k as Kind),
                    after.pieces(owner, k as Kind),
                );
                if a != b {
                    for sq in a & !b {
                        for &seen in views {
                            let i = at[seen.index()] + inp.piece(seen, owner, k, sq.index());
                            apply_row::<true>(&mut acc.v[seen.index()], self.row(i));
                        }
                    }
                    for sq in b & !a {
                        for &seen in views {
                            let i = at[seen.index()] + inp.piece(seen, owner, k, sq.index());
                            apply_row::<false>(&mut acc.v[seen.index()], self.row(i));
                        }
                    }
                }
                let ha = usize::from(before.in_hand(owner, k as Kind)).min(HAND_MAX);
                let hb = usize::from(after.in_hand(owner, k as Kind)).min(HAND_MAX);
                for i in hb..ha {
                    for &seen in views {
                        let j = at[seen.index()] + inp.hand(seen, owner, k, i);
                        apply_row::<true>(&mut acc.v[seen.index()], self.row(j));
                    }
                }
                for i in ha..hb {
                    for &seen in views {
                        let j = at[seen.index()] + inp.hand(seen, owner, k, i);
                        apply_row::<false>(&mut acc.v[seen.index()], self.row(j));
                    }
                }
            }
        }
        for seen in Color::BOTH {
            if moved[seen.index()] {
                self.refresh_view(acc, after, seen);
            }
        }
    }

    /// Output buckets (1 where there is one output layer).
    pub fn buckets(&self) -> usize {
        self.w2.len().max(1)
    }

    /// The score in centipawns of `pos` for the side to move, from its accumulator.
    #[inline]
    pub fn output(&self, acc: &Accumulator, pos: &Position) -> i32 {
        let us = pos.side_to_move();
        let w = self.width;
        let (own, other) = (&acc.v[us.index()][..w], &acc.v[us.other().index()][..w]);
        if let Some(l) = &self.layer2 {
            let out = match l.b.len() {
                8 => l.output::<8>(own, other),
                16 => l.output::<16>(own, other),
                32 => l.output::<32>(own, other),
                _ => l.output_any(own, other),
            };
            return (out * SCALE as f32) as i32;
        }
        let b = match self.w2.len() {
            1 => 0,
            n => bucket(pos.occupied().count(), self.inputs.start_pieces, n),
        };
        if self.squared {
            let sum =
                at_width(own, other, &self.w2[b], dot_squared_with) / QA as f32 + self.b2[b] as f32;
            return (sum * (SCALE as f32 / (QA * QB) as f32)) as i32;
        }
        let sum = at_width(own, other, &self.w2[b], dot_with);
        ((i64::from(sum) + i64::from(self.b2[b])) * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The weights as the floats they were learned in (1.0 = one hidden unit): the first
    /// layer's rows, its biases, the second layer's (or the output's) weights and biases,
    /// and the output weights and bias after a second layer.
    pub fn weights(&self) -> Weights {
        let a = QA as f32;
        let w1 = self.w1.iter().map(|&w| f32::from(w) / a).collect();
        let b1 = self.b1.iter().map(|&b| f32::from(b) / a).collect();
        match &self.layer2 {
            Some(l) => (w1, b1, l.by_unit(), l.b.clone(), l.out.clone(), l.out_bias),
            None => {
                let w2 = (self.w2.iter().flatten())
                    .map(|&w| f32::from(w) / QB as f32)
                    .collect();
                let b2 = (self.b2.iter())
                    .map(|&b| b as f32 / (QA * QB) as f32)
                    .collect();
                (w1, b1, w2, b2, Vec::new(), 0.0)
            }
        }
    }

    /// The score of `pos` for the side to move, summed afresh.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.output(&self.refresh(pos), pos)
    }

    /// The network embedded for `v`'s game, if any (read once per variant).
    pub fn of(v: &'static Variant) -> Option<&'static Net> {
        static CACHE: OnceLock<Mutex<HashMap<usize, Option<&'static Net>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        let key = v as *const Variant as usize;
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        *map.entry(key).or_insert_with(|| {
            let bytes = embedded(v.spec.game)?;
            Net::read(v, bytes).ok().map(|n| &*Box::leak(Box::new(n)))
        })
    }
}

/// A network read from a file for variant `v` (read once per variant and file); an
/// error says why the file cannot serve.
pub fn load(v: &'static Variant, path: &std::path::Path) -> Result<&'static Net, String> {
    type Loaded = HashMap<(usize, std::path::PathBuf), &'static Net>;
    static CACHE: OnceLock<Mutex<Loaded>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (v as *const Variant as usize, path.to_path_buf());
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(net) = map.get(&key) {
        return Ok(net);
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let net = Net::read(v, &bytes).map_err(|e| {
        format!(
            "{} is not a network for {}: {e}",
            path.display(),
            v.spec.game
        )
    })?;
    let net: &'static Net = Box::leak(Box::new(net));
    map.insert(key, net);
    Ok(net)
}

/// The network file of a game, where one is embedded.
fn embedded(game: &str) -> Option<&'static [u8]> {
    Some(match game {
        "asha" => include_bytes!("../../nets/asha.nnue"),
        "shatranj" => include_bytes!("../../nets/shatranj.nnue"),
        "makruk" => include_bytes!("../../nets/makruk.nnue"),
        "shogi" => include_bytes!("../../nets/shogi.nnue"),
        "xiangqi" => include_bytes!("../../nets/xiangqi.nnue"),
        "janggi" => include_bytes!("../../nets/janggi.nnue"),
        _ => return None,
    })
}

/// A network's weights as floats: the first layer's rows and biases, the second
/// layer's (or the output's) weights and biases, the output's after a second layer.
pub type Weights = (Vec<f32>, Vec<f32>, Vec<f32>, Vec<f32>, Vec<f32>, f32);
