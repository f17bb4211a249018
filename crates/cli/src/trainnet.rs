//! `ashta train-net`: a game's network evaluation learned from labelled positions.

use anyhow::{anyhow, Context, Result};
use ashta_engine::nnue::{self, train};
use ashta_rules::chess::Variant;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Reads the positions in `data`, trains a network on them and writes it to `out`.
pub fn run(
    v: &'static Variant,
    data: &[PathBuf],
    out: &Path,
    lambda: f64,
    mirrors: bool,
    from: Option<&Path>,
    spec: &train::TrainSpec,
) -> Result<()> {
    let started = Instant::now();
    // the network learned on, and its sets of inputs by the king's square
    let (start, had) = match from {
        Some(path) => {
            let net = nnue::load(v, path).map_err(|e| anyhow!("{e}"))?;
            let mut m = train::Model::of_net(net);
            if spec.layer2 > 0 && m.layer2() != spec.layer2 {
                // a second layer of the size asked for, fresh, on the first layer learned
                let fresh = train::Model::with_width(
                    m.w1.len() / m.width(),
                    m.width(),
                    spec.layer2,
                    spec.seed,
                );
                (m.w2, m.b2, m.w3, m.b3) = (fresh.w2, fresh.b2, fresh.w3, fresh.b3);
            }
            (Some(m), net.inputs.king_buckets)
        }
        None => (None, 1),
    };
    let mut text = String::new();
    for path in data {
        let t =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        text.push_str(&t);
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    // the king buckets asked for, or those of the network learned on
    let king_buckets = match spec.king_buckets {
        0 => had,
        n => n,
    };
    anyhow::ensure!(
        king_buckets >= had,
        "the network learned on has {had} sets of inputs by the king's square; it keeps them"
    );
    let inputs = nnue::Inputs::with_king_buckets(v, king_buckets);
    let samples =
        train::read_samples(v, &inputs, &text, lambda, mirrors).map_err(|e| anyhow!("{e}"))?;
    drop(text);
    anyhow::ensure!(!samples.is_empty(), "no positions in the data");
    let start = start.map(|m| m.with_king_buckets(inputs.per_bucket, inputs.king_buckets));
    let start = train::starting_model(&inputs, spec, start);
    let buckets = match spec.buckets {
        0 => start.buckets(),
        n => n,
    };
    println!(
        "{} positions, {} inputs{}, {} hidden units a side{}{} (read in {:.1} s)",
        samples.len(),
        inputs.count,
        match inputs.king_buckets {
            1 => String::new(),
            n => format!(" in {n} sets by the king's square"),
        },
        start.width(),
        if start.squared { ", squared" } else { "" },
        match (start.layer2(), buckets) {
            (0, 1) => String::new(),
            (0, n) => format!(", {n} output buckets"),
            (n, _) => format!(", {n} in a second layer"),
        },
        started.elapsed().as_secs_f64()
    );
    let (model, err) = train::train(&inputs, &samples, spec, Some(start), |epoch, tr, te| {
        println!(
            "pass {epoch:3}: error {tr:.6} (held out {te:.6}), {:.0} s",
            started.elapsed().as_secs_f64()
        );
    });
    let bytes = train::to_bytes(&inputs, &model);
    nnue::Net::read(v, &bytes).map_err(|e| anyhow!("the network written does not read: {e}"))?;
    std::fs::write(out, &bytes).with_context(|| format!("writing {}", out.display()))?;
    println!(
        "held-out error {err:.6}; network written to {} ({} bytes) in {:.0} s",
        out.display(),
        bytes.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
