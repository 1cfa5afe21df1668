//! A life-and-death solver for an enclosed group: can the attacker
//! capture the string at a point, whatever its owner does, when every move
//! is played inside the region the group and its eye space fill?
//!
//! The read is a depth-first proof-number search (df-pn; Nagai 2002, as
//! Kishimoto and Müller's solver for enclosed problems uses it): the
//! attacker's nodes are OR nodes (one capturing line proves them), the
//! defender's AND nodes; each node's proof and disproof numbers (how many
//! leaves must still be proved or disproved) are kept in a transposition
//! table on the Zobrist hash with the side to move, the ko point and a
//! pass. A leaf is proved when the target string is captured and
//! disproved when the string is alive unconditionally (Benson,
//! [`super::benson`]) or owns a big eye. Two passes end a line: the
//! target lives if it has two eyes or the attacker cannot fill its
//! liberties (seki), and is dead otherwise, so that the attacker of a
//! dead group passes rather than capture it stone by stone. Moves are the
//! empty points of the zone (the region's points near the defender's
//! stones, [`zone`], growing around the stones the defender plays) and a
//! pass; the defender does not fill its own true eyes, and moves that
//! touch the stones fought over are tried first. A move that repeats a
//! position of the line read is not played (positional superko along the
//! line).
//!
//! Kos: the problem is read three times, with neither side, the defender
//! or the attacker allowed to retake a ko at once (the side with
//! unlimited ko threats). An attack that works when the defender retakes
//! every ko works unconditionally; one that works only when the attacker
//! does is a ko, which the attacker wins by taking it first when the read
//! with neither allowed also captures (GNU Go's `KO_A`), or only with one
//! more threat than that (`KO_B`).
//!
//! Eye spaces of seven points or more walled by one string count as two
//! eyes ([`BIG_EYE`]): the target that owns one lives, and no move is
//! read inside one of another string.
//!
//! A read has a budget of nodes; one that runs out, or that reaches the
//! depth limit on the way to a disproof, answers "unknown".

#[cfg(test)]
mod tests;

mod survey;
pub use survey::{survey, Fate, Finding, LifeCache};

use crate::board::{Bitboard, Board, Color, KeyMap, Point};

/// Nodes each of a GTP question's three readings may expand (about 0.5 s
/// each on 19x19: the solver reads about 100,000 nodes a second).
pub const GTP_BUDGET: u64 = 50_000;

/// Most empty points a region may hold.
pub const MAX_REGION: u32 = 80;

/// The most empty points a region may hold on a board of side `size`:
/// [`MAX_REGION`], and at most a quarter of the board (a space of a
/// third of a 9x9 board is open ground, not an eye space).
pub fn max_region(size: usize) -> u32 {
    MAX_REGION.min((size * size / 4) as u32)
}

/// Most stones of an attacking string that counts as inside the region
/// (stones played into the eye space) rather than as its wall.
const MAX_INSIDE_STONES: u32 = 8;

/// Most liberties of an attacking string inside the region when they all
/// lie in it (two when some lie outside: a weak string that the defender
/// may capture, however it touches the outside): one with more is the
/// wall, however it lies (the space between a problem's stones and
/// a tsumego frame leaves the attacker's wall with all its liberties in
/// the group's region).
const MAX_INSIDE_LIBERTIES: u32 = 3;

/// Empty points of an eye space, walled by one string of the defender and
/// holding no attacking stone, from which that string counts as alive: the
/// largest eye spaces that a vital point kills have six points (the
/// rabbity and flower sixes), so with seven or more the owner answers any
/// move inside and makes two eyes. A rule of thumb, not a proof (a false
/// cut in the wall or the edge can spoil it): the solver uses it to leave
/// such spaces out of the region and to stop reading a target that owns
/// one.
pub const BIG_EYE: u32 = 7;

/// Steps from the defender's stones within which moves are read.
const REACH: usize = 2;

/// Moves deep a read may go.
const MAX_DEPTH: usize = 96;

/// Proof and disproof numbers at least this large are infinite.
const INF: u32 = 1 << 28;

/// A life-and-death problem: the string at `target` and the region where
/// the moves are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    pub target: Point,
    /// The target's owner; the attacker is the other colour.
    pub defender: Color,
    /// The points that may be played: the target's group, its eye space
    /// and the attacking stones inside it, closed by the attacker's wall.
    pub region: Bitboard,
}

/// What the side asked about achieves, with its first move (`None`: a
/// pass, for a group that needs no move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// It succeeds whoever wins the kos.
    Success(Option<Point>),
    /// It succeeds by a ko it takes first (GNU Go's `KO_A`).
    KoFirst(Option<Point>),
    /// It succeeds by a ko that needs one more threat (`KO_B`).
    KoSecond(Option<Point>),
    /// It fails even when it wins every ko.
    Failure,
    /// The read ran out of budget, or its failure is no proof
    /// ([`Problem::defend`]).
    Unknown,
}

impl Status {
    /// The GTP answer in GNU Go's manner: `1 MOVE` for success, `2 MOVE`
    /// and `3 MOVE` for the kos, `0` for failure; `unknown` when the read
    /// ran out.
    pub fn to_gtp(self, size: usize) -> String {
        let mv = |m: Option<Point>| m.map_or("PASS".to_string(), |p| p.to_gtp(size));
        match self {
            Status::Success(m) => format!("1 {}", mv(m)),
            Status::KoFirst(m) => format!("2 {}", mv(m)),
            Status::KoSecond(m) => format!("3 {}", mv(m)),
            Status::Failure => "0".to_string(),
            Status::Unknown => "unknown".to_string(),
        }
    }
}

impl Problem {
    /// The enclosed problem of the string at `target`: its region grows
    /// from the string through empty points and the owner's stones, and
    /// through small attacking strings whose liberties all lie in it. An
    /// error when the point is empty or the region is not closed within
    /// [`max_region`] empty points (the group is open: no life-and-death
    /// problem).
    pub fn around(board: &Board, target: Point) -> Result<Problem, String> {
        let defender = board.color_at(target).ok_or("the point is empty")?;
        let attacker = !defender;
        let stride = board.stride();
        let empty = board.empty_points();
        let mut walls = board.stones(attacker);
        let mut region = board.string_bitboard(target);
        let most = max_region(board.size());
        loop {
            region = region.flood(stride, board.on_board() - walls);
            if (region & empty).count() > most {
                return Err(format!(
                    "the group is not enclosed (more than {most} points around it)"
                ));
            }
            // Small attacking strings beside the region with every liberty
            // in it, or with two at most, are stones inside the eye space.
            let mut inside = Bitboard::EMPTY;
            let mut beside = region.neighbours(stride) & walls;
            while let Some(p) = beside.first() {
                let s = board.string_bitboard(p);
                beside -= s;
                let libs = board.liberties(p);
                let enclosed = (libs - region).is_empty();
                if s.count() <= MAX_INSIDE_STONES
                    && libs.count() <= if enclosed { MAX_INSIDE_LIBERTIES } else { 2 }
                {
                    inside |= s;
                }
            }
            if inside.is_empty() {
                break;
            }
            walls -= inside;
        }
        // The big eyes of other strings of the defender are theirs: no move
        // there decides the target.
        let target_string = board.string_bitboard(target);
        for (eye, wall) in big_eyes(board, defender, region) {
            if (wall & target_string).is_empty() {
                region -= eye;
            }
        }
        Ok(Problem {
            target,
            defender,
            region,
        })
    }

    /// Can the attacker, to move, capture the target? Reads at most
    /// `budget` nodes for each of the three ko readings.
    pub fn attack(&self, board: &Board, budget: u64) -> Status {
        self.status(board, budget, true)
    }

    /// Can the defender, to move, keep the target from capture? A failure
    /// is no proof while an attacking string inside the region has a
    /// liberty the read does not play ([`Problem::reads_every_capture`]):
    /// then the answer is unknown.
    pub fn defend(&self, board: &Board, budget: u64) -> Status {
        match self.status(board, budget, false) {
            Status::Failure if !self.reads_every_capture(board) => Status::Unknown,
            s => s,
        }
    }

    /// Whether every attacking string inside the region has all its
    /// liberties among the points the read plays on ([`zone`]). When one
    /// has not, a defender that lives by capturing it at that liberty (Go
    /// Game Guru easy-21: C3, reached only through White's C2) reads as
    /// dead.
    pub fn reads_every_capture(&self, board: &Board) -> bool {
        let zone = zone(board, self);
        let mut left = board.stones(!self.defender) & self.region;
        while let Some(p) = left.first() {
            left -= board.string_bitboard(p);
            if !(board.liberties(p) - zone).is_empty() {
                return false;
            }
        }
        true
    }

    fn status(&self, board: &Board, budget: u64, attacking: bool) -> Status {
        let (me, them) = if attacking {
            (!self.defender, self.defender)
        } else {
            (self.defender, !self.defender)
        };
        let read = |privileged: Option<Color>| {
            let mut s = Solver::new(self, board, privileged, budget);
            s.solve(attacking)
        };
        // With the opponent retaking every ko: success without a ko.
        match read(Some(them)) {
            Read::Succeeds(m) => return Status::Success(m),
            Read::Unknown => return Status::Unknown,
            Read::Fails => {}
        }
        let with_kos = match read(Some(me)) {
            Read::Succeeds(m) => m,
            Read::Fails => return Status::Failure,
            Read::Unknown => return Status::Unknown,
        };
        match read(None) {
            Read::Succeeds(m) => Status::KoFirst(m),
            Read::Fails => Status::KoSecond(with_kos),
            Read::Unknown => Status::Unknown,
        }
    }
}

/// The eye spaces of `defender` within `within` of at least [`BIG_EYE`]
/// empty points with no stone of the attacker, each walled by one string:
/// the space and the string.
fn big_eyes(board: &Board, defender: Color, within: Bitboard) -> Vec<(Bitboard, Bitboard)> {
    let stride = board.stride();
    let empty = board.empty_points();
    let mut out = Vec::new();
    let mut left = within & empty;
    while let Some(p) = left.first() {
        let space = Bitboard::single(p).flood(stride, empty);
        left -= space;
        if space.count() < BIG_EYE {
            continue;
        }
        let border = (space.neighbours(stride) & board.on_board()) - space;
        let Some(w) = border
            .first()
            .filter(|&w| board.color_at(w) == Some(defender))
        else {
            continue;
        };
        let wall = board.string_bitboard(w);
        if (border - wall).is_empty() {
            out.push((space, wall));
        }
    }
    out
}

/// The strings of `defender` in `region` alive unconditionally (Benson's
/// algorithm, [`super::benson`], on the region alone): a region of the
/// defender that reaches out of `region` (through the attacker's wall)
/// counts as not vital, which only ever finds fewer strings alive than
/// the whole board would, and costs a few small floods instead of the
/// whole board's.
fn alive_in(board: &Board, defender: Color, region: Bitboard) -> Bitboard {
    let stride = board.stride();
    let own = board.stones(defender) & region;
    let empty = board.empty_points();
    let outside = board.on_board() - region - board.stones(defender);
    let mut strings: Vec<(Bitboard, Bitboard)> = Vec::new();
    let mut left = own;
    while let Some(p) = left.first() {
        let s = board.string_bitboard(p);
        left -= s;
        strings.push((s, s.neighbours(stride) & empty));
    }
    // The regions that stay inside, each with the strings it is vital to.
    let mut regions: Vec<(Bitboard, Bitboard)> = Vec::new();
    let mut left = region - own;
    while let Some(p) = left.first() {
        let r = Bitboard::single(p).flood(stride, region - own);
        left -= r;
        if !(r.neighbours(stride) & outside).is_empty() {
            continue;
        }
        let vital_to = strings
            .iter()
            .filter(|(s, libs)| {
                !(r.neighbours(stride) & *s).is_empty() && ((r & empty) - *libs).is_empty()
            })
            .fold(Bitboard::EMPTY, |v, (s, _)| v | *s);
        regions.push((r, vital_to));
    }
    let mut alive = own;
    loop {
        // A region stays healthy while every string around it is alive.
        regions.retain(|(r, _)| ((r.neighbours(stride) & own) - alive).is_empty());
        let before = alive;
        for (s, _) in &strings {
            let vital = regions
                .iter()
                .filter(|(_, v)| !(*v & *s).is_empty())
                .count();
            if vital < 2 {
                alive -= *s;
            }
        }
        if alive == before {
            return alive;
        }
    }
}

/// One reading's answer for the side asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Read {
    Succeeds(Option<Point>),
    Fails,
    Unknown,
}

/// A move of a node: the point (`None`: a pass), the child's key and
/// whether it follows a pass, or the child's fixed numbers when it ends
/// the read.
#[derive(Clone, Copy, Debug)]
struct Child {
    mv: Option<Point>,
    key: u64,
    fixed: Option<(u32, u32)>,
    /// The numbers before the child is read: a move that looks to the
    /// point (the mover's proof number 1) is tried before one that does
    /// not ([`LOOKS_ASIDE`]).
    init: (u32, u32),
}

/// The mover's first number for a move that neither touches the stones
/// fought over nor captures, and for a pass: df-pn tries such moves after
/// those that do, while their numbers are even.
const LOOKS_ASIDE: u32 = 3;

/// Most moves of a node: the region's empty points and a pass.
const MAX_CHILDREN: usize = MAX_REGION as usize + 1;

/// Keys of the side to move and of a pass just played.
const ATTACKER_KEY: u64 = 0x6A09_E667_F3BC_C909;
const PASSED_KEY: u64 = 0xBB67_AE85_84CA_A73B;

struct Solver<'p> {
    problem: &'p Problem,
    attacker: Color,
    /// The side that may retake a ko at once.
    privileged: Option<Color>,
    /// The points the read plays on ([`zone`]).
    zone: Bitboard,
    /// The defender's stones of the region at the root.
    root_own: Bitboard,
    /// The board at each depth of the line read.
    boards: Vec<Board>,
    /// The positions of the line read (positional hashes).
    path: Vec<u64>,
    table: KeyMap<(u32, u32)>,
    nodes: u64,
    budget: u64,
    /// The read stopped for the budget.
    aborted: bool,
    /// The depth limit cut a line (a disproof may rest on it).
    cut: bool,
}

impl<'p> Solver<'p> {
    fn new(
        problem: &'p Problem,
        board: &Board,
        privileged: Option<Color>,
        budget: u64,
    ) -> Solver<'p> {
        Solver {
            problem,
            attacker: !problem.defender,
            privileged,
            zone: zone(board, problem),
            root_own: board.stones(problem.defender) & problem.region,
            boards: vec![board.clone(); 2],
            path: Vec::with_capacity(MAX_DEPTH + 1),
            table: KeyMap::default(),
            nodes: 0,
            budget,
            aborted: false,
            cut: false,
        }
    }

    /// Read the problem with the attacker (`attacking`) or the defender to
    /// move; the answer for that side.
    fn solve(&mut self, attacking: bool) -> Read {
        let to_move = if attacking {
            self.attacker
        } else {
            self.problem.defender
        };
        let root = &self.boards[0];
        if let Some(numbers) = self.leaf(root) {
            // Settled already: the attacker has captured, or the target lives.
            let captured = numbers.0 == 0;
            return if captured == attacking {
                Read::Succeeds(None)
            } else {
                Read::Fails
            };
        }
        let key = self.key(root, to_move, false);
        self.path.push(root.hash());
        self.mid(0, key, to_move, false, INF, INF);
        let (pn, dn) = self.table.get(&key).copied().unwrap_or((1, 1));
        let proved = pn == 0;
        log::debug!(
            "life: {} nodes, pn {pn} dn {dn}, aborted {}, cut {}, table {}",
            self.nodes,
            self.aborted,
            self.cut,
            self.table.len()
        );
        if self.aborted || (pn != 0 && dn != 0) || (dn == 0 && self.cut) {
            return Read::Unknown;
        }
        if proved != attacking {
            return Read::Fails;
        }
        // The move that succeeds: a child proved (attacking) or disproved.
        let children = self.children(0, to_move, false);
        let chosen = children
            .iter()
            .map(|c| (self.numbers(c), c.mv))
            .min_by_key(|&((pn, dn), _)| if attacking { pn } else { dn })
            .and_then(|(_, mv)| mv);
        Read::Succeeds(chosen)
    }

    /// The numbers of a settled position: proved when the target is
    /// captured, disproved when it is alive unconditionally.
    fn leaf(&self, board: &Board) -> Option<(u32, u32)> {
        let t = self.problem.target;
        if board.color_at(t) != Some(self.problem.defender) {
            return Some((0, INF));
        }
        if alive_in(board, self.problem.defender, self.problem.region).contains(t) {
            return Some((INF, 0));
        }
        let target_string = board.string_bitboard(t);
        let region = self.problem.region;
        if big_eyes(board, self.problem.defender, region)
            .iter()
            .any(|(_, wall)| !(*wall & target_string).is_empty())
        {
            return Some((INF, 0));
        }
        None
    }

    fn key(&self, board: &Board, to_move: Color, passed: bool) -> u64 {
        self.key_of(board.hash(), to_move, passed, board.ko_point(to_move))
    }

    /// The key of a position of hash `hash` with `to_move` to play, after
    /// a pass or not, `ko` the point `to_move` may not take back.
    fn key_of(&self, hash: u64, to_move: Color, passed: bool, ko: Option<Point>) -> u64 {
        let mut k = hash;
        if to_move == self.attacker {
            k ^= ATTACKER_KEY;
        }
        if passed {
            k ^= PASSED_KEY;
        }
        if let Some(p) = ko {
            k ^= (p.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        k
    }

    /// The key of the child where `c` plays `mv` at `depth`, and whether
    /// the move captures the target; `None` when the move is illegal or
    /// repeats a position of the line. Read from the board of `depth`
    /// without playing the move, but for a ko retaken by the privileged
    /// side (played on the board of `depth + 1`).
    fn child_key(&mut self, depth: usize, c: Color, mv: Option<Point>) -> Option<(u64, bool)> {
        let board = &self.boards[depth];
        let Some(p) = mv else {
            return Some((self.key_of(board.hash(), !c, true, None), false));
        };
        if self.privileged == Some(c) && board.ko_point(c) == Some(p) {
            if !self.play(depth, c, mv) {
                return None;
            }
            let child = &self.boards[depth + 1];
            let captured = child.color_at(self.problem.target) != Some(self.problem.defender);
            return Some((self.key(child, !c, false), captured));
        }
        let hash = board.hash_after(c, p).ok()?;
        if self.path.contains(&hash) {
            return None;
        }
        let t = self.problem.target;
        let captured =
            c == self.attacker && board.liberty_count(t) == 1 && board.liberties(t).contains(p);
        Some((self.key_of(hash, !c, false, board.ko_after(c, p)), captured))
    }

    /// Play `mv` of `c` on the board of `depth + 1`, a copy of the board of
    /// `depth`; false when it is illegal or repeats a position of the line.
    fn play(&mut self, depth: usize, c: Color, mv: Option<Point>) -> bool {
        if self.boards.len() <= depth + 1 {
            let b = self.boards[depth].clone();
            self.boards.push(b);
        }
        let (parents, children) = self.boards.split_at_mut(depth + 1);
        let (parent, child) = (&parents[depth], &mut children[0]);
        child.copy_from(parent);
        let Some(p) = mv else {
            child.pass();
            return true;
        };
        // The side with unlimited ko threats retakes a ko at once: as if it
        // had played a threat elsewhere and had it answered, so the
        // position it comes back to is not a repetition either.
        let retake = self.privileged == Some(c) && child.ko_point(c) == Some(p);
        if retake {
            child.pass();
        }
        child.play(c, p).is_ok() && (retake || !self.path.contains(&child.hash()))
    }

    /// The moves of the node at `depth` with `to_move` to play.
    fn children(&mut self, depth: usize, to_move: Color, passed: bool) -> Vec<Child> {
        let mut out = Vec::with_capacity(MAX_CHILDREN);
        let board = &self.boards[depth];
        let stride = board.stride();
        let attacking = to_move == self.attacker;
        // A defender in atari must save the target at once: any other move,
        // or a pass, lets the attacker take it.
        let forced = !attacking && board.liberty_count(self.problem.target) == 1;
        let points = if forced {
            self.saving_moves(board)
        } else {
            self.moves(depth)
        };
        // What a move should touch to look to the point: the attacker the
        // target's liberties and the defender's stones, the defender its
        // own stones and the attacker's strings it could take.
        let defender_stones = board.stones(self.problem.defender) & self.problem.region;
        let mut to_the_point = defender_stones.neighbours(stride);
        if !attacking {
            let inside = board.stones(self.attacker) & self.problem.region;
            to_the_point |= inside.neighbours(stride);
        }
        let pass = (!forced).then_some(None);
        for mv in points.iter().map(Some).chain(pass) {
            if mv.is_none() && passed {
                // Two passes end the line: the target lives when it has
                // two eyes or the attacker cannot come nearer (seki).
                let lives = self.lives_at_end(&self.boards[depth]);
                out.push(Child {
                    mv,
                    key: 0,
                    fixed: Some(if lives { (INF, 0) } else { (0, INF) }),
                    init: (1, 1),
                });
                continue;
            }
            if let Some(p) = mv {
                // The defender does not fill an eye of its own.
                if !attacking && self.boards[depth].is_true_eye(self.problem.defender, p) {
                    continue;
                }
            }
            let aside = mv.is_none_or(|p| !to_the_point.contains(p));
            let mover = if aside { LOOKS_ASIDE } else { 1 };
            let init = if attacking { (mover, 1) } else { (1, mover) };
            let Some((key, captured)) = self.child_key(depth, to_move, mv) else {
                continue;
            };
            // A capture ends the read at once; life is seen when the child
            // is read (it costs more).
            let fixed = captured.then_some((0, INF));
            out.push(Child {
                mv,
                key,
                fixed,
                init,
            });
        }
        out
    }

    /// Whether the target lives when both sides have passed: it has two
    /// eyes (two empty spaces of the region walled by the defender alone,
    /// a one-point space only when it is a true eye), or no liberty of it
    /// can be filled by the attacker without its stone being left in atari
    /// (a seki). Otherwise the attacker passed because the group is dead:
    /// filling its outside liberties and capturing it only lengthens the
    /// line.
    fn lives_at_end(&self, board: &Board) -> bool {
        let defender = self.problem.defender;
        let stride = board.stride();
        let own = board.stones(defender);
        let empty = board.empty_points();
        // The target's group: the strings that share a walled space with
        // it, and the eyes of those spaces (a big eye counts two).
        let mut group = board.string_bitboard(self.problem.target);
        let mut seen = Bitboard::EMPTY;
        let mut eyes = 0;
        loop {
            let mut grew = false;
            let mut libs = (group.neighbours(stride) & empty) - seen;
            while let Some(p) = libs.first() {
                let space = Bitboard::single(p).flood(stride, empty);
                libs -= space;
                seen |= space;
                let border = (space.neighbours(stride) & board.on_board()) - space;
                if !(border - own).is_empty() {
                    continue;
                }
                eyes += match space.count() {
                    n if n >= BIG_EYE => 2,
                    1 if !board.is_true_eye(defender, p) => 0,
                    _ => 1,
                };
                let mut strings = border - group;
                while let Some(q) = strings.first() {
                    let s = board.string_bitboard(q);
                    strings -= s;
                    group |= s;
                    grew = true;
                }
            }
            if eyes >= 2 {
                return true;
            }
            if !grew {
                break;
            }
        }
        // Seki unless the attacker can fill a liberty: one that takes the
        // target, or leaves its stone two liberties.
        let t = self.problem.target;
        let last_liberty = board.liberty_count(t) == 1;
        !board.liberties(t).iter().any(|p| {
            board.is_legal(self.attacker, p)
                && (last_liberty || super::move_effect(board, self.attacker, p).liberties >= 2)
        })
    }

    /// The moves of the zone that may save the target in atari: its last
    /// liberty, and the last liberty of each attacking string beside it in
    /// atari (a capture that gives it liberties). Those outside the zone are
    /// left out like every other move there: the attacker could not follow
    /// (docs/PROBLEMS.md). The tactical reader's `defence_candidates` finds
    /// the same moves for a string in atari, but in a bounded list; a
    /// bitboard drops none.
    fn saving_moves(&self, board: &Board) -> Bitboard {
        let t = self.problem.target;
        let mut out = board.liberties(t);
        let stride = board.stride();
        let mut beside = board.string_bitboard(t).neighbours(stride) & board.stones(self.attacker);
        while let Some(p) = beside.first() {
            beside -= board.string_bitboard(p);
            if let Some(l) = board.atari_liberty(p) {
                out.insert(l);
            }
        }
        out & self.zone_at(board)
    }

    /// The points worth playing at `depth`: those of the zone that are
    /// empty.
    fn moves(&self, depth: usize) -> Bitboard {
        let board = &self.boards[depth];
        self.zone_at(board) & board.empty_points()
    }

    /// The zone of the root grown by one step around the defender's stones
    /// played since the root (through points of the region without
    /// attacking stones), so that the read follows a group that extends:
    /// in Go Game Guru easy-131 White's A4, played in atari, has its last
    /// liberty A5 three steps from the root's stones, and a fixed zone left
    /// it standing and proved that no attack works. One step, not the two
    /// of the root's zone: two read wider and lose more problems to the
    /// budget than they win (docs/PROBLEMS.md).
    fn zone_at(&self, board: &Board) -> Bitboard {
        let region = self.problem.region;
        let new = (board.stones(self.problem.defender) & region) - self.root_own;
        if new.is_empty() {
            return self.zone;
        }
        self.zone | new.dilate(board.stride(), region - board.stones(self.attacker))
    }

    /// The numbers of a child: fixed, from the table, or 1 and 1.
    fn numbers(&self, c: &Child) -> (u32, u32) {
        c.fixed
            .or_else(|| self.table.get(&c.key).copied())
            .unwrap_or(c.init)
    }

    /// Df-pn's multiple iterative deepening at the node `key` of `depth`:
    /// expand it until its proof number reaches `th_pn` or its disproof
    /// number `th_dn`, and store its numbers.
    fn mid(
        &mut self,
        depth: usize,
        key: u64,
        to_move: Color,
        passed: bool,
        th_pn: u32,
        th_dn: u32,
    ) {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.aborted = true;
            return;
        }
        if depth >= MAX_DEPTH {
            // Too deep: counted as the defender's, and a disproof that rests
            // on it is not trusted.
            self.cut = true;
            self.table.insert(key, (INF, 0));
            return;
        }
        // A node in the table was looked at before and is no leaf: a leaf's
        // numbers are final, so df-pn never comes back to it.
        if depth > 0 && !self.table.contains_key(&key) {
            if let Some(numbers) = self.leaf(&self.boards[depth]) {
                self.table.insert(key, numbers);
                return;
            }
        }
        let or_node = to_move == self.attacker;
        let children = self.children(depth, to_move, passed);
        loop {
            let (mut pn, mut dn) = if or_node { (INF, 0) } else { (0, INF) };
            // The best child and the second best number.
            let (mut best, mut best_n, mut second) = (0, INF, INF);
            for (i, c) in children.iter().enumerate() {
                let (cpn, cdn) = self.numbers(c);
                let n = if or_node {
                    pn = pn.min(cpn);
                    dn = (dn + cdn).min(INF);
                    cpn
                } else {
                    pn = (pn + cpn).min(INF);
                    dn = dn.min(cdn);
                    cdn
                };
                if n < best_n {
                    (second, best_n, best) = (best_n, n, i);
                } else if n < second {
                    second = n;
                }
            }
            self.table.insert(key, (pn, dn));
            if pn >= th_pn || dn >= th_dn || self.aborted {
                return;
            }
            let c = children[best];
            let (cpn, cdn) = self.numbers(&c);
            let (c_th_pn, c_th_dn) = if or_node {
                (th_pn.min(epsilon(second)), th_dn - dn + cdn)
            } else {
                (th_pn - pn + cpn, th_dn.min(epsilon(second)))
            };
            if !self.play(depth, to_move, c.mv) {
                // Cannot happen: the child was legal when generated.
                self.table
                    .insert(c.key, if or_node { (INF, 0) } else { (0, INF) });
                continue;
            }
            self.path.push(self.boards[depth + 1].hash());
            self.mid(depth + 1, c.key, !to_move, c.mv.is_none(), c_th_pn, c_th_dn);
            self.path.pop();
        }
    }
}

/// The points of `problem` a read plays on: the empty points within
/// [`REACH`] steps of the defender's stones through empty points of the
/// region, with the defender's stones and the attacking stones beside
/// them (points that a capture empties). Further away neither side makes
/// or takes an eye (eye spaces that wide are big eyes), and the attacker's
/// own ground, where the defender could only play stones to be captured,
/// stays out: this is what keeps a region with room around the group
/// readable.
fn zone(board: &Board, problem: &Problem) -> Bitboard {
    let stride = board.stride();
    let region = problem.region;
    let attacking = board.stones(!problem.defender) & region;
    let own = board.stones(problem.defender) & region;
    let mut zone = own;
    for _ in 0..REACH {
        zone = zone.dilate(stride, region - attacking);
    }
    zone | (attacking & own.neighbours(stride))
}

/// A child's threshold from its best sibling's number: a quarter more than
/// it, plus one (the 1+ε trick of Pawlewicz and Lew 2007), so that df-pn
/// does not leave a child for its sibling, and come back, at every step.
fn epsilon(second: u32) -> u32 {
    second.saturating_add(second / 4).saturating_add(1).min(INF)
}
