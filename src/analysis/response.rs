//! The analysis protocol's responses: a search result as KataGo's JSON.

use super::task::*;
use crate::board::{Game, Point};
use crate::mcts::SearchResult;
use serde_json::{json, Value};

pub(super) fn round(v: f64, digits: i32) -> f64 {
    let f = 10f64.powi(digits);
    (v * f).round() / f
}

/// One response line for `task` in `game` from the search result `r`.
pub(super) fn response(task: &Task, game: &Game, r: &SearchResult, during: bool) -> Value {
    let size = game.size();
    let sign = task.settings.perspective.sign(task.to_move);
    let black_sign = task.settings.perspective.black_sign(task.to_move);
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
            "pv": m.pv.iter().take(task.settings.pv_len).map(|&p| vertex(p)).collect::<Vec<_>>(),
        });
        if task.settings.moves_ownership {
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
    if task.settings.ownership {
        if let Some(own) = &r.ownership {
            out["ownership"] = grid(own, black_sign);
        }
    }
    if task.settings.policy {
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
