//! Searching without choosing a move: analysis (the search reported as it
//! goes, with each point's expected owner) and pondering on the
//! opponent's time.

use super::Player;
use crate::board::{Color, Game, Point};
use crate::judge::refine_ownership;
use crate::mcts::{Limits, Reporter, SearchResult, Task};
use std::sync::atomic::AtomicBool;

/// What an analysis asks of the search beyond the position.
#[derive(Clone, Debug, Default)]
pub struct AnalysisRequest {
    /// Each point's expected owner, in all and per root move.
    pub ownership: bool,
    pub moves_ownership: bool,
    /// Root moves left out (`None`: the pass).
    pub avoid: Vec<Option<Point>>,
    /// Playouts or a deadline; none: until stopped.
    pub limits: Limits,
}

impl Player {
    /// Search the position for `c` until `stop` is set or the request's
    /// limits end it, reporting as it goes (analysis). With ownership
    /// asked for, the reports carry each point's expected owner.
    pub fn analyze(
        &mut self,
        game: &Game,
        c: Color,
        stop: &AtomicBool,
        request: &AnalysisRequest,
        reporter: Option<Reporter<'_>>,
    ) -> SearchResult {
        let task = Task {
            ownership: request.ownership,
            moves_ownership: request.moves_ownership,
            avoid: request.avoid.clone(),
            ..self.task(game, c, request.limits.clone())
        };
        // The ownership shown reads strings and unconditional life as the
        // judgement does.
        let refine = |r: &SearchResult| {
            let mut r = r.clone();
            if let Some(own) = r.ownership.as_mut() {
                refine_ownership(game.board(), own);
            }
            r
        };
        let result = match reporter {
            Some(Reporter { interval, report }) => {
                let mut refined = |r: &SearchResult| report(&refine(r));
                let reporter = Reporter {
                    interval,
                    report: &mut refined,
                };
                self.search().run(game, &task, stop, Some(reporter))
            }
            None => self.search().run(game, &task, stop, None),
        };
        let result = refine(&result);
        log::debug!(
            "analysis for {c}: {} playouts in {:.2} s",
            result.playouts,
            result.elapsed.as_secs_f64()
        );
        result
    }

    /// Search the position for the side to move (the opponent, after our
    /// `genmove`) until `stop` is set or the tree is full: the next
    /// `genmove` reuses the subtree of the move the opponent chose.
    pub fn ponder(&mut self, game: &Game, stop: &AtomicBool) {
        if game.is_over() {
            return;
        }
        let limits = Limits {
            stop_when_full: true,
            ..Limits::default()
        };
        let task = self.task(game, game.to_move(), limits);
        let r = self.search().run(game, &task, stop, None);
        log::debug!(
            "pondered for {}: {} playouts in {:.2} s, stop: {}, best {:?}",
            task.to_move,
            r.playouts,
            r.elapsed.as_secs_f64(),
            r.stop_reason,
            r.best.map(|m| m.map(|p| p.to_gtp(game.size())))
        );
    }
}
