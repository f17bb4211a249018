//! Sliding by one table look-up: what a rider reaches along a line (a ray and its
//! opposite, or one ray alone) from a square.
//!
//! The occupancy of the line's inner squares (all but the last square of each ray: what
//! lies there never changes the reach), shifted down to bit 0, holds evenly spaced bits;
//! one multiplication gathers them into the top bits of a word, in order, which index the
//! square's table. The rider's own square is set in the index when it lies between the
//! two rays, so that the bits stay evenly spaced. Every index is checked when the table
//! is built: a line whose bits cannot be gathered so is left to the ray-by-ray walk.

use super::tables::Ray;
use super::variant::Variant;
use crate::geometry::{Bitboard, Bits, Square, GRID_SQUARES};

/// Most inner squares (with the rider's own) a tabled line may have.
const MAX_BITS: u32 = 9;

/// How one square's index is formed.
#[derive(Clone, Copy, Default)]
struct Slot {
    /// The line's inner squares.
    mask: Bitboard,
    /// The rider's own square, in shifted position (0 when it is not between the rays).
    own: u64,
    /// The multiplier that gathers the bits.
    mul: u64,
    /// Where this square's entries start in the table.
    offset: u32,
    /// The lowest inner square's index (the shift down).
    shift: u8,
    /// 64 minus the index's width (the shift from the top).
    out: u8,
}

/// The reach along one line from every square, for every occupancy.
pub(crate) struct Line {
    /// The rays (one or two).
    pub(crate) rays: u16,
    slots: Box<[Slot; GRID_SQUARES]>,
    reach: Vec<Bitboard>,
}

impl Line {
    /// The table of the rays in the mask `rays` (one ray, or a ray and its opposite), if
    /// their bits can be gathered on every square.
    pub(crate) fn build(v: &Variant, rays: u16) -> Option<Line> {
        let members: Vec<&Ray> = (0..v.rays.len())
            .filter(|&r| rays >> r & 1 != 0)
            .map(|r| &v.rays[r])
            .collect();
        let mut slots = Box::new([Slot::default(); GRID_SQUARES]);
        let mut reach = Vec::new();
        for (i, slot) in slots.iter_mut().enumerate() {
            let sq = Square::from_index(i)?;
            let mut mask = Bitboard::EMPTY;
            let mut nonempty = 0;
            for ray in &members {
                let full = ray.from[i];
                if full.any() {
                    nonempty += 1;
                    // the last square along the ray
                    let last = ray.farthest(full);
                    mask |= full.without(last);
                }
            }
            let own_between = nonempty == 2 && mask.any();
            let bits_all = if own_between { mask.with(sq) } else { mask };
            let shift = bits_all.first().map_or(0, |s| s.index() as u32);
            let positions: Vec<u32> = bits_all.map(|s| s.index() as u32 - shift).collect();
            let n = positions.len() as u32;
            if n > MAX_BITS || positions.last().is_some_and(|&p| p >= 64) {
                return None;
            }
            let out = 64 - n;
            let mut mul = 0u64;
            for (j, &p) in positions.iter().enumerate() {
                let k = (out + j as u32).checked_sub(p)?;
                mul |= 1 << k;
            }
            let own = if own_between {
                1u64 << (sq.index() as u32 - shift)
            } else {
                0
            };
            *slot = Slot {
                mask,
                own,
                mul: if n == 0 { 0 } else { mul },
                offset: u32::try_from(reach.len()).ok()?,
                shift: shift as u8,
                out: if n == 0 { 0 } else { out as u8 },
            };
            // every subset of the inner squares, gathered and walked
            for subset in 0..1u64 << n {
                let mut x = 0u64;
                let mut occ = Bitboard::EMPTY;
                for (j, &p) in positions.iter().enumerate() {
                    if subset >> j & 1 != 0 {
                        x |= 1 << p;
                        occ |= Square::from_index((p + shift) as usize)?.bb();
                    }
                }
                if own_between && x & own == 0 {
                    // the rider's own square is always set in the index
                    reach.push(Bitboard::EMPTY);
                    continue;
                }
                if index(x, slot) != subset as usize {
                    return None;
                }
                reach.push(v.rides(rays, sq, occ));
            }
        }
        Some(Line { rays, slots, reach })
    }

    /// The squares reached from `sq` along the line, up to and including the first
    /// occupied square of each ray.
    #[inline(always)]
    pub(crate) fn reach<B: Bits>(&self, sq: Square, occ: B) -> B {
        let slot = &self.slots[sq.index()];
        let x = (occ & B::of(slot.mask)).word_from(slot.shift) | slot.own;
        B::of(
            self.reach
                .get(slot.offset as usize + index(x, slot))
                .copied()
                .unwrap_or_default(),
        )
    }
}

#[inline]
fn index(x: u64, slot: &Slot) -> usize {
    (x.wrapping_mul(slot.mul) >> slot.out) as usize
}

#[cfg(test)]
mod tests {
    use super::super::games::{variant, GAMES};
    use crate::geometry::{Bitboard, Square, GRID_SQUARES};

    /// Every tabled line of every game reaches what the ray-by-ray walk reaches, on every
    /// square and many occupancies.
    #[test]
    fn a_line_reaches_what_its_rays_reach() {
        let mut next = crate::test_rng(0x9e37_79b9_7f4a_7c15u64);
        let mut checked = 0;
        for game in GAMES {
            let v = variant(game.id, None, &[]).expect("the game's variant");
            for line in &v.lines {
                for i in 0..GRID_SQUARES {
                    let sq = Square::from_index(i).expect("on the grid");
                    if !v.board.has(sq) {
                        continue;
                    }
                    for _ in 0..200 {
                        // sparse and dense occupancies
                        let (a, b) = (next(), next());
                        let bits = (u128::from(a) << 64 | u128::from(b))
                            & if a & 1 == 0 {
                                u128::from(next()) * 3
                            } else {
                                !0
                            };
                        let occ = (Bitboard(bits) & v.board).with(sq);
                        assert_eq!(
                            line.reach(sq, occ),
                            v.rides(line.rays, sq, occ),
                            "{} line {:b} from {sq}",
                            game.id,
                            line.rays
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 0);
    }

    /// A piece riding in more directions than a position keeps riders for is refused
    /// with a message, not built (a nightrider and a queen: sixteen directions).
    #[test]
    fn too_many_ride_directions_are_refused() {
        use super::super::variant::{Variant, VariantError};
        let mut spec = variant("asha", None, &[]).expect("chess").spec.clone();
        let knight = spec
            .pieces
            .iter_mut()
            .find(|p| p.id == "knight")
            .expect("a knight");
        knight.betza = "NN";
        match Variant::build(spec) {
            Err(e @ VariantError::TooManyRays) => {
                assert!(e.to_string().contains("at most 8 directions"), "{e}")
            }
            Err(e) => panic!("another error: {e}"),
            Ok(_) => panic!("built with sixteen ride directions"),
        }
    }

    /// The riders of the 8x8 games, Xiangqi and Shogi slide by table on every line.
    #[test]
    fn the_usual_riders_are_tabled() {
        for id in ["asha", "shatranj", "makruk", "xiangqi", "janggi", "shogi"] {
            let v = variant(id, None, &[]).expect("the game's variant");
            for t in v.tables.iter().flatten() {
                assert_eq!(t.capture_walked, 0, "{id}: a ride walked ray by ray");
            }
            assert!(!v.lines.is_empty(), "{id} has tabled lines");
        }
    }
}
