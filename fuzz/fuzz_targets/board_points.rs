//! The board's public point methods with points of any board size: the
//! first byte chooses the board, the next bytes play moves on it, and then
//! each pair of bytes is a point of another size (second byte's choice),
//! whose neighbours and diagonals, taken twice over, are asked about with
//! every public method that takes a point. Nothing may read or write
//! outside the arrays (the debug and AddressSanitizer builds check every
//! index) and points off this board read as no stone.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tianyuan::board::{Board, Color, Game, Move, Point, Rules, MAX_SIZE, MIN_SIZE};

const SIZES: [usize; 8] = [MIN_SIZE, 3, 5, 9, 13, 19, 21, MAX_SIZE];

fn ask(b: &Board, p: Point) {
    let on = b.is_on_board(p);
    let colour = b.color_at(p);
    assert!(
        on || colour.is_none(),
        "a point off the board holds a stone"
    );
    let _ = b.is_empty_at(p);
    let _ = b.neighbourhood(p);
    let _ = b.is_legal(Color::Black, p);
    let _ = b.is_legal(Color::White, p);
    let _ = b.string_head(p);
    let _ = b.string_size(p);
    let _ = b.string_stones(p).count();
    let _ = b.string_bitboard(p);
    let _ = b.liberties(p);
    let _ = b.liberty_count(p);
    let _ = b.in_atari(p);
    let _ = b.atari_liberty(p);
    let _ = b.may_lack_three_liberties(p);
    let _ = b.playout_owner(p);
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let size = SIZES[usize::from(first & 7)];
    let moves = usize::from(first >> 3) * 4;
    let mut game = Game::new(size, 7.5, Rules::chinese());
    let (play, probes) = rest.split_at(moves.min(rest.len()));
    for &m in play {
        let i = usize::from(m) % (size * size);
        let p = Point::new(i % size, i / size, size).expect("on the board");
        let _ = game.play(game.to_move(), Move::Play(p));
    }
    let b = game.board();
    for pair in probes.chunks(2) {
        let other = SIZES[usize::from(pair[0] & 7)];
        let i = usize::from(pair[0] >> 3) * 256 + usize::from(*pair.get(1).unwrap_or(&0));
        let i = i % (other * other);
        let p = Point::new(i % other, i / other, other).expect("a point of its board");
        ask(b, p);
        for q in b.neighbours(p).into_iter().chain(b.diagonals(p)) {
            ask(b, q);
            for r in b.neighbours(q).into_iter().chain(b.diagonals(q)) {
                ask(b, r);
            }
        }
    }
    b.check_consistency().expect("consistent");
});
