//! A fitted model: the gamma of every tactical feature value and of every
//! spatial pattern, read from and written to a compact file, with a table
//! that finds a pattern by its plain hash in any of its eight symmetric
//! forms.
//!
//! The file (little-endian): the magic `TYPAT1\n`, the number of tactical
//! ids (u32) and their gammas (f32 each), the number of offsets the
//! patterns were made with (u32, for a check), the number of patterns
//! (u32), then for each pattern its size index (u8), its points' colour
//! codes packed four to a byte, and its gamma (f32).

use super::spatial::{self, SIZES};
use super::{tactics, Recent, Tactics, TACTICAL_IDS};
use crate::board::{Board, Color, Point};

const MAGIC: &[u8] = b"TYPAT1\n";

/// One spatial pattern of a model.
#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    /// Index of its size (`spatial::MIN_SIZE + size`).
    pub size: u8,
    /// The colour codes of its points, nearest first.
    pub points: Vec<u8>,
    pub gamma: f32,
}

/// A model: gammas for the tactical feature values and the patterns.
#[derive(Clone, Debug)]
pub struct Model {
    tactical: Vec<f32>,
    patterns: Vec<Pattern>,
    /// The patterns' gammas in one dense array, read at every rating.
    gammas: Vec<f32>,
    /// Every symmetric plain hash of every pattern, with its size.
    index: PatternIndex,
}

/// Finds a pattern by its size index and plain hash with one memory read:
/// an open-addressed table (linear probing, at most two fifths full) of
/// 64-bit slots, each the high half of the key (the hash mixed with its
/// size) and the pattern's number plus one (0: an empty slot). The probe
/// starts at the key's low bits and matches on its high 32, so a pattern
/// the model lacks is taken for another about once in 2^32 lookups (each
/// a few slots long). A `HashMap` compares whole keys but costs two cache
/// misses a lookup (its control bytes and its slot); this costs one. Rating
/// every move of every new tree node is where the search spends most of
/// its time outside the playouts (docs/PERFORMANCE.md).
#[derive(Clone, Debug)]
struct PatternIndex {
    slots: Vec<u64>,
    mask: usize,
}

impl PatternIndex {
    fn with_entries(n: usize) -> PatternIndex {
        let len = (n * 5 / 2).next_power_of_two().max(1024);
        PatternIndex {
            slots: vec![0; len],
            mask: len - 1,
        }
    }

    /// The key of the pattern of size index `k` with plain hash `h`.
    fn key(k: usize, h: u64) -> u64 {
        h ^ (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Record pattern `i` under size `k` and hash `h`; a later pattern
    /// with the same key replaces the earlier one, as `HashMap::insert`.
    fn insert(&mut self, k: usize, h: u64, i: u32) {
        let (s, check) = self.probe(k, h);
        self.slots[s] = check << 32 | (i as u64 + 1);
    }

    fn get(&self, k: usize, h: u64) -> Option<u32> {
        match self.slots[self.probe(k, h).0] {
            0 => None,
            slot => Some(slot as u32 - 1),
        }
    }

    /// The slot of size `k` and hash `h` (the one that holds it, or the
    /// empty one that ends its probe) and the key's check.
    fn probe(&self, k: usize, h: u64) -> (usize, u64) {
        let key = Self::key(k, h);
        let check = key >> 32;
        let mut s = key as usize & self.mask;
        loop {
            let slot = self.slots[s];
            if slot == 0 || slot >> 32 == check {
                return (s, check);
            }
            s = (s + 1) & self.mask;
        }
    }
}

impl Model {
    pub fn new(tactical: Vec<f32>, patterns: Vec<Pattern>) -> Model {
        assert_eq!(tactical.len(), TACTICAL_IDS as usize);
        let mut index = PatternIndex::with_entries(patterns.len() * 8);
        for (i, p) in patterns.iter().enumerate() {
            for h in spatial::symmetric_hashes(&p.points, p.size as usize) {
                index.insert(p.size as usize, h, i as u32);
            }
        }
        let gammas = patterns.iter().map(|p| p.gamma).collect();
        Model {
            tactical,
            patterns,
            gammas,
            index,
        }
    }

    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// The gamma of tactical feature `id`.
    pub fn tactical_gamma(&self, id: u32) -> f32 {
        self.tactical[id as usize]
    }

    /// The largest pattern of the model around `p` for `c` to move.
    pub fn spatial(&self, board: &Board, c: Color, p: Point) -> Option<u32> {
        self.spatial_in(&spatial::Codes::new(board, c), board, p)
    }

    /// The gamma of the pattern of size index `k` with plain hash `h`, if
    /// the model knows it.
    pub fn pattern_gamma(&self, k: usize, h: u64) -> Option<f32> {
        self.index.get(k, h).map(|i| self.gammas[i as usize])
    }

    /// [`Model::spatial`] with the colour codes of the position made once.
    pub fn spatial_in(&self, codes: &spatial::Codes, board: &Board, p: Point) -> Option<u32> {
        codes.largest_known(board, p, |k, h| self.index.get(k, h))
    }

    /// [`Model::strength`] with the colour codes of the position (for `c`
    /// to move) made once: for rating every move of a position.
    pub fn strength_in(
        &self,
        codes: &spatial::Codes,
        board: &mut Board,
        c: Color,
        p: Point,
        recent: Recent,
    ) -> f64 {
        let t = tactics(board, c, p, recent);
        let pattern = self.spatial_in(codes, board, p);
        self.strength_of(&t, pattern)
    }

    /// The strength of a move with these features: the product of their
    /// gammas.
    pub fn strength_of(&self, t: &Tactics, pattern: Option<u32>) -> f64 {
        let mut s = 1.0f64;
        for id in t.ids() {
            s *= self.tactical[id as usize] as f64;
        }
        if let Some(i) = pattern {
            s *= self.gammas[i as usize] as f64;
        }
        s
    }

    /// The strength of `c` playing the legal move `p` after the `recent`
    /// moves.
    pub fn strength(&self, board: &mut Board, c: Color, p: Point, recent: Recent) -> f64 {
        let codes = spatial::Codes::new(board, c);
        self.strength_in(&codes, board, c, p, recent)
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend((self.tactical.len() as u32).to_le_bytes());
        for g in &self.tactical {
            out.extend(g.to_le_bytes());
        }
        out.extend((spatial::offsets_len() as u32).to_le_bytes());
        out.extend((self.patterns.len() as u32).to_le_bytes());
        for p in &self.patterns {
            out.push(p.size);
            for chunk in p.points.chunks(4) {
                let byte = chunk
                    .iter()
                    .enumerate()
                    .fold(0u8, |b, (i, &c)| b | (c & 3) << (2 * i));
                out.push(byte);
            }
            out.extend(p.gamma.to_le_bytes());
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Model, String> {
        let mut r = Reader { bytes, pos: 0 };
        if r.take(MAGIC.len())? != MAGIC {
            return Err("not a tianyuan patterns file".into());
        }
        let n = r.u32()?;
        if n != TACTICAL_IDS {
            return Err(format!(
                "{n} tactical features, this build has {TACTICAL_IDS}"
            ));
        }
        let tactical = (0..n).map(|_| r.f32()).collect::<Result<Vec<_>, _>>()?;
        let offsets = r.u32()? as usize;
        if offsets != spatial::offsets_len() {
            return Err(format!(
                "patterns made with {offsets} offsets, this build has {}",
                spatial::offsets_len()
            ));
        }
        let count = r.u32()? as usize;
        let mut patterns = Vec::with_capacity(count.min(1 << 22));
        for _ in 0..count {
            let size = r.take(1)?[0];
            if size as usize >= SIZES {
                return Err(format!("pattern size index {size}"));
            }
            let len = spatial::points_within(size as usize);
            let packed = r.take(len.div_ceil(4))?;
            let points = (0..len)
                .map(|i| packed[i / 4] >> (2 * (i % 4)) & 3)
                .collect();
            let gamma = r.f32()?;
            patterns.push(Pattern {
                size,
                points,
                gamma,
            });
        }
        if r.pos != bytes.len() {
            return Err("trailing bytes after the patterns".into());
        }
        Ok(Model::new(tactical, patterns))
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or("the patterns file ends early")?;
        let s = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(s)
    }
    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().unwrap()))
    }
    fn f32(&mut self) -> Result<f32, String> {
        let g = f32::from_le_bytes(self.take(4)?.try_into().unwrap());
        if g.is_finite() && g > 0.0 {
            Ok(g)
        } else {
            Err(format!("gamma {g}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::KeyMap;

    #[test]
    fn a_model_survives_its_file_and_finds_patterns_in_any_orientation() {
        let p = |s: &str| Point::parse(s, 9).unwrap();
        let mut b = Board::new(9);
        b.play(Color::Black, p("C3")).unwrap();
        b.play(Color::White, p("D3")).unwrap();
        // The pattern around C4 in sizes 0 to 2 (a model holds every
        // smaller pattern of the ones it holds).
        let patterns = (0..3)
            .map(|k| Pattern {
                size: k as u8,
                points: spatial::pattern_points(&b, Color::Black, p("C4"), k),
                gamma: 1.5 + k as f32,
            })
            .collect();
        let tactical = (0..TACTICAL_IDS).map(|i| 1.0 + i as f32 / 10.0).collect();
        let model = Model::new(tactical, patterns);
        let bytes = model.to_bytes();
        let back = Model::from_bytes(&bytes).unwrap();
        assert_eq!(back.patterns(), model.patterns());
        assert_eq!(back.tactical_gamma(5), model.tactical_gamma(5));
        // The mirror image, in the other corner, is the same pattern.
        let mut m = Board::new(9);
        m.play(Color::Black, p("G3")).unwrap();
        m.play(Color::White, p("F3")).unwrap();
        assert_eq!(back.spatial(&m, Color::Black, p("G4")), Some(2));
        assert_eq!(back.spatial(&m, Color::White, p("G4")), None);
        assert_eq!(back.spatial(&m, Color::Black, p("E5")), None);
        // Damaged files are refused.
        assert!(Model::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Model::from_bytes(b"TYPAT1\n").is_err());
        assert!(Model::from_bytes(b"hello").is_err());
    }

    #[test]
    fn the_index_finds_what_a_hash_map_finds() {
        // Every symmetric hash of every shipped pattern, as the plain map
        // the index replaced kept them: (size, pattern), the last insert
        // winning.
        let model = crate::patterns::shipped();
        let mut map: KeyMap<(u8, u32)> = KeyMap::default();
        for (i, p) in model.patterns().iter().enumerate() {
            for h in spatial::symmetric_hashes(&p.points, p.size as usize) {
                map.insert(h, (p.size, i as u32));
            }
        }
        for (&h, &(size, i)) in &map {
            assert_eq!(model.index.get(size as usize, h), Some(i));
            // Another size with the same hash is another pattern.
            let other = (size as usize + 1) % SIZES;
            assert_eq!(model.index.get(other, h), None);
        }
        // Hashes of no pattern are not found.
        let mut x = 0x1234_5678_9ABC_DEF0u64;
        for _ in 0..100_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if !map.contains_key(&x) {
                assert_eq!(model.index.get(3, x), None);
            }
        }
    }
}
