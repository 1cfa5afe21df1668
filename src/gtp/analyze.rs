//! Live analysis in the formats Sabaki and Lizzie read: `lz-analyze`,
//! `kata-analyze`, Sabaki's generic `analyze`, and the `genmove_analyze`
//! forms. This module parses their arguments and writes their `info`
//! lines; the GTP loop runs the search behind them.

use super::args::{syntax_error, Args, GtpError};
use crate::board::{Color, Point};
use crate::mcts::{Candidate, SearchResult};
use std::fmt::Write as _;
use std::time::Duration;

/// Which program's format the lines follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    /// Leela Zero: win rates, priors and bounds as integers x 10000.
    Lz,
    /// KataGo: floats in 0..1, with scores and optional ownership.
    Kata,
    /// Sabaki's generic `analyze`: KataGo's number format.
    Generic,
}

/// A parsed analysis request.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub flavour: Flavour,
    /// The side whose moves are analysed.
    pub color: Color,
    /// Time between two `info` lines.
    pub interval: Duration,
    /// Report at least this many moves (unvisited ones too).
    pub min_moves: usize,
    /// Report at most this many moves (0: all visited).
    pub max_moves: usize,
    /// Add the expected owner of every point (`kata-analyze ownership true`).
    pub ownership: bool,
}

/// Interval when none is given: one second.
const DEFAULT_INTERVAL_CS: u64 = 100;

/// Parse `[color] [interval] [keyword value]...` as Leela Zero and KataGo
/// do; `to_move` is the colour when none is given.
pub fn parse(flavour: Flavour, a: &Args, to_move: Color) -> Result<Request, GtpError> {
    let words = a.all();
    let mut i = 0;
    let mut r = Request {
        flavour,
        color: to_move,
        interval: Duration::from_millis(10 * DEFAULT_INTERVAL_CS),
        min_moves: 0,
        max_moves: 0,
        ownership: false,
    };
    if let Some(c) = words.first().and_then(|w| Color::parse(w)) {
        r.color = c;
        i += 1;
    }
    if let Some(cs) = words.get(i).and_then(|w| w.parse::<u64>().ok()) {
        r.interval = centiseconds(cs);
        i += 1;
    }
    while i < words.len() {
        let key = words[i].to_ascii_lowercase();
        let value = words.get(i + 1).ok_or_else(syntax_error)?;
        let number = || value.parse::<u64>().map_err(|_| syntax_error());
        let flag = || match value.to_ascii_lowercase().as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(syntax_error()),
        };
        match key.as_str() {
            "interval" => r.interval = centiseconds(number()?),
            "minmoves" => r.min_moves = number()?.min(1000) as usize,
            "maxmoves" => r.max_moves = number()?.min(1000) as usize,
            "ownership" => r.ownership = flag()?,
            // KataGo's other switches: accepted, not reported.
            "ownershipstdev"
            | "movesownership"
            | "movesownershipstdev"
            | "rootinfo"
            | "pvvisits"
            | "pvedgevisits" => {
                flag()?;
            }
            _ => return Err(syntax_error()),
        }
        i += 2;
    }
    Ok(r)
}

/// An interval of `cs` centiseconds, at least one.
fn centiseconds(cs: u64) -> Duration {
    Duration::from_millis(10 * cs.clamp(1, 360_000))
}

/// The moves a report shows: every visited one (at most `max_moves`),
/// and unvisited ones up to `min_moves`.
fn shown<'a>(r: &'a SearchResult, req: &Request) -> impl Iterator<Item = &'a Candidate> {
    let visited = r.moves.iter().filter(|m| m.stats.visits > 0).count();
    let mut n = visited.max(req.min_moves);
    if req.max_moves > 0 {
        n = n.min(req.max_moves);
    }
    r.moves.iter().take(n)
}

fn vertex(m: Option<Point>, size: usize) -> String {
    m.map_or_else(|| "pass".to_string(), |p| p.to_gtp(size))
}

/// One report: an `info` entry for each move shown, all on one line,
/// then the ownership when asked for. No line end.
pub fn info_line(r: &SearchResult, req: &Request, size: usize) -> String {
    let prior_sum: f64 = r.moves.iter().map(|m| m.stats.prior_value as f64).sum();
    let mut line = String::new();
    for (order, m) in shown(r, req).enumerate() {
        let s = &m.stats;
        let win = s.win_rate();
        let prior = if prior_sum > 0.0 {
            s.prior_value as f64 / prior_sum
        } else {
            0.0
        };
        let lower = s.lcb().max(0.0);
        if !line.is_empty() {
            line.push(' ');
        }
        let mv = vertex(m.mv, size);
        let visits = s.visits;
        match req.flavour {
            Flavour::Lz => {
                let x = |v: f64| (v * 10000.0).round() as i64;
                let _ = write!(
                    line,
                    "info move {mv} visits {visits} winrate {} prior {} lcb {} order {order} pv",
                    x(win),
                    x(prior),
                    x(lower)
                );
            }
            Flavour::Kata | Flavour::Generic => {
                let score = m.score.unwrap_or(r.score);
                let _ = write!(
                    line,
                    "info move {mv} visits {visits} utility {:.6} winrate {win:.6} \
                     scoreMean {score:.3} scoreLead {score:.3} prior {prior:.6} \
                     lcb {lower:.6} order {order} pv",
                    2.0 * win - 1.0
                );
            }
        }
        for &p in &m.pv {
            line.push(' ');
            line.push_str(&vertex(p, size));
        }
    }
    if req.ownership {
        if let Some(own) = &r.ownership {
            let sign = if req.color == Color::Black { 1.0 } else { -1.0 };
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str("ownership");
            for y in (0..size).rev() {
                for x in 0..size {
                    let p = Point::new(x, y, size).expect("on the board");
                    let _ = write!(line, " {:.4}", sign * own[p.index()]);
                }
            }
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::tree::Stats;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn parses_sabaki_lizzie_and_katago_forms() {
        let w = args(&["W", "50"]);
        let r = parse(Flavour::Lz, &Args::new(&w), Color::Black).unwrap();
        assert_eq!(r.color, Color::White);
        assert_eq!(r.interval, Duration::from_millis(500));
        let w = args(&["interval", "20", "maxmoves", "5", "ownership", "true"]);
        let r = parse(Flavour::Kata, &Args::new(&w), Color::Black).unwrap();
        assert_eq!(r.color, Color::Black);
        assert_eq!(r.interval, Duration::from_millis(200));
        assert_eq!(r.max_moves, 5);
        assert!(r.ownership);
        let w = args(&["b", "10", "minmoves", "3"]);
        assert_eq!(
            parse(Flavour::Generic, &Args::new(&w), Color::White)
                .unwrap()
                .min_moves,
            3
        );
        for bad in [
            &["b", "x"][..],
            &["ownership"],
            &["ownership", "maybe"],
            &["10", "b"],
        ] {
            let w = args(bad);
            assert!(
                parse(Flavour::Kata, &Args::new(&w), Color::Black).is_err(),
                "{bad:?}"
            );
        }
    }

    fn result() -> SearchResult {
        let p = |s| Point::parse(s, 9);
        let cand = |m: Option<Point>, visits, value, pv: Vec<Option<Point>>| Candidate {
            mv: m,
            stats: Stats {
                visits,
                value,
                prior_visits: 10,
                prior_value: 10,
                ..Stats::default()
            },
            pv,
            score: Some(2.5),
            ownership: None,
        };
        SearchResult {
            best: Some(p("E5")),
            win_rate: 0.6,
            playouts: 100,
            elapsed: Duration::from_secs(1),
            moves: vec![
                cand(p("E5"), 80, 96, vec![p("E5"), p("C3"), None]),
                cand(p("C3"), 20, 20, vec![p("C3")]),
                cand(None, 0, 0, vec![None]),
            ],
            score: 2.0,
            ownership: None,
            stop_reason: "running",
        }
    }

    #[test]
    fn lz_lines_use_integers_and_kata_lines_floats() {
        let r = result();
        let mut req = parse(Flavour::Lz, &Args::new(&[]), Color::Black).unwrap();
        let line = info_line(&r, &req, 9);
        assert_eq!(
            line,
            "info move E5 visits 80 winrate 6000 prior 3333 lcb 4926 order 0 pv E5 C3 pass \
             info move C3 visits 20 winrate 5000 prior 3333 lcb 2809 order 1 pv C3"
        );
        req.flavour = Flavour::Kata;
        req.min_moves = 3;
        let line = info_line(&r, &req, 9);
        assert!(line.starts_with("info move E5 visits 80 utility 0.200000 winrate 0.600000 scoreMean 2.500 scoreLead 2.500 prior 0.333333"), "{line}");
        assert!(line.contains("info move pass visits 0"), "{line}");
        req.max_moves = 1;
        assert_eq!(info_line(&r, &req, 9).matches("info move").count(), 1);
    }
}
