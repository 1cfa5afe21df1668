//! `tianyuan judge-set`: the end-of-game judgement measured on a set of
//! finished positions with reference dead lists (tests/judgement/, see
//! docs/JUDGEMENT.md). Each position is judged by tianyuan itself or, with
//! `--engine`, by any GTP engine (the position is replayed with `play`, so
//! engines without `loadsgf` such as Pachi work too), and compared with the
//! reference: the dead list exactly, the winner and the count (both counted
//! by tianyuan's area count with the two dead lists).

use super::contestant::{Contestant, REFEREE_TIMEOUT};
use crate::board::{Bitboard, Game, Point};
use crate::engine::Engine;
use crate::judge::{judge, JudgeParams};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The options of `tianyuan judge-set`.
#[derive(clap::Args, Clone, Debug)]
#[command(next_help_heading = "Judge-set options")]
pub struct JudgeSetArgs {
    /// The reference file of the set (tests/judgement/reference.txt).
    pub reference: PathBuf,
    /// Command line of a GTP engine to measure instead of tianyuan itself.
    #[arg(long)]
    pub engine: Option<String>,
    /// Only the positions whose file name contains this.
    #[arg(long)]
    pub only: Option<String>,
    /// Print each engine's dead list as a reference line (to build a set).
    #[arg(long)]
    pub lists: bool,
    /// tianyuan's judgement: heavy playouts.
    #[arg(long, default_value_t = crate::judge::JUDGE_PLAYOUTS)]
    pub judge_playouts: u32,
    /// tianyuan's judgement: simulations of the search over unsure strings (0: none).
    #[arg(long, default_value_t = crate::judge::JUDGE_SEARCH)]
    pub judge_search: u64,
    /// tianyuan's judgement: the playouts' ownership below which a string is unsure.
    #[arg(long, default_value_t = JudgeParams::new(1).unsure)]
    pub judge_unsure: f32,
    /// tianyuan's judgement without unconditional life (Benson).
    #[arg(long)]
    pub no_benson: bool,
    /// tianyuan's judgement without the seki check.
    #[arg(long)]
    pub no_seki: bool,
    /// tianyuan's judgement: nodes of each life-and-death reading of an enclosed unsure string (0: none).
    #[arg(long, default_value_t = crate::judge::JUDGE_LIFE)]
    pub judge_life: u64,
}

impl JudgeSetArgs {
    /// The judgement these options ask for, on `threads` threads.
    fn params(&self, threads: usize) -> JudgeParams {
        JudgeParams {
            playouts: self.judge_playouts,
            search: self.judge_search,
            unsure: self.judge_unsure,
            benson: !self.no_benson,
            seki: !self.no_seki,
            life: self.judge_life,
            ..JudgeParams::new(threads)
        }
    }
}

/// One position of the set.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The SGF file, as written in the reference file (relative to it).
    pub name: String,
    pub path: PathBuf,
    /// The reference dead stones, as GTP vertices.
    pub dead: Vec<String>,
}

/// Read a reference file: one position a line, `FILE: VERTEX ...` (or
/// `FILE: -` when nothing is dead); `#` starts a comment.
pub fn read_reference(path: &Path) -> Result<Vec<Entry>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (name, dead) = line
            .split_once(':')
            .ok_or_else(|| format!("{}:{}: no ':'", path.display(), i + 1))?;
        let dead: Vec<String> = dead
            .split_whitespace()
            .filter(|w| *w != "-")
            .map(|w| w.to_ascii_uppercase())
            .collect();
        entries.push(Entry {
            name: name.trim().to_string(),
            path: dir.join(name.trim()),
            dead,
        });
    }
    Ok(entries)
}

/// Load a position of the set as a game.
pub fn load(path: &Path) -> Result<Game, String> {
    Engine::from_sgf_file(path).map(Engine::into_game)
}

/// Parse a list of vertices on a board of side `size`.
pub fn parse_points(words: &[String], size: usize) -> Result<Bitboard, String> {
    words
        .iter()
        .map(|w| Point::parse(w, size).ok_or_else(|| format!("bad vertex {w:?}")))
        .collect()
}

/// Who judges: tianyuan in this process, or a GTP engine.
pub enum Judge {
    Own(JudgeParams),
    Gtp(Box<Contestant>),
}

impl Judge {
    /// The dead stones of `game`, and the seconds the judgement took (for
    /// a GTP engine, its `final_status_list dead` alone).
    fn dead(&mut self, game: &Game) -> Result<(Bitboard, f64), String> {
        let start = Instant::now();
        match self {
            Judge::Own(params) => Ok((judge(game, *params).dead, start.elapsed().as_secs_f64())),
            Judge::Gtp(engine) => {
                let size = game.size();
                let mut send = |cmd: &str| {
                    engine
                        .send(cmd, Some(REFEREE_TIMEOUT))
                        .map_err(|f| format!("{cmd}: {}", engine.failure_text(&f)))
                };
                send(&format!("boardsize {size}"))?;
                send("clear_board")?;
                send(&format!("komi {}", game.komi()))?;
                // Handicap stones placed before play (an SGF's HA and AB)
                // are neither setup stones nor moves.
                let handicap = game.handicap_stones();
                if game.handicap_moves() == 0 && !handicap.is_empty() {
                    let v: Vec<String> = handicap.iter().map(|p| p.to_gtp(size)).collect();
                    send(&format!("set_free_handicap {}", v.join(" ")))?;
                }
                for (stones, c) in [(game.setup_stones().0, "b"), (game.setup_stones().1, "w")] {
                    for p in stones {
                        send(&format!("play {c} {}", p.to_gtp(size)))?;
                    }
                }
                for (c, mv) in game.moves() {
                    let letter = c.letter().to_ascii_lowercase();
                    send(&format!("play {letter} {}", mv.to_gtp(size)))?;
                }
                let start = Instant::now();
                let answer = send("final_status_list dead")?;
                let seconds = start.elapsed().as_secs_f64();
                let words: Vec<String> = answer.split_whitespace().map(String::from).collect();
                Ok((parse_points(&words, size)?, seconds))
            }
        }
    }
}

/// Vertices of a set of points, in board order.
fn names(points: Bitboard, size: usize) -> String {
    let v: Vec<String> = points.iter().map(|p| p.to_gtp(size)).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

/// The tally of a run over the set, per board size and in all.
#[derive(Default, Clone, Copy)]
struct Tally {
    positions: u32,
    equal: u32,
    winner: u32,
    within_one: u32,
    seconds: f64,
    max_seconds: f64,
}

impl Tally {
    fn add(&mut self, equal: bool, winner: bool, within_one: bool, seconds: f64) {
        self.positions += 1;
        self.equal += u32::from(equal);
        self.winner += u32::from(winner);
        self.within_one += u32::from(within_one);
        self.seconds += seconds;
        self.max_seconds = self.max_seconds.max(seconds);
    }

    fn line(&self, what: &str) -> String {
        let pct = |n: u32| 100.0 * f64::from(n) / f64::from(self.positions.max(1));
        format!(
            "{what}: positions {}, dead list equal {} ({:.1}%), same winner {} ({:.1}%), \
             count within 1 point {} ({:.1}%), seconds mean {:.2} max {:.2}",
            self.positions,
            self.equal,
            pct(self.equal),
            self.winner,
            pct(self.winner),
            self.within_one,
            pct(self.within_one),
            self.seconds / f64::from(self.positions.max(1)),
            self.max_seconds
        )
    }
}

/// The outcome of a run.
pub struct Outcome {
    pub positions: u32,
    pub equal: u32,
    pub same_winner: u32,
    pub within_one: u32,
    /// The report: a line per position, then the tallies.
    pub report: String,
}

/// Judge every entry with `judge` and compare with the reference.
pub fn check(entries: &[Entry], judge: &mut Judge, lists: bool) -> Result<Outcome, String> {
    let mut report = String::new();
    let mut by_size: Vec<(usize, Tally)> = Vec::new();
    let mut all = Tally::default();
    for e in entries {
        let game = load(&e.path)?;
        let size = game.size();
        let reference = parse_points(&e.dead, size).map_err(|m| format!("{}: {m}", e.name))?;
        let (dead, seconds) = judge.dead(&game).map_err(|m| format!("{}: {m}", e.name))?;
        let (_, ours) = game.score(dead, Bitboard::EMPTY);
        let (_, theirs) = game.score(reference, Bitboard::EMPTY);
        let equal = dead == reference;
        let winner = ours.winner() == theirs.winner();
        let within_one = (ours.0 - theirs.0).abs() <= 1.0;
        if lists {
            let _ = writeln!(report, "{}: {}", e.name, names(dead, size));
        } else {
            let mut line = format!(
                "{} {} {ours} (reference {theirs}) {seconds:.2} s",
                if equal { "ok  " } else { "MISS" },
                e.name
            );
            if !equal {
                let _ = write!(
                    line,
                    "; dead but alive by the reference: {}; alive but dead by the reference: {}",
                    names(dead - reference, size),
                    names(reference - dead, size)
                );
            }
            let _ = writeln!(report, "{line}");
        }
        all.add(equal, winner, within_one, seconds);
        match by_size.iter_mut().find(|(s, _)| *s == size) {
            Some((_, t)) => t.add(equal, winner, within_one, seconds),
            None => {
                let mut t = Tally::default();
                t.add(equal, winner, within_one, seconds);
                by_size.push((size, t));
            }
        }
    }
    by_size.sort_by_key(|(s, _)| *s);
    for (s, t) in &by_size {
        let _ = writeln!(report, "{}", t.line(&format!("{s}x{s}")));
    }
    let _ = writeln!(report, "{}", all.line("all"));
    Ok(Outcome {
        positions: all.positions,
        equal: all.equal,
        same_winner: all.winner,
        within_one: all.within_one,
        report,
    })
}

/// Run `tianyuan judge-set`: print the report; the exit code is 0 unless
/// the set cannot be read or the engine fails.
pub fn run(args: &JudgeSetArgs, threads: usize) -> i32 {
    let result = read_reference(&args.reference).and_then(|mut entries| {
        if let Some(only) = &args.only {
            entries.retain(|e| e.name.contains(only.as_str()));
        }
        let mut judge = match &args.engine {
            Some(cmd) => Judge::Gtp(Box::new(Contestant::new("engine", cmd, None)?)),
            None => Judge::Own(args.params(threads)),
        };
        check(&entries, &mut judge, args.lists)
    });
    match result {
        Ok(outcome) => {
            print!("{}", outcome.report);
            0
        }
        Err(e) => {
            eprintln!("tianyuan judge-set: {e}");
            2
        }
    }
}
