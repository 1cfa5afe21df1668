//! One game of a match: set both engines up, alternate `genmove` and
//! `play` under the crate's own rules (Chinese, positional superko) and a
//! wall clock, then score the final position with tianyuan's judgement and,
//! when there is one, a referee engine's `final_score`.

use super::clock::{Charge, Clock, TimeLimits, TimeUse};
use super::contestant::Contestant;
use super::record::{result_winner, Ending, GameRecord};
use crate::board::handicap;
use crate::board::{Color, Game, Point, Rules};
use crate::gtp::client::GtpFailure;
use crate::judge::final_status;
use crate::player::Answer;
use std::fmt::Write as _;
use std::time::Instant;

/// What every game of a match is played with.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub size: usize,
    pub komi: f64,
    pub rules: Rules,
    /// Handicap stones (none below 2).
    pub handicap: usize,
    /// Moves (passes included) after which the game is scored as it stands.
    pub max_moves: usize,
    pub limits: TimeLimits,
    /// Seconds after which a move of an engine exempt from losing on time
    /// is a loss all the same (it hung).
    pub hang_limit: f64,
    /// Stones set out before the first move (Black's, White's), Black to
    /// play first: given with `gogui-setup`, or in a loaded SGF file to an
    /// engine that does not know it.
    pub setup: (Vec<Point>, Vec<Point>),
}

fn forfeit(loser: Color, engine: &Contestant, what: &str, f: &GtpFailure) -> Ending {
    Ending::Forfeit {
        loser,
        reason: format!("{what}: {}", engine.failure_text(f)),
    }
}

/// `boardsize`, `clear_board`, `komi` and, unless `timed` is false,
/// `time_settings` (an engine may refuse the last).
fn set_up(e: &mut Contestant, s: &GameSettings, timed: bool) -> Result<(), (String, GtpFailure)> {
    for cmd in [
        format!("boardsize {}", s.size),
        "clear_board".to_string(),
        format!("komi {}", s.komi),
    ] {
        e.admin(&cmd).map_err(|f| (cmd, f))?;
    }
    if s.rules != Rules::chinese() {
        // An engine that does not know `kgs-rules` is taken to have been
        // started with these rules; the ancient game's corner stones
        // cannot be left to chance.
        let cmd = format!("kgs-rules {}", s.rules.ruleset.name());
        match e.admin(&cmd) {
            Ok(_) => {}
            Err(GtpFailure::Error(msg)) if !s.rules.ancient_setup() => {
                log::info!("{}: {cmd} refused: {msg}", e.label())
            }
            Err(f) => return Err((cmd, f)),
        }
    }
    if timed {
        let cmd = s.limits.time_settings();
        match e.admin(&cmd) {
            Ok(_) => {}
            Err(GtpFailure::Error(msg)) => log::info!("{}: {cmd} refused: {msg}", e.label()),
            Err(f) => return Err((cmd, f)),
        }
    }
    Ok(())
}

/// Give an engine the handicap stones: `set_free_handicap`, or else one
/// `play black` for each stone.
fn give_stones(e: &mut Contestant, points: &[Point], size: usize) -> Result<(), GtpFailure> {
    let list: Vec<String> = points.iter().map(|p| p.to_gtp(size)).collect();
    match e.admin(&format!("set_free_handicap {}", list.join(" "))) {
        Err(GtpFailure::Error(_)) => {
            for v in &list {
                e.admin(&format!("play black {v}"))?;
            }
            Ok(())
        }
        other => other.map(|_| ()),
    }
}

/// Ask Black's engine for `fixed_handicap`, check and place its stones,
/// and give them to White's engine.
fn place_handicap(
    engines: &mut [&mut Contestant; 2],
    game: &mut Game,
    n: usize,
) -> Result<Vec<Point>, Ending> {
    let size = game.size();
    let black = &mut *engines[0];
    let points = match black.admin(&format!("fixed_handicap {n}")) {
        Ok(text) => {
            let points: Option<Vec<Point>> = text
                .split_whitespace()
                .map(|v| Point::parse(v, size))
                .collect();
            match points {
                Some(p) if p.len() == n && game.set_free_handicap(&p).is_ok() => p,
                _ => {
                    return Err(Ending::Forfeit {
                        loser: Color::Black,
                        reason: format!("fixed_handicap {n} answered {text:?}"),
                    })
                }
            }
        }
        Err(GtpFailure::Error(_)) => {
            let p = handicap::fixed_points(size, n).unwrap_or_default();
            if game.set_free_handicap(&p).is_err() {
                return Err(Ending::Forfeit {
                    loser: Color::Black,
                    reason: format!("no fixed handicap of {n} on {size}x{size}"),
                });
            }
            give_stones(black, &p, size)
                .map_err(|f| forfeit(Color::Black, black, "handicap stones", &f))?;
            p
        }
        Err(f) => return Err(forfeit(Color::Black, black, "fixed_handicap", &f)),
    };
    let white = &mut *engines[1];
    give_stones(white, &points, size)
        .map_err(|f| forfeit(Color::White, white, "set_free_handicap", &f))?;
    Ok(points)
}

/// Give an engine the setup stones of `s`: `gogui-setup`, or else
/// `loadsgf` of a record holding them (GNU Go), then the time settings
/// again (a loaded file may reset them).
fn give_setup(
    e: &mut Contestant,
    s: &GameSettings,
    timed: bool,
) -> Result<(), (String, GtpFailure)> {
    let size = s.size;
    let mut cmd = String::from("gogui-setup");
    for (c, points) in [("b", &s.setup.0), ("w", &s.setup.1)] {
        for p in points {
            let _ = write!(cmd, " {c} {}", p.to_gtp(size));
        }
    }
    match e.admin(&cmd) {
        Ok(_) => return Ok(()),
        Err(GtpFailure::Error(_)) => {}
        Err(f) => return Err((cmd, f)),
    }
    let coord = |p: &Point| p.xy(size);
    let record = crate::sgf::SgfGame {
        size,
        komi: Some(s.komi),
        handicap: None,
        rules: None,
        result: None,
        nodes: vec![crate::sgf::SgfNode {
            add_black: s.setup.0.iter().map(coord).collect(),
            add_white: s.setup.1.iter().map(coord).collect(),
            player: Some(Color::Black),
            ..crate::sgf::SgfNode::default()
        }],
    };
    let path = std::env::temp_dir().join(format!(
        "tianyuan-match-{}-{}.sgf",
        std::process::id(),
        e.label()
    ));
    let cmd = format!("loadsgf {}", path.display());
    // The runner's own failure, reported as the engine's setup failing.
    let io = |err: std::io::Error| {
        let why = format!("cannot write {}: {err}", path.display());
        (cmd.clone(), GtpFailure::Error(why))
    };
    crate::files::write_atomic(&path, crate::sgf::write(&record).as_bytes()).map_err(io)?;
    let loaded = e.admin(&cmd);
    let _ = std::fs::remove_file(&path);
    loaded.map_err(|f| (cmd, f))?;
    if timed {
        let cmd = s.limits.time_settings();
        match e.admin(&cmd) {
            Ok(_) | Err(GtpFailure::Error(_)) => {}
            Err(f) => return Err((cmd, f)),
        }
    }
    Ok(())
}

/// Play the game itself; `None` when it is to be scored. `untimed` says,
/// per colour, whether that engine is exempt from losing on time.
fn play_out(
    engines: &mut [&mut Contestant; 2],
    s: &GameSettings,
    untimed: [bool; 2],
    game: &mut Game,
    think: &mut [TimeUse; 2],
) -> Option<Ending> {
    let mut clocks = untimed.map(|exempt| {
        if exempt {
            Clock::exempt(s.limits, s.hang_limit)
        } else {
            Clock::new(s.limits)
        }
    });
    while game.moves().len() < s.max_moves {
        let c = game.to_move();
        let (i, o) = (c.index(), (!c).index());
        let e = &mut *engines[i];
        if let Some(cmd) = clocks[i].time_left(c) {
            match e.admin(&cmd) {
                Ok(_) | Err(GtpFailure::Error(_)) => {}
                Err(f) => return Some(forfeit(c, e, "time_left", &f)),
            }
        }
        let limit = clocks[i].limit().unwrap_or(f64::INFINITY);
        let deadline = clocks[i].deadline();
        let start = Instant::now();
        let answer = e.send(&format!("genmove {c}"), deadline);
        let elapsed = start.elapsed().as_secs_f64();
        let charge = match &answer {
            Ok(_) => clocks[i].charge(elapsed),
            Err(GtpFailure::Timeout) if clocks[i].is_exempt() => Charge::Hung,
            Err(GtpFailure::Timeout) => Charge::Late,
            // A crash or a protocol error, not a question of time.
            Err(_) => Charge::InTime,
        };
        think[i].add(elapsed, charge != Charge::InTime);
        match charge {
            Charge::InTime => {}
            Charge::Over => log::info!(
                "{} (untimed) {c}: {elapsed:.3} s, over the {limit:.3} s limit",
                e.label()
            ),
            Charge::Late => {
                return Some(Ending::Time {
                    loser: c,
                    elapsed,
                    allowed: limit,
                })
            }
            Charge::Hung => {
                return Some(Ending::Hung {
                    loser: c,
                    elapsed,
                    limit: deadline.map_or(f64::INFINITY, |d| d.as_secs_f64()),
                })
            }
        }
        let text = match answer {
            Ok(text) => text,
            Err(f) => return Some(forfeit(c, e, "genmove", &f)),
        };
        let mv = match Answer::parse(text.trim(), s.size) {
            Some(Answer::Move(mv)) => mv,
            Some(Answer::Resign) => return Some(Ending::Resigned(c)),
            None => {
                return Some(Ending::Forfeit {
                    loser: c,
                    reason: format!("unreadable move {text:?}"),
                })
            }
        };
        let vertex = mv.to_gtp(s.size);
        if let Err(why) = game.play(c, mv) {
            return Some(Ending::Forfeit {
                loser: c,
                reason: format!("illegal move {vertex} ({why})"),
            });
        }
        log::debug!("{} {c} {vertex} in {elapsed:.3} s", e.label());
        let other = &mut *engines[o];
        if let Err(f) = other.admin(&format!("play {c} {vertex}")) {
            return Some(forfeit(!c, other, &format!("play {c} {vertex}"), &f));
        }
        if game.no_result() {
            return Some(Ending::NoResult);
        }
        if game.is_over() {
            return None;
        }
    }
    None
}

/// The referee's `final_score` of `game`, replayed into it.
fn referee_score(
    r: &mut Contestant,
    s: &GameSettings,
    game: &Game,
    handicap: &[Point],
) -> Result<String, String> {
    let fail =
        |r: &Contestant, what: &str, f: GtpFailure| format!("{what}: {}", r.failure_text(&f));
    set_up(r, s, false).map_err(|(cmd, f)| fail(r, &cmd, f))?;
    if !handicap.is_empty() {
        give_stones(r, handicap, s.size).map_err(|f| fail(r, "handicap", f))?;
    }
    if !s.setup.0.is_empty() || !s.setup.1.is_empty() {
        give_setup(r, s, false).map_err(|(cmd, f)| fail(r, &cmd, f))?;
    }
    for &(c, mv) in game.moves() {
        let cmd = format!("play {c} {}", mv.to_gtp(s.size));
        r.admin(&cmd).map_err(|f| fail(r, &cmd, f))?;
    }
    let text = r
        .send("final_score", Some(super::contestant::REFEREE_TIMEOUT))
        .map_err(|f| fail(r, "final_score", f))?;
    let word = text.split_whitespace().next().unwrap_or("");
    match result_winner(word) {
        Some(_) => Ok(word.to_string()),
        None => Err(format!("unreadable final_score {text:?}")),
    }
}

/// Play one game between `black` and `white`; `untimed` says, per colour
/// (black, white), whether that engine is exempt from losing on time.
pub fn play_game(
    s: &GameSettings,
    black: &mut Contestant,
    white: &mut Contestant,
    untimed: [bool; 2],
    referee: Option<&mut Contestant>,
) -> GameRecord {
    let mut engines = [black, white];
    let mut game = Game::new(s.size, s.komi, s.rules);
    let mut think = [TimeUse::default(); 2];
    for c in Color::BOTH {
        let e = &mut *engines[c.index()];
        if let Err((cmd, f)) = set_up(e, s, true) {
            let ending = forfeit(c, e, &cmd, &f);
            return GameRecord::new(game, Vec::new(), ending, think);
        }
    }
    let mut handicap = Vec::new();
    if s.handicap >= 2 {
        match place_handicap(&mut engines, &mut game, s.handicap) {
            Ok(points) => handicap = points,
            Err(ending) => return GameRecord::new(game, Vec::new(), ending, think),
        }
    }
    if !s.setup.0.is_empty() || !s.setup.1.is_empty() {
        if let Err(why) = game.setup(&s.setup.0, &s.setup.1, &[]) {
            let ending = Ending::Forfeit {
                loser: Color::Black,
                reason: format!("setup: {why}"),
            };
            return GameRecord::new(game, handicap, ending, think);
        }
        for c in Color::BOTH {
            let e = &mut *engines[c.index()];
            if let Err((cmd, f)) = give_setup(e, s, true) {
                let ending = forfeit(c, e, &cmd, &f);
                return GameRecord::new(game, handicap, ending, think);
            }
        }
    }
    let ending = play_out(&mut engines, s, untimed, &mut game, &mut think).unwrap_or_else(|| {
        let own = final_status(&game, crate::player::Options::default().judge_params()).score;
        let referee = referee.map(|r| referee_score(r, s, &game, &handicap));
        Ending::Scored {
            own,
            referee,
            capped: !game.is_over(),
        }
    });
    GameRecord::new(game, handicap, ending, think)
}
