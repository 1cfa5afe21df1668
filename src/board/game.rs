//! [`Game`]: the rules that need history on top of the fast [`Board`]:
//! superko, passes, side to move, komi, handicap stones, setup and undo.

use super::bitboard::Bitboard;
use super::board::{Board, IllegalMove, MoveInfo};
use super::handicap;
use super::point::{Color, Move, Point};
use super::rules::{KoRule, Rules};
use super::score::{Count, Score};

/// The default komi: 3¾ stones (RULES.md row 11).
pub const DEFAULT_KOMI: f64 = 7.5;

/// Why handicap stones cannot be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapError {
    BoardNotEmpty,
    InvalidNumber,
    BadVertexList,
    /// The rules in force have no handicap (the ancient game).
    NotAllowed,
}

/// State restored by `undo`.
#[derive(Clone)]
struct Snapshot {
    board: Board,
    to_move: Color,
    passes: u32,
}

/// A game: board, rules, komi, history.
#[derive(Clone)]
pub struct Game {
    board: Board,
    rules: Rules,
    komi: f64,
    to_move: Color,
    passes: u32,
    /// Moves since the last setup, with the state before each.
    undo: Vec<Snapshot>,
    /// Every move of the game record, in order.
    moves: Vec<(Color, Move)>,
    /// Every position of the game so far (stones hash, side to move), the
    /// current one last; the superko rule in force decides what repeats.
    seen: Vec<(u64, Color)>,
    /// Handicap stones placed by `fixed_handicap` and the like.
    handicap: Vec<Point>,
    /// Stones put on the board by setup (SGF AB/AW) other than handicap.
    setup: (Vec<Point>, Vec<Point>),
}

impl Game {
    /// A new game on a board of side `size` (2..=25): empty, or under the
    /// ancient rules with the four corner stones set out and White to move.
    pub fn new(size: usize, komi: f64, rules: Rules) -> Game {
        let mut board = Board::new(size);
        let mut setup = (Vec::new(), Vec::new());
        if rules.ancient_setup() {
            setup = ancient_corner_stones(size);
            for (c, points) in [(Color::Black, &setup.0), (Color::White, &setup.1)] {
                for &p in points {
                    board
                        .add_setup_stone(c, p)
                        .expect("corner star points are apart");
                }
            }
        }
        let mut g = Game {
            board,
            rules,
            komi,
            to_move: rules.first_to_move(),
            passes: 0,
            undo: Vec::new(),
            moves: Vec::new(),
            seen: Vec::new(),
            handicap: Vec::new(),
            setup,
        };
        g.seen.push(g.position_key());
        g
    }

    /// Start again on an empty board of the same size, keeping komi and rules.
    pub fn clear(&mut self) {
        *self = Game::new(self.size(), self.komi, self.rules);
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn size(&self) -> usize {
        self.board.size()
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Change the rules. A game not yet begun starts again under them, so
    /// that the ancient game's corner stones come and go with its rules.
    pub fn set_rules(&mut self, rules: Rules) {
        if self.is_pristine() && rules.ancient_setup() != self.rules.ancient_setup() {
            *self = Game::new(self.size(), self.komi, rules);
        }
        self.rules = rules;
    }

    pub fn komi(&self) -> f64 {
        self.komi
    }

    pub fn set_komi(&mut self, komi: f64) {
        self.komi = komi;
    }

    /// The colour to move next (after the last move, or White after handicap).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Set the colour to move (SGF PL).
    pub fn set_to_move(&mut self, c: Color) {
        self.to_move = c;
        let key = self.position_key();
        if let Some(last) = self.seen.last_mut() {
            *last = key;
        }
    }

    /// The moves of the game record, in order.
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.moves.last().copied()
    }

    /// Consecutive passes at the end of the record.
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    /// Two passes in a row end the game (RULES.md row 8), and so does a
    /// long cycle under the simple ko rule ([`Game::no_result`]).
    pub fn is_over(&self) -> bool {
        self.passes >= 2 || self.no_result()
    }

    /// Under the simple ko rule (no superko: the Japanese practice), the
    /// game ends without result when a position comes back for the third
    /// time with the same player to move (a triple ko, an eternal life).
    pub fn no_result(&self) -> bool {
        self.rules.ko == KoRule::Simple
            && self
                .seen
                .last()
                .is_some_and(|last| self.seen.iter().filter(|&k| k == last).count() >= 3)
    }

    /// The handicap stones: those placed by a handicap command, or else the
    /// Black stones played on an empty board before White's first move,
    /// when there are at least two of them (as Sabaki and OGS send handicap).
    pub fn handicap_stones(&self) -> Vec<Point> {
        if !self.handicap.is_empty() {
            return self.handicap.clone();
        }
        if !self.setup.0.is_empty() || !self.setup.1.is_empty() {
            return Vec::new();
        }
        let opening: Vec<Point> = self
            .moves
            .iter()
            .map_while(|&(c, m)| match (c, m) {
                (Color::Black, Move::Play(p)) => Some(p),
                _ => None,
            })
            .collect();
        if opening.len() >= 2 {
            opening
        } else {
            Vec::new()
        }
    }

    /// How many of the first moves are handicap stones played as moves.
    pub fn handicap_moves(&self) -> usize {
        if self.handicap.is_empty() {
            self.handicap_stones().len()
        } else {
            0
        }
    }

    /// Setup stones other than handicap (Black, White), for the game record.
    pub fn setup_stones(&self) -> (&[Point], &[Point]) {
        (&self.setup.0, &self.setup.1)
    }

    /// The current position as the superko history keeps it.
    fn position_key(&self) -> (u64, Color) {
        (self.board.hash(), self.to_move)
    }

    /// Whether `c` may play `p` now, superko included. Nothing is played
    /// or copied: the board computes the hash after the move.
    pub fn check_legal(&self, c: Color, p: Point) -> Result<(), IllegalMove> {
        let hash = self.board.hash_after(c, p)?;
        let repeats = match self.rules.ko {
            KoRule::Simple => false,
            KoRule::PositionalSuperko => self.seen.iter().any(|&(h, _)| h == hash),
            KoRule::SituationalSuperko => self.seen.contains(&(hash, !c)),
        };
        if repeats {
            Err(IllegalMove::Superko)
        } else {
            Ok(())
        }
    }

    pub fn is_legal(&self, c: Color, p: Point) -> bool {
        self.check_legal(c, p).is_ok()
    }

    /// Every point where `c` may play now.
    pub fn legal_points(&self, c: Color) -> Vec<Point> {
        self.board
            .empty_points()
            .iter()
            .filter(|&p| self.is_legal(c, p))
            .collect()
    }

    /// The board after `c` plays `p`, when legal.
    fn try_play(&self, c: Color, p: Point) -> Result<(Board, MoveInfo), IllegalMove> {
        self.check_legal(c, p)?;
        let mut board = self.board.clone();
        let info = board.play_legal(c, p);
        Ok((board, info))
    }

    /// Play a move for `c` (any colour, in any order, as GTP allows). On
    /// error nothing changes.
    pub fn play(&mut self, c: Color, mv: Move) -> Result<MoveInfo, IllegalMove> {
        let (board, info, passes) = match mv {
            Move::Play(p) => {
                let (board, info) = self.try_play(c, p)?;
                (board, info, 0)
            }
            Move::Pass => {
                let mut board = self.board.clone();
                board.pass();
                let info = MoveInfo {
                    captured: 0,
                    ko: None,
                };
                (board, info, self.passes + 1)
            }
        };
        let before = std::mem::replace(&mut self.board, board);
        self.undo.push(Snapshot {
            board: before,
            to_move: self.to_move,
            passes: self.passes,
        });
        self.passes = passes;
        self.to_move = !c;
        self.moves.push((c, mv));
        self.seen.push(self.position_key());
        Ok(info)
    }

    /// Take back the last move; `false` when there is none to take back.
    pub fn undo(&mut self) -> bool {
        let Some(s) = self.undo.pop() else {
            return false;
        };
        self.board = s.board;
        self.to_move = s.to_move;
        self.passes = s.passes;
        self.moves.pop();
        self.seen.pop();
        true
    }

    /// Number of moves that `undo` can take back.
    pub fn undoable(&self) -> usize {
        self.undo.len()
    }

    /// No moves played and no stones on the board but the ones the rules
    /// set out (the ancient game's corner stones).
    pub fn is_pristine(&self) -> bool {
        self.moves.is_empty() && self.handicap.is_empty() && {
            let (black, white) = if self.rules.ancient_setup() {
                ancient_corner_stones(self.size())
            } else {
                (Vec::new(), Vec::new())
            };
            let expected: Bitboard = black.iter().chain(&white).copied().collect();
            self.board.stones(Color::Black) | self.board.stones(Color::White) == expected
                && black
                    .iter()
                    .all(|&p| self.board.color_at(p) == Some(Color::Black))
        }
    }

    /// Place `points` as handicap stones on the empty board; White moves next.
    fn place_handicap(&mut self, points: &[Point]) -> Result<(), HandicapError> {
        let mut board = Board::new(self.size());
        for &p in points {
            board
                .add_setup_stone(Color::Black, p)
                .map_err(|_| HandicapError::BadVertexList)?;
        }
        let (komi, rules) = (self.komi, self.rules);
        *self = Game::new(self.size(), komi, rules);
        self.board = board;
        self.handicap = points.to_vec();
        self.to_move = Color::White;
        self.seen = vec![self.position_key()];
        Ok(())
    }

    /// Whether handicap stones may be placed now.
    fn handicap_allowed(&self) -> Result<(), HandicapError> {
        if !self.rules.allows_handicap() {
            Err(HandicapError::NotAllowed)
        } else if !self.is_pristine() {
            Err(HandicapError::BoardNotEmpty)
        } else {
            Ok(())
        }
    }

    /// `fixed_handicap`: the GTP placement of `n` stones.
    pub fn fixed_handicap(&mut self, n: usize) -> Result<Vec<Point>, HandicapError> {
        self.handicap_allowed()?;
        let pts = handicap::fixed_points(self.size(), n).ok_or(HandicapError::InvalidNumber)?;
        self.place_handicap(&pts)?;
        Ok(pts)
    }

    /// `place_free_handicap`: `n` stones where the engine chooses.
    pub fn place_free_handicap(&mut self, n: usize) -> Result<Vec<Point>, HandicapError> {
        self.handicap_allowed()?;
        let pts = handicap::free_points(self.size(), n).ok_or(HandicapError::InvalidNumber)?;
        self.place_handicap(&pts)?;
        Ok(pts)
    }

    /// `set_free_handicap`: stones on the given points.
    pub fn set_free_handicap(&mut self, points: &[Point]) -> Result<(), HandicapError> {
        self.handicap_allowed()?;
        let n = points.len();
        if n < 2 || n >= self.size() * self.size() {
            return Err(HandicapError::InvalidNumber);
        }
        let distinct: Bitboard = points.iter().copied().collect();
        if distinct.count() as usize != n || points.iter().any(|&p| !self.board.is_on_board(p)) {
            return Err(HandicapError::BadVertexList);
        }
        self.place_handicap(points)
    }

    /// A game under `rules` with `komi` whose board holds the stones of
    /// `rows` (as [`Board::from_rows`] reads them) as setup stones, no
    /// moves, Black to move: for tests and hand-made positions.
    pub fn from_rows(rows: &[&str], komi: f64, rules: Rules) -> Result<Game, String> {
        let b = Board::from_rows(rows)?;
        let black: Vec<Point> = b.stones(Color::Black).iter().collect();
        let white: Vec<Point> = b.stones(Color::White).iter().collect();
        let mut g = Game::new(b.size(), komi, rules);
        g.setup(&black, &white, &[])?;
        Ok(g)
    }

    /// Change stones as setup (SGF AB/AW/AE): afterwards the given points
    /// hold Black, White or nothing. Moves before it can no longer be undone.
    /// On error (a string without liberties) nothing changes.
    pub fn setup(
        &mut self,
        black: &[Point],
        white: &[Point],
        empty: &[Point],
    ) -> Result<(), String> {
        let size = self.size();
        let cleared: Bitboard = black.iter().chain(white).chain(empty).copied().collect();
        let mut board = Board::new(size);
        for c in Color::BOTH {
            board.set_captures(c, self.board.captures(c));
        }
        let mut stones = [
            self.board.stones(Color::Black) - cleared,
            self.board.stones(Color::White) - cleared,
        ];
        for &p in black {
            stones[0].insert(p);
        }
        for &p in white {
            stones[1].insert(p);
        }
        if !(stones[0] & stones[1]).is_empty() {
            return Err("a point is set to both colours".into());
        }
        for c in Color::BOTH {
            for p in &stones[c.index()] {
                board.add_setup_stone(c, p).map_err(|_| {
                    format!(
                        "setup leaves a string at or beside {} without liberties",
                        p.to_gtp(size)
                    )
                })?;
            }
        }
        self.board = board;
        self.setup.0.retain(|p| !cleared.contains(*p));
        self.setup.1.retain(|p| !cleared.contains(*p));
        self.handicap.retain(|p| !cleared.contains(*p));
        self.setup.0.extend_from_slice(black);
        self.setup.1.extend_from_slice(white);
        self.undo.clear();
        self.passes = 0;
        self.seen.push(self.position_key());
        Ok(())
    }

    /// Record `points` (already on the board as Black setup stones) as the
    /// handicap stones of the game (SGF HA with AB).
    pub fn mark_setup_as_handicap(&mut self) {
        self.handicap = std::mem::take(&mut self.setup.0);
    }

    /// Points given to White for the handicap stones under the rules in force.
    pub fn handicap_compensation(&self) -> f64 {
        self.rules
            .handicap_compensation()
            .points(self.handicap_stones().len())
    }

    /// Count the board under the rules in force, with the stones in `dead`
    /// taken off (none under Tromp-Taylor, where every stone on the board
    /// counts) and `seki` the strings in seki: the count and the score
    /// (Black minus White, komi and handicap compensation included).
    pub fn score(&self, dead: Bitboard, seki: Bitboard) -> (Count, Score) {
        let dead = if self.rules.removes_dead_stones() {
            dead
        } else {
            Bitboard::EMPTY
        };
        let count = Count::of(&self.board, dead, seki);
        let score = count.difference(self.rules) - self.komi - self.handicap_compensation();
        (count, Score(score))
    }

    /// The winner of a game that ends with `score`: the side ahead, or on a
    /// level count the side the rules give a tie to (Ing), else nobody.
    pub fn winner(&self, score: Score) -> Option<Color> {
        score
            .winner()
            .or_else(|| self.rules.tie_winner(self.handicap_stones().len()))
    }

    /// The result as GTP's `final_score` and SGF's `RE` write it: `B+3.5`,
    /// `W+12`, `0` for a draw, and `B+0` for a level count the rules give to
    /// Black (Ing).
    pub fn result_text(&self, score: Score) -> String {
        match (score.winner(), self.winner(score)) {
            (None, Some(c)) => format!("{}+0", c.letter()),
            _ => score.to_string(),
        }
    }
}

/// The ancient game's four stones (座子) on the corner star points, Black
/// on the lower left and upper right (D4, Q16 on 19x19), White on the
/// upper left and lower right (D16, Q4); none on boards below 7x7.
pub fn ancient_corner_stones(size: usize) -> (Vec<Point>, Vec<Point>) {
    match handicap::fixed_points(size, 4) {
        Some(p) => (vec![p[0], p[1]], vec![p[2], p[3]]),
        None => (Vec::new(), Vec::new()),
    }
}
