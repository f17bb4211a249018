//! Zobrist keys, built at compile time from a fixed seed.

use super::variant::MAX_KINDS;
use crate::geometry::GRID_SQUARES;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Number of piece codes (kind and colour).
pub(crate) const CODES: usize = MAX_KINDS * 2;

pub(crate) struct Keys {
    pub(crate) piece: [[u64; GRID_SQUARES]; CODES],
    pub(crate) rights: [u64; GRID_SQUARES],
    pub(crate) ep: [u64; GRID_SQUARES],
    pub(crate) hand: [[u64; 32]; CODES],
    pub(crate) side: u64,
    pub(crate) leap: [u64; 2],
    pub(crate) phase: [u64; 64],
}

const fn build() -> Keys {
    let mut k = Keys {
        piece: [[0; GRID_SQUARES]; CODES],
        rights: [0; GRID_SQUARES],
        ep: [0; GRID_SQUARES],
        hand: [[0; 32]; CODES],
        side: 0,
        leap: [0; 2],
        phase: [0; 64],
    };
    let mut st = 0x0A57_A000_C0DE_5EEDu64;
    let mut c = 0;
    while c < CODES {
        let mut s = 0;
        while s < GRID_SQUARES {
            let (n, v) = splitmix(st);
            st = n;
            k.piece[c][s] = v;
            s += 1;
        }
        let mut h = 0;
        while h < 32 {
            let (n, v) = splitmix(st);
            st = n;
            k.hand[c][h] = v;
            h += 1;
        }
        c += 1;
    }
    let mut s = 0;
    while s < GRID_SQUARES {
        let (n, v) = splitmix(st);
        let (n2, w) = splitmix(n);
        st = n2;
        k.rights[s] = v;
        k.ep[s] = w;
        s += 1;
    }
    let (n, v) = splitmix(st);
    k.side = v;
    let (n, v) = splitmix(n);
    k.leap[0] = v;
    let (mut n, v) = splitmix(n);
    k.leap[1] = v;
    let mut p = 0;
    while p < 64 {
        let (m, v) = splitmix(n);
        n = m;
        k.phase[p] = v;
        p += 1;
    }
    k
}

pub(crate) static KEYS: Keys = build();
