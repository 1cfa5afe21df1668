//! The general ladder reader: a chase position is the board read from
//! plus the stones the read has added (never removed: a line ends at any
//! capture), and the runner's string. Strings of the board that no added
//! stone touches answer from the board's own counts; others are walked.

use crate::board::{Bitboard, Board, Color, Point};

/// Strings of the board that a read tracks by their heads: those in the
/// runner (past this many the read gives up) and those that added stones
/// touch (past this many every string counts as touched).
const TRACKED: usize = 12;

/// Strings (of the board) and added stones that one walk over a string
/// can keep track of; a longer walk falls back on bitboards.
const WALK: usize = 16;

/// A chasing atari: the chaser plays `at`, which leaves the runner the one
/// liberty `escape`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Atari {
    pub(super) at: Point,
    pub(super) escape: Point,
}

/// Distinct points, up to a fixed number.
#[derive(Clone, Copy, Debug)]
pub(super) struct Points<const N: usize> {
    points: [Point; N],
    pub(super) len: usize,
}

impl<const N: usize> Points<N> {
    pub(super) fn new() -> Self {
        Points {
            points: [Point::from_index(0); N],
            len: 0,
        }
    }

    #[inline]
    fn as_slice(&self) -> &[Point] {
        &self.points[..self.len]
    }

    #[inline]
    fn contains(&self, p: Point) -> bool {
        self.as_slice().contains(&p)
    }

    #[inline]
    fn is_full(&self) -> bool {
        self.len == N
    }

    /// Add `p` if it is new and there is room; false when there was none.
    #[inline]
    pub(super) fn add(&mut self, p: Point) -> bool {
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
}

/// Liberties as far as a ladder cares: none, one, two, or more (three).
pub(super) type Few = Points<3>;

impl Few {
    /// Add the liberty `p`; false once three are known.
    #[inline]
    pub(super) fn add_liberty(&mut self, p: Point) -> bool {
        self.add(p) && !self.is_full()
    }

    /// The two liberties, lower index first, when there are exactly two.
    #[inline]
    pub(super) fn pair(&self) -> Option<[Point; 2]> {
        let [a, b, _] = self.points;
        (self.len == 2).then_some([a.min(b), a.max(b)])
    }
}

/// A position of a chase: the board read from, the stones the read has
/// added, and the runner's string.
#[derive(Clone, Copy)]
pub(super) struct Chase<'a> {
    pub(super) board: &'a Board,
    /// The runner's colour.
    pub(super) rc: Color,
    /// Stones added by the read, of both colours.
    added: Bitboard,
    /// Those of the runner (all of them in the runner's string).
    runner_added: Bitboard,
    /// Heads of the board's strings that are part of the runner's string.
    runner_heads: Points<TRACKED>,
    /// Heads of the board's strings that an added stone of their own
    /// colour joins (to other strings, and to the added stones).
    joined: Points<TRACKED>,
    /// Heads of the board's strings that an added stone of the other
    /// colour touches (taking a liberty).
    pressed: Points<TRACKED>,
    /// Whether more strings were touched than those lists hold.
    pub(super) overflow: bool,
    /// The point where the chaser may not play next (a ko on the board).
    pub(super) ko: Option<Point>,
}

impl<'a> Chase<'a> {
    pub(super) fn new(board: &'a Board, rc: Color, ko: Option<Point>) -> Chase<'a> {
        Chase {
            board,
            rc,
            added: Bitboard::EMPTY,
            runner_added: Bitboard::EMPTY,
            runner_heads: Points::new(),
            joined: Points::new(),
            pressed: Points::new(),
            overflow: false,
            ko,
        }
    }

    /// Make the board's string through `p` part of the runner; false when
    /// the runner has more strings than the read tracks.
    #[inline]
    pub(super) fn join_runner(&mut self, p: Point) -> bool {
        self.runner_heads.add(self.board.string_head(p))
    }

    #[inline]
    pub(super) fn is_empty(&self, p: Point) -> bool {
        self.board.is_empty_at(p) && !self.added.contains(p)
    }

    #[inline]
    pub(super) fn color_at(&self, p: Point) -> Option<Color> {
        if self.added.contains(p) {
            Some(if self.runner_added.contains(p) {
                self.rc
            } else {
                !self.rc
            })
        } else {
            self.board.color_at(p)
        }
    }

    /// Whether the stone on `p` belongs to the runner.
    #[inline]
    fn in_runner(&self, p: Point) -> bool {
        self.runner_added.contains(p)
            || (!self.added.contains(p)
                && self.board.color_at(p) == Some(self.rc)
                && self.runner_heads.contains(self.board.string_head(p)))
    }

    /// Put a stone of `c` on the empty point `p`.
    #[inline]
    pub(super) fn place(&mut self, c: Color, p: Point) {
        self.added.insert(p);
        if c == self.rc {
            self.runner_added.insert(p);
        }
        for n in self.board.neighbours(p) {
            let Some(nc) = self.board.color_at(n) else {
                continue;
            };
            let head = self.board.string_head(n);
            let room = if nc == c {
                self.joined.add(head)
            } else {
                self.pressed.add(head)
            };
            self.overflow |= !room;
        }
    }

    /// Empty neighbours of `e` other than `a` and `b`.
    #[inline]
    pub(super) fn open(&self, e: Point, a: Point, b: Point) -> u32 {
        self.board
            .neighbours(e)
            .iter()
            .filter(|&&n| n != a && n != b && self.is_empty(n))
            .count() as u32
    }

    /// Visit the stones of the string of colour `c` through `q` (strings of
    /// the board joined through added stones) until `visit` returns false.
    /// `None` when the string holds more parts than a walk keeps track of.
    pub(super) fn walk(
        &self,
        q: Point,
        c: Color,
        mut visit: impl FnMut(Point) -> bool,
    ) -> Option<bool> {
        // A part is an added stone (named by itself) or a string of the
        // board (named by its head).
        let part = |x: Point| {
            if self.added.contains(x) {
                x
            } else {
                self.board.string_head(x)
            }
        };
        let mut seen = Points::<WALK>::new();
        let mut stack = [q; WALK];
        let mut len = 1;
        seen.add(part(q));
        while len > 0 {
            len -= 1;
            let x = stack[len];
            let added = self.added.contains(x);
            let mut alone = Some(x);
            let mut stones = (!added).then(|| self.board.string_stones(x));
            while let Some(s) = match &mut stones {
                Some(it) => it.next(),
                None => alone.take(),
            } {
                if !visit(s) {
                    return Some(false);
                }
                for n in self.board.neighbours(s) {
                    // Board strings meet one another only through added stones.
                    let joins = if added {
                        self.color_at(n) == Some(c)
                    } else {
                        self.added.contains(n) && self.color_at(n) == Some(c)
                    };
                    if joins && !seen.contains(part(n)) {
                        if !seen.add(part(n)) {
                            return None;
                        }
                        stack[len] = n;
                        len += 1;
                    }
                }
            }
        }
        Some(true)
    }

    /// The liberties of the string of colour `c` through `q`, up to three.
    pub(super) fn few_liberties(&self, q: Point, c: Color) -> Few {
        let mut few = Few::new();
        let walked = self.walk(q, c, |s| {
            self.board
                .neighbours(s)
                .iter()
                .all(|&n| !self.is_empty(n) || few.add_liberty(n))
        });
        if walked.is_none() {
            few = Few::new();
            for l in self.flooded_liberties(q, c).iter() {
                if !few.add_liberty(l) {
                    break;
                }
            }
        }
        few
    }

    /// The liberties of the string of colour `c` through `q`, with
    /// bitboards (for strings too long for a walk).
    pub(super) fn flooded_liberties(&self, q: Point, c: Color) -> Bitboard {
        let own_added = if c == self.rc {
            self.runner_added
        } else {
            self.added - self.runner_added
        };
        let stride = self.board.stride();
        let string = Bitboard::single(q).flood(stride, self.board.stones(c) | own_added);
        string.neighbours(stride) & (self.board.empty_points() - self.added)
    }

    /// Whether the string of colour `c` through `q` has one liberty at
    /// most. A stone with two empty neighbours answers at once; the board
    /// answers for a string of its own that no added stone touches, and
    /// the string's own stones for one that added stones only press.
    #[inline]
    pub(super) fn short_of_liberties(&self, q: Point, c: Color) -> bool {
        if self.open(q, q, q) >= 2 {
            return false;
        }
        if self.added.contains(q) {
            return self.few_liberties(q, c).len <= 1;
        }
        let head = self.board.string_head(q);
        if self.overflow || self.joined.contains(head) {
            self.few_liberties(q, c).len <= 1
        } else if self.board.in_atari(q) {
            true
        } else if self.pressed.contains(head) {
            let mut few = Few::new();
            for s in self.board.string_stones(q) {
                for n in self.board.neighbours(s) {
                    if self.is_empty(n) && few.add(n) && few.len == 2 {
                        return false;
                    }
                }
            }
            true
        } else {
            false
        }
    }

    /// Whether `c` playing the empty point `p` would capture something
    /// (the runner, on two liberties while the chaser moves, is left out).
    #[inline]
    fn captures(&self, c: Color, p: Point) -> bool {
        self.board.neighbours(p).iter().any(|&n| {
            self.color_at(n) == Some(!c) && !self.in_runner(n) && self.short_of_liberties(n, !c)
        })
    }

    /// Calls `f` on every stone of the runner until it returns false.
    fn runner_stones(&self, mut f: impl FnMut(Point) -> bool) -> bool {
        for &h in self.runner_heads.as_slice() {
            for s in self.board.string_stones(h) {
                if !f(s) {
                    return false;
                }
            }
        }
        self.runner_added.iter().all(f)
    }

    /// The runner's liberties, up to three.
    fn runner_liberties(&self) -> Few {
        let mut few = Few::new();
        self.runner_stones(|s| {
            self.board
                .neighbours(s)
                .iter()
                .all(|&n| !self.is_empty(n) || few.add_liberty(n))
        });
        few
    }

    /// Whether a chasing string short of liberties touches the runner (all
    /// around it, or only around `near`), the string of the chasing stone
    /// `checked` (known to have room) aside.
    fn can_countercapture(&self, near: Option<Point>, checked: Point) -> bool {
        let chaser = !self.rc;
        // The board's strings that `checked` joins.
        let mut with_checked = [checked; 4];
        for (w, n) in with_checked.iter_mut().zip(self.board.neighbours(checked)) {
            if self.board.color_at(n) == Some(chaser) {
                *w = self.board.string_head(n);
            }
        }
        let threatened = |n: Point| {
            self.color_at(n) == Some(chaser)
                && n != checked
                && (self.added.contains(n) || !with_checked.contains(&self.board.string_head(n)))
                && self.short_of_liberties(n, chaser)
        };
        match near {
            Some(e) => self.board.neighbours(e).into_iter().any(threatened),
            None => !self.runner_stones(|s| !self.board.neighbours(s).into_iter().any(threatened)),
        }
    }

    /// The chaser's ataris on the runner's liberties `libs` worth trying,
    /// the more promising first (see [`ataris`]).
    pub(super) fn ataris(&self, libs: [Point; 2]) -> ([Atari; 2], usize) {
        ataris(libs, self.ko, |e, a| self.open(e, a, a))
    }
}

/// The chaser's ataris on the runner's liberties `libs` that could keep
/// the runner on two liberties (the point it extends to has at most two
/// other empty neighbours; `open(e, a)` counts the empty neighbours of `e`
/// other than `a`) and do not retake the ko `ko`, the more promising
/// first: fewer liberties for the extension, then more room for the
/// chasing stone.
pub(super) fn ataris(
    libs: [Point; 2],
    ko: Option<Point>,
    open: impl Fn(Point, Point) -> u32,
) -> ([Atari; 2], usize) {
    let mut out = [Atari {
        at: libs[0],
        escape: libs[1],
    }; 2];
    let mut keys = [0u32; 2];
    let mut n = 0;
    for (at, escape) in [(libs[0], libs[1]), (libs[1], libs[0])] {
        let room = open(escape, at);
        if room <= 2 && ko != Some(at) {
            out[n] = Atari { at, escape };
            keys[n] = room * 4 + (4 - open(at, escape));
            n += 1;
        }
    }
    if n == 2 && keys[1] < keys[0] {
        out.swap(0, 1);
    }
    (out, n)
}

/// Follow the line that starts with the chaser's `atari` to its end:
/// whether it captures the runner. `scan` is the runner's last extension:
/// only the chasing strings next to it can have lost liberties since the
/// runner last looked for a countercapture (`None`: look all around the
/// runner). `moves` is what is left of the read's allowance.
pub(super) fn chase(
    mut st: Chase,
    mut atari: Atari,
    mut scan: Option<Point>,
    moves: &mut u32,
) -> bool {
    let (rc, chaser) = (st.rc, !st.rc);
    loop {
        if *moves == 0 {
            return false;
        }
        *moves -= 1;
        // The atari: no ko, no capture, and room for the chasing string.
        let a = atari.at;
        if st.ko == Some(a) || st.captures(chaser, a) {
            return false;
        }
        st.ko = None;
        st.place(chaser, a);
        if st.short_of_liberties(a, chaser) || st.can_countercapture(scan, a) {
            return false;
        }
        // The runner extends on its last liberty, capturing nothing.
        let e = atari.escape;
        if st.captures(rc, e) {
            return false;
        }
        let mut joined = false;
        for n in st.board.neighbours(e) {
            if st.color_at(n) == Some(rc) && !st.in_runner(n) {
                if !st.join_runner(n) {
                    return false;
                }
                joined = true;
            }
        }
        st.place(rc, e);
        // Its old liberties are filled: unless it joined other strings,
        // its liberties are the empty neighbours of the new stone. With
        // none, the extension was suicide: the runner is lost all the same.
        let libs = if joined {
            st.runner_liberties()
        } else {
            let mut few = Few::new();
            for n in st.board.neighbours(e) {
                if st.is_empty(n) {
                    few.add_liberty(n);
                }
            }
            few
        };
        let libs = match (libs.len, libs.pair()) {
            (0 | 1, _) => return true,
            (2, Some(l)) => l,
            _ => return false,
        };
        // New neighbours of the runner to look at next time: those of the
        // new stone, or all of them when it joined other strings.
        scan = (!joined).then_some(e);
        let (next, n) = st.ataris(libs);
        atari = match n {
            0 => return false,
            1 => next[0],
            _ => {
                if chase(st, next[0], scan, moves) {
                    return true;
                }
                next[1]
            }
        };
    }
}

/// [`chase`] from the position where the runner has just extended to the
/// two liberties `libs`, the chaser to move.
pub(super) fn chase_on(st: Chase, libs: [Point; 2], scan: Option<Point>, moves: &mut u32) -> bool {
    let (next, n) = st.ataris(libs);
    next[..n].iter().any(|&a| chase(st, a, scan, moves))
}
