//! Nakade: the vital point of a small eye space. An empty region of three
//! to six points enclosed by one colour's stones (and the edge) makes one
//! eye or two depending on who plays its vital point, when its shape is a
//! killing shape: straight or bent three, the pyramid four, the bulky and
//! the cross five, the rabbity six. Pachi's moggy plays such points in its
//! playouts (its `nakade` module); this is our own reading of the shapes
//! by how many neighbours each point has inside the region.

use crate::board::board::{CODE_BLACK, CODE_EMPTY, CODE_WHITE};
use crate::board::{Board, Color, Point, PointSet};

/// Largest eye space read.
pub const MAX_EYE: usize = 6;

/// The empty region around the empty point `start` when it has at most
/// [`MAX_EYE`] points and no stone but `owner`'s borders it.
pub fn small_eye_space(board: &Board, start: Point, owner: Color) -> Option<PointSet<MAX_EYE>> {
    let mut region = PointSet::<MAX_EYE>::new();
    region.add(start);
    let mut i = 0;
    while i < region.len() {
        let p = region.get(i);
        i += 1;
        for n in board.neighbours(p) {
            if board.is_empty_at(n) {
                if !region.insert(n) {
                    return None;
                }
            } else if board.color_at(n) == Some(!owner) {
                return None;
            }
        }
    }
    Some(region)
}

/// The vital point of `region` when its shape is a killing shape (one
/// eye if the attacker takes the point, two if the owner does).
pub fn vital_point(board: &Board, region: &PointSet<MAX_EYE>) -> Option<Point> {
    let pts = region.as_slice();
    let mut count = [0u8; MAX_EYE];
    // hist[k]: points with k neighbours inside the region.
    let mut hist = [0u8; 5];
    for (j, &p) in pts.iter().enumerate() {
        count[j] = board
            .neighbours(p)
            .iter()
            .filter(|&&n| region.contains(n))
            .count() as u8;
        hist[count[j] as usize] += 1;
    }
    let with = |k: u8| {
        pts.iter()
            .zip(&count)
            .find(|&(_, &c)| c == k)
            .map(|(&p, _)| p)
    };
    match (pts.len(), hist) {
        // Straight or bent three: the middle point.
        (3, [0, 2, 1, 0, 0]) => with(2),
        // Pyramid four.
        (4, [0, 3, 0, 1, 0]) => with(3),
        // Bulky five: the square point that holds the tail.
        (5, [0, 1, 3, 1, 0]) => with(3),
        // Cross five.
        (5, [0, 4, 0, 0, 1]) => with(4),
        // Rabbity six.
        (6, [0, 2, 3, 0, 1]) => with(4),
        _ => None,
    }
}

const _: () = assert!(CODE_EMPTY == 2 && CODE_BLACK == 0 && CODE_WHITE == 1);

/// Cells of a neighbourhood code (two bits each, [`Board::neighbourhood`]):
/// the low bit of every cell.
const LOW: u16 = 0x5555;
/// The low bits of the four orthogonal cells (the code's cells 1, 3, 4, 6).
const ORTHOGONAL: u16 = 1 << 2 | 1 << 6 | 1 << 8 | 1 << 12;

/// A cheap test on the eight points around an empty point, before a read
/// of the region: one or two of its four neighbours are empty, at most
/// five of the eight are, and no stone of the attacker `c` is among them
/// (a small eye space of the other colour rarely has one so near).
#[inline]
fn may_start_eye_space(code: u16, c: Color) -> bool {
    let lo = code & LOW;
    let hi = (code >> 1) & LOW;
    let empty = hi & !lo;
    let attacker = match c {
        Color::Black => !hi & !lo & LOW,
        Color::White => !hi & lo,
    };
    let orth = (empty & ORTHOGONAL).count_ones();
    attacker == 0 && (1..=2).contains(&orth) && empty.count_ones() <= 5
}

/// The vital point of a small eye space that the opponent's last move
/// `last` borders, if one is there and `c` may play it (to kill).
///
/// Only the empty neighbours of `last` that pass [`may_start_eye_space`]
/// start a read: a cheap test that keeps the read out of open areas. It
/// misses the last move touching the centre of a pyramid four, and eye
/// spaces with a stone of `c` diagonally next to the point read from.
pub fn nakade_answer(board: &Board, c: Color, last: Point) -> Option<Point> {
    if board.color_at(last) != Some(!c) {
        return None;
    }
    let mut read = PointSet::<MAX_EYE>::new();
    for n in board.neighbours(last) {
        if !board.is_empty_at(n) || read.contains(n) {
            continue;
        }
        if !may_start_eye_space(board.neighbourhood(n), c) {
            continue;
        }
        if let Some(region) = small_eye_space(board, n, !c) {
            if region.len() < 3 {
                continue;
            }
            for &q in region.as_slice() {
                read.insert(q);
            }
            if let Some(v) = vital_point(board, &region) {
                if board.is_legal(c, v) {
                    return Some(v);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vital(rows: &[&str], c: Color, last: &str) -> Option<String> {
        let b = Board::from_rows(rows).unwrap();
        let n = b.size();
        let last = Point::parse(last, n).unwrap();
        nakade_answer(&b, c, last).map(|p| p.to_gtp(n))
    }

    #[test]
    fn straight_and_bent_threes() {
        // White encloses A1-C1 (straight three): B1 for either side.
        let straight = [
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "O O O O .",
            ". . . O .",
        ];
        assert_eq!(vital(&straight, Color::Black, "D1"), Some("B1".into()));
        // Only the attacker answers its opponent's move.
        assert_eq!(vital(&straight, Color::White, "D1"), None);
        // Bent three in the corner: A1, B1, A2; vital A1.
        let bent = [
            ". . . . .",
            ". . . . .",
            "O O . . .",
            ". O . . .",
            ". . O . .",
        ];
        assert_eq!(vital(&bent, Color::Black, "B2"), Some("A1".into()));
    }

    #[test]
    fn pyramid_bulky_and_rabbity() {
        // Pyramid four A1 B1 C1 B2: B1.
        let pyramid = [
            ". . . . .",
            ". . . . .",
            "O O O . .",
            "O . O O .",
            ". . . O .",
        ];
        assert_eq!(vital(&pyramid, Color::Black, "C2"), Some("B1".into()));
        // Bulky five A1 B1 A2 B2 C1: B1 (three neighbours inside).
        let bulky = [
            ". . . . .",
            "O O O . .",
            ". . O . .",
            ". . . O .",
            ". . . . .",
        ];
        // (A1 B1 C1 row 1 is open to D1 here: not enclosed)
        assert_eq!(vital(&bulky, Color::Black, "C3"), None);
        let bulky = [
            ". . . . .",
            "O O O . .",
            ". . O . .",
            ". . . O .",
            "O O O O .",
        ];
        // Region A2 B2 A3 B3 C2 is enclosed by White: vital B2.
        assert_eq!(vital(&bulky, Color::Black, "C3"), Some("B2".into()));
        // Rabbity six B1 C1 A2 B2 C2 B3: B2 has four neighbours inside.
        let rabbity = [
            ". . . . .",
            ". O . . .",
            "O . O . .",
            ". . . O .",
            "O . . O .",
        ];
        assert_eq!(vital(&rabbity, Color::Black, "D2"), Some("B2".into()));
        // Seven points: too big to read.
        let seven = [
            ". . . . .",
            "O O O . .",
            ". . . O .",
            "O . . O .",
            "O . . O .",
        ];
        assert_eq!(vital(&seven, Color::Black, "D2"), None);
    }

    #[test]
    fn live_shapes_and_mixed_borders_have_no_vital_point() {
        // Straight four A1-D1: alive, no vital point.
        let four = [
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "O O O O O",
            ". . . . O",
        ];
        assert_eq!(vital(&four, Color::Black, "E2"), None);
        // Three points bordered by both colours: not an eye space.
        let mixed = [
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "O O X O .",
            ". . . O .",
        ];
        assert_eq!(vital(&mixed, Color::Black, "D1"), None);
    }
}
