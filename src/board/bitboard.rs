//! [`Bitboard`]: a set of points of the padded grid, one bit per grid slot,
//! held in a fixed array of `u64` words (enough for the 25x25 grid).
//!
//! Neighbour operations are shifts by 1 (east/west) and by the stride
//! (north/south); callers mask the result with the board's on-board set.
//! This module knows grid indices only: no colours, strings or rules.

use super::point::{Point, ARRAY_SIZE};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Sub, SubAssign};

/// Number of `u64` words in a bitboard.
pub const WORDS: usize = ARRAY_SIZE / 64;

/// A set of grid points.
#[derive(Clone, Copy, Eq, Default)]
#[must_use]
pub struct Bitboard(pub [u64; WORDS]);

/// Word by word, without the call to `memcmp` that the derived comparison
/// of the array makes (a flood compares once a step).
impl PartialEq for Bitboard {
    #[inline]
    fn eq(&self, o: &Bitboard) -> bool {
        let mut diff = 0;
        for i in 0..WORDS {
            diff |= self.0[i] ^ o.0[i];
        }
        diff == 0
    }
}

impl Hash for Bitboard {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard([0; WORDS]);

    #[inline]
    pub const fn single(p: Point) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        b.0[p.index() / 64] = 1 << (p.index() % 64);
        b
    }

    /// All on-board points of a board of side `size`.
    pub fn on_board(size: usize) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for y in 0..size {
            for x in 0..size {
                b.insert(Point::from_xy_unchecked(x, y, size));
            }
        }
        b
    }

    #[inline]
    pub const fn contains(&self, p: Point) -> bool {
        self.0[p.index() / 64] >> (p.index() % 64) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, p: Point) {
        self.0[p.index() / 64] |= 1 << (p.index() % 64);
    }

    #[inline]
    pub fn remove(&mut self, p: Point) {
        self.0[p.index() / 64] &= !(1 << (p.index() % 64));
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest point in the set.
    #[inline]
    pub fn first(&self) -> Option<Point> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| Point::from_index(i * 64 + w.trailing_zeros() as usize))
    }

    /// Shift every bit towards higher indices by `n` (< 64 * WORDS).
    #[inline]
    pub const fn shl(&self, n: usize) -> Bitboard {
        let (words, bits) = (n / 64, n % 64);
        let mut out = [0u64; WORDS];
        let mut i = WORDS;
        while i > words {
            i -= 1;
            let src = i - words;
            let mut w = self.0[src] << bits;
            if bits > 0 && src > 0 {
                w |= self.0[src - 1] >> (64 - bits);
            }
            out[i] = w;
        }
        Bitboard(out)
    }

    /// Shift every bit towards lower indices by `n` (< 64 * WORDS).
    #[inline]
    pub const fn shr(&self, n: usize) -> Bitboard {
        let (words, bits) = (n / 64, n % 64);
        let mut out = [0u64; WORDS];
        let mut i = 0;
        while i + words < WORDS {
            let src = i + words;
            let mut w = self.0[src] >> bits;
            if bits > 0 && src + 1 < WORDS {
                w |= self.0[src + 1] << (64 - bits);
            }
            out[i] = w;
            i += 1;
        }
        Bitboard(out)
    }

    /// Points orthogonally adjacent to some point of the set (the set itself
    /// is not included unless adjacent), unmasked: may contain border slots.
    #[inline]
    pub fn neighbours(&self, stride: usize) -> Bitboard {
        debug_assert!((1..64).contains(&stride));
        let mut out = [0u64; WORDS];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.word_neighbours(i, stride as u32);
        }
        Bitboard(out)
    }

    /// Word `i` of [`Bitboard::neighbours`] for a stride `k` below 64: the
    /// word's four shifts with the carries from the words beside it, with
    /// no branch a caller's loop cannot unroll (the generic shifts cost a
    /// flood most of its time).
    #[inline]
    fn word_neighbours(&self, i: usize, k: u32) -> u64 {
        let w = self.0[i];
        let below = if i > 0 { self.0[i - 1] } else { 0 };
        let above = if i + 1 < WORDS { self.0[i + 1] } else { 0 };
        (w << 1 | below >> 63)
            | (w >> 1 | above << 63)
            | (w << k | below >> (64 - k))
            | (w >> k | above << (64 - k))
    }

    /// The set grown by one step inside `within`, plus itself.
    #[inline]
    pub fn dilate(&self, stride: usize, within: Bitboard) -> Bitboard {
        (*self | self.neighbours(stride)) & within
    }

    /// Every point of `within` connected to `self` through `within`.
    ///
    /// Grows the set word by word in place, over the words `within` uses
    /// only (a region of a 19x19 board spans a few of the eleven), and
    /// stops after a pass that adds nothing. A word grown in place is read
    /// by the next word's step at once: the set still only ever holds
    /// points connected to `self`, and reaches the same end sooner.
    pub fn flood(&self, stride: usize, within: Bitboard) -> Bitboard {
        debug_assert!((1..64).contains(&stride));
        let Some(lo) = within.0.iter().position(|&w| w != 0) else {
            return Bitboard::EMPTY;
        };
        let hi = WORDS - 1 - within.0.iter().rev().position(|&w| w != 0).unwrap_or(0);
        let k = stride as u32;
        let mut cur = *self & within;
        loop {
            let mut grew = 0;
            for i in lo..=hi {
                let w = cur.0[i];
                let grown = (w | cur.word_neighbours(i, k)) & within.0[i];
                grew |= grown ^ w;
                cur.0[i] = grown;
            }
            if grew == 0 {
                return cur;
            }
        }
    }

    #[inline]
    pub fn iter(&self) -> BitIter {
        BitIter {
            words: self.0,
            word: 0,
            remaining: self.count() as usize,
        }
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(mut self, o: Bitboard) -> Bitboard {
        self |= o;
        self
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, o: Bitboard) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a |= b;
        }
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(mut self, o: Bitboard) -> Bitboard {
        self &= o;
        self
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, o: Bitboard) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a &= b;
        }
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(mut self, o: Bitboard) -> Bitboard {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a ^= b;
        }
        self
    }
}

/// Set difference.
impl Sub for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn sub(mut self, o: Bitboard) -> Bitboard {
        self -= o;
        self
    }
}

impl SubAssign for Bitboard {
    #[inline]
    fn sub_assign(&mut self, o: Bitboard) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a &= !b;
        }
    }
}

impl IntoIterator for &Bitboard {
    type Item = Point;
    type IntoIter = BitIter;
    fn into_iter(self) -> BitIter {
        self.iter()
    }
}

impl FromIterator<Point> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for p in iter {
            b.insert(p);
        }
        b
    }
}

/// Iterator over the points of a [`Bitboard`], lowest index first.
#[derive(Clone)]
pub struct BitIter {
    words: [u64; WORDS],
    word: usize,
    remaining: usize,
}

impl Iterator for BitIter {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                self.remaining -= 1;
                return Some(Point::from_index(
                    self.word * 64 + w.trailing_zeros() as usize,
                ));
            }
            self.word += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for BitIter {}
impl std::iter::FusedIterator for BitIter {}

/// Draws the set as a grid (rows of the padded grid, `X` for members),
/// highest row first, 26 columns per row (the 25x25 stride).
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stride = Point::stride(super::point::MAX_SIZE);
        writeln!(f, "Bitboard({} points)", self.count())?;
        let last = self.iter().last().map_or(0, |p| p.index());
        for row in (0..=last / stride).rev() {
            let line: String = (0..stride)
                .map(|c| {
                    let i = row * stride + c;
                    if i < ARRAY_SIZE && self.contains(Point::from_index(i)) {
                        'X'
                    } else {
                        '.'
                    }
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cross_words() {
        let p = Point::from_index(63);
        let b = Bitboard::single(p);
        assert_eq!(b.shl(1), Bitboard::single(Point::from_index(64)));
        assert_eq!(b.shl(130), Bitboard::single(Point::from_index(193)));
        assert_eq!(b.shr(63), Bitboard::single(Point::from_index(0)));
        assert_eq!(b.shr(64), Bitboard::EMPTY);
        let top = Bitboard::single(Point::from_index(ARRAY_SIZE - 1));
        assert_eq!(top.shl(1), Bitboard::EMPTY);
        assert_eq!(
            top.shr(ARRAY_SIZE - 1),
            Bitboard::single(Point::from_index(0))
        );
    }

    #[test]
    fn neighbours_and_flood() {
        let size = 9;
        let stride = Point::stride(size);
        let on = Bitboard::on_board(size);
        assert_eq!(on.count(), 81);
        let corner = Bitboard::single(Point::new(0, 0, size).unwrap());
        assert_eq!((corner.neighbours(stride) & on).count(), 2);
        let centre = Bitboard::single(Point::new(4, 4, size).unwrap());
        assert_eq!((centre.neighbours(stride) & on).count(), 4);
        assert_eq!(corner.flood(stride, on), on);
        let pts: Vec<Point> = on.iter().collect();
        assert_eq!(pts.len(), 81);
        assert_eq!(on.iter().len(), 81);
        assert_eq!(pts.iter().copied().collect::<Bitboard>(), on);
        assert_eq!(on.first(), Point::new(0, 0, size));
        assert!(format!("{corner:?}").contains('X'));
    }

    /// A random set from a simple generator (xorshift): the same sets every
    /// run; `dense` sets about three in four bits, else one in four.
    fn random_set(x: &mut u64, dense: bool) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for w in b.0.iter_mut() {
            *x ^= *x << 13;
            *x ^= *x >> 7;
            *x ^= *x << 17;
            *w = if dense {
                *x | (*x >> 5)
            } else {
                *x & (*x >> 3)
            };
        }
        b
    }

    #[test]
    fn neighbours_are_the_four_shifts() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for stride in [2, 10, 14, 20, 26, 63] {
            for _ in 0..50 {
                let b = random_set(&mut x, false);
                let four = b.shl(1) | b.shr(1) | b.shl(stride) | b.shr(stride);
                assert_eq!(b.neighbours(stride), four, "stride {stride}");
            }
        }
    }

    #[test]
    fn flood_is_repeated_dilation() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for size in [5, 9, 13, 19, 25] {
            let stride = Point::stride(size);
            let on = Bitboard::on_board(size);
            for _ in 0..40 {
                let within = random_set(&mut x, true) & on;
                let Some(seed) = within.first() else { continue };
                let mut slow = Bitboard::single(seed);
                loop {
                    let next = slow.dilate(stride, within);
                    if next == slow {
                        break;
                    }
                    slow = next;
                }
                assert_eq!(Bitboard::single(seed).flood(stride, within), slow);
            }
        }
        assert_eq!(Bitboard::EMPTY.flood(20, Bitboard::EMPTY), Bitboard::EMPTY);
    }

    #[test]
    fn set_operators() {
        let a: Bitboard = [1, 5, 9].map(Point::from_index).into_iter().collect();
        let b: Bitboard = [5, 7].map(Point::from_index).into_iter().collect();
        assert_eq!((a | b).count(), 4);
        assert_eq!((a & b).count(), 1);
        assert_eq!((a - b).count(), 2);
        assert_eq!((a ^ b).count(), 3);
        assert!(!(a - b).contains(Point::from_index(5)));
    }
}
