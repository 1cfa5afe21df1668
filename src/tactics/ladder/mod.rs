//! Ladders (shicho): can a string with two liberties be captured by a
//! chase of ataris, its owner extending out of each one?
//!
//! A cheap reader in the manner of the ladder checks of Moggy-style
//! playouts: it follows the chase, the chaser giving atari on one of the
//! runner's two liberties and the runner extending on the other, trying
//! both ataris where both could work. A line ends as soon as it leaves
//! that simple pattern, and then in the runner's favour: when the runner
//! gets three liberties, can capture a chasing string in atari, or would
//! capture anything by extending; when the chaser's atari would capture
//! something, retake a ko or leave its own string short of liberties; or
//! when the read has used its moves. So "laddered" is an answer read out to
//! the end, and "not laddered" can be wrong only in the runner's favour
//! (the reader does not follow what a countercapture could lead to).
//!
//! Since no line goes on past a capture, every move of a read is a quiet
//! one: the reader plays it on the board itself ([`Board::play_quiet`]) and
//! takes it back ([`Board::undo_quiet`]), so the board's own O(1) atari
//! test answers for every string, and a read leaves the board exactly as
//! it found it (down to the order of its empty list, which the playouts'
//! random choices depend on). Nothing allocates, nothing is copied.

#[cfg(test)]
mod tests;

use crate::board::{Board, Color, Point, PointSet};

/// For tests here and in the users of the reader: White C3 on 9x9, with
/// Black on B3, C2 and D2, put in atari by Black's last move C4.
/// Extending on D3 runs into a ladder unless one of the White stones
/// `white` adds stands on the path (G7 breaks it).
#[cfg(test)]
pub(crate) fn classic_ladder(white: &[&str]) -> Board {
    let mut b = Board::new(9);
    let p = |s| Point::parse(s, 9).unwrap();
    for s in ["B3", "C2", "D2"] {
        b.add_setup_stone(Color::Black, p(s)).unwrap();
    }
    for &s in ["C3"].iter().chain(white) {
        b.add_setup_stone(Color::White, p(s)).unwrap();
    }
    b.play(Color::Black, p("C4")).unwrap();
    b
}

/// Chaser moves that one read may play, over all its lines: a ladder
/// across the whole 19x19 board takes about 32.
const MAX_CHASE_MOVES: u32 = 80;

/// Strings of the position read from that the runner may join before the
/// read gives up (in the runner's favour).
const MAX_RUNNER_STRINGS: u32 = 12;

/// Liberties as far as a ladder cares: none, one, two, or more (three).
type Few = PointSet<3>;

/// Whether `c` playing the legal move `p` runs into a working ladder: the
/// move captures nothing, gives its string exactly two liberties, and the
/// opponent, to move, can capture the string by a chase of ataris. The
/// board is read by playing on it and is left as it was.
pub fn escape_is_laddered(board: &mut Board, c: Color, p: Point) -> bool {
    let mut strings = PointSet::<4>::new();
    for n in board.neighbours(p) {
        if board.color_at(n) == Some(c) {
            strings.insert(board.string_head(n));
        }
    }
    let Some(undo) = board.play_quiet(c, p) else {
        return false;
    };
    let laddered = two_liberties(board, p).is_some_and(|libs| {
        Read::new(c, p)
            .first_ataris(board, libs, strings.len() as u32)
            .is_some()
    });
    board.undo_quiet(undo);
    laddered
}

/// The atari by `c` that captures the opposing string through `runner`,
/// whose liberties are exactly `libs`, in a ladder, if one does.
pub fn ladder_atari(board: &mut Board, c: Color, runner: Point, libs: [Point; 2]) -> Option<Point> {
    Read::new(!c, runner).first_ataris(board, libs, 1)
}

/// Whether `c` giving atari on `at`, one of the two liberties `libs` of the
/// opposing string through `runner`, captures that string in a ladder.
pub fn is_ladder_atari(
    board: &mut Board,
    c: Color,
    at: Point,
    runner: Point,
    libs: [Point; 2],
) -> bool {
    let escape = if libs[0] == at { libs[1] } else { libs[0] };
    if open(board, escape, at) > 2 {
        return false;
    }
    let atari = Atari { at, escape };
    Read::new(!c, runner).line(board, atari, None, Step::First, 1)
}

/// The liberties of the string through `p`, when it has exactly two.
#[inline]
pub fn two_liberties(board: &Board, p: Point) -> Option<[Point; 2]> {
    if !board.may_lack_three_liberties(p) {
        return None;
    }
    few_liberties(board, board.string_stones(p)).pair()
}

/// The liberties, up to three, found around `stones`.
#[inline]
fn few_liberties(board: &Board, stones: impl Iterator<Item = Point>) -> Few {
    let mut few = Few::new();
    for s in stones {
        for n in board.neighbours(s) {
            if board.is_empty_at(n) && (!few.insert(n) || few.is_full()) {
                return few;
            }
        }
    }
    few
}

/// Empty neighbours of `e` other than `a`.
#[inline]
fn open(board: &Board, e: Point, a: Point) -> u32 {
    board
        .neighbours(e)
        .iter()
        .filter(|&&n| n != a && board.is_empty_at(n))
        .count() as u32
}

/// A chasing atari: the chaser plays `at`, which leaves the runner the one
/// liberty `escape`.
#[derive(Clone, Copy, Debug)]
struct Atari {
    at: Point,
    escape: Point,
}

/// The chaser's ataris on the runner's liberties `libs` that could keep
/// the runner on two liberties (the point it extends to has at most two
/// other empty neighbours) and do not retake a ko, the more promising
/// first: fewer liberties for the extension, then more room for the
/// chasing stone.
fn ataris(board: &Board, chaser: Color, libs: [Point; 2]) -> ([Atari; 2], usize) {
    let ko = board.ko_point(chaser);
    let mut out = [Atari {
        at: libs[0],
        escape: libs[1],
    }; 2];
    let mut keys = [0u32; 2];
    let mut n = 0;
    for (at, escape) in [(libs[0], libs[1]), (libs[1], libs[0])] {
        let room = open(board, escape, at);
        if room <= 2 && ko != Some(at) {
            out[n] = Atari { at, escape };
            keys[n] = room * 4 + (4 - open(board, at, escape));
            n += 1;
        }
    }
    if n == 2 && keys[1] < keys[0] {
        out.swap(0, 1);
    }
    (out, n)
}

/// Whether a line's first atari has been paid for: a read pays for its
/// first atari only when the line goes on past it (the allowance counts
/// the chaser's moves that lead somewhere further).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    First,
    Later,
}

/// One read: the runner and what is left of the allowance.
struct Read {
    /// The runner's colour.
    rc: Color,
    /// A stone of the runner.
    runner: Point,
    moves: u32,
}

impl Read {
    fn new(rc: Color, runner: Point) -> Read {
        Read {
            rc,
            runner,
            moves: MAX_CHASE_MOVES,
        }
    }

    /// With the chaser to move against the runner, made up of `strings`
    /// strings of the position read from, on exactly the liberties `libs`:
    /// the first atari of a line that captures the runner.
    fn first_ataris(&mut self, board: &mut Board, libs: [Point; 2], strings: u32) -> Option<Point> {
        let (ataris, n) = ataris(board, !self.rc, libs);
        ataris[..n]
            .iter()
            .find(|&&a| self.line(board, a, None, Step::First, strings))
            .map(|a| a.at)
    }

    /// Whether the line that starts with `atari` captures the runner, made
    /// up of `strings` strings of the position read from. `scan` is the
    /// runner's last extension: only the chasing strings next to it can
    /// have lost liberties since the runner last looked for a
    /// countercapture (`None`: look all around the runner).
    fn line(
        &mut self,
        board: &mut Board,
        atari: Atari,
        scan: Option<Point>,
        step: Step,
        strings: u32,
    ) -> bool {
        if step == Step::Later && !self.pay() {
            return false;
        }
        let chaser = !self.rc;
        // The atari: no ko, no capture, legal.
        if board.ko_point(chaser) == Some(atari.at) {
            return false;
        }
        let Some(undo) = board.play_quiet(chaser, atari.at) else {
            return false;
        };
        let captured = self.after_atari(board, atari, scan, step, strings);
        board.undo_quiet(undo);
        captured
    }

    /// Count one chaser's move against the allowance: false when none is left.
    #[inline]
    fn pay(&mut self) -> bool {
        if self.moves == 0 {
            return false;
        }
        self.moves -= 1;
        true
    }

    /// [`Read::line`] once the chasing stone stands on `atari.at`.
    fn after_atari(
        &mut self,
        board: &mut Board,
        atari: Atari,
        scan: Option<Point>,
        step: Step,
        strings: u32,
    ) -> bool {
        let (rc, chaser) = (self.rc, !self.rc);
        let Atari { at: a, escape: e } = atari;
        // Room for the chasing string, and no chasing string in atari
        // beside the runner (a countercapture).
        if board.in_atari(a) {
            return false;
        }
        let threatened = |n: Point| board.color_at(n) == Some(chaser) && board.in_atari(n);
        let countercapture = match scan {
            Some(s) => board.neighbours(s).into_iter().any(threatened),
            None => board
                .string_stones(self.runner)
                .any(|s| board.neighbours(s).into_iter().any(threatened)),
        };
        // The runner extends on its last liberty, capturing nothing.
        if countercapture || board.neighbours(e).into_iter().any(threatened) {
            return false;
        }
        let runner_head = board.string_head(self.runner);
        let mut joined = PointSet::<4>::new();
        for n in board.neighbours(e) {
            if board.color_at(n) == Some(rc) && board.string_head(n) != runner_head {
                joined.insert(board.string_head(n));
            }
        }
        let strings = strings + joined.len() as u32;
        if strings > MAX_RUNNER_STRINGS {
            return false;
        }
        // No liberty at all: the extension is suicide, and the runner is
        // lost all the same.
        let Some(undo) = board.play_quiet(rc, e) else {
            return true;
        };
        // Its old liberties are filled: unless it joined other strings,
        // its liberties are the empty neighbours of the new stone.
        let libs = if joined.is_empty() {
            few_liberties(board, std::iter::once(e))
        } else {
            few_liberties(board, board.string_stones(e))
        };
        let captured = match (libs.len(), libs.pair()) {
            (0 | 1, _) => true,
            (2, Some(libs)) if step == Step::Later || self.pay() => {
                // New neighbours of the runner to look at next time: those
                // of the new stone, or all of them when it joined others.
                let scan = joined.is_empty().then_some(e);
                let (next, n) = ataris(board, chaser, libs);
                next[..n]
                    .iter()
                    .any(|&a| self.line(board, a, scan, Step::Later, strings))
            }
            _ => false,
        };
        board.undo_quiet(undo);
        captured
    }
}
