//! The final status of a game: the judgement as the rules in force count
//! it (what `final_score`, `final_status_list`, `tianyuan score` and the
//! match runner's count read).

use super::{judge, JudgeParams, Judgement};
use crate::board::{Bitboard, Color, Game, Point, Score};

/// The final count and status of every point.
pub struct FinalStatus {
    pub judgement: Judgement,
    pub score: Score,
    pub territory: [Vec<Point>; 2],
}

/// Judge the final position of `game` as `params` say.
pub fn final_status(game: &Game, params: JudgeParams) -> FinalStatus {
    let mut judgement = judge(game, params);
    if !game.rules().removes_dead_stones() {
        // Tromp-Taylor: every stone on the board counts as alive.
        judgement.dead = Bitboard::EMPTY;
    }
    let (count, score) = game.score(judgement.dead, judgement.seki);
    let territory = Color::BOTH.map(|c| {
        let mut points = count.area.territory_points[c];
        if game.rules().scoring() == crate::board::Scoring::Territory {
            // Territory counting: eyes in seki are nobody's.
            points -= count.seki_territory[c];
        }
        points.iter().collect()
    });
    FinalStatus {
        judgement,
        score,
        territory,
    }
}
