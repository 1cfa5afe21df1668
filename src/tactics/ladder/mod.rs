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
//! Since no line goes on past a capture, stones are only ever added: the
//! read keeps the added stones beside the unchanged board instead of
//! playing on a copy of it (a copy is 15 KB, and a playout asks for dozens
//! of reads). A string of the board that no added stone touches still has
//! the board's liberties, which the board knows in O(1); only strings that
//! added stones touch are walked. Most reads in a playout end at the first
//! atari, which is read from the board alone (in this file); the general
//! reader on the added stones is in [`chase`]. Nothing allocates.

mod chase;
#[cfg(test)]
mod tests;

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

use crate::board::{Board, Color, Point};
use chase::{chase_on, Atari, Chase, Few};

/// Chaser moves that one read may play, over all its lines: a ladder
/// across the whole 19x19 board takes about 32.
const MAX_CHASE_MOVES: u32 = 80;

/// Whether `c` playing the legal move `p` runs into a working ladder: the
/// move captures nothing, gives its string exactly two liberties, and the
/// opponent, to move, can capture the string by a chase of ataris.
pub fn escape_is_laddered(board: &Board, c: Color, p: Point) -> bool {
    let mut heads = [p; 4];
    for (h, n) in heads.iter_mut().zip(board.neighbours(p)) {
        match board.color_at(n) {
            Some(col) if col == c => *h = board.string_head(n),
            Some(_) if board.in_atari(n) => return false,
            _ => {}
        }
    }
    let mut libs = Few::new();
    for n in board.neighbours(p) {
        if board.is_empty_at(n) {
            libs.add(n);
        }
    }
    liberties_beyond(board, &heads, [p, p, p], &mut libs, 3);
    let Some(libs) = libs.pair() else {
        return false;
    };
    let start = Start {
        board,
        rc: c,
        heads,
        extra: Some(p),
        ko: None,
    };
    read(&start, libs).is_some()
}

/// The atari by `c` that captures the opposing string through `runner`,
/// whose liberties are exactly `libs`, in a ladder, if one does.
pub fn ladder_atari(board: &Board, c: Color, runner: Point, libs: [Point; 2]) -> Option<Point> {
    read(&Start::string(board, c, runner), libs)
}

/// Whether `c` giving atari on `at`, one of the two liberties `libs` of the
/// opposing string through `runner`, captures that string in a ladder.
pub fn is_ladder_atari(
    board: &Board,
    c: Color,
    at: Point,
    runner: Point,
    libs: [Point; 2],
) -> bool {
    let start = Start::string(board, c, runner);
    let escape = if libs[0] == at { libs[1] } else { libs[0] };
    if start.open(escape, at) > 2 {
        return false;
    }
    let mut moves = MAX_CHASE_MOVES;
    first_then_chase(&start, Atari { at, escape }, &mut moves)
}

/// The liberties of the string through `p`, when it has exactly two.
#[inline]
pub fn two_liberties(board: &Board, p: Point) -> Option<[Point; 2]> {
    let mut few = Few::new();
    for s in board.string_stones(p) {
        for n in board.neighbours(s) {
            if board.is_empty_at(n) && !few.add_liberty(n) {
                return None;
            }
        }
    }
    few.pair()
}

/// The position before a read, as the board shows it: the runner (colour
/// `rc`) is the board's strings with heads in `heads` (other entries
/// repeat one of them or equal `extra`) and, when it has just been
/// (hypothetically) extended there, the stone `extra`; the chaser may not
/// take the ko `ko` at once.
struct Start<'a> {
    board: &'a Board,
    rc: Color,
    heads: [Point; 4],
    extra: Option<Point>,
    ko: Option<Point>,
}

impl<'a> Start<'a> {
    /// The board's string through `runner`, with `c` to chase it.
    fn string(board: &'a Board, c: Color, runner: Point) -> Start<'a> {
        Start {
            board,
            rc: !c,
            heads: [board.string_head(runner); 4],
            extra: None,
            ko: board.ko_point(c),
        }
    }

    /// Empty neighbours of `e` other than `a` (and `extra`).
    fn open(&self, e: Point, a: Point) -> u32 {
        self.board
            .neighbours(e)
            .iter()
            .filter(|&&n| n != a && Some(n) != self.extra && self.board.is_empty_at(n))
            .count() as u32
    }

    /// The same position for the general reader.
    fn chase(&self) -> Chase<'a> {
        let mut st = Chase::new(self.board, self.rc, self.ko);
        for h in self.heads {
            if Some(h) != self.extra {
                st.join_runner(h);
            }
        }
        if let Some(p) = self.extra {
            st.place(self.rc, p);
        }
        st
    }
}

/// How the chaser's first atari ends, as far as the board tells at once.
enum First {
    Fails,
    Captures,
    /// The runner, having extended, has the two liberties `libs` again;
    /// `joined` holds the heads of the other strings it joined (other
    /// entries are the extension point).
    ReadOn {
        libs: [Point; 2],
        joined: [Point; 4],
    },
}

/// With the chaser to move against the runner on exactly the liberties
/// `libs`: the first atari of a line that captures the runner.
fn read(start: &Start, libs: [Point; 2]) -> Option<Point> {
    let mut moves = MAX_CHASE_MOVES;
    let (ataris, n) = chase::ataris(libs, start.ko, |e, a| start.open(e, a));
    ataris[..n]
        .iter()
        .find(|&&a| first_then_chase(start, a, &mut moves))
        .map(|a| a.at)
}

/// Whether the line that starts with `atari` captures the runner: the
/// board's quick answer, or the general reader's.
fn first_then_chase(start: &Start, atari: Atari, moves: &mut u32) -> bool {
    let (libs, joined) = match first_atari(start, atari) {
        First::Fails => return false,
        First::Captures => return true,
        First::ReadOn { libs, joined } => (libs, joined),
    };
    // Go on from the position after the first atari and extension (the
    // step counts against the allowance as if the reader had played it).
    if *moves == 0 {
        return false;
    }
    *moves -= 1;
    let mut st = start.chase();
    st.ko = None;
    st.place(!st.rc, atari.at);
    let mut scan = Some(atari.escape);
    for h in joined {
        if h != atari.escape {
            if !st.join_runner(h) {
                return false;
            }
            scan = None;
        }
    }
    st.place(st.rc, atari.escape);
    chase_on(st, libs, scan, moves)
}

/// The first step of a chase, read from the board's own liberty counts
/// where they suffice: most reads in a playout end here, at a small part
/// of the cost of the general reader (which [`First::ReadOn`] goes on
/// with). It must agree with that reader wherever it answers (the tests
/// compare them).
fn first_atari(start: &Start, atari: Atari) -> First {
    let (board, rc) = (start.board, start.rc);
    let chaser = !rc;
    let Atari { at: a, escape: e } = atari;
    let extra = start.extra.unwrap_or(a);
    if start.ko == Some(a) {
        return First::Fails;
    }
    let in_runner = |n: Point| start.heads.contains(&board.string_head(n));
    let empty = |n: Point| n != extra && board.is_empty_at(n);
    // Chasing strings that `extra` has taken a liberty from.
    let mut pressed = [a; 4];
    if start.extra.is_some() {
        for (q, n) in pressed.iter_mut().zip(board.neighbours(extra)) {
            if board.color_at(n) == Some(chaser) {
                *q = board.string_head(n);
            }
        }
    }
    // The chasing stone must capture nothing and have room; the strings
    // it joins are part of its own.
    let mut joined = [a; 4];
    let mut room = Few::new();
    for (j, n) in joined.iter_mut().zip(board.neighbours(a)) {
        match board.color_at(n) {
            None if empty(n) => {
                room.add(n);
            }
            Some(col) if col == rc && !in_runner(n) && board.in_atari(n) => {
                return First::Fails;
            }
            Some(col) if col == chaser => *j = board.string_head(n),
            _ => {}
        }
    }
    if room.len < 2 && !liberties_beyond(board, &joined, [a, a, extra], &mut room, 2) {
        return First::Fails;
    }
    // Whether the chasing string through `n`, apart from the chasing
    // stone's, is short of liberties.
    let short_apart = |n: Point| {
        if board.color_at(n) != Some(chaser) {
            return false;
        }
        let head = board.string_head(n);
        if joined.contains(&head) {
            return false;
        }
        if board.in_atari(n) {
            return true;
        }
        if !pressed.contains(&head) {
            return false;
        }
        let mut libs = Few::new();
        !liberties_beyond(board, &[head; 4], [extra, extra, extra], &mut libs, 2)
    };
    // A countercapture.
    for (i, &h) in start.heads.iter().enumerate() {
        if h == extra || start.heads[..i].contains(&h) {
            continue;
        }
        for s in board.string_stones(h) {
            if board.neighbours(s).into_iter().any(short_apart) {
                return First::Fails;
            }
        }
    }
    if start.extra.is_some() && board.neighbours(extra).into_iter().any(short_apart) {
        return First::Fails;
    }
    // The extension: it must capture nothing; its liberties decide.
    let mut libs = Few::new();
    let mut others = [e; 4];
    for (o, n) in others.iter_mut().zip(board.neighbours(e)) {
        if n == a || n == extra {
            continue;
        }
        match board.color_at(n) {
            None if board.is_empty_at(n) => {
                libs.add(n);
            }
            Some(col) if col == rc && !in_runner(n) => *o = board.string_head(n),
            Some(col) if col == chaser && short_apart(n) => return First::Fails,
            _ => {}
        }
    }
    // The runner's own liberties are gone (`a` and `e`); other strings it
    // joins bring theirs.
    liberties_beyond(board, &others, [a, e, extra], &mut libs, 3);
    match (libs.len, libs.pair()) {
        (0 | 1, _) => First::Captures,
        (2, Some(libs)) => First::ReadOn {
            libs,
            joined: others,
        },
        _ => First::Fails,
    }
}

/// Add to `libs` the liberties of the board's strings with heads in
/// `heads` (other entries are points of `not`), leaving out the points
/// `not`, until `libs` holds `enough`: whether it does.
fn liberties_beyond(
    board: &Board,
    heads: &[Point; 4],
    not: [Point; 3],
    libs: &mut Few,
    enough: usize,
) -> bool {
    for (i, &h) in heads.iter().enumerate() {
        if not.contains(&h) || heads[..i].contains(&h) {
            continue;
        }
        for s in board.string_stones(h) {
            for n in board.neighbours(s) {
                if !not.contains(&n) && board.is_empty_at(n) {
                    libs.add(n);
                    if libs.len >= enough {
                        return true;
                    }
                }
            }
        }
    }
    libs.len >= enough
}
