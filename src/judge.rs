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
    let seki = seki_stones(start);
    let mut dead = Bitboard::EMPTY;
    for c in Color::BOTH {
        for p in &start.stones(c) {
            let o = ownership[p.index()];
            let mine = if c == Color::Black { o } else { -o };
            if mine < 0.0 && !seki.contains(p) {
                dead.insert(p);
            }
        }
    }
    // A string is dead or alive as a whole.
    let mut whole = Bitboard::EMPTY;
    for p in &dead {
        if !whole.contains(p) {
            let s = start.string_bitboard(p);
            let votes: f32 = s
                .iter()
                .map(|q| {
                    let o = ownership[q.index()];
                    if start.color_at(q) == Some(Color::Black) {
                        o
                    } else {
                        -o
                    }
                })
                .sum();
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

/// Strings in seki: strings of both colours sharing liberties where
/// neither side can approach: every shared liberty would be a self-atari
/// for both colours, and the strings have no other liberties than the
/// shared ones and eyes of their own (empty points whose every neighbour
/// is a stone of that same string: an eye that leans on another string can
/// be taken away by capturing that string). A local check, not a full
/// reading.
pub fn seki_stones(board: &Board) -> Bitboard {
    let stride = board.stride();
    let empty = board.empty_points();
    let libs_of = |string: Bitboard| string.neighbours(stride) & empty;
    let own_eye = |string: Bitboard, l: Point| {
        let around = Bitboard::single(l).neighbours(stride);
        (around & (board.stones(Color::Black) | board.stones(Color::White) | empty)) - string
            == Bitboard::EMPTY
    };
    let mut seki = Bitboard::EMPTY;
    for c in Color::BOTH {
        for p in &board.stones(c) {
            if seki.contains(p) || board.string_head(p) != p {
                continue;
            }
            let string = board.string_bitboard(p);
            let libs = libs_of(string);
            if libs.count() != 2 {
                continue;
            }
            // Each liberty: filling it puts the filler's own string in
            // atari without capturing, for both colours, or it is the
            // string's own eye.
            let mut shared = 0;
            let mut ok = true;
            for l in &libs {
                let touches_opp =
                    !(Bitboard::single(l).neighbours(stride) & board.stones(!c)).is_empty();
                if touches_opp {
                    shared += 1;
                    let opp = crate::tactics::move_effect(board, !c, l);
                    let own = crate::tactics::move_effect(board, c, l);
                    if !(opp.is_self_atari() && own.is_self_atari()) {
                        ok = false;
                    }
                } else if !own_eye(string, l) {
                    ok = false;
                }
            }
            if !ok || shared == 0 {
                continue;
            }
            // The opposing strings on the shared liberties: in seki too when
            // they have no liberties but those and eyes of their own.
            let mut opposing = Bitboard::EMPTY;
            for l in &libs {
                for n in board.neighbours(l) {
                    if board.color_at(n) == Some(!c) {
                        opposing |= board.string_bitboard(n);
                    }
                }
            }
            let mut all_ok = true;
            for q in &opposing {
                if board.string_head(q) != q {
                    continue;
                }
                let t = board.string_bitboard(q);
                if !libs_of(t).iter().all(|l| libs.contains(l) || own_eye(t, l)) {
                    all_ok = false;
                }
            }
            if all_ok {
                seki |= string | opposing;
            }
        }
    }
    seki
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
        let seki = seki_stones(g.board());
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
        assert!(seki_stones(&Board::new(7)).is_empty());
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
        assert_eq!(seki_stones(g.board()), Bitboard::EMPTY);
        let j = judge(&g, JUDGE_PLAYOUTS);
        assert!(j.dead.contains(p("J8")) && j.dead.contains(p("H9")));
        assert!(!j.dead.contains(p("H8")));
    }
}
