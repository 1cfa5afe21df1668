//! GoGui's analyze commands (`gogui-analyze_commands`): best moves,
//! principal variation and ownership drawn on the board (`gfx`, `dboard`),
//! the settings dialog (`param`), and the live graphics `genmove` writes to
//! the standard error while it thinks. The formats are those of GoGui's
//! manual (chapters "Analyze Commands" and "Live Graphics").

use crate::board::{Color, Point};
use crate::engine::{Engine, Setting};
use crate::gtp::args::{syntax_error, Args, GtpError};
use crate::mcts::SearchResult;
use std::io::Write;

/// The analyze commands GoGui offers in its menu, `type/label/command`.
pub const ANALYZE_COMMANDS: &str = "\
gfx/Best moves/tianyuan-gfx_best %m
gfx/Principal variation/tianyuan-gfx_pv %m
gfx/Ownership/tianyuan-gfx_ownership
dboard/Ownership values/tianyuan-ownership
plist/Dead stones/final_status_list dead
string/Score estimate/final_score
param/Settings/tianyuan-param";

/// Root moves labelled in `gfx_best` and the live graphics.
const LABELLED_MOVES: usize = 10;

pub fn analyze_commands(_: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(0, 0)?;
    Ok(ANALYZE_COMMANDS.to_string())
}

/// `tianyuan-gfx_best COLOR`: search as `genmove` would, without playing;
/// label the most visited moves with their win rates.
pub fn gfx_best(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    let c = a.color(0)?;
    let size = e.game().size();
    let r = e.think(c);
    let lines = [labels(r, size), summary(r, size)];
    Ok(lines
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n"))
}

/// `tianyuan-gfx_pv COLOR`: the best move's principal variation, from the
/// last search for COLOR when it was of this position, else a new one.
pub fn gfx_pv(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(1, 1)?;
    let c = a.color(0)?;
    let size = e.game().size();
    if e.last_search(c).is_none() {
        e.think(c);
    }
    let r = e.last_search(c).expect("searched just now");
    Ok(variation(r, c, size).unwrap_or_else(|| summary(r, size)))
}

/// `tianyuan-gfx_ownership`: each point's expected owner as an
/// `INFLUENCE` (1 Black, -1 White).
pub fn gfx_ownership(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(0, 0)?;
    let own = e.final_status().judgement.ownership.clone();
    let size = e.game().size();
    let pairs: Vec<String> = e
        .game()
        .board()
        .points()
        .map(|p| format!("{} {}", p.to_gtp(size), value(own[p.index()])))
        .collect();
    Ok(format!("INFLUENCE {}", pairs.join(" ")))
}

/// `tianyuan-ownership`: the same values as a `dboard`, top row first.
pub fn ownership(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    a.expect(0, 0)?;
    let own = e.final_status().judgement.ownership.clone();
    let size = e.game().size();
    let rows: Vec<String> = (0..size)
        .rev()
        .map(|y| {
            (0..size)
                .map(|x| {
                    let p = Point::new(x, y, size).expect("on the board");
                    value(own[p.index()])
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Ok(rows.join("\n"))
}

/// A value in -1..1 with two decimals, without `-0`.
fn value(v: f32) -> String {
    let r = (v * 100.0).round() / 100.0 + 0.0;
    format!("{r}")
}

/// `LABEL` with the win rate in percent of the most visited moves.
fn labels(r: &SearchResult, size: usize) -> String {
    let pairs: Vec<String> = r
        .moves
        .iter()
        .filter(|m| m.stats.visits > 0)
        .filter_map(|m| {
            let p = m.mv?;
            Some(format!(
                "{} {:.0}",
                p.to_gtp(size),
                m.stats.win_rate() * 100.0
            ))
        })
        .take(LABELLED_MOVES)
        .collect();
    if pairs.is_empty() {
        String::new()
    } else {
        format!("LABEL {}", pairs.join(" "))
    }
}

/// `TEXT` with the playouts and the best move's win rate.
fn summary(r: &SearchResult, size: usize) -> String {
    match r.best {
        Some(best) => format!(
            "TEXT {} playouts, best {} win rate {:.1}%",
            r.playouts,
            best.map_or("pass".to_string(), |p| p.to_gtp(size)),
            r.win_rate * 100.0
        ),
        None => format!("TEXT {} playouts, no move searched", r.playouts),
    }
}

/// `VAR b D4 w Q16 ...`: the best move's principal variation, `c` first.
fn variation(r: &SearchResult, c: Color, size: usize) -> Option<String> {
    let best = r.best?;
    let pv = &r.moves.iter().find(|m| m.mv == best)?.pv;
    if pv.is_empty() {
        return None;
    }
    let mut colour = c;
    let mut text = String::from("VAR");
    for mv in pv {
        let vertex = mv.map_or("pass".to_string(), |p| p.to_gtp(size));
        text.push_str(&format!(
            " {} {vertex}",
            colour.letter().to_ascii_lowercase()
        ));
        colour = !colour;
    }
    Some(text)
}

/// One block of live graphics for a search for `c` under way: the labels,
/// the principal variation and the summary, replacing the last block.
pub fn live_block(r: &SearchResult, c: Color, size: usize) -> String {
    let mut lines = vec!["gogui-gfx:".to_string(), "CLEAR".to_string()];
    lines.extend([labels(r, size)].into_iter().filter(|l| !l.is_empty()));
    lines.extend(variation(r, c, size));
    lines.push(summary(r, size));
    format!("{}\n\n", lines.join("\n"))
}

/// Write a live graphics block to the standard error.
pub fn write_live(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}

/// The end of live graphics: clear the board's markup.
pub const LIVE_END: &str = "gogui-gfx: CLEAR\n";

/// `tianyuan-param`: without arguments the settings, one a line, as
/// GoGui's `param` type reads them; `tianyuan-param NAME VALUE` sets one.
pub fn param(e: &mut Engine, a: &Args) -> Result<String, GtpError> {
    if a.is_empty() {
        let o = e.options();
        let bit = |b: bool| u8::from(b);
        return Ok(format!(
            "[string] playouts {}\n[string] time {}\n[string] threads {}\n\
             [string] resign_threshold {}\n[bool] resign {}\n[bool] ponder {}\n\
             [bool] live_gfx {}\n[string] rank {}",
            o.playouts.unwrap_or(0),
            o.time,
            o.threads,
            o.resign_threshold,
            bit(o.resign),
            bit(o.ponder),
            bit(e.live_gfx()),
            o.rank
        ));
    }
    a.expect(2, 2)?;
    let text = a.word(1)?;
    let bool_value = || match text {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(syntax_error()),
    };
    let float_value = || text.parse::<f64>().map_err(|_| syntax_error());
    let setting = match a.word(0)? {
        // GoGui's dialog shows no fixed number of playouts as 0.
        "playouts" => {
            let n: u64 = text.parse().map_err(|_| syntax_error())?;
            Setting::Playouts((n > 0).then_some(n))
        }
        "time" => Setting::Time(float_value()?),
        "threads" => Setting::Threads(text.parse().map_err(|_| syntax_error())?),
        "resign_threshold" => Setting::ResignThreshold(float_value()?),
        "resign" => Setting::Resign(bool_value()?),
        "ponder" => Setting::Ponder(bool_value()?),
        "live_gfx" => Setting::LiveGfx(bool_value()?),
        "rank" => Setting::Rank(text.parse()?),
        _ => return Err(syntax_error()),
    };
    e.set(setting).map_err(|_| syntax_error())?;
    Ok(String::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_have_two_decimals_and_no_negative_zero() {
        assert_eq!(value(0.523), "0.52");
        assert_eq!(value(-1.0), "-1");
        assert_eq!(value(-0.001), "0");
        assert_eq!(value(0.0), "0");
    }

    #[test]
    fn every_analyze_command_is_type_label_command() {
        for line in ANALYZE_COMMANDS.lines() {
            let parts: Vec<&str> = line.splitn(3, '/').collect();
            assert_eq!(parts.len(), 3, "{line}");
            assert!(
                ["gfx", "dboard", "plist", "string", "param"].contains(&parts[0]),
                "{line}"
            );
            let name = parts[2].split(' ').next().unwrap();
            assert!(crate::gtp::commands::find(name).is_some(), "{name}");
        }
    }
}
