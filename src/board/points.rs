//! [`PointSet`]: a few distinct points in a fixed array, for the small sets
//! that tactics and playouts gather (a string's first liberties, the heads
//! of the strings beside a point, the candidate moves around the last
//! move). Nothing allocates; a set is a handful of words on the stack.

use super::point::Point;

/// Up to `N` distinct points, in the order they were added.
#[derive(Clone, Copy, Debug)]
pub struct PointSet<const N: usize> {
    points: [Point; N],
    len: usize,
}

impl<const N: usize> Default for PointSet<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> PointSet<N> {
    /// The empty set.
    #[inline]
    pub const fn new() -> Self {
        PointSet {
            points: [Point::from_index(0); N],
            len: 0,
        }
    }

    /// Number of points in the set.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the set holds `N` points.
    #[inline]
    pub const fn is_full(&self) -> bool {
        self.len == N
    }

    /// The points, in the order they were added.
    #[inline]
    pub fn as_slice(&self) -> &[Point] {
        &self.points[..self.len]
    }

    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.as_slice().contains(&p)
    }

    /// Add `p` unless it is already there. False when it is new and the set
    /// is full (then it is not added).
    #[inline]
    pub fn insert(&mut self, p: Point) -> bool {
        if self.contains(p) {
            return true;
        }
        if self.is_full() {
            return false;
        }
        self.points[self.len] = p;
        self.len += 1;
        true
    }

    /// Add `p` when it is new and there is room: whether it was added.
    #[inline]
    pub fn add(&mut self, p: Point) -> bool {
        if self.is_full() || self.contains(p) {
            return false;
        }
        self.points[self.len] = p;
        self.len += 1;
        true
    }

    /// Add `p` unless it is already there or the set holds `limit`
    /// points (a list that takes fewer than `N`).
    #[inline]
    pub fn insert_within(&mut self, p: Point, limit: usize) {
        if self.len < limit.min(N) && !self.contains(p) {
            self.points[self.len] = p;
            self.len += 1;
        }
    }

    /// The `i`-th point added (`i < len()`).
    #[inline]
    pub fn get(&self, i: usize) -> Point {
        debug_assert!(i < self.len);
        self.points[i]
    }

    /// The two points, lower index first, when there are exactly two.
    #[inline]
    pub fn pair(&self) -> Option<[Point; 2]> {
        match *self.as_slice() {
            [a, b] => Some([a.min(b), a.max(b)]),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_set_keeps_distinct_points_up_to_its_size() {
        let p = |i| Point::new(i, 0, 9).unwrap();
        let mut s = PointSet::<3>::new();
        assert!(s.is_empty() && s.pair().is_none());
        assert!(s.insert(p(4)) && s.insert(p(2)) && s.insert(p(4)));
        assert_eq!(s.len(), 2);
        assert_eq!(s.pair(), Some([p(2), p(4)]));
        assert!(s.insert(p(7)) && s.is_full());
        assert!(!s.insert(p(8)) && s.insert(p(2)));
        assert_eq!(s.as_slice(), &[p(4), p(2), p(7)]);
        assert_eq!(s.get(2), p(7));
        let mut t = PointSet::<4>::new();
        for i in [1, 2, 1, 3] {
            t.insert_within(p(i), 2);
        }
        assert_eq!(t.as_slice(), &[p(1), p(2)]);
        assert!(t.add(p(3)) && !t.add(p(3)) && t.add(p(4)) && !t.add(p(5)));
        assert!(s.contains(p(2)) && !s.contains(p(8)));
    }
}
