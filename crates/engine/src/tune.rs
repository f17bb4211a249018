//! Learning the evaluation's weights from labelled positions (`ashta tune`): a logistic
//! fit of the linear model of [`crate::eval`] to a blend of a teacher's scores and the
//! games' results (Texel's method, with the teacher's search as a second label).
//!
//! Each position's target is `lambda * sigmoid(score) + (1 - lambda) * result`, and the
//! model's prediction `sigmoid(eval)`, with `sigmoid(x) = 1 / (1 + 10^(-x / 400))`, so
//! that the learned weights are on the teacher's centipawn scale. The squared error is
//! minimised by Adam over the whole set, starting from the game's current weights, with
//! a small pull of the square tables toward zero (squares seldom seen stay near it).

use crate::eval::{features, Layout, Tables, Weights};
use ashta_rules::chess::{Position, Variant};

/// One labelled position, as features.
pub struct Sample {
    features: Vec<(u32, i16)>,
    phase: f32,
    target: f32,
}

/// Settings of a fit.
#[derive(Clone, Copy, Debug)]
pub struct TuneSpec {
    /// Weight of the teacher's score against the game's result in the target.
    pub lambda: f64,
    /// Passes over the data.
    pub epochs: usize,
    /// Adam's step, in centipawns.
    pub rate: f64,
    /// Pull of the square weights toward zero.
    pub l2: f64,
}

impl Default for TuneSpec {
    fn default() -> Self {
        TuneSpec {
            lambda: 0.75,
            epochs: 400,
            rate: 2.0,
            l2: 1e-7,
        }
    }
}

/// The win expectation of a score in centipawns.
pub fn sigmoid(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

/// Reads labelled positions (`FEN;score;result` lines, from White's side) of variant `v`.
/// A line that cannot be read is an error naming it.
pub fn read_samples(v: &'static Variant, text: &str, lambda: f64) -> Result<Vec<Sample>, String> {
    let layout = Layout::of(v);
    let tables = Tables::new(v, &Weights::defaults(v));
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let Some((pos, score, result)) = parse_line(v, line, n)? else {
            continue;
        };
        let (f, phase) = features(&pos, &layout, &tables);
        out.push(Sample {
            features: f,
            phase: phase as f32,
            target: (lambda * sigmoid(score) + (1.0 - lambda) * result) as f32,
        });
    }
    Ok(out)
}

/// One line of labelled positions (`FEN;score;result`, line `n` from 0): the position,
/// the score and the result, or nothing for a blank line; an error names the line.
pub fn parse_line(
    v: &'static Variant,
    line: &str,
    n: usize,
) -> Result<Option<(Position, f64, f64)>, String> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(None);
    }
    let parts: Vec<&str> = line.split(';').collect();
    let [fen, score, result] = parts[..] else {
        return Err(format!("line {}: expected FEN;score;result", n + 1));
    };
    let pos = Position::from_fen(v, fen).map_err(|e| format!("line {}: {e}", n + 1))?;
    let score: f64 = score
        .parse()
        .map_err(|_| format!("line {}: the score is a number", n + 1))?;
    let result: f64 = result
        .parse()
        .ok()
        .filter(|r: &f64| (0.0..=1.0).contains(r))
        .ok_or_else(|| format!("line {}: the result is 0, 0.5 or 1", n + 1))?;
    Ok(Some((pos, score, result)))
}

/// The model's prediction for a sample with weights `mg`, `eg`.
fn predict(s: &Sample, mg: &[f64], eg: &[f64]) -> f64 {
    let p = f64::from(s.phase);
    let (mut a, mut b) = (0.0, 0.0);
    for &(i, n) in &s.features {
        a += mg[i as usize] * f64::from(n);
        b += eg[i as usize] * f64::from(n);
    }
    a * p + b * (1.0 - p)
}

/// The mean squared error of `w` on `samples`.
pub fn error(samples: &[Sample], w: &Weights) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| (sigmoid(predict(s, &w.mg, &w.eg)) - f64::from(s.target)).powi(2))
        .sum();
    total / samples.len() as f64
}

/// Fits the weights to `samples` from `start`, calling `progress` with the epoch and the
/// error every few epochs.
pub fn fit(
    v: &Variant,
    samples: &[Sample],
    start: &Weights,
    spec: &TuneSpec,
    mut progress: impl FnMut(usize, f64),
) -> Weights {
    let mut w = start.clone();
    let n = w.layout.len();
    let ln10 = std::f64::consts::LN_10;
    // which weights may move: not the royal pieces' material (always one each side)
    let fixed: Vec<bool> = (0..n)
        .map(|i| {
            (0..w.layout.kinds).any(|k| {
                v.is_royal(k as u8) && (i == w.layout.material(k) || i == w.layout.hand(k))
            })
        })
        .collect();
    let squares: Vec<bool> = (0..n)
        .map(|i| w.layout.name(v, i).starts_with("square."))
        .collect();
    let (mut m1, mut v1) = (vec![0.0; 2 * n], vec![0.0; 2 * n]);
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let count = samples.len().max(1) as f64;
    for epoch in 1..=spec.epochs {
        let mut grad = vec![0.0; 2 * n];
        for s in samples {
            let e = predict(s, &w.mg, &w.eg);
            let p = sigmoid(e);
            // d(error)/d(eval)
            let d = 2.0 * (p - f64::from(s.target)) * p * (1.0 - p) * ln10 / 400.0;
            let ph = f64::from(s.phase);
            for &(i, c) in &s.features {
                let g = d * f64::from(c);
                grad[i as usize] += g * ph;
                grad[n + i as usize] += g * (1.0 - ph);
            }
        }
        for i in 0..2 * n {
            let j = i % n;
            if fixed[j] {
                continue;
            }
            let value = if i < n { w.mg[j] } else { w.eg[j] };
            let mut g = grad[i] / count;
            if squares[j] {
                g += spec.l2 * value;
            }
            m1[i] = b1 * m1[i] + (1.0 - b1) * g;
            v1[i] = b2 * v1[i] + (1.0 - b2) * g * g;
            let mh = m1[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v1[i] / (1.0 - b2.powi(epoch as i32));
            let step = spec.rate * mh / (vh.sqrt() + eps);
            if i < n {
                w.mg[j] -= step;
            } else {
                w.eg[j] -= step;
            }
        }
        if epoch % 25 == 0 || epoch == spec.epochs {
            progress(epoch, error(samples, &w));
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_rules::chess::variant;

    #[test]
    fn a_fit_learns_a_piece_value_from_labels() {
        // White a knight up scores +300, a knight down -300: the knight's value is found
        let v = variant("asha", None, &[]).unwrap();
        let mut text = String::new();
        let up = [
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2K3 w - - 0 1",
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2K3 b - - 0 1",
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/6NK w - - 0 1",
            "4k3/pppppppp/8/8/3N4/8/PPPPPPPP/7K b - - 0 1",
        ];
        for fen in up {
            text += &format!("{fen};300;1\n");
            // the mirror: Black a knight up
            let mirrored = mirror(fen);
            text += &format!("{mirrored};-300;0\n");
        }
        let samples = read_samples(v, &text, 1.0).unwrap();
        let mut start = Weights::defaults(v);
        let knight = start
            .layout
            .material(v.kind_of_id("knight").unwrap() as usize);
        start.mg[knight] = 100.0;
        start.eg[knight] = 100.0;
        let before = error(&samples, &start);
        let spec = TuneSpec {
            epochs: 300,
            rate: 5.0,
            ..TuneSpec::default()
        };
        let w = fit(v, &samples, &start, &spec, |_, _| {});
        assert!(
            error(&samples, &w) < before / 10.0,
            "{} {}",
            error(&samples, &w),
            before
        );
        assert!(read_samples(v, "nonsense", 1.0).is_err());
        assert!(read_samples(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1;x;1", 1.0).is_err());
        assert!(read_samples(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1;3;2", 1.0).is_err());
    }

    /// The colour-flipped FEN of a position without castling or en passant.
    fn mirror(fen: &str) -> String {
        let parts: Vec<&str> = fen.split(' ').collect();
        let board: Vec<String> = parts[0]
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if parts[1] == "w" { "b" } else { "w" };
        format!("{} {side} - - 0 1", board.join("/"))
    }
}
