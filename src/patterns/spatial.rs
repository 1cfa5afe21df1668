//! Spatial patterns: the stones around a point within a growing
//! "gridcular" distance, hashed (as Pachi and Coulom's Crazy Stone do).
//!
//! The distance of an offset `(dx, dy)` is `|dx| + |dy| + max(|dx|, |dy|)`:
//! 2 for the four neighbours, 3 for the diagonals (so distance 3 is the
//! 3x3 square), 4 for the points two lines away, and so on; the shapes of
//! growing distance are nested, roughly circular diamonds. A pattern of
//! size `d` is the colour of every point within distance `d` of the
//! centre: empty, the mover's, the opponent's, or off the board. Its hash
//! is the XOR of one Zobrist key per (offset, colour), so the hashes of
//! all sizes come from one walk outwards.
//!
//! A pattern and its rotations and reflections are one pattern: the
//! *canonical* hash is the least of the eight symmetric hashes (for
//! training and the weights file); a player looks up the plain hash in a
//! table that holds all eight (see [`super::Model`]).

use crate::board::{Board, Color, Point};
use std::sync::OnceLock;

/// Smallest pattern size used: the 3x3 square.
pub const MIN_SIZE: u8 = 3;
/// Largest pattern size (gridcular distance).
pub const MAX_SIZE: u8 = 10;
/// Number of sizes, `MIN_SIZE..=MAX_SIZE`.
pub const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;

/// The colour codes of a pattern's points.
const EMPTY: usize = 0;
const OWN: usize = 1;
const OPP: usize = 2;
const OFF: usize = 3;

/// The offsets within `MAX_SIZE`, nearest first, with their distances,
/// the index of each offset's image under each of the eight symmetries,
/// and the Zobrist keys.
struct Tables {
    offsets: Vec<(i32, i32, u8)>,
    /// `sym[s][i]`: the index of the image of offset `i` under symmetry `s`.
    sym: [Vec<usize>; 8],
    /// `keys[i][colour]`.
    keys: Vec<[u64; 4]>,
    /// `end[k]`: the number of offsets within size `MIN_SIZE + k`.
    end: [usize; SIZES],
}

fn distance(dx: i32, dy: i32) -> u8 {
    let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
    (ax + ay + ax.max(ay)) as u8
}

/// The image of `(dx, dy)` under symmetry `s` (bit 0: mirror x, bit 1:
/// mirror y, bit 2: swap the axes).
fn transform(s: usize, dx: i32, dy: i32) -> (i32, i32) {
    let (mut x, mut y) = (dx, dy);
    if s & 1 != 0 {
        x = -x;
    }
    if s & 2 != 0 {
        y = -y;
    }
    if s & 4 != 0 {
        (y, x)
    } else {
        (x, y)
    }
}

/// SplitMix64: fixed keys, so that hashes (and the weights file) are the
/// same in every build.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let r = MAX_SIZE as i32;
        let mut offsets: Vec<(i32, i32, u8)> = (-r..=r)
            .flat_map(|dy| (-r..=r).map(move |dx| (dx, dy, distance(dx, dy))))
            .filter(|&(dx, dy, d)| (dx, dy) != (0, 0) && d <= MAX_SIZE)
            .collect();
        offsets.sort_by_key(|&(dx, dy, d)| (d, dy, dx));
        let index = |x: i32, y: i32| {
            offsets
                .iter()
                .position(|&(dx, dy, _)| (dx, dy) == (x, y))
                .expect("symmetric offsets are in the table")
        };
        let sym: [Vec<usize>; 8] = std::array::from_fn(|s| {
            offsets
                .iter()
                .map(|&(dx, dy, _)| {
                    let (x, y) = transform(s, dx, dy);
                    index(x, y)
                })
                .collect()
        });
        let mut state = 0x7469_616E_7975_616E; // "tianyuan"
        let keys = offsets
            .iter()
            .map(|_| std::array::from_fn(|_| splitmix(&mut state)))
            .collect();
        let end = std::array::from_fn(|k| {
            let size = MIN_SIZE + k as u8;
            offsets.iter().filter(|o| o.2 <= size).count()
        });
        Tables {
            offsets,
            sym,
            keys,
            end,
        }
    })
}

/// The colour codes of the points around `p`, for `c` to move, nearest
/// first (`out` is filled up to the offsets within `MAX_SIZE`).
fn colours(board: &Board, c: Color, p: Point, out: &mut [u8]) {
    let t = tables();
    let n = board.size() as i32;
    let (x, y) = p.xy(board.size());
    let (x, y) = (x as i32, y as i32);
    for (o, &(dx, dy, _)) in out.iter_mut().zip(&t.offsets) {
        let (qx, qy) = (x + dx, y + dy);
        *o = if qx < 0 || qy < 0 || qx >= n || qy >= n {
            OFF as u8
        } else {
            match Point::new(qx as usize, qy as usize, n as usize).and_then(|q| board.color_at(q)) {
                None => EMPTY as u8,
                Some(col) if col == c => OWN as u8,
                Some(_) => OPP as u8,
            }
        };
    }
}

/// How far an offset within `MAX_SIZE` reaches along one axis.
const REACH: usize = (MAX_SIZE / 2) as usize;
/// Side of the largest padded array of colour codes.
const PADDED: usize = crate::board::MAX_SIZE + 2 * REACH;

/// The colour codes of a whole board for one side to move, with a margin
/// of off-board codes wide enough for the largest pattern: made once for
/// a position, it lets [`Codes::largest_known`] read every point around
/// every move by array arithmetic alone.
pub struct Codes {
    side: usize,
    codes: [u8; PADDED * PADDED],
    /// The array offset of each pattern offset, nearest first.
    deltas: [isize; 512],
}

impl Codes {
    pub fn new(board: &Board, c: Color) -> Codes {
        let n = board.size();
        let side = n + 2 * REACH;
        let mut codes = [OFF as u8; PADDED * PADDED];
        for p in board.points() {
            let (x, y) = p.xy(n);
            codes[(y + REACH) * side + x + REACH] = match board.color_at(p) {
                None => EMPTY as u8,
                Some(col) if col == c => OWN as u8,
                Some(_) => OPP as u8,
            };
        }
        let t = tables();
        let mut deltas = [0isize; 512];
        for (d, &(dx, dy, _)) in deltas.iter_mut().zip(&t.offsets) {
            *d = dy as isize * side as isize + dx as isize;
        }
        Codes {
            side,
            codes,
            deltas,
        }
    }

    /// The largest pattern around `p` that `known` accepts: `known(k, hash)`
    /// is asked for size indices `k = 0, 1, ...` with the plain hash of the
    /// pattern of that size, and the walk outwards stops at the first size
    /// it refuses (a pattern is only known when every smaller one around
    /// the same point is, since each was seen at least as often). Returns
    /// what `known` gave for the last size it accepted.
    pub fn largest_known<T>(
        &self,
        board: &Board,
        p: Point,
        mut known: impl FnMut(usize, u64) -> Option<T>,
    ) -> Option<T> {
        let t = tables();
        let (x, y) = p.xy(board.size());
        let centre = ((y + REACH) * self.side + x + REACH) as isize;
        let mut h = 0u64;
        let mut best = None;
        let mut i = 0;
        for (k, &end) in t.end.iter().enumerate() {
            while i < end {
                let code = self.codes[(centre + self.deltas[i]) as usize];
                h ^= t.keys[i][code as usize];
                i += 1;
            }
            match known(k, h) {
                Some(v) => best = Some(v),
                None => break,
            }
        }
        best
    }
}

/// Number of offsets within `MAX_SIZE`.
pub fn offsets_len() -> usize {
    tables().offsets.len()
}

/// Number of points of a pattern of size index `k`.
pub fn points_within(k: usize) -> usize {
    tables().end[k]
}

/// The hashes of the patterns around `p` for `c` to move, one for each
/// size `MIN_SIZE..=MAX_SIZE`: plain (as the board stands). Play reads
/// them through [`Codes::largest_known`]; this walk over the board is the
/// tests' independent reference for it.
#[cfg(test)]
fn hashes(board: &Board, c: Color, p: Point) -> [u64; SIZES] {
    let t = tables();
    let mut cols = [0u8; 512];
    let len = t.offsets.len();
    colours(board, c, p, &mut cols[..len]);
    let mut out = [0u64; SIZES];
    let mut h = 0u64;
    let mut i = 0;
    for (k, &end) in t.end.iter().enumerate() {
        while i < end {
            h ^= t.keys[i][cols[i] as usize];
            i += 1;
        }
        out[k] = h;
    }
    out
}

/// The canonical hashes (least over the eight symmetries) of the patterns
/// around `p` for `c` to move, one for each size.
pub fn canonical_hashes(board: &Board, c: Color, p: Point) -> [u64; SIZES] {
    let t = tables();
    let mut cols = [0u8; 512];
    let len = t.offsets.len();
    colours(board, c, p, &mut cols[..len]);
    let mut out = [u64::MAX; SIZES];
    for sym in &t.sym {
        let mut h = 0u64;
        let mut i = 0;
        for (k, &end) in t.end.iter().enumerate() {
            while i < end {
                h ^= t.keys[sym[i]][cols[i] as usize];
                i += 1;
            }
            out[k] = out[k].min(h);
        }
    }
    out
}

/// The plain hash of the pattern of size index `k` whose point at offset
/// `(dx, dy)` from the centre has colour code `code(dx, dy)` (`EMPTY`,
/// `OWN`, `OPP` or `OFF`): for tables made without a board.
pub fn plain_hash(k: usize, code: impl Fn(i32, i32) -> u8) -> u64 {
    let t = tables();
    (0..t.end[k]).fold(0u64, |h, i| {
        let (dx, dy, _) = t.offsets[i];
        h ^ t.keys[i][code(dx, dy) as usize]
    })
}

/// The eight symmetric hashes of the pattern of size index `k` whose
/// points (nearest first, `EMPTY`/`OWN`/`OPP`/`OFF` codes) are `cols`.
pub fn symmetric_hashes(cols: &[u8], k: usize) -> [u64; 8] {
    let t = tables();
    std::array::from_fn(|s| {
        (0..t.end[k]).fold(0u64, |h, i| h ^ t.keys[t.sym[s][i]][cols[i] as usize])
    })
}

/// The colour codes around `p` (for the weights file, which stores each
/// pattern's points so that all its symmetric hashes can be made again).
pub fn pattern_points(board: &Board, c: Color, p: Point, k: usize) -> Vec<u8> {
    let t = tables();
    let mut cols = vec![0u8; t.offsets.len()];
    colours(board, c, p, &mut cols);
    cols.truncate(t.end[k]);
    cols
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_nest_by_gridcular_distance() {
        let t = tables();
        // The 3x3 square, then the points two lines away, and so on.
        assert_eq!(t.end[0], 8);
        assert_eq!(t.end[1], 12);
        assert!(t.end.windows(2).all(|w| w[0] < w[1]));
        assert!(t.offsets.len() < 512);
        for s in 0..8 {
            let mut seen = t.sym[s].clone();
            seen.sort_unstable();
            assert!(
                seen.iter().enumerate().all(|(i, &j)| i == j),
                "symmetry {s}"
            );
        }
    }

    /// The codes of a whole board give the same hashes as the walk over
    /// the board, for every point of random positions.
    #[test]
    fn codes_of_a_board_hash_as_the_board_does() {
        use crate::playout::{random_position, PlayoutRng};
        use rand::SeedableRng;
        let mut rng = PlayoutRng::seed_from_u64(9);
        for size in [2, 5, 9, 13, 19, 25] {
            let b = random_position(size, size * size / 2, &mut rng);
            for c in Color::BOTH {
                let codes = Codes::new(&b, c);
                for p in b.points() {
                    let all = hashes(&b, c, p);
                    let mut seen = Vec::new();
                    codes.largest_known(&b, p, |k, h| {
                        seen.push(h);
                        (k < SIZES).then_some(())
                    });
                    assert_eq!(seen, all.to_vec(), "{size} {}", p.to_gtp(size));
                }
            }
        }
    }

    #[test]
    fn symmetric_positions_have_one_canonical_hash() {
        let p = |s: &str, n| Point::parse(s, n).unwrap();
        // A shape in the lower left corner, and the same mirrored and
        // rotated into the other corners, and with colours swapped.
        let mut a = Board::new(9);
        a.play(Color::Black, p("C3", 9)).unwrap();
        a.play(Color::White, p("D3", 9)).unwrap();
        let mut b = Board::new(9);
        b.play(Color::Black, p("G3", 9)).unwrap();
        b.play(Color::White, p("F3", 9)).unwrap();
        let mut r = Board::new(9);
        r.play(Color::Black, p("C7", 9)).unwrap();
        r.play(Color::White, p("C6", 9)).unwrap();
        let mut w = Board::new(9);
        w.play(Color::White, p("C3", 9)).unwrap();
        w.play(Color::Black, p("D3", 9)).unwrap();
        let ha = canonical_hashes(&a, Color::Black, p("C4", 9));
        assert_eq!(ha, canonical_hashes(&b, Color::Black, p("G4", 9)));
        assert_eq!(ha, canonical_hashes(&r, Color::Black, p("D7", 9)));
        assert_eq!(ha, canonical_hashes(&w, Color::White, p("C4", 9)));
        // The other colour to move sees another pattern.
        assert_ne!(ha[0], canonical_hashes(&a, Color::White, p("C4", 9))[0]);
        // The plain hash is one of the eight symmetric ones.
        let cols = pattern_points(&b, Color::Black, p("G4", 9), SIZES - 1);
        let plain = hashes(&b, Color::Black, p("G4", 9));
        assert!(symmetric_hashes(&cols, SIZES - 1).contains(&plain[SIZES - 1]));
        assert_eq!(
            symmetric_hashes(&cols, SIZES - 1).iter().min(),
            Some(&ha[SIZES - 1])
        );
    }
}
