//! The board's list of strings left in atari, which the playouts read to
//! find captures and escapes without scanning the board.

use super::*;

impl Board {
    /// Remember the string with head `h` as left in atari. When the list
    /// is full, entries no longer in atari make room, else the oldest.
    #[cold]
    pub(super) fn mark_atari(&mut self, h: usize) {
        let len = self.atari_len as usize;
        if self.atari_marks[..len]
            .iter()
            .any(|&m| self.cell(m as usize) <= WHITE && self.head_of(m as usize) as usize == h)
        {
            return;
        }
        if len == ATARI_MARKS {
            // Keep one entry for each string still in atari (strings about
            // to be captured in this move have no pseudo-liberties).
            let mut kept = 0;
            for i in 0..len {
                let m = self.atari_marks[i] as usize;
                let Some(head) = self.marked_in_atari(m) else {
                    continue;
                };
                let dup = self.atari_marks[..kept]
                    .iter()
                    .any(|&k| self.head_of(k as usize) as usize == head);
                if !dup {
                    self.atari_marks[kept] = m as u16;
                    kept += 1;
                }
            }
            if kept == ATARI_MARKS {
                self.atari_marks.copy_within(1.., 0);
                kept -= 1;
            }
            self.atari_len = kept as u8;
        }
        self.atari_marks[self.atari_len as usize] = h as u16;
        self.atari_len += 1;
    }

    /// A stone of strings now in atari, found through the moves that left
    /// them so (every such string unless more than 16 were at once; a
    /// string may come more than once).
    pub fn strings_in_atari(&self) -> impl Iterator<Item = Point> + '_ {
        self.atari_marks[..self.atari_len as usize]
            .iter()
            .map(|&m| m as usize)
            .filter(|&m| self.marked_in_atari(m).is_some())
            .map(Point::from_index)
    }

    /// The head of the string on the marked point `m`, when one is there
    /// and in atari (strings being captured, with no pseudo-liberties left
    /// in the middle of a move, are not).
    #[inline]
    pub(super) fn marked_in_atari(&self, m: usize) -> Option<usize> {
        let head = self.head_of(m) as usize;
        (self.cell(m) <= WHITE && self.strings[head].pseudo_libs > 0 && self.head_in_atari(head))
            .then_some(head)
    }

    /// Whether the string through the stone on `p` may have two liberties
    /// or fewer (`false` when `p` holds no stone). For a stone, `false`
    /// proves three liberties or more; `true` is right but for a
    /// rare string of three or more whose moment determinant (see the module
    /// documentation) happens to be a multiple of 2^16, so callers count
    /// the liberties after a `true`. O(1).
    #[inline]
    pub fn may_lack_three_liberties(&self, p: Point) -> bool {
        let Some(h) = self.head_of_stone(p) else {
            return false;
        };
        let s = &self.strings[h as usize];
        let (n, s1, s2) = (s.pseudo_libs, s.lib_sum as u16, s.lib_sum_sq as u16);
        let (s3, s4) = (s.lib_sum_cube, s.lib_sum_4th);
        let m = |a: u16, b: u16| a.wrapping_mul(b);
        let minor = |a: u16, b: u16, c: u16, d: u16| m(a, d).wrapping_sub(m(b, c));
        let det = m(n, minor(s2, s3, s3, s4))
            .wrapping_sub(m(s1, minor(s1, s3, s2, s4)))
            .wrapping_add(m(s2, minor(s1, s2, s2, s3)));
        det == 0
    }

    #[inline]
    pub(super) fn head_in_atari(&self, h: usize) -> bool {
        let s = &self.strings[h];
        let n = s.pseudo_libs as u64;
        let sum = s.lib_sum as u64;
        n * s.lib_sum_sq as u64 == sum * sum
    }
}
