//! The transposition table: buckets of four entries, one cache line each, replaced by
//! depth and age.

use ashta_rules::chess::Move;

/// What a stored score means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a cut-off).
    Lower,
    /// At most this score.
    Upper,
}

/// One stored search result, as read back.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Best move found, if any.
    pub best: Option<Move>,
    /// Score from the side to move (mate scores relative to this position).
    pub score: i32,
    /// The static evaluation.
    pub eval: i32,
    /// Depth searched.
    pub depth: i32,
    /// Bound type.
    pub bound: Bound,
    /// Whether the position was on a principal variation when stored.
    pub pv: bool,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u32,
    mv: u32,
    score: i16,
    eval: i16,
    depth: u8,
    /// Generation in the high six bits, bound in the low two (0: empty).
    gen_bound: u8,
    pv: bool,
}

const WAYS: usize = 4;

#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([Slot; WAYS]);

/// A fixed-size table.
pub struct Table {
    buckets: Vec<Bucket>,
    generation: u8,
}

/// Depths are stored offset so that quiescence's (down to -1) fit a byte.
const DEPTH_OFFSET: i32 = 8;

impl Table {
    /// A table of about `mb` megabytes.
    pub fn new(mb: usize) -> Table {
        let n = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(16);
        Table {
            buckets: vec![Bucket::default(); n],
            generation: 4,
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key as u32 as u64 * self.buckets.len() as u64) >> 32) as usize
    }

    /// A new search begins: older entries give way first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(4);
        if self.generation == 0 {
            self.generation = 4;
        }
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let check = (key >> 32) as u32;
        let b = &self.buckets[self.bucket(key)];
        b.0.iter()
            .find(|s| s.key == check && s.gen_bound & 3 != 0)
            .map(|s| Entry {
                best: Move::from_bits(s.mv),
                score: i32::from(s.score),
                eval: i32::from(s.eval),
                depth: i32::from(s.depth) - DEPTH_OFFSET,
                bound: match s.gen_bound & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                },
                pv: s.pv,
            })
    }

    /// Stores a result (`pv`: the position is or was on a principal variation). An entry
    /// of the same position is kept when it is deeper and the new result is not exact;
    /// otherwise the slot of least worth (shallow, old) goes.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        best: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        pv: bool,
    ) {
        let check = (key >> 32) as u32;
        let generation = self.generation;
        let i = self.bucket(key);
        let b = &mut self.buckets[i];
        let age = |s: &Slot| i32::from(generation.wrapping_sub(s.gen_bound & !3) >> 2);
        let way = match b
            .0
            .iter()
            .position(|s| s.key == check && s.gen_bound & 3 != 0)
        {
            Some(w) => {
                let old = b.0[w];
                let old_depth = i32::from(old.depth) - DEPTH_OFFSET;
                if bound != Bound::Exact && old_depth > depth + 3 && age(&old) == 0 {
                    // keep the deeper result, but learn the move
                    if let Some(m) = best {
                        b.0[w].mv = m.to_bits();
                    }
                    return;
                }
                w
            }
            None => (0..WAYS)
                .min_by_key(|&w| {
                    let s = &b.0[w];
                    if s.gen_bound & 3 == 0 {
                        i32::MIN
                    } else {
                        i32::from(s.depth) - 8 * age(s)
                    }
                })
                .unwrap_or(0),
        };
        let keep_move = b.0[way].key == check && best.is_none();
        let mv = if keep_move {
            b.0[way].mv
        } else {
            best.map_or(0, Move::to_bits)
        };
        b.0[way] = Slot {
            key: check,
            mv,
            score: score.clamp(-32_000, 32_000) as i16,
            eval: eval.clamp(-32_000, 32_000) as i16,
            depth: (depth + DEPTH_OFFSET).clamp(0, 255) as u8,
            gen_bound: generation
                | match bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
            pv,
        };
    }

    /// Permille of the first thousand slots holding an entry of the current search.
    pub fn hashfull(&self) -> u32 {
        let slots = self.buckets.iter().take(250).flat_map(|b| b.0.iter());
        let mut n = 0u32;
        let mut total = 0u32;
        for s in slots {
            total += 1;
            if s.gen_bound & 3 != 0 && s.gen_bound & !3 == self.generation {
                n += 1;
            }
        }
        (n * 1000).checked_div(total).unwrap_or(0)
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|b| *b = Bucket::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_rules::geometry::Square;

    #[test]
    fn entries_are_found_kept_and_aged_out() {
        let mut t = Table::new(1);
        let m = Move::normal(Square::new(4, 1).unwrap(), Square::new(4, 3).unwrap());
        t.store(0xABCD_0000_1234, Some(m), 55, 20, 7, Bound::Lower, true);
        let e = t.probe(0xABCD_0000_1234).unwrap();
        assert_eq!(
            (e.best, e.score, e.eval, e.depth, e.bound, e.pv),
            (Some(m), 55, 20, 7, Bound::Lower, true)
        );
        assert!(t.probe(0xABCE_0000_1234).is_none());
        // a shallower non-exact result does not replace a much deeper one
        t.store(0xABCD_0000_1234, None, -3, 20, 1, Bound::Upper, false);
        assert_eq!(t.probe(0xABCD_0000_1234).unwrap().depth, 7);
        // quiescence depths fit
        t.store(0x1111_0000_9999, None, 5, 5, -1, Bound::Exact, false);
        let e = t.probe(0x1111_0000_9999).unwrap();
        assert_eq!((e.depth, e.pv), (-1, false));
        assert!(t.hashfull() <= 1000);
        t.new_search();
        assert_eq!(t.hashfull(), 0);
        t.clear();
        assert!(t.probe(0xABCD_0000_1234).is_none());
        // four entries to a cache line
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
    }
}
