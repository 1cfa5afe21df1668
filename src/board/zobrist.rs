//! Zobrist keys: one 64-bit constant per (colour, grid point). Built at compile time from a
//! fixed splitmix64 sequence, so hashes are the same in every run.

use super::point::{Color, Point, ARRAY_SIZE};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build() -> [[u64; ARRAY_SIZE]; 2] {
    let mut keys = [[0u64; ARRAY_SIZE]; 2];
    let mut state = 0x7469_616e_7975_616e; // "tianyuan"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < ARRAY_SIZE {
            let (s, z) = splitmix64(state);
            state = s;
            keys[c][i] = z;
            i += 1;
        }
        c += 1;
    }
    keys
}

static KEYS: [[u64; ARRAY_SIZE]; 2] = build();

/// The key of a stone of colour `c` on `p`.
#[inline]
pub fn key(c: Color, p: Point) -> u64 {
    KEYS[c.index()][p.index()]
}

/// A hasher for keys that are already random (Zobrist hashes and keys mixed
/// from them): the key is its own hash.
#[derive(Default)]
pub struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A map on Zobrist keys, without SipHash's cost.
pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<PassThrough>>;
