//! Play and take back: a move that captures nothing, played for reading
//! ahead (the ladder reader) and taken back exactly, down to the order of
//! the empty list (the atari marks it leaves alone: a read has no use for
//! them), so that a read leaves the board as
//! it found it without copying it (in the manner of Pachi's
//! `board_quick_play` / `board_quick_undo`).

use super::{Board, StringData, EMPTY, WHITE};
use crate::board::point::{Color, Point};

/// What [`Board::play_quiet`] changed, for [`Board::undo_quiet`]. It must be
/// given back to the same board, the last one first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    p: u16,
    color: Color,
    /// The move's place in the empty list.
    empty_pos: u16,
    ko: Option<(Point, Color)>,
    last: u16,
    hash: u64,
    /// The point's own slots, stale while it was empty.
    own: (u16, u16, StringData),
    /// The strings beside the move (their heads before it, distinct) and
    /// their data before it.
    heads: [u16; 4],
    data: [StringData; 4],
    n_heads: u8,
    /// The merges of the move, in order: (the head kept, the head gone).
    merges: [(u16, u16); 4],
    n_merges: u8,
}

impl Board {
    /// Play `c` on `p` when the move is legal and captures nothing, to be
    /// taken back with [`Board::undo_quiet`]; `None` (and the board
    /// unchanged) otherwise.
    pub(crate) fn play_quiet(&mut self, c: Color, p: Point) -> Option<Undo> {
        self.check_legal(c, p).ok()?;
        let pi = p.index();
        let own = c as u8;
        let mut u = Undo {
            p: pi as u16,
            color: c,
            empty_pos: self.empty_pos[pi],
            ko: self.ko,
            last: self.last,
            hash: self.hash,
            own: (self.head[pi], self.next[pi], self.strings[pi]),
            heads: [0; 4],
            data: [StringData::default(); 4],
            n_heads: 0,
            merges: [(0, 0); 4],
            n_merges: 0,
        };
        // The strings beside the move; the merges as `play_legal` will do
        // them (the larger string keeps its head; on a tie, the one
        // holding the new stone).
        let (mut cur, mut cur_stones) = (pi, 1u32);
        for n in self.around(pi) {
            let cell = self.cell(n);
            if cell > WHITE {
                continue;
            }
            let h = self.head_of(n);
            if cell != own && self.head_in_atari(h as usize) {
                return None;
            }
            let k = u.n_heads as usize;
            if u.heads[..k].contains(&h) {
                continue;
            }
            u.heads[k] = h;
            u.data[k] = self.strings[h as usize];
            u.n_heads += 1;
            if cell == own {
                let stones = self.strings[h as usize].stones as u32;
                let (keep, gone) = if cur_stones >= stones {
                    (cur, h as usize)
                } else {
                    (h as usize, cur)
                };
                u.merges[u.n_merges as usize] = (keep as u16, gone as u16);
                u.n_merges += 1;
                cur = keep;
                cur_stones += stones;
            }
        }
        let info = self.play_stone::<false>(c, p);
        debug_assert_eq!(info.captured, 0);
        debug_assert_eq!(self.head_of(pi) as usize, cur);
        Some(u)
    }

    /// Take back the move of `u`, the last one played with
    /// [`Board::play_quiet`] and not yet taken back.
    pub(crate) fn undo_quiet(&mut self, u: Undo) {
        let pi = u.p as usize;
        debug_assert_eq!(self.cell(pi), u.color as u8);
        for &(keep, gone) in u.merges[..u.n_merges as usize].iter().rev() {
            // Splicing two circular lists is its own inverse.
            self.next.swap(keep as usize, gone as usize);
            let mut s = gone as usize;
            loop {
                self.head[s] = gone;
                s = self.next[s] as usize;
                if s == gone as usize {
                    break;
                }
            }
        }
        for k in 0..u.n_heads as usize {
            self.strings[u.heads[k] as usize] = u.data[k];
        }
        (self.head[pi], self.next[pi], self.strings[pi]) = u.own;
        self.cells[pi] = EMPTY;
        self.stones[u.color].remove(Point::from_index(pi));
        // Back into the empty list at its old place; the point that took
        // that place goes back to the end, where it was.
        let pos = u.empty_pos as usize;
        let moved = self.empties[pos];
        self.empties[self.num_empty] = moved;
        self.empty_pos[moved as usize] = self.num_empty as u16;
        self.empties[pos] = u.p;
        self.empty_pos[pi] = u.empty_pos;
        self.num_empty += 1;
        self.ko = u.ko;
        self.last = u.last;
        self.hash = u.hash;
    }

    /// Whether `self` and `other` are the same in every slot a board of
    /// their size uses (the strings' data at their heads, the empty list
    /// in its order, the atari marks), for tests of play and undo.
    #[cfg(test)]
    pub(crate) fn same_state(&self, other: &Board) -> bool {
        self.same_position(other)
            && self.atari_marks[..self.atari_len as usize]
                == other.atari_marks[..other.atari_len as usize]
    }

    /// [`Board::same_state`] but for the atari marks.
    #[cfg(test)]
    pub(crate) fn same_position(&self, other: &Board) -> bool {
        let n = Point::grid_len(self.size);
        let heads_agree = (0..n).all(|i| {
            self.cells[i] != other.cells[i]
                || self.cells[i] > WHITE
                || (self.head[i] == other.head[i]
                    && self.next[i] == other.next[i]
                    && (self.head[i] as usize != i || self.strings[i] == other.strings[i]))
        });
        self.size == other.size
            && self.cells[..n] == other.cells[..n]
            && heads_agree
            && self.stones == other.stones
            && self.num_empty == other.num_empty
            && self.empties[..self.num_empty] == other.empties[..other.num_empty]
            && (0..self.num_empty).all(|i| self.empty_pos[self.empties[i] as usize] == i as u16)
            && self.ko == other.ko
            && self.hash == other.hash
            && self.captures == other.captures
            && self.last == other.last
    }
}
