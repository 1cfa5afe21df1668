//! The end of a game as the player meets it: the position's judgement,
//! made at most once a move, and every decision that rests on it in one
//! place: passing after the opponent's pass when the count wins, taking
//! dead stones off first (`kgs-genmove_cleanup`, Tromp-Taylor, area
//! counting), and the group tax's points worth a move before passing.

use crate::board::{AreaCount, Bitboard, Board, Color, Count, Game, Move, Point, Scoring};
use crate::judge::{judge, JudgeParams, Judgement};
use crate::mcts::SearchResult;
use crate::tactics;
use std::time::Instant;

/// How `genmove` treats the move it finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenMode {
    /// Play it (`genmove`).
    Play,
    /// Only say it (`reg_genmove`).
    Regression,
    /// Capture every dead stone before passing (`kgs-genmove_cleanup`).
    Cleanup,
}

/// One move's end-of-game decisions for `c` in `game`, begun at `start`
/// and due by `deadline`.
pub(super) struct Endgame<'g> {
    game: &'g Game,
    c: Color,
    mode: GenMode,
    /// Whether passes are checked against the group tax.
    tax: bool,
    /// How the position is judged, but for the deadline.
    params: JudgeParams,
    start: Instant,
    deadline: Option<Instant>,
    /// The position's judgement, once asked for.
    judged: Option<Judgement>,
}

impl<'g> Endgame<'g> {
    pub(super) fn new(
        game: &'g Game,
        c: Color,
        mode: GenMode,
        tax: bool,
        params: JudgeParams,
        start: Instant,
        deadline: Option<Instant>,
    ) -> Endgame<'g> {
        Endgame {
            game,
            c,
            mode,
            tax,
            params,
            start,
            deadline,
            judged: None,
        }
    }

    /// The position's judgement: made the first time it is asked for, to
    /// be done by `by`; later asks get the same one.
    fn judgement(&mut self, by: Option<Instant>) -> &Judgement {
        let params = JudgeParams {
            deadline: by,
            ..self.params
        };
        let game = self.game;
        self.judged.get_or_insert_with(|| judge(game, params))
    }

    /// The answer before any search: after the opponent's pass, when the
    /// count already wins for `c` (and, cleaning up, no dead stone of the
    /// opponent's is left), pass, or first play the group tax's point or
    /// take dead stones off. The position is judged here, in at most 40%
    /// of the move's time, after the opponent's pass and when cleaning up.
    pub(super) fn before_search(&mut self) -> Option<Move> {
        let (game, c) = (self.game, self.c);
        let opponent_passed = matches!(game.last_move(), Some((col, Move::Pass)) if col != c);
        if !opponent_passed && self.mode != GenMode::Cleanup {
            return None;
        }
        let by = self
            .deadline
            .map(|d| self.start + d.saturating_duration_since(self.start).mul_f64(0.4));
        let (mode, tax) = (self.mode, self.tax);
        let j = self.judgement(by);
        if !opponent_passed {
            return None;
        }
        let (_, score) = game.score(j.dead, j.seki);
        let dead_of_opponent = !(j.dead & game.board().stones(!c)).is_empty();
        if game.winner(score) != Some(c) || (mode == GenMode::Cleanup && dead_of_opponent) {
            return None;
        }
        if let Some(p) = tax.then(|| by_the_tax(game, c, j)).flatten() {
            return Some(Move::Play(p));
        }
        if let Some(p) = capture_before_passing(game, c, j) {
            log::debug!(
                "opponent passed and {c} wins by {score}: {} takes dead stones off first",
                p.to_gtp(game.size())
            );
            return Some(Move::Play(p));
        }
        log::debug!("opponent passed and {c} wins by {score}: pass");
        Some(Move::Pass)
    }

    /// When the search must stop. Where a pass waits on a judgement after
    /// the search (Tromp-Taylor, the group tax) and none was made before
    /// it, the search leaves that judgement its own time.
    pub(super) fn search_deadline(&self) -> Option<Instant> {
        let judges_after =
            self.judged.is_none() && (!self.game.rules().removes_dead_stones() || self.tax);
        split_deadline(self.start, self.deadline, judges_after).0
    }

    /// What to play where the search found passing best: under
    /// `kgs-genmove_cleanup` and Tromp-Taylor (where stones left on the
    /// board count as alive), a move toward capturing the opponent's dead
    /// stones, or else the best move of `result` that is not a pass; under
    /// the group tax, a point worth playing; a pass otherwise.
    pub(super) fn instead_of_pass(&mut self, result: &SearchResult) -> Move {
        let (game, c) = (self.game, self.c);
        if self.mode == GenMode::Cleanup || !game.rules().removes_dead_stones() {
            let dead = self.judgement(self.deadline).dead & game.board().stones(!c);
            if dead.is_empty() {
                return Move::Pass;
            }
            return cleanup_move(game, c, dead)
                .or_else(|| result.moves.iter().find_map(|m| m.mv))
                .map_or(Move::Pass, Move::Play);
        }
        if !self.tax {
            return Move::Pass;
        }
        let j = self.judgement(self.deadline);
        by_the_tax(game, c, j).map_or(Move::Pass, Move::Play)
    }
}

/// Under the group tax, a move to play instead of passing: see
/// [`tax_move`].
fn by_the_tax(game: &Game, c: Color, judged: &Judgement) -> Option<Point> {
    let p = tax_move(game, c, judged)?;
    log::debug!(
        "{c} plays {} before passing: it gains by the count",
        p.to_gtp(game.size())
    );
    Some(p)
}

/// The share of a move's time that a judgement after the search gets
/// where the move may need one.
const JUDGE_AFTER_SEARCH: f64 = 0.2;

/// The deadlines of a move begun at `start` that must be chosen by
/// `deadline`: the search's and that of a judgement after it. Where the
/// move may need a judgement after the search (`judges_after`: a pass
/// under Tromp-Taylor or the group tax waits on it), the search stops
/// early and the judgement gets the last [`JUDGE_AFTER_SEARCH`] of the
/// time, so that its playouts run; otherwise the search takes it all.
fn split_deadline(
    start: Instant,
    deadline: Option<Instant>,
    judges_after: bool,
) -> (Option<Instant>, Option<Instant>) {
    let Some(d) = deadline else {
        return (None, None);
    };
    if !judges_after {
        return (Some(d), Some(d));
    }
    let budget = d.saturating_duration_since(start);
    (
        Some(start + budget.mul_f64(1.0 - JUDGE_AFTER_SEARCH)),
        Some(d),
    )
}

/// Under the ancient rules, the point worth playing before passing: of
/// the neutral points (dame, reaching both colours' living stones) where
/// `c` may play a stone that keeps at least two liberties, the one that
/// is worth the most by the count with `judged`'s dead stones taken off:
/// what it gains `c` (joining two of its groups saves the tax on one, two
/// points, and the point itself is one more) and what a stone of the
/// opponent's there would have gained the opponent (cutting: a join it
/// prevents). `None` when no point gains `c` anything.
fn tax_move(game: &Game, c: Color, judged: &Judgement) -> Option<Point> {
    let board = game.board();
    let dead = judged.dead;
    let margin = |b: &Board| {
        let count = Count::of(b, dead, judged.seki);
        count.points(game.rules(), c) - count.points(game.rules(), !c)
    };
    let before = margin(board);
    // What a stone of `who` at `p` gains `c`'s margin, if `who` may play it.
    let gain = |who: Color, p: Point| {
        if !game.is_legal(who, p) || tactics::move_effect(board, who, p).liberties < 2 {
            return None;
        }
        let mut after = board.clone();
        after.play(who, p).ok()?;
        Some(margin(&after) - before)
    };
    let now = AreaCount::count(board, dead);
    let neutral = board.empty_points()
        - now.territory_points[Color::Black]
        - now.territory_points[Color::White];
    let mut best: Option<(f64, Point)> = None;
    for p in &neutral {
        let Some(mine) = gain(c, p).filter(|&g| g > 0.0) else {
            continue;
        };
        // The point is worth what it gains and what the opponent would
        // gain there (a join of theirs it prevents).
        let value = mine - gain(!c, p).unwrap_or(0.0).min(0.0);
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, p));
        }
    }
    best.map(|(_, p)| p)
}

/// After the opponent's pass, when `c` wins by the count: the move that
/// takes the opponent's dead stones off the board before `c` passes too,
/// under area counting (a stone inside one's own area costs nothing
/// there). Passing at once would leave the count to whoever scores the
/// game: a referee or an opponent that counts those stones alive (GNU Go
/// did, in game 35 of the 9x9 series of docs/STRENGTH.md) turns a won game
/// into a lost one, and a stone that could live gets the chance to.
/// `None` when no dead stone of the opponent is left, under territory
/// counting, and under the group tax (a new stone may be a new group).
fn capture_before_passing(game: &Game, c: Color, judged: &Judgement) -> Option<Point> {
    let rules = game.rules();
    if rules.scoring() != Scoring::Area || rules.group_tax() {
        return None;
    }
    let dead = judged.dead & game.board().stones(!c);
    if dead.is_empty() {
        return None;
    }
    cleanup_move(game, c, dead)
}

/// A move of `c` toward capturing the opponent's `dead` stones: the
/// capture of a dead string in atari, or else a liberty of a dead string
/// that is no self-atari, the one that leaves the new stone the most
/// liberties. `None` when every such point is illegal or a self-atari.
fn cleanup_move(game: &Game, c: Color, dead: Bitboard) -> Option<Point> {
    let board = game.board();
    let liberties = dead.neighbours(board.stride()) & board.empty_points();
    let mut best: Option<(u32, Point)> = None;
    for p in &liberties {
        if !game.is_legal(c, p) {
            continue;
        }
        let e = tactics::move_effect(board, c, p);
        let captures_dead = e.captures > 0
            && board
                .neighbours(p)
                .iter()
                .any(|&n| dead.contains(n) && board.in_atari(n));
        let value = if captures_dead {
            u32::MAX
        } else if e.is_self_atari() {
            continue;
        } else {
            e.liberties
        };
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, p));
        }
    }
    best.map(|(_, p)| p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Rules;

    #[test]
    fn the_judgement_after_the_search_has_time_of_its_own() {
        // Issue 45: under Tromp-Taylor a pass waits on a judgement after
        // the search, which used to get the search's spent deadline: its
        // playouts did not run, White's dead bulky five (not in atari,
        // not certain) went unseen, and the player passed with it on the
        // board. Now the search stops early and the judgement gets the
        // rest of the move's time.
        let rows = [
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            "X X X X X . . . .",
            "O O O X X . . . .",
            ". . O O X . . . .",
            ". X . O X . . . .",
        ];
        let g = Game::from_rows(&rows, 7.5, Rules::tromp_taylor()).unwrap();
        let b = g.board().clone();
        let start = Instant::now();
        let deadline = start + std::time::Duration::from_millis(500);
        let (search, judgement) = split_deadline(start, Some(deadline), true);
        let (search, judgement) = (search.unwrap(), judgement.unwrap());
        assert_eq!(judgement, deadline);
        assert!(judgement.duration_since(search).as_millis() >= 99);
        // The search used all of its time.
        std::thread::sleep(search.saturating_duration_since(Instant::now()));
        let j = judge(
            &g,
            JudgeParams {
                deadline: Some(judgement),
                ..JudgeParams::new(2)
            },
        );
        let dead_white = b.stones(Color::White);
        assert_eq!(j.dead, dead_white, "the dead bulky five is found");
        // Where no judgement follows, the search keeps the whole move.
        assert_eq!(
            split_deadline(start, Some(deadline), false),
            (Some(deadline), Some(deadline))
        );
        assert_eq!(split_deadline(start, None, true), (None, None));
    }

    #[test]
    fn joins_its_groups_through_the_dame_under_the_group_tax() {
        // Black's two corner groups reach the dame E9 between them.
        let rows = [
            ". . . X . X . . .",
            ". . . X O X . . .",
            ". . . X O X . . .",
            "X X X X O X X X X",
            "O O O O O O O O O",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ];
        let mut g = Game::from_rows(&rows, 0.0, Rules::chinese()).unwrap();
        g.set_rules(Rules::ancient());
        let judged = Judgement {
            dead: Bitboard::EMPTY,
            seki: Bitboard::EMPTY,
            ownership: Vec::new(),
        };
        let e9 = Point::parse("E9", 9).unwrap();
        // Black joins: two points of tax saved and the point itself.
        assert_eq!(tax_move(&g, Color::Black, &judged), Some(e9));
        // White takes the point too: it keeps Black's groups apart.
        assert_eq!(tax_move(&g, Color::White, &judged), Some(e9));
        // With E9 taken nothing is left to gain.
        g.play(Color::Black, Move::Play(e9)).unwrap();
        assert_eq!(tax_move(&g, Color::White, &judged), None);
        assert_eq!(tax_move(&g, Color::Black, &judged), None);
    }

    #[test]
    fn takes_dead_stones_off_before_passing_under_area_counting() {
        // Black owns A-D, White E-J; Black's lone H2 is dead in White's area.
        let rows = [
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . X .",
            ". . . X O . . . .",
        ];
        let b = Board::from_rows(&rows).unwrap();
        let black: Vec<Point> = b.stones(Color::Black).iter().collect();
        let white: Vec<Point> = b.stones(Color::White).iter().collect();
        let h2 = Point::parse("H2", 9).unwrap();
        let mut dead = Bitboard::EMPTY;
        dead.insert(h2);
        let judged = Judgement {
            dead,
            seki: Bitboard::EMPTY,
            ownership: Vec::new(),
        };
        let liberties: Vec<Point> = ["H1", "H3", "G2", "J2"]
            .iter()
            .map(|v| Point::parse(v, 9).unwrap())
            .collect();
        for rules in [Rules::chinese(), Rules::tromp_taylor(), Rules::aga()] {
            let mut g = Game::new(9, 7.5, rules);
            g.setup(&black, &white, &[]).unwrap();
            let p = capture_before_passing(&g, Color::White, &judged);
            assert!(
                p.is_some_and(|p| liberties.contains(&p)),
                "{rules:?}: {p:?}"
            );
            // Black has no dead stone of White's to take off.
            assert_eq!(capture_before_passing(&g, Color::Black, &judged), None);
        }
        // Under territory counting a stone in one's own territory costs a
        // point, and under the group tax it may cost two.
        for rules in [Rules::japanese(), Rules::ancient()] {
            let mut g = Game::new(9, 6.5, Rules::chinese());
            g.setup(&black, &white, &[]).unwrap();
            g.set_rules(rules);
            assert_eq!(capture_before_passing(&g, Color::White, &judged), None);
        }
    }
}
