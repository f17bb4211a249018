//! Learning a network ([`super::Net`]) from labelled positions (`ashta train-net`).
//!
//! The positions are those `ashta tune-data` writes (`FEN;score;result`, from White's
//! side). Each target is `lambda * sigmoid(score) + (1 - lambda) * result` for the side to
//! move, with `sigmoid(x) = 1 / (1 + 10^(-x / 400))`; the prediction is the sigmoid of the
//! network's output in centipawns, and the mean squared error is minimised by Adam in
//! batches, on floats, split between threads. A share of the positions is held out and its
//! error reported after each pass, and the network of the best pass is the one kept.

use super::{Inputs, HIDDEN, HIDDEN_MAX, SCALE};
use crate::tune::sigmoid;
use ashta_rules::chess::Variant;
use ashta_rules::geometry::Color;

/// Labelled positions as the inputs each side sees.
pub struct Samples {
    /// The inputs of every sample, White's view then Black's, one after another.
    inputs: Vec<u16>,
    /// Where each sample's inputs start, and how many there are per view.
    start: Vec<(u32, u16)>,
    /// Whether White is to move.
    white: Vec<bool>,
    /// Targets for the side to move.
    target: Vec<f32>,
    /// Pieces on the board (for the output bucket).
    pieces: Vec<u8>,
    /// Pieces on the board at the game's start.
    start_pieces: u32,
}

impl Samples {
    /// Number of samples.
    pub fn len(&self) -> usize {
        self.target.len()
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.target.is_empty()
    }
}

/// Reads labelled positions of variant `v`; a line that cannot be read is an error naming it.
/// With `mirrors` each position comes twice, as it is and mirrored left to right (for games whose rules
/// do not tell the wings apart).
pub fn read_samples(
    v: &'static Variant,
    inp: &Inputs,
    text: &str,
    lambda: f64,
    mirrors: bool,
) -> Result<Samples, String> {
    let mut s = Samples {
        inputs: Vec::new(),
        start: Vec::new(),
        white: Vec::new(),
        target: Vec::new(),
        pieces: Vec::new(),
        start_pieces: inp.start_pieces,
    };
    for (n, line) in text.lines().enumerate() {
        let Some((pos, score, result)) = crate::tune::parse_line(v, line, n)? else {
            continue;
        };
        let white_target = lambda * sigmoid(score) + (1.0 - lambda) * result;
        let white = pos.side_to_move() == Color::White;
        for mirror in [false, true].into_iter().take(1 + usize::from(mirrors)) {
            let at = s.inputs.len();
            inp.active_mirrored(&pos, Color::White, mirror, |i| s.inputs.push(i as u16));
            let per_view = s.inputs.len() - at;
            inp.active_mirrored(&pos, Color::Black, mirror, |i| s.inputs.push(i as u16));
            s.start.push((at as u32, per_view as u16));
            s.white.push(white);
            s.pieces.push(pos.occupied().count().min(255) as u8);
            s.target.push(if white {
                white_target
            } else {
                1.0 - white_target
            } as f32);
        }
    }
    Ok(s)
}

/// Settings of a training run.
#[derive(Clone, Copy, Debug)]
pub struct TrainSpec {
    /// Passes over the data.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size at the start (it falls tenfold over the last third).
    pub rate: f32,
    /// Share of the positions held out to measure the error.
    pub holdout: f64,
    /// Threads.
    pub threads: usize,
    /// Seed of the starting weights and the order of the positions.
    pub seed: u64,
    /// Units of a second hidden layer (0: the first layer feeds the output).
    pub layer2: usize,
    /// Keep the first layer as it starts (learn only what comes after it).
    pub freeze_first: bool,
    /// Output buckets (0: as many as the network learned on has, or one); a network
    /// learned on with more buckets than its one starts each from it.
    pub buckets: usize,
    /// Hidden units per side (0: as many as the network learned on has, or [`HIDDEN`]);
    /// a network learned on with fewer keeps its units and gains new ones that start
    /// with no say in the output.
    pub hidden: usize,
    /// Sets of inputs chosen by the king's square (0: as many as the network learned on
    /// has, or one; else 1 or [`super::KING_BUCKETS`]); a network learned on with one
    /// starts each set as a copy of it.
    pub king_buckets: usize,
    /// Square each hidden unit after clipping it (a network learned on from one of
    /// plain clipped units starts from its weights; without a second layer only).
    pub squared: bool,
}

impl Default for TrainSpec {
    fn default() -> Self {
        TrainSpec {
            epochs: 30,
            batch: 16_384,
            rate: 0.001,
            holdout: 0.03,
            threads: 2,
            seed: 1,
            layer2: 0,
            freeze_first: false,
            buckets: 0,
            hidden: 0,
            king_buckets: 0,
            squared: false,
        }
    }
}

/// The weights being learned, as floats (1.0 = one unit of the hidden layer).
#[derive(Clone)]
pub struct Model {
    /// First layer, `inputs * width`, a row per input.
    pub w1: Vec<f32>,
    /// Its biases.
    pub b1: Vec<f32>,
    /// Second layer: a row of `2 * width` weights (side to move's units, then the
    /// other's) for each of its units, or the output weights of each bucket where there
    /// is none.
    pub w2: Vec<f32>,
    /// Its biases (the output bias of each bucket where there is no second layer).
    pub b2: Vec<f32>,
    /// Output weights of the second layer's units (none without one).
    pub w3: Vec<f32>,
    /// Output bias after a second layer.
    pub b3: f32,
    /// Whether each hidden unit is squared after clipping to 0..1 (without a second
    /// layer only).
    pub squared: bool,
}

/// ln(10) / 400 * SCALE: the output's factor inside the sigmoid.
fn out_factor() -> f32 {
    (10f64.ln() / 400.0 * f64::from(SCALE)) as f32
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// Uniform in -1..1.
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

/// What one sample's forward pass leaves for the backward one.
struct Trace {
    /// The hidden sums of both sides (side to move's first), `width` each.
    h: Vec<f32>,
    /// The second layer's sums.
    z: Vec<f32>,
}

impl Trace {
    fn new(width: usize, l2: usize) -> Trace {
        Trace {
            h: vec![0.0; 2 * width],
            z: vec![0.0; l2],
        }
    }
}

impl Model {
    /// Small random weights, with no second layer.
    pub fn new(inputs: usize, seed: u64) -> Model {
        Model::with_layer(inputs, 0, seed)
    }

    /// Small random weights, with a second layer of `l2` units (0: none).
    pub fn with_layer(inputs: usize, l2: usize, seed: u64) -> Model {
        Model::with_width(inputs, HIDDEN, l2, seed)
    }

    /// Small random weights, `width` hidden units a side, with a second layer of `l2`
    /// units (0: none).
    pub fn with_width(inputs: usize, width: usize, l2: usize, seed: u64) -> Model {
        let width = width.clamp(1, HIDDEN_MAX);
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        Model {
            w1: (0..inputs * width).map(|_| rng.unit() * 0.1).collect(),
            b1: vec![0.1; width],
            w2: (0..2 * width * l2.max(1))
                .map(|_| rng.unit() * 0.1)
                .collect(),
            b2: vec![if l2 == 0 { 0.0 } else { 0.1 }; l2.max(1)],
            w3: (0..l2).map(|_| rng.unit() * 0.5).collect(),
            b3: 0.0,
            squared: false,
        }
    }

    /// Hidden units per side.
    pub fn width(&self) -> usize {
        self.b1.len()
    }

    /// The model with `width` hidden units a side (more than it has; fewer or as many
    /// leave it as it is): its units kept, the new ones with small random input weights
    /// and no weight in the output or the second layer, so that it computes what it did.
    pub fn widen(self, width: usize, seed: u64) -> Model {
        let (old, width) = (self.width(), width.min(HIDDEN_MAX));
        if width <= old {
            return self;
        }
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut w1 = Vec::with_capacity(self.w1.len() / old * width);
        for row in self.w1.chunks_exact(old) {
            w1.extend_from_slice(row);
            w1.extend((old..width).map(|_| rng.unit() * 0.1));
        }
        let mut b1 = self.b1;
        b1.resize(width, 0.1);
        // each row of the second layer (or of an output bucket): the side to move's units,
        // then the other side's
        let mut w2 = Vec::with_capacity(self.w2.len() / old * width);
        for row in self.w2.chunks_exact(2 * old) {
            for side in row.chunks_exact(old) {
                w2.extend_from_slice(side);
                w2.resize(w2.len() + width - old, 0.0);
            }
        }
        Model { w1, b1, w2, ..self }
    }

    /// Units of the second layer (0: none).
    pub fn layer2(&self) -> usize {
        self.w3.len()
    }

    /// Output buckets (1 with a second layer).
    pub fn buckets(&self) -> usize {
        if self.layer2() == 0 {
            self.b2.len()
        } else {
            1
        }
    }

    /// The model with `n` output buckets, each a copy of the first one's output layer (a
    /// model with a second layer is returned as it is).
    pub fn with_buckets(mut self, n: usize) -> Model {
        if self.layer2() == 0 && n != self.b2.len() {
            let (w, b) = (self.w2[..2 * self.width()].to_vec(), self.b2[0]);
            self.w2 = w.repeat(n.max(1));
            self.b2 = vec![b; n.max(1)];
        }
        self
    }

    /// The output unit of sample `i` where there is no second layer.
    #[inline]
    fn bucket_of(&self, s: &Samples, i: usize) -> usize {
        match self.b2.len() {
            1 => 0,
            n => super::bucket(u32::from(s.pieces[i]), s.start_pieces, n),
        }
    }

    /// The model with `n` sets of inputs (king buckets) where it has one, each a copy of
    /// it, so that it computes what it did until the sets learn apart; a model with more
    /// than one set is returned as it is.
    pub fn with_king_buckets(mut self, inputs_per_bucket: usize, n: usize) -> Model {
        if n > 1 && self.w1.len() == inputs_per_bucket * self.width() {
            self.w1 = self.w1.repeat(n);
        }
        self
    }

    /// The model of a network already learned (to learn on from it).
    pub fn of_net(net: &super::Net) -> Model {
        let (w1, b1, w2, b2, w3, b3) = net.weights();
        Model {
            w1,
            b1,
            w2,
            b2,
            w3,
            b3,
            squared: net.squared(),
        }
    }

    /// A first-layer unit's value from its sum: clipped to 0..1, and squared in a
    /// network of squared units.
    #[inline]
    fn act(&self, a: f32) -> f32 {
        let c = a.clamp(0.0, 1.0);
        if self.squared {
            c * c
        } else {
            c
        }
    }

    /// The derivative of [`Model::act`] at `a`.
    #[inline]
    fn act_slope(&self, a: f32) -> f32 {
        match (a > 0.0 && a < 1.0, self.squared) {
            (false, _) => 0.0,
            (true, false) => 1.0,
            (true, true) => 2.0 * a,
        }
    }

    /// The output (in units of `SCALE` centipawns) of sample `i`, with the hidden layers
    /// left in `t`.
    fn forward(&self, s: &Samples, i: usize, t: &mut Trace) -> f32 {
        let (at, n) = (s.start[i].0 as usize, usize::from(s.start[i].1));
        let views = [&s.inputs[at..at + n], &s.inputs[at + n..at + 2 * n]];
        let order = if s.white[i] { [0, 1] } else { [1, 0] };
        let w = self.width();
        for (slot, &view) in order.iter().enumerate() {
            let acc = &mut t.h[slot * w..][..w];
            acc.copy_from_slice(&self.b1);
            for &f in views[view] {
                let row = &self.w1[usize::from(f) * w..][..w];
                for (a, w) in acc.iter_mut().zip(row) {
                    *a += w;
                }
            }
        }
        let x = &t.h[..];
        let unit = |o: usize| -> f32 {
            let row = &self.w2[o * 2 * w..][..2 * w];
            let mut z = self.b2[o];
            for (a, w) in x.iter().zip(row) {
                z += self.act(*a) * w;
            }
            z
        };
        if self.w3.is_empty() {
            return unit(self.bucket_of(s, i));
        }
        let mut out = self.b3;
        for o in 0..self.w3.len() {
            let z = unit(o);
            t.z[o] = z;
            out += z.clamp(0.0, 1.0) * self.w3[o];
        }
        out
    }

    /// The output of sample `i` in centipawns for the side to move.
    pub fn output(&self, s: &Samples, i: usize) -> f32 {
        let mut t = Trace::new(self.width(), self.layer2());
        self.forward(s, i, &mut t) * SCALE as f32
    }

    /// The mean squared error on samples `range`.
    pub fn error(&self, s: &Samples, idx: &[u32]) -> f64 {
        let k = out_factor();
        let mut t = Trace::new(self.width(), self.layer2());
        let mut total = 0.0;
        for &i in idx {
            let out = self.forward(s, i as usize, &mut t);
            let p = 1.0 / (1.0 + (-out * k).exp());
            total += f64::from((p - s.target[i as usize]).powi(2));
        }
        total / idx.len().max(1) as f64
    }

    /// Adds the gradient of the squared error on samples `idx` to `g`.
    fn gradient(&self, s: &Samples, idx: &[u32], g: &mut Model) {
        let k = out_factor();
        let l2 = self.layer2();
        let w = self.width();
        let mut t = Trace::new(w, l2);
        let (mut dx, mut dh) = (vec![0f32; 2 * w], vec![0f32; w]);
        // the error's derivative by each second-layer sum (by each bucket's output, without
        // a layer: zero but for the sample's bucket)
        let mut dz = vec![0f32; self.b2.len()];
        for &i in idx {
            let i = i as usize;
            let out = self.forward(s, i, &mut t);
            let p = 1.0 / (1.0 + (-out * k).exp());
            let d = 2.0 * (p - s.target[i]) * p * (1.0 - p) * k;
            if l2 == 0 {
                dz.fill(0.0);
                dz[self.bucket_of(s, i)] = d;
            } else {
                g.b3 += d;
                for (((dz, &z), gw), &w) in dz.iter_mut().zip(&t.z).zip(&mut g.w3).zip(&self.w3) {
                    *gw += d * z.clamp(0.0, 1.0);
                    *dz = if z > 0.0 && z < 1.0 { d * w } else { 0.0 };
                }
            }
            let x = &t.h[..];
            dx.fill(0.0);
            for (o, &dzo) in dz.iter().enumerate() {
                if dzo == 0.0 {
                    continue;
                }
                g.b2[o] += dzo;
                let row = &self.w2[o * 2 * w..][..2 * w];
                let grow = &mut g.w2[o * 2 * w..][..2 * w];
                for j in 0..2 * w {
                    grow[j] += dzo * self.act(x[j]);
                    dx[j] += dzo * row[j];
                }
            }
            let (at, n) = (s.start[i].0 as usize, usize::from(s.start[i].1));
            let views = [&s.inputs[at..at + n], &s.inputs[at + n..at + 2 * n]];
            let order = if s.white[i] { [0, 1] } else { [1, 0] };
            for (slot, &view) in order.iter().enumerate() {
                let acc = &t.h[slot * w..][..w];
                for j in 0..w {
                    dh[j] = self.act_slope(acc[j]) * dx[slot * w + j];
                }
                for (gb, x) in g.b1.iter_mut().zip(&dh) {
                    *gb += x;
                }
                for &f in views[view] {
                    let row = &mut g.w1[usize::from(f) * w..][..w];
                    for (gw, x) in row.iter_mut().zip(&dh) {
                        *gw += x;
                    }
                }
            }
        }
    }

    fn zero(&mut self) {
        self.w1.fill(0.0);
        self.b1.fill(0.0);
        self.w2.fill(0.0);
        self.b2.fill(0.0);
        self.w3.fill(0.0);
        self.b3 = 0.0;
    }

    fn params_mut(&mut self) -> [&mut [f32]; 6] {
        [
            &mut self.w1,
            &mut self.b1,
            &mut self.w2,
            &mut self.b2,
            &mut self.w3,
            std::slice::from_mut(&mut self.b3),
        ]
    }
}

/// Adam's moments.
struct Adam {
    m: Model,
    v: Model,
    t: i32,
}

/// The model a run of `spec` starts from: `start` (widened to `spec.hidden` units where
/// that is more), or small random weights of `spec.hidden` units (or [`HIDDEN`]).
pub fn starting_model(inputs: &Inputs, spec: &TrainSpec, start: Option<Model>) -> Model {
    let mut model = match start {
        Some(m) => m.widen(spec.hidden, spec.seed),
        None => {
            let width = if spec.hidden > 0 { spec.hidden } else { HIDDEN };
            Model::with_width(inputs.count, width, spec.layer2, spec.seed)
        }
    };
    model.squared = (model.squared || spec.squared) && model.layer2() == 0;
    model
}

/// Trains a network on `s` from `start` (or small random weights), calling `progress`
/// with the pass, the training error and the held-out error after each pass. Returns the
/// model of the pass with the lowest held-out error, and that error.
pub fn train(
    inputs: &Inputs,
    s: &Samples,
    spec: &TrainSpec,
    start: Option<Model>,
    mut progress: impl FnMut(usize, f64, f64),
) -> (Model, f64) {
    let mut rng = Rng(spec.seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
    // the last positions are held out: whole games, so that the error measures positions
    // of games never seen (a game's positions are much alike)
    let order: Vec<u32> = (0..s.len() as u32).collect();
    let held = ((s.len() as f64 * spec.holdout) as usize).min(s.len() / 2);
    let (train, test) = order.split_at(s.len() - held);
    let mut train = train.to_vec();
    let mut model = starting_model(inputs, spec, start);
    if spec.buckets > 0 {
        model = model.with_buckets(spec.buckets);
    }
    let mut zero = model.clone();
    zero.zero();
    let mut adam = Adam {
        m: zero.clone(),
        v: zero.clone(),
        t: 0,
    };
    let threads = spec.threads.max(1);
    let mut grads: Vec<Model> = (0..threads).map(|_| zero.clone()).collect();
    let mut best = (model.clone(), model.error(s, test));
    for epoch in 0..spec.epochs {
        for i in (1..train.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            train.swap(i, j);
        }
        let rate = if epoch * 3 >= spec.epochs * 2 {
            spec.rate * 0.1
        } else {
            spec.rate
        };
        for batch in train.chunks(spec.batch) {
            let part = batch.len().div_ceil(threads);
            std::thread::scope(|scope| {
                for (g, idx) in grads.iter_mut().zip(batch.chunks(part)) {
                    let m = &model;
                    scope.spawn(move || {
                        g.zero();
                        m.gradient(s, idx, g);
                    });
                }
            });
            let n = batch.len() as f32;
            let (first, rest) = grads.split_at_mut(1);
            for g in rest.iter_mut() {
                add_into(&mut first[0], g);
            }
            adam.t += 1;
            if spec.freeze_first {
                first[0].w1.fill(0.0);
                first[0].b1.fill(0.0);
            }
            step(&mut model, &mut first[0], &mut adam, rate, n);
        }
        let train_err = model.error(s, &train[..train.len().min(50_000)]);
        let test_err = model.error(s, test);
        progress(epoch + 1, train_err, test_err);
        if test_err < best.1 || test.is_empty() {
            best = (model.clone(), test_err);
        }
    }
    best
}

fn add_into(a: &mut Model, b: &mut Model) {
    for (x, y) in a.params_mut().into_iter().zip(b.params_mut()) {
        for (p, q) in x.iter_mut().zip(y.iter()) {
            *p += q;
        }
    }
}

fn step(model: &mut Model, g: &mut Model, adam: &mut Adam, rate: f32, n: f32) {
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let c1 = 1.0 - b1.powi(adam.t);
    let c2 = 1.0 - b2.powi(adam.t);
    let params = model.params_mut();
    let grads = g.params_mut();
    let ms = adam.m.params_mut();
    let vs = adam.v.params_mut();
    // the evaluation's integers: first-layer sums of some forty rows stay within i16
    let limits = [1.98f32, 1.98, 100.0, 1000.0, 100.0, 1000.0];
    for ((((p, g), m), v), limit) in params.into_iter().zip(grads).zip(ms).zip(vs).zip(limits) {
        for j in 0..p.len() {
            let gj = g[j] / n;
            m[j] = b1 * m[j] + (1.0 - b1) * gj;
            v[j] = b2 * v[j] + (1.0 - b2) * gj * gj;
            let upd = rate * (m[j] / c1) / ((v[j] / c2).sqrt() + eps);
            p[j] = (p[j] - upd).clamp(-limit, limit);
        }
    }
}

/// The network file of a model.
pub fn to_bytes(inputs: &Inputs, m: &Model) -> Vec<u8> {
    super::write(inputs, m)
}
