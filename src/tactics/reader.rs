//! A small capture reader for strings of few liberties: can the attacker,
//! to move, capture the string; can its owner, to move, save it? The
//! tree's priors ask it which moves kill or save a weak string
//! ([`Reader::weak_string_moves`]), so that a move that decides a fight is
//! found without thousands of playouts (GNU Go's `attack`/`find_defense`
//! are the model, much reduced).
//!
//! The read is a depth-first search of the moves that matter to the
//! string: the attacker plays on its liberties (and, at two liberties, on
//! the points next to them); the owner extends on its liberties, captures
//! an attacking string in atari, or takes a liberty from an attacking
//! string that has as few as the string itself (a capturing race). A
//! string with more than [`MAX_LIBERTIES`] liberties is safe; one with two
//! is first tried as a ladder ([`super::ladder`]), which reads long chases
//! cheaply. Kos are read as GNU Go reads them: a side that may not retake
//! a ko at once may retake it after a threat (once in a line), and a line
//! won that way is won only by a ko ([`Answer::KoB`] for the side that
//! needed the threat, [`Answer::KoA`] for the other, which took the ko
//! first). Each read has a budget of moves and a depth; one that runs out
//! answers "unknown", and the callers act on none of those.
//!
//! Moves that capture nothing are played on the board of the current
//! depth and taken back ([`Board::play_quiet`]); a capture is played on a
//! copy, in a stack of boards allocated once with the reader.

use crate::board::{Board, Color, IllegalMove, Point, PointSet};

use super::ladder::{ladder_atari, two_liberties};

/// A string with more liberties than this is safe for the reader.
pub const MAX_LIBERTIES: u32 = 3;

/// Moves deep a read may go.
const MAX_DEPTH: usize = 12;

/// From this many moves deep, a string of [`MAX_LIBERTIES`] liberties
/// counts as safe, and one of two unless the ladder reader captures it:
/// what is left deep in a read is a chase, not a net.
const DEEP: usize = 4;

/// Moves one question may play, over all its lines.
const BUDGET: u32 = 400;

/// A read's answer for the side it asks about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// It succeeds, whatever the kos.
    Yes,
    /// It succeeds if it wins a ko that it takes first (the other side
    /// needs a threat to retake).
    KoA,
    /// It succeeds if it wins a ko that it must retake after a threat.
    KoB,
    /// It fails, even winning the kos.
    No,
    Unknown,
}

impl Answer {
    /// The answer to the opposite question (does the other side succeed):
    /// yes and no swap, and so do the two kinds of ko; unknown stays.
    fn opposite(self) -> Answer {
        match self {
            Answer::Yes => Answer::No,
            Answer::KoA => Answer::KoB,
            Answer::KoB => Answer::KoA,
            Answer::No => Answer::Yes,
            Answer::Unknown => Answer::Unknown,
        }
    }

    /// How good the answer is for the side it is about: no, then the ko
    /// that needs a threat, the ko taken first, yes (unknown ranks with
    /// no: nothing is acted on).
    fn rank(self) -> u8 {
        match self {
            Answer::No | Answer::Unknown => 0,
            Answer::KoB => 1,
            Answer::KoA => 2,
            Answer::Yes => 3,
        }
    }

    /// The answer of a line in which the side retook a ko after a threat:
    /// a success is at best the ko that needed the threat.
    fn after_threat(self) -> Answer {
        match self {
            Answer::Yes | Answer::KoA => Answer::KoB,
            other => other,
        }
    }
}

/// Strings the reader looks at in one position.
const MAX_STRINGS: usize = 8;

/// The moves that decide the weak strings of a position, for the side to
/// move.
#[derive(Clone, Copy, Debug, Default)]
pub struct WeakStringMoves {
    /// Moves that capture an opposing string its owner could otherwise
    /// save.
    pub kill: PointSet<16>,
    /// Moves that save an own string the opponent could otherwise capture.
    pub save: PointSet<16>,
    /// Liberties of own strings that nothing saves: extending there only
    /// adds stones to the capture.
    pub futile: PointSet<16>,
    /// The kills and saves that decide a string of at least
    /// [`BIG_STRING`] stones.
    pub big: PointSet<16>,
    /// Moves that kill or save a string only by a ko the side must retake
    /// after a threat ([`Answer::KoB`]), where the string would otherwise
    /// live or die outright (not in `kill` or `save` unless they do that
    /// for another string).
    pub ko: PointSet<16>,
}

/// Stones in a string whose kill or save counts as big.
pub const BIG_STRING: u32 = 3;

/// The reader, with its scratch boards.
pub struct Reader {
    /// One board per capture deep: `boards[0]` is the position read.
    boards: Vec<Board>,
    /// Moves left to the current question.
    left: u32,
    /// Ko retakes after a threat left to the current line (one a line).
    threats: u32,
    /// Moves played over the reader's life (for measurement).
    pub moves_played: u64,
}

/// How a move was played: on the same board (to take back), on the next
/// board of the stack (a capture), or there as a ko retaken after a
/// threat.
enum Played {
    Quiet(crate::board::board::Undo),
    Copied,
    AfterThreat,
}

impl Reader {
    /// A reader for boards of up to `size` points a side (any size works;
    /// the stack is allocated here, once).
    pub fn new(size: usize) -> Reader {
        Reader {
            boards: (0..=MAX_DEPTH).map(|_| Board::new(size)).collect(),
            left: 0,
            threats: 1,
            moves_played: 0,
        }
    }

    /// For `c` to move on `board`: the moves that kill an unsettled
    /// opposing string or save an own string in danger, among the strings
    /// of at most two liberties anywhere and of three beside `near` (the
    /// last moves), the smallest liberty counts first.
    pub fn weak_string_moves(
        &mut self,
        board: &Board,
        c: Color,
        near: &[Option<Point>],
    ) -> WeakStringMoves {
        let mut out = WeakStringMoves::default();
        // The weak strings read: the fewest liberties first, then the
        // biggest (on a busy 19x19 board there are many more than
        // MAX_STRINGS, and a big string at stake matters most), in board
        // order among equals.
        let mut chosen = [(u32::MAX, Point::from_xy_unchecked(0, 0, 1)); MAX_STRINGS];
        let mut len = 0;
        for p in board.points() {
            if board.color_at(p).is_none() || board.string_head(p) != p {
                continue;
            }
            let n = board.liberty_count(p);
            if n > MAX_LIBERTIES || (n == MAX_LIBERTIES && !touches(board, p, near)) {
                continue;
            }
            let key = (n << 16) | (0xffff - board.string_size(p).min(0xffff));
            let Some(at) = chosen[..len]
                .iter()
                .position(|&(k, _)| k > key)
                .or((len < MAX_STRINGS).then_some(len))
            else {
                continue;
            };
            len = (len + 1).min(MAX_STRINGS);
            chosen.copy_within(at..len - 1, at + 1);
            chosen[at] = (key, p);
        }
        self.boards[0].copy_from(board);
        for &(_, s) in &chosen[..len] {
            let size = board.string_size(s);
            if board.color_at(s) == Some(c) {
                // Own string: can the attacker take it, at least by a ko
                // it takes first, and which moves do better for it than
                // a pass?
                let danger = self.ask(|r| r.attack_after_pass(0, s));
                if danger.rank() < Answer::KoA.rank() {
                    continue;
                }
                let passing = danger.opposite().rank();
                let (mut found, mut unknown) = (false, false);
                for m in defence_candidates(&self.boards[0], s).as_slice() {
                    match self.ask(|r| r.defends_with(0, s, *m)) {
                        Answer::Unknown => unknown = true,
                        Answer::KoB if passing == 0 => {
                            out.ko.insert(*m);
                            found = true;
                        }
                        a if a.rank() > passing => {
                            out.save.insert(*m);
                            if size >= BIG_STRING {
                                out.big.insert(*m);
                            }
                            found = true;
                        }
                        _ => {}
                    }
                }
                if !found && !unknown && danger == Answer::Yes {
                    // Dead as it stands: running on its liberties only
                    // adds stones to the capture.
                    for l in self.boards[0].liberties(s).iter() {
                        out.futile.insert(l);
                    }
                }
            } else {
                // Opposing string: could its owner save it (at least by a
                // ko it takes first) if we did not move, and which moves
                // do better for us than a pass?
                let life = self.ask(|r| r.defend_after_pass(0, s));
                if life.rank() < Answer::KoA.rank() {
                    continue;
                }
                let passing = life.opposite().rank();
                for m in attack_candidates(&self.boards[0], s, true).as_slice() {
                    let a = self.ask(|r| r.attacks_with(0, s, *m));
                    if a == Answer::KoB && passing == 0 {
                        out.ko.insert(*m);
                    } else if a.rank() > passing {
                        out.kill.insert(*m);
                        if size >= BIG_STRING {
                            out.big.insert(*m);
                        }
                    }
                }
            }
        }
        out
    }

    /// With the attacker of the string through `s` to move on `board`:
    /// whether it captures the string.
    pub fn attack(&mut self, board: &Board, s: Point) -> Answer {
        self.boards[0].copy_from(board);
        self.ask(|r| r.attack_at(0, s))
    }

    /// With the owner of the string through `s` to move on `board`:
    /// whether it saves the string.
    pub fn defend(&mut self, board: &Board, s: Point) -> Answer {
        self.boards[0].copy_from(board);
        self.ask(|r| r.defend_at(0, s))
    }

    /// With the attacker of the string through `s` to move on `board`: a
    /// move that captures the string, when the read finds one (`Yes`);
    /// `No` when none does, `Unknown` when a line ran out of the budget.
    pub fn attack_move(&mut self, board: &Board, s: Point) -> (Answer, Option<Point>) {
        self.boards[0].copy_from(board);
        let owner = board.color_at(s).expect("a string");
        let b = &self.boards[0];
        if b.in_atari(s) {
            let l = b.atari_liberty(s).expect("in atari");
            if b.is_legal(!owner, l) {
                return (Answer::Yes, Some(l));
            }
        }
        let candidates = attack_candidates(&self.boards[0], s, true);
        self.first_yes(candidates.as_slice(), |r, m| {
            r.ask(|r| r.attacks_with(0, s, m))
        })
    }

    /// With the owner of the string through `s` to move on `board`: a
    /// move that saves it (`Yes`, `None` when it needs none: the attacker
    /// could not capture it even moving first), `No` when nothing does,
    /// `Unknown` when the read ran out of its budget.
    pub fn defence_move(&mut self, board: &Board, s: Point) -> (Answer, Option<Point>) {
        self.boards[0].copy_from(board);
        match self.ask(|r| r.attack_after_pass(0, s)) {
            Answer::No => return (Answer::Yes, None),
            Answer::Unknown => return (Answer::Unknown, None),
            Answer::Yes | Answer::KoA | Answer::KoB => {}
        }
        let candidates = defence_candidates(&self.boards[0], s);
        self.first_yes(candidates.as_slice(), |r, m| {
            r.ask(|r| r.defends_with(0, s, m))
        })
    }

    /// The first of `moves` that `try_move` answers `Yes` for, with that
    /// answer; else `Unknown` when some answer was; else the best ko found
    /// (the first of its kind), else `No`.
    fn first_yes(
        &mut self,
        moves: &[Point],
        mut try_move: impl FnMut(&mut Reader, Point) -> Answer,
    ) -> (Answer, Option<Point>) {
        let mut unknown = false;
        let mut best = (Answer::No, None);
        for &m in moves {
            match try_move(self, m) {
                Answer::Yes => return (Answer::Yes, Some(m)),
                Answer::Unknown => unknown = true,
                ko if ko.rank() > best.0.rank() => best = (ko, Some(m)),
                _ => {}
            }
        }
        if unknown {
            (Answer::Unknown, None)
        } else {
            best
        }
    }

    /// One question, with a fresh budget.
    fn ask(&mut self, f: impl FnOnce(&mut Reader) -> Answer) -> Answer {
        self.left = BUDGET;
        f(self)
    }

    /// Play `c` on `m` on the board of depth `d`: `None` when illegal,
    /// else how (and the depth of the board it is on now).
    /// A ko retake that the ko rule forbids is played as if after a
    /// threat, when the line has one left ([`Played::AfterThreat`]).
    fn play(&mut self, d: usize, c: Color, m: Point) -> Option<(Played, usize)> {
        let b = &mut self.boards[d];
        let after_threat = match b.check_legal(c, m) {
            Ok(()) => false,
            Err(IllegalMove::Ko) if self.threats > 0 => true,
            Err(_) => return None,
        };
        self.left = self.left.saturating_sub(1);
        self.moves_played += 1;
        if !after_threat {
            if let Some(u) = b.play_quiet(c, m) {
                return Some((Played::Quiet(u), d));
            }
        }
        if d + 1 >= self.boards.len() {
            return None;
        }
        let (lo, hi) = self.boards.split_at_mut(d + 1);
        hi[0].copy_from(&lo[d]);
        if after_threat {
            // The threat and its answer are played elsewhere: all that is
            // left of them here is the ko ban lifted.
            hi[0].pass();
            self.threats -= 1;
        }
        hi[0].play_legal(c, m);
        let how = if after_threat {
            Played::AfterThreat
        } else {
            Played::Copied
        };
        Some((how, d + 1))
    }

    /// Take back a move played on board `d`; the returned function turns
    /// the line's answer for the mover into the move's answer.
    fn take_back(&mut self, d: usize, how: Played) -> fn(Answer) -> Answer {
        match how {
            Played::Quiet(u) => {
                self.boards[d].undo_quiet(u);
                std::convert::identity
            }
            Played::Copied => std::convert::identity,
            Played::AfterThreat => {
                self.threats += 1;
                Answer::after_threat
            }
        }
    }

    /// Whether the reader may go on from depth `d` (`plies` moves deep).
    fn may_go_on(&self, plies: usize) -> bool {
        self.left > 0 && plies < MAX_DEPTH
    }

    /// Attacker to move on board `d`: does it capture the string on `s`?
    fn attack_at(&mut self, d: usize, s: Point) -> Answer {
        self.attack_rec(d, s, 0)
    }

    /// Owner to move on board `d`: does it save the string on `s`?
    fn defend_at(&mut self, d: usize, s: Point) -> Answer {
        self.defend_rec(d, s, 0)
    }

    /// The owner passes, then the attacker moves: does it capture?
    fn attack_after_pass(&mut self, d: usize, s: Point) -> Answer {
        self.after_pass(d, |r, d2| r.attack_rec(d2, s, 1))
    }

    /// The attacker passes, then the owner moves: does it save the string?
    fn defend_after_pass(&mut self, d: usize, s: Point) -> Answer {
        self.after_pass(d, |r, d2| r.defend_rec(d2, s, 1))
    }

    /// Run `f` on a copy of board `d` where the side to move passed.
    fn after_pass(&mut self, d: usize, f: impl FnOnce(&mut Reader, usize) -> Answer) -> Answer {
        if d + 1 >= self.boards.len() {
            return Answer::Unknown;
        }
        let (lo, hi) = self.boards.split_at_mut(d + 1);
        hi[0].copy_from(&lo[d]);
        hi[0].pass();
        f(self, d + 1)
    }

    /// Whether the owner playing `m` on board `d` saves the string on `s`.
    fn defends_with(&mut self, d: usize, s: Point, m: Point) -> Answer {
        let owner = self.boards[d].color_at(s).expect("a string");
        self.try_defence(d, s, owner, m, 0)
    }

    /// Whether the attacker playing `m` on board `d` captures the string.
    fn attacks_with(&mut self, d: usize, s: Point, m: Point) -> Answer {
        let owner = self.boards[d].color_at(s).expect("a string");
        self.try_attack(d, s, !owner, m, 0)
    }

    fn attack_rec(&mut self, d: usize, s: Point, plies: usize) -> Answer {
        let b = &self.boards[d];
        let Some(owner) = b.color_at(s) else {
            return Answer::Yes;
        };
        let attacker = !owner;
        let libs = b.liberty_count(s);
        if libs == 1 {
            let l = b.atari_liberty(s).expect("in atari");
            if b.is_legal(attacker, l) {
                return Answer::Yes;
            }
        }
        if libs > MAX_LIBERTIES || (libs == MAX_LIBERTIES && plies >= DEEP) {
            return Answer::No;
        }
        if libs == 2 {
            let pair = two_liberties(b, s).expect("two liberties");
            if ladder_atari(&mut self.boards[d], attacker, s, pair).is_some() {
                return Answer::Yes;
            }
            if plies >= DEEP {
                // Deep in a read, a string of two liberties lives unless
                // the ladder takes it.
                return Answer::No;
            }
        }
        if !self.may_go_on(plies) {
            return Answer::Unknown;
        }
        let candidates = attack_candidates(&self.boards[d], s, plies < DEEP);
        self.first_yes(candidates.as_slice(), |r, m| {
            r.try_attack(d, s, attacker, m, plies)
        })
        .0
    }

    /// The attacker plays `m`; then the owner moves: captured?
    fn try_attack(
        &mut self,
        d: usize,
        s: Point,
        attacker: Color,
        m: Point,
        plies: usize,
    ) -> Answer {
        let Some((how, d2)) = self.play(d, attacker, m) else {
            return Answer::No;
        };
        let answer = if self.boards[d2].color_at(s).is_none() {
            Answer::Yes
        } else {
            self.defend_rec(d2, s, plies + 1).opposite()
        };
        self.take_back(d, how)(answer)
    }

    fn defend_rec(&mut self, d: usize, s: Point, plies: usize) -> Answer {
        let b = &self.boards[d];
        let Some(owner) = b.color_at(s) else {
            return Answer::No;
        };
        if b.liberty_count(s) > MAX_LIBERTIES {
            return Answer::Yes;
        }
        if !self.may_go_on(plies) {
            return Answer::Unknown;
        }
        let candidates = defence_candidates(&self.boards[d], s);
        self.first_yes(candidates.as_slice(), |r, m| {
            r.try_defence(d, s, owner, m, plies)
        })
        .0
    }

    /// The owner plays `m`; then the attacker moves: the string lives?
    fn try_defence(&mut self, d: usize, s: Point, owner: Color, m: Point, plies: usize) -> Answer {
        let Some((how, d2)) = self.play(d, owner, m) else {
            return Answer::No;
        };
        let b = &self.boards[d2];
        let answer = if b.in_atari(s) && b.captures(owner) == self.boards[d].captures(owner) {
            // A self-atari that captures nothing saves nothing.
            Answer::No
        } else {
            self.attack_rec(d2, s, plies + 1).opposite()
        };
        self.take_back(d, how)(answer)
    }
}

/// Whether the string through `s` touches one of the points `near` or
/// their neighbours.
fn touches(board: &Board, s: Point, near: &[Option<Point>]) -> bool {
    let head = board.string_head(s);
    near.iter().flatten().any(|&p| {
        board.string_head(p) == head
            || board
                .neighbours(p)
                .iter()
                .any(|&n| board.color_at(n).is_some() && board.string_head(n) == head)
    })
}

/// The attacker's moves against the string through `s`: its liberties,
/// and with two liberties and `wide`, the empty points next to them (where
/// a net or a geta is played).
fn attack_candidates(board: &Board, s: Point, wide: bool) -> PointSet<12> {
    let mut out = PointSet::<12>::new();
    let libs = board.liberties(s);
    for l in libs.iter() {
        out.insert(l);
    }
    if wide && libs.count() == 2 {
        for l in libs.iter() {
            for n in board.neighbours(l) {
                if board.is_empty_at(n) {
                    out.insert(n);
                }
            }
        }
    }
    out
}

/// The owner's moves for the string through `s`: captures of attacking
/// strings in atari, then liberties taken from attacking strings with no
/// more liberties than the string, then the string's own liberties.
fn defence_candidates(board: &Board, s: Point) -> PointSet<12> {
    let mut out = PointSet::<12>::new();
    let owner = board.color_at(s).expect("a string");
    let own_libs = board.liberty_count(s);
    let mut seen = PointSet::<16>::new();
    let mut races = PointSet::<8>::new();
    for st in board.string_stones(s) {
        for n in board.neighbours(st) {
            if board.color_at(n) != Some(!owner) || !seen.add(board.string_head(n)) {
                continue;
            }
            let libs = board.liberties(n);
            match libs.count() {
                1 => {
                    out.insert(libs.first().expect("one liberty"));
                }
                k if k <= own_libs && k <= 2 => {
                    for l in libs.iter() {
                        races.insert(l);
                    }
                }
                _ => {}
            }
        }
    }
    for &l in races.as_slice() {
        out.insert(l);
    }
    for l in board.liberties(s).iter() {
        out.insert(l);
    }
    out
}

#[cfg(test)]
mod tests;
