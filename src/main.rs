//! The command line: `tianyuan` (GTP on stdin/stdout), `tianyuan bench`,
//! `tianyuan match`, `tianyuan score`, `tianyuan judge-set`,
//! `tianyuan problem-set`, `tianyuan train-patterns`.

use clap::{Args, Parser, Subcommand};
use tianyuan::bench;
use tianyuan::board::{KoRule, Rules, Ruleset, MAX_SIZE, MIN_SIZE};
use tianyuan::engine::{Engine, DEFAULT_SIZE};
use tianyuan::player::{Options, Rank};

#[derive(Parser)]
#[command(
    name = "tianyuan",
    version,
    about = "A classical Go engine speaking GTP"
)]
struct Cli {
    #[command(flatten)]
    engine: EngineArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

/// `--threads`: 1 to [`tianyuan::engine::MAX_THREADS`], as GTP's
/// `tianyuan-param threads` allows.
fn parse_threads(text: &str) -> Result<usize, String> {
    let max = tianyuan::engine::MAX_THREADS;
    match text.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!("must be a number from 1 to {max}")),
    }
}

/// Settings of the GTP engine.
#[derive(Args, Clone)]
struct EngineArgs {
    /// Search threads, 1 to 1024 [default: all cores].
    #[arg(long, global = true, value_parser = parse_threads)]
    threads: Option<usize>,
    /// Fixed simulations per move (a reproducible strength level) instead of a time budget.
    #[arg(long, global = true)]
    playouts: Option<u64>,
    /// Seconds per move when the controller sends no time control [default: 2].
    #[arg(long, global = true, value_parser = parse_seconds)]
    time: Option<f64>,
    /// Memory bound of the search tree in MiB.
    #[arg(long, global = true, default_value_t = 512, value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    max_tree_mb: u64,
    /// Resign when the best move's win rate falls below this.
    #[arg(long, global = true, default_value_t = 0.1, value_parser = parse_fraction)]
    resign_threshold: f64,
    /// Never resign.
    #[arg(long, global = true)]
    no_resign: bool,
    /// Think on the opponent's time after each generated move, until the next command arrives.
    #[arg(long, global = true)]
    ponder: bool,
    /// Seed of the search's random numbers [default: from the clock; bench: 1].
    #[arg(long, global = true)]
    seed: Option<u64>,
    /// Rules: chinese, japanese, korean, tromp-taylor, aga, ing, ancient
    /// (docs/RULES.md) [default: chinese; for `score`, the record's].
    #[arg(long, global = true, value_parser = parse_rules)]
    rules: Option<Rules>,
    /// Ko rule: positional or situational superko, or simple (no superko,
    /// the Japanese practice) [default: the rules' own].
    #[arg(long, global = true, value_parser = parse_ko)]
    ko: Option<KoRule>,
    /// Komi of a new game [default: the rules' own: 7.5; japanese and
    /// korean 6.5; ing 8; ancient 0].
    #[arg(long, global = true, allow_negative_numbers = true, value_parser = parse_komi)]
    komi: Option<f64>,
    /// Board size of a new game.
    #[arg(long, global = true, default_value_t = DEFAULT_SIZE, value_parser = parse_size)]
    size: usize,
    /// Weight of the learned patterns' prior for new tree nodes, in
    /// virtual wins at probability 1 (0: off).
    #[arg(long, global = true, default_value_t = tianyuan::mcts::PriorParams::default().learned)]
    learned_prior: u16,
    /// A patterns file (from `train-patterns`) instead of the shipped one.
    #[arg(long, global = true)]
    patterns: Option<std::path::PathBuf>,
    /// Play at this rank: 30k (a beginner) to 3k, as people write ranks
    /// (15k, 15kyu), or max, the full player (docs/RANKS.md).
    #[arg(long, global = true, default_value = "max", value_parser = parse_rank)]
    rank: Rank,
    /// For calibration runs: the style a rank below max plays instead of
    /// its own, SEEN,PLAYOUTS,TASTE (docs/RANKS.md).
    #[arg(long, global = true, hide = true, value_parser = tianyuan::player::rank::Style::parse)]
    rank_style: Option<tianyuan::player::rank::Style>,
    /// Set a search or playout parameter, NAME=VALUE (repeatable; for
    /// tuning matches: `--param list=` lists the names).
    #[arg(long = "param", global = true, value_name = "NAME=VALUE", value_parser = parse_param)]
    params: Vec<(String, String)>,
}

/// A rank for `--rank`.
fn parse_rank(s: &str) -> Result<Rank, String> {
    Ok(s.parse()?)
}

/// `NAME=VALUE` for `--param`, checked against the search's parameters.
fn parse_param(s: &str) -> Result<(String, String), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("{s:?} is not NAME=VALUE"))?;
    let mut probe = tianyuan::mcts::SearchParams::default();
    probe.set(name.trim(), value.trim())?;
    Ok((name.trim().to_string(), value.trim().to_string()))
}

/// A seed that differs from run to run, so that repeated games differ.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| {
            d.as_nanos() as u64 ^ u64::from(std::process::id()) << 32
        })
}

fn parse_size(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => Ok(n),
        _ => Err(format!("board size must be {MIN_SIZE} to {MAX_SIZE}")),
    }
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 && t <= 86_400.0 => Ok(t),
        _ => Err("a number of seconds above 0 (at most 86400)".into()),
    }
}

fn parse_fraction(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(w) if (0.0..=1.0).contains(&w) => Ok(w),
        _ => Err("a win rate from 0 to 1".into()),
    }
}

fn parse_komi(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(k) if k.is_finite() && k.abs() <= 1000.0 => Ok(k),
        _ => Err("a number of points (-1000 to 1000)".into()),
    }
}

fn parse_rules(s: &str) -> Result<Rules, String> {
    Rules::by_name(s).ok_or_else(|| {
        let names: Vec<&str> = Ruleset::ALL.iter().map(|r| r.name()).collect();
        format!("unknown rules {s:?} (one of {})", names.join(", "))
    })
}

fn parse_ko(s: &str) -> Result<KoRule, String> {
    KoRule::by_name(s)
        .ok_or_else(|| format!("unknown ko rule {s:?} (simple, positional, situational)"))
}

#[derive(Subcommand)]
enum Command {
    /// Speak GTP on standard input and output (the default).
    Gtp,
    /// Measure playout speed: one line per measurement. `--playouts` sets
    /// the 9x9 light count (default 200000); 19x19 light runs a sixth as
    /// many, the 9x9 search a quarter, the 19x19 search a twentieth.
    Bench,
    /// Play a match between two GTP engines given as command lines.
    Match(Box<tianyuan::arena::MatchArgs>),
    /// Count a finished game (SGF) by its rules (`RU`, or `--rules`; the
    /// Chinese rules when it names none or rules tianyuan does not know). By
    /// the Chinese rules: each side's stones and territory, shared points half
    /// to each, komi and handicap in stones, the result as `final_score`
    /// gives it.
    Score {
        /// The SGF file (its main line is played to the end).
        file: std::path::PathBuf,
    },
    /// Measure the end-of-game judgement (dead stones, count) on a set of
    /// finished positions with reference dead lists, or another engine's
    /// with `--engine`: a line per position, then the agreement per board size.
    JudgeSet(tianyuan::arena::judge_set::JudgeSetArgs),
    /// Measure an engine (tianyuan, or any GTP engine with `--engine`) on a set
    /// of life-and-death problems (tests/problems/), each framed on a whole board:
    /// a line per problem, then the rates by level, kind and area. tianyuan
    /// answers with `--playouts`/`--time` and `--threads`, seed 1 unless `--seed`
    /// is given, and never resigns.
    ProblemSet(tianyuan::arena::problem_set::ProblemSetArgs),
    /// Fit learned move patterns (Minorization-Maximization on generalized
    /// Bradley-Terry, Coulom 2007) from game records, report the
    /// held-out prediction rate and write a patterns file. Progress on stderr.
    TrainPatterns(TrainArgs),
    /// Review game records: every position of each main line searched
    /// (`--playouts N` a position, default 2000, or `--time S`), written
    /// back with the win rate and score lead for Black on each move
    /// (`SBKV`, `SBKS`: Sabaki's graph), a comment, and the engine's line
    /// where a move lost much (`DO` a mistake, `BM` a blunder). Progress on stderr.
    Review(ReviewArgs),
    /// KataGo's JSON analysis engine protocol on stdin/stdout (one query a
    /// line, one response a line per turn), for KaTrain and other tools
    /// written for KataGo's analysis engine.
    Analysis {
        /// Positions searched at once; `--threads` is shared among them.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
        positions: u64,
        /// Whose view the values take when a query does not say
        /// (`overrideSettings.reportAnalysisWinratesAs`): BLACK, WHITE or SIDETOMOVE.
        #[arg(long, default_value = "SIDETOMOVE", value_parser = parse_perspective)]
        report_as: tianyuan::analysis::Perspective,
    },
}

fn parse_perspective(s: &str) -> Result<tianyuan::analysis::Perspective, String> {
    tianyuan::analysis::Perspective::parse(s).ok_or_else(|| "BLACK, WHITE or SIDETOMOVE".into())
}

/// Arguments of `review`.
#[derive(Args)]
struct ReviewArgs {
    /// The SGF game records.
    #[arg(required = true)]
    files: Vec<std::path::PathBuf>,
    /// The reviewed record (one input file only) [default: GAME-reviewed.sgf beside it].
    #[arg(short, long, conflicts_with = "out_dir")]
    out: Option<std::path::PathBuf>,
    /// Write each reviewed record into this directory (as GAME-reviewed.sgf).
    #[arg(long)]
    out_dir: Option<std::path::PathBuf>,
    /// First move to review.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    from: u64,
    /// Last move to review [default: the last].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    to: Option<u64>,
    /// Win rate lost, in percent, that makes a mistake (twice: a blunder).
    #[arg(long, default_value_t = 10.0)]
    threshold: f64,
    /// Points lost that make a mistake (twice: a blunder) [default: 5 on 19x19, none on smaller boards].
    #[arg(long)]
    point_threshold: Option<f64>,
}

/// Arguments of `train-patterns`.
#[derive(Args)]
struct TrainArgs {
    /// Directories (searched recursively) and files of game records: SGF
    /// files, or kifu files (no extension; a game a line: an id, a tab, the
    /// moves).
    #[arg(required = true)]
    inputs: Vec<std::path::PathBuf>,
    /// The patterns file to write (required unless `--evaluate`).
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// Only games of this board size (0: every size).
    #[arg(long, default_value_t = 19)]
    board_size: usize,
    /// Games held out to measure the prediction rate.
    #[arg(long, default_value_t = 100)]
    test_games: usize,
    /// Training positions at most (sampled evenly over the games).
    #[arg(long, default_value_t = 100_000)]
    max_positions: usize,
    /// Held-out positions at most.
    #[arg(long, default_value_t = 10_000)]
    max_test_positions: usize,
    /// Keep the spatial patterns seen at least this often around played moves.
    #[arg(long, default_value_t = 10)]
    min_count: u32,
    /// Minorization-Maximization iterations.
    #[arg(long, default_value_t = 20)]
    iterations: usize,
    /// Largest spatial pattern, a gridcular distance from 3 (the 3x3
    /// square, as the playouts use) to 10.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(3..=10))]
    max_pattern_size: u8,
    /// Train nothing: measure this patterns file on the games given (all
    /// held out) and print its prediction rates.
    #[arg(long)]
    evaluate: Option<std::path::PathBuf>,
}

impl EngineArgs {
    /// The rules, with `--ko` when given.
    fn rules(&self) -> Rules {
        let rules = self.rules.unwrap_or_default();
        self.ko.map_or(rules, |ko| rules.with_ko(ko))
    }

    /// `--komi`, or the rules' own.
    fn komi(&self) -> f64 {
        self.komi.unwrap_or(self.rules().ruleset.default_komi())
    }

    fn options(&self) -> Options {
        let defaults = Options::default();
        Options {
            threads: self.threads.unwrap_or(defaults.threads).max(1),
            playouts: self.playouts,
            time: self.time.unwrap_or(defaults.time),
            max_tree_mb: self.max_tree_mb as usize,
            resign_threshold: self.resign_threshold,
            resign: !self.no_resign,
            seed: self.seed.unwrap_or_else(clock_seed),
            ponder: self.ponder,
            learned_prior: self.learned_prior,
            params: self.params.clone(),
            rank: self.rank,
            rank_style: self.rank_style,
            judge_playouts: defaults.judge_playouts,
            judge_search: defaults.judge_search,
            patterns: match &self.patterns {
                None => tianyuan::patterns::shipped(),
                Some(path) => tianyuan::patterns::load(path).unwrap_or_else(|e| {
                    eprintln!("tianyuan: --patterns {e}");
                    std::process::exit(2)
                }),
            },
        }
    }
}

/// Where the review of `file` goes.
fn reviewed_path(a: &ReviewArgs, file: &std::path::Path) -> std::path::PathBuf {
    if let Some(out) = &a.out {
        return out.clone();
    }
    let stem = file
        .file_stem()
        .map_or("game".into(), |s| s.to_string_lossy());
    let name = format!("{stem}-reviewed.sgf");
    match &a.out_dir {
        Some(dir) => dir.join(name),
        None => file.with_file_name(name),
    }
}

/// `tianyuan review`: each file in turn; the exit code is 2 when a file
/// could not be reviewed at all, 1 when one stopped at an illegal move.
fn review(a: &ReviewArgs, options: Options) -> i32 {
    use tianyuan::review::{review, ReviewOptions};
    if a.out.is_some() && a.files.len() > 1 {
        eprintln!("tianyuan review: --out takes one game; use --out-dir for several");
        return 2;
    }
    if !(a.threshold > 0.0 && a.threshold <= 100.0)
        || a.point_threshold.is_some_and(|t| t.is_nan() || t <= 0.0)
    {
        eprintln!("tianyuan review: thresholds must be above 0 (--threshold at most 100)");
        return 2;
    }
    if let Some(dir) = &a.out_dir {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("tianyuan review: {}: {e}", dir.display());
            return 2;
        }
    }
    let mut opts = ReviewOptions::new(options);
    opts.from = a.from as usize;
    opts.to = a.to.map(|t| t as usize);
    opts.threshold = a.threshold / 100.0;
    opts.point_threshold = a.point_threshold;
    let mut code = 0;
    for (i, file) in a.files.iter().enumerate() {
        let name = file.display();
        let text = match tianyuan::files::read_limited(file, tianyuan::files::MAX_RECORD) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => {
                eprintln!("tianyuan review: {name}: {e}");
                code = 2;
                continue;
            }
        };
        let mut last_report = std::time::Instant::now();
        let mut progress = |p: tianyuan::review::Progress| {
            if p.done == p.total || last_report.elapsed().as_secs_f64() >= 2.0 {
                last_report = std::time::Instant::now();
                eprintln!(
                    "review {name} (game {} of {}): position {}/{}, {:.0} s, about {:.0} s left",
                    i + 1,
                    a.files.len(),
                    p.done,
                    p.total,
                    p.elapsed,
                    p.left()
                );
            }
        };
        match review(&text, &opts, &mut progress) {
            Ok(r) => {
                let out = reviewed_path(a, file);
                if let Err(e) = tianyuan::files::write_atomic(&out, r.text.as_bytes()) {
                    eprintln!("tianyuan review: {}: {e}", out.display());
                    code = 2;
                    continue;
                }
                for (c, s) in ["Black", "White"].iter().zip(&r.summary) {
                    eprintln!(
                        "{name}: {c}: {} moves, {} mistakes, {} blunders",
                        s.moves, s.mistakes, s.blunders
                    );
                }
                if let Some(why) = &r.stopped {
                    eprintln!("tianyuan review: {name}: {why}");
                    code = code.max(1);
                }
                println!("{}", out.display());
            }
            Err(e) => {
                eprintln!("tianyuan review: {name}: {e}");
                code = 2;
            }
        }
    }
    code
}

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Gtp) {
        Command::Gtp => {
            let a = &cli.engine;
            let mut engine = Engine::new(a.size, a.komi(), a.rules(), a.options());
            tianyuan::gtp::run(&mut engine, std::io::stdin(), std::io::stdout());
        }
        Command::Match(mut args) => {
            args.rules = cli.engine.rules();
            std::process::exit(tianyuan::arena::run(&args))
        }
        Command::Score { file } => match tianyuan::count::count_file(&file, cli.engine.rules) {
            Ok(count) => println!("{count}"),
            Err(e) => {
                eprintln!("tianyuan score: {e}");
                std::process::exit(2);
            }
        },
        Command::TrainPatterns(a) => train_patterns(a, &cli.engine),
        Command::Review(a) => {
            let mut options = cli.engine.options();
            if cli.engine.playouts.is_none() && cli.engine.time.is_none() {
                options.playouts = Some(2000);
            }
            std::process::exit(review(&a, options))
        }
        Command::Analysis {
            positions,
            report_as,
        } => {
            let options = tianyuan::analysis::AnalysisOptions {
                engine: cli.engine.options(),
                positions: positions as usize,
                default_visits: cli.engine.playouts.unwrap_or(500),
                max_visits: u64::MAX,
                perspective: report_as,
            };
            let stdin = std::io::stdin().lock();
            std::process::exit(tianyuan::analysis::run(options, stdin, std::io::stdout()))
        }
        Command::JudgeSet(args) => {
            let threads = cli.engine.options().threads;
            std::process::exit(tianyuan::arena::judge_set::run(&args, threads))
        }
        Command::ProblemSet(args) => {
            let mut options = cli.engine.options();
            options.seed = cli.engine.seed.unwrap_or(1);
            options.resign = false;
            let time = cli.engine.time;
            std::process::exit(tianyuan::arena::problem_set::run(&args, options, time))
        }
        Command::Bench => run_bench(&cli.engine),
    }
}

/// `tianyuan train-patterns`: fit a patterns file, or `--evaluate` one.
fn train_patterns(a: TrainArgs, engine: &EngineArgs) {
    let fail = |e: String| -> ! {
        eprintln!("tianyuan train-patterns: {e}");
        std::process::exit(2)
    };
    let opts = tianyuan::patterns::train::TrainOptions {
        inputs: a.inputs,
        size: (a.board_size != 0).then_some(a.board_size),
        test_games: a.test_games,
        max_positions: a.max_positions,
        max_test_positions: a.max_test_positions,
        min_count: a.min_count,
        iterations: a.iterations,
        max_pattern_size: a.max_pattern_size,
        seed: engine.seed.unwrap_or(1),
        threads: engine.options().threads,
    };
    if let Some(file) = &a.evaluate {
        let bytes = std::fs::read(file)
            .map_err(|e| format!("{}: {e}", file.display()))
            .unwrap_or_else(|e| fail(e));
        let model = tianyuan::patterns::Model::from_bytes(&bytes)
            .map_err(|e| format!("{}: {e}", file.display()))
            .unwrap_or_else(|e| fail(e));
        match tianyuan::patterns::train::evaluate(&model, &opts) {
            Ok(p) => println!("{}: {p}", file.display()),
            Err(e) => fail(e),
        }
        return;
    }
    let Some(out) = a.out else {
        fail("--out FILE is required to train".into())
    };
    match tianyuan::patterns::train::train(&opts) {
        Ok(t) => {
            let bytes = t.model.to_bytes();
            if let Err(e) = tianyuan::files::write_atomic(&out, &bytes) {
                fail(format!("{}: {e}", out.display()));
            }
            println!(
                "{} patterns, {} training positions; held out: {}; {} bytes written to {}",
                t.model.patterns().len(),
                t.train_positions,
                t.held_out,
                bytes.len(),
                out.display()
            );
        }
        Err(e) => fail(e),
    }
}

/// `tianyuan bench`: the speed lines, and with `RUST_LOG=info` each run's
/// signature.
fn run_bench(engine: &EngineArgs) {
    let playouts = engine.playouts.unwrap_or(200_000);
    let seed = engine.seed.unwrap_or(1);
    let params = engine.options().search_params();
    let mut runs = vec![
        bench::light(9, playouts.max(1), seed),
        bench::light(19, (playouts / 6).max(1), seed),
    ];
    for threads in [1, 2] {
        runs.push(bench::search(
            9,
            threads,
            (playouts / 4).max(1),
            seed,
            &params,
        ));
        runs.push(bench::search(
            19,
            threads,
            (playouts / 20).max(1),
            seed,
            &params,
        ));
    }
    for m in runs {
        println!("{}", m.line());
        log::info!(
            "{}: {} playouts in {:.3} s, signature {:016x}",
            m.kind,
            m.playouts,
            m.seconds,
            m.signature
        );
    }
}
