//! The player's settings: the options a user sets (command line, GTP) and
//! the numbers of its own that are not options (resignation, dynamic komi).

use crate::board::Game;
use crate::judge::JudgeParams;
use crate::mcts::SearchParams;

/// The player's settings (command-line options and GTP parameters).
#[derive(Clone, Debug)]
pub struct Options {
    /// Search threads.
    pub threads: usize,
    /// Fixed simulations per move (a reproducible strength level).
    pub playouts: Option<u64>,
    /// Seconds per move when no time control is set.
    pub time: f64,
    /// Memory bound of the search tree, in MiB.
    pub max_tree_mb: usize,
    /// Resign when the best move's win rate is below this.
    pub resign_threshold: f64,
    /// Whether resigning is allowed at all.
    pub resign: bool,
    /// Seed of the search's random numbers.
    pub seed: u64,
    /// Search on the opponent's time after `genmove`, until the next command.
    pub ponder: bool,
    /// Weight of the learned patterns' prior ([`crate::mcts::PriorParams::learned`]).
    pub learned_prior: u16,
    /// The learned patterns the priors use.
    pub patterns: &'static crate::patterns::Model,
    /// Heavy playouts of the end-of-game judgement (`final_score`,
    /// `final_status_list`, the pass decision).
    pub judge_playouts: u32,
    /// Simulations of the judgement's search of the strings it is unsure of.
    pub judge_search: u64,
    /// The rank it plays at ([`super::rank`]); `max` is the full player.
    pub rank: super::Rank,
    /// A style that a rank below `max` plays in place of its own, for
    /// calibration runs (`--rank-style`).
    pub rank_style: Option<super::rank::Style>,
    /// Search and playout parameters set by name
    /// ([`SearchParams::set`]), in order, after the defaults and
    /// `learned_prior`.
    pub params: Vec<(String, String)>,
}

impl Options {
    /// How the end of a game is judged with these options.
    pub fn judge_params(&self) -> JudgeParams {
        JudgeParams {
            playouts: self.judge_playouts,
            search: self.judge_search,
            ..JudgeParams::new(self.threads)
        }
    }

    /// The search's parameters these options ask for.
    pub fn search_params(&self) -> SearchParams {
        let defaults = SearchParams::default();
        let mut params = SearchParams {
            priors: crate::mcts::PriorParams {
                learned: self.learned_prior,
                ..defaults.priors
            },
            patterns: Some(self.patterns),
            ..defaults
        };
        for (name, value) in &self.params {
            // Checked when the options were made (main's --param).
            if let Err(e) = params.set(name, value) {
                log::warn!("--param {name}={value}: {e}");
            }
        }
        params
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            playouts: None,
            time: 2.0,
            max_tree_mb: 512,
            resign_threshold: 0.1,
            resign: true,
            seed: 1,
            ponder: false,
            learned_prior: crate::mcts::PriorParams::default().learned,
            patterns: crate::patterns::shipped(),
            params: Vec::new(),
            rank: super::Rank::Max,
            rank_style: None,
            judge_playouts: crate::judge::JUDGE_PLAYOUTS,
            judge_search: crate::judge::JUDGE_SEARCH,
        }
    }
}

/// The player's numbers that are not options: when it may resign, and
/// its dynamic komi. None has been tuned by matches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerParams {
    /// Simulations a resignation needs behind it. Default 2,000 (the first
    /// player, `767fd49`; issue 3 asks for "enough visits"), not measured.
    pub resign_min_playouts: u64,
    /// Moves of the game before which the player never resigns. Default
    /// 10 (`767fd49`), not measured.
    pub resign_min_moves: usize,
    /// The same in a handicap game, whose first moves look lost to White
    /// and won to Black. Default 40 (`767fd49`; issue 3: "never in the
    /// first moves of a handicap game"), not measured.
    pub resign_min_moves_handicap: usize,
    /// Points of dynamic komi per handicap stone at the start of the game.
    /// Default 7 (`953bfcf`), not measured; Pachi 12.90's linear dynamic
    /// komi imposes 12 a stone when it plays Black and 8 as White.
    pub dynamic_komi_per_stone: f64,
    /// Share of the board's points played by which the dynamic komi has
    /// fallen to none. Default 0.55 (`953bfcf`), not measured: 199 moves
    /// on 19x19, about the 200 of Pachi's linear dynamic komi as Black.
    pub dynamic_komi_horizon: f64,
}

impl Default for PlayerParams {
    fn default() -> PlayerParams {
        PlayerParams {
            resign_min_playouts: 2000,
            resign_min_moves: 10,
            resign_min_moves_handicap: 40,
            dynamic_komi_per_stone: 7.0,
            dynamic_komi_horizon: 0.55,
        }
    }
}

/// Extra komi Black is asked to give in a handicap game, in whole points:
/// `params.dynamic_komi_per_stone` a handicap stone at first (seven),
/// falling linearly to none once `params.dynamic_komi_horizon` (55%) of
/// the board's points have been played. It keeps the win rates
/// informative for both sides: White does not see every move as lost,
/// Black does not see every move as won and keeps the lead.
pub fn dynamic_komi(game: &Game, params: &PlayerParams) -> f64 {
    let stones = game.handicap_stones().len();
    if stones == 0 {
        return 0.0;
    }
    let horizon = params.dynamic_komi_horizon * (game.size() * game.size()) as f64;
    let left = (1.0 - game.moves().len() as f64 / horizon).max(0.0);
    (params.dynamic_komi_per_stone * stones as f64 * left).round()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Move, Rules};

    #[test]
    fn dynamic_komi_falls_to_zero() {
        let mut g = Game::new(19, 0.5, Rules::chinese());
        assert_eq!(dynamic_komi(&g, &PlayerParams::default()), 0.0);
        g.fixed_handicap(4).unwrap();
        assert_eq!(dynamic_komi(&g, &PlayerParams::default()), 28.0);
        let mut c = Color::White;
        for _ in 0..100 {
            g.play(c, Move::Pass).unwrap();
            c = !c;
        }
        let mid = dynamic_komi(&g, &PlayerParams::default());
        assert!(mid > 0.0 && mid < 28.0, "{mid}");
        for _ in 0..150 {
            g.play(c, Move::Pass).unwrap();
            c = !c;
        }
        assert_eq!(dynamic_komi(&g, &PlayerParams::default()), 0.0);
    }
}
