//! GTP framing and command dispatch: the input bytes are the whole of a
//! controller's stream into the engine's loop. Searches are kept tiny (a
//! few simulations, one thread, a judgement of 40 playouts) so that
//! every command runs. A panic
//! anywhere aborts (libFuzzer's hook runs before the engine's own
//! catch), and an `internal error` answer counts as a crash too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tianyuan::board::Rules;
use tianyuan::engine::Engine;
use tianyuan::player::Options;

fuzz_target!(|data: &[u8]| {
    let options = Options {
        threads: 1,
        playouts: Some(8),
        time: 0.01,
        max_tree_mb: 8,
        seed: 1,
        // The end-of-game judgement too, from 2,000 playouts.
        judge_playouts: 40,
        judge_search: 20,
        ..Options::default()
    };
    let mut engine = Engine::new(9, 7.5, Rules::chinese(), options);
    let mut out = Vec::new();
    tianyuan::gtp::run(&mut engine, std::io::Cursor::new(data.to_vec()), &mut out);
    let text = String::from_utf8_lossy(&out);
    assert!(!text.contains("internal error"), "a handler panicked");
});
