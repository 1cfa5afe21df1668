//! `tianyuan match`: plays a series of games between two GTP engines
//! given as command lines (engine A and engine B), as gogui-twogtp or
//! gomill do. Every move is checked with the crate's own rules and timed
//! with the wall clock; finished games are scored by tianyuan and, when one
//! is given, by a referee engine. A line per game goes to the output as the
//! game ends, then a summary table. With `--sgf-dir` each game is also
//! written as an SGF record naming the players (`PB`, `PW`: each engine's
//! `name` and `version`), the day (`DT`) and the settings (`GC`).
//!
//! An engine that cannot keep to a clock (GNU Go) can be exempt from losing
//! on time with `--untimed`: it gets the time control as the other does,
//! its moves over the limit are counted and reported, and only a move
//! longer than the hang limit loses.
//!
//! - [`clock`]: the time control and each engine's clock;
//! - [`contestant`]: an engine as a command line and a restartable process;
//! - [`frame`]: a tsumego frame, a local problem put on a settled whole board;
//! - [`game`]: one game, from `boardsize` to the count;
//! - [`judge_set`]: `tianyuan judge-set`, the judgement against a reference set;
//! - [`problem_set`]: `tianyuan problem-set`, an engine on a set of life-and-death problems;
//! - [`record`]: a finished game, its result and its SGF record;
//! - [`stats`]: the tally, the Wilson interval and the summary.

pub mod clock;
pub mod contestant;
pub mod frame;
pub mod game;
pub mod judge_set;
pub mod problem_set;
pub mod record;
pub mod sprt;
pub mod stats;

use crate::board::handicap::max_fixed;
use crate::board::{Color, Point, Rules, MAX_SIZE, MIN_SIZE};
use clock::{default_hang_limit, TimeLimits};
use contestant::Contestant;
use game::{play_game, GameSettings};
use record::{utc_date, GameRecord};
use stats::{Tally, SIDES};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::SystemTime;

/// The options of `tianyuan match`.
#[derive(clap::Args, Clone, Debug)]
#[command(next_help_heading = "Match options")]
pub struct MatchArgs {
    /// Command line of engine A, Black in game 1 (words split on spaces; "double quotes" group).
    #[arg(long)]
    pub black: String,
    /// Command line of engine B, White in game 1.
    #[arg(long)]
    pub white: String,
    /// Number of games.
    #[arg(long, default_value_t = 1)]
    pub games: u32,
    /// Number of the first game, to go on with a match that stopped: colours and record names
    /// (game-NNN.sgf) follow the game numbers as if the match had run from game 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub first_game: u32,
    /// Board size.
    #[arg(long, default_value_t = 9, value_parser = parse_size)]
    pub size: usize,
    /// Komi [default: the rules' own, 7.5 for the Chinese rules].
    #[arg(long, allow_negative_numbers = true)]
    pub komi: Option<f64>,
    /// The rules of every game (the global `--rules` and `--ko`): the
    /// runner checks moves and counts by them and sends `kgs-rules` to the
    /// engines when they are not the Chinese rules.
    #[arg(skip)]
    pub rules: Rules,
    /// Seconds per move (Canadian overtime of one stone per period); 0 with no main time means no limit.
    #[arg(long, default_value_t = 1.0)]
    pub time: f64,
    /// Main time per engine and game, in seconds, before the per-move time.
    #[arg(long, default_value_t = 0.0)]
    pub main_time: f64,
    /// Command line of an engine whose final_score is the official result.
    #[arg(long)]
    pub referee: Option<String>,
    /// Directory for the game records game-001.sgf, game-002.sgf, ..., each naming the players
    /// (PB, PW: each engine's name and version), the day (DT) and the settings (GC).
    #[arg(long)]
    pub sgf_dir: Option<PathBuf>,
    /// Moves (passes included) after which a game is scored as it stands [default: 3 x size x size].
    #[arg(long)]
    pub max_moves: Option<usize>,
    /// Swap colours every game.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    pub alternate: bool,
    /// Fixed handicap stones for Black (0 or 1: none).
    #[arg(long, default_value_t = 0)]
    pub handicap: usize,
    /// Also write the summary to this file.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Directory for the engines' standard error (A.stderr, B.stderr, referee.stderr).
    #[arg(long)]
    pub log_dir: Option<PathBuf>,
    /// Exempt engine A (--black) or B (--white) from losing on time; repeat or give A,B for
    /// both. It still gets time_settings and time_left (the fresh period after a move over its
    /// limit), its moves over the limit are counted in the summary with its longest move, and
    /// only a move longer than --hang-limit loses ("hung").
    #[arg(long, value_name = "A|B", value_delimiter = ',', value_parser = parse_side)]
    pub untimed: Vec<usize>,
    /// Seconds after which a move of an --untimed engine loses as hung (never less than its
    /// clock allows) [default: 60, or 20 x --time when longer].
    #[arg(long, value_name = "SECONDS")]
    pub hang_limit: Option<f64>,
    /// Vary the games, four kinds in turn, as a soak test wants them: as set; with 2, 3 or 4
    /// handicap stones; from a setup position of 2-4 stones a side (gogui-setup, or loadsgf for
    /// an engine without it); and with pondering on for engines that know tianyuan-param.
    #[arg(long)]
    pub vary: bool,
    /// Stop as soon as a sequential probability ratio test decides between A being ELO0 and
    /// ELO1 Elo stronger than B (fishtest's and cutechess-cli's SPRT on a binomial model; the
    /// log-likelihood ratio is printed after each game); --games is then the most games played.
    #[arg(long, value_name = "ELO0,ELO1", value_parser = sprt::Sprt::parse)]
    pub sprt: Option<sprt::Sprt>,
    /// The SPRT's chance of accepting ELO1 when ELO0 holds.
    #[arg(long, default_value_t = 0.05, value_parser = parse_error_rate)]
    pub sprt_alpha: f64,
    /// The SPRT's chance of accepting ELO0 when ELO1 holds.
    #[arg(long, default_value_t = 0.05, value_parser = parse_error_rate)]
    pub sprt_beta: f64,
}

/// An SPRT error rate, strictly between 0 and 0.5.
fn parse_error_rate(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|&x| x > 0.0 && x < 0.5)
        .ok_or_else(|| format!("'{s}' is not a rate between 0 and 0.5"))
}

impl MatchArgs {
    /// The SPRT asked for, with its error rates.
    fn sprt(&self) -> Option<sprt::Sprt> {
        self.sprt.map(|t| sprt::Sprt {
            alpha: self.sprt_alpha,
            beta: self.sprt_beta,
            ..t
        })
    }
}

/// The kind of game `g` of a match with `--vary`, and its settings.
fn varied(settings: &GameSettings, g: u32) -> (GameSettings, Option<&'static str>) {
    let mut s = settings.clone();
    let round = (g - 1) / 4;
    match (g - 1) % 4 {
        1 => {
            let n = 2 + (round % 3) as usize;
            if s.rules.allows_handicap() && n <= max_fixed(s.size) {
                s.handicap = n;
                return (s, Some("handicap"));
            }
            (s, None)
        }
        2 if s.size >= 5 => {
            s.handicap = 0;
            s.setup = setup_position(s.size, g);
            (s, Some("setup"))
        }
        3 => (s, Some("ponder")),
        _ => (s, None),
    }
}

/// A setup position for game `g`: 2 to 4 stones of each colour on points
/// off the first two lines, none touching another (every stone keeps its
/// liberties, nothing is captured), the same for the same game number.
fn setup_position(size: usize, g: u32) -> (Vec<Point>, Vec<Point>) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(u64::from(g));
    let n = rng.gen_range(2..=4);
    let (lo, hi) = if size >= 7 {
        (2, size - 3)
    } else {
        (1, size - 2)
    };
    let mut taken: Vec<Point> = Vec::new();
    let mut stones = (Vec::new(), Vec::new());
    for i in 0..2 * n {
        for _ in 0..100 {
            let p = Point::new(rng.gen_range(lo..=hi), rng.gen_range(lo..=hi), size)
                .expect("inside the board");
            let touches = taken.iter().any(|q| {
                let ((x, y), (u, v)) = (p.xy(size), q.xy(size));
                x.abs_diff(u) + y.abs_diff(v) <= 1
            });
            if !touches {
                taken.push(p);
                if i % 2 == 0 {
                    stones.0.push(p);
                } else {
                    stones.1.push(p);
                }
                break;
            }
        }
    }
    stones
}

/// Turn tianyuan's pondering on or off in an engine that knows
/// `tianyuan-param` (others are left as they are).
fn set_ponder(e: &mut Contestant, on: bool) {
    if e.admin("known_command tianyuan-param")
        .is_ok_and(|a| a.trim() == "true")
    {
        let cmd = format!("tianyuan-param ponder {}", u8::from(on));
        if let Err(f) = e.admin(&cmd) {
            log::warn!("{}: {cmd}: {}", e.label(), e.failure_text(&f));
        }
    }
}

fn parse_size(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => Ok(n),
        _ => Err(format!("board size must be {MIN_SIZE} to {MAX_SIZE}")),
    }
}

/// Engine `A` or `B` as side 0 or 1.
fn parse_side(s: &str) -> Result<usize, String> {
    match s.trim() {
        "A" | "a" => Ok(0),
        "B" | "b" => Ok(1),
        _ => Err("engines are A (--black) and B (--white)".into()),
    }
}

/// Why a match could not be run.
#[derive(Debug)]
pub enum MatchError {
    /// Bad options, or an engine that cannot be started at all.
    Args(String),
    Io(io::Error),
}

impl From<io::Error> for MatchError {
    fn from(e: io::Error) -> MatchError {
        MatchError::Io(e)
    }
}

/// `MatchArgs` on their own, for [`MatchArgs::parse_from`].
#[derive(clap::Parser)]
#[command(name = "tianyuan match")]
struct Standalone {
    #[command(flatten)]
    args: MatchArgs,
}

impl MatchArgs {
    /// The options from command-line words (without `tianyuan match`).
    pub fn parse_from<I, S>(words: I) -> Result<MatchArgs, String>
    where
        I: IntoIterator<Item = S>,
        S: Into<std::ffi::OsString> + Clone,
    {
        use clap::Parser;
        let words = std::iter::once("match".into()).chain(words.into_iter().map(Into::into));
        Standalone::try_parse_from(words)
            .map(|s| s.args)
            .map_err(|e| e.to_string())
    }

    /// The settings of every game, once the options are checked.
    pub fn settings(&self) -> Result<GameSettings, String> {
        let finite = |name: &str, v: f64| {
            if v.is_finite() && v >= 0.0 {
                Ok(())
            } else {
                Err(format!("--{name} must be a number of seconds >= 0"))
            }
        };
        finite("time", self.time)?;
        finite("main-time", self.main_time)?;
        let komi = self.komi.unwrap_or(self.rules.ruleset.default_komi());
        if !komi.is_finite() || komi.abs() > 1000.0 {
            return Err("--komi is out of range".into());
        }
        if self.handicap >= 2 && !self.rules.allows_handicap() {
            return Err(format!(
                "no handicap under the {} rules",
                self.rules.ruleset
            ));
        }
        if self.games == 0 {
            return Err("--games must be at least 1".into());
        }
        if self.handicap >= 2 && self.handicap > max_fixed(self.size) {
            return Err(format!(
                "at most {} fixed handicap stones on {}x{}",
                max_fixed(self.size),
                self.size,
                self.size
            ));
        }
        let max_moves = self.max_moves.unwrap_or(3 * self.size * self.size);
        if max_moves == 0 {
            return Err("--max-moves must be at least 1".into());
        }
        let limits = TimeLimits {
            main: self.main_time,
            per_move: self.time,
        };
        let hang_limit = match self.hang_limit {
            Some(_) if self.untimed.is_empty() => {
                return Err("--hang-limit is for --untimed engines; none is given".into())
            }
            Some(h) if h.is_finite() && h > 0.0 => h,
            Some(_) => return Err("--hang-limit must be a number of seconds > 0".into()),
            None => default_hang_limit(limits),
        };
        Ok(GameSettings {
            size: self.size,
            komi,
            rules: self.rules,
            handicap: if self.handicap >= 2 { self.handicap } else { 0 },
            max_moves,
            limits,
            hang_limit,
            setup: (Vec::new(), Vec::new()),
        })
    }

    /// Per side (A, B): whether that engine is exempt from losing on time.
    pub fn untimed_sides(&self) -> [bool; 2] {
        [0, 1].map(|side| self.untimed.contains(&side))
    }
}

/// The rules as the match summary names them: `Chinese`, `japanese (ko
/// simple)`.
fn rules_name(rules: Rules) -> String {
    if rules == Rules::chinese() {
        "Chinese".to_string()
    } else {
        rules.to_string()
    }
}

/// Run `tianyuan match` with its output on standard output; the exit code
/// (0 when the match was played, 2 for bad options, 1 for I/O errors).
pub fn run(args: &MatchArgs) -> i32 {
    match play_match(args, &mut io::stdout()) {
        Ok(_) => 0,
        Err(MatchError::Args(e)) => {
            eprintln!("tianyuan match: {e}");
            2
        }
        Err(MatchError::Io(e)) => {
            eprintln!("tianyuan match: {e}");
            1
        }
    }
}

/// `name version` of an engine, for the header and the game records: its
/// answers on one line, or its program's name when it does not answer
/// `name` (without a version when it does not answer `version`).
fn engine_name(e: &mut Contestant) -> Result<String, MatchError> {
    if let Err(err) = e.start() {
        let line = e.cmdline().to_string();
        return Err(MatchError::Args(format!(
            "cannot start engine {} ({line}): {err}",
            e.label()
        )));
    }
    let mut ask = |cmd: &str| {
        let answer = e.admin(cmd).unwrap_or_default();
        let words: Vec<&str> = answer.split_whitespace().collect();
        (!words.is_empty()).then(|| words.join(" "))
    };
    let name = ask("name");
    let version = ask("version");
    let name = name.unwrap_or_else(|| e.program());
    Ok(match version {
        Some(v) => format!("{name} {v}"),
        None => name,
    })
}

/// The time control as the header and the records give it.
fn time_text(limits: TimeLimits) -> String {
    if limits.is_unlimited() {
        "no time limit".to_string()
    } else {
        format!(
            "{} s main time + {} s per move",
            clock::seconds(limits.main),
            clock::seconds(limits.per_move)
        )
    }
}

/// The rule for engines exempt from losing on time.
fn untimed_rule(settings: &GameSettings) -> String {
    if settings.limits.is_unlimited() {
        "no time limit in this match".to_string()
    } else {
        format!(
            "a move over the time limit is counted, not a loss; one over {} s is: hung",
            clock::seconds(settings.hang_limit)
        )
    }
}

/// What every game record of a match says of it: the engines (A, B) and
/// the referee as `name version [command line]`, and the settings.
struct MatchInfo {
    /// Per side (A, B): the engine's name and version.
    names: [String; 2],
    /// Per side: the command line.
    cmdlines: [String; 2],
    /// The referee's name and command line.
    referee: Option<(String, String)>,
    /// What follows the game number: `of 10`, or `of games 4 to 13` for
    /// a match that goes on from game 4.
    of_games: String,
    /// Per side: exempt from losing on time.
    untimed: [bool; 2],
    alternate: bool,
}

impl MatchInfo {
    /// The `GC` of game `g`, where `sides` says per colour which engine
    /// (A 0, B 1) played it and `outcome` is the game line's end: the
    /// result and how it came about, the moves, an untimed engine's moves
    /// over the limit.
    fn comment(&self, s: &GameSettings, g: u32, sides: [usize; 2], outcome: &str) -> String {
        let mut c = format!(
            "tianyuan match, game {g} {} (colours {})\n",
            self.of_games,
            if self.alternate { "alternate" } else { "fixed" }
        );
        for color in Color::BOTH {
            let side = sides[color.index()];
            let color = if color == Color::Black {
                "Black"
            } else {
                "White"
            };
            let _ = writeln!(
                c,
                "{color}: engine {}, {} [{}]",
                SIDES[side], self.names[side], self.cmdlines[side]
            );
        }
        let _ = writeln!(
            c,
            "Board {}x{}, komi {}, handicap {}, {} rules, at most {} moves",
            s.size,
            s.size,
            s.komi,
            s.handicap,
            rules_name(s.rules),
            s.max_moves
        );
        let _ = write!(
            c,
            "Time: {} ({}), {} s grace",
            time_text(s.limits),
            s.limits.time_settings(),
            clock::seconds(clock::GRACE)
        );
        if self.untimed.contains(&true) {
            let list: Vec<&str> = (0..2)
                .filter(|&side| self.untimed[side])
                .map(|side| SIDES[side])
                .collect();
            let engines = if list.len() > 1 { "engines" } else { "engine" };
            let rule = untimed_rule(s);
            let _ = write!(c, "; untimed: {engines} {} ({rule})", list.join(", "));
        }
        c.push('\n');
        if let Some((name, cmdline)) = &self.referee {
            let _ = writeln!(c, "Referee: {name} [{cmdline}]");
        }
        let _ = write!(c, "Result: {outcome}");
        c
    }
}

/// The result of a game, how it came about and its moves, and for each
/// untimed engine its moves over the limit: the game line after the
/// players.
fn outcome(record: &GameRecord, sides: [usize; 2], untimed: [bool; 2]) -> String {
    let mut text = format!("{} {} moves", record.describe(), record.game.moves().len());
    for c in Color::BOTH {
        let t = &record.think[c.index()];
        if untimed[sides[c.index()]] && t.over > 0 {
            let _ = write!(
                text,
                "; {} (untimed) over the time limit on {} move(s), longest {:.2} s",
                SIDES[sides[c.index()]],
                t.over,
                t.longest
            );
        }
    }
    text
}

/// The match's header (settings, engines, referee, untimed sides) and
/// what the game records say of it.
fn match_header(
    args: &MatchArgs,
    settings: &GameSettings,
    last_game: u32,
    a: &mut Contestant,
    b: &mut Contestant,
    referee: Option<&mut Contestant>,
) -> Result<(String, MatchInfo), MatchError> {
    let limits = settings.limits;
    let mut header = if args.first_game == 1 {
        format!("match: {} game(s)", args.games)
    } else {
        format!("match: games {} to {last_game}", args.first_game)
    };
    let _ = write!(
        header,
        " on {}x{}, komi {}, handicap {}, ",
        settings.size, settings.size, settings.komi, settings.handicap
    );
    header.push_str(&time_text(limits));
    let _ = writeln!(
        header,
        ", at most {} moves, colours {}",
        settings.max_moves,
        if args.alternate { "alternate" } else { "fixed" }
    );
    if let Some(t) = args.sprt() {
        let _ = writeln!(header, "  {t}: at most {} game(s)", args.games);
    }
    let names = [engine_name(a)?, engine_name(b)?];
    for (e, name) in [&*a, &*b].into_iter().zip(&names) {
        let _ = writeln!(header, "  {}: {name} [{}]", e.label(), e.cmdline());
    }
    let referee_name = match referee {
        Some(r) => {
            let name = engine_name(r)?;
            let _ = writeln!(header, "  referee: {name} [{}]", r.cmdline());
            Some((name, r.cmdline().to_string()))
        }
        None => None,
    };
    let untimed = args.untimed_sides();
    if untimed.contains(&true) {
        let sides: Vec<&str> = (0..2).filter(|&s| untimed[s]).map(|s| SIDES[s]).collect();
        let rule = untimed_rule(settings);
        let _ = writeln!(header, "  untimed: {} ({rule})", sides.join(", "));
    }
    Ok((
        header,
        MatchInfo {
            names,
            cmdlines: [a.cmdline().to_string(), b.cmdline().to_string()],
            referee: referee_name,
            of_games: if args.first_game == 1 {
                format!("of {}", args.games)
            } else {
                format!("of games {} to {last_game}", args.first_game)
            },
            untimed,
            alternate: args.alternate,
        },
    ))
}

/// Play the match of `args`, writing a line per game and the summary to
/// `out` (and the summary to `--out`); the tally.
pub fn play_match(args: &MatchArgs, out: &mut dyn Write) -> Result<Tally, MatchError> {
    let settings = args.settings().map_err(MatchError::Args)?;
    if let Some(dir) = &args.sgf_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| MatchError::Args(format!("cannot create {}: {e}", dir.display())))?;
    }
    if let Some(dir) = &args.log_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| MatchError::Args(format!("cannot create {}: {e}", dir.display())))?;
    }
    let log = |label: &str| {
        args.log_dir
            .as_ref()
            .map(|d| d.join(format!("{label}.stderr")))
    };
    let contestant = |label: &str, line: &str| {
        Contestant::new(label, line, log(label))
            .map_err(|e| MatchError::Args(format!("engine {label}: {e}")))
    };
    let mut a = contestant("A", &args.black)?;
    let mut b = contestant("B", &args.white)?;
    let mut referee = match &args.referee {
        Some(line) => Some(contestant("referee", line)?),
        None => None,
    };

    let last_game = args.first_game.checked_add(args.games - 1).ok_or_else(|| {
        MatchError::Args("--first-game and --games go past game 4294967295".into())
    })?;
    let (header, info) =
        match_header(args, &settings, last_game, &mut a, &mut b, referee.as_mut())?;
    let untimed = info.untimed;
    out.write_all(header.as_bytes())?;
    out.flush()?;

    let mut tally = Tally::default();
    for g in args.first_game..=last_game {
        let a_black = !args.alternate || g % 2 == 1;
        let (black, white) = if a_black {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        // Per colour: the side (A 0, B 1) that plays it.
        let sides = if a_black { [0, 1] } else { [1, 0] };
        let date = utc_date(SystemTime::now());
        let (game_settings, kind) = if args.vary {
            varied(&settings, g)
        } else {
            (settings.clone(), None)
        };
        let ponder = kind == Some("ponder");
        if ponder {
            set_ponder(black, true);
            set_ponder(white, true);
        }
        let record = play_game(
            &game_settings,
            black,
            white,
            sides.map(|s| untimed[s]),
            referee.as_mut(),
        );
        if ponder {
            set_ponder(black, false);
            set_ponder(white, false);
        }
        let settings = &game_settings;
        let outcome = outcome(&record, sides, untimed);
        // Each engine's resident memory after the game (a process kept
        // through the match should not grow).
        let mut memory = match kind {
            Some("handicap") => format!("; handicap {}", settings.handicap),
            Some(k) => format!("; {k}"),
            None => String::new(),
        };
        for (s, e) in [&a, &b].into_iter().enumerate() {
            tally.starts[s] = e.starts();
            if let Some(kib) = e.resident_kib() {
                tally.memory[s].push(kib);
                let _ = write!(memory, "; {} {:.1} MiB", SIDES[s], kib as f64 / 1024.0);
            }
        }
        writeln!(
            out,
            "game {g}: {} (black) vs {} (white): {outcome}{memory}",
            SIDES[sides[0]], SIDES[sides[1]]
        )?;
        out.flush()?;
        tally.add(&record, if a_black { Color::Black } else { Color::White });
        if let Some(dir) = &args.sgf_dir {
            let names = sides.map(|side| info.names[side].clone());
            let comment = info.comment(settings, g, sides, &outcome);
            write_record(dir, g, &record, names, date, comment);
        }
        if let Some(t) = args.sprt() {
            let state = t.state(tally.total_wins(0), tally.total_wins(1), tally.draws);
            writeln!(out, "  {state}")?;
            if state.verdict != sprt::Verdict::Open {
                break;
            }
        }
    }
    for e in [Some(&mut a), Some(&mut b), referee.as_mut()]
        .into_iter()
        .flatten()
    {
        e.stop();
    }

    let report = tally.report(&format!("summary\n{header}"));
    out.write_all(report.as_bytes())?;
    out.flush()?;
    if let Some(path) = &args.out {
        crate::files::write_atomic(path, report.as_bytes())?;
    }
    Ok(tally)
}

/// Write game `g`'s record into `dir` as game-NNN.sgf, with the players'
/// `names` (black, white), the `date` and the game `comment`.
fn write_record(
    dir: &std::path::Path,
    g: u32,
    record: &GameRecord,
    names: [String; 2],
    date: String,
    comment: String,
) {
    let path = dir.join(format!("game-{g:03}.sgf"));
    let [black, white] = names;
    let record_info = crate::sgf::GameInfo {
        black_player: Some(black),
        white_player: Some(white),
        date: Some(date),
        comment: Some(comment),
    };
    let text = crate::sgf::write_with_info(&record.sgf(), &record_info);
    if let Err(e) = crate::files::write_atomic(&path, text.as_bytes()) {
        eprintln!("tianyuan match: cannot write {}: {e}", path.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(extra: &[&str]) -> Result<MatchArgs, String> {
        let words = ["--black", "a", "--white", "b"].iter().chain(extra);
        MatchArgs::parse_from(words)
    }

    #[test]
    fn the_game_comment_gives_settings_engines_and_result() {
        let a = args(&["--untimed", "B", "--size", "13", "--komi", "6.5"]).unwrap();
        let settings = a.settings().unwrap();
        let info = MatchInfo {
            names: ["tianyuan 0.1.0".into(), "Pachi 12.90".into()],
            cmdlines: [
                "tianyuan --threads 2".into(),
                "pachi --nodcnn threads=2".into(),
            ],
            referee: Some(("GNU Go 3.8".into(), "gnugo --mode gtp".into())),
            of_games: "of 10".into(),
            untimed: a.untimed_sides(),
            alternate: true,
        };
        let comment = info.comment(&settings, 2, [1, 0], "W+R (black resigned) 80 moves");
        assert_eq!(
            comment,
            "tianyuan match, game 2 of 10 (colours alternate)\n\
             Black: engine B, Pachi 12.90 [pachi --nodcnn threads=2]\n\
             White: engine A, tianyuan 0.1.0 [tianyuan --threads 2]\n\
             Board 13x13, komi 6.5, handicap 0, Chinese rules, at most 507 moves\n\
             Time: 0 s main time + 1 s per move (time_settings 0 1 1), 0.5 s grace; \
             untimed: engine B (a move over the time limit is counted, not a loss; one over 60 s is: hung)\n\
             Referee: GNU Go 3.8 [gnugo --mode gtp]\n\
             Result: W+R (black resigned) 80 moves"
        );
        let a = args(&["--time", "0", "--alternate", "false", "--handicap", "4"]).unwrap();
        let info = MatchInfo {
            referee: None,
            untimed: [false; 2],
            alternate: false,
            of_games: "of games 4 to 5".into(),
            ..info
        };
        let comment = info.comment(
            &a.settings().unwrap(),
            4,
            [0, 1],
            "B+3.5 (own B+3.5) 9 moves",
        );
        assert!(
            comment.starts_with(
                "tianyuan match, game 4 of games 4 to 5 (colours fixed)\nBlack: engine A, "
            ),
            "{comment}"
        );
        assert!(comment.contains("handicap 4,"), "{comment}");
        assert!(
            comment.contains(
                "\nTime: no time limit (time_settings 0 1 0), 0.5 s grace\nResult: B+3.5"
            ),
            "{comment}"
        );
    }

    #[test]
    fn untimed_engines_and_their_hang_limit() {
        let a = args(&[]).unwrap();
        assert_eq!(a.untimed_sides(), [false, false]);
        assert_eq!(a.settings().unwrap().hang_limit, 60.0);
        let a = args(&["--untimed", "B", "--time", "5"]).unwrap();
        assert_eq!(a.untimed_sides(), [false, true]);
        assert_eq!(a.settings().unwrap().hang_limit, 100.0);
        let a = args(&["--untimed", "A,b", "--hang-limit", "7.5"]).unwrap();
        assert_eq!(a.untimed_sides(), [true, true]);
        assert_eq!(a.settings().unwrap().hang_limit, 7.5);
        let a = args(&["--untimed", "A", "--untimed", "B"]).unwrap();
        assert_eq!(a.untimed_sides(), [true, true]);
        assert!(args(&["--untimed", "white"]).is_err());
        let no_engine = args(&["--hang-limit", "10"]).unwrap();
        assert!(no_engine.settings().is_err());
        let negative = args(&["--untimed", "A", "--hang-limit", "-1"]);
        assert!(negative.map_or(true, |a| a.settings().is_err()));
    }

    #[test]
    fn varied_games_come_in_four_kinds() {
        let s = args(&["--time", "0", "--size", "9"])
            .unwrap()
            .settings()
            .unwrap();
        let kinds: Vec<_> = (1..=8).map(|g| varied(&s, g).1).collect();
        assert_eq!(
            kinds,
            [None, Some("handicap"), Some("setup"), Some("ponder")].repeat(2)
        );
        assert_eq!(varied(&s, 2).0.handicap, 2);
        assert_eq!(varied(&s, 6).0.handicap, 3);
        assert_eq!(varied(&s, 10).0.handicap, 4);
        for g in [3, 7, 11, 15] {
            let (black, white) = varied(&s, g).0.setup;
            assert!((2..=4).contains(&black.len()) && black.len() == white.len());
            let stones: Vec<Point> = black.iter().chain(&white).copied().collect();
            let mut game = crate::board::Game::new(9, 7.5, Rules::chinese());
            game.setup(&black, &white, &[]).unwrap();
            for p in &stones {
                let (x, y) = p.xy(9);
                assert!((2..=6).contains(&x) && (2..=6).contains(&y), "{p:?}");
                assert_eq!(
                    game.board().liberty_count(*p),
                    4,
                    "no stone touches another"
                );
            }
            // The same game number gives the same position.
            assert_eq!(varied(&s, g).0.setup, (black, white));
        }
    }
}
