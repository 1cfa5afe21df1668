//! The fast board: stones, strings, pseudo-liberties, simple ko and the
//! Zobrist hash, with no history. Playouts copy and play on it; the
//! [`Game`](super::game::Game) adds the rules that need history.
//!
//! Strings are circular linked lists of stones with a head point that holds
//! the string's data. Each string keeps its *pseudo-liberties*: one entry per
//! (stone, empty neighbour) pair, with the count, sum and sum of squares of
//! the entries' indices. A string is in atari exactly when all entries name
//! the same point, which holds when `count * sum_sq == sum * sum`; that point
//! is `sum / count`. Exact liberties come from the colour bitboards on demand.
//! Nothing here allocates; a copy of the board is one `memcpy`.

use super::bitboard::Bitboard;
use super::point::{ByColor, Color, Point, ARRAY_SIZE, MAX_SIZE, MIN_SIZE};
use super::zobrist;
use std::fmt;

const BLACK: u8 = 0;
const WHITE: u8 = 1;
const EMPTY: u8 = 2;
const BORDER: u8 = 3;

/// The two-bit codes of [`Board::neighbourhood`]: a black stone, a white
/// stone, an empty point, off the board.
pub const CODE_BLACK: u16 = BLACK as u16;
pub const CODE_WHITE: u16 = WHITE as u16;
pub const CODE_EMPTY: u16 = EMPTY as u16;
pub const CODE_OFF: u16 = BORDER as u16;

/// How many strings left in atari the board remembers (see `atari_marks`).
const ATARI_MARKS: usize = 16;

/// Why a move is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The point holds a stone (or is off the board).
    Occupied,
    /// The move would leave its own string without liberties, capturing nothing.
    Suicide,
    /// The move retakes a ko at once.
    Ko,
    /// The move repeats an earlier whole-board position.
    Superko,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::Occupied => "occupied point",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko => "ko",
            IllegalMove::Superko => "superko",
        })
    }
}

/// What a legal move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// Opposing stones removed.
    pub captured: u32,
    /// The point the opponent may not play at once (simple ko), if any.
    pub ko: Option<Point>,
}

/// Per-string data, stored at the string's head point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct StringData {
    pseudo_libs: u16,
    stones: u16,
    lib_sum: u32,
    lib_sum_sq: u32,
}

/// The fast board. See the module documentation.
#[derive(Clone)]
pub struct Board {
    size: usize,
    stride: usize,
    cells: [u8; ARRAY_SIZE],
    head: [u16; ARRAY_SIZE],
    next: [u16; ARRAY_SIZE],
    strings: [StringData; ARRAY_SIZE],
    stones: ByColor<Bitboard>,
    on_board: Bitboard,
    empties: [u16; ARRAY_SIZE],
    empty_pos: [u16; ARRAY_SIZE],
    num_empty: usize,
    ko: Option<(Point, Color)>,
    hash: u64,
    captures: ByColor<u32>,
    /// The last stone played (0: none, or the last move was a pass).
    last: u16,
    /// A stone of each string that a move left in atari (an opposing string
    /// beside the move, or the mover's own), so that playouts can find
    /// captures anywhere without scanning the board. A string can only
    /// come into atari through a move beside it, so every string in atari
    /// is here unless more than `ATARI_MARKS` were at once. Entries go
    /// stale (captured, saved); `strings_in_atari` skips those.
    atari_marks: [u16; ATARI_MARKS],
    atari_len: u8,
}

impl Board {
    /// An empty board of side `size` (2..=25).
    ///
    /// # Panics
    /// When `size` is out of range; callers validate user input first.
    pub fn new(size: usize) -> Board {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&size), "board size {size}");
        let mut b = Board {
            size,
            stride: Point::stride(size),
            cells: [BORDER; ARRAY_SIZE],
            head: [0; ARRAY_SIZE],
            next: [0; ARRAY_SIZE],
            strings: [StringData::default(); ARRAY_SIZE],
            stones: ByColor::default(),
            on_board: Bitboard::on_board(size),
            empties: [0; ARRAY_SIZE],
            empty_pos: [0; ARRAY_SIZE],
            num_empty: 0,
            ko: None,
            hash: 0,
            captures: ByColor::default(),
            last: 0,
            atari_marks: [0; ATARI_MARKS],
            atari_len: 0,
        };
        for y in 0..size {
            for x in 0..size {
                let p = Point::from_xy_unchecked(x, y, size).index();
                b.cells[p] = EMPTY;
                b.add_empty(p);
            }
        }
        b
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Every on-board point.
    #[inline]
    pub fn on_board(&self) -> Bitboard {
        self.on_board
    }

    /// All on-board points in index order.
    pub fn points(&self) -> impl Iterator<Item = Point> {
        self.on_board.iter()
    }

    /// The colour of the stone on `p`, if any (`None` also for a point
    /// that is not on this board).
    #[inline]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        match self.cell(p.index()) {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Whether `p` is an empty point of this board.
    #[inline]
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.cell(p.index()) == EMPTY
    }

    /// Whether `p` is a point of this board holding a stone.
    #[inline]
    fn has_stone(&self, p: Point) -> bool {
        self.cell(p.index()) <= WHITE
    }

    /// The eight points around the on-board point `p` in 16 bits, two a
    /// point ([`CODE_BLACK`], [`CODE_WHITE`], [`CODE_EMPTY`], [`CODE_OFF`]),
    /// lowest first: the row above `p` (`y + 1`) from left to right, the
    /// points left and right of it, the row below from left to right. A
    /// point that is not on this board has only [`CODE_OFF`] around it.
    #[inline]
    pub fn neighbourhood(&self, p: Point) -> u16 {
        if !self.is_on_board(p) {
            return u16::MAX;
        }
        let (i, s) = (p.index(), self.stride);
        let c = |j: usize| self.cell(j) as u16;
        c(i + s - 1)
            | c(i + s) << 2
            | c(i + s + 1) << 4
            | c(i - 1) << 6
            | c(i + 1) << 8
            | c(i - s - 1) << 10
            | c(i - s) << 12
            | c(i - s + 1) << 14
    }

    /// Whether `p` is a point of this board. A [`Point`] carries no board
    /// size, so a point made for another size may be a border slot here, or
    /// beyond this board's grid: every public method that takes a point
    /// checks it with this before reading around it, and answers as for a
    /// point off the board (no stone, not legal, no liberties).
    #[inline]
    pub fn is_on_board(&self, p: Point) -> bool {
        // Every slot that is not a point of this board holds BORDER, also
        // past this board's grid (see `copy_from`).
        self.cell(p.index()) != BORDER
    }

    /// Stones of colour `c`.
    #[inline]
    pub fn stones(&self, c: Color) -> Bitboard {
        self.stones[c]
    }

    /// Empty on-board points.
    #[inline]
    pub fn empty_points(&self) -> Bitboard {
        self.on_board - self.stones[Color::Black] - self.stones[Color::White]
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> u32 {
        self.stones[Color::Black].count() + self.stones[Color::White].count()
    }

    /// The Zobrist hash of the stones (positional: side to move and ko excluded).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The point `c` may not play because it would retake a ko at once.
    #[inline]
    pub fn ko_point(&self, c: Color) -> Option<Point> {
        match self.ko {
            Some((p, forbidden)) if forbidden == c => Some(p),
            _ => None,
        }
    }

    /// Stones captured by colour `c` so far.
    #[inline]
    pub fn captures(&self, c: Color) -> u32 {
        self.captures[c]
    }

    /// The four orthogonal neighbours of `p` (some may be border slots).
    /// For a point that is not on this board they are meaningless, but
    /// still points: below `ARRAY_SIZE`, the grid's first slot where the
    /// one below would lie before the grid.
    #[inline]
    pub fn neighbours(&self, p: Point) -> [Point; 4] {
        let i = p.index();
        let s = self.stride;
        [i.saturating_sub(s), i.saturating_sub(1), i + 1, i + s].map(Point::from_index)
    }

    /// The four diagonal neighbours of `p` (some may be border slots); as
    /// [`Board::neighbours`] for a point that is not on this board.
    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let i = p.index();
        let s = self.stride;
        [
            i.saturating_sub(s + 1),
            i.saturating_sub(s - 1),
            i + s - 1,
            i + s + 1,
        ]
        .map(Point::from_index)
    }

    /// The four orthogonal neighbours of a point of this board (plain
    /// arithmetic, for the board's own moves).
    #[inline(always)]
    fn around(&self, i: usize) -> [usize; 4] {
        debug_assert!(self.cell(i) != BORDER);
        let s = self.stride;
        [i - s, i - 1, i + 1, i + s]
    }

    /// Make `self` a copy of `other`, copying only the part of the fixed
    /// arrays that a board of `other`'s size uses (playouts start this way;
    /// nothing is allocated). Slots past that part are only read as
    /// cells, which are BORDER there.
    #[inline]
    pub fn copy_from(&mut self, other: &Board) {
        let n = Point::grid_len(other.size);
        let old = Point::grid_len(self.size);
        if old > n {
            // Slots that were points of the larger board are none of this
            // one's: BORDER, as `is_on_board` reads them.
            self.cells[n..old].fill(BORDER);
        }
        self.size = other.size;
        self.stride = other.stride;
        self.cells[..n].copy_from_slice(&other.cells[..n]);
        self.head[..n].copy_from_slice(&other.head[..n]);
        self.next[..n].copy_from_slice(&other.next[..n]);
        self.strings[..n].copy_from_slice(&other.strings[..n]);
        self.empty_pos[..n].copy_from_slice(&other.empty_pos[..n]);
        self.empties[..other.num_empty].copy_from_slice(&other.empties[..other.num_empty]);
        self.stones = other.stones;
        self.on_board = other.on_board;
        self.num_empty = other.num_empty;
        self.ko = other.ko;
        self.hash = other.hash;
        self.captures = other.captures;
        self.last = other.last;
        self.atari_marks = other.atari_marks;
        self.atari_len = other.atari_len;
    }

    /// The last stone played, unless the last move was a pass.
    #[inline]
    pub fn last_move(&self) -> Option<Point> {
        (self.last != 0).then(|| Point::from_index(self.last as usize))
    }

    /// The cell at grid index `i`.
    ///
    /// The contract of the unchecked reads: `i < ARRAY_SIZE`. It holds for
    /// the index of any [`Point`] (the type's guarantee), for the
    /// neighbours of a point of this board, and for the indices the board
    /// itself stored (string heads and links, the empty list, the atari
    /// marks, the last move): those lie below `Point::grid_len(size) <=
    /// ARRAY_SIZE` (checked by the point module's tests). Every slot that is
    /// not a point of this board holds BORDER, so a point the public methods
    /// find not BORDER (`is_on_board`, `has_stone`) is a point of this
    /// board, and only then do they read around it.
    #[inline(always)]
    fn cell(&self, i: usize) -> u8 {
        debug_assert!(i < ARRAY_SIZE);
        // SAFETY: `i < ARRAY_SIZE` by the contract above.
        unsafe { *self.cells.get_unchecked(i) }
    }

    /// The head of the string through grid index `i` (contract as for
    /// [`Board::cell`]).
    #[inline(always)]
    fn head_of(&self, i: usize) -> u16 {
        debug_assert!(i < Point::grid_len(self.size));
        // SAFETY: `i < ARRAY_SIZE` by the contract of `cell`.
        unsafe { *self.head.get_unchecked(i) }
    }

    // ----- strings -----

    // The string methods take any point: one without a stone (or not on
    // this board) is an empty string, with no stones and no liberties, and
    // is its own head.

    /// The head point of the string through the stone on `p` (`p` itself
    /// when no stone is there).
    #[inline]
    pub fn string_head(&self, p: Point) -> Point {
        if !self.has_stone(p) {
            return p;
        }
        Point::from_index(self.head_of(p.index()) as usize)
    }

    /// Number of stones of the string through `p`.
    #[inline]
    pub fn string_size(&self, p: Point) -> u32 {
        if !self.has_stone(p) {
            return 0;
        }
        self.strings[self.head_of(p.index()) as usize].stones as u32
    }

    /// The stones of the string through `p`.
    pub fn string_stones(&self, p: Point) -> StringStones<'_> {
        let start = self.head_of_stone(p);
        StringStones {
            board: self,
            start: start.unwrap_or(0),
            cur: start,
        }
    }

    /// The head of the string through `p`, when `p` holds a stone.
    #[inline]
    fn head_of_stone(&self, p: Point) -> Option<u16> {
        self.has_stone(p).then(|| self.head_of(p.index()))
    }

    /// The stones of the string through `p`, as a set.
    pub fn string_bitboard(&self, p: Point) -> Bitboard {
        self.string_stones(p).collect()
    }

    /// The exact liberties of the string through `p`.
    pub fn liberties(&self, p: Point) -> Bitboard {
        self.string_bitboard(p).neighbours(self.stride) & self.empty_points()
    }

    /// The exact number of liberties of the string through `p`.
    pub fn liberty_count(&self, p: Point) -> u32 {
        self.liberties(p).count()
    }

    /// Whether the string through `p` has exactly one liberty.
    #[inline]
    pub fn in_atari(&self, p: Point) -> bool {
        self.head_of_stone(p)
            .is_some_and(|h| self.head_in_atari(h as usize))
    }

    /// The only liberty of the string through `p`, when it is in atari.
    #[inline]
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        let h = self.head_of_stone(p)? as usize;
        if self.head_in_atari(h) {
            let s = &self.strings[h];
            Some(Point::from_index(
                (s.lib_sum / s.pseudo_libs as u32) as usize,
            ))
        } else {
            None
        }
    }

    /// Remember the string with head `h` as left in atari. When the list
    /// is full, entries no longer in atari make room, else the oldest.
    #[cold]
    fn mark_atari(&mut self, h: usize) {
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
    fn marked_in_atari(&self, m: usize) -> Option<usize> {
        let head = self.head_of(m) as usize;
        (self.cell(m) <= WHITE && self.strings[head].pseudo_libs > 0 && self.head_in_atari(head))
            .then_some(head)
    }

    #[inline]
    fn head_in_atari(&self, h: usize) -> bool {
        let s = &self.strings[h];
        let n = s.pseudo_libs as u64;
        let sum = s.lib_sum as u64;
        n * s.lib_sum_sq as u64 == sum * sum
    }

    // ----- legality and play -----

    /// Whether `c` may play on `p` under the board's rules: empty point, no
    /// suicide, no immediate ko recapture. Superko is the game's business.
    #[inline]
    pub fn check_legal(&self, c: Color, p: Point) -> Result<(), IllegalMove> {
        let i = p.index();
        if !self.is_on_board(p) || self.cell(i) != EMPTY {
            return Err(IllegalMove::Occupied);
        }
        if self.ko == Some((p, c)) {
            return Err(IllegalMove::Ko);
        }
        if self.has_liberty_after(c, i) {
            Ok(())
        } else {
            Err(IllegalMove::Suicide)
        }
    }

    /// Whether `c` may play on `p` (see [`Board::check_legal`]).
    #[inline]
    pub fn is_legal(&self, c: Color, p: Point) -> bool {
        self.check_legal(c, p).is_ok()
    }

    /// Whether a stone of `c` on the empty point `i` would have a liberty
    /// (after its captures).
    #[inline]
    fn has_liberty_after(&self, c: Color, i: usize) -> bool {
        let own = c as u8;
        for n in self.around(i) {
            let cell = self.cell(n);
            if cell == EMPTY {
                return true;
            }
            if cell <= WHITE {
                let in_atari = self.head_in_atari(self.head_of(n) as usize);
                if (cell == own) != in_atari {
                    return true;
                }
            }
        }
        false
    }

    /// The hash of the position after `c` plays `p`, captures included,
    /// without playing it (for superko checks), when the move is legal
    /// (see [`Board::check_legal`]).
    pub fn hash_after(&self, c: Color, p: Point) -> Result<u64, IllegalMove> {
        self.check_legal(c, p)?;
        let mut hash = self.hash ^ zobrist::key(c, p);
        let opp = (!c) as u8;
        let mut taken = [0u16; 4];
        let mut n_taken = 0;
        for n in self.around(p.index()) {
            if self.cell(n) != opp {
                continue;
            }
            let h = self.head_of(n);
            // Beside the empty point `p`, a string in atari has `p` as its
            // only liberty: the move takes it.
            if self.head_in_atari(h as usize) && !taken[..n_taken].contains(&h) {
                taken[n_taken] = h;
                n_taken += 1;
                for q in self.string_stones(Point::from_index(n)) {
                    hash ^= zobrist::key(!c, q);
                }
            }
        }
        Ok(hash)
    }

    /// Play `c` on `p` if legal (see [`Board::check_legal`]); on error the
    /// board is unchanged.
    pub fn play(&mut self, c: Color, p: Point) -> Result<MoveInfo, IllegalMove> {
        self.check_legal(c, p)?;
        Ok(self.play_legal(c, p))
    }

    /// A pass: it only clears the ko restriction.
    #[inline]
    pub fn pass(&mut self) {
        self.ko = None;
        self.last = 0;
    }

    /// Play a move already known to be legal ([`Board::check_legal`]):
    /// the caller's promise, which keeps the board's reads in range and its
    /// strings sound. Crate-private for that reason; [`Board::play`] is the
    /// public, checked way.
    #[inline]
    pub(crate) fn play_legal(&mut self, c: Color, p: Point) -> MoveInfo {
        debug_assert!(self.is_legal(c, p));
        let pi = p.index();
        let own = c as u8;
        self.remove_empty(pi);
        self.cells[pi] = own;
        self.head[pi] = pi as u16;
        self.next[pi] = pi as u16;
        self.strings[pi] = StringData {
            pseudo_libs: 0,
            stones: 1,
            lib_sum: 0,
            lib_sum_sq: 0,
        };
        self.stones[c].insert(p);
        self.hash ^= zobrist::key(c, p);

        let nbrs = self.around(pi);
        for n in nbrs {
            match self.cell(n) {
                EMPTY => self.add_lib(pi, n),
                BORDER => {}
                _ => self.remove_lib(self.head_of(n) as usize, pi),
            }
        }
        let mut captured = 0u32;
        let mut last_captured = 0usize;
        for n in nbrs {
            let cell = self.cell(n);
            if cell == own {
                let (a, b) = (self.head_of(pi) as usize, self.head_of(n) as usize);
                if a != b {
                    self.merge(a, b);
                }
            } else if cell <= WHITE {
                let h = self.head_of(n) as usize;
                if self.strings[h].pseudo_libs == 0 {
                    captured += self.strings[h].stones as u32;
                    last_captured = n;
                    self.remove_string(h);
                } else if self.head_in_atari(h) {
                    self.mark_atari(h);
                }
            }
        }
        self.captures[c] += captured;
        self.last = pi as u16;
        let own_head = self.head_of(pi) as usize;
        if self.head_in_atari(own_head) {
            self.mark_atari(own_head);
        }
        let mine = &self.strings[own_head];
        self.ko = if captured == 1 && mine.stones == 1 && mine.pseudo_libs == 1 {
            Some((Point::from_index(last_captured), !c))
        } else {
            None
        };
        debug_assert!(self.strings[self.head_of(pi) as usize].pseudo_libs > 0);
        MoveInfo {
            captured,
            ko: self.ko.map(|(k, _)| k),
        }
    }

    /// Put a stone of `c` on `p` as setup (SGF AB/AW, free handicap): the
    /// point must be empty and the stone must neither capture nor lack a
    /// liberty. Clears the ko restriction.
    pub fn add_setup_stone(&mut self, c: Color, p: Point) -> Result<(), IllegalMove> {
        if !self.is_on_board(p) || !self.is_empty_at(p) {
            return Err(IllegalMove::Occupied);
        }
        let captures = self
            .neighbours(p)
            .iter()
            .any(|&n| self.color_at(n) == Some(!c) && self.in_atari(n));
        if captures || !self.has_liberty_after(c, p.index()) {
            return Err(IllegalMove::Suicide);
        }
        self.ko = None;
        self.play_legal(c, p);
        self.ko = None;
        // A setup stone is not a move for the playouts to answer.
        self.last = 0;
        Ok(())
    }

    #[inline]
    fn add_lib(&mut self, h: usize, lib: usize) {
        let s = &mut self.strings[h];
        s.pseudo_libs += 1;
        s.lib_sum += lib as u32;
        s.lib_sum_sq += (lib * lib) as u32;
    }

    #[inline]
    fn remove_lib(&mut self, h: usize, lib: usize) {
        let s = &mut self.strings[h];
        s.pseudo_libs -= 1;
        s.lib_sum -= lib as u32;
        s.lib_sum_sq -= (lib * lib) as u32;
    }

    /// Join the strings with heads `a` and `b`; the larger keeps its head.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) {
        let (keep, gone) = if self.strings[a].stones >= self.strings[b].stones {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = gone;
        loop {
            self.head[s] = keep as u16;
            s = self.next[s] as usize;
            if s == gone {
                break;
            }
        }
        self.next.swap(keep, gone);
        let g = self.strings[gone];
        let k = &mut self.strings[keep];
        k.pseudo_libs += g.pseudo_libs;
        k.stones += g.stones;
        k.lib_sum += g.lib_sum;
        k.lib_sum_sq += g.lib_sum_sq;
    }

    /// Take the string with head `h` off the board.
    fn remove_string(&mut self, h: usize) {
        let color = if self.cell(h) == BLACK {
            Color::Black
        } else {
            Color::White
        };
        let mut s = h;
        loop {
            self.cells[s] = EMPTY;
            self.add_empty(s);
            let p = Point::from_index(s);
            self.stones[color].remove(p);
            self.hash ^= zobrist::key(color, p);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        loop {
            for n in self.around(s) {
                if self.cell(n) <= WHITE {
                    self.add_lib(self.head_of(n) as usize, s);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
    }

    // ----- empty point list (for playouts) -----

    #[inline]
    fn add_empty(&mut self, i: usize) {
        self.empty_pos[i] = self.num_empty as u16;
        self.empties[self.num_empty] = i as u16;
        self.num_empty += 1;
    }

    #[inline]
    fn remove_empty(&mut self, i: usize) {
        let pos = self.empty_pos[i] as usize;
        self.num_empty -= 1;
        let last = self.empties[self.num_empty];
        self.empties[pos] = last;
        self.empty_pos[last as usize] = pos as u16;
    }

    /// Number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.num_empty
    }

    /// The `i`-th empty point of the empty list (`i < empty_count()`); the
    /// order is arbitrary and changes as moves are played.
    #[inline]
    pub fn empty_at(&self, i: usize) -> Point {
        debug_assert!(i < self.num_empty);
        Point::from_index(self.empties[i] as usize)
    }

    /// Exchange two entries of the empty list (for sampling without
    /// replacement); the set of empty points is unchanged. Both must be
    /// below [`Board::empty_count`]: crate-private, as the list's active
    /// part is an index the board's unchecked reads trust.
    #[inline]
    pub(crate) fn swap_empties(&mut self, i: usize, j: usize) {
        let (a, b) = (self.empties[i], self.empties[j]);
        self.empties[i] = b;
        self.empties[j] = a;
        self.empty_pos[b as usize] = i as u16;
        self.empty_pos[a as usize] = j as u16;
    }

    // ----- eyes -----

    /// Whether every orthogonal neighbour of the empty point `p` is a stone
    /// of `c` or off the board.
    #[inline]
    pub fn is_eyeish(&self, c: Color, p: Point) -> bool {
        if !self.is_on_board(p) {
            return false;
        }
        let own = c as u8;
        self.around(p.index()).iter().all(|&n| {
            let cell = self.cell(n);
            cell == own || cell == BORDER
        })
    }

    /// Whether the empty point `p` is an eye of `c` that a playout must not
    /// fill: surrounded by `c`, with at most one diagonal held by the
    /// opponent in the centre and none on the edge.
    #[inline]
    pub fn is_true_eye(&self, c: Color, p: Point) -> bool {
        if !self.is_eyeish(c, p) {
            return false;
        }
        let opp = (!c) as u8;
        let mut bad = 0;
        let mut edge = false;
        let (i, s) = (p.index(), self.stride);
        for d in [i - s - 1, i - s + 1, i + s - 1, i + s + 1] {
            match self.cell(d) {
                BORDER => edge = true,
                cell if cell == opp => bad += 1,
                _ => {}
            }
        }
        bad == 0 || (!edge && bad == 1)
    }

    // ----- counting -----

    /// Black's area minus White's area when every stone is alive and an
    /// empty point belongs to a colour when all its neighbours are of that
    /// colour: the count at the end of a playout, where only eyes are left.
    pub fn playout_area_difference(&self) -> i32 {
        let mut diff =
            self.stones[Color::Black].count() as i32 - self.stones[Color::White].count() as i32;
        for i in 0..self.num_empty {
            diff += match self.playout_owner(Point::from_index(self.empties[i] as usize)) {
                Some(Color::Black) => 1,
                Some(Color::White) => -1,
                None => 0,
            };
        }
        diff
    }

    /// Who owns `p` at the end of a playout: the colour of its stone, or of
    /// every stone next to it when it is empty (`None` for both or none).
    #[inline]
    pub fn playout_owner(&self, p: Point) -> Option<Color> {
        if !self.is_on_board(p) {
            return None;
        }
        let cell = self.cell(p.index());
        let seen = if cell <= WHITE {
            1 << cell
        } else {
            let mut seen = 0u8;
            for n in self.around(p.index()) {
                let c = self.cell(n);
                if c <= WHITE {
                    seen |= 1 << c;
                }
            }
            seen
        };
        match seen {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    // ----- checking -----

    /// Recompute strings, pseudo-liberties, bitboards, the empty list and the
    /// hash from the cells and compare them with the incremental state.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut hash = 0;
        let mut stones = ByColor::<Bitboard>::default();
        for p in self.points() {
            if let Some(c) = self.color_at(p) {
                hash ^= zobrist::key(c, p);
                stones[c].insert(p);
            }
        }
        if hash != self.hash {
            return Err("hash differs from a recomputed one".into());
        }
        if stones != self.stones {
            return Err("colour bitboards differ from the cells".into());
        }
        for i in 0..ARRAY_SIZE {
            let p = Point::from_index(i);
            if (self.cells[i] != BORDER) != self.on_board.contains(p) {
                return Err(format!(
                    "slot {i} is BORDER exactly when off the board: not so"
                ));
            }
        }
        let empty = self.empty_points();
        if empty.count() as usize != self.num_empty {
            return Err("empty list has the wrong length".into());
        }
        for i in 0..self.num_empty {
            let p = self.empties[i] as usize;
            if !empty.contains(Point::from_index(p)) || self.empty_pos[p] as usize != i {
                return Err(format!("empty list entry {i} is wrong"));
            }
        }
        for p in self.points() {
            let Some(c) = self.color_at(p) else { continue };
            let string = Bitboard::single(p).flood(self.stride, self.stones[c]);
            let members: Bitboard = self.string_stones(p).collect();
            if members != string {
                return Err(format!(
                    "string at {} is not its chain",
                    p.to_gtp(self.size)
                ));
            }
            if string
                .iter()
                .any(|q| self.head_of(q.index()) != self.head_of(p.index()))
            {
                return Err("string stones disagree on their head".into());
            }
            let h = self.head_of(p.index()) as usize;
            let mut expect = StringData {
                stones: string.count() as u16,
                ..StringData::default()
            };
            for q in &string {
                for n in self.neighbours(q) {
                    if self.cell(n.index()) == EMPTY {
                        let l = n.index();
                        expect.pseudo_libs += 1;
                        expect.lib_sum += l as u32;
                        expect.lib_sum_sq += (l * l) as u32;
                    }
                }
            }
            if expect != self.strings[h] {
                return Err(format!("string data at {} is stale", p.to_gtp(self.size)));
            }
            if expect.pseudo_libs == 0 {
                return Err(format!("string at {} has no liberty", p.to_gtp(self.size)));
            }
            let libs = self.liberties(p).count();
            if (libs == 1) != self.in_atari(p) {
                return Err("atari test disagrees with the liberty count".into());
            }
        }
        Ok(())
    }
}

/// Iterator over the stones of one string.
pub struct StringStones<'a> {
    board: &'a Board,
    start: u16,
    cur: Option<u16>,
}

impl Iterator for StringStones<'_> {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        let cur = self.cur?;
        let next = self.board.next[cur as usize];
        self.cur = (next != self.start).then_some(next);
        Some(Point::from_index(cur as usize))
    }
}

/// Draws the board with `X` for Black, `O` for White and `.` for empty,
/// top row first, with GTP coordinates.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: String = (0..self.size)
            .map(|x| format!(" {}", super::point::column_letter(x)))
            .collect();
        writeln!(f, "   {letters}")?;
        for y in (0..self.size).rev() {
            write!(f, "{:>2} ", y + 1)?;
            for x in 0..self.size {
                let p = Point::from_xy_unchecked(x, y, self.size);
                let ch = match self.color_at(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, " {ch}")?;
            }
            writeln!(f, " {:>2}", y + 1)?;
        }
        write!(f, "   {letters}")
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.size, self.size)?;
        fmt::Display::fmt(self, f)
    }
}

impl Board {
    /// A board from rows of text, top row first: `X` Black, `O` White,
    /// `.` or `+` empty; spaces are ignored. The position must be one that
    /// can stand on a board (every string has a liberty).
    pub fn from_rows(rows: &[&str]) -> Result<Board, String> {
        let size = rows.len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(format!("{size} rows"));
        }
        let mut b = Board::new(size);
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != size {
                return Err(format!("row {r} has {} points", cells.len()));
            }
            for (x, ch) in cells.into_iter().enumerate() {
                let p = Point::from_xy_unchecked(x, size - 1 - r, size);
                let c = match ch {
                    'X' | 'x' | '#' => Color::Black,
                    'O' | 'o' => Color::White,
                    '.' | '+' => continue,
                    other => return Err(format!("bad character {other:?}")),
                };
                b.add_setup_stone(c, p)
                    .map_err(|e| format!("{}: {e}", p.to_gtp(size)))?;
            }
        }
        Ok(b)
    }
}

impl Board {
    /// Set the number of stones captured by `c` (when a board is rebuilt).
    pub(crate) fn set_captures(&mut self, c: Color, n: u32) {
        self.captures[c] = n;
    }
}
