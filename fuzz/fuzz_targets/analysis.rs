//! KataGo's JSON analysis protocol (`tianyuan analysis`): the input bytes
//! are the query lines, valid and hostile alike. Every search is kept to
//! a few visits (`max_visits`), one thread. The engine must end once the
//! input ends; every output line must be JSON; every query line that
//! names an `id` must get an answer with that id (a result, an error or
//! a warning); and no answer may be the panic guard's internal error (a
//! panic aborts anyway: libFuzzer's hook runs before the guard).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::Write;
use std::sync::{Arc, Mutex};
use tianyuan::analysis::{AnalysisOptions, Perspective};
use tianyuan::player::Options;

/// An output the engine's writer thread can own, read back afterwards.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fuzz_target!(|data: &[u8]| {
    let options = AnalysisOptions {
        engine: Options {
            threads: 1,
            max_tree_mb: 8,
            seed: 1,
            judge_playouts: 40,
            judge_search: 20,
            ..Options::default()
        },
        positions: 1,
        default_visits: 4,
        max_visits: 8,
        perspective: Perspective::parse("BLACK").unwrap(),
    };
    let sink = Sink::default();
    tianyuan::analysis::run(options, std::io::Cursor::new(data.to_vec()), sink.clone());
    let out = sink.0.lock().unwrap().clone();
    let text = String::from_utf8(out).expect("UTF-8 output");
    let mut answered = std::collections::HashSet::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("every answer is JSON");
        assert!(
            v.get("error").and_then(|e| e.as_str())
                != Some("Internal error while searching this position"),
            "a search panicked: {line}"
        );
        if let Some(id) = v.get("id").and_then(|i| i.as_str()) {
            answered.insert(id.to_string());
        }
    }
    for line in data.split(|&b| b == b'\n') {
        let Ok(v) = serde_json::from_slice::<serde_json::Value>(line) else {
            continue;
        };
        if let Some(id) = v.get("id").and_then(|i| i.as_str()) {
            assert!(answered.contains(id), "query {id} got no answer");
        }
    }
});
