//! The end-of-game judgement: which stones are dead, which are in seki,
//! and who owns each point (docs/JUDGEMENT.md).
//!
//! A string is dead when the opponent, moving first, takes it (a race
//! that each side wins by moving first goes to the side to move). In
//! order:
//! what is certain (unconditional life, [`benson`]); strings in atari,
//! taken at once; heavy playouts for every string, decided whole; a
//! search, the attacker to move, for the strings the playouts leave
//! unsure; seki ([`seki`]); and consistency: a dead string needs a living
//! string of the other colour to take it.

mod benson;
mod seki;
mod status;

pub use benson::{certain, Certain};
pub use seki::seki_stones;
pub use status::{final_status, FinalStatus};

use crate::board::{Bitboard, Board, Color, Game, Point};
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
    /// Stop the playouts and the search here, with what they have (a
    /// judgement inside a move's time; no deadline keeps a judgement the
    /// same every time).
    pub deadline: Option<Instant>,
}

/// Playouts of a judgement.
pub const JUDGE_PLAYOUTS: u32 = 2000;

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
    let mut reader = tactics::reader::Reader::new(start.size());
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

/// How surely the stone on `q` stays its colour's at the end, in -1..1,
/// from the playouts' `ownership` (Black minus White, per grid point).
fn owned(board: &Board, ownership: &[f32], q: Point) -> f32 {
    let o = ownership[q.index()];
    if board.color_at(q) == Some(Color::Black) {
        o
    } else {
        -o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Rules;

    fn game(rows: &[&str], komi: f64) -> Game {
        let b = Board::from_rows(rows).unwrap();
        let mut g = Game::new(rows.len(), komi, Rules::chinese());
        let black: Vec<Point> = b.stones(Color::Black).iter().collect();
        let white: Vec<Point> = b.stones(Color::White).iter().collect();
        g.setup(&black, &white, &[]).unwrap();
        g
    }

    #[test]
    fn dead_stone_in_territory() {
        let g = game(
            &[
                ". . X O . . . . .",
                "O . X O . . . . .",
                ". . X O . . O . .",
                ". X X O . . . . .",
                "X . X O . . . . .",
                ". X X O . . . . .",
                ". X . X O . . . .",
                ". X X X O . . X .",
                ". . . X O . . . .",
            ],
            7.5,
        );
        let j = judge(&g, JudgeParams::new(1));
        let p = |s| Point::parse(s, 9).unwrap();
        assert!(!j.dead.contains(p("C9")));
        assert!(!j.dead.contains(p("D9")));
        assert!(
            !j.dead.contains(p("G7")),
            "white's own stone in its area lives"
        );
        assert!(
            !j.dead.contains(p("A5")),
            "black's own stone in its area lives"
        );
        assert!(j.dead.contains(p("A8")), "white stone inside black's area");
        assert!(j.dead.contains(p("H2")), "black stone inside white's area");
        let (_, score) = g.score(j.dead, j.seki);
        assert!(score.0 < 0.0, "{score:?}");
    }

    #[test]
    fn seki_is_found_and_kept_alive() {
        // White D1-D4 E4 E1 and Black F1-F4 share E2 and E3 and have no
        // other liberty: whoever fills one is captured and the other side
        // lives in the space. A seki.
        let g = game(
            &[
                ". . . . X O . . .",
                ". . . . X O . . .",
                ". . . . X O . . .",
                ". . . . X O . . .",
                ". . X X X O O . .",
                ". . X O O X O . .",
                ". . X O . X O . .",
                ". . X O . X O . .",
                ". . X O O X O . .",
            ],
            7.5,
        );
        let p = |s| Point::parse(s, 9).unwrap();
        let seki = seki_stones(g.board(), None);
        let expected: Bitboard = ["D1", "D2", "D3", "D4", "E4", "E1", "F1", "F2", "F3", "F4"]
            .into_iter()
            .map(p)
            .collect();
        assert_eq!(seki, expected);
        let j = judge(&g, JudgeParams::new(1));
        assert!((j.dead & expected).is_empty(), "seki stones judged dead");
        let (count, _) = g.score(j.dead, j.seki);
        for shared in ["E2", "E3"] {
            assert!(!count.area.territory_points[Color::Black].contains(p(shared)));
            assert!(!count.area.territory_points[Color::White].contains(p(shared)));
        }
        // No seki where the shared points are plain liberties.
        assert!(seki_stones(&Board::new(7), None).is_empty());
    }

    #[test]
    fn a_stone_in_an_open_ko_lives() {
        // White's C2 is in atari; Black takes it only as a ko (D2 keeps
        // one liberty, C2), and White's D2 joins D1-E3: a ko is not taken
        // at the count. Black's lone A8 inside White's corner is in atari
        // too, but White takes it for good: no ko.
        let g = game(
            &[
                ". . . X O . . . .",
                "X O . X O . . . .",
                "O . . X O . . . .",
                ". . . X O . . . .",
                ". . . X O . . . .",
                ". . X X O . . . .",
                ". X X O O . . . .",
                ". X O . O . . . .",
                ". X X O O . . . .",
            ],
            7.5,
        );
        let b = g.board();
        let p = |s| Point::parse(s, 9).unwrap();
        let c2 = b.string_bitboard(p("C2"));
        assert!(in_open_ko(b, c2, Color::White, Bitboard::EMPTY));
        // Not when the strings it would join are dead.
        let wall = b.string_bitboard(p("D1"));
        assert!(!in_open_ko(b, c2, Color::White, wall));
        let a8 = b.string_bitboard(p("A8"));
        assert!(!in_open_ko(b, a8, Color::Black, Bitboard::EMPTY));
        let j = judge(&g, JudgeParams::new(1));
        assert!(!j.dead.contains(p("C2")));
    }

    #[test]
    fn a_seki_inside_each_others_walls() {
        // Issue 45's seki: Black D1-D3 and White B1 B2 B3 C3 share C1 and
        // C2 and have no other liberty. Whoever fills one is taken, but
        // the stones taken leave their space to a living wall (White's
        // D4-E4, Black's A1-C4), so neither filling is a throw-in that
        // kills. GNU Go and Pachi: seki, W+38.5.
        let g = game(
            &[
                ". . X O . . . . .",
                ". . X O . . . . .",
                ". . X O . . . . .",
                ". . X O . . . . .",
                ". . X O . . . . .",
                "X X X O O . . . .",
                "X O O X O . . . .",
                "X O . X O . . . .",
                "X O . X O . . . .",
            ],
            7.5,
        );
        let p = |s| Point::parse(s, 9).unwrap();
        let expected: Bitboard = ["B1", "B2", "B3", "C3", "D1", "D2", "D3"]
            .into_iter()
            .map(p)
            .collect();
        assert_eq!(seki_stones(g.board(), None), expected);
        let j = judge(&g, JudgeParams::new(1));
        assert!(j.dead.is_empty(), "{:?}", j.dead);
        assert_eq!(j.seki, expected);
        assert_eq!(g.result_text(g.score(j.dead, j.seki).1), "W+38.5");
    }

    #[test]
    fn a_seki_of_three_shared_liberties_without_eyes() {
        // Game 81 of the 500-game 9x9 soak: White's 16 stones (F1-J5) and
        // Black's G2 H2 J2 have only G3, J3 and J1, shared, and no eye.
        // Filling one leaves both with two; whoever fills the next is
        // taken. A seki (GNU Go: seki too). Tianyuan called White dead.
        let g = game(
            &[
                "O X . O O X . . .",
                "O O O O X X . . X",
                "O . O O X . X . .",
                "O O X O X X . X X",
                "X X X X X O X X O",
                ". . X X O O O O O",
                ". . X O O O . O .",
                ". . X X O O X X X",
                ". . . X X O O O .",
            ],
            7.5,
        );
        let p = |s| Point::parse(s, 9).unwrap();
        let white = g.board().string_bitboard(p("F1"));
        let black = g.board().string_bitboard(p("G2"));
        assert_eq!(white.count(), 16);
        assert_eq!(seki_stones(g.board(), None), white | black);
        let j = judge(&g, JudgeParams::new(1));
        assert!((j.dead & (white | black)).is_empty(), "{:?}", j.dead);
        // With a one-stone thrower there is no seki: Black's D2 shares C2,
        // E2 and D1 with White's string, but Black fills C2 and E2 and,
        // taken, leaves White the straight three C2-D2-E2, one eye.
        let small = game(
            &[
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                "X X X X X X X",
                "X O O O O O X",
                "X O . X . O X",
                "X O O . O O X",
            ],
            7.5,
        );
        assert!(seki_stones(small.board(), None).is_empty());
        // Nor where the taken stones leave a square four: White's A6 B6
        // and Black's string share A7, A5 and B5; White fills A5 and B5,
        // Black takes four stones and has one eye (as in
        // 13x13/ty100-gg8-13-a-003 of the test set).
        let square = game(
            &[
                ". X X O . . .",
                "O O X O . . .",
                ". . X O . . .",
                "X X X O . . .",
                "O O O O . . .",
                ". . . . . . .",
                ". . . . . . .",
            ],
            7.5,
        );
        assert!(seki_stones(square.board(), None).is_empty());
    }

    #[test]
    fn a_filling_that_only_helps_the_other_side_is_no_approach() {
        // Game 202 of the second 500-game 9x9 soak: Black's 16 stones at
        // the top left and White's B8 C8 B9 C9 inside share B7, A9 and D9,
        // with no eye. Black's B7 would let White throw in at A9 and leave
        // Black a bulky five, but Black need not play it; White's fillings
        // leave Black six points, two eyes. A seki (GNU Go: seki too).
        let g = game(
            &[
                ". O O . X X X O .",
                "X O O X X X O . O",
                "X . X X O O . O X",
                "X X X X O O O X X",
                "X O X O X . O X .",
                "O O O O O O O X X",
                "X X X O O X X O .",
                "O X O X X . X X X",
                ". X . X . X . X .",
            ],
            7.5,
        );
        let p = |s| Point::parse(s, 9).unwrap();
        let b = g.board();
        let cluster = b.string_bitboard(p("A5")) | b.string_bitboard(p("B8"));
        assert_eq!(b.string_bitboard(p("A5")).count(), 16);
        assert_eq!(seki_stones(b, None) & cluster, cluster);
    }

    #[test]
    fn a_throw_in_that_only_one_side_has_kills() {
        // Game 13 of the 19x19 soak (2026-12-02), White to move: Black's
        // ten stones at the bottom left and White's A1 B1 share A2 and C1,
        // with no eye. Black filling either is a self-atari of eleven
        // stones; White's A2 gives up three stones and leaves Black a bent
        // three, one eye. Black is dead, White's two stones live (GNU Go
        // too); tianyuan had it the other way round.
        let g = game(
            &[
                "O O X X . . O . O O O O . . O O . O .",
                ". . O O X X X O . O X X O O . . O . O",
                "O O O . O O O O O X X X O O . O O O X",
                "X O O . O O X X O O X O O O O X X X X",
                "X X O O X O X X X X X X O O X O O . O",
                ". X X X X X X O X O X X X X X X O O .",
                ". . . . O O X O O O X . X . X O O . O",
                ". X . O . O O X X O O X O O X O X O O",
                ". X . O O O X . X O O X X X O O X X X",
                ". . X X X X X . X X O O X . X X X . .",
                ". . . . . . O X X O O O X X O O X . .",
                ". . . . X . X . X X O O O X O X X O .",
                "X X X X . X . . . O X O O O O O X X .",
                "O O X O X X X X . . X X X O O X . . X",
                "O O O O O X O O X X X . X O X X . X O",
                "X O X O X X O O X O O X X O X X X X O",
                "X X X O O X O . O O O O X O O X X O O",
                ". X X X O O . O O . O X X O . O X O .",
                "O O . X X O O O . O X X O O O . O . O",
            ],
            7.5,
        );
        let p = |s| Point::parse(s, 19).unwrap();
        let black = g.board().string_bitboard(p("A3"));
        assert_eq!(black.count(), 10);
        let (killed, killers) = seki::one_sided_approaches(g.board(), None);
        assert_eq!(killed & black, black);
        assert!(killers.contains(p("A1")) && killers.contains(p("B1")));
        let j = judge(&g, JudgeParams::new(1));
        assert_eq!(j.dead & black, black, "{:?}", j.dead);
        assert!(!j.dead.contains(p("A1")) && !j.dead.contains(p("B1")));
    }

    #[test]
    fn a_cyclic_seki_of_three_strings() {
        // Game 235 of the 500-game 9x9 soak: Black's 12 stones (C2-J5)
        // have F1 and the eye J3, White's G1 H1 H2 have F1 and J1, Black's
        // J2 has J1 and J3. Each filling is a self-atari; Black's J1 gives
        // up two stones to White's J3, which Black retakes at J2: no side
        // gains. A seki (GNU Go: seki too); tianyuan called White dead, a
        // throw-in, as if White's J3 joined a white string.
        let g = game(
            &[
                "X X . . . . . . .",
                "O X X X X . . . .",
                "O O O X . X X X X",
                "O . O O X X O O O",
                "X O . O X O O O X",
                ". O O . O O O X X",
                "O . O O O X X X .",
                "X O X X X X X O X",
                ". O O O X . O O .",
            ],
            7.5,
        );
        let p = |s| Point::parse(s, 9).unwrap();
        let b = g.board();
        let cluster =
            b.string_bitboard(p("E1")) | b.string_bitboard(p("G1")) | b.string_bitboard(p("J2"));
        assert_eq!(b.string_bitboard(p("E1")).count(), 12);
        assert_eq!(seki_stones(b, None) & cluster, cluster);
        let j = judge(&g, JudgeParams::new(1));
        assert!((j.dead & cluster).is_empty(), "{:?}", j.dead);
    }

    #[test]
    fn a_straight_three_with_its_vital_point_taken_is_no_seki() {
        // White B1 B2..F2 F1 and Black D1 share C1 and E1, and either side
        // filling one is a self-atari; but Black's C1 is a throw-in: White
        // takes two stones and is left with a two-point eye. White is dead.
        let g = game(
            &[
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                "X X X X X X X",
                "X O O O O O X",
                "X O . X . O X",
            ],
            7.5,
        );
        let p = |s| Point::parse(s, 7).unwrap();
        assert!(seki_stones(g.board(), None).is_empty());
        let j = judge(&g, JudgeParams::new(1));
        assert!(j.dead.contains(p("B2")) && j.dead.contains(p("F1")));
        assert!(!j.dead.contains(p("D1")));
    }

    /// White's D1-J3 string has the eye E2 and shares H2 with Black's
    /// G1-H1 and J2, whose eye J1 leans on both of them.
    const SEKI_WITH_AN_EYE_EACH: [&str; 9] = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X X X X X X X",
        ". . X O O O O O O",
        ". . X O . O O . X",
        ". . X O O O X X .",
    ];

    #[test]
    fn seki_with_an_eye_each() {
        // White's D1-J3 string has the eye E2 and shares H2 with Black's
        // G1-H1 and J2, whose eye J1 leans on both of them. Either side
        // filling H2 is captured: a seki of four strings, all alive.
        let rows = SEKI_WITH_AN_EYE_EACH;
        let g = game(&rows, 7.5);
        let p = |s| Point::parse(s, 9).unwrap();
        let expected: Bitboard = [
            "D3", "E3", "F3", "G3", "H3", "J3", "D2", "F2", "G2", "D1", "E1", "F1", "G1", "H1",
            "J2",
        ]
        .into_iter()
        .map(p)
        .collect();
        assert_eq!(seki_stones(g.board(), None), expected);
        // Without J2, J1 is no eye and White can approach from J2: no seki.
        let mut rows_j2 = rows;
        rows_j2[7] = ". . X O . O O . .";
        let g = game(&rows_j2, 7.5);
        assert_eq!(seki_stones(g.board(), None), Bitboard::EMPTY);
    }

    #[test]
    fn eyes_in_seki_count_for_nobody_under_territory_counting() {
        // The seki of `seki_with_an_eye_each`: Black's wall has the 53
        // points outside; White's eye E2 and Black's eye J1 are in the seki.
        let rows = SEKI_WITH_AN_EYE_EACH;
        let mut g = game(&rows, 7.5);
        let j = judge(&g, JudgeParams::new(1));
        assert!(j.dead.is_empty(), "{:?}", j.dead);
        // Chinese: Black 13 stones + 54 points, White 12 + 1 (E2).
        assert_eq!(
            g.score(j.dead, j.seki).1,
            crate::board::Score(67.0 - 13.0 - 7.5)
        );
        // Japanese: Black 53 points (J1 is in the seki), White none.
        g.set_rules(Rules::japanese());
        let (count, score) = g.score(j.dead, j.seki);
        assert_eq!(count.seki_territory.0.map(|t| t.count()), [1, 1]);
        assert_eq!(score, crate::board::Score(53.0 - 7.5));
    }

    #[test]
    fn an_eye_that_leans_on_a_capturable_string_is_no_seki() {
        // A 9x9 match game's end (game 18 of a 100-game run against GNU Go):
        // White J8 and H9 sit in Black's corner. J8 shares J7 with Black's
        // G7-H8-J6 string, and J9 looks like White's eye, but it leans on
        // H9, which Black captures from G9; then J8 falls too. No seki:
        // both white stones are dead and the black string lives (GNU Go:
        // W+0.5 with H9 and J8 dead).
        let g = game(
            &[
                ". . . . X X . O .",
                ". X . . . X . X O",
                "X X X X X O X X .",
                "O O X X O O O X X",
                "X O X O O . . O O",
                "X O O O . . . . O",
                "X X X O O . O O .",
                ". X . X O . . . O",
                ". . X X O . . . .",
            ],
            7.5,
        );
        let p = |s| Point::parse(s, 9).unwrap();
        assert_eq!(seki_stones(g.board(), None), Bitboard::EMPTY);
        let j = judge(&g, JudgeParams::new(1));
        assert!(j.dead.contains(p("J8")) && j.dead.contains(p("H9")));
        assert!(!j.dead.contains(p("H8")));
    }

    #[test]
    fn refined_ownership_is_per_string_and_certain_where_benson_says() {
        // Black's wall has the eyes B5 and D4-D5 (White's D5 inside): alive
        // unconditionally. White's E3-F3 string gets one mean value.
        let b = Board::from_rows(&[
            "X X X X X . .",
            "X . X O X . .",
            "X X X . X . .",
            ". . X X X . .",
            ". . . . O O .",
            ". . . . . . .",
            ". . . . . . .",
        ])
        .unwrap();
        let p = |s| Point::parse(s, 7).unwrap();
        let mut own = vec![0.0; crate::board::ARRAY_SIZE];
        own[p("E3").index()] = -0.2;
        own[p("F3").index()] = -0.6;
        own[p("A7").index()] = 0.3;
        refine_ownership(&b, &mut own);
        assert!((own[p("E3").index()] + 0.4).abs() < 1e-9);
        assert_eq!(own[p("E3").index()], own[p("F3").index()]);
        for v in ["A7", "E5", "B6", "D4", "D6"] {
            assert_eq!(own[p(v).index()], 1.0, "{v}");
        }
        assert_eq!(own[p("G1").index()], 0.0);
    }

    #[test]
    fn strings_in_atari_are_taken_but_not_a_ko_or_a_snapback() {
        let p = |s| Point::parse(s, 7).unwrap();
        // White's C5 is in atari at D5: Black takes it for good.
        let g = game(
            &[
                ". . . . . . .",
                ". . X . . . .",
                ". X O . . . .",
                ". . X . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
            ],
            7.5,
        );
        assert_eq!(capturable_at_once(g.board()), Bitboard::single(p("C5")));
        // A ko: White's D4 is in atari at C4, but Black's C4 would be in
        // atari at D4 at once.
        let ko = game(
            &[
                ". . . . . . .",
                ". . X O . . .",
                ". X . X O . .",
                ". . X O . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
            ],
            7.5,
        );
        assert!(ko.board().in_atari(p("D5")));
        assert!(capturable_at_once(ko.board()).is_empty());
        // A snapback: White's C1 is in atari at B1, but Black's B1 would
        // leave B1-B2-C2 with C1 its only liberty.
        let snap = game(
            &[
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                "O O O O . . .",
                "O X X O . . .",
                "O . O X . . .",
            ],
            7.5,
        );
        assert!(snap.board().in_atari(p("C1")));
        assert!(!capturable_at_once(snap.board()).contains(p("C1")));
    }
}
