//! The heavy policy, in the Moggy tradition (MoGo; Pachi's moggy): answer
//! the last move locally before playing at random.
//!
//! In order: save own strings that the last move put in atari (capture an
//! attacker, or extend when that gives the string three liberties, or two
//! that do not run into a ladder); capture the string of the last move when
//! it is in atari; play a good 3x3 shape next to the last move; capture any
//! opposing string in atari anywhere on the board, unless the capture walks
//! into a snapback; otherwise a random legal move that fills no own eye,
//! re-drawn (a few times) when it is a self-atari of more than two stones, so
//! that nakade (small self-ataris) stay possible.
//!
//! Optional stages ([`HeavyParams`], `--param playout.*`), each measured
//! alone in docs/STRENGTH.md and off by default: after the atari answers,
//! the vital point of a small eye space the last move encloses (nakade),
//! the defence of an own string left with two liberties, the last good
//! reply; learned 3x3 shapes in place of the hand-written ones; and "fill
//! board" moves into empty 3x3 squares before the random move.

use super::light::LightPolicy;
use super::mogo_shapes::is_good_shape;
use super::{below, PlayoutPolicy, PlayoutRng};
use crate::board::{Board, Color, Point, PointSet, ARRAY_SIZE};
use crate::patterns::shape_table::ShapeTable;
use crate::tactics::ladder::{escape_is_laddered, two_liberties};
use crate::tactics::nakade::nakade_answer;
use crate::tactics::{move_effect, LIBERTY_CAP};
use rand::RngCore;

/// The numbers and optional stages of the heavy policy. The numbers are
/// the first values chosen (commit `c669069`, 2026-11-29, the first heavy
/// playouts), kept through every match in docs/STRENGTH.md, and no match
/// has compared them with others; the optional stages were each
/// measured alone by a match, as their fields say, and none is on by
/// default but the two-liberty stages from 13x13 up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeavyParams {
    /// Length of a list of candidate moves (the answers to the last move,
    /// the shapes around it, the captures anywhere), at most
    /// [`MAX_CANDIDATES`]; the moves past it are dropped. Default 24, the
    /// list's capacity: a bound that rarely binds (at most 8 shapes, 16
    /// captures anywhere, the board's list of strings in atari), not
    /// measured.
    pub candidates: usize,
    /// Stones of an own string in atari beside the last move whose
    /// neighbours are searched for an attacker in atari to capture.
    /// Default 32: a bound on the work for long strings, not measured.
    pub attacker_scan_stones: usize,
    /// Times a random move that is a self-atari of more than
    /// `random_self_atari` stones is drawn again before one is played
    /// anyway. Default 3, not measured (Pachi's moggy likewise re-draws a
    /// random move its permit check refuses).
    pub random_redraws: u32,
    /// Largest self-atari, in stones, that a random move may be without a
    /// re-draw. Default 2: issue 3's "avoid self-atari of strings bigger
    /// than a couple of stones (but play nakade)"; not measured.
    pub random_self_atari: u32,
    /// Largest self-atari, in stones, that a good 3x3 shape next to the
    /// last move may be. Default 1 (a single-stone throw-in), not
    /// measured.
    pub shape_self_atari: u32,
    /// Learned 3x3 shapes for the local stage: when set, the points next
    /// to the last move whose shape has a gamma of at least
    /// `shape_threshold` are the candidates, drawn in proportion to their
    /// gammas; when `None`, the hand-written good shapes
    /// ([`is_good_shape`]), drawn uniformly. A threshold of 0 or less
    /// keeps the hand-written shapes as the candidates and draws them in
    /// proportion to their learned gammas. Default `None`: with threshold
    /// 8 on 9x9 at 3,000 playouts the learned shapes won 27 of 73
    /// (docs/STRENGTH.md).
    pub shapes: Option<&'static ShapeTable>,
    /// See `shapes`.
    pub shape_threshold: f32,
    /// Play the vital point of a small eye space next to the last move
    /// ([`nakade_answer`]) after the atari answers. Default off: A/B on
    /// 9x9 (docs/STRENGTH.md), at 3,000 playouts each it won 124 of 200
    /// (62.0%, 95% interval 55.1-68.4%), but it costs a fifth of the
    /// speed, and at 3,000 playouts against 3,750 without it (equal time:
    /// 0.087 and 0.089 s a move) 98 of 200 (49.0%, 42.2-55.9%). On 19x19
    /// (2026-12-02) likewise: at 2,000 playouts each 36 of 60 (60.0%),
    /// at 2,000 against 2,350 without it (equal time: it costs 16%) 20
    /// of 41 (48.8%).
    pub nakade: bool,
    /// Last good reply with forgetting (Baier and Drake 2010, LGRF-1):
    /// the winner's answer to each move in a simulation is remembered and
    /// played again, after the atari and nakade answers, while it keeps
    /// winning; a loss forgets it. Default off: on 9x9 at 3,000 playouts
    /// it won 49 of 100 (docs/STRENGTH.md).
    pub last_good_reply: bool,
    /// Answer a last move that left an own string of at least
    /// `two_liberty_stones` stones with two liberties (0: never): take an
    /// attacker in atari, or extend to three liberties or more. Default 0:
    /// with 2 on 9x9 at 3,000 playouts it won 66 of 135 (docs/STRENGTH.md).
    pub two_liberty_stones: u32,
    /// In that answer, also atari an attacking string of two liberties
    /// beside the string (the race of two against two goes to the side
    /// that moves first), unless the atari is a self-atari. Default off
    /// (with `two_liberty_stones` 1: 29 of 62 on 9x9).
    pub two_liberty_race: bool,
    /// Atari the string of the last move when it has two liberties and
    /// cannot simply connect out (Pachi's moggy local 2-lib check, the
    /// attacker's half): either liberty that is not a self-atari, drawn
    /// with the two-liberty defence's moves. Default off: on 19x19
    /// (docs/STRENGTH.md, 2026-12-02) with `two_liberty_stones` 1 and
    /// `two_liberty_race`, at 2,000 playouts each, 20 of 30 (66.7%), but
    /// they cost about 24%, and at 2,000 against 2,480 without them 13 of
    /// 28 (46.4%). From 13x13 up the search turns the three two-liberty
    /// fields on (`SearchParams::two_liberty_large`, on by default since
    /// the board's liberty screen made them cheaper).
    pub two_liberty_attack: bool,
    /// Before a random move, this many random empty points are tried for
    /// one whose eight neighbours are all empty, which is played (Pachi's
    /// moggy "fill board"): playouts lay out territory before they fight.
    /// Default 0: with 5 on 9x9 at 3,000 playouts each it won 51 of 100
    /// (41.3-60.6%) at the same speed (docs/STRENGTH-HISTORY.md,
    /// 2026-12-06): no gain seen.
    pub fill_board: u32,
    /// Ko fights (Pachi's moggy ko check, its `korate` 40 and `koage`
    /// 3): in the two moves after the opponent's move that answered a ko
    /// capture elsewhere, the ko point is played with this chance in
    /// percent, if it is legal and no self-atari: the capturer fills the
    /// ko, or its opponent, having made a threat, takes it back. 0: off.
    /// Default 0: with 40 at 3,000 playouts each it won 49 of 100 on 9x9
    /// (39.4-58.7%), and at 1,000 each 7 of 20 on 19x19 (18.1-56.7%),
    /// at the same speed (docs/STRENGTH-HISTORY.md, 2026-12-06).
    pub ko_rate: u32,
    /// Also look for good 3x3 shapes around the mover's own previous move
    /// (Pachi's moggy `pattern2`, on there by default): the points next to
    /// it that are not next to the last move join the shape candidates.
    /// Default off (docs/STRENGTH.md, 2026-12-02): it halves the value-bias
    /// proxy on 19x19 (+0.043 against +0.076) and costs about 6%, but on
    /// 9x9 at 3,000 playouts each it won 46 of 100, and on 19x19 at 2,000
    /// against 2,120 without it (equal time) 12 of 36.
    pub shapes_second: bool,
}

/// The neighbourhood code of a point whose eight neighbours are empty.
const ALL_EMPTY: u16 = {
    let e = crate::board::board::CODE_EMPTY;
    e | e << 2 | e << 4 | e << 6 | e << 8 | e << 10 | e << 12 | e << 14
};

/// Capacity of a list of candidate moves (kept on the stack).
pub const MAX_CANDIDATES: usize = 24;

impl Default for HeavyParams {
    fn default() -> HeavyParams {
        HeavyParams {
            candidates: MAX_CANDIDATES,
            attacker_scan_stones: 32,
            random_redraws: 3,
            random_self_atari: 2,
            shape_self_atari: 1,
            shapes: None,
            shape_threshold: 8.0,
            nakade: false,
            last_good_reply: false,
            two_liberty_stones: 0,
            two_liberty_race: false,
            two_liberty_attack: false,
            fill_board: 0,
            ko_rate: 0,
            shapes_second: false,
        }
    }
}

/// Moggy-style heavy playouts.
#[derive(Clone, Debug, Default)]
pub struct HeavyPolicy {
    pub params: HeavyParams,
    /// The last good replies, by the replying colour and the point
    /// answered (index 0: none), when `params.last_good_reply`.
    replies: Option<Box<[[u16; ARRAY_SIZE]; 2]>>,
    /// The ko point of this playout's last ko capture and the moves
    /// chosen since (0 at the banned side's move), when `params.ko_rate`.
    ko: Option<(Point, u8)>,
    /// The last move the previous call of `choose` saw, in this playout:
    /// the mover's own previous move, when `params.shapes_second`.
    second: Option<Point>,
}

impl HeavyPolicy {
    pub fn new(params: HeavyParams) -> HeavyPolicy {
        HeavyPolicy {
            params,
            replies: params
                .last_good_reply
                .then(|| Box::new([[0u16; ARRAY_SIZE]; 2])),
            ko: None,
            second: None,
        }
    }

    /// The ko point to play now, if a ko fight is going on and the draw
    /// says so (see [`HeavyParams::ko_rate`]).
    #[inline]
    fn ko_fight(&mut self, board: &Board, c: Color, rng: &mut PlayoutRng) -> Option<Point> {
        if let Some(k) = board.ko_point(c) {
            self.ko = Some((k, 0));
            return None;
        }
        let (k, age) = self.ko?;
        let age = age + 1;
        self.ko = (age < 2).then_some((k, age));
        if below(rng, 100) < self.params.ko_rate as usize && acceptable(board, c, k, 1) {
            return Some(k);
        }
        None
    }

    /// The remembered reply of `c` to `last`, if it is a fine move now.
    #[inline]
    fn good_reply(&self, board: &Board, c: Color, last: Point) -> Option<Point> {
        let r = self.replies.as_ref()?[c as usize][last.index()];
        if r == 0 {
            return None;
        }
        let p = Point::from_index(r as usize);
        (board.is_empty_at(p) && acceptable(board, c, p, self.params.random_self_atari))
            .then_some(p)
    }
}

/// Candidate moves gathered around the last move.
struct Candidates {
    set: PointSet<MAX_CANDIDATES>,
    /// How many the list takes (at most [`MAX_CANDIDATES`]).
    limit: usize,
}

impl Candidates {
    fn new(params: &HeavyParams) -> Candidates {
        Candidates {
            set: PointSet::new(),
            limit: params.candidates.min(MAX_CANDIDATES),
        }
    }

    fn push(&mut self, p: Point) {
        self.set.insert_within(p, self.limit);
    }

    fn contains(&self, p: Point) -> bool {
        self.set.contains(p)
    }

    fn pick(&self, rng: &mut PlayoutRng) -> Option<Point> {
        (!self.set.is_empty()).then(|| self.set.get(below(rng, self.set.len())))
    }
}

/// Whether `c` playing `p` is legal, fills no own true eye, and is not a
/// self-atari of more than `max_stones` stones.
#[inline]
fn acceptable(board: &Board, c: Color, p: Point, max_stones: u32) -> bool {
    if !board.is_empty_at(p) {
        return false;
    }
    // An empty neighbour makes the move legal (a ko point has none: the
    // stone taken there was surrounded) and no eye.
    let empty_nbrs = empty_neighbours(board, p);
    if empty_nbrs == 0 && (!board.is_legal(c, p) || board.is_true_eye(c, p)) {
        return false;
    }
    // Fast path: two empty neighbours mean two liberties.
    empty_nbrs >= 2 || !is_big_self_atari(board, c, p, max_stones)
}

/// The empty points among the four neighbours of `p`.
#[inline]
fn empty_neighbours(board: &Board, p: Point) -> usize {
    board
        .neighbours(p)
        .iter()
        .filter(|&&n| board.is_empty_at(n))
        .count()
}

/// Whether `c` playing the empty point `p`, which has fewer than two empty
/// neighbours, is a self-atari of more than `max_stones` stones.
#[inline]
fn is_big_self_atari(board: &Board, c: Color, p: Point, max_stones: u32) -> bool {
    // An own string beside `p` with three liberties or more keeps two
    // after the move (the board's O(1) screen proves the three).
    let joins_free_string = board
        .neighbours(p)
        .iter()
        .any(|&n| board.color_at(n) == Some(c) && !board.may_lack_three_liberties(n));
    if joins_free_string {
        return false;
    }
    let e = move_effect(board, c, p);
    e.is_self_atari() && e.stones > max_stones
}

impl HeavyPolicy {
    /// Moves answering the last move: atari escapes and captures.
    fn tactical(
        board: &mut Board,
        c: Color,
        last: Point,
        out: &mut Candidates,
        params: &HeavyParams,
    ) {
        // The opponent's string just played, in atari, can be captured.
        if board.color_at(last) == Some(!c) && board.in_atari(last) {
            if let Some(l) = board.atari_liberty(last) {
                if board.is_legal(c, l) {
                    out.push(l);
                }
            }
        }
        let mut seen = PointSet::<4>::new();
        for n in board.neighbours(last) {
            if board.color_at(n) != Some(c) || !board.in_atari(n) {
                continue;
            }
            if !seen.add(board.string_head(n)) {
                continue;
            }
            // Capture an attacker in atari next to the threatened string.
            each_opposing_neighbour(board, c, n, params, |m| {
                if board.in_atari(m) {
                    push_capture(board, c, m, out);
                }
            });
            // Extend when it gives the string three liberties, or two
            // that do not run into a ladder.
            if let Some(l) = board.atari_liberty(n).filter(|&l| !out.contains(l)) {
                let libs = extension_liberties(board, c, l, board.string_head(n), None);
                if libs >= 3 || (libs == 2 && !escape_is_laddered(board, c, l)) {
                    out.push(l);
                }
            }
        }
    }
}

impl HeavyPolicy {
    /// Moves that keep an own string next to `last`, left with two
    /// liberties, out of a capturing race it could lose: a capture of an
    /// attacker in atari beside it, or a liberty that gives it three or
    /// more.
    fn two_liberty_defence(
        board: &Board,
        c: Color,
        last: Point,
        out: &mut Candidates,
        params: &HeavyParams,
    ) {
        let mut seen = PointSet::<4>::new();
        for n in board.neighbours(last) {
            if board.color_at(n) != Some(c) || !seen.add(board.string_head(n)) {
                continue;
            }
            if board.string_size(n) < params.two_liberty_stones {
                continue;
            }
            let Some(libs) = two_liberties(board, n) else {
                continue;
            };
            // Each opposing string once (a string touches several stones).
            let mut opposing = PointSet::<16>::new();
            each_opposing_neighbour(board, c, n, params, |m| {
                if !opposing.add(board.string_head(m)) && !opposing.is_full() {
                    return;
                }
                if board.in_atari(m) {
                    push_capture(board, c, m, out);
                } else if params.two_liberty_race {
                    if let Some(theirs) = two_liberties(board, m) {
                        for l in theirs {
                            if acceptable(board, c, l, 0) {
                                out.push(l);
                            }
                        }
                    }
                }
            });
            let head = board.string_head(n);
            for (l, other) in [(libs[0], libs[1]), (libs[1], libs[0])] {
                if extension_liberties(board, c, l, head, Some(other)) >= 3 {
                    out.push(l);
                }
            }
        }
    }
}

/// The liberties, counted up to [`LIBERTY_CAP`] as [`move_effect`] counts
/// them (0 when the move is illegal), of the string of `c` through `head`
/// after `c` plays `l`, a liberty of it; `other` is its other liberty
/// when it has two, `None` when `l` is its only one.
#[inline]
fn extension_liberties(
    board: &Board,
    c: Color,
    l: Point,
    head: Point,
    other: Option<Point>,
) -> u32 {
    match plain_extension(board, c, l, head, other) {
        // `other` stays a liberty; with none, no liberty is a suicide.
        Some(fresh) => (fresh + u32::from(other.is_some())).min(LIBERTY_CAP),
        None if board.is_legal(c, l) => move_effect(board, c, l).liberties,
        None => 0,
    }
}

/// The empty neighbours of `l` but `other`, when `c` playing `l` would only
/// extend the own string `head` (or make a lone stone): no other own
/// string beside `l`, no opposing string in atari. Then the move's string
/// has those liberties and the string's own, without reading it; `None`
/// otherwise.
#[inline]
fn plain_extension(
    board: &Board,
    c: Color,
    l: Point,
    head: Point,
    other: Option<Point>,
) -> Option<u32> {
    let mut fresh = 0;
    for n in board.neighbours(l) {
        match board.color_at(n) {
            None => fresh += u32::from(board.is_empty_at(n) && Some(n) != other),
            Some(col) if col == c => {
                if board.string_head(n) != head {
                    return None;
                }
            }
            Some(_) => {
                if board.in_atari(n) {
                    return None;
                }
            }
        }
    }
    Some(fresh)
}

impl HeavyPolicy {
    /// Ataris on the string of the last move when it has two liberties:
    /// each liberty that `c` may play without a self-atari, unless the
    /// string has miai to connect out ([`connects_out`]).
    fn two_liberty_attack(board: &Board, c: Color, last: Point, out: &mut Candidates) {
        if board.color_at(last) != Some(!c) {
            return;
        }
        let Some(libs) = two_liberties(board, last) else {
            return;
        };
        if connects_out(board, last, libs) {
            return;
        }
        for l in libs {
            if acceptable(board, c, l, 0) {
                out.push(l);
            }
        }
    }
}

/// Whether the string through `s`, with liberties `libs`, can connect to
/// another string of its colour that is not in atari at the first
/// liberty, and at the second either connect likewise or extend into
/// open space: an atari at either liberty is answered by a connection.
fn connects_out(board: &Board, s: Point, libs: [Point; 2]) -> bool {
    let owner = board.color_at(s);
    let head = board.string_head(s);
    let joins = |l: Point| {
        board.neighbours(l).iter().any(|&n| {
            board.color_at(n) == owner && board.string_head(n) != head && !board.in_atari(n)
        })
    };
    let open = |l: Point, other: Point| {
        board
            .neighbours(l)
            .iter()
            .any(|&n| n != other && board.is_empty_at(n))
    };
    (joins(libs[0]) && (joins(libs[1]) || open(libs[1], libs[0])))
        || (joins(libs[1]) && open(libs[0], libs[1]))
}

/// Call `f` with each stone of `!c` next to the first
/// `params.attacker_scan_stones` stones of the string of `c` through `n`
/// (a stone once for each stone of the string it touches). Two plain
/// loops: the same walk as an iterator of `flat_map` cost 4% of a 19x19
/// search in its adapters.
#[inline]
fn each_opposing_neighbour(
    board: &Board,
    c: Color,
    n: Point,
    params: &HeavyParams,
    mut f: impl FnMut(Point),
) {
    for s in board.string_stones(n).take(params.attacker_scan_stones) {
        for m in board.neighbours(s) {
            if board.color_at(m) == Some(!c) {
                f(m);
            }
        }
    }
}

/// Add the capture of the string through `m`, which is in atari, when it
/// is legal for `c`.
#[inline]
fn push_capture(board: &Board, c: Color, m: Point, out: &mut Candidates) {
    if let Some(l) = board.atari_liberty(m) {
        if board.is_legal(c, l) {
            out.push(l);
        }
    }
}

/// The eight points around `p` (a point of the board), the row below
/// first.
#[inline]
fn around(board: &Board, p: Point) -> [Point; 8] {
    let (s, i) = (board.stride(), p.index());
    [
        i - s - 1,
        i - s,
        i - s + 1,
        i - 1,
        i + 1,
        i + s - 1,
        i + s,
        i + s + 1,
    ]
    .map(Point::from_index)
}

/// Whether `c` capturing on `l` walks into a snapback: it takes one stone
/// and leaves a string of two or more stones with that point as its only
/// liberty, which the opponent then takes back whole.
fn is_snapback(board: &Board, c: Color, l: Point, taken: Point) -> bool {
    // Two stones taken, or an empty point beside `l` (a second liberty
    // beside the point taken), is no snapback.
    if board.string_size(taken) >= 2 || empty_neighbours(board, l) > 0 {
        return false;
    }
    let e = move_effect(board, c, l);
    e.captures == 1 && e.liberties == 1 && e.stones >= 2
}

impl HeavyPolicy {
    /// A capture of any opposing string in atari (the board keeps track of
    /// the strings that moves left in atari), chosen at random.
    fn capture_anywhere(
        board: &Board,
        c: Color,
        rng: &mut PlayoutRng,
        params: &HeavyParams,
    ) -> Option<Point> {
        let mut cands = Candidates::new(params);
        for s in board.strings_in_atari() {
            if board.color_at(s) == Some(!c) {
                if let Some(l) = board.atari_liberty(s) {
                    if board.is_legal(c, l) && !is_snapback(board, c, l, s) {
                        cands.push(l);
                    }
                }
            }
        }
        cands.pick(rng)
    }
}

impl PlayoutPolicy for HeavyPolicy {
    fn choose(&mut self, board: &mut Board, c: Color, rng: &mut PlayoutRng) -> Option<Point> {
        let second = if self.params.shapes_second {
            std::mem::replace(&mut self.second, board.last_move())
        } else {
            None
        };
        if self.params.ko_rate > 0 {
            if let Some(k) = self.ko_fight(board, c, rng) {
                return Some(k);
            }
        }
        let params = &self.params;
        if let Some(last) = board.last_move() {
            let mut cands = Candidates::new(params);
            Self::tactical(board, c, last, &mut cands, params);
            if let Some(p) = cands.pick(rng) {
                return Some(p);
            }
            if params.nakade {
                if let Some(v) = nakade_answer(board, c, last) {
                    return Some(v);
                }
            }
            if params.two_liberty_stones > 0 || params.two_liberty_attack {
                if params.two_liberty_attack {
                    Self::two_liberty_attack(board, c, last, &mut cands);
                }
                if params.two_liberty_stones > 0 {
                    Self::two_liberty_defence(board, c, last, &mut cands, params);
                }
                if let Some(p) = cands.pick(rng) {
                    return Some(p);
                }
            }
            if let Some(p) = self.good_reply(board, c, last) {
                return Some(p);
            }
            if let Some(shapes) = params.shapes {
                return Self::learned_shape(board, c, last, shapes, rng, params)
                    .or_else(|| Self::fallback(board, c, rng, params));
            }
            Self::good_shapes(board, c, around(board, last), None, &mut cands, params);
            if let Some(s) = second.filter(|&s| board.color_at(s).is_some()) {
                let skip = around(board, last);
                Self::good_shapes(board, c, around(board, s), Some(&skip), &mut cands, params);
            }
            if let Some(p) = cands.pick(rng) {
                return Some(p);
            }
        }
        Self::fallback(board, c, rng, params)
    }

    #[inline]
    fn begin(&mut self) {
        self.ko = None;
        self.second = None;
    }

    fn learn<I: Iterator<Item = Option<Point>>>(
        &mut self,
        first: Color,
        before: Option<Point>,
        moves: I,
        black_won: bool,
    ) {
        let Some(replies) = self.replies.as_mut() else {
            return;
        };
        let mut c = first;
        let mut prev = before;
        for mv in moves {
            if let (Some(p), Some(m)) = (prev, mv) {
                let slot = &mut replies[c as usize][p.index()];
                if (c == Color::Black) == black_won {
                    *slot = m.index() as u16;
                } else if *slot == m.index() as u16 {
                    *slot = 0;
                }
            }
            prev = mv;
            c = !c;
        }
    }
}

impl HeavyPolicy {
    /// Add the empty points of `points` (not in `skip`) whose 3x3 shape is
    /// a good one and that `c` may play without a self-atari of more than
    /// `params.shape_self_atari` stones. Inlined always: it is the
    /// playouts' hot path, and a call costs the bench about 0.8% of its
    /// instructions.
    #[inline(always)]
    fn good_shapes(
        board: &Board,
        c: Color,
        points: [Point; 8],
        skip: Option<&[Point; 8]>,
        out: &mut Candidates,
        params: &HeavyParams,
    ) {
        for q in points {
            if board.is_empty_at(q)
                && skip.is_none_or(|skip| !skip.contains(&q))
                && is_good_shape(board, q)
                && acceptable(board, c, q, params.shape_self_atari)
            {
                out.push(q);
            }
        }
    }

    /// A point next to `last` drawn in proportion to the gammas of its
    /// learned 3x3 shape, among those at or above the threshold.
    fn learned_shape(
        board: &Board,
        c: Color,
        last: Point,
        shapes: &ShapeTable,
        rng: &mut PlayoutRng,
        params: &HeavyParams,
    ) -> Option<Point> {
        let mut points = [Point::from_index(0); 8];
        let mut weights = [0f32; 8];
        let mut n = 0;
        let mut total = 0f32;
        for q in around(board, last) {
            if !board.is_empty_at(q) {
                continue;
            }
            let g = shapes.gamma(board, c, q);
            let wanted = if params.shape_threshold > 0.0 {
                g >= params.shape_threshold
            } else {
                is_good_shape(board, q)
            };
            if wanted && acceptable(board, c, q, params.shape_self_atari) {
                points[n] = q;
                weights[n] = g;
                total += g;
                n += 1;
            }
        }
        if n == 0 {
            return None;
        }
        let mut r = (rng.next_u32() as f32 / 4_294_967_296.0) * total;
        for j in 0..n {
            r -= weights[j];
            if r < 0.0 {
                return Some(points[j]);
            }
        }
        Some(points[n - 1])
    }

    /// The stages after the local ones: a capture anywhere, else a random
    /// move.
    fn fallback(
        board: &mut Board,
        c: Color,
        rng: &mut PlayoutRng,
        params: &HeavyParams,
    ) -> Option<Point> {
        if let Some(p) = Self::capture_anywhere(board, c, rng, params) {
            return Some(p);
        }
        let n = board.empty_count();
        if n > 0 {
            for _ in 0..params.fill_board {
                let p = board.empty_at(below(rng, n));
                // An empty 3x3 square on the board, not at its edge.
                if board.neighbourhood(p) == ALL_EMPTY && board.is_legal(c, p) {
                    return Some(p);
                }
            }
        }
        // Random move; re-draw big self-ataris a few times.
        for _ in 0..params.random_redraws {
            let p = LightPolicy.choose(board, c, rng)?;
            // Legal and no own eye (the light policy's choice).
            if empty_neighbours(board, p) >= 2
                || !is_big_self_atari(board, c, p, params.random_self_atari)
            {
                return Some(p);
            }
        }
        LightPolicy.choose(board, c, rng)
    }
}

#[cfg(test)]
mod tests;
