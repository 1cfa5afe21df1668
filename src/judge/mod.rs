//! The end-of-game judgement: which stones are dead, which are in seki,
//! and who owns each point (docs/JUDGEMENT.md).
//!
//! A string is dead when the opponent, moving first, takes it (a race
//! that each side wins by moving first goes to the side to move). In
//! order:
//! what is certain (unconditional life, [`crate::tactics::benson`]); strings in atari,
//! taken at once; heavy playouts for every string, decided whole; a
//! search, the attacker to move, for the strings the playouts leave
//! unsure; seki ([`seki`]); and consistency: a dead string needs a living
//! string of the other colour to take it.

mod seki;
mod status;

pub use crate::tactics::benson::{certain, Certain};
use seki::owned;
pub use seki::seki_stones;
pub use status::{final_status, FinalStatus};

use crate::board::{Bitboard, Board, Color, Game};
use crate::mcts::{Limits, Search, SearchParams, Task};
use crate::playout::{self, HeavyPolicy, PlayoutRng};
use crate::tactics;
use rand::SeedableRng;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The judgement of a position.
#[derive(Clone, Debug)]
pub struct Judgement {
    pub dead: Bitboard,
    pub seki: Bitboard,
    /// Per grid point: Black ownership minus White ownership, in -1..1.
    /// Stones show their final status (1 for the colour that keeps the
    /// point); empty points the playouts' (or the search's) ownership,
    /// but where unconditional life settles them.
    pub ownership: Vec<f32>,
}

/// How a judgement is made, and how much work it does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JudgeParams {
    /// Heavy playouts in all.
    pub playouts: u32,
    /// Threads the playouts are shared among (the searches take one
    /// thread each, side by side).
    pub threads: usize,
    /// Simulations of the search that reads the strings the playouts
    /// leave unsure (0: no search).
    pub search: u64,
    /// A string is unsure when the mean ownership of its stones by its
    /// colour is below this (in 0..1; 1 - 2 x the rate at which the
    /// playouts capture it).
    pub unsure: f32,
    /// Use unconditional life (Benson).
    pub benson: bool,
    /// Use the seki check.
    pub seki: bool,
    /// Nodes of each of the life-and-death solver's readings of an
    /// enclosed string the playouts leave unsure (0: the solver is not
    /// asked).
    pub life: u64,
    /// Stop the playouts and the search here, with what they have (a
    /// judgement inside a move's time; no deadline keeps a judgement the
    /// same every time).
    pub deadline: Option<Instant>,
}

/// Playouts of a judgement.
pub const JUDGE_PLAYOUTS: u32 = 2000;

/// Nodes of a judgement's life-and-death readings.
pub const JUDGE_LIFE: u64 = 0;

/// Most empty points of a region the judgement's solver reads.
const JUDGE_LIFE_REGION: u32 = 12;

/// Simulations of a judgement's search.
pub const JUDGE_SEARCH: u64 = 3000;

impl JudgeParams {
    /// The judgement of a finished game on `threads` threads.
    pub fn new(threads: usize) -> JudgeParams {
        JudgeParams {
            playouts: JUDGE_PLAYOUTS,
            threads: threads.max(1),
            search: JUDGE_SEARCH,
            unsure: 0.6,
            benson: true,
            seki: true,
            life: JUDGE_LIFE,
            deadline: None,
        }
    }
}

/// Seed of the judgement's playouts: a judgement is reproducible for a
/// given number of threads.
const SEED: u64 = 0x6a75_6467;

/// Judge `game`'s position.
pub fn judge(game: &Game, params: JudgeParams) -> Judgement {
    let start = game.board();
    let playouts = playout_ownership(start, game.to_move(), params);
    let certain = if params.benson {
        certain(start)
    } else {
        Certain::default()
    };
    let taken = capturable_at_once(start) - certain.alive;
    // Strings the repetition ban keeps: they live as certain, for this
    // judgement.
    let held = held_by_superko(game) - certain.dead;
    let certain = Certain {
        alive: certain.alive | held,
        ..certain
    };
    let certain = if params.life > 0 {
        let settled = certain.alive | certain.dead | taken;
        let (alive, dead) = solve_unsure(start, &playouts, settled, &certain, params);
        Certain {
            alive: certain.alive | alive,
            dead: certain.dead | dead,
            ..certain
        }
    } else {
        certain
    };
    let mut ownership = playouts.clone();
    if params.search > 0 {
        let settled = certain.alive | certain.dead | taken;
        search_unsure(game, &playouts, settled, params, &mut ownership);
    }
    let seki = if params.seki {
        seki_stones(start, Some(&ownership)) - certain.dead
    } else {
        Bitboard::EMPTY
    };
    // A pair of strings that only one side can approach (a throw-in that
    // leaves one eye): settled as certain, for this judgement.
    let (killed, killers) = if params.seki {
        seki::one_sided_approaches(start, Some(&ownership))
    } else {
        (Bitboard::EMPTY, Bitboard::EMPTY)
    };
    let certain = Certain {
        alive: (certain.alive | killers) - killed,
        dead: certain.dead | (killed - certain.alive),
        ..certain
    };
    let dead = decide(
        start,
        &ownership,
        &playouts,
        &certain,
        taken,
        game.to_move(),
        seki,
    );
    for c in Color::BOTH {
        let sign = if c == Color::Black { 1.0 } else { -1.0 };
        for p in &(start.stones(c) - dead) {
            ownership[p.index()] = sign;
        }
        for p in &(start.stones(c) & dead) {
            ownership[p.index()] = -sign;
        }
        for p in &(certain.territory[c] & start.empty_points()) {
            ownership[p.index()] = sign;
        }
    }
    Judgement {
        dead,
        seki,
        ownership,
    }
}

/// The strings the `playouts` leave unsure (not `settled`, mean ownership
/// under `params.unsure` either way) whose group is enclosed, read by the
/// life-and-death solver: alive when no attack works with the opponent to
/// move, dead when one works unconditionally and no defence works with
/// the owner to move, and the wall the solver takes as safe is (alive for
/// certain, or the wall's in the playouts).
/// Kos and reads that run out are left to the search.
fn solve_unsure(
    start: &Board,
    playouts: &[f32],
    settled: Bitboard,
    certain: &Certain,
    params: JudgeParams,
) -> (Bitboard, Bitboard) {
    let (mut alive, mut dead) = (Bitboard::EMPTY, Bitboard::EMPTY);
    let stride = start.stride();
    for s in strings(start) {
        if params.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let p = s.first().expect("a string has stones");
        if !(s & (settled | alive | dead)).is_empty()
            || string_owned(start, playouts, s).abs() >= params.unsure
        {
            continue;
        }
        let Ok(problem) = tactics::life::Problem::around(start, p) else {
            continue;
        };
        if (problem.region & start.empty_points()).count() > JUDGE_LIFE_REGION {
            continue;
        }
        match problem.attack(start, params.life) {
            tactics::life::Status::Failure => alive |= s,
            tactics::life::Status::Success(_)
                if problem.defend(start, params.life) == tactics::life::Status::Failure =>
            {
                let c = problem.defender;
                let wall = (problem.region.neighbours(stride) - problem.region) & start.stones(!c);
                let safe = strings(start).filter(|w| !(*w & wall).is_empty()).all(|w| {
                    (w - certain.alive).is_empty()
                        || string_owned(start, playouts, w) > params.unsure
                });
                if safe {
                    dead |= s;
                }
            }
            _ => {}
        }
    }
    (alive, dead)
}

/// Read the strings the `playouts` leave unsure (not `settled`, mean
/// ownership under `params.unsure` either way) with a search, each
/// colour's with the other to move: stones are dead when the opponent,
/// moving first, takes them. Their points in `ownership` take the
/// search's values. The two searches run side by side, one thread each,
/// so that a judgement is the same every time it is asked for.
fn search_unsure(
    game: &Game,
    playouts: &[f32],
    settled: Bitboard,
    params: JudgeParams,
    ownership: &mut [f32],
) {
    let start = game.board();
    let unsure = strings(start)
        .filter(|&s| {
            (s & settled).is_empty() && string_owned(start, playouts, s).abs() < params.unsure
        })
        .fold(Bitboard::EMPTY, |u, s| u | s);
    let searched: Vec<(Bitboard, Vec<f64>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = Color::BOTH
            .into_iter()
            .map(|c| (unsure & start.stones(c), c))
            .filter(|(u, _)| !u.is_empty())
            .map(|(u, c)| {
                scope.spawn(move || {
                    let own = search_ownership(game, !c, playouts, params.search, params.deadline);
                    (u, own)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("judgement search"))
            .collect()
    });
    for (u, own) in searched {
        for p in &u {
            ownership[p.index()] = own[p.index()] as f32;
        }
    }
}

/// The dead stones: strings with `ownership` below zero, those `certain`
/// settles dead and those `taken` at once, but for seki and certain life;
/// then freed, the least sure by the `playouts` first and until nothing
/// changes, each string that nothing living takes: one whose every
/// opposing string around the area it reaches through empty points and
/// its own stones is dead, and one in atari whose every opposing string
/// beside it is dead. In a mutual atari (an opposing string beside it in
/// atari too, each capture saving the other) the one the playouts are
/// less sure of lives. And where the two searches, each with the
/// attacker first, find both sides of a fight dead (two opposing strings
/// side by side, neither certain nor in atari), the fight is a race that
/// whoever moves first wins: the string of the side `to_move` lives, as
/// play would go on.
fn decide(
    start: &Board,
    ownership: &[f32],
    playouts: &[f32],
    certain: &Certain,
    taken: Bitboard,
    to_move: Color,
    seki: Bitboard,
) -> Bitboard {
    let stride = start.stride();
    let mut candidates: Vec<(f32, Bitboard)> = strings(start)
        .filter(|&s| {
            (s & seki).is_empty()
                && (s & certain.alive).is_empty()
                && ((s & (certain.dead | taken)) == s || string_owned(start, ownership, s) < 0.0)
        })
        .map(|s| (string_owned(start, playouts, s), s))
        .collect();
    candidates.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut dead = candidates.iter().fold(Bitboard::EMPTY, |d, (_, s)| d | *s);
    dead -= won_races(start, &candidates, dead - certain.dead - taken);
    loop {
        let mut changed = false;
        for &(_, s) in &candidates {
            let p = s.first().expect("a string has stones");
            if !dead.contains(p) || (s & certain.dead) == s {
                continue;
            }
            let c = start.color_at(p).expect("a stone");
            let area = s.flood(stride, start.empty_points() | start.stones(c));
            let enclosers = area.neighbours(stride) & start.stones(!c);
            let takers = s.neighbours(stride) & start.stones(!c);
            let is_taken = (s & taken) == s;
            let taken_in_vain = is_taken && (takers - dead).is_empty();
            let mutual = is_taken && !(takers & dead & taken).is_empty();
            let race_won =
                c == to_move && !is_taken && !(takers & (dead - certain.dead - taken)).is_empty();
            let ko = in_open_ko(start, s, c, dead);
            if (enclosers - dead).is_empty() || taken_in_vain || mutual || race_won || ko {
                dead -= s;
                changed = true;
            }
        }
        if !changed {
            return dead;
        }
    }
}

/// Whether the string `s` of colour `c` is a stone in an open ko that its
/// owner would win by connecting: one stone in atari that the opponent
/// takes only as a ko (the taking stone is left with the one liberty
/// where `s` stood) and whose owner's move at that point joins strings
/// that are not `dead`. A ko is not taken at the count (docs/JUDGEMENT.md):
/// such a stone lives, as GNU Go and Pachi leave it.
fn in_open_ko(start: &Board, s: Bitboard, c: Color, dead: Bitboard) -> bool {
    let Some(p) = s.first() else { return false };
    let Some(l) = start.atari_liberty(p) else {
        return false;
    };
    if s.count() != 1 || !start.is_legal(!c, l) {
        return false;
    }
    let take = tactics::move_effect(start, !c, l);
    if take.captures != 1 || take.liberties != 1 {
        return false;
    }
    let joined = (Bitboard::single(l).neighbours(start.stride()) & start.stones(c)) - s;
    !joined.is_empty()
        && (joined & dead).is_empty()
        && tactics::move_effect(start, c, l).liberties >= 2
}

/// Of the `candidates` found dead, the strings in a race (beside a string
/// of the other colour that is found dead too, both in `racing`: neither
/// certain nor taken at once) that the capture reader proves the
/// opponent cannot take even moving first: they win the race whoever
/// moves (a race lost by a liberty is not a race the side to move wins).
/// The reader reads strings of up to three liberties and answers only
/// when it is sure.
fn won_races(start: &Board, candidates: &[(f32, Bitboard)], racing: Bitboard) -> Bitboard {
    let stride = start.stride();
    // Made at the first race: most positions have none.
    let mut reader = None;
    let mut won = Bitboard::EMPTY;
    for &(_, s) in candidates {
        let p = s.first().expect("a string has stones");
        if (s & racing) != s {
            continue;
        }
        let c = start.color_at(p).expect("a stone");
        let rivals = s.neighbours(stride) & start.stones(!c) & racing;
        let liberties = (s.neighbours(stride) & start.empty_points()).count();
        if rivals.is_empty() || liberties > tactics::reader::MAX_LIBERTIES {
            continue;
        }
        let reader = reader.get_or_insert_with(|| tactics::reader::Reader::new(start.size()));
        if reader.attack(start, p) == tactics::reader::Answer::No {
            won |= s;
        }
    }
    won
}

/// A search's `ownership` (Black minus White, per grid point) made to
/// read as the judgement reads a position: the stones of a string share
/// its mean, and what unconditional life settles is certain. For the
/// ownership that analysis shows.
pub fn refine_ownership(board: &Board, ownership: &mut [f64]) {
    for s in strings(board) {
        let mean = s.iter().map(|q| ownership[q.index()]).sum::<f64>() / f64::from(s.count());
        for q in &s {
            ownership[q.index()] = mean;
        }
    }
    let certain = certain(board);
    for c in Color::BOTH {
        let sign = if c == Color::Black { 1.0 } else { -1.0 };
        for p in &((certain.alive & board.stones(c)) | certain.territory[c]) {
            ownership[p.index()] = sign;
        }
    }
}

/// Strings in atari that the opponent, moving first, takes at once for
/// good: the capturing stone keeps a liberty other than the point it took
/// (no snapback, and no ko: a ko is left to the playouts and the search,
/// as GNU Go and Pachi leave it, and the game's superko may forbid the
/// capture anyway).
fn capturable_at_once(board: &Board) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for string in strings(board) {
        let p = string.first().expect("a string has stones");
        let (Some(c), Some(l)) = (board.color_at(p), board.atari_liberty(p)) else {
            continue;
        };
        if tactics::move_effect(board, !c, l).liberties >= 2 {
            out |= string;
        }
    }
    out
}

/// Strings of the side not to move in atari (at a point the side to move
/// could take them at on the board: a ko) that the game's superko forbids
/// the side to move to take now, where their owner's move at that point
/// saves them (two liberties or more after it). The owner connects next,
/// and a finished game has no ko threats left, as a ko that was just
/// retaken in a game that then ended by two passes: such a stone lives
/// (game 362 of the 9x9 soak, 9x9/ty-gg10m-9-012 of the test set).
fn held_by_superko(game: &Game) -> Bitboard {
    let board = game.board();
    let c = game.to_move();
    let mut out = Bitboard::EMPTY;
    for string in strings(board) {
        let p = string.first().expect("a string has stones");
        if board.color_at(p) != Some(!c) {
            continue;
        }
        let Some(l) = board.atari_liberty(p) else {
            continue;
        };
        if board.is_legal(c, l)
            && !game.is_legal(c, l)
            && tactics::move_effect(board, !c, l).liberties >= 2
        {
            out |= string;
        }
    }
    out
}

/// Every string of `board`, as a set of points.
fn strings(board: &Board) -> impl Iterator<Item = Bitboard> + '_ {
    (board.stones(Color::Black) | board.stones(Color::White))
        .iter()
        .filter(move |&p| board.string_head(p) == p)
        .map(move |p| board.string_bitboard(p))
}

/// How surely the string `s` stays its colour's, in -1..1: the mean of
/// [`owned`] over its stones.
fn string_owned(board: &Board, ownership: &[f32], s: Bitboard) -> f32 {
    s.iter().map(|q| owned(board, ownership, q)).sum::<f32>() / s.count().max(1) as f32
}

/// Each point's owner as a search of `sims` simulations from the
/// position with `to_move` first sees it: the mean over the simulations,
/// which the search spends mostly on good moves. Komi is moved so that
/// the playouts' `ownership` count is even: every point then matters to
/// both sides, however the game stands.
fn search_ownership(
    game: &Game,
    to_move: Color,
    ownership: &[f32],
    sims: u64,
    deadline: Option<Instant>,
) -> Vec<f64> {
    let board = game.board();
    let area: f32 = board.points().map(|p| ownership[p.index()]).sum();
    let score = f64::from(area) - game.komi() - game.handicap_compensation();
    let task = Task {
        to_move,
        komi_offset: score.round(),
        threads: 1,
        seed: SEED,
        limits: Limits {
            playouts: Some(sims),
            deadline,
            ..Limits::default()
        },
        ownership: true,
        moves_ownership: false,
        avoid: Vec::new(),
    };
    // The judgement's search reads with the hand-written priors only: with
    // the learned patterns' prior (made for choosing moves, not for
    // reading the end of a game) the test set fell from 265 to 262, with
    // the capture reader's (`b7fe0a6`) to 264.
    let defaults = SearchParams::default();
    let params = SearchParams {
        priors: crate::mcts::PriorParams {
            learned: 0,
            tactics: 0,
            ..defaults.priors
        },
        patterns: None,
        ..defaults
    };
    let mut search = Search::new(SEARCH_NODES, params);
    let result = search.run(game, &task, &AtomicBool::new(false), None);
    result
        .ownership
        .unwrap_or_else(|| ownership.iter().map(|&o| f64::from(o)).collect())
}

/// Tree nodes of the judgement's search.
const SEARCH_NODES: usize = 1 << 21;

/// Each point's owner at the end of `params.playouts` heavy playouts from
/// `start` with `to_move` first: Black minus White, in -1..1.
fn playout_ownership(start: &Board, to_move: Color, params: JudgeParams) -> Vec<f32> {
    let threads = params.threads.max(1);
    let per_thread = params.playouts.div_ceil(threads as u32);
    let counts: Vec<(Vec<i32>, u32)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut own = vec![0i32; crate::board::ARRAY_SIZE];
                    let mut board = start.clone();
                    let mut rng = PlayoutRng::seed_from_u64(SEED ^ (t as u64) << 32);
                    let mut done = 0;
                    for i in 0..per_thread {
                        // The clock is read every 16 playouts.
                        if i % 16 == 0 && params.deadline.is_some_and(|d| Instant::now() >= d) {
                            break;
                        }
                        done += 1;
                        board.copy_from(start);
                        playout::run(&mut HeavyPolicy::default(), &mut board, to_move, &mut rng);
                        for p in start.points() {
                            own[p.index()] += match board.playout_owner(p) {
                                Some(Color::Black) => 1,
                                Some(Color::White) => -1,
                                None => 0,
                            };
                        }
                    }
                    (own, done)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("judgement thread"))
            .collect()
    });
    let total = counts.iter().map(|(_, n)| n).sum::<u32>().max(1) as f32;
    let counts: Vec<Vec<i32>> = counts.into_iter().map(|(c, _)| c).collect();
    (0..crate::board::ARRAY_SIZE)
        .map(|i| counts.iter().map(|c| c[i]).sum::<i32>() as f32 / total)
        .collect()
}

#[cfg(test)]
mod tests;
