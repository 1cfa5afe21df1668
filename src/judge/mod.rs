//! The end-of-game judgement: which stones are dead, which are in seki,
//! and who owns each point.
//!
//! Certain knowledge first: unconditional life in Benson's sense
//! ([`benson`]) settles some strings alive and some opposing stones dead
//! for good. Then many heavy playouts from the position give each point's
//! owner; a string is dead when its stones are lost more often than kept,
//! and strings joined by two or more shared liberties share one fate. A
//! local check finds seki ([`seki`]), which playouts decide at random.

mod benson;
mod seki;

pub use benson::{certain, Certain};
pub use seki::seki_stones;

use crate::board::{Bitboard, Board, Color, Game, Point};
use crate::playout::{self, HeavyPolicy, PlayoutRng};
use rand::SeedableRng;

/// The judgement of a position.
#[derive(Clone, Debug)]
pub struct Judgement {
    pub dead: Bitboard,
    pub seki: Bitboard,
    /// Per grid point: Black ownership minus White ownership, in -1..1.
    pub ownership: Vec<f32>,
}

/// How much work a judgement does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JudgeParams {
    /// Playouts in all.
    pub playouts: u32,
    /// Threads the playouts are shared among.
    pub threads: usize,
}

/// Playouts of a judgement.
pub const JUDGE_PLAYOUTS: u32 = 2000;

impl JudgeParams {
    /// The judgement of a finished game on `threads` threads.
    pub fn new(threads: usize) -> JudgeParams {
        JudgeParams {
            playouts: JUDGE_PLAYOUTS,
            threads: threads.max(1),
        }
    }
}

/// Seed of the judgement's playouts: a judgement is reproducible for a
/// given number of threads.
const SEED: u64 = 0x6a75_6467;

/// Judge `game`'s position.
pub fn judge(game: &Game, params: JudgeParams) -> Judgement {
    let start = game.board();
    let ownership = playout_ownership(start, game.to_move(), params);
    let certain = certain(start);
    let seki = seki_stones(start, Some(&ownership)) - certain.dead;
    let mut dead = Bitboard::EMPTY;
    for c in Color::BOTH {
        for p in &start.stones(c) {
            if start.string_head(p) != p {
                continue;
            }
            let s = start.string_bitboard(p);
            let votes: f32 = s.iter().map(|q| owned(start, &ownership, q)).sum();
            if votes < 0.0 {
                dead |= s;
            }
        }
    }
    let dead = (dead - seki - certain.alive) | certain.dead;
    Judgement {
        dead,
        seki,
        ownership,
    }
}

/// Each point's owner at the end of `params.playouts` heavy playouts from
/// `start` with `to_move` first: Black minus White, in -1..1.
fn playout_ownership(start: &Board, to_move: Color, params: JudgeParams) -> Vec<f32> {
    let threads = params.threads.max(1);
    let per_thread = params.playouts.div_ceil(threads as u32);
    let counts: Vec<Vec<i32>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut own = vec![0i32; crate::board::ARRAY_SIZE];
                    let mut board = start.clone();
                    let mut rng = PlayoutRng::seed_from_u64(SEED ^ (t as u64) << 32);
                    for _ in 0..per_thread {
                        board.copy_from(start);
                        playout::run(&mut HeavyPolicy, &mut board, to_move, &mut rng);
                        for p in start.points() {
                            own[p.index()] += match board.playout_owner(p) {
                                Some(Color::Black) => 1,
                                Some(Color::White) => -1,
                                None => 0,
                            };
                        }
                    }
                    own
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("judgement thread"))
            .collect()
    });
    let total = (per_thread * threads as u32).max(1) as f32;
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
        let (_, score) = g.score(j.dead);
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
        let (count, _) = g.score(j.dead);
        for shared in ["E2", "E3"] {
            assert!(!count.territory_points[Color::Black].contains(p(shared)));
            assert!(!count.territory_points[Color::White].contains(p(shared)));
        }
        // No seki where the shared points are plain liberties.
        assert!(seki_stones(&Board::new(7), None).is_empty());
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

    #[test]
    fn seki_with_an_eye_each() {
        // White's D1-J3 string has the eye E2 and shares H2 with Black's
        // G1-H1 and J2, whose eye J1 leans on both of them. Either side
        // filling H2 is captured: a seki of four strings, all alive.
        let rows = [
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
}
