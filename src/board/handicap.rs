//! Handicap stone placement: the fixed placement of the GTP specification
//! and a free placement that spreads extra stones over the board.

use super::point::Point;

/// The most fixed handicap stones for a board of side `size` (0 when none).
pub fn max_fixed(size: usize) -> usize {
    match size {
        s if s < 7 => 0,
        7 => 4,
        s if s % 2 == 0 => 4,
        _ => 9,
    }
}

/// The points of `n` fixed handicap stones on a board of side `size`, in
/// the order of the GTP specification, or `None` when `n` is not allowed.
pub fn fixed_points(size: usize, n: usize) -> Option<Vec<Point>> {
    if n < 2 || n > max_fixed(size) {
        return None;
    }
    let lo = if size >= 13 { 3 } else { 2 };
    let hi = size - 1 - lo;
    let mid = size / 2;
    let mut xy = vec![(lo, lo), (hi, hi)];
    if n >= 3 {
        xy.push((lo, hi));
    }
    if n >= 4 {
        xy.push((hi, lo));
    }
    if n >= 6 {
        xy.extend([(lo, mid), (hi, mid)]);
    }
    if n >= 8 {
        xy.extend([(mid, lo), (mid, hi)]);
    }
    if n >= 5 && n % 2 == 1 {
        xy.push((mid, mid));
    }
    debug_assert_eq!(xy.len(), n);
    Some(
        xy.into_iter()
            .map(|(x, y)| Point::from_xy_unchecked(x, y, size))
            .collect(),
    )
}

/// Points for `n` stones chosen by the engine (`place_free_handicap`): the
/// fixed placement while it exists, then each further stone on the point
/// of the third line or above farthest from the stones already chosen.
/// `None` when `n` is below 2 or leaves no empty point.
pub fn free_points(size: usize, n: usize) -> Option<Vec<Point>> {
    if n < 2 || n >= size * size {
        return None;
    }
    let base = fixed_points(size, n.min(max_fixed(size)));
    let mut chosen: Vec<(usize, usize)> = base
        .unwrap_or_default()
        .iter()
        .map(|p| p.xy(size))
        .collect();
    let margin = if size >= 9 { 2 } else { 0 };
    while chosen.len() < n {
        let mut best: Option<((usize, usize), usize)> = None;
        for m in [margin, 0] {
            for y in m..size - m {
                for x in m..size - m {
                    if chosen.contains(&(x, y)) {
                        continue;
                    }
                    let d = chosen
                        .iter()
                        .map(|&(a, b)| a.abs_diff(x).pow(2) + b.abs_diff(y).pow(2))
                        .min()
                        .unwrap_or(usize::MAX);
                    if best.is_none_or(|(_, bd)| d > bd) {
                        best = Some(((x, y), d));
                    }
                }
            }
            if best.is_some() {
                break;
            }
        }
        chosen.push(best?.0);
    }
    Some(
        chosen
            .into_iter()
            .map(|(x, y)| Point::from_xy_unchecked(x, y, size))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(size: usize, n: usize) -> String {
        fixed_points(size, n)
            .unwrap()
            .iter()
            .map(|p| p.to_gtp(size))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn gtp_fixed_placement() {
        assert_eq!(names(19, 2), "D4 Q16");
        assert_eq!(names(19, 5), "D4 Q16 D16 Q4 K10");
        assert_eq!(names(19, 6), "D4 Q16 D16 Q4 D10 Q10");
        assert_eq!(names(19, 9), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
        assert_eq!(names(9, 3), "C3 G7 C7");
        assert_eq!(names(13, 4), "D4 K10 D10 K4");
        assert_eq!(names(7, 4), "C3 E5 C5 E3");
        assert_eq!(fixed_points(7, 5), None);
        assert_eq!(fixed_points(10, 5), None);
        assert_eq!(fixed_points(6, 2), None);
        assert_eq!(fixed_points(19, 10), None);
        assert_eq!(fixed_points(19, 1), None);
    }

    #[test]
    fn free_placement_is_distinct() {
        for (size, n) in [(19, 12), (9, 9), (5, 4), (3, 8), (19, 2)] {
            let pts = free_points(size, n).unwrap();
            assert_eq!(pts.len(), n);
            let mut sorted = pts.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), n, "{size} {n}");
        }
        assert_eq!(free_points(3, 9), None);
    }
}
