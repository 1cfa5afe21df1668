//! `tianyuan review`: every position of a game record's main line
//! searched, and the record written back with what the search found.
//!
//! Each move's node gets the win rate for Black after the move in `SBKV`
//! (percent) and Black's score lead in `SBKS`, the properties Sabaki
//! draws its graph from (on the node whose position was analysed, Black's
//! view, plain numbers with two decimals); a comment with the engine's
//! preferred move, its win rate and lead, and what the played move lost;
//! and, where it lost more than the threshold, `DO` (a mistake) or `BM`
//! (a blunder: twice the threshold) and the engine's line as a variation.
//! The root comment sums each player's moves up. Every property and
//! comment of the original stays (`sgf::tree` keeps them as written).
//!
//! A move's loss compares two searches: of the position before it (the
//! best move's win rate and lead for the player) and of the position
//! after it (for the opponent). The move the engine itself prefers loses
//! nothing by definition, whatever noise the two searches have.

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::board::{Color, Game, Move, Point};
use crate::engine::Engine;
use crate::mcts::SearchResult;
use crate::player::{Options, Player};
use crate::sgf::tree::Tree;
use crate::time::TimeState;

/// How to review.
#[derive(Clone, Debug)]
pub struct ReviewOptions {
    /// The search's options (threads, playouts or time, seed, tree size).
    pub engine: Options,
    /// First and last move numbers to review (1-based, inclusive).
    pub from: usize,
    pub to: Option<usize>,
    /// A move that loses this much win rate (0..1) is a mistake, twice as
    /// much a blunder.
    pub threshold: f64,
    /// The same in points, when set (default: 5 on 19x19, none below).
    pub point_threshold: Option<f64>,
    /// Longest variation added, in moves.
    pub variation_moves: usize,
}

impl ReviewOptions {
    pub fn new(engine: Options) -> ReviewOptions {
        ReviewOptions {
            engine,
            from: 1,
            to: None,
            threshold: 0.10,
            point_threshold: None,
            variation_moves: 10,
        }
    }

    /// The point threshold for a board of `size`.
    fn points_for(&self, size: usize) -> Option<f64> {
        self.point_threshold.or((size >= 19).then_some(5.0))
    }
}

/// What the search says of one position, from Black's view.
#[derive(Clone, Debug)]
struct Eval {
    /// Black's win rate (0..1).
    black_win: f64,
    /// Black's score lead in points.
    black_lead: f64,
    /// The side to move and its preferred move with its line.
    to_move: Color,
    best: Option<Move>,
    pv: Vec<Move>,
    playouts: u64,
    /// The root moves the search tried: Black's win rate and lead through
    /// each, and its visits.
    moves: Vec<(Move, f64, f64, u32)>,
}

impl Eval {
    fn of(result: &SearchResult, to_move: Color) -> Eval {
        let sign = if to_move == Color::Black { 1.0 } else { -1.0 };
        let win = result.win_rate;
        let best = result.moves.first();
        let lead = best.and_then(|m| m.score).unwrap_or(result.score);
        let to_move_ = |m: Option<Point>| m.map_or(Move::Pass, Move::Play);
        Eval {
            black_win: if to_move == Color::Black {
                win
            } else {
                1.0 - win
            },
            black_lead: sign * lead,
            to_move,
            best: result.best.map(to_move_),
            pv: best
                .map(|m| m.pv.iter().map(|&p| to_move_(p)).collect())
                .unwrap_or_default(),
            playouts: result.playouts,
            moves: result
                .moves
                .iter()
                .filter(|m| m.stats.visits > 0)
                .map(|m| {
                    let w = m.stats.win_rate();
                    let black_win = if to_move == Color::Black { w } else { 1.0 - w };
                    let lead = sign * m.score.unwrap_or(result.score);
                    (to_move_(m.mv), black_win, lead, m.stats.visits)
                })
                .collect(),
        }
    }

    /// The count of a finished game as an evaluation: certain.
    fn finished(game: &Game, options: &Options) -> Eval {
        let status = crate::judge::final_status(game, options.judge_params());
        let winner = game.winner(status.score);
        Eval {
            black_win: match winner {
                Some(Color::Black) => 1.0,
                Some(Color::White) => 0.0,
                None => 0.5,
            },
            black_lead: status.score.0,
            to_move: game.to_move(),
            best: None,
            pv: Vec::new(),
            playouts: 0,
            moves: Vec::new(),
        }
    }
}

/// Fewest simulations through a played move for the search before it to
/// value it (with at least a fiftieth of the position's).
const MIN_MOVE_VISITS: u64 = 30;

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    Good,
    Mistake,
    Blunder,
}

/// One player's sums.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    pub moves: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// Win rate lost in all (0..1 a move) and points lost in all.
    pub win_lost: f64,
    pub points_lost: f64,
}

impl PlayerSummary {
    fn line(&self, name: &str) -> String {
        let n = self.moves.max(1) as f64;
        format!(
            "{name}: {} moves analysed, {} mistakes, {} blunders, mean loss {:.1}% and {:.1} points a move",
            self.moves,
            self.mistakes,
            self.blunders,
            100.0 * self.win_lost / n,
            self.points_lost / n
        )
    }
}

/// One reviewed move.
#[derive(Clone, Debug)]
pub struct MoveReview {
    /// 1-based move number.
    pub number: usize,
    pub color: Color,
    pub played: Move,
    /// The engine's preferred move in the position before.
    pub best: Option<Move>,
    /// Win rate (0..1) and points the played move lost for its player.
    pub win_lost: f64,
    pub points_lost: f64,
    /// Black's win rate (0..1) and lead after the move.
    pub black_win: f64,
    pub black_lead: f64,
    pub verdict: Verdict,
}

/// A reviewed record.
#[derive(Clone, Debug)]
pub struct Reviewed {
    /// The record with the review in it.
    pub text: String,
    pub moves: Vec<MoveReview>,
    /// Black's and White's sums.
    pub summary: [PlayerSummary; 2],
    /// Why the review stopped before the end of the record (an illegal
    /// move), if it did.
    pub stopped: Option<String>,
}

/// Progress of a review, for stderr.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Positions searched and to search.
    pub done: usize,
    pub total: usize,
    pub elapsed: f64,
}

impl Progress {
    /// Seconds still to go, at the rate so far.
    pub fn left(&self) -> f64 {
        if self.done == 0 {
            return 0.0;
        }
        self.elapsed / self.done as f64 * (self.total - self.done) as f64
    }
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

fn sgf_move(m: Move, size: usize) -> String {
    match m {
        Move::Pass => String::new(),
        Move::Play(p) => crate::sgf::point_text(p.xy(size), size),
    }
}

fn lead_text(black_lead: f64) -> String {
    if black_lead >= 0.0 {
        format!("B+{black_lead:.1}")
    } else {
        format!("W+{:.1}", -black_lead)
    }
}

/// Review the record `text`. `progress` is called after each position.
/// An unreadable record or board is an error and nothing is written; an
/// illegal move ends the review there (`Reviewed::stopped`).
pub fn review(
    text: &str,
    options: &ReviewOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<Reviewed, String> {
    let mut tree = Tree::parse(text).map_err(|e| e.to_string())?;
    let (record, info) = crate::sgf::parse_with_info(text).map_err(|e| e.to_string())?;
    let size = record.size;
    let main = tree.main_line();
    if main.len() != record.nodes.len() {
        return Err(format!(
            "the main line reads as {} nodes and as {}",
            main.len(),
            record.nodes.len()
        ));
    }
    let moves = record_moves(&record)?;
    let (first, last) = move_range(options, moves.len())?;
    // Positions before move `first` to after move `last`: position k has
    // moves 1..=k played.
    let positions = first.saturating_sub(1)..=last.max(first.saturating_sub(1));
    let (evals, stopped) = search_positions(text, &moves, positions, options, size, progress)?;
    // The position before the first move reviewed goes on its parent node
    // (the root for a whole game).
    if let Some(e) = evals.first() {
        let node = if first <= 1 {
            main[0]
        } else {
            main[moves[first - 2].node]
        };
        set_eval(&mut tree, node, e);
    }
    let mut reviews = Vec::new();
    let mut summary = [PlayerSummary::default(), PlayerSummary::default()];
    for (j, pair) in evals.windows(2).enumerate() {
        let (before, after) = (&pair[0], &pair[1]);
        let k = first + j; // the move between them, 1-based
        let played = moves[k - 1];
        let node = main[played.node];
        let review = assess(k, played, before, after, options, size);
        summary[played.color.index()].add(&review);
        set_eval(&mut tree, node, after);
        tree.nodes[node].append_comment(&move_comment(&review, before, after, size));
        mark(&mut tree, node, review.verdict);
        if review.verdict != Verdict::Good && !before.pv.is_empty() {
            // The engine's line, from the node before the move.
            let line = engine_line(&review, before, options.variation_moves, size);
            tree.add_variation(main[played.node - 1], line);
        }
        reviews.push(review);
    }
    let comment = root_comment(info, options, first, &reviews, &summary, stopped.as_deref());
    tree.nodes[0].append_comment(&comment);
    Ok(Reviewed {
        text: tree.write(),
        moves: reviews,
        summary,
        stopped,
    })
}

/// A move of the record's main line.
#[derive(Clone, Copy, Debug)]
struct RecordMove {
    /// Its node's index in the main line.
    node: usize,
    color: Color,
    mv: Move,
}

/// The moves of the record's main line.
fn record_moves(record: &crate::sgf::SgfGame) -> Result<Vec<RecordMove>, String> {
    let mut moves = Vec::new();
    for (i, node) in record.nodes.iter().enumerate() {
        if let Some((color, at)) = node.mv {
            let mv = match at {
                None => Move::Pass,
                Some((x, y)) => Move::Play(
                    Point::new(x, y, record.size)
                        .ok_or_else(|| "a move off the board".to_string())?,
                ),
            };
            moves.push(RecordMove { node: i, color, mv });
        }
    }
    Ok(moves)
}

/// The first and last move numbers to review of a record of `moves` moves.
fn move_range(options: &ReviewOptions, moves: usize) -> Result<(usize, usize), String> {
    let last = options.to.unwrap_or(moves).min(moves);
    let first = options.from.max(1);
    if first > moves.max(1) || first > last.max(1) {
        return Err(format!(
            "no moves to review from move {first} to {} (the record has {moves})",
            options.to.map_or("the end".to_string(), |t| t.to_string()),
        ));
    }
    Ok((first, last))
}

/// Search each position of `positions` (position k has moves 1..=k
/// played), calling `progress` after each. Each is loaded when its turn
/// comes (a game keeps a board a move for undo: all of them at once would
/// take hundreds of megabytes on 19x19). A move that cannot be played ends
/// the searches there, with why; at the first position it is an error.
fn search_positions(
    text: &str,
    moves: &[RecordMove],
    positions: std::ops::RangeInclusive<usize>,
    options: &ReviewOptions,
    size: usize,
    progress: &mut dyn FnMut(Progress),
) -> Result<(Vec<Eval>, Option<String>), String> {
    let first = *positions.start();
    let total = positions.clone().count();
    let mut loader = Engine::default();
    let mut stopped = None;
    let mut engine_options = options.engine.clone();
    engine_options.ponder = false;
    let mut player = Player::new(engine_options.clone());
    // The score leads are the game's own: no dynamic komi.
    player.params.dynamic_komi_per_stone = 0.0;
    let time = TimeState::default();
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut evals = Vec::with_capacity(total);
    for k in positions {
        if let Err(e) = loader.load_sgf(text, Some(k + 1)) {
            if k == first {
                return Err(e);
            }
            let m = moves[k - 1];
            stopped = Some(format!(
                "move {k} ({} {}) cannot be played: {e}; reviewed up to move {}",
                color_word(m.color),
                m.mv.to_gtp(size),
                k - 1
            ));
            break;
        }
        let game = loader.game();
        // The side to move is the record's next mover where there is one.
        let to_move = moves.get(k).map_or(game.to_move(), |m| m.color);
        let eval = if game.is_over() {
            Eval::finished(game, &engine_options)
        } else {
            let result = player.think(game, to_move, &time, &stop);
            Eval::of(result, to_move)
        };
        evals.push(eval);
        progress(Progress {
            done: evals.len(),
            total,
            elapsed: start.elapsed().as_secs_f64(),
        });
    }
    Ok((evals, stopped))
}

impl Verdict {
    /// The verdict on a loss of `lost` where `limit` makes a mistake.
    fn of(limit: f64, lost: f64) -> Verdict {
        if lost >= 2.0 * limit {
            Verdict::Blunder
        } else if lost >= limit {
            Verdict::Mistake
        } else {
            Verdict::Good
        }
    }
}

impl PlayerSummary {
    fn add(&mut self, r: &MoveReview) {
        self.moves += 1;
        self.win_lost += r.win_lost;
        self.points_lost += r.points_lost;
        match r.verdict {
            Verdict::Mistake => self.mistakes += 1,
            Verdict::Blunder => self.blunders += 1,
            Verdict::Good => {}
        }
    }
}

/// What move `number`, `played`, lost by the searches of the positions
/// `before` and `after` it, and the verdict.
fn assess(
    number: usize,
    played: RecordMove,
    before: &Eval,
    after: &Eval,
    options: &ReviewOptions,
    size: usize,
) -> MoveReview {
    let c = played.color;
    let sign = if c == Color::Black { 1.0 } else { -1.0 };
    let engine_move = before.best == Some(played.mv) && before.to_move == c;
    // Black's win rate and lead after the move: from the search before
    // it when that tried the move enough (the same search for both
    // moves, so the mover's optimism is on both sides), else from the
    // search after it.
    let enough = (before.playouts / 50).max(MIN_MOVE_VISITS);
    let (played_win, played_lead) = before
        .moves
        .iter()
        .find(|m| m.0 == played.mv && u64::from(m.3) >= enough)
        .map_or((after.black_win, after.black_lead), |m| (m.1, m.2));
    let (win_lost, points_lost) = if engine_move {
        (0.0, 0.0)
    } else {
        (
            (sign * (before.black_win - played_win)).max(0.0),
            (sign * (before.black_lead - played_lead)).max(0.0),
        )
    };
    let verdict = Verdict::of(options.threshold, win_lost).max(
        options
            .points_for(size)
            .map_or(Verdict::Good, |t| Verdict::of(t, points_lost)),
    );
    MoveReview {
        number,
        color: c,
        played: played.mv,
        best: before.best,
        win_lost,
        points_lost,
        black_win: after.black_win,
        black_lead: after.black_lead,
        verdict,
    }
}

/// The comment on a reviewed move: the position after it, the engine's
/// preferred move with what the move lost, and the verdict.
fn move_comment(r: &MoveReview, before: &Eval, after: &Eval, size: usize) -> String {
    let mut comment = format!(
        "tianyuan: {} {} ({} playouts a position)\nafter it: Black {:.1}%, {}",
        color_word(r.color),
        r.played.to_gtp(size),
        before.playouts.max(after.playouts),
        100.0 * after.black_win,
        lead_text(after.black_lead)
    );
    if let Some(best) = before.best.filter(|_| before.to_move == r.color) {
        let _ = write!(
            comment,
            "\nbest: {} (Black {:.1}%, {})",
            best.to_gtp(size),
            100.0 * before.black_win,
            lead_text(before.black_lead)
        );
        if best == r.played {
            comment.push_str(", the move played");
        } else {
            let _ = write!(
                comment,
                "\nlost: {:.1}% and {:.1} points",
                100.0 * r.win_lost,
                r.points_lost
            );
        }
    }
    match r.verdict {
        Verdict::Mistake => comment.push_str("\nmistake"),
        Verdict::Blunder => comment.push_str("\nblunder"),
        Verdict::Good => {}
    }
    comment
}

/// `DO` on a mistake's node and `BM` on a blunder's, unless the record
/// already judges the move.
fn mark(tree: &mut Tree, node: usize, verdict: Verdict) {
    let marked = ["BM", "DO", "TE", "IT"]
        .iter()
        .any(|m| tree.nodes[node].get(m).is_some());
    if verdict != Verdict::Good && !marked {
        match verdict {
            Verdict::Blunder => tree.nodes[node].set("BM", "1"),
            _ => tree.nodes[node].set("DO", ""),
        }
    }
}

/// The engine's line instead of the reviewed move, at most `max` moves, as
/// the nodes of a variation (the first with a comment and `TE`).
fn engine_line(
    r: &MoveReview,
    before: &Eval,
    max: usize,
    size: usize,
) -> Vec<Vec<(&'static str, String)>> {
    let mut color = r.color;
    before
        .pv
        .iter()
        .take(max)
        .enumerate()
        .map(|(i, &m)| {
            let mut props = vec![(crate::sgf::color_letter(color), sgf_move(m, size))];
            if i == 0 {
                props.push((
                    "C",
                    format!(
                        "tianyuan's line instead of {}: Black {:.1}%, {}",
                        r.played.to_gtp(size),
                        100.0 * before.black_win,
                        lead_text(before.black_lead)
                    ),
                ));
                props.push(("TE", "1".into()));
            }
            color = !color;
            props
        })
        .collect()
}

/// The root comment: the review's budget and moves, each player's sums,
/// and why it stopped early, if it did.
fn root_comment(
    info: crate::sgf::GameInfo,
    options: &ReviewOptions,
    first: usize,
    reviews: &[MoveReview],
    summary: &[PlayerSummary; 2],
    stopped: Option<&str>,
) -> String {
    let name = |n: Option<String>, or: &str| {
        n.map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| or.into())
    };
    let names = [
        name(info.black_player, "Black"),
        name(info.white_player, "White"),
    ];
    let mut comment = format!(
        "Reviewed by tianyuan {} ({}): moves {}-{}",
        env!("CARGO_PKG_VERSION"),
        budget_text(&options.engine),
        first,
        reviews.last().map_or(first.saturating_sub(1), |r| r.number)
    );
    for c in Color::BOTH {
        let name = if names[c.index()] == color_word(c) {
            color_word(c).to_string()
        } else {
            format!("{} ({})", color_word(c), names[c.index()])
        };
        let _ = write!(comment, "\n{}", summary[c.index()].line(&name));
    }
    if let Some(why) = stopped {
        let _ = write!(comment, "\nstopped: {why}");
    }
    comment
}

/// The budget a position, as said in the root comment.
fn budget_text(options: &Options) -> String {
    match options.playouts {
        Some(n) => format!("{n} playouts a position"),
        None => format!("{} s a position", options.time),
    }
}

/// `SBKV` and `SBKS` on `node`.
fn set_eval(tree: &mut Tree, node: usize, e: &Eval) {
    let round2 = |v: f64| {
        let r = (v * 100.0).round() / 100.0;
        if r == 0.0 {
            "0".to_string()
        } else {
            format!("{r}")
        }
    };
    tree.nodes[node].set("SBKV", &round2(100.0 * e.black_win));
    tree.nodes[node].set("SBKS", &round2(e.black_lead));
}
