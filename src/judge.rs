//! The end-of-game judgement: which stones are dead, which are in seki,
//! and who owns each empty point, from the ownership that many playouts
//! give, corrected by a local seki check (playout ownership alone calls
//! seki stones dead or alive at random).

use crate::board::{Bitboard, Board, Color, Game, Point};
use crate::playout::{self, LightPolicy, PlayoutRng};
use rand::SeedableRng;

/// The judgement of a position.
#[derive(Clone, Debug)]
pub struct Judgement {
    pub dead: Bitboard,
    pub seki: Bitboard,
    /// Per grid point: Black ownership minus White ownership, in -1..1.
    pub ownership: Vec<f32>,
}

/// Playouts used for a judgement.
pub const JUDGE_PLAYOUTS: u32 = 600;

/// Judge `game`'s position with `playouts` light playouts (fixed seed).
pub fn judge(game: &Game, playouts: u32) -> Judgement {
    let start = game.board();
    let mut own = vec![0i32; crate::board::ARRAY_SIZE];
    let mut board = start.clone();
    let mut rng = PlayoutRng::seed_from_u64(0x6a75_6467);
    for _ in 0..playouts {
        board.copy_from(start);
        playout::run(&mut LightPolicy, &mut board, game.to_move(), &mut rng);
        for p in start.points() {
            own[p.index()] += match board.playout_owner(p) {
                Some(Color::Black) => 1,
                Some(Color::White) => -1,
                None => 0,
            };
        }
    }
    let ownership: Vec<f32> = own
        .iter()
        .map(|&o| o as f32 / playouts.max(1) as f32)
        .collect();
    let seki = seki_stones(start, Some(&ownership));
    let mut dead = Bitboard::EMPTY;
    for c in Color::BOTH {
        for p in &start.stones(c) {
            if owned(start, &ownership, p) < 0.0 && !seki.contains(p) {
                dead.insert(p);
            }
        }
    }
    // A string is dead or alive as a whole.
    let mut whole = Bitboard::EMPTY;
    for p in &dead {
        if !whole.contains(p) {
            let s = start.string_bitboard(p);
            let votes: f32 = s.iter().map(|q| owned(start, &ownership, q)).sum();
            if votes < 0.0 {
                whole |= s;
            }
        }
    }
    Judgement {
        dead: whole,
        seki,
        ownership,
    }
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

/// Strings in seki: a cluster of strings of both colours whose every
/// liberty is either shared (it touches both colours, and filling it is a
/// self-atari for either side) or an eye (an empty point whose neighbours
/// are all stones of one colour, every one of them a string of the
/// cluster), with at least one shared liberty. Then neither side can
/// approach: an eye that leans on a string with a liberty outside the
/// cluster is no eye, since that string can be captured. A local check,
/// not a full reading; big eyes (two empty points or more) are left to
/// the playouts.
///
/// With the playouts' `ownership` (Black minus White, per grid point), an
/// eye may also lean on a string its own colour owns (a living wall), and
/// a cluster bordered by a string that the other colour owns (a dead
/// wall) is no seki.
pub fn seki_stones(board: &Board, ownership: Option<&[f32]>) -> Bitboard {
    let mut seki = Bitboard::EMPTY;
    for c in Color::BOTH {
        for p in &board.stones(c) {
            if seki.contains(p) || board.string_head(p) != p {
                continue;
            }
            let string = board.string_bitboard(p);
            let libs = string.neighbours(board.stride()) & board.empty_points();
            if libs.count() == 2 {
                if let Some(cluster) = seki_cluster(board, string, ownership) {
                    seki |= cluster;
                }
            }
        }
    }
    seki
}

/// Strings a seki cluster may hold before the check gives up.
const SEKI_MAX_STRINGS: usize = 8;

/// The seki cluster grown from `start`, if it is one (see [`seki_stones`]).
fn seki_cluster(board: &Board, start: Bitboard, ownership: Option<&[f32]>) -> Option<Bitboard> {
    let stride = board.stride();
    let owned = |q: Point| ownership.map_or(0.0, |o| owned(board, o, q));
    let empty = board.empty_points();
    let stones = board.stones(Color::Black) | board.stones(Color::White);
    let mut cluster = start;
    let mut checked = Bitboard::EMPTY;
    let mut strings = 1;
    let mut shared = 0;
    // Grow the cluster through the liberties of its strings until every
    // liberty is classified: each string is checked once.
    while let Some(p) = (cluster - checked).first() {
        let string = board.string_bitboard(p);
        checked |= string;
        for l in &(string.neighbours(stride) & empty) {
            let around = Bitboard::single(l).neighbours(stride) & (stones | empty);
            let black = around & board.stones(Color::Black);
            let white = around & board.stones(Color::White);
            let is_shared = !black.is_empty() && !white.is_empty();
            let is_eye = around == black || around == white;
            if is_shared {
                let self_atari =
                    |c: Color| crate::tactics::move_effect(board, c, l).is_self_atari();
                if !(self_atari(Color::Black) && self_atari(Color::White)) {
                    return None;
                }
            } else if !is_eye {
                return None;
            }
            // The strings around a shared liberty or an eye belong to it,
            // but for living strings around an eye.
            for q in &(around & stones) {
                let living_wall = is_eye && owned(q) > SEKI_ALIVE;
                if !cluster.contains(q) && !living_wall {
                    cluster |= board.string_bitboard(q);
                    strings += 1;
                    if strings > SEKI_MAX_STRINGS {
                        return None;
                    }
                }
            }
            if is_shared && !checked.contains(l) {
                checked.insert(l);
                shared += 1;
            }
        }
    }
    if shared == 0 {
        return None;
    }
    // Strings around the cluster must not be dead.
    let border = (cluster.neighbours(stride) & stones) - cluster;
    if border.iter().any(|q| owned(q) < 0.0) {
        return None;
    }
    Some(cluster)
}

/// Ownership above which a string counts as alive for the seki check.
const SEKI_ALIVE: f32 = 0.8;

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
        let j = judge(&g, 400);
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
        // White B1 B2..F2 F1 and Black D1 share the liberties C1 and E1;
        // whoever fills one is captured at the other: a seki.
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
        let seki = seki_stones(g.board(), None);
        let expected: Bitboard = ["B1", "B2", "C2", "D2", "E2", "F2", "F1", "D1"]
            .into_iter()
            .map(p)
            .collect();
        assert_eq!(seki, expected);
        let j = judge(&g, 400);
        assert!((j.dead & expected).is_empty(), "seki stones judged dead");
        let (count, _) = g.score(j.dead);
        assert!(!count.territory_points[Color::Black].contains(p("C1")));
        assert!(!count.territory_points[Color::White].contains(p("C1")));
        // No seki where the shared points are plain liberties.
        assert!(seki_stones(&Board::new(7), None).is_empty());
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
        let j = judge(&g, JUDGE_PLAYOUTS);
        assert!(j.dead.contains(p("J8")) && j.dead.contains(p("H9")));
        assert!(!j.dead.contains(p("H8")));
    }
}
