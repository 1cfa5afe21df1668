//! Query parsing of the analysis protocol: a JSON query line into the
//! tasks of its turns, or KataGo's error for its first bad field.

use super::task::*;
use crate::board::{Color, Game, KoRule, Move, Point, Rules, Ruleset, MAX_SIZE, MIN_SIZE};
use serde_json::{Map, Value};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub(super) fn parse_color(v: &Value) -> Option<Color> {
    v.as_str().and_then(Color::parse)
}

/// `[["B","Q16"], ...]`.
pub(super) fn parse_pairs(v: &Value, size: usize) -> Option<Vec<(Color, Move)>> {
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
pub(super) fn parse_rules(v: &Value) -> Result<(Rules, Option<String>), String> {
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

/// The query's turns as tasks, or the error response: the position, the
/// search's settings, the turns, then a task for each turn.
pub(super) fn parse_query(
    options: &AnalysisOptions,
    id: &str,
    q: &Map<String, Value>,
    warn: &dyn Fn(&Value),
) -> Result<Vec<Task>, Value> {
    let err = |field: &str, msg: &str| field_error(id, field, msg);
    let (game, moves) = parse_position(id, q, warn)?;
    let settings = parse_settings(options, id, q, warn)?;
    let size = game.size();
    let turns = parse_turns(id, q, moves.len())?;
    let avoid_lists = avoid_moves(q, size).map_err(|(f, m)| err(&f, &m))?;
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
            settings,
            avoid,
            seq: 0,
            stop: Arc::new(AtomicBool::new(false)),
        });
    }
    Ok(tasks)
}

/// The query's position: the game before the first move (size, rules,
/// komi, initial stones, the side to move) and the moves, every one of
/// them checked legal.
fn parse_position(
    id: &str,
    q: &Map<String, Value>,
    warn: &dyn Fn(&Value),
) -> Result<(Game, Vec<(Color, Move)>), Value> {
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
        warn(&warning(id, "rules", &n));
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
    Ok((game, moves))
}

/// The query's settings, `overrideSettings` included (a warning names
/// those tianyuan does not use).
fn parse_settings(
    options: &AnalysisOptions,
    id: &str,
    q: &Map<String, Value>,
    warn: &dyn Fn(&Value),
) -> Result<Settings, Value> {
    let err = |field: &str, msg: &str| field_error(id, field, msg);
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
            warn(&warning(
                id,
                "overrideSettings",
                &format!("Settings tianyuan does not use: {}", unused.join(",")),
            ));
        }
    }
    Ok(Settings {
        visits: visits.min(options.max_visits).max(1),
        max_time,
        ownership,
        moves_ownership,
        policy,
        perspective,
        report_every,
        pv_len,
        priority,
    })
}

/// The turns to analyse: `analyzeTurns`, or the position after the last
/// move.
fn parse_turns(id: &str, q: &Map<String, Value>, moves: usize) -> Result<Vec<usize>, Value> {
    let err = |field: &str, msg: &str| field_error(id, field, msg);
    match q.get("analyzeTurns") {
        None => Ok(vec![moves]),
        Some(v) => {
            let list = v
                .as_array()
                .and_then(|a| a.iter().map(Value::as_u64).collect::<Option<Vec<_>>>())
                .ok_or_else(|| err("analyzeTurns", "Must specify an array of integers"))?;
            for &t in &list {
                if t as usize > moves {
                    return Err(err("analyzeTurns", &format!("Invalid turn number: {t}")));
                }
            }
            Ok(list.into_iter().map(|t| t as usize).collect())
        }
    }
}

/// `avoidMoves` and `allowMoves` as (player, moves, whether allowed);
/// only their root (depth 1) is used.
pub(super) type MoveLists = Vec<(Color, Vec<Move>, bool)>;

pub(super) fn avoid_moves(
    q: &Map<String, Value>,
    size: usize,
) -> Result<MoveLists, (String, String)> {
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
pub(super) fn position(start: &Game, moves: &[(Color, Move)], turn: usize) -> Game {
    let mut game = start.clone();
    for &(c, m) in &moves[..turn] {
        game.play(c, m).expect("the moves were checked when queued");
    }
    game
}

/// Whether `to_move` has a move in `game` that `avoid` leaves in: a legal
/// point or the pass (a search with no root move has nothing to answer).
pub(super) fn any_move_left(game: &Game, to_move: Color, avoid: &[Option<Point>]) -> bool {
    !avoid.contains(&None)
        || game
            .board()
            .points()
            .any(|p| !avoid.contains(&Some(p)) && game.is_legal(to_move, p))
}

/// The root moves left out for `to_move` in `game`.
pub(super) fn root_avoid(lists: &MoveLists, game: &Game, to_move: Color) -> Vec<Option<Point>> {
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
