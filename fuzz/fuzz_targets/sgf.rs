//! The SGF reader as `loadsgf` and `tianyuan score` use it: parse, load
//! into an engine (setup, handicap, rules, moves), and count the end.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tianyuan::engine::Engine;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = tianyuan::sgf::parse(&text);
    let mut engine = Engine::default();
    if engine.load_sgf(&text, None).is_ok() {
        let game = engine.game();
        game.board()
            .check_consistency()
            .expect("a loaded board is consistent");
        let _ = game.score(
            tianyuan::board::Bitboard::EMPTY,
            tianyuan::board::Bitboard::EMPTY,
        );
        let _ = engine.to_sgf();
    }
    // Part of the record, as `loadsgf FILE N` asks.
    let mut engine = Engine::default();
    let _ = engine.load_sgf(&text, Some(data.len() % 7));
});
