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

use crate::board::{Color, Game, KoRule, Move, Point, Rules, Ruleset, MAX_SIZE, MIN_SIZE};
use crate::mcts::{Limits, Reporter, SearchResult};
use crate::player::{AnalysisRequest, Options, Player};

/// Whose view the values take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perspective {
    Black,
    White,
    SideToMove,
}

impl Perspective {
    pub fn parse(s: &str) -> Option<Perspective> {
        match s.to_ascii_uppercase().as_str() {
            "BLACK" | "B" => Some(Perspective::Black),
            "WHITE" | "W" => Some(Perspective::White),
            "SIDETOMOVE" => Some(Perspective::SideToMove),
            _ => None,
        }
    }

    /// +1 when a value for `to_move` is reported as it is, -1 when flipped.
    fn sign(self, to_move: Color) -> f64 {
        match (self, to_move) {
            (Perspective::SideToMove, _)
            | (Perspective::Black, Color::Black)
            | (Perspective::White, Color::White) => 1.0,
            _ => -1.0,
        }
    }

    /// +1 when Black's ownership is reported as it is.
    fn black_sign(self, to_move: Color) -> f64 {
        match self {
            Perspective::Black => 1.0,
            Perspective::White => -1.0,
            Perspective::SideToMove => Perspective::Black.sign(to_move),
        }
    }
}

/// Settings of the analysis process.
#[derive(Clone, Debug)]
pub struct AnalysisOptions {
    /// The search's options; `threads` in all, shared by the workers.
    pub engine: Options,
    /// Positions searched at once.
    pub positions: usize,
    /// Visits a turn when the query gives no `maxVisits`.
    pub default_visits: u64,
    /// The most visits a turn, whatever a query asks (`u64::MAX`: no
    /// cap; the fuzz target keeps every search small with it).
    pub max_visits: u64,
    /// The perspective when a query's `overrideSettings` does not say.
    pub perspective: Perspective,
}

/// One turn of a query to search.
struct Task {
    id: String,
    turn: usize,
    /// The position before the first move (setup stones, side to move)
    /// and the moves, shared by the query's turns.
    start: Arc<Game>,
    moves: Arc<Vec<(Color, Move)>>,
    to_move: Color,
    visits: u64,
    max_time: Option<f64>,
    ownership: bool,
    moves_ownership: bool,
    policy: bool,
    perspective: Perspective,
    report_every: Option<f64>,
    pv_len: usize,
    avoid: Vec<Option<Point>>,
    priority: i64,
    /// Arrival order, for ties of priority.
    seq: u64,
    stop: Arc<AtomicBool>,
}

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

fn error(message: &str) -> Value {
    json!({ "error": message })
}

fn field_error(id: &str, field: &str, message: &str) -> Value {
    json!({ "error": message, "field": field, "id": id })
}

fn warning(id: &str, field: &str, message: &str) -> Value {
    json!({ "warning": message, "field": field, "id": id })
}

/// The query fields KataGo's analysis engine knows; others get a warning.
const KNOWN_FIELDS: &[&str] = &[
    "id",
    "action",
    "terminateId",
    "turnNumbers",
    "boardXSize",
    "boardYSize",
    "initialStones",
    "moves",
    "initialPlayer",
    "analyzeTurns",
    "priorities",
    "rules",
    "komi",
    "whiteHandicapBonus",
    "overrideSettings",
    "maxVisits",
    "analysisPVLen",
    "rootFpuReductionMax",
    "rootPolicyTemperature",
    "includeMovesOwnership",
    "includeMovesOwnershipStdev",
    "includeOwnership",
    "includeOwnershipStdev",
    "includePolicy",
    "includePVVisits",
    "includeNoResultValue",
    "reportDuringSearchEvery",
    "firstReportDuringSearchAfter",
    "priority",
    "allowMoves",
    "avoidMoves",
];

/// Settings of `overrideSettings` that tianyuan uses.
const USED_SETTINGS: &[&str] = &[
    "reportAnalysisWinratesAs",
    "maxTime",
    "maxVisits",
    "maxPlayouts",
];

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
    match parse_query(options, id, query, shared) {
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

fn parse_color(v: &Value) -> Option<Color> {
    v.as_str().and_then(Color::parse)
}

/// `[["B","Q16"], ...]`.
fn parse_pairs(v: &Value, size: usize) -> Option<Vec<(Color, Move)>> {
    v.as_array()?
        .iter()
        .map(|pair| match pair.as_array()?.as_slice() {
            [c, at] => Some((parse_color(c)?, Move::parse(at.as_str()?, size)?)),
            _ => None,
        })
        .collect()
}

/// KataGo's rules names and objects, as tianyuan's rules; a warning when
/// they are only near.
fn parse_rules(v: &Value) -> Result<(Rules, Option<String>), String> {
    if let Some(name) = v.as_str() {
        let lower = name.to_ascii_lowercase().replace(['_', ' '], "-");
        let ruleset = match lower.as_str() {
            "chinese" | "chinese-ogs" | "chinese-kgs" => Ruleset::Chinese,
            "japanese" => Ruleset::Japanese,
            "korean" => Ruleset::Korean,
            "aga" | "bga" | "french" | "aga-button" => Ruleset::Aga,
            "tromp-taylor" => Ruleset::TrompTaylor,
            "nz" | "new-zealand" => Ruleset::TrompTaylor,
            "stone-scoring" | "ancient-area" => {
                return Ok((
                    Rules::chinese(),
                    Some(format!(
                        "Rules {name} not supported by tianyuan, using chinese instead"
                    )),
                ))
            }
            _ => match Rules::by_name(name) {
                Some(r) => return Ok((r, None)),
                None => return Err(format!("Unknown rules '{name}'")),
            },
        };
        return Ok((Rules::of(ruleset), None));
    }
    let Some(obj) = v.as_object() else {
        return Err("Must specify a string or an object for rules".into());
    };
    let scoring = obj
        .get("scoringRule")
        .and_then(Value::as_str)
        .unwrap_or("AREA");
    let tax = obj.get("taxRule").and_then(Value::as_str).unwrap_or("NONE");
    let ruleset = match (
        scoring.to_ascii_uppercase().as_str(),
        tax.to_ascii_uppercase().as_str(),
    ) {
        (_, "ALL") => Ruleset::Ancient,
        ("TERRITORY", _) => Ruleset::Japanese,
        _ => Ruleset::Chinese,
    };
    let mut rules = Rules::of(ruleset);
    if let Some(ko) = obj.get("koRule").and_then(Value::as_str) {
        let ko = match ko.to_ascii_uppercase().as_str() {
            "SIMPLE" => KoRule::Simple,
            "POSITIONAL" => KoRule::PositionalSuperko,
            "SITUATIONAL" | "SPIGHT" => KoRule::SituationalSuperko,
            other => return Err(format!("Unknown koRule '{other}'")),
        };
        rules = rules.with_ko(ko);
    }
    let note = (obj.get("suicide").and_then(Value::as_bool) == Some(true))
        .then(|| "suicide is never allowed by tianyuan".to_string());
    Ok((rules, note))
}

/// The query's turns as tasks, or the error response.
fn parse_query(
    options: &AnalysisOptions,
    id: &str,
    q: &Map<String, Value>,
    shared: &Shared,
) -> Result<Vec<Task>, Value> {
    let err = |field: &str, msg: &str| field_error(id, field, msg);
    let size_of = |field: &str| -> Result<usize, Value> {
        match q.get(field).and_then(Value::as_u64) {
            Some(n) if (MIN_SIZE as u64..=MAX_SIZE as u64).contains(&n) => Ok(n as usize),
            _ => Err(err(
                field,
                &format!("Must provide an integer from {MIN_SIZE} to {MAX_SIZE}"),
            )),
        }
    };
    let size = size_of("boardXSize")?;
    if size_of("boardYSize")? != size {
        return Err(err("boardYSize", "tianyuan plays square boards only"));
    }
    let (rules, note) = match q.get("rules") {
        None => return Err(err("rules", "Must specify a string or an object for rules")),
        Some(v) => parse_rules(v).map_err(|m| err("rules", &m))?,
    };
    if let Some(n) = note {
        shared.send(&warning(id, "rules", &n));
    }
    let komi = match q.get("komi") {
        None => rules.ruleset.default_komi(),
        Some(v) => match v.as_f64() {
            Some(k) if k.is_finite() && k.abs() <= 400.0 && (2.0 * k).fract() == 0.0 => k,
            _ => {
                return Err(err(
                    "komi",
                    "Must be an integer or half-integer from -400 to 400",
                ))
            }
        },
    };
    let moves = match q.get("moves") {
        None => {
            return Err(err(
                "moves",
                "Must specify an array of [player,location] pairs",
            ))
        }
        Some(v) => parse_pairs(v, size)
            .ok_or_else(|| err("moves", "Must specify an array of [player,location] pairs"))?,
    };
    let stones = match q.get("initialStones") {
        None => Vec::new(),
        Some(v) => parse_pairs(v, size)
            .filter(|s| s.iter().all(|(_, m)| *m != Move::Pass))
            .ok_or_else(|| {
                err(
                    "initialStones",
                    "Must specify an array of [player,location] pairs",
                )
            })?,
    };
    let initial_player = match q.get("initialPlayer") {
        None => None,
        Some(v) => {
            Some(parse_color(v).ok_or_else(|| err("initialPlayer", "Must be \"B\" or \"W\""))?)
        }
    };
    let flag = |field: &str| -> Result<bool, Value> {
        match q.get(field) {
            None => Ok(false),
            Some(v) => v.as_bool().ok_or_else(|| err(field, "Must be a boolean")),
        }
    };
    let ownership = flag("includeOwnership")?;
    let moves_ownership = flag("includeMovesOwnership")?;
    let policy = flag("includePolicy")?;
    let mut visits = options.default_visits;
    if let Some(v) = q.get("maxVisits") {
        visits = v
            .as_u64()
            .filter(|&n| n >= 1)
            .ok_or_else(|| err("maxVisits", "Must be an integer from 1 to 2^50"))?;
    }
    let pv_len = match q.get("analysisPVLen") {
        None => 15,
        Some(v) => v
            .as_u64()
            .filter(|n| (1..=1000).contains(n))
            .ok_or_else(|| err("analysisPVLen", "Must be an integer from 1 to 1000"))?
            as usize,
    };
    let report_every = match q.get("reportDuringSearchEvery") {
        None => None,
        Some(v) => Some(
            v.as_f64()
                .filter(|s| (0.001..=1e6).contains(s))
                .ok_or_else(|| {
                    err(
                        "reportDuringSearchEvery",
                        "Must be a number from 0.001 to 1000000",
                    )
                })?,
        ),
    };
    let priority = match q.get("priority") {
        None => 0,
        Some(v) => v
            .as_i64()
            .ok_or_else(|| err("priority", "Must be an integer"))?,
    };
    let mut perspective = options.perspective;
    let mut max_time = None;
    if let Some(o) = q.get("overrideSettings") {
        let Some(o) = o.as_object() else {
            return Err(err("overrideSettings", "Must be an object"));
        };
        if let Some(p) = o.get("reportAnalysisWinratesAs") {
            perspective = p.as_str().and_then(Perspective::parse).ok_or_else(|| {
                err(
                    "overrideSettings",
                    "reportAnalysisWinratesAs must be BLACK, WHITE or SIDETOMOVE",
                )
            })?;
        }
        if let Some(t) = o.get("maxTime") {
            max_time = Some(
                t.as_f64()
                    .filter(|t| t.is_finite() && *t > 0.0)
                    .ok_or_else(|| err("overrideSettings", "maxTime must be a positive number"))?,
            );
        }
        for key in ["maxVisits", "maxPlayouts"] {
            if let Some(v) = o.get(key) {
                let n = v.as_u64().filter(|&n| n >= 1).ok_or_else(|| {
                    err(
                        "overrideSettings",
                        &format!("{key} must be a positive integer"),
                    )
                })?;
                if q.get("maxVisits").is_none() {
                    visits = n;
                }
            }
        }
        let unused: Vec<&str> = o
            .keys()
            .map(String::as_str)
            .filter(|k| !USED_SETTINGS.contains(k))
            .collect();
        if !unused.is_empty() {
            shared.send(&warning(
                id,
                "overrideSettings",
                &format!("Settings tianyuan does not use: {}", unused.join(",")),
            ));
        }
    }
    // The game, turn by turn.
    let mut game = Game::new(size, komi, rules);
    let point = |m: &Move| match m {
        Move::Play(p) => *p,
        Move::Pass => unreachable!("no pass among the stones"),
    };
    let black: Vec<Point> = stones
        .iter()
        .filter(|(c, _)| *c == Color::Black)
        .map(|(_, m)| point(m))
        .collect();
    let white: Vec<Point> = stones
        .iter()
        .filter(|(c, _)| *c == Color::White)
        .map(|(_, m)| point(m))
        .collect();
    if !stones.is_empty() {
        game.setup(&black, &white, &[])
            .map_err(|e| err("initialStones", &e))?;
        // Black stones alone with White to move: handicap stones.
        let white_first = initial_player.or(moves.first().map(|m| m.0)) == Some(Color::White);
        if white.is_empty() && black.len() >= 2 && white_first {
            game.mark_setup_as_handicap();
        }
    }
    let first = initial_player.or(moves.first().map(|m| m.0)).unwrap_or(
        if game.handicap_stones().is_empty() {
            Color::Black
        } else {
            Color::White
        },
    );
    game.set_to_move(first);
    let visits = visits.min(options.max_visits).max(1);
    let turns: Vec<usize> = match q.get("analyzeTurns") {
        None => vec![moves.len()],
        Some(v) => {
            let list = v
                .as_array()
                .and_then(|a| a.iter().map(Value::as_u64).collect::<Option<Vec<_>>>())
                .ok_or_else(|| err("analyzeTurns", "Must specify an array of integers"))?;
            for &t in &list {
                if t as usize > moves.len() {
                    return Err(err("analyzeTurns", &format!("Invalid turn number: {t}")));
                }
            }
            list.into_iter().map(|t| t as usize).collect()
        }
    };
    let avoid_lists = avoid_moves(q, size).map_err(|(f, m)| err(&f, &m))?;
    // Every move checked now; each turn's position is made again when a
    // worker takes it (a game keeps a board a move for undo: a position
    // kept for each of many turns would take hundreds of megabytes).
    let mut replay = game.clone();
    for (i, &(c, m)) in moves.iter().enumerate() {
        if let Err(e) = replay.play(c, m) {
            return Err(err(
                "moves",
                &format!("Illegal move {}: {} ({e})", i + 1, m.to_gtp(size)),
            ));
        }
    }
    let start = Arc::new(game);
    let moves = Arc::new(moves);
    let mut tasks = Vec::new();
    for &turn in &turns {
        let to_move = moves
            .get(turn)
            .map_or_else(|| position(&start, &moves, turn).to_move(), |m| m.0);
        let avoid = root_avoid(&avoid_lists, &start, to_move);
        if !avoid.is_empty() && !any_move_left(&position(&start, &moves, turn), to_move, &avoid) {
            let field = if q.contains_key("allowMoves") {
                "allowMoves"
            } else {
                "avoidMoves"
            };
            return Err(err(
                field,
                &format!("No legal move left to search at turn {turn}"),
            ));
        }
        tasks.push(Task {
            id: id.to_string(),
            turn,
            start: Arc::clone(&start),
            moves: Arc::clone(&moves),
            to_move,
            visits,
            max_time,
            ownership,
            moves_ownership,
            policy,
            perspective,
            report_every,
            pv_len,
            avoid,
            priority,
            seq: 0,
            stop: Arc::new(AtomicBool::new(false)),
        });
    }
    Ok(tasks)
}

/// `avoidMoves` and `allowMoves` as (player, moves, whether allowed);
/// only their root (depth 1) is used.
type MoveLists = Vec<(Color, Vec<Move>, bool)>;

fn avoid_moves(q: &Map<String, Value>, size: usize) -> Result<MoveLists, (String, String)> {
    let mut out = Vec::new();
    for (field, allow) in [("avoidMoves", false), ("allowMoves", true)] {
        let Some(v) = q.get(field) else { continue };
        let bad = || {
            (
                field.to_string(),
                "Must be an array of {player, moves, untilDepth} objects".to_string(),
            )
        };
        for entry in v.as_array().ok_or_else(bad)? {
            let player = entry.get("player").and_then(parse_color).ok_or_else(bad)?;
            let moves = entry
                .get("moves")
                .and_then(Value::as_array)
                .and_then(|a| {
                    a.iter()
                        .map(|m| m.as_str().and_then(|s| Move::parse(s, size)))
                        .collect::<Option<Vec<_>>>()
                })
                .ok_or_else(bad)?;
            let depth = entry
                .get("untilDepth")
                .and_then(Value::as_u64)
                .ok_or_else(bad)?;
            if depth >= 1 {
                out.push((player, moves, allow));
            }
        }
    }
    if q.contains_key("avoidMoves") && q.contains_key("allowMoves") {
        return Err((
            "allowMoves".into(),
            "Cannot specify both allowMoves and avoidMoves".into(),
        ));
    }
    Ok(out)
}

/// The position after the first `turn` moves (checked legal when the
/// query was read).
fn position(start: &Game, moves: &[(Color, Move)], turn: usize) -> Game {
    let mut game = start.clone();
    for &(c, m) in &moves[..turn] {
        game.play(c, m).expect("the moves were checked when queued");
    }
    game
}

/// Whether `to_move` has a move in `game` that `avoid` leaves in: a legal
/// point or the pass (a search with no root move has nothing to answer).
fn any_move_left(game: &Game, to_move: Color, avoid: &[Option<Point>]) -> bool {
    !avoid.contains(&None)
        || game
            .board()
            .points()
            .any(|p| !avoid.contains(&Some(p)) && game.is_legal(to_move, p))
}

/// The root moves left out for `to_move` in `game`.
fn root_avoid(lists: &MoveLists, game: &Game, to_move: Color) -> Vec<Option<Point>> {
    let point = |m: &Move| match m {
        Move::Play(p) => Some(*p),
        Move::Pass => None,
    };
    let mut avoid = Vec::new();
    for (c, moves, allow) in lists {
        if *c != to_move {
            continue;
        }
        if *allow {
            let allowed: Vec<Option<Point>> = moves.iter().map(point).collect();
            avoid.extend(
                game.board()
                    .points()
                    .filter(|&p| !allowed.contains(&Some(p)))
                    .map(Some),
            );
            if !allowed.contains(&None) {
                avoid.push(None);
            }
        } else {
            avoid.extend(moves.iter().map(point));
        }
    }
    avoid
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
                    .max_by_key(|(_, t)| (t.priority, std::cmp::Reverse(t.seq)))
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
        ownership: task.ownership,
        moves_ownership: task.moves_ownership,
        avoid: task.avoid.clone(),
        limits: Limits {
            visits: Some(task.visits),
            deadline: task
                .max_time
                .map(|t| Instant::now() + Duration::from_secs_f64(t.min(1e6))),
            ..Limits::default()
        },
    };
    let mut report = |r: &SearchResult| {
        shared.send(&response(task, &game, r, true));
    };
    let reporter = task.report_every.map(|every| Reporter {
        interval: Duration::from_secs_f64(every),
        report: &mut report,
    });
    let result = player.analyze(&game, task.to_move, &task.stop, &request, reporter);
    shared.send(&response(task, &game, &result, false));
}

fn round(v: f64, digits: i32) -> f64 {
    let f = 10f64.powi(digits);
    (v * f).round() / f
}

/// One response line for `task` in `game` from the search result `r`.
fn response(task: &Task, game: &Game, r: &SearchResult, during: bool) -> Value {
    let size = game.size();
    let sign = task.perspective.sign(task.to_move);
    let black_sign = task.perspective.black_sign(task.to_move);
    let view = |w: f64| if sign > 0.0 { w } else { 1.0 - w };
    let vertex = |m: Option<Point>| m.map_or_else(|| "pass".to_string(), |p| p.to_gtp(size));
    let prior_sum: f64 = r.moves.iter().map(|m| m.stats.prior_value as f64).sum();
    let prior = |v: u32| {
        if prior_sum > 0.0 {
            v as f64 / prior_sum
        } else {
            0.0
        }
    };
    // Board order: the top row first, left to right.
    let grid = |values: &[f64], s: f64| -> Value {
        let mut out = Vec::with_capacity(size * size);
        for y in (0..size).rev() {
            for x in 0..size {
                let p = Point::new(x, y, size).expect("on the board");
                out.push(json!(round(s * values[p.index()], 6)));
            }
        }
        Value::Array(out)
    };
    let visited: Vec<_> = r.moves.iter().filter(|m| m.stats.visits > 0).collect();
    let shown = if visited.is_empty() {
        r.moves.iter().take(1).collect()
    } else {
        visited
    };
    let mut infos = Vec::new();
    for (order, m) in shown.iter().enumerate() {
        let w = m.stats.win_rate();
        let score = sign * m.score.unwrap_or(r.score);
        let low = m.stats.lcb();
        let reported = view(w);
        let reported_lcb = if sign > 0.0 {
            low
        } else {
            1.0 - (w + (w - low))
        };
        let mut info = json!({
            "move": vertex(m.mv),
            "visits": m.stats.visits,
            "edgeVisits": m.stats.visits,
            "winrate": round(reported, 8),
            "scoreLead": round(score, 8),
            "scoreMean": round(score, 8),
            "scoreSelfplay": round(score, 8),
            "prior": round(prior(m.stats.prior_value), 8),
            "utility": round(2.0 * reported - 1.0, 8),
            "lcb": round(reported_lcb, 8),
            "utilityLcb": round(2.0 * reported_lcb - 1.0, 8),
            "order": order,
            "pv": m.pv.iter().take(task.pv_len).map(|&p| vertex(p)).collect::<Vec<_>>(),
        });
        if task.moves_ownership {
            if let Some(own) = &m.ownership {
                info["ownership"] = grid(own, black_sign);
            }
        }
        infos.push(info);
    }
    let visits: u64 = r.moves.iter().map(|m| m.stats.visits as u64).sum();
    let root_win = if visits > 0 {
        r.moves
            .iter()
            .map(|m| m.stats.win_rate() * m.stats.visits as f64)
            .sum::<f64>()
            / visits as f64
    } else {
        r.win_rate
    };
    let root_reported = view(root_win);
    let mut out = json!({
        "id": task.id,
        "isDuringSearch": during,
        "turnNumber": task.turn,
        "moveInfos": infos,
        "rootInfo": {
            "visits": visits,
            "winrate": round(root_reported, 8),
            "scoreLead": round(sign * r.score, 8),
            "scoreSelfplay": round(sign * r.score, 8),
            "utility": round(2.0 * root_reported - 1.0, 8),
            "currentPlayer": task.to_move.letter().to_string(),
            "thisHash": format!("{:016X}", game.board().hash()),
        },
    });
    if task.ownership {
        if let Some(own) = &r.ownership {
            out["ownership"] = grid(own, black_sign);
        }
    }
    if task.policy {
        let mut policy = vec![-1.0; size * size + 1];
        for m in &r.moves {
            let i = match m.mv {
                None => size * size,
                Some(p) => {
                    let (x, y) = p.xy(size);
                    (size - 1 - y) * size + x
                }
            };
            policy[i] = round(prior(m.stats.prior_value), 8);
        }
        out["policy"] = json!(policy);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
