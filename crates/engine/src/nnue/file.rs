//! The network file format: a header naming the network's kind, its sizes, then its
//! weights as integers (floats after a second layer), little-endian ([`write`],
//! [`Net::read`]).

use super::{
    train, Inputs, Layer2, Net, BUCKETS_MAX, HIDDEN_MAX, KING_BUCKETS, LAYER2_MAX, QA, QB,
};
use ashta_rules::chess::Variant;

/// The header of a network of one output after the first layer.
const MAGIC: &[u8; 8] = b"ASHTANN1";
/// The header of a network with a second hidden layer.
const MAGIC2: &[u8; 8] = b"ASHTANN2";
/// The header of a network with output buckets.
const MAGIC3: &[u8; 8] = b"ASHTANN3";
/// The header of a network whose hidden units are squared after clipping (with output
/// buckets, one or more).
const MAGIC4: &[u8; 8] = b"ASHTANN4";

impl Net {
    /// Reads a network for variant `v` from its bytes; an error says what does not fit.
    pub fn read(v: &'static Variant, bytes: &[u8]) -> Result<Net, String> {
        let mut inputs = Inputs::of(v);
        let mut r = Reader { bytes, at: 0 };
        let (layered, bucketed, squared) = match r.take(8)? {
            m if m == MAGIC => (false, false, false),
            m if m == MAGIC2 => (true, false, false),
            m if m == MAGIC3 => (false, true, false),
            m if m == MAGIC4 => (false, true, true),
            _ => {
                return Err(
                    "not an Ashta network (no ASHTANN1, ASHTANN2, ASHTANN3 or ASHTANN4 header)"
                        .into(),
                )
            }
        };
        let (n_in, hidden, kinds) = (r.u32()? as usize, r.u32()? as usize, r.u32()? as usize);
        let l2 = if layered { r.u32()? as usize } else { 0 };
        let buckets = if bucketed { r.u32()? as usize } else { 1 };
        if !(1..=BUCKETS_MAX).contains(&buckets) {
            return Err(format!(
                "{buckets} output buckets; 1 to {BUCKETS_MAX} can be read"
            ));
        }
        if layered && !(1..=LAYER2_MAX).contains(&l2) {
            return Err(format!(
                "{l2} units in the second layer; 1 to {LAYER2_MAX} can be read"
            ));
        }
        if !(1..=HIDDEN_MAX).contains(&hidden) {
            return Err(format!(
                "{hidden} hidden units; 1 to {HIDDEN_MAX} can be read"
            ));
        }
        if n_in == inputs.count * KING_BUCKETS {
            inputs = Inputs::with_king_buckets(v, KING_BUCKETS);
        }
        if n_in != inputs.count || kinds != inputs.kinds {
            return Err(format!(
                "made for {n_in} inputs and {kinds} piece types; {} has {} (or {} with king buckets) and {}",
                v.spec.game,
                inputs.count,
                inputs.count * KING_BUCKETS,
                inputs.kinds
            ));
        }
        let mut w1 = vec![0i16; n_in * hidden];
        for w in &mut w1 {
            *w = r.i16()?;
        }
        let mut b1 = vec![0i16; hidden];
        for b in &mut b1 {
            *b = r.i16()?;
        }
        let mut w2 = vec![vec![0i16; 2 * hidden]; if layered { 0 } else { buckets }];
        let mut b2 = vec![0; buckets];
        let mut layer2 = None;
        if layered {
            let mut floats = |n: usize| -> Result<Vec<f32>, String> {
                let v = (0..n).map(|_| r.f32()).collect::<Result<Vec<_>, _>>()?;
                match v.iter().all(|x| x.is_finite()) {
                    true => Ok(v),
                    false => Err("a weight of the second layer is not a number".into()),
                }
            };
            let w = floats(2 * hidden * l2)?;
            let mut by_input = vec![0f32; w.len()];
            for (o, row) in w.chunks_exact(2 * hidden).enumerate() {
                for (j, &x) in row.iter().enumerate() {
                    by_input[j * l2 + o] = x;
                }
            }
            layer2 = Some(Layer2 {
                by_input,
                b: floats(l2)?,
                out: floats(l2)?,
                out_bias: floats(1)?[0],
            });
        } else {
            for w in w2.iter_mut().flatten() {
                *w = r.i16()?;
            }
            for b in &mut b2 {
                *b = r.u32()? as i32;
            }
        }
        if r.at != bytes.len() {
            return Err("bytes left after the network".into());
        }
        Ok(Net {
            inputs,
            width: hidden,
            w1,
            b1,
            w2,
            b2,
            layer2,
            squared,
        })
    }
}

/// A network's bytes in the file format, from the learned weights (floats, 1.0 = one
/// unit): `ASHTANN1`, inputs (the game's, or [`KING_BUCKETS`] times them: sets by the
/// king's square), hidden units and types (u32), then the first layer's rows,
/// its biases, the output weights (i16) and the output bias (i32), little-endian. With a
/// second layer, `ASHTANN2` and its number of units (u32) after the types, and after the
/// first layer the second's rows, its biases, the output weights and bias (f32). With
/// output buckets, `ASHTANN3` and their number (u32) after the types, and each bucket's
/// output weights, then each bucket's bias. With squared units, `ASHTANN4` and the
/// buckets as `ASHTANN3` (their number even where there is one).
pub fn write(inputs: &Inputs, m: &train::Model) -> Vec<u8> {
    let l2 = m.layer2();
    let buckets = m.buckets();
    let mut out = Vec::new();
    let squared = m.squared && l2 == 0;
    out.extend_from_slice(match (l2, buckets) {
        (0, _) if squared => MAGIC4,
        (0, 1) => MAGIC,
        (0, _) => MAGIC3,
        _ => MAGIC2,
    });
    for n in [inputs.count, m.width(), inputs.kinds] {
        out.extend_from_slice(&(n as u32).to_le_bytes());
    }
    if l2 > 0 {
        out.extend_from_slice(&(l2 as u32).to_le_bytes());
    } else if buckets > 1 || squared {
        out.extend_from_slice(&(buckets as u32).to_le_bytes());
    }
    let q = |x: f32, s: i32| -> i16 {
        (x * s as f32)
            .round()
            .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
    };
    for &w in &m.w1 {
        out.extend_from_slice(&q(w, QA).to_le_bytes());
    }
    for &b in &m.b1 {
        out.extend_from_slice(&q(b, QA).to_le_bytes());
    }
    if l2 > 0 {
        for &x in m.w2.iter().chain(&m.b2).chain(&m.w3).chain([&m.b3]) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        return out;
    }
    for &w in &m.w2 {
        out.extend_from_slice(&q(w, QB).to_le_bytes());
    }
    for &b in &m.b2 {
        let bq = (b * (QA * QB) as f32).round() as i32;
        out.extend_from_slice(&(bq as u32).to_le_bytes());
    }
    out
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let s = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or("the network file ends early")?;
        self.at += n;
        Ok(s)
    }
    fn u32(&mut self) -> Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn f32(&mut self) -> Result<f32, String> {
        Ok(f32::from_bits(self.u32()?))
    }
    fn i16(&mut self) -> Result<i16, String> {
        let b = self.take(2)?;
        Ok(i16::from_le_bytes([b[0], b[1]]))
    }
}
