//! A tsumego frame: a local life-and-death problem put on a whole board
//! whose rest is settled, so that an engine that plays the whole board
//! (and wins or loses the whole game) reads the problem and nothing else.
//! The idea is the one of KaTrain's and LizGoban's frames; this code is
//! the project's own.
//!
//! - The **region** of the problem is the bounding box of its stones (and
//!   of the moves of its first correct line, which must fit in it) grown by
//!   [`MARGIN`] line on each side; a side within [`EDGE`] lines of the
//!   board's edge is carried to the edge instead (the edge closes it).
//! - The **encloser** is the colour that surrounds the problem: the one
//!   with more stones on the open sides of the bounding box (those not
//!   carried to the edge), looking one line further in while they tie,
//!   White when they always tie. The other colour is the defender.
//! - Outside the region the board is filled: the points nearest the
//!   region (its wall, the ring touching it, and at least [`ENCLOSER_RINGS`]
//!   rings in all) with the encloser's stones, the farthest with the
//!   defender's, split so that each side owns about as much of the whole
//!   board once the encloser owns the region; both fills keep single-point
//!   eyes (an eye's eight neighbours are all its own fill's stones), and a
//!   piece of a fill with fewer than two eyes is given to the other colour
//!   (never the encloser's wall), so that every stone of the frame lives
//!   unconditionally. The only empty points
//!   outside the region are those eyes: all play is in the region.
//! - **Komi** makes the encloser win by [`ENCLOSER_WINS_BY`] points (area
//!   counting) when it owns the whole region, and so lose as soon as the
//!   defender keeps two points of it (a living group, or a seki): a kill
//!   problem is solved by killing, a living problem by living, a capturing
//!   race by winning it, whichever side is to move.
//!
//! The frame adds no ko threats: a ko is won by whoever takes it first.

use crate::board::{Color, Point};

/// Empty lines between the problem's stones and the frame's wall.
pub const MARGIN: usize = 1;
/// A side of the bounding box this close to the edge (0: on the first
/// line, 2: on the third) is carried to the edge.
pub const EDGE: usize = 2;
/// Rings of points around the region the encloser fills at least (the
/// wall and two more), so that its fill has eyes.
pub const ENCLOSER_RINGS: usize = 3;
/// The encloser's margin, in points, when it owns the whole region.
pub const ENCLOSER_WINS_BY: f64 = 2.5;

/// A framed problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Framed {
    /// Every black stone: the problem's, then the frame's.
    pub black: Vec<Point>,
    /// Every white stone: the problem's, then the frame's.
    pub white: Vec<Point>,
    /// Komi for White (area counting).
    pub komi: f64,
    /// The region of the problem, as columns `x0..=x1` and rows `y0..=y1`.
    pub region: [usize; 4],
    /// The colour that surrounds the problem.
    pub encloser: Color,
}

impl Framed {
    /// Whether `p` lies in the region of the problem.
    pub fn in_region(&self, p: Point, size: usize) -> bool {
        let (x, y) = p.xy(size);
        let [x0, x1, y0, y1] = self.region;
        (x0..=x1).contains(&x) && (y0..=y1).contains(&y)
    }
}

/// The bounding box of `points` as `[x0, x1, y0, y1]`.
fn bounding_box(points: &[(usize, usize)]) -> [usize; 4] {
    let xs = points.iter().map(|p| p.0);
    let ys = points.iter().map(|p| p.1);
    [
        xs.clone().min().unwrap_or(0),
        xs.max().unwrap_or(0),
        ys.clone().min().unwrap_or(0),
        ys.max().unwrap_or(0),
    ]
}

/// Which sides of the box `b` are carried to the edge: low x, high x, low
/// y, high y.
fn reaches(b: [usize; 4], size: usize) -> [bool; 4] {
    let far = size - 1 - EDGE.min(size - 1);
    [b[0] <= EDGE, b[1] >= far, b[2] <= EDGE, b[3] >= far]
}

/// Where on the board a problem lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Area {
    Corner,
    Side,
    Centre,
}

impl Area {
    pub fn name(self) -> &'static str {
        match self {
            Area::Corner => "corner",
            Area::Side => "side",
            Area::Centre => "centre",
        }
    }
}

/// Corner, side or centre, from the edges the stones' bounding box is
/// carried to (a vertical and a horizontal one: corner; any one: side).
pub fn area(size: usize, black: &[Point], white: &[Point]) -> Area {
    let points: Vec<_> = black.iter().chain(white).map(|p| p.xy(size)).collect();
    let [low_x, high_x, low_y, high_y] = reaches(bounding_box(&points), size);
    match (low_x || high_x, low_y || high_y) {
        (true, true) => Area::Corner,
        (false, false) => Area::Centre,
        _ => Area::Side,
    }
}

/// The stones of each colour (black, white) on the open sides of the
/// stones' bounding box shrunk by `d` lines: the sides not carried to the
/// edge.
fn on_open_sides(size: usize, black: &[Point], white: &[Point], d: usize) -> (usize, usize) {
    let xy = |ps: &[Point]| -> Vec<(usize, usize)> { ps.iter().map(|p| p.xy(size)).collect() };
    let (b, w) = (xy(black), xy(white));
    let all: Vec<_> = b.iter().chain(&w).copied().collect();
    let bb = bounding_box(&all);
    let [low_x, high_x, low_y, high_y] = reaches(bb, size);
    let on_ring = |&(x, y): &(usize, usize)| {
        let inside = x >= bb[0] + d && x + d <= bb[1] && y >= bb[2] + d && y + d <= bb[3];
        inside
            && ((!low_x && x == bb[0] + d)
                || (!high_x && x + d == bb[1])
                || (!low_y && y == bb[2] + d)
                || (!high_y && y + d == bb[3]))
    };
    (
        b.iter().filter(|p| on_ring(p)).count(),
        w.iter().filter(|p| on_ring(p)).count(),
    )
}

/// The colour surrounding the problem (see the module's rule).
pub fn encloser(size: usize, black: &[Point], white: &[Point]) -> Color {
    for d in 0..size {
        let (nb, nw) = on_open_sides(size, black, white, d);
        if nb != nw {
            return if nb > nw { Color::Black } else { Color::White };
        }
    }
    Color::White
}

/// Whether the problem is enclosed: the stones on the open sides of its
/// bounding box are all of one colour. A problem that is not (stones of
/// both colours face the open board, as in a fight in an open corner) fits
/// a frame less well: the frame's wall may help the colour that should be
/// weak there.
pub fn enclosed(size: usize, black: &[Point], white: &[Point]) -> bool {
    let (nb, nw) = on_open_sides(size, black, white, 0);
    (nb == 0) != (nw == 0)
}

/// Frame the problem with `black` and `white` stones on a board of side
/// `size`, its region holding the points of `extent` too (the moves of a
/// solution). The problem's stones must lie on distinct points.
pub fn frame(
    size: usize,
    black: &[Point],
    white: &[Point],
    extent: &[Point],
) -> Result<Framed, String> {
    if black.is_empty() && white.is_empty() {
        return Err("a problem without stones".into());
    }
    let points: Vec<_> = black
        .iter()
        .chain(white)
        .chain(extent)
        .map(|p| p.xy(size))
        .collect();
    let bb = bounding_box(&points);
    let reach = reaches(bb, size);
    let region = [
        if reach[0] { 0 } else { bb[0] - MARGIN },
        if reach[1] { size - 1 } else { bb[1] + MARGIN },
        if reach[2] { 0 } else { bb[2] - MARGIN },
        if reach[3] { size - 1 } else { bb[3] + MARGIN },
    ];
    let encloser = encloser(size, black, white);
    // Chebyshev distance from the region (0 inside it).
    let dist = |x: usize, y: usize| {
        let dx = region[0].saturating_sub(x).max(x.saturating_sub(region[1]));
        let dy = region[2].saturating_sub(y).max(y.saturating_sub(region[3]));
        dx.max(dy)
    };
    let region_size = (region[1] - region[0] + 1) * (region[3] - region[2] + 1);
    let mut outside: Vec<(usize, usize)> = (0..size)
        .flat_map(|y| (0..size).map(move |x| (x, y)))
        .filter(|&(x, y)| dist(x, y) > 0)
        .collect();
    outside.sort_by_key(|&(x, y)| (dist(x, y), y, x));
    let total = outside.len();
    let near = outside
        .iter()
        .filter(|&&(x, y)| dist(x, y) <= ENCLOSER_RINGS)
        .count();
    // The defender's share: about half of the board once the encloser owns
    // the region, and never the rings the encloser needs.
    let defender_target = (total + region_size) / 2;
    let defender_count = defender_target.min(total - near);
    // Per point: Some(owner) of the frame, None in the region.
    let mut owner: Vec<Option<Color>> = vec![None; size * size];
    for (i, &(x, y)) in outside.iter().enumerate() {
        owner[y * size + x] = Some(if i < total - defender_count {
            encloser
        } else {
            !encloser
        });
    }
    // Eyes, and the pieces too small for two of them given to the other
    // colour (until nothing changes).
    // A piece given away may make another too small: a few rounds settle it.
    for _round in 0..8 {
        let eyes = choose_eyes(size, &owner);
        let mut changed = false;
        for c in [!encloser, encloser] {
            for piece in pieces(size, &owner, c) {
                if piece.iter().filter(|&&i| eyes[i]).count() >= 2 {
                    continue;
                }
                // A piece of the encloser's that touches the region is its
                // wall: it stays, eyes or not.
                let wall = piece.iter().any(|&i| dist(i % size, i / size) == 1);
                if c == encloser && wall {
                    continue;
                }
                for i in piece {
                    owner[i] = Some(!c);
                }
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let eyes = choose_eyes(size, &owner);
    let mut framed = Framed {
        black: black.to_vec(),
        white: white.to_vec(),
        komi: 0.0,
        region,
        encloser,
    };
    let mut area = [0usize; 2];
    for y in 0..size {
        for x in 0..size {
            let i = y * size + x;
            let Some(c) = owner[i] else { continue };
            area[c.index()] += 1;
            if !eyes[i] {
                let p = Point::new(x, y, size).expect("on the board");
                match c {
                    Color::Black => framed.black.push(p),
                    Color::White => framed.white.push(p),
                }
            }
        }
    }
    // The encloser's lead over the defender when it owns the region.
    let lead = (area[encloser.index()] + region_size) as f64 - area[(!encloser).index()] as f64;
    framed.komi = match encloser {
        Color::Black => lead - ENCLOSER_WINS_BY,
        Color::White => ENCLOSER_WINS_BY - lead,
    };
    Ok(framed)
}

/// The on-board neighbours of point `i` (row-major index) on a board of
/// side `size`.
fn neighbours(size: usize, i: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (i % size, i / size);
    [
        (x > 0).then(|| i - 1),
        (x + 1 < size).then(|| i + 1),
        (y > 0).then(|| i - size),
        (y + 1 < size).then(|| i + size),
    ]
    .into_iter()
    .flatten()
}

/// The eyes of the fills: scanning the board, a point all of whose
/// on-board eight neighbours belong to its own colour's fill becomes an
/// eye unless one of them is already an eye. An eye's neighbours stay
/// connected through its diagonal neighbours, so a fill's stones form one
/// string per piece, and every eye of the piece is that string's.
fn choose_eyes(size: usize, owner: &[Option<Color>]) -> Vec<bool> {
    let mut eyes = vec![false; size * size];
    for i in 0..size * size {
        let Some(c) = owner[i] else { continue };
        let (x, y) = ((i % size) as isize, (i / size) as isize);
        let mut around = (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (x + dx, y + dy)));
        let fits = around.all(|(u, v)| {
            let on = (0..size as isize).contains(&u) && (0..size as isize).contains(&v);
            let j = (v * size as isize + u) as usize;
            !on || (u, v) == (x, y) || (owner[j] == Some(c) && !eyes[j])
        });
        if fits {
            eyes[i] = true;
        }
    }
    eyes
}

/// The connected pieces of `c`'s fill, as lists of point indices.
fn pieces(size: usize, owner: &[Option<Color>], c: Color) -> Vec<Vec<usize>> {
    let mut seen = vec![false; size * size];
    let mut out = Vec::new();
    for start in 0..size * size {
        if seen[start] || owner[start] != Some(c) {
            continue;
        }
        seen[start] = true;
        let mut piece = vec![start];
        let mut k = 0;
        while k < piece.len() {
            for j in neighbours(size, piece[k]) {
                if !seen[j] && owner[j] == Some(c) {
                    seen[j] = true;
                    piece.push(j);
                }
            }
            k += 1;
        }
        out.push(piece);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Game, Rules};

    fn pts(v: &[&str]) -> Vec<Point> {
        v.iter().map(|s| Point::parse(s, 19).unwrap()).collect()
    }

    /// Go Game Guru's easy problem 1: White's corner group, Black to kill.
    fn corner() -> (Vec<Point>, Vec<Point>) {
        (
            pts(&["R1", "O2", "N3", "P3", "P4", "Q4", "R4", "S4", "T4"]),
            pts(&["P1", "P2", "R2", "T2", "Q3", "R3", "T3"]),
        )
    }

    /// The frame's stones and the problem's, on one board.
    fn board_of(f: &Framed) -> Game {
        let mut g = Game::new(19, f.komi, Rules::chinese());
        g.setup(&f.black, &f.white, &[]).unwrap();
        g
    }

    #[test]
    fn a_corner_problem_keeps_its_region_and_is_walled_by_the_encloser() {
        let (b, w) = corner();
        assert_eq!(area(19, &b, &w), Area::Corner);
        assert_eq!(encloser(19, &b, &w), Color::Black);
        let f = frame(19, &b, &w, &[]).unwrap();
        // Stones in columns N..T (12..18) and rows 1..4 (0..3): carried
        // to the right edge and the bottom, one line grown to the left
        // and the top.
        assert_eq!(f.region, [11, 18, 0, 4]);
        assert_eq!(f.encloser, Color::Black);
        let g = board_of(&f);
        let board = g.board();
        for y in 0..19 {
            for x in 0..19 {
                let p = Point::new(x, y, 19).unwrap();
                if f.in_region(p, 19) {
                    let problem = b.contains(&p) || w.contains(&p);
                    assert_eq!(board.color_at(p).is_some(), problem, "{}", p.to_gtp(19));
                } else if x == 10 || y == 5 {
                    // The wall touching the region is the encloser's.
                    if x >= 10 && y <= 5 {
                        assert_eq!(board.color_at(p), Some(Color::Black), "{}", p.to_gtp(19));
                    }
                }
            }
        }
        // With White's problem stones dead, Black owns the region and
        // wins by 2.5; were they alive with only two points, White wins.
        let dead: crate::board::Bitboard = w.iter().copied().collect();
        let (_, score) = g.score(dead, crate::board::Bitboard::EMPTY);
        assert_eq!(score.0, ENCLOSER_WINS_BY);
        assert!(f.komi.abs() < 10.0, "komi {}", f.komi);
    }

    #[test]
    fn every_frame_stone_lives_unconditionally() {
        let (b, w) = corner();
        let side = (
            pts(&["H3", "J3", "K3", "L3", "M3", "G2", "N2"]),
            pts(&["H2", "J2", "K2", "L2", "M2"]),
        );
        let centre = (
            pts(&[
                "J9", "K9", "L9", "H10", "M10", "H11", "M11", "J12", "K12", "L12",
            ]),
            pts(&["J10", "K10", "L10", "J11", "L11"]),
        );
        for (b, w) in [(b, w), side, centre] {
            let f = frame(19, &b, &w, &[]).unwrap();
            let g = board_of(&f);
            let certain = crate::tactics::benson::certain(g.board());
            for p in f
                .black
                .iter()
                .skip(b.len())
                .chain(f.white.iter().skip(w.len()))
            {
                assert!(
                    certain.alive.contains(*p),
                    "{} not alive in\n{}",
                    p.to_gtp(19),
                    picture(&g)
                );
            }
            // Outside the region only single-point eyes are empty.
            for p in g.board().empty_points().iter() {
                if !f.in_region(p, 19) {
                    assert!(
                        g.check_legal(!f.encloser, p).is_err()
                            || g.check_legal(f.encloser, p).is_err()
                    );
                }
            }
        }
    }

    fn picture(g: &Game) -> String {
        let mut s = String::new();
        for y in (0..19).rev() {
            for x in 0..19 {
                let p = Point::new(x, y, 19).unwrap();
                s.push(match g.board().color_at(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            s.push('\n');
        }
        s
    }

    #[test]
    fn where_the_problem_lies() {
        let side = (pts(&["H3", "M3"]), pts(&["J2", "K2"]));
        assert_eq!(area(19, &side.0, &side.1), Area::Side);
        let centre = (pts(&["J9", "L9"]), pts(&["K10"]));
        assert_eq!(area(19, &centre.0, &centre.1), Area::Centre);
        // On the fourth line from the edge: not carried to it.
        let fourth = (pts(&["D10", "E10"]), pts(&["D11"]));
        assert_eq!(area(19, &fourth.0, &fourth.1), Area::Centre);
        let third = (pts(&["C10", "E10"]), pts(&["D11"]));
        assert_eq!(area(19, &third.0, &third.1), Area::Side);
    }

    #[test]
    fn the_encloser_is_the_colour_outside() {
        // White inside Black's ring; Black to live inside White's.
        let ring = (
            pts(&[
                "J9", "K9", "L9", "H10", "M10", "H11", "M11", "J12", "K12", "L12",
            ]),
            pts(&["J10", "K10", "L10", "J11", "L11"]),
        );
        assert_eq!(encloser(19, &ring.0, &ring.1), Color::Black);
        assert_eq!(encloser(19, &ring.1, &ring.0), Color::White);
        // A tie on every line: White.
        assert_eq!(encloser(19, &pts(&["K10"]), &pts(&["K12"])), Color::White);
        assert!(enclosed(19, &ring.0, &ring.1));
        assert!(!enclosed(19, &pts(&["K10"]), &pts(&["K12"])));
        // Go Game Guru's intermediate problem 1: Black's N5 and White's P6
        // both face the open board.
        let open = (
            pts(&["P1", "P2", "P3", "P4", "N5", "O5"]),
            pts(&["O2", "O3", "R3", "O4", "Q4", "P5", "R5", "P6"]),
        );
        assert!(!enclosed(19, &open.0, &open.1));
        let (b, w) = corner();
        assert!(enclosed(19, &b, &w));
    }
}
