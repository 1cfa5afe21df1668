//! Prior knowledge for new nodes, as virtual playouts (Gelly & Silver
//! 2007; Pachi's and Fuego's priors): every move starts from an even
//! prior, then gains virtual wins for captures, atari escapes that do not
//! run into a ladder, ataris that catch the last move's string in a
//! ladder, good 3x3 shapes and nearness to the last move, and virtual
//! losses for self-atari and for the first two lines in an empty area.
//! From 13x13 up the opening has its own terms (Pachi's "b19" idea): the
//! third and fourth lines gain in open areas, the points of empty corners
//! more, since every opening move has the same playout value within the
//! noise and RAVE's first picks would otherwise decide. Beside the
//! learned patterns' prior the tactical and shape terms are left out (it
//! does better without them: `PriorParams::hand_small`, `hand_large`); the
//! opening terms stay.

use super::tree::{NewChild, TreeMove, WIN};
use crate::board::{Board, Color, Point, PointSet};
use crate::playout::mogo_shapes::is_good_shape;
use crate::tactics::ladder::{escape_is_laddered, is_ladder_atari, ladder_atari, two_liberties};
use crate::tactics::{distance, line, move_effect};

/// Weights of the priors, in virtual playouts, and the distances their
/// terms look at. Where the values came from: the first player
/// (`767fd49`, 2026-11-29) took values in the range Pachi and Fuego use,
/// tens of virtual playouts for tactical knowledge, and later commits
/// added terms; no weight of a hand-written term has been tuned by
/// comparing values in matches, but their use beside the learned prior
/// has (`hand_small`). The matches that measured a term as a whole are
/// named at its field.
#[derive(Clone, Copy, Debug)]
pub struct PriorParams {
    /// Even prior: this many virtual playouts at a 50% win rate. Default
    /// 10 (`767fd49`), not measured.
    pub even: u16,
    /// Virtual wins for a capture (twice for captures of 3 stones or
    /// more). Default 20 (`767fd49`), not measured.
    pub capture: u16,
    /// Virtual wins for saving a string in atari (none when the string,
    /// left with two liberties, is caught in a ladder). Default 15
    /// (`767fd49`; the ladder exception `c5f4a06`, measured with
    /// `ladders`).
    pub atari_escape: u16,
    /// Virtual wins for an atari that captures the last move's string (of
    /// two liberties) in a ladder. Default 15 (`c5f4a06`), measured with
    /// `ladders`.
    pub ladder_atari: u16,
    /// Virtual losses for a self-atari of more than one stone. Default 20
    /// (`767fd49`), not measured.
    pub self_atari: u16,
    /// Virtual wins for moves within `near_last_distance` of the last
    /// move. Default 6 (`767fd49`), not measured.
    pub near_last: u16,
    /// Distance ([`crate::tactics::distance`]) from the last move within
    /// which `near_last` counts. Default 2 (`767fd49`), not measured; a
    /// common-fate-graph distance in its place measured no better (9x9 A/B
    /// at 3,000 playouts, 98 of 200, branch `exp-cfg`; docs/STRENGTH.md).
    pub near_last_distance: usize,
    /// On boards from 9x9 to 12x12, in an open area: virtual losses for
    /// the first line (half for the second). Default 10 (`767fd49`), not
    /// measured.
    pub edge: u16,
    /// Virtual wins for a good 3x3 shape (the playout patterns). Default
    /// 10 (`c060e6e`), not measured on its own.
    pub pattern: u16,
    /// On boards of 13x13 and up, in an open area: virtual wins for the
    /// third and fourth lines, virtual losses for the first line (and
    /// `open_area_second_line` for the second). Default 20 (`dc07ade`:
    /// about Pachi's b19 surplus, so that local fights keep their weight).
    /// Measured as a whole with `empty_corner`, against GNU Go rather than
    /// A/B: the fourth 19x19 series with them won 24 of 30, the third
    /// without them 11 of 18 (docs/STRENGTH.md).
    pub open_area: u16,
    /// Virtual losses for the second line in an open area, 13x13 and up.
    /// Default 15, three quarters of `open_area` (`3efbb57`), measured
    /// with it.
    pub open_area_second_line: u16,
    /// No stone within this Manhattan distance makes an open area.
    /// Default 3 (`767fd49`), not measured.
    pub open_area_radius: usize,
    /// Further virtual wins for a 3-3, 3-4 or 4-4 point of an empty corner.
    /// Default 60 (`dc07ade`), measured with `open_area`.
    pub empty_corner: u16,
    /// Virtual losses (and no even prior) for a pass while the board has
    /// room (more candidates than the board's side); once it is crowded,
    /// a pass gets the even prior. Default 30, three times the even prior
    /// (`767fd49`), not measured.
    pub pass_losses: u16,
    /// Virtual wins for the learned patterns' prediction: a move of
    /// probability `q` (its strength over the summed strengths of the
    /// position's moves, [`crate::patterns::Model`]) gets `sqrt(q)` times
    /// this many, as Pachi's pattern prior does (its `pattern_eqex`,
    /// 300). Default 150. Measured, A/B at fixed playouts
    /// (docs/STRENGTH.md): 300 against 0 (off), 9x9 at 3,000 playouts 142
    /// of 200 (71.0%, 95% interval 64.4-76.8%), 19x19 at 1,000 playouts 22
    /// of 23; then on 9x9 at 3,000 playouts, 600 against 300 23 of 100
    /// (15.8-32.2%), 150 against 300 118 of 200 (59.0%, 52.1-65.6%), 75
    /// against 150 40 of 100 (30.9-49.8%); on 19x19 at 1,000 playouts,
    /// 300 with `even` 20 (Pachi's values there) won 0 of 8 against it.
    pub learned: u16,
    /// Further weight of the learned prior in the opening, on boards of
    /// 13x13 and up: `learned_opening` more at the empty board, falling
    /// linearly to none once `learned_opening_stones` stones are on it.
    /// Default 0 (off). Measured on 19x19 (docs/STRENGTH.md, "The learned
    /// prior in the 19x19 opening"): 600 over 80 stones plays the Tom 9d
    /// players' opening move 44.2% of the time against 30.8% at 20,000
    /// simulations, but won 12 of 24 in self-play at 2,000, and Pachi's
    /// win rate for it after 60 moves was 0.523 against 0.500, within
    /// the noise.
    pub learned_opening: u16,
    /// Stones on the board by which `learned_opening` has worn off.
    /// Default 60.
    pub learned_opening_stones: u32,
    /// Read ladders for the escape and ladder-atari priors. Default on
    /// (`bf812ea`): measured with the playouts' snapback check against
    /// the player without both, A/B at fixed playouts: 19x19 at 1,000
    /// playouts 51 of 69 (73.9%, 95% interval 62.5-82.8%), 9x9 at 3,000
    /// playouts 109 of 200 (54.5%, 47.6-61.3%) (docs/STRENGTH.md).
    pub ladders: bool,
    /// Virtual wins for a move that saves an own string of two liberties
    /// beside the last move from a ladder the opponent could start: an
    /// extension to three liberties, or to two that do not run into a
    /// ladder ([`ladder_saves`]). Default 0 (off) until measured.
    pub ladder_defence: u16,
    /// Virtual wins for a move that the capture reader
    /// ([`crate::tactics::reader`]) finds to kill an opposing string its
    /// owner could still save, or to save an own string the opponent could
    /// capture (strings of up to two liberties, or three beside the last
    /// two moves). Read late, once a node has had `tactics_after`
    /// visits (Fuego's knowledge threshold), and given to its children
    /// then. Default 30 (`507c1e9`). Measured, A/B on 9x9 at 3,000
    /// playouts (docs/STRENGTH.md): 30 against 0 107 of 200 (53.5%), 60
    /// against 0 106 of 200, 30 with `futile` 30 against 0 113 of 200
    /// (56.5%, 49.6-63.2%); every variant tried, 429 of 800 (53.6%,
    /// 50.2-57.1%).
    pub tactics: u16,
    /// Further virtual wins, with `tactics`, for a kill or save of a
    /// string of at least [`crate::tactics::reader::BIG_STRING`] stones.
    /// Default 0 (off). Measured, A/B on 9x9 at 3,000 playouts
    /// (docs/STRENGTH.md): 30 against 0, 98 of 200 (49.0%, 42.2-55.9%).
    pub tactics_big: u16,
    /// The virtual wins, instead of `tactics`, for a kill or save that
    /// wins only a ko the side must retake after a threat (the opponent
    /// takes it first), of a string that would otherwise die or live
    /// outright (game 9 of the 19x19 match against Pachi, move 129).
    /// Default 0 (off): at 30 (as `tactics`) they were not stronger, on
    /// 9x9 94 of 207 against the ko-blind reader (the sequential test's
    /// H0 accepted), on 19x19 13 of 32 against 0 (docs/STRENGTH-HISTORY.md,
    /// "Kos in the capture reader").
    pub tactics_ko: u16,
    /// Virtual losses, given with the tactical prior, for a move that
    /// extends an own string that the reader finds dead whatever its owner
    /// plays (the atari-escape prior may have rated it up). Default 30
    /// (`507c1e9`), measured with `tactics`.
    pub futile: u16,
    /// Use the hand-written terms (`capture`, `atari_escape`,
    /// `ladder_atari`, `self_atari`, `near_last`, `pattern`, `edge`) on
    /// boards below 13x13 beside the learned prior (without it, as in the
    /// judgement's search, they always count). Default off: the learned
    /// patterns, which know captures, escapes, ladders, self-ataris, the
    /// edge, the distance to the last moves and the shapes, do better
    /// alone. A/B on 9x9 at 3,000 playouts (docs/STRENGTH.md, "The
    /// hand-written priors beside the learned ones"): without the terms
    /// against with them 115 of 200 (57.5%, 50.6-64.1%).
    pub hand_small: bool,
    /// The same from 13x13 up (the opening terms, `open_area`,
    /// `open_area_second_line` and `empty_corner`, are apart and stay).
    /// Default off: A/B on 19x19 at 1,000 playouts, without the terms
    /// against with them 40 of 61 (65.6%, 53.0-76.3%).
    pub hand_large: bool,
    /// Visits a node has before its children get the tactical prior.
    /// Default 20; 8 measured no better (103 of 200 against 0, where 20
    /// won 107).
    pub tactics_after: u32,
}

impl Default for PriorParams {
    fn default() -> PriorParams {
        PriorParams {
            even: 10,
            capture: 20,
            atari_escape: 15,
            ladder_atari: 15,
            self_atari: 20,
            near_last: 6,
            near_last_distance: 2,
            edge: 10,
            pattern: 10,
            open_area: 20,
            open_area_second_line: 15,
            open_area_radius: 3,
            empty_corner: 60,
            pass_losses: 30,
            learned: 150,
            learned_opening: 0,
            learned_opening_stones: 60,
            ladders: true,
            ladder_defence: 0,
            tactics: 30,
            tactics_big: 0,
            tactics_ko: 0,
            futile: 30,
            tactics_after: 20,
            hand_small: false,
            hand_large: false,
        }
    }
}

/// The prior of `c` playing `p` (a legal move) on `board`, `learned` the
/// learned patterns' virtual wins for the move (when they are used: the
/// node's [`learned_weight`] times the square root of the move's
/// probability).
/// The ladder reads play on the board and leave it as it was.
pub fn prior(
    board: &mut Board,
    c: Color,
    p: Point,
    last: Option<Point>,
    learned: Option<f64>,
    params: &PriorParams,
) -> NewChild {
    let mut visits = params.even as u32;
    let mut wins2 = params.even as u32; // value in half-points: even = half of 2*visits
    let mut add = |n: u16, win: bool| {
        visits += n as u32;
        if win {
            wins2 += WIN * n as u32;
        }
    };
    if let Some(wins) = learned {
        add(wins.round() as u16, true);
    }
    // Each hand-written term reads the board only when it has a weight:
    // the learned patterns know most of what they say, and do better
    // without these terms where they are used (`hand_small`,
    // `hand_large`).
    let size = board.size();
    let hand = learned.is_none()
        || if size >= 13 {
            params.hand_large
        } else {
            params.hand_small
        };
    if hand && (params.capture > 0 || params.atari_escape > 0 || params.self_atari > 0) {
        let e = move_effect(board, c, p);
        if e.captures > 0 {
            add(params.capture, true);
            if e.captures >= 3 {
                add(params.capture, true);
            }
        }
        if params.atari_escape > 0
            && e.escapes_atari()
            && !(params.ladders && e.liberties == 2 && escape_is_laddered(board, c, p))
        {
            add(params.atari_escape, true);
        }
        if e.is_self_atari() && e.stones > 1 {
            add(params.self_atari, false);
        }
    }
    if hand
        && params.ladder_atari > 0
        && params.ladders
        && last.is_some_and(|last| ladders_last_string(board, c, p, last))
    {
        add(params.ladder_atari, true);
    }
    if hand && params.near_last > 0 {
        if let Some(last) = last {
            if distance(board, p, last) <= params.near_last_distance {
                add(params.near_last, true);
            }
        }
    }
    if hand && params.pattern > 0 && is_good_shape(board, p) {
        add(params.pattern, true);
    }
    // Open areas (no stone within distance 3): the low lines lose; from
    // 13x13 up the third and fourth lines and empty corners gain too.
    // Virtual losses, virtual wins and the further wins of an empty
    // corner's point that an open area gives a move on line `l`; the area
    // is read only when one of them has a weight.
    let opening = size >= 13;
    let (losses, wins, corner) = match (opening, line(board, p)) {
        (true, 0) => (params.open_area, 0, 0),
        (true, 1) => (params.open_area_second_line, 0, 0),
        (true, 2 | 3) => (0, params.open_area, params.empty_corner),
        (false, 0) if hand => (params.edge, 0, 0),
        (false, 1) if hand => (params.edge / 2, 0, 0),
        _ => (0, 0, 0),
    };
    if size >= 9
        && (losses > 0 || wins > 0 || corner > 0)
        && empty_around(board, p, params.open_area_radius)
    {
        add(losses, false);
        add(wins, true);
        if corner > 0 && is_empty_corner_point(board, p) {
            add(corner, true);
        }
    }
    NewChild {
        mv: TreeMove::play(p),
        prior_visits: visits.min(u16::MAX as u32) as u16,
        prior_value: wins2.min(u16::MAX as u32) as u16,
    }
}

/// The weight of the learned prior on `board`: `learned`, and in the
/// opening of a large board the further `learned_opening`, worn off
/// linearly by the stones on the board.
/// The same for every move of a node.
pub fn learned_weight(board: &Board, params: &PriorParams) -> f64 {
    let base = params.learned as f64;
    if params.learned_opening == 0 || board.size() < 13 || params.learned_opening_stones == 0 {
        return base;
    }
    let left = 1.0 - board.stone_count() as f64 / params.learned_opening_stones as f64;
    base + params.learned_opening as f64 * left.max(0.0)
}

/// The prior of passing: poor while the board has room, even once the
/// game is nearly over.
pub fn pass_prior(board: &Board, candidates: usize, params: &PriorParams) -> NewChild {
    let crowded = candidates <= board.size();
    let (visits, wins2) = if crowded {
        (params.even, params.even)
    } else {
        (params.pass_losses, 0)
    };
    NewChild {
        mv: TreeMove::PASS,
        prior_visits: visits,
        prior_value: wins2,
    }
}

/// The moves of `c` that save an own string beside the opponent's last
/// move: a string of two liberties that the opponent could capture in a
/// ladder, saved by extending on a liberty to three liberties, or to two
/// that run into no ladder. The ladder reads play on the board and leave
/// it as it was.
pub fn ladder_saves(board: &mut Board, c: Color, last: Option<Point>) -> PointSet<8> {
    let mut out = PointSet::new();
    let Some(last) = last else {
        return out;
    };
    if board.color_at(last) != Some(!c) {
        return out;
    }
    let mut seen = PointSet::<4>::new();
    for n in board.neighbours(last) {
        if board.color_at(n) != Some(c) || !seen.add(board.string_head(n)) {
            continue;
        }
        let Some(libs) = two_liberties(board, n) else {
            continue;
        };
        if ladder_atari(board, !c, n, libs).is_none() {
            continue;
        }
        for l in libs {
            if !board.is_legal(c, l) {
                continue;
            }
            let e = move_effect(board, c, l);
            if e.liberties >= 3 || (e.liberties == 2 && !escape_is_laddered(board, c, l)) {
                out.insert(l);
            }
        }
    }
    out
}

/// `n` more virtual wins for `child`.
pub fn add_wins(child: &mut NewChild, n: u16) {
    child.prior_visits = child.prior_visits.saturating_add(n);
    child.prior_value = child
        .prior_value
        .saturating_add((WIN as u16).saturating_mul(n));
}

/// Whether `c` playing `p` gives atari to the opposing string of the last
/// move, which has two liberties, and captures it in a ladder.
fn ladders_last_string(board: &mut Board, c: Color, p: Point, last: Point) -> bool {
    if board.color_at(last) != Some(!c) {
        return false;
    }
    let head = board.string_head(last);
    let touches = board
        .neighbours(p)
        .iter()
        .any(|&n| board.color_at(n) == Some(!c) && board.string_head(n) == head);
    touches
        && two_liberties(board, last).is_some_and(|libs| is_ladder_atari(board, c, p, last, libs))
}

/// Whether `p` is a 3-3, 3-4 or 4-4 point of a corner with no stone in
/// the 7x7 square of that corner.
fn is_empty_corner_point(board: &Board, p: Point) -> bool {
    const SPAN: usize = 7;
    let size = board.size();
    let (x, y) = p.xy(size);
    let from_edge = |v: usize| v.min(size - 1 - v);
    if !(2..=3).contains(&from_edge(x)) || !(2..=3).contains(&from_edge(y)) {
        return false;
    }
    // The rows or columns of the corner's square on the side of `v`.
    let span = |v: usize| {
        if v < size / 2 {
            0..SPAN
        } else {
            size - SPAN..size
        }
    };
    !span(y).any(|qy| {
        span(x).any(|qx| Point::new(qx, qy, size).is_some_and(|q| board.color_at(q).is_some()))
    })
}

/// Whether no stone lies within Manhattan distance `r` of `p`.
fn empty_around(board: &Board, p: Point, r: usize) -> bool {
    let size = board.size();
    let (x, y) = p.xy(size);
    let r = r as isize;
    for dy in -r..=r {
        for dx in -(r - dy.abs())..=(r - dy.abs()) {
            let (qx, qy) = (x as isize + dx, y as isize + dy);
            if qx < 0 || qy < 0 || qx >= size as isize || qy >= size as isize {
                continue;
            }
            if let Some(q) = Point::new(qx as usize, qy as usize, size) {
                if board.color_at(q).is_some() {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_a_string_that_a_ladder_would_take() {
        let p = |s| Point::parse(s, 9).unwrap();
        let mut b = Board::new(9);
        for s in ["B3", "C2", "D2"] {
            b.add_setup_stone(Color::Black, p(s)).unwrap();
        }
        for s in ["C3", "D3"] {
            b.add_setup_stone(Color::White, p(s)).unwrap();
        }
        b.play(Color::Black, p("C4")).unwrap();
        // C3-D3 has D4 and E3: Black's atari on E3 starts a ladder.
        let before = b.clone();
        let saves = ladder_saves(&mut b, Color::White, Some(p("C4")));
        let mut got: Vec<String> = saves.as_slice().iter().map(|q| q.to_gtp(9)).collect();
        got.sort();
        assert_eq!(got, ["D4", "E3"], "{b}");
        assert_eq!(b.hash(), before.hash());
        // Black's own last move threatens nothing of Black's.
        assert!(ladder_saves(&mut b, Color::Black, Some(p("C4"))).is_empty());
        // A breaker on G7 ends the threat.
        b.add_setup_stone(Color::White, p("G7")).unwrap();
        let threatened = two_liberties(&b, p("C3"))
            .and_then(|libs| ladder_atari(&mut b, Color::Black, p("C3"), libs));
        assert_eq!(
            ladder_saves(&mut b, Color::White, Some(p("C4"))).is_empty(),
            threatened.is_none()
        );
        let mut child = NewChild {
            mv: TreeMove::play(p("D4")),
            prior_visits: 10,
            prior_value: 10,
        };
        add_wins(&mut child, 5);
        assert_eq!((child.prior_visits, child.prior_value), (15, 20));
    }

    /// A prior's win rate.
    fn rate(child: NewChild) -> f64 {
        child.prior_value as f64 / (WIN as f64 * child.prior_visits as f64)
    }

    /// The prior's win rate for `c` on `v`.
    fn value(b: &Board, c: Color, v: &str) -> f64 {
        let p = Point::parse(v, b.size()).unwrap();
        rate(prior(
            &mut b.clone(),
            c,
            p,
            b.last_move(),
            None,
            &PriorParams::default(),
        ))
    }

    /// The prior's win rate for Black on an empty 19x19 board but for `stones`.
    fn open_value(stones: &[(Color, &str)], v: &str) -> f64 {
        let mut b = Board::new(19);
        for &(c, s) in stones {
            b.play(c, Point::parse(s, 19).unwrap()).unwrap();
        }
        let p = Point::parse(v, 19).unwrap();
        rate(prior(
            &mut b.clone(),
            Color::Black,
            p,
            None,
            None,
            &PriorParams::default(),
        ))
    }

    #[test]
    fn the_opening_prefers_empty_corners_then_the_third_and_fourth_lines() {
        let empty = |v| open_value(&[], v);
        // Corner points of an empty corner above side points on lines 3-4,
        // above the centre, above the second and first lines.
        for corner in ["D4", "C3", "D3", "Q16", "R17", "Q17"] {
            assert!(empty(corner) > empty("K4"), "{corner}");
        }
        assert!(empty("K4") > empty("K10"));
        assert!(empty("K3") > empty("K10"));
        assert!(empty("K10") > empty("K2"));
        assert!(empty("K2") > empty("K1"));
        assert!(empty("E5") == empty("K10"), "5th line: no bonus");
        // A stone in the corner's 7x7 square takes its corner bonus away,
        // and a stone within distance 3 the line bonus too.
        let far = [(Color::White, "G7")];
        assert!(open_value(&far, "D4") < empty("D4"));
        assert_eq!(open_value(&far, "D4"), empty("K4"));
        let taken = [(Color::White, "E5")];
        assert_eq!(open_value(&taken, "D3"), open_value(&taken, "K10"));
        assert_eq!(open_value(&taken, "Q4"), empty("Q4"));
    }

    #[test]
    fn the_opening_weight_of_the_learned_prior_wears_off_with_the_stones() {
        let params = PriorParams {
            learned_opening: 600,
            learned_opening_stones: 80,
            ..PriorParams::default()
        };
        let mut b = Board::new(19);
        assert_eq!(learned_weight(&b, &params), 750.0);
        for (i, s) in ["D4", "Q16", "D16", "Q4"].iter().enumerate() {
            let c = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            b.play(c, Point::parse(s, 19).unwrap()).unwrap();
        }
        assert_eq!(
            learned_weight(&b, &params),
            150.0 + 600.0 * (1.0 - 4.0 / 80.0)
        );
        for x in 0..19 {
            for y in [1, 6, 9, 12] {
                let p = Point::new(x, y, 19).unwrap();
                b.add_setup_stone(if y < 9 { Color::Black } else { Color::White }, p)
                    .unwrap();
            }
        }
        assert!(b.stone_count() >= 80);
        assert_eq!(learned_weight(&b, &params), 150.0);
        // Off by default, and never on small boards.
        assert_eq!(
            learned_weight(&Board::new(19), &PriorParams::default()),
            150.0
        );
        assert_eq!(learned_weight(&Board::new(9), &params), 150.0);
    }

    #[test]
    fn small_boards_keep_only_the_edge_penalty() {
        let b = Board::new(9);
        let params = PriorParams::default();
        let v = |s| {
            rate(prior(
                &mut b.clone(),
                Color::Black,
                Point::parse(s, 9).unwrap(),
                None,
                None,
                &params,
            ))
        };
        assert_eq!(v("C3"), v("E5"));
        assert!(v("B5") < v("E5"));
    }

    #[test]
    fn escapes_into_a_ladder_get_no_bonus() {
        let caught = crate::tactics::ladder::classic_ladder(&[]);
        let free = crate::tactics::ladder::classic_ladder(&["G7"]);
        let params = PriorParams::default();
        let d3 = Point::parse("D3", 9).unwrap();
        let visits = |b: &Board| {
            prior(
                &mut b.clone(),
                Color::White,
                d3,
                b.last_move(),
                None,
                &params,
            )
            .prior_visits
        };
        assert_eq!(visits(&free), visits(&caught) + params.atari_escape);
        assert!(value(&free, Color::White, "D3") > value(&caught, Color::White, "D3"));
    }

    #[test]
    fn ladder_atari_on_the_last_string_gets_a_bonus() {
        let p = |s| Point::parse(s, 9).unwrap();
        let mut b = crate::tactics::ladder::classic_ladder(&[]);
        b.play(Color::White, p("D3")).unwrap();
        let params = PriorParams::default();
        let visits = |b: &Board, v| {
            prior(
                &mut b.clone(),
                Color::Black,
                p(v),
                b.last_move(),
                None,
                &params,
            )
            .prior_visits
        };
        // E3 and D4 are both ataris; only E3 works.
        assert_eq!(visits(&b, "E3"), visits(&b, "D4") + params.ladder_atari);
        let mut broken = crate::tactics::ladder::classic_ladder(&["G7"]);
        broken.play(Color::White, p("D3")).unwrap();
        assert_eq!(visits(&broken, "E3"), visits(&broken, "D4"));
    }
}
