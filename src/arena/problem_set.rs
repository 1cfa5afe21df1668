//! `tianyuan problem-set`: an engine measured on a set of life-and-death
//! problems (tests/problems/, see its README and docs/PROBLEMS.md). Each
//! problem is framed ([`super::frame`]) on a whole board, given to the
//! engine, and the engine's `genmove` for the side to move is counted as
//! solved when it is one of the first moves the collection accepts.
//!
//! The engine is tianyuan in this process, or any GTP engine with
//! `--engine`: the framed position is given with `gogui-setup` when the
//! engine knows it, else `loadsgf` of a temporary file, else (Pachi) as
//! `play` commands, the frame's stones first and the problem's last.

use super::contestant::{Contestant, COMMAND_TIMEOUT};
use super::frame::{frame, Area, Framed};
use crate::board::{Color, Game, Move, Point, Rules};
use crate::engine::Engine;
use crate::player::{Answer, GenMode, Options};
use crate::tactics::life::{survey, Fate, LifeCache};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The board side of every problem.
pub const SIZE: usize = 19;

/// The options of `tianyuan problem-set`.
#[derive(clap::Args, Clone, Debug)]
#[command(next_help_heading = "Problem-set options")]
pub struct ProblemSetArgs {
    /// The problem file (tests/problems/ggg.txt), or a folder whose .txt files are read.
    pub set: PathBuf,
    /// Command line of a GTP engine to measure instead of tianyuan itself (its own
    /// options set its strength: --playouts and --threads are tianyuan's).
    #[arg(long)]
    pub engine: Option<String>,
    /// Only the problems of this level (1 easy, 2 intermediate, 3 hard).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub level: Option<u8>,
    /// Only one part of the set: dev (the development part) or held-out.
    #[arg(long, value_parser = ["dev", "held-out"])]
    pub part: Option<String>,
    /// Only the problems whose name contains this.
    #[arg(long)]
    pub only: Option<String>,
    /// How the framed position is given to an --engine: auto (gogui-setup, else
    /// loadsgf, else play), gogui-setup, loadsgf or play.
    #[arg(long, default_value = "auto", value_parser = ["auto", "gogui-setup", "loadsgf", "play"])]
    pub setup: String,
    /// Write each framed problem as DIR/ID.sgf (to look at the frames).
    #[arg(long, value_name = "DIR")]
    pub sgf_dir: Option<PathBuf>,
    /// Measure the life-and-death solver alone instead of the player: it
    /// answers the urgent move of the largest group whose fate turns on who
    /// plays first, read with this many nodes a reading, or passes.
    #[arg(long, value_name = "NODES", conflicts_with = "engine")]
    pub solver: Option<u64>,
    /// Ask nothing: print the set's file again with each problem's komi set by
    /// tianyuan's judgement of the end of its first correct line (to build the set).
    #[arg(long)]
    pub calibrate: bool,
}

/// Live, kill or ko: what the side to move achieves by the accepted moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Live,
    Kill,
    Ko,
}

impl Kind {
    fn parse(s: &str) -> Option<Kind> {
        match s {
            "live" => Some(Kind::Live),
            "kill" => Some(Kind::Kill),
            "ko" => Some(Kind::Ko),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Live => "live",
            Kind::Kill => "kill",
            Kind::Ko => "ko",
        }
    }
}

/// One problem of the set, as its line gives it (the unframed position).
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub id: String,
    /// 1 (easy) to 3 (hard).
    pub level: u8,
    pub to_move: Color,
    pub kind: Kind,
    pub area: Area,
    /// In the held-out part, which tuning does not look at.
    pub held_out: bool,
    /// The first moves of the collection's correct lines.
    pub accepted: Vec<Point>,
    /// The collection's first correct line, from the side to move on
    /// (`None` a pass), when the line gives it.
    pub line: Vec<Option<Point>>,
    /// The framed problem's komi, when the line gives it (`--calibrate`).
    pub komi: Option<f64>,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
}

impl Problem {
    /// The points the frame's region must hold beside the stones: the
    /// moves of the first correct line.
    pub fn extent(&self) -> Vec<Point> {
        self.line.iter().flatten().copied().collect()
    }
}

fn vertices(s: &str) -> Result<Vec<Point>, String> {
    if s.is_empty() {
        return Ok(Vec::new());
    }
    s.split(',')
        .map(|v| Point::parse(v, SIZE).ok_or_else(|| format!("bad vertex {v:?}")))
        .collect()
}

/// Parse one problem line: `ID key=value ...` with the keys level, play,
/// kind, area, part, accept, black, white.
pub fn parse_line(line: &str) -> Result<Problem, String> {
    let mut words = line.split_whitespace();
    let id = words.next().ok_or("an empty line")?.to_string();
    let mut fields = BTreeMap::new();
    for w in words {
        let (k, v) = w
            .split_once('=')
            .ok_or_else(|| format!("{id}: {w:?} is not KEY=VALUE"))?;
        if fields.insert(k, v).is_some() {
            return Err(format!("{id}: {k} given twice"));
        }
    }
    let get = |k: &str| {
        fields
            .get(k)
            .copied()
            .ok_or_else(|| format!("{id}: no {k}="))
    };
    let bad = |k: &str| format!("{id}: bad {k}={}", fields.get(k).unwrap_or(&""));
    let level = get("level")?
        .parse::<u8>()
        .ok()
        .filter(|l| (1..=3).contains(l))
        .ok_or_else(|| bad("level"))?;
    let to_move = match get("play")? {
        "B" => Color::Black,
        "W" => Color::White,
        _ => return Err(bad("play")),
    };
    let kind = Kind::parse(get("kind")?).ok_or_else(|| bad("kind"))?;
    let area = match get("area")? {
        "corner" => Area::Corner,
        "side" => Area::Side,
        "centre" => Area::Centre,
        _ => return Err(bad("area")),
    };
    let held_out = match get("part")? {
        "dev" => false,
        "held-out" => true,
        _ => return Err(bad("part")),
    };
    let in_id = |m: String| format!("{id}: {m}");
    let accepted = vertices(get("accept")?).map_err(in_id)?;
    let line = match fields.get("line") {
        None | Some(&"") => Vec::new(),
        Some(text) => text
            .split(',')
            .map(|v| match v {
                "pass" => Ok(None),
                _ => Point::parse(v, SIZE)
                    .map(Some)
                    .ok_or_else(|| format!("{id}: bad vertex {v:?} in line=")),
            })
            .collect::<Result<_, _>>()?,
    };
    let komi = match fields.get("komi") {
        None => None,
        Some(k) => Some(
            k.parse::<f64>()
                .ok()
                .filter(|k| k.is_finite() && k.abs() <= 1000.0)
                .ok_or_else(|| bad("komi"))?,
        ),
    };
    let black = vertices(get("black")?).map_err(in_id)?;
    let white = vertices(get("white")?).map_err(in_id)?;
    if accepted.is_empty() {
        return Err(format!("{id}: no accepted move"));
    }
    let mut seen = crate::board::Bitboard::EMPTY;
    for &p in black.iter().chain(&white) {
        if seen.contains(p) {
            return Err(format!("{id}: two stones on {}", p.to_gtp(SIZE)));
        }
        seen.insert(p);
    }
    if accepted.iter().any(|&p| seen.contains(p)) {
        return Err(format!("{id}: an accepted move on a stone"));
    }
    Ok(Problem {
        id,
        level,
        to_move,
        kind,
        area,
        held_out,
        accepted,
        line,
        komi,
        black,
        white,
    })
}

/// The komi of the framed problem `f` checked against the collection's
/// first correct line: the line is played on the frame and its last
/// position judged by tianyuan (its dead stones, its playouts' ownership of
/// the empty points; one thread, so the same every time). When the side to
/// move wins there by at least [`super::frame::ENCLOSER_WINS_BY`] points
/// with the frame's komi, that komi stays; when not (the encloser cannot own
/// the whole region even by solving the problem: supporting stones of the
/// defender outside its group, a diagram spanning a side), the komi that
/// makes the side to move win there by that much.
pub fn calibrated_komi(p: &Problem, f: &Framed) -> Result<f64, String> {
    use crate::judge::{judge, JudgeParams};
    let mut game = crate::board::Game::new(SIZE, 0.0, Rules::chinese());
    game.setup(&f.black, &f.white, &[])?;
    game.set_to_move(p.to_move);
    let mut c = p.to_move;
    for (i, mv) in p.line.iter().enumerate() {
        let mv = mv.map_or(Move::Pass, Move::Play);
        game.play(c, mv)
            .map_err(|e| format!("move {} of the line, {}: {e:?}", i + 1, mv.to_gtp(SIZE)))?;
        c = !c;
    }
    let j = judge(&game, JudgeParams::new(1));
    let board = game.board();
    // Black's area minus White's at the end of the line.
    let mut diff = 0i32;
    for q in board.on_board().iter() {
        let owner = match board.color_at(q) {
            Some(s) if j.dead.contains(q) => Some(!s),
            Some(s) => Some(s),
            None => {
                let o = j.ownership[q.index()];
                (o != 0.0).then_some(if o > 0.0 { Color::Black } else { Color::White })
            }
        };
        diff += match owner {
            Some(Color::Black) => 1,
            Some(Color::White) => -1,
            None => 0,
        };
    }
    let diff = f64::from(diff);
    let need = super::frame::ENCLOSER_WINS_BY;
    let lead = match p.to_move {
        Color::Black => diff - f.komi,
        Color::White => f.komi - diff,
    };
    Ok(if lead >= need {
        f.komi
    } else {
        match p.to_move {
            Color::Black => diff - need,
            Color::White => diff + need,
        }
    })
}

/// `--calibrate`: the set's text again, each problem line with the komi of
/// [`calibrated_komi`] (`komi=`, replacing any).
pub fn calibrate(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut out = String::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            let _ = writeln!(out, "{raw}");
            continue;
        }
        let at = |e: String| format!("{}:{}: {e}", path.display(), i + 1);
        let p = parse_line(line).map_err(at)?;
        let f = frame(SIZE, &p.black, &p.white, &p.extent()).map_err(at)?;
        let komi = calibrated_komi(&p, &f).map_err(|e| at(format!("{}: {e}", p.id)))?;
        let kept: Vec<&str> = line
            .split_whitespace()
            .filter(|w| !w.starts_with("komi="))
            .collect();
        let _ = writeln!(out, "{} komi={komi}", kept.join(" "));
    }
    Ok(out)
}

/// Read the problems of a file, or of every `.txt` file of a folder (in
/// name order); `#` starts a comment.
pub fn read_set(path: &Path) -> Result<Vec<Problem>, String> {
    let files = if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        files.sort();
        files
    } else {
        vec![path.to_path_buf()]
    };
    let mut problems = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let p = parse_line(line).map_err(|e| format!("{}:{}: {e}", file.display(), i + 1))?;
            problems.push(p);
        }
    }
    Ok(problems)
}

/// The framed position as an SGF record (setup stones, komi, side to move).
pub fn framed_sgf(p: &Problem, f: &Framed) -> String {
    let coord = |q: &Point| q.xy(SIZE);
    let record = crate::sgf::SgfGame {
        size: SIZE,
        komi: Some(f.komi),
        handicap: None,
        rules: Some("Chinese".into()),
        result: None,
        nodes: vec![crate::sgf::SgfNode {
            add_black: f.black.iter().map(coord).collect(),
            add_white: f.white.iter().map(coord).collect(),
            player: Some(p.to_move),
            ..crate::sgf::SgfNode::default()
        }],
    };
    crate::sgf::write(&record)
}

/// Who answers: tianyuan in this process, or a GTP engine.
pub enum Solver {
    Own(Options),
    /// The life-and-death survey alone, with this many nodes a reading.
    Reader(u64),
    Gtp {
        engine: Box<Contestant>,
        /// "gogui-setup", "loadsgf" or "play" once known.
        setup: String,
        /// Seconds a move to send as `time_settings`, if any.
        time: Option<f64>,
    },
}

impl Solver {
    /// The engine's move for the side to move of the framed problem `p`.
    fn answer(&mut self, p: &Problem, f: &Framed) -> Result<Answer, String> {
        match self {
            Solver::Own(options) => {
                let mut engine = Engine::new(SIZE, f.komi, Rules::chinese(), options.clone());
                engine.setup(&f.black, &f.white)?;
                engine.set_setup_player(p.to_move)?;
                Ok(engine.genmove(p.to_move, GenMode::Regression))
            }
            Solver::Reader(nodes) => {
                let mut game = Game::new(SIZE, f.komi, Rules::chinese());
                game.setup(&f.black, &f.white, &[])?;
                let found = survey(game.board(), p.to_move, *nodes, None, &mut LifeCache::new());
                let urgent = found
                    .iter()
                    .filter_map(|g| match g.fate {
                        Fate::Urgent { mv, .. } => Some((g.stones.count(), mv)),
                        _ => None,
                    })
                    .max_by_key(|&(n, _)| n);
                Ok(Answer::Move(
                    urgent.map_or(Move::Pass, |(_, mv)| Move::Play(mv)),
                ))
            }
            Solver::Gtp {
                engine,
                setup,
                time,
            } => {
                let mut send = |cmd: &str, timeout: Duration| {
                    engine
                        .send(cmd, Some(timeout))
                        .map_err(|f| format!("{cmd}: {}", engine.failure_text(&f)))
                };
                send(&format!("boardsize {SIZE}"), COMMAND_TIMEOUT)?;
                send("clear_board", COMMAND_TIMEOUT)?;
                if setup == "auto" {
                    *setup = "play".into();
                    for method in ["gogui-setup", "loadsgf"] {
                        let known = send(&format!("known_command {method}"), COMMAND_TIMEOUT)?;
                        if known.trim() == "true" {
                            *setup = method.into();
                            break;
                        }
                    }
                }
                give_position(&mut send, setup, p, f)?;
                send(&format!("komi {}", f.komi), COMMAND_TIMEOUT)?;
                if let Some(t) = time {
                    send(&format!("time_settings 0 {t} 1"), COMMAND_TIMEOUT)?;
                }
                let limit = Duration::from_secs_f64(time.map_or(600.0, |t| (20.0 * t).max(60.0)));
                let c = p.to_move.letter().to_ascii_lowercase();
                let answer = send(&format!("genmove {c}"), limit)?;
                let word = answer.trim();
                if word.eq_ignore_ascii_case("resign") {
                    return Ok(Answer::Resign);
                }
                Move::parse(word, SIZE)
                    .map(Answer::Move)
                    .ok_or_else(|| format!("genmove {c}: not a move: {word:?}"))
            }
        }
    }
}

/// Give the framed position to an engine by `method`.
fn give_position(
    send: &mut dyn FnMut(&str, Duration) -> Result<String, String>,
    method: &str,
    p: &Problem,
    f: &Framed,
) -> Result<(), String> {
    match method {
        "gogui-setup" => {
            let mut cmd = String::from("gogui-setup");
            for (c, stones) in [("b", &f.black), ("w", &f.white)] {
                for q in stones {
                    let _ = write!(cmd, " {c} {}", q.to_gtp(SIZE));
                }
            }
            send(&cmd, COMMAND_TIMEOUT)?;
        }
        "loadsgf" => {
            let path = std::env::temp_dir().join(format!(
                "tianyuan-problem-{}-{}.sgf",
                std::process::id(),
                p.id
            ));
            crate::files::write_atomic(&path, framed_sgf(p, f).as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            let loaded = send(&format!("loadsgf {}", path.display()), COMMAND_TIMEOUT);
            let _ = std::fs::remove_file(&path);
            loaded?;
        }
        _ => {
            // The frame's stones, then the problem's: the side to move's
            // first, so that the last move is the opponent's, in the problem.
            let (nb, nw) = (p.black.len(), p.white.len());
            let mut order: Vec<(char, &Point)> = f.black[nb..]
                .iter()
                .map(|q| ('b', q))
                .chain(f.white[nw..].iter().map(|q| ('w', q)))
                .collect();
            let problem = [('b', &p.black), ('w', &p.white)];
            let (mine, theirs) = match p.to_move {
                Color::Black => (problem[0], problem[1]),
                Color::White => (problem[1], problem[0]),
            };
            for (c, stones) in [mine, theirs] {
                order.extend(stones.iter().map(|q| (c, q)));
            }
            for (c, q) in order {
                send(&format!("play {c} {}", q.to_gtp(SIZE)), COMMAND_TIMEOUT)?;
            }
        }
    }
    Ok(())
}

/// Solved out of tried, for one line of the summary.
#[derive(Clone, Copy, Default)]
struct Tally {
    tried: u32,
    solved: u32,
}

impl Tally {
    fn add(&mut self, solved: bool) {
        self.tried += 1;
        self.solved += u32::from(solved);
    }

    fn text(self) -> String {
        let pct = 100.0 * f64::from(self.solved) / f64::from(self.tried.max(1));
        format!("{:>3} of {:>3} ({pct:5.1}%)", self.solved, self.tried)
    }
}

/// The outcome of a run.
pub struct Outcome {
    pub tried: u32,
    pub solved: u32,
    /// A line per problem, then the summary.
    pub report: String,
}

/// Ask `solver` every problem of `problems`; `sgf_dir` receives the frames.
/// Each problem's line also goes to `live` as soon as it is known.
pub fn check(
    problems: &[Problem],
    solver: &mut Solver,
    sgf_dir: Option<&Path>,
    live: &mut dyn std::io::Write,
) -> Result<Outcome, String> {
    let mut report = String::new();
    // Per part (all, dev, held-out): tallies by group name.
    let parts = ["all", "dev", "held-out"];
    let mut tallies: Vec<BTreeMap<String, Tally>> = vec![BTreeMap::new(); parts.len()];
    let mut seconds = 0.0;
    for p in problems {
        let mut f =
            frame(SIZE, &p.black, &p.white, &p.extent()).map_err(|e| format!("{}: {e}", p.id))?;
        if let Some(k) = p.komi {
            f.komi = k;
        }
        if let Some(dir) = sgf_dir {
            let path = dir.join(format!("{}.sgf", p.id));
            crate::files::write_atomic(&path, framed_sgf(p, &f).as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        let start = Instant::now();
        let answer = solver.answer(p, &f).map_err(|e| format!("{}: {e}", p.id))?;
        let took = start.elapsed().as_secs_f64();
        seconds += took;
        let (solved, said) = match answer {
            Answer::Move(Move::Play(q)) => (p.accepted.contains(&q), q.to_gtp(SIZE)),
            Answer::Move(Move::Pass) => (false, "pass".into()),
            Answer::Resign => (false, "resign".into()),
        };
        let accepted: Vec<String> = p.accepted.iter().map(|q| q.to_gtp(SIZE)).collect();
        let line = format!(
            "{} {:<22} level {} {:<4} {:<6} {:<8} {} {:<6} accepts {} {took:.2} s\n",
            if solved { "ok  " } else { "MISS" },
            p.id,
            p.level,
            p.kind.name(),
            p.area.name(),
            if p.held_out { "held-out" } else { "dev" },
            p.to_move.letter(),
            said,
            accepted.join(",")
        );
        report.push_str(&line);
        let _ = live.write_all(line.as_bytes());
        let _ = live.flush();
        let groups = [
            "all".to_string(),
            format!("level {}", p.level),
            format!("kind {}", p.kind.name()),
            format!("area {}", p.area.name()),
            if super::frame::enclosed(SIZE, &p.black, &p.white) {
                "enclosed".to_string()
            } else {
                "open".to_string()
            },
        ];
        let part = if p.held_out { 2 } else { 1 };
        for t in [0, part] {
            for g in &groups {
                tallies[t].entry(g.clone()).or_default().add(solved);
            }
        }
    }
    let summary_start = report.len();
    let _ = writeln!(report, "summary: solved of tried, all / dev / held-out");
    let mut names: Vec<&String> = tallies[0].keys().collect();
    let rank = |n: &str| {
        ["all", "level", "kind", "area", "enclosed", "open"]
            .iter()
            .position(|k| n.starts_with(k))
            .unwrap_or(9)
    };
    names.sort_by_key(|n| (rank(n), *n));
    for name in names {
        let cells: Vec<String> = tallies
            .iter()
            .map(|t| t.get(name).map_or_else(|| "-".to_string(), |t| t.text()))
            .collect();
        let _ = writeln!(report, "{name:<12} {}", cells.join("  "));
    }
    let all = tallies[0].get("all").copied().unwrap_or_default();
    let _ = writeln!(
        report,
        "seconds: {seconds:.1} in all, {:.2} a problem",
        seconds / f64::from(all.tried.max(1))
    );
    let _ = live.write_all(&report.as_bytes()[summary_start..]);
    let _ = live.flush();
    Ok(Outcome {
        tried: all.tried,
        solved: all.solved,
        report,
    })
}

/// Run `tianyuan problem-set` with tianyuan's `options` (used without
/// `--engine`; with it, `time` seconds a move, if given, go to the engine
/// as `time_settings`): print the report as it goes; the exit code is 0 unless the set
/// cannot be read or the engine fails.
pub fn run(args: &ProblemSetArgs, options: Options, time: Option<f64>) -> i32 {
    if args.calibrate {
        return match calibrate(&args.set) {
            Ok(text) => {
                print!("{text}");
                0
            }
            Err(e) => {
                eprintln!("tianyuan problem-set: {e}");
                2
            }
        };
    }
    let result = read_set(&args.set).and_then(|mut problems| {
        problems.retain(|p| {
            args.level.is_none_or(|l| p.level == l)
                && args.only.as_ref().is_none_or(|o| p.id.contains(o.as_str()))
                && args
                    .part
                    .as_ref()
                    .is_none_or(|part| (part == "held-out") == p.held_out)
        });
        if let Some(dir) = &args.sgf_dir {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let mut solver = match (&args.engine, args.solver) {
            (Some(cmd), _) => Solver::Gtp {
                engine: Box::new(Contestant::new("engine", cmd, None)?),
                setup: args.setup.clone(),
                time,
            },
            (None, Some(nodes)) => Solver::Reader(nodes),
            (None, None) => Solver::Own(options),
        };
        let mut stdout = std::io::stdout();
        let outcome = check(&problems, &mut solver, args.sgf_dir.as_deref(), &mut stdout);
        if let Solver::Gtp { engine, .. } = &mut solver {
            engine.stop();
        }
        outcome
    });
    match result {
        Ok(_) => 0,
        Err(e) => {
            eprintln!("tianyuan problem-set: {e}");
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "ggg-easy-01 level=1 play=B kind=kill area=corner part=dev accept=S1 \
        black=R1,O2,N3,P3,P4,Q4,R4,S4,T4 white=P1,P2,R2,T2,Q3,R3,T3";

    #[test]
    fn a_problem_line_parses() {
        let p = parse_line(LINE).unwrap();
        assert_eq!(p.id, "ggg-easy-01");
        assert_eq!(
            (p.level, p.to_move, p.kind, p.area),
            (1, Color::Black, Kind::Kill, Area::Corner)
        );
        assert!(!p.held_out);
        assert_eq!(p.accepted, vec![Point::parse("S1", SIZE).unwrap()]);
        assert_eq!((p.black.len(), p.white.len()), (9, 7));
    }

    /// The komi the set stores is the one `--calibrate` finds: the frame's
    /// where the first correct line wins with it (easy 1), else the one that
    /// makes the line win by 2.5 (easy 53, a diagram along a whole side).
    #[test]
    fn the_stored_komi_is_the_calibrated_one() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/problems/ggg.txt");
        let problems = read_set(&path).unwrap();
        for id in ["ggg-easy-01", "ggg-easy-53"] {
            let p = problems.iter().find(|p| p.id == id).unwrap();
            let f = frame(SIZE, &p.black, &p.white, &p.extent()).unwrap();
            assert_eq!(Some(calibrated_komi(p, &f).unwrap()), p.komi, "{id}");
            assert_eq!(p.komi == Some(f.komi), id == "ggg-easy-01", "{id}");
        }
    }

    #[test]
    fn bad_lines_are_refused() {
        for (from, to) in [
            ("level=1", "level=4"),
            ("play=B", "play=X"),
            ("kind=kill", "kind=semeai"),
            ("area=corner", "area=edge"),
            ("part=dev", "part=test"),
            ("accept=S1", "accept="),
            ("accept=S1", "accept=R1"),
            ("accept=S1", "accept=Z1"),
            ("white=P1", "white=R1"),
            (" part=dev", ""),
            ("level=1", "level=1 level=2"),
            ("accept=S1", "accept=S1 line=S1,Z9"),
            ("accept=S1", "accept=S1 komi=x"),
        ] {
            let line = LINE.replacen(from, to, 1);
            assert!(parse_line(&line).is_err(), "{line}");
        }
    }

    /// The shipped set: at least 300 problems, 3 levels, every accepted move
    /// on an empty point of the framed problem's region, and each problem's
    /// kind agrees with the frame's encloser where it is live or kill.
    #[test]
    fn the_shipped_set_frames() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/problems/ggg.txt");
        let problems = read_set(&path).unwrap();
        assert!(problems.len() >= 300, "{}", problems.len());
        for level in 1..=3 {
            assert!(problems.iter().filter(|p| p.level == level).count() >= 100);
        }
        let held_out = problems.iter().filter(|p| p.held_out).count();
        assert_eq!(held_out, problems.len() / 4);
        let mut disagree = 0;
        for p in &problems {
            let f = frame(SIZE, &p.black, &p.white, &p.extent()).unwrap();
            let mut game = crate::board::Game::new(SIZE, f.komi, Rules::chinese());
            game.setup(&f.black, &f.white, &[]).unwrap();
            let alive = crate::tactics::benson::certain(game.board()).alive;
            let frame_stones = f.black[p.black.len()..]
                .iter()
                .chain(&f.white[p.white.len()..]);
            for q in frame_stones {
                assert!(
                    alive.contains(*q),
                    "{}: the frame's {}",
                    p.id,
                    q.to_gtp(SIZE)
                );
            }
            for &q in &p.accepted {
                assert!(f.in_region(q, SIZE), "{}: {}", p.id, q.to_gtp(SIZE));
                assert!(
                    game.check_legal(p.to_move, q).is_ok(),
                    "{}: {}",
                    p.id,
                    q.to_gtp(SIZE)
                );
            }
            assert_eq!(
                super::super::frame::area(SIZE, &p.black, &p.white),
                p.area,
                "{}",
                p.id
            );
            let kill = f.encloser == p.to_move;
            if (p.kind == Kind::Kill && !kill) || (p.kind == Kind::Live && kill) {
                disagree += 1;
            }
        }
        // The kinds the collection's comments gave may differ from the
        // frame's rule (tests/problems/README.md).
        assert!(disagree <= 20, "{disagree}");
        eprintln!("kinds against the frame's rule: {disagree} differ");
    }
}
