//! `tianyuan analysis`: KataGo's JSON analysis engine protocol
//! (KataGo's docs/Analysis_Engine.md), so that tools written for KataGo's
//! analysis engine (KaTrain, review scripts) can drive tianyuan.
//!
//! One JSON query a line on stdin; one JSON response a line on stdout
//! for each turn analysed, in the order they finish. A reader thread
//! parses the queries and queues one task per turn; workers (`positions`
//! of them, the threads shared among them) take the queued task of the
//! highest `priority` first (the earlier on a tie) and search it with a
//! player of their own. `action: terminate` stops a query's running turns
//! (they answer with what they have) and drops its queued ones (they
//! answer `noResults`). At the end of input the queued queries are
//! finished, then the process ends; a closed stdout ends it at once.
//!
//! Values are reported from the perspective `reportAnalysisWinratesAs`
//! gives (in `overrideSettings`, or `--report-as`): `BLACK`, `WHITE` or
//! `SIDETOMOVE` (KataGo's default when its configuration does not say).
//! What tianyuan cannot give it leaves out rather than invents: no
//! `scoreStdev`, no `symHash`; `policy` is the search's prior for each
//! root move (-1 for the points it does not consider: illegal moves and
//! the mover's own true eyes), `scoreLead` and `scoreMean` are the mean
//! final score of the playouts.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};

use crate::mcts::{Limits, Reporter, SearchResult};
use crate::player::analysis::AnalysisRequest;
use crate::player::{Options, Player};

mod query;
mod response;
mod task;

use query::*;
use response::*;
use task::*;
pub use task::{AnalysisOptions, Perspective};

/// What the reader and the workers share.
struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
    out: Mutex<Box<dyn Write + Send>>,
    /// Set by `clear_cache`: each worker forgets its tree before its next task.
    clear: Vec<AtomicBool>,
}

#[derive(Default)]
struct Queue {
    tasks: Vec<Task>,
    /// Stop flags of the running turns, by query id.
    running: HashMap<(String, usize), Arc<AtomicBool>>,
    /// No more input.
    closed: bool,
    seq: u64,
}

impl Shared {
    /// Write one response line. A failed write means the client is gone
    /// (stdout closed): nobody can read another answer, so the process
    /// ends here, the reader possibly still blocked on stdin.
    fn send(&self, v: &Value) {
        let mut out = self.out.lock().unwrap();
        if writeln!(out, "{v}").and_then(|()| out.flush()).is_err() {
            log::warn!("analysis: stdout is closed, ending");
            std::process::exit(0);
        }
    }
}

/// Run the protocol on `input` and `output` until the input ends and its
/// queries are answered (or the output is closed). Returns the exit code.
pub fn run(
    options: AnalysisOptions,
    input: impl BufRead,
    output: impl Write + Send + 'static,
) -> i32 {
    let positions = options.positions.clamp(1, options.engine.threads.max(1));
    let shared = Arc::new(Shared {
        queue: Mutex::new(Queue::default()),
        ready: Condvar::new(),
        out: Mutex::new(Box::new(output)),
        clear: (0..positions).map(|_| AtomicBool::new(false)).collect(),
    });
    let threads = options.engine.threads.max(1);
    std::thread::scope(|s| {
        for w in 0..positions {
            let mut engine = options.engine.clone();
            // The threads shared out, the first workers taking the rest.
            engine.threads = threads / positions + usize::from(w < threads % positions);
            engine.seed = engine.seed.wrapping_add(w as u64);
            engine.ponder = false;
            let shared = Arc::clone(&shared);
            s.spawn(move || worker(w, engine, &shared));
        }
        read_queries(&options, input, &shared);
    });
    0
}

/// Longest query line read; a longer one is answered with an error and
/// skipped without being held (a game of 1,000 moves takes 20 KB).
const MAX_LINE: usize = 16 << 20;

/// The next line of `input` without its end, `Err(())` for one over
/// [`MAX_LINE`] (skipped); `None` at the end of input.
fn next_line(input: &mut impl BufRead) -> Option<Result<Vec<u8>, ()>> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if buf.is_empty() {
            return (!line.is_empty() || too_long).then_some(if too_long {
                Err(())
            } else {
                Ok(line)
            });
        }
        let (chunk, end) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long {
            if line.len() + chunk.len() > MAX_LINE {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = end.unwrap_or(buf.len());
        input.consume(used);
        if end.is_some() {
            return Some(if too_long { Err(()) } else { Ok(line) });
        }
    }
}

/// The reader: each line a query, until the end of input.
fn read_queries(options: &AnalysisOptions, mut input: impl BufRead, shared: &Shared) {
    while let Some(line) = next_line(&mut input) {
        let Ok(line) = line else {
            shared.send(&error(&format!(
                "a request line longer than {MAX_LINE} bytes, ignoring it"
            )));
            continue;
        };
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        handle_line(options, text, shared);
    }
    let mut q = shared.queue.lock().unwrap();
    q.closed = true;
    shared.ready.notify_all();
}

fn handle_line(options: &AnalysisOptions, text: &str, shared: &Shared) {
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            shared.send(&error(&format!(
                "{e} - could not parse input line as json request: {}",
                short(text)
            )));
            return;
        }
    };
    let Some(query) = value.as_object() else {
        shared.send(&error(&format!(
            "Request line was valid json but was not an object, ignoring: {}",
            short(text)
        )));
        return;
    };
    let Some(id) = query.get("id").and_then(Value::as_str) else {
        shared.send(&error("Request must have a string \"id\" field"));
        return;
    };
    if let Some(action) = query.get("action") {
        action_query(id, action, query, shared);
        return;
    }
    for key in query.keys() {
        if !KNOWN_FIELDS.contains(&key.as_str()) {
            shared.send(&warning(
                id,
                key,
                "Unexpected or unused field, do you have a typo?",
            ));
        }
    }
    match parse_query(options, id, query, &|v| shared.send(v)) {
        Ok(tasks) => {
            let mut q = shared.queue.lock().unwrap();
            for mut t in tasks {
                t.seq = q.seq;
                q.seq += 1;
                q.tasks.push(t);
            }
            shared.ready.notify_all();
        }
        Err(e) => shared.send(&e),
    }
}

/// A line shortened for an error message.
fn short(text: &str) -> String {
    text.chars().take(200).collect()
}

/// `query_version`, `clear_cache`, `terminate`, `terminate_all`,
/// `query_models`.
fn action_query(id: &str, action: &Value, query: &Map<String, Value>, shared: &Shared) {
    let mut echo = query.clone();
    match action.as_str() {
        Some("query_version") => {
            echo.insert("version".into(), json!(env!("CARGO_PKG_VERSION")));
            echo.insert("git_hash".into(), json!("<omitted>"));
            shared.send(&Value::Object(echo));
        }
        Some("query_models") => {
            echo.insert(
                "models".into(),
                json!([{
                    "name": "tianyuan learned move patterns",
                    "internalName": "tianyuan-patterns",
                    "maxBatchSize": 1,
                    "usesHumanSLProfile": false,
                    "version": 0,
                    "usingFP16": false
                }]),
            );
            shared.send(&Value::Object(echo));
        }
        Some("clear_cache") => {
            for c in &shared.clear {
                c.store(true, Ordering::Relaxed);
            }
            shared.send(&Value::Object(echo));
        }
        Some(which @ ("terminate" | "terminate_all")) => {
            let target = if which == "terminate" {
                match query.get("terminateId").and_then(Value::as_str) {
                    Some(t) => Some(t.to_string()),
                    None => {
                        shared.send(&field_error(
                            id,
                            "terminateId",
                            "Requests for a terminate action must have a string \"terminateId\" field",
                        ));
                        return;
                    }
                }
            } else {
                None
            };
            let turns = match query.get("turnNumbers") {
                None => None,
                Some(v) => match v.as_array().and_then(|a| {
                    a.iter()
                        .map(|t| t.as_u64().map(|t| t as usize))
                        .collect::<Option<Vec<_>>>()
                }) {
                    Some(t) => Some(t),
                    None => {
                        shared.send(&field_error(
                            id,
                            "turnNumbers",
                            "Must specify an array of non-negative integers",
                        ));
                        return;
                    }
                },
            };
            let hits = |tid: &str, turn: usize| {
                target.as_deref().is_none_or(|t| t == tid)
                    && turns.as_ref().is_none_or(|ts| ts.contains(&turn))
            };
            shared.send(&Value::Object(echo));
            let dropped: Vec<(String, usize)> = {
                let mut q = shared.queue.lock().unwrap();
                for ((tid, turn), stop) in &q.running {
                    if hits(tid, *turn) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                let (gone, kept): (Vec<Task>, Vec<Task>) =
                    q.tasks.drain(..).partition(|t| hits(&t.id, t.turn));
                q.tasks = kept;
                gone.into_iter().map(|t| (t.id, t.turn)).collect()
            };
            for (tid, turn) in dropped {
                shared.send(&json!({
                    "id": tid,
                    "isDuringSearch": false,
                    "noResults": true,
                    "turnNumber": turn
                }));
            }
        }
        _ => shared.send(&field_error(
            id,
            "action",
            "'action' field must be 'query_version' or 'query_models' or 'clear_cache' or 'terminate' or 'terminate_all'",
        )),
    }
}

/// A worker: takes tasks until the queue is closed and empty.
fn worker(index: usize, engine: Options, shared: &Shared) {
    let mut player = Player::new(engine);
    // Scores and win rates of the game itself: no dynamic komi.
    player.params.dynamic_komi_per_stone = 0.0;
    loop {
        let task = {
            let mut q = shared.queue.lock().unwrap();
            loop {
                let best = q
                    .tasks
                    .iter()
                    .enumerate()
                    .max_by_key(|(_, t)| (t.settings.priority, std::cmp::Reverse(t.seq)))
                    .map(|(i, _)| i);
                if let Some(i) = best {
                    let t = q.tasks.swap_remove(i);
                    q.running
                        .insert((t.id.clone(), t.turn), Arc::clone(&t.stop));
                    break Some(t);
                }
                if q.closed {
                    break None;
                }
                q = shared.ready.wait(q).unwrap();
            }
        };
        let Some(task) = task else { return };
        if shared.clear[index].swap(false, Ordering::Relaxed) {
            player = Player::new(player.options.clone());
            player.params.dynamic_komi_per_stone = 0.0;
        }
        // A panic in one query's search answers that query with an error
        // and leaves the worker (with a fresh player) taking the next.
        let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            analyse(&mut player, &task, shared)
        }));
        if searched.is_err() {
            log::error!("analysis of {} turn {} failed", task.id, task.turn);
            shared.send(&json!({
                "id": task.id,
                "turnNumber": task.turn,
                "error": "Internal error while searching this position"
            }));
            player = Player::new(player.options.clone());
            player.params.dynamic_komi_per_stone = 0.0;
        }
        shared
            .queue
            .lock()
            .unwrap()
            .running
            .remove(&(task.id.clone(), task.turn));
    }
}

/// Search one turn and send its responses.
fn analyse(player: &mut Player, task: &Task, shared: &Shared) {
    let game = position(&task.start, &task.moves, task.turn);
    if game.no_result() {
        // A position repeated a third time under the simple ko rule: the
        // game is void, there is nothing to search.
        shared.send(&json!({
            "id": task.id,
            "isDuringSearch": false,
            "noResults": true,
            "turnNumber": task.turn
        }));
        return;
    }
    let request = AnalysisRequest {
        ownership: task.settings.ownership,
        moves_ownership: task.settings.moves_ownership,
        avoid: task.avoid.clone(),
        limits: Limits {
            visits: Some(task.settings.visits),
            deadline: task
                .settings
                .max_time
                .map(|t| Instant::now() + Duration::from_secs_f64(t.min(1e6))),
            ..Limits::default()
        },
    };
    let mut report = |r: &SearchResult| {
        shared.send(&response(task, &game, r, true));
    };
    let reporter = task.settings.report_every.map(|every| Reporter {
        interval: Duration::from_secs_f64(every),
        report: &mut report,
    });
    let result = player.analyze(&game, task.to_move, &task.stop, &request, reporter);
    shared.send(&response(task, &game, &result, false));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, KoRule, Ruleset};

    #[test]
    fn perspectives_flip_the_values_of_the_other_side() {
        assert_eq!(Perspective::Black.sign(Color::White), -1.0);
        assert_eq!(Perspective::Black.sign(Color::Black), 1.0);
        assert_eq!(Perspective::SideToMove.sign(Color::White), 1.0);
        assert_eq!(Perspective::SideToMove.black_sign(Color::White), -1.0);
        assert_eq!(Perspective::White.black_sign(Color::Black), -1.0);
        assert_eq!(
            Perspective::parse("sidetomove"),
            Some(Perspective::SideToMove)
        );
        assert_eq!(Perspective::parse("nobody"), None);
    }

    #[test]
    fn katago_rules_names_map_to_tianyuan_rules() {
        let r = |s: &str| parse_rules(&json!(s)).unwrap().0.ruleset;
        assert_eq!(r("chinese"), Ruleset::Chinese);
        assert_eq!(r("japanese"), Ruleset::Japanese);
        assert_eq!(r("tromp-taylor"), Ruleset::TrompTaylor);
        assert_eq!(r("new zealand"), Ruleset::TrompTaylor);
        assert_eq!(r("stone_scoring"), Ruleset::Chinese);
        assert!(parse_rules(&json!("martian")).is_err());
        let obj = json!({"koRule": "SIMPLE", "scoringRule": "TERRITORY"});
        let (rules, _) = parse_rules(&obj).unwrap();
        assert_eq!(rules.ruleset, Ruleset::Japanese);
        assert_eq!(rules.ko, KoRule::Simple);
    }
}
