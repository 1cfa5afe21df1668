//! Fitting a model from game records (`tianyuan train-patterns`):
//! Minorization-Maximization on the generalized Bradley-Terry model, as in
//! Coulom (2007), section 3.
//!
//! 1. The games are read and split into training and held-out games.
//! 2. *Harvest*: around every played move of the training positions, the
//!    spatial patterns of every size are counted (canonical hashes); those
//!    seen at least `min_count` times become the model's patterns.
//! 3. Every legal move of every training position becomes a *team* of
//!    feature ids (its tactical values and its largest known pattern);
//!    equal teams of a position are stored once with their count.
//! 4. MM, one group of features at a time: for a feature `i`,
//!    `gamma_i = W_i / sum_j C_ij / E_j`, where `W_i` counts the positions
//!    whose played move has feature `i`, `E_j` is the summed strength of
//!    position `j`'s moves and `C_ij` that of its moves with `i`, divided by
//!    `gamma_i`. A prior of one virtual win and one virtual loss against a
//!    feature of gamma 1 keeps rare features finite.
//! 5. The held-out positions measure the model: how often its first choice
//!    (and its first 5, 10) holds the move played.

use super::model::{Model, Pattern};
use super::spatial;
use super::{tactics, Group, Recent, TACTICAL_IDS};
use crate::board::{Board, Color, KeyMap, Point};
use crate::sgf;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What to train on and how.
#[derive(Clone, Debug)]
pub struct TrainOptions {
    /// Directories (searched recursively) and files of SGF game records.
    pub inputs: Vec<PathBuf>,
    /// Only games of this board size (all sizes when `None`).
    pub size: Option<usize>,
    /// Games held out for measuring, taken from the shuffled list.
    pub test_games: usize,
    /// At most this many training positions (sampled evenly).
    pub max_positions: usize,
    /// At most this many held-out positions.
    pub max_test_positions: usize,
    /// A pattern must be seen this often around played moves.
    pub min_count: u32,
    /// MM iterations (each updates every group once).
    pub iterations: usize,
    /// Largest spatial pattern kept, a gridcular distance
    /// (`spatial::MIN_SIZE..=spatial::MAX_SIZE`): 3 trains the 3x3
    /// shapes alone, as the playouts use them.
    pub max_pattern_size: u8,
    pub seed: u64,
    /// Threads for the fit (the result does not depend on them).
    pub threads: usize,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            inputs: Vec::new(),
            size: Some(19),
            test_games: 100,
            max_positions: 100_000,
            max_test_positions: 10_000,
            min_count: 10,
            iterations: 20,
            max_pattern_size: spatial::MAX_SIZE,
            seed: 1,
            threads: 1,
        }
    }
}

/// A game as its setup and moves.
struct Record {
    size: usize,
    setup: Vec<(Color, Point)>,
    moves: Vec<(Color, Option<Point>)>,
}

/// One position to learn from: where it is (its game, an index into the
/// records it came from, and the number of moves before it), the mover, the
/// move played and the last two moves. The board is not kept (a board is
/// 17 KB; a million of them would not fit): `replay` makes it again.
struct Position {
    game: u32,
    ply: u32,
    c: Color,
    played: Point,
    recent: Recent,
}

/// How well a model predicts held-out moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct Prediction {
    pub positions: usize,
    /// Positions whose played move is among the model's first 1, 5 and 10
    /// choices; a tie with other moves counts the chance that a random
    /// order of the tied moves puts it there.
    pub top1: f64,
    pub top5: f64,
    pub top10: f64,
    /// Mean log-probability of the move played.
    pub log_likelihood: f64,
}

impl Prediction {
    pub fn rate(&self, n: f64) -> f64 {
        n / self.positions.max(1) as f64
    }
}

impl std::fmt::Display for Prediction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} positions: top-1 {:.1}%, top-5 {:.1}%, top-10 {:.1}%, mean log-likelihood {:.3}",
            self.positions,
            100.0 * self.rate(self.top1),
            100.0 * self.rate(self.top5),
            100.0 * self.rate(self.top10),
            self.log_likelihood
        )
    }
}

/// A small deterministic generator for shuffling and sampling.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

fn sgf_files(inputs: &[PathBuf]) -> Vec<PathBuf> {
    fn walk(p: &Path, out: &mut Vec<PathBuf>) {
        if p.is_dir() {
            let Ok(entries) = std::fs::read_dir(p) else {
                return;
            };
            let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
            paths.sort();
            for q in paths {
                walk(&q, out);
            }
        } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) || is_kifu(p) {
            out.push(p.to_path_buf());
        }
    }
    let mut out = Vec::new();
    for i in inputs {
        walk(i, &mut out);
    }
    out
}

/// Whether `p` is a file of kifu lines, one 19x19 game a line: an id, a
/// tab, then the moves in SGF notation (`123\t;B[pd];W[dd]...`), the form
/// of the Tom and Tygem collections of yenw/computer-go-dataset.
fn is_kifu(p: &Path) -> bool {
    use std::io::Read;
    if p.extension().is_some() {
        return false;
    }
    let mut head = [0u8; 32];
    let n = std::fs::File::open(p)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    let head = &head[..n];
    let digits = head.iter().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && head[digits..].starts_with(b"\t;B[")
}

/// The games of a file: one SGF game, or every line of a kifu file.
fn read_records(path: &Path, size: Option<usize>) -> Vec<Record> {
    let Ok(bytes) = crate::files::read_limited(path, crate::files::MAX_RECORD) else {
        return Vec::new();
    };
    let text = String::from_utf8_lossy(&bytes);
    if is_kifu(path) {
        text.lines()
            .filter_map(|line| {
                let (_, moves) = line.split_once('\t')?;
                record_of(&format!("(;SZ[19]{moves})"), size)
            })
            .collect()
    } else {
        record_of(&text, size).into_iter().collect()
    }
}

fn record_of(text: &str, size: Option<usize>) -> Option<Record> {
    let g = sgf::parse(text).ok()?;
    if size.is_some_and(|s| s != g.size) {
        return None;
    }
    let pt = |(x, y): sgf::Coord| Point::new(x, y, g.size);
    let mut setup = Vec::new();
    let mut moves = Vec::new();
    for node in &g.nodes {
        if moves.is_empty() {
            for &xy in &node.add_black {
                setup.push((Color::Black, pt(xy)?));
            }
            for &xy in &node.add_white {
                setup.push((Color::White, pt(xy)?));
            }
        } else if !node.add_black.is_empty() || !node.add_white.is_empty() {
            break;
        }
        if let Some((c, xy)) = node.mv {
            let mv = match xy {
                None => None,
                Some(xy) => Some(pt(xy)?),
            };
            moves.push((c, mv));
        }
    }
    (moves.len() >= 10).then_some(Record {
        size: g.size,
        setup,
        moves,
    })
}

/// The board of `r` before its first move, or `None` if its setup is not
/// a position.
fn start_board(r: &Record) -> Option<Board> {
    let mut b = Board::new(r.size);
    for &(c, p) in &r.setup {
        b.add_setup_stone(c, p).ok()?;
    }
    Some(b)
}

/// The positions of game `game` (`r`) where a stone was played, as `keep`
/// chooses; a game stops at its first illegal move.
fn positions(r: &Record, game: usize, mut keep: impl FnMut() -> bool, out: &mut Vec<Position>) {
    let Some(mut b) = start_board(r) else {
        return;
    };
    let mut recent = Recent::default();
    for (ply, &(c, mv)) in r.moves.iter().enumerate() {
        match mv {
            Some(p) => {
                if !b.is_legal(c, p) {
                    return;
                }
                if keep() {
                    out.push(Position {
                        game: game as u32,
                        ply: ply as u32,
                        c,
                        played: p,
                        recent,
                    });
                }
                b.play(c, p).expect("checked legal");
            }
            None => b.pass(),
        }
        recent = recent.after(mv);
    }
}

/// Calls `f(j, board, position)` for each of `positions` (in the order of
/// their games and moves, as `positions` makes them), with the board before
/// its move, replaying each game once.
fn replay(records: &[Record], positions: &[Position], mut f: impl FnMut(usize, &Board, &Position)) {
    let mut board = Board::new(19);
    let (mut game, mut ply) = (usize::MAX, 0);
    for (j, pos) in positions.iter().enumerate() {
        let r = &records[pos.game as usize];
        if pos.game as usize != game || (pos.ply as usize) < ply {
            board = start_board(r).expect("a position of a game whose setup is a position");
            (game, ply) = (pos.game as usize, 0);
        }
        while ply < pos.ply as usize {
            match r.moves[ply] {
                (c, Some(p)) => {
                    board.play(c, p).expect("a move before a position is legal");
                }
                (_, None) => board.pass(),
            }
            ply += 1;
        }
        f(j, &board, pos);
    }
}

/// A team: the tactical feature ids of a move (ascending, padded with
/// `NO_TACTIC`) and the id of its spatial pattern (`NONE` when none is
/// known). 12 bytes: a fit holds hundreds of millions.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Team {
    tactics: [u8; 7],
    pattern: u32,
}
const NONE: u32 = u32::MAX;
const NO_TACTIC: u8 = u8::MAX;
const _: () = assert!(TACTICAL_IDS < NO_TACTIC as u32 && Group::ALL.len() == 7);

impl Team {
    /// The feature ids, tactical first.
    fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.tactics
            .iter()
            .take_while(|&&id| id != NO_TACTIC)
            .map(|&id| id as u32)
            .chain((self.pattern != NONE).then_some(self.pattern))
    }
}

/// The training positions are fitted in this many parts of consecutive
/// positions, on as many threads as there are: a fixed number, so that the
/// sums of the fit, and so the file it writes, do not depend on the threads.
const PARTS: usize = 16;

/// The teams of the training positions, in `PARTS` parts.
struct Data {
    parts: Vec<Part>,
}

/// The teams of some consecutive training positions.
struct Part {
    /// Distinct teams of all positions, one after another.
    teams: Vec<Team>,
    /// How many moves of its position have each team (at most 361).
    counts: Vec<u16>,
    /// `start[j]..start[j + 1]`: the teams of position `j`.
    start: Vec<usize>,
    /// The index (in `teams`) of each position's played move.
    winner: Vec<usize>,
}

impl Data {
    fn teams(&self) -> usize {
        self.parts.iter().map(|p| p.teams.len()).sum()
    }
    fn positions(&self) -> usize {
        self.parts.iter().map(|p| p.winner.len()).sum()
    }
}

/// `f(0)`, ..., `f(n - 1)`, computed on up to `threads` threads.
fn in_parallel<T: Send>(n: usize, threads: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let threads = threads.clamp(1, n.max(1));
    let mut out: Vec<Option<T>> = (0..n).map(|_| None).collect();
    std::thread::scope(|s| {
        let f = &f;
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (t..n)
                        .step_by(threads)
                        .map(|i| (i, f(i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for w in workers {
            for (i, v) in w.join().expect("a training thread panicked") {
                out[i] = Some(v);
            }
        }
    });
    out.into_iter()
        .map(|v| v.expect("every part computed"))
        .collect()
}

/// The team of `pos.c` playing `p` in `board` (a scratch copy of the
/// position's board).
fn team_of(
    board: &mut Board,
    codes: &spatial::Codes,
    pos: &Position,
    p: Point,
    dict: &KeyMap<(u8, u32)>,
) -> Team {
    let t = tactics(board, pos.c, p, pos.recent);
    let mut team = Team {
        tactics: [NO_TACTIC; 7],
        pattern: NONE,
    };
    for (slot, id) in team.tactics.iter_mut().zip(t.ids()) {
        *slot = id as u8;
    }
    if let Some(i) = codes.largest_known(board, p, |k, h| match dict.get(&h) {
        Some(&(size, i)) if size as usize == k => Some(i),
        _ => None,
    }) {
        team.pattern = TACTICAL_IDS + i;
    }
    team
}

fn build_data(
    records: &[Record],
    train: &[Position],
    dict: &KeyMap<(u8, u32)>,
    threads: usize,
) -> Data {
    let bound = |i: usize| i * train.len() / PARTS;
    Data {
        parts: in_parallel(PARTS, threads, |i| {
            build_part(records, &train[bound(i)..bound(i + 1)], dict)
        }),
    }
}

fn build_part(records: &[Record], train: &[Position], dict: &KeyMap<(u8, u32)>) -> Part {
    let mut data = Part {
        teams: Vec::new(),
        counts: Vec::new(),
        start: vec![0],
        winner: Vec::new(),
    };
    let mut local: HashMap<Team, usize> = HashMap::new();
    let mut board = Board::new(19);
    let mut empties = Vec::with_capacity(361);
    // Reserve once, from the first positions' mean, rather than let the
    // vectors double (which would need up to three times their size).
    let sample = (train.len() / 100).max(1);
    replay(records, train, |j, b, pos| {
        if j == sample {
            let per = data.teams.len() as f64 / j as f64;
            let more = (per * (train.len() - j) as f64 * 1.1) as usize;
            data.teams.reserve(more);
            data.counts.reserve(more);
        }
        board.copy_from(b);
        let codes = spatial::Codes::new(&board, pos.c);
        local.clear();
        let first = data.teams.len();
        let mut winner = 0;
        empties.clear();
        empties.extend(b.empty_points().iter());
        for &p in &empties {
            if !board.is_legal(pos.c, p) {
                continue;
            }
            let team = team_of(&mut board, &codes, pos, p, dict);
            let idx = *local.entry(team).or_insert_with(|| {
                data.teams.push(team);
                data.counts.push(0);
                data.teams.len() - 1
            });
            data.counts[idx] += 1;
            if p == pos.played {
                winner = idx;
            }
        }
        debug_assert!(winner >= first);
        data.winner.push(winner);
        data.start.push(data.teams.len());
    });
    data
}

/// The group of feature `id` (the spatial patterns are group 7).
fn group_of(id: u32) -> usize {
    if id >= TACTICAL_IDS {
        return 7;
    }
    let mut base = 0;
    for (g, group) in Group::ALL.iter().enumerate() {
        base += group.values();
        if id < base {
            return g;
        }
    }
    unreachable!()
}

fn strength(team: &Team, gamma: &[f64]) -> f64 {
    team.ids().map(|id| gamma[id as usize]).product()
}

/// One MM update of every feature of group `g`; returns the training
/// log-likelihood before it.
fn mm_group(data: &Data, gamma: &mut [f64], wins: &[f64], g: usize, threads: usize) -> f64 {
    let sums = in_parallel(data.parts.len(), threads, |i| {
        part_sums(&data.parts[i], gamma, g)
    });
    let mut denom = vec![0.0f64; gamma.len()];
    let mut ll = 0.0;
    for (d, l) in sums {
        for (a, b) in denom.iter_mut().zip(d) {
            *a += b;
        }
        ll += l;
    }
    for (id, gm) in gamma.iter_mut().enumerate() {
        if group_of(id as u32) == g {
            // One virtual win and one virtual loss against gamma 1.
            let d = denom[id] + 2.0 / (*gm + 1.0);
            *gm = ((wins[id] + 1.0) / d).clamp(1e-6, 1e6);
        }
    }
    ll
}

/// A part's share of the MM sums of group `g`: `sum_j C_ij / E_j` for each
/// feature `i`, and the log-likelihood of its positions.
fn part_sums(data: &Part, gamma: &[f64], g: usize) -> (Vec<f64>, f64) {
    let mut denom = vec![0.0f64; gamma.len()];
    let mut ll = 0.0;
    for j in 0..data.winner.len() {
        let teams = data.start[j]..data.start[j + 1];
        let e: f64 = teams
            .clone()
            .map(|t| data.counts[t] as f64 * strength(&data.teams[t], gamma))
            .sum();
        ll += strength(&data.teams[data.winner[j]], gamma).ln() - e.ln();
        for t in teams {
            let team = &data.teams[t];
            if let Some(id) = team.ids().find(|&id| group_of(id) == g) {
                let s = strength(team, gamma) / gamma[id as usize];
                denom[id as usize] += data.counts[t] as f64 * s / e;
            }
        }
    }
    (denom, ll)
}

/// How well `model` predicts the moves of `positions`.
fn measure(model: &Model, records: &[Record], positions: &[Position]) -> Prediction {
    let mut pr = Prediction::default();
    let mut board = Board::new(19);
    replay(records, positions, |_, b, pos| {
        board.copy_from(b);
        let codes = spatial::Codes::new(&board, pos.c);
        let mut scores = Vec::new();
        let mut played = 0.0;
        let empties: Vec<Point> = b.empty_points().iter().collect();
        for p in empties {
            if board.is_legal(pos.c, p) {
                let s = model.strength_in(&codes, &mut board, pos.c, p, pos.recent);
                if p == pos.played {
                    played = s;
                }
                scores.push(s);
            }
        }
        let total: f64 = scores.iter().sum();
        let better = scores.iter().filter(|&&s| s > played).count();
        let tied = scores.iter().filter(|&&s| s == played).count().max(1);
        // The chance that the played move is among the first `k` when the
        // moves of equal strength come in a random order.
        let within = |k: usize| ((k.saturating_sub(better)) as f64 / tied as f64).min(1.0);
        pr.positions += 1;
        pr.top1 += within(1);
        pr.top5 += within(5);
        pr.top10 += within(10);
        pr.log_likelihood += (played / total).ln();
    });
    pr.log_likelihood /= pr.positions.max(1) as f64;
    pr
}

/// How often a pattern was seen around played moves, and where first (a
/// move and the index of its position).
type Sighting = (u32, Point, usize);

/// What training produced.
pub struct Trained {
    pub model: Model,
    pub train_positions: usize,
    pub held_out: Prediction,
}

/// How well `model` predicts the moves of the games `opts` names (all of
/// them held out; at most `max_test_positions`, sampled evenly).
pub fn evaluate(model: &Model, opts: &TrainOptions) -> Result<Prediction, String> {
    let records = read_all(&sgf_files(&opts.inputs), opts.size);
    if records.is_empty() {
        return Err("no games".into());
    }
    let mut rng = Rng(opts.seed);
    let (pos, _) = sample_positions(&records, opts.max_test_positions, &mut rng);
    eprintln!("{} games, {} positions", records.len(), pos.len());
    Ok(measure(model, &records, &pos))
}

/// Fit a model as `opts` says, reporting progress on stderr.
pub fn train(opts: &TrainOptions) -> Result<Trained, String> {
    let start = Instant::now();
    let files = sgf_files(&opts.inputs);
    let mut records = read_all(&files, opts.size);
    eprintln!(
        "{} files, {} games read ({:.1} s)",
        files.len(),
        records.len(),
        start.elapsed().as_secs_f64()
    );
    if records.len() <= opts.test_games {
        return Err(format!(
            "{} games, not more than the {} held out",
            records.len(),
            opts.test_games
        ));
    }
    let mut rng = Rng(opts.seed);
    shuffle(&mut records, &mut rng);
    let (test, train_games) = records.split_at(opts.test_games);
    let (train_pos, n_train) = sample_positions(train_games, opts.max_positions, &mut rng);
    let (test_pos, _) = sample_positions(test, opts.max_test_positions, &mut rng);
    eprintln!(
        "{} training positions (of {n_train} moves in {} games), {} held-out positions ({} games)",
        train_pos.len(),
        train_games.len(),
        test_pos.len(),
        test.len()
    );
    let kept = harvest(train_games, &train_pos, opts);
    let (patterns, dict) = patterns_of(&kept, train_games, &train_pos);
    eprintln!(
        "{} patterns seen at least {} times ({:.1} s)",
        patterns.len(),
        opts.min_count,
        start.elapsed().as_secs_f64()
    );
    let data = build_data(train_games, &train_pos, &dict, opts.threads);
    eprintln!(
        "{} distinct candidate teams ({:.1} s)",
        data.teams(),
        start.elapsed().as_secs_f64()
    );
    let gamma = fit(&data, TACTICAL_IDS as usize + patterns.len(), opts);
    let model = model_of(&gamma, patterns);
    let held_out = measure(&model, test, &test_pos);
    eprintln!(
        "held out: {held_out} ({:.1} s in all)",
        start.elapsed().as_secs_f64()
    );
    Ok(Trained {
        model,
        train_positions: train_pos.len(),
        held_out,
    })
}

/// The games of `files`, of board size `size` when given.
fn read_all(files: &[PathBuf], size: Option<usize>) -> Vec<Record> {
    files.iter().flat_map(|f| read_records(f, size)).collect()
}

/// Shuffle `records` in place (Fisher-Yates).
fn shuffle(records: &mut [Record], rng: &mut Rng) {
    for i in (1..records.len()).rev() {
        let j = rng.below(i + 1);
        records.swap(i, j);
    }
}

/// Positions of `games` where a stone was played, each kept with the
/// chance that keeps about `max` of them; and the number of such moves.
fn sample_positions(games: &[Record], max: usize, rng: &mut Rng) -> (Vec<Position>, usize) {
    let moves: usize = games
        .iter()
        .map(|r| r.moves.iter().filter(|m| m.1.is_some()).count())
        .sum();
    let p = (max as f64 / moves.max(1) as f64).min(1.0);
    let mut out = Vec::new();
    for (i, r) in games.iter().enumerate() {
        positions(r, i, || rng.chance(p), &mut out);
    }
    (out, moves)
}

/// Harvest: the spatial patterns (size index and canonical hash) of every
/// size up to `opts.max_pattern_size` around the moves played at
/// `positions`, those seen at least `opts.min_count` times, in order of
/// size and hash.
fn harvest(
    games: &[Record],
    positions: &[Position],
    opts: &TrainOptions,
) -> Vec<((u8, u64), Sighting)> {
    let mut seen: HashMap<(u8, u64), Sighting> = HashMap::new();
    let sizes = (opts
        .max_pattern_size
        .clamp(spatial::MIN_SIZE, spatial::MAX_SIZE)
        - spatial::MIN_SIZE) as usize
        + 1;
    replay(games, positions, |j, b, pos| {
        let hashes = spatial::canonical_hashes(b, pos.c, pos.played);
        for (k, &h) in hashes.iter().enumerate().take(sizes) {
            seen.entry((k as u8, h)).or_insert((0, pos.played, j)).0 += 1;
        }
    });
    let mut kept: Vec<((u8, u64), Sighting)> = seen
        .into_iter()
        .filter(|(_, (n, _, _))| *n >= opts.min_count)
        .collect();
    kept.sort_by_key(|&((k, h), _)| (k, h));
    kept
}

/// The model's patterns (gamma 1) from the harvest `kept`, each with its
/// points from the position where it was first seen, and the table from
/// each of their symmetric hashes to (size, pattern index).
fn patterns_of(
    kept: &[((u8, u64), Sighting)],
    games: &[Record],
    positions: &[Position],
) -> (Vec<Pattern>, KeyMap<(u8, u32)>) {
    let mut first: Vec<(usize, usize)> = kept
        .iter()
        .enumerate()
        .map(|(i, &(_, (_, _, j)))| (j, i))
        .collect();
    first.sort_unstable();
    let mut points = vec![Vec::new(); kept.len()];
    let mut next = 0;
    replay(games, positions, |j, b, pos| {
        while next < first.len() && first[next].0 == j {
            let i = first[next].1;
            let ((k, _), (_, p, _)) = kept[i];
            points[i] = spatial::pattern_points(b, pos.c, p, k as usize);
            next += 1;
        }
    });
    let mut patterns = Vec::with_capacity(kept.len());
    let mut dict = KeyMap::default();
    for (i, (&((k, _), _), points)) in kept.iter().zip(points).enumerate() {
        for h in spatial::symmetric_hashes(&points, k as usize) {
            dict.insert(h, (k, i as u32));
        }
        patterns.push(Pattern {
            size: k,
            points,
            gamma: 1.0,
        });
    }
    (patterns, dict)
}

/// MM: the gammas of the `n_ids` features fitted to `data` in
/// `opts.iterations` iterations, each updating every group once.
fn fit(data: &Data, n_ids: usize, opts: &TrainOptions) -> Vec<f64> {
    let mut wins = vec![0.0f64; n_ids];
    for part in &data.parts {
        for &w in &part.winner {
            for id in part.teams[w].ids() {
                wins[id as usize] += 1.0;
            }
        }
    }
    let mut gamma = vec![1.0f64; n_ids];
    for it in 0..opts.iterations {
        let t = Instant::now();
        let mut ll = 0.0;
        for g in 0..8 {
            ll = mm_group(data, &mut gamma, &wins, g, opts.threads);
        }
        let per = t.elapsed().as_secs_f64();
        eprintln!(
            "iteration {}/{}: log-likelihood {:.4} a position, {:.1} s, about {:.0} s left",
            it + 1,
            opts.iterations,
            ll / data.positions().max(1) as f64,
            per,
            per * (opts.iterations - it - 1) as f64
        );
    }
    gamma
}

/// The model of the fitted `gamma`: the tactical features' first, then
/// the patterns'.
fn model_of(gamma: &[f64], mut patterns: Vec<Pattern>) -> Model {
    let tactical = gamma[..TACTICAL_IDS as usize]
        .iter()
        .map(|&g| g as f32)
        .collect();
    for (p, &g) in patterns.iter_mut().zip(&gamma[TACTICAL_IDS as usize..]) {
        p.gamma = g as f32;
    }
    Model::new(tactical, patterns)
}

#[cfg(test)]
mod tests;
