//! The fast board: stones, strings, pseudo-liberties, simple ko and the
//! Zobrist hash, with no history. Playouts copy and play on it; the
//! [`Game`](super::game::Game) adds the rules that need history.
//!
//! Strings are circular linked lists of stones with a head point that holds
//! the string's data. Each string keeps its *pseudo-liberties*: one entry per
//! (stone, empty neighbour) pair, with the count, sum and sum of squares of
//! the entries' indices. A string is in atari exactly when all entries name
//! the same point, which holds when `count * sum_sq == sum * sum`; that point
//! is `sum / count`. The entries' third and fourth powers, summed modulo
//! 2^16, screen for strings of two liberties or fewer: the entries' moment
//! matrix `[[count, sum, sq], [sum, sq, cube], [sq, cube, 4th]]` (a Hankel
//! matrix) is singular exactly when they name at most two points, so a
//! determinant that is not zero modulo 2^16 proves three liberties or more
//! ([`Board::may_lack_three_liberties`]). Exact liberties come from the
//! colour bitboards on demand.
//! Nothing here allocates; a copy of the board is one `memcpy`.

use super::bitboard::Bitboard;
use super::point::{ByColor, Color, Point, ARRAY_SIZE, MAX_SIZE, MIN_SIZE};
use super::zobrist;
use std::fmt;

mod atari;
mod check;
mod eyes;
mod undo;
pub(crate) use undo::Undo;

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

/// The offsets `(dx, dy)` (y up the board) of the eight points of a
/// [`Board::neighbourhood`] code, in the order of its two-bit fields,
/// lowest first.
pub const NEIGHBOURHOOD_OFFSETS: [(i32, i32); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

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
    /// The sums of the entries' third and fourth powers, modulo 2^16.
    lib_sum_cube: u16,
    lib_sum_4th: u16,
}

impl StringData {
    /// Count the pseudo-liberty entry `lib` in.
    #[inline]
    fn add_entry(&mut self, lib: usize) {
        self.pseudo_libs += 1;
        self.lib_sum += lib as u32;
        self.lib_sum_sq += (lib * lib) as u32;
        let cube = (lib * lib * lib) as u16;
        self.lib_sum_cube = self.lib_sum_cube.wrapping_add(cube);
        self.lib_sum_4th = self.lib_sum_4th.wrapping_add(cube.wrapping_mul(lib as u16));
    }

    /// Count the pseudo-liberty entry `lib` out.
    #[inline]
    fn remove_entry(&mut self, lib: usize) {
        self.pseudo_libs -= 1;
        self.lib_sum -= lib as u32;
        self.lib_sum_sq -= (lib * lib) as u32;
        let cube = (lib * lib * lib) as u16;
        self.lib_sum_cube = self.lib_sum_cube.wrapping_sub(cube);
        self.lib_sum_4th = self.lib_sum_4th.wrapping_sub(cube.wrapping_mul(lib as u16));
    }
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
    /// still points: below `ARRAY_SIZE`, saturating at the array's first
    /// and last slots, which are border slots of every board (so the
    /// neighbours of neighbours of any point stay in bounds, in any build).
    #[inline]
    pub fn neighbours(&self, p: Point) -> [Point; 4] {
        let i = p.index();
        let s = self.stride;
        [i.saturating_sub(s), i.saturating_sub(1), i + 1, i + s].map(in_grid)
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
        .map(in_grid)
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

    /// The point the opponent may not take back at once after `c` plays the
    /// legal move `p`, without playing it (for reading ahead by hashes):
    /// the ko that [`Board::play`] would set, when the move captures one
    /// stone alone and the new stone is alone with that point for its only
    /// liberty.
    pub fn ko_after(&self, c: Color, p: Point) -> Option<Point> {
        let mut taken = None;
        for n in self.neighbours(p) {
            match self.color_at(n) {
                None if self.is_on_board(n) => return None,
                None => {}
                Some(col) if col == c => return None,
                Some(_) if self.in_atari(n) => {
                    // Taken: two stones or more end any ko.
                    if self.string_size(n) > 1 || taken.is_some_and(|t| t != n) {
                        return None;
                    }
                    taken = Some(n);
                }
                Some(_) => {}
            }
        }
        taken
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
        self.play_stone::<true>(c, p)
    }

    /// [`Board::play_legal`], noting the strings the move leaves in atari
    /// when `MARKS` (a read ahead that takes its moves back has no use for
    /// them, and restores the marks as they were).
    #[inline(always)]
    fn play_stone<const MARKS: bool>(&mut self, c: Color, p: Point) -> MoveInfo {
        debug_assert!(self.is_legal(c, p));
        let pi = p.index();
        let own = c as u8;
        self.remove_empty(pi);
        self.cells[pi] = own;
        self.head[pi] = pi as u16;
        self.next[pi] = pi as u16;
        self.strings[pi] = StringData {
            stones: 1,
            ..StringData::default()
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
                } else if MARKS && self.head_in_atari(h) {
                    self.mark_atari(h);
                }
            }
        }
        self.captures[c] += captured;
        self.last = pi as u16;
        let own_head = self.head_of(pi) as usize;
        if MARKS && self.head_in_atari(own_head) {
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
        self.strings[h].add_entry(lib);
    }

    #[inline]
    fn remove_lib(&mut self, h: usize, lib: usize) {
        self.strings[h].remove_entry(lib);
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
        k.lib_sum_cube = k.lib_sum_cube.wrapping_add(g.lib_sum_cube);
        k.lib_sum_4th = k.lib_sum_4th.wrapping_add(g.lib_sum_4th);
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

impl Board {
    /// Set the number of stones captured by `c` (when a board is rebuilt).
    pub(crate) fn set_captures(&mut self, c: Color, n: u32) {
        self.captures[c] = n;
    }
}

/// The point at grid index `i`, saturated at the array's last slot (a
/// border slot of every board: the largest board's grid ends before it).
const _: () = assert!(Point::grid_len(MAX_SIZE) < ARRAY_SIZE);

#[inline(always)]
fn in_grid(i: usize) -> Point {
    Point::from_index(i.min(ARRAY_SIZE - 1))
}
