//! The player: turns the engine's game and clock into a search, and the
//! search's answer into an [`Answer`] (a move, a pass or a resignation).
//! Knows nothing of GTP text. Its parts: the settings ([`options`]), the
//! end-of-game decisions that rest on the judgement ([`endgame`]), and
//! searching without choosing a move ([`analysis`]: analysis, pondering).

pub mod analysis;
mod endgame;
mod options;
pub mod rank;

pub use options::{dynamic_komi, Options, PlayerParams};
pub use rank::Rank;

use crate::board::{Color, Game, Move, Point};
use crate::mcts::{Limits, Reporter, Search, SearchResult, Task};
use crate::time::{budget, TimeState};
use endgame::Endgame;
pub use endgame::GenMode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A player's answer to `genmove`: a move on the board, or a resignation
/// (which is no board move: the game ends without one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    Move(Move),
    Resign,
}

impl Answer {
    /// Parse a `genmove` reply (`resign`, `pass` or a vertex) on a board of
    /// side `size`.
    pub fn parse(s: &str, size: usize) -> Option<Answer> {
        if s.eq_ignore_ascii_case("resign") {
            Some(Answer::Resign)
        } else {
            Move::parse(s, size).map(Answer::Move)
        }
    }

    pub fn to_gtp(self, size: usize) -> String {
        match self {
            Answer::Move(mv) => mv.to_gtp(size),
            Answer::Resign => "resign".to_string(),
        }
    }
}

/// The player state kept between moves.
pub struct Player {
    pub options: Options,
    pub params: PlayerParams,
    search: Option<Search>,
    /// The last search, for reports.
    last: Option<SearchResult>,
    /// What the last search was for: the side it searched for, the
    /// board's hash and the number of moves played.
    last_position: Option<(Color, u64, usize)>,
    /// Searches started so far: each takes its own seed from it, so that a
    /// process that plays several games (a match's engine) does not repeat
    /// the same game when its moves are fixed by playouts and one thread.
    searches: u64,
}

impl Player {
    pub fn new(options: Options) -> Player {
        Player {
            options,
            params: PlayerParams::default(),
            search: None,
            last: None,
            last_position: None,
            searches: 0,
        }
    }

    fn search(&mut self) -> &mut Search {
        let nodes = self.options.max_tree_mb.max(1) * (1 << 20) / crate::mcts::Tree::NODE_BYTES;
        let stale = self
            .search
            .as_ref()
            .is_some_and(|s| s.capacity() != nodes / 2 * 2);
        if stale || self.search.is_none() {
            self.search = None;
            let params = self.options.search_params();
            self.search = Some(Search::new(nodes, params));
        }
        self.search.as_mut().expect("just made")
    }

    /// Choose a move for `c` in `game`, spending what `time` allows, or
    /// less when `stop` is set (the controller interrupts); `reporter`
    /// sees the search as it goes.
    pub fn genmove(
        &mut self,
        game: &Game,
        c: Color,
        time: &TimeState,
        mode: GenMode,
        stop: &AtomicBool,
        reporter: Option<Reporter<'_>>,
    ) -> Answer {
        let start = Instant::now();
        let deadline = self.move_deadline(game, c, time, start);
        let tax = self.tax_endgame(game);
        let judge = self.options.judge_params();
        let mut endgame = Endgame::new(game, c, mode, tax, judge, start, deadline);
        if let Some(mv) = endgame.before_search() {
            return Answer::Move(mv);
        }
        let deadline = endgame.search_deadline();
        let style = match self.options.rank {
            rank::Rank::Max => None,
            r => self.options.rank_style.or(rank::Style::of(r)),
        };
        let result = match style {
            None => self.search_move(game, c, time, deadline, stop, reporter, None),
            Some(style) => {
                // A rank answers within RANK_TIME without a time control;
                // with one, the clock's budget for the move bounds it.
                let deadline = if time.control == crate::time::TimeControl::None {
                    Some(Instant::now() + rank::RANK_TIME)
                } else {
                    deadline
                };
                let sight = self.rank_sight(game, c, &style);
                let (playouts, looked_at_all) = (sight.playouts, sight.avoid.is_empty());
                let result = self.search_move(game, c, time, deadline, stop, reporter, Some(sight));
                if result.best == Some(None) && !looked_at_all {
                    // It would pass without having seen every move: it
                    // looks again at all of them (a person does not pass
                    // while there is a move to play), and passes only if
                    // that search would too.
                    let sight = Sight {
                        playouts,
                        avoid: Vec::new(),
                    };
                    self.search_move(game, c, time, deadline, stop, None, Some(sight))
                } else {
                    result
                }
            }
        };
        let answer = self.choose(game, &result, &mut endgame);
        self.remember(game, c, result);
        answer
    }

    /// Search the position for `c` with the per-move budget of
    /// [`Player::genmove`], without choosing or playing a move; the result
    /// is kept as [`Player::last`].
    pub fn think(
        &mut self,
        game: &Game,
        c: Color,
        time: &TimeState,
        stop: &AtomicBool,
    ) -> &SearchResult {
        let deadline = self.move_deadline(game, c, time, Instant::now());
        let result = self.search_move(game, c, time, deadline, stop, None, None);
        self.remember(game, c, result);
        self.last.as_ref().expect("just kept")
    }

    /// The last search, if it was for `c` in `game`'s current position.
    pub fn last_for(&self, game: &Game, c: Color) -> Option<&SearchResult> {
        let here = (c, game.board().hash(), game.moves().len());
        self.last
            .as_ref()
            .filter(|_| self.last_position == Some(here))
    }

    fn remember(&mut self, game: &Game, c: Color, result: SearchResult) {
        self.last_position = Some((c, game.board().hash(), game.moves().len()));
        self.last = Some(result);
    }

    /// What a rank below the top ([`rank`]) searches this move: its
    /// simulations (or the options' fewer), among a sample of the moves.
    fn rank_sight(&self, game: &Game, c: Color, style: &rank::Style) -> Sight {
        let playouts = self
            .options
            .playouts
            .map_or(style.playouts, |p| p.min(style.playouts));
        let seed = self.options.seed ^ self.searches.wrapping_mul(0xD1B5_4A32_D192_ED03);
        Sight {
            playouts,
            avoid: rank::unseen_moves(game, c, style, self.options.patterns, seed),
        }
    }

    /// The search of a move for `c`, until `deadline` (or the options'
    /// playouts), or as a rank's `sight` allows.
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        game: &Game,
        c: Color,
        time: &TimeState,
        deadline: Option<Instant>,
        stop: &AtomicBool,
        reporter: Option<Reporter<'_>>,
        sight: Option<Sight>,
    ) -> SearchResult {
        let board = game.board();
        let playouts = sight
            .as_ref()
            .map_or(self.options.playouts, |s| Some(s.playouts));
        let limits = Limits {
            playouts,
            deadline,
            early_stop: playouts.is_none()
                && budget::time_carries_over(time.control, &time.clocks[c]),
            stop_when_full: false,
            ..Limits::default()
        };
        let mut task = self.task(game, c, limits);
        if let Some(sight) = sight {
            task.avoid = sight.avoid;
        }
        let offset = task.komi_offset;
        let result = self.search().run(game, &task, stop, reporter);
        log::debug!(
            "{c}: {} playouts in {:.2} s ({:.0}/s), stop: {}, best {:?} win rate {:.3}, dynamic komi {offset}",
            result.playouts,
            result.elapsed.as_secs_f64(),
            result.playouts as f64 / result.elapsed.as_secs_f64().max(1e-6),
            result.stop_reason,
            result.best.map(|m| m.map(|p| p.to_gtp(board.size()))),
            result.win_rate
        );
        result
    }

    /// When the move of `c` begun at `start` must be chosen: `None` when
    /// only a number of simulations limits it (fixed playouts and no
    /// time control).
    fn move_deadline(
        &self,
        game: &Game,
        c: Color,
        time: &TimeState,
        start: Instant,
    ) -> Option<Instant> {
        let board = game.board();
        let budget = budget::for_move(
            time.control,
            &time.clocks[c],
            board.empty_count(),
            board.size() * board.size(),
            self.options.time,
        );
        (self.options.playouts.is_none() || time.control != crate::time::TimeControl::None)
            .then_some(start + budget)
    }

    /// A search for `c` in `game` with these limits: the options' threads,
    /// the next search's seed, the game's dynamic komi, no ownership counts.
    fn task(&mut self, game: &Game, c: Color, limits: Limits) -> Task {
        // The first search uses the seed as given; later ones step away
        // from it (an odd multiplier keeps the steps distinct).
        let seed = self
            .options
            .seed
            .wrapping_add(self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.searches += 1;
        Task {
            to_move: c,
            komi_offset: dynamic_komi(game, &self.params),
            threads: self.options.threads,
            seed,
            limits,
            ownership: false,
            moves_ownership: false,
            avoid: Vec::new(),
        }
    }

    /// The answer to play from the search's `result`: a resignation when
    /// the game is lost (and the rules of resigning allow it), the move
    /// the group tax's tiebreak picks, the search's best move, or what the
    /// end of the game asks instead of a pass.
    fn choose(&self, game: &Game, result: &SearchResult, endgame: &mut Endgame) -> Answer {
        let Some(best) = result.best else {
            return Answer::Move(Move::Pass);
        };
        let early_handicap = !game.handicap_stones().is_empty()
            && game.moves().len() < self.params.resign_min_moves_handicap;
        if self.options.resign
            && result.playouts >= self.params.resign_min_playouts
            && result.win_rate < self.options.resign_threshold
            && !early_handicap
            && game.moves().len() >= self.params.resign_min_moves
        {
            return Answer::Resign;
        }
        let best = if self.tax_endgame(game) {
            score_tiebreak(result).unwrap_or(best)
        } else {
            best
        };
        Answer::Move(match best {
            Some(p) => Move::Play(p),
            None => endgame.instead_of_pass(result),
        })
    }

    /// Whether passes are checked against the group tax: under rules with
    /// the tax, unless the ablation parameter turns the rules off.
    fn tax_endgame(&self, game: &Game) -> bool {
        game.rules().group_tax()
            && self
                .search
                .as_ref()
                .is_none_or(|s| s.params.rules_in_playouts)
    }
}

/// What a rank below the top searches: this many simulations, among the
/// root moves it sees (the others avoided).
struct Sight {
    playouts: u64,
    avoid: Vec<Option<Point>>,
}

/// Under rules where points beyond the win decide what is worth playing
/// (the ancient game's group tax), the move to play among those the
/// search found as good: of the root moves with at least a third of the
/// most visited move's visits and a win rate within 0.02 of the chosen
/// move's, the one whose simulations ended with the best mean score for
/// the player. When the game is decided either way the win rates all
/// agree, and this is what still makes connecting its groups and cutting
/// the opponent's worth a move. `None` when the result has no such move.
fn score_tiebreak(result: &SearchResult) -> Option<Option<Point>> {
    let top = result.moves.first()?;
    let rate = top.stats.win_rate();
    let visits = result.moves.iter().map(|m| m.stats.visits).max()?;
    result
        .moves
        .iter()
        .filter(|m| 3 * m.stats.visits >= visits && m.stats.win_rate() >= rate - 0.02)
        .filter_map(|m| m.score.map(|s| (s, m.mv)))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, mv)| mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_read_and_write_as_gtp() {
        for (text, answer) in [
            ("resign", Answer::Resign),
            ("RESIGN", Answer::Resign),
            ("pass", Answer::Move(Move::Pass)),
            ("e5", Answer::Move(Move::parse("E5", 9).unwrap())),
        ] {
            assert_eq!(Answer::parse(text, 9), Some(answer), "{text}");
            assert_eq!(Answer::parse(&answer.to_gtp(9), 9), Some(answer));
        }
        assert_eq!(Answer::parse("z1", 9), None);
    }
}
