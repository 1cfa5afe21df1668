//! The board: a byte stream of moves (legal and illegal), passes and
//! undos on a game of a size the first byte chooses, checked after every
//! step against the invariants: the board's own consistency check
//! (cells, colour bitboards, hash, string data and liberties), stones
//! and captures counted, and undo giving back the position exactly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tianyuan::board::{Color, Game, Move, Point, Rules};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let size = [2, 3, 4, 5, 7, 9, 13, 19][usize::from(first & 7)];
    let rules = if first & 8 != 0 {
        Rules::japanese()
    } else {
        Rules::chinese()
    };
    let mut game = Game::new(size, 7.5, rules);
    let mut positions = vec![game.board().clone()];
    for &b in rest {
        let c = game.to_move();
        match b {
            0 => {
                if game.undo() {
                    positions.pop();
                    let back = positions.last().expect("the start stays");
                    assert_eq!(game.board().hash(), back.hash(), "undo restores the hash");
                    assert_eq!(game.board().stones(Color::Black), back.stones(Color::Black));
                    assert_eq!(game.board().stones(Color::White), back.stones(Color::White));
                }
            }
            1 => {
                game.play(c, Move::Pass).expect("a pass is always legal");
                positions.push(game.board().clone());
            }
            _ => {
                let i = usize::from(b) % (size * size);
                let p = Point::new(i % size, i / size, size).expect("on the board");
                let before = game.board().clone();
                let legal = game.is_legal(c, p);
                match game.play(c, Move::Play(p)) {
                    Ok(info) => {
                        assert!(legal, "played a move is_legal refused");
                        let after = game.board();
                        assert_eq!(after.color_at(p), Some(c));
                        assert_eq!(
                            after.stones(c).count(),
                            before.stones(c).count() + 1,
                            "no suicide: the stone stays, none of its own goes"
                        );
                        assert_eq!(
                            after.stones(!c).count() + info.captured,
                            before.stones(!c).count(),
                            "captures counted"
                        );
                        assert_eq!(after.captures(c), before.captures(c) + info.captured);
                        positions.push(after.clone());
                    }
                    Err(_) => {
                        assert!(!legal, "refused a move is_legal allowed");
                        assert_eq!(
                            game.board().hash(),
                            before.hash(),
                            "a refused move changes nothing"
                        );
                    }
                }
            }
        }
        game.board().check_consistency().expect("consistent");
    }
});
