//! Seki: clusters of strings of both colours that neither side can
//! approach, found by a local check (playout ownership alone calls seki
//! stones dead or alive at random).

use crate::board::{Bitboard, Board, Color, Point};

/// Strings in seki: a cluster of strings of both colours whose every
/// liberty is either shared (it touches both colours) or an eye (an empty
/// point whose neighbours are all stones of one colour, every one of them
/// a string of the cluster), with at least one shared liberty, that
/// neither side can approach: no filling of a shared liberty captures or
/// leads to a throw-in (below). An eye that leans on a string with a liberty outside the
/// cluster is no eye, since that string can be captured. A local check,
/// not a full reading; big eyes (two empty points or more) are left to
/// the playouts.
///
/// A self-atari does not approach unless it is a throw-in: filling a
/// shared liberty, against strings with no eye in the cluster, with a
/// string that when taken leaves them an eye space of one eye (at most
/// three points, or a square or pyramid four, a bulky or cross five, a
/// rabbity six: the filler takes its vital point next), where the taking
/// stone joins a string of the taker's. The strings
/// around an eye all join the cluster, so an eye that also touches a
/// living group (whose other liberties are neither shared nor eyes) is no
/// seki: it joins the cluster's strings to life. With the playouts'
/// `ownership` (Black minus White, per grid point), a cluster bordered by
/// a string that the other colour owns (a dead wall) is no seki either.
///
/// A filling that is no self-atari and captures nothing is followed, the
/// filler filling on while the other side waits: it approaches when a
/// later filling does (so two strings without eyes that share three
/// liberties or more are a seki: each filling brings both towards atari,
/// and whoever fills the second to last is taken).
pub fn seki_stones(board: &Board, ownership: Option<&[f32]>) -> Bitboard {
    let mut seki = Bitboard::EMPTY;
    for c in Color::BOTH {
        for p in &board.stones(c) {
            if seki.contains(p) || board.string_head(p) != p {
                continue;
            }
            let string = board.string_bitboard(p);
            let libs = string.neighbours(board.stride()) & board.empty_points();
            if (2..=SEKI_MAX_LIBERTIES).contains(&libs.count()) {
                if let Some(cluster) = seki_cluster(board, string, ownership) {
                    seki |= cluster;
                }
            }
        }
    }
    seki
}

/// Clusters of two strings, one of each colour, whose every liberty is
/// shared or an eye (as for seki), that one colour approaches and the
/// other does not ([`approaches`]: a throw-in that leaves a killing
/// shape): the strings the approach kills and the strings that kill
/// them, which live. No string around the cluster may be owned by the
/// other colour by the playouts' `ownership`, as for seki.
pub fn one_sided_approaches(board: &Board, ownership: Option<&[f32]>) -> (Bitboard, Bitboard) {
    let (mut dead, mut alive) = (Bitboard::EMPTY, Bitboard::EMPTY);
    let stride = board.stride();
    for p in &board.stones(Color::Black) {
        if board.string_head(p) != p {
            continue;
        }
        let string = board.string_bitboard(p);
        let libs = string.neighbours(stride) & board.empty_points();
        if !(2..=SEKI_MAX_LIBERTIES).contains(&libs.count()) {
            continue;
        }
        let Some((cluster, shared, has_eye)) = grow_cluster(board, string) else {
            continue;
        };
        // The rest of the cluster: one white string.
        let white = cluster - string;
        let Some(w) = white.first() else { continue };
        if board.color_at(w) != Some(Color::White)
            || board.string_bitboard(w) != white
            || dead_border(board, cluster, ownership)
        {
            continue;
        }
        let by = |c: Color| approaches(board, c, p, cluster, shared, has_eye, SEKI_MAX_FILLS);
        match (by(Color::Black), by(Color::White)) {
            (true, false) => {
                dead |= white;
                alive |= string;
            }
            (false, true) => {
                dead |= string;
                alive |= white;
            }
            _ => {}
        }
    }
    (dead, alive)
}

/// Strings a seki cluster may hold before the check gives up.
const SEKI_MAX_STRINGS: usize = 8;

/// The most liberties of a string a seki cluster is grown from.
const SEKI_MAX_LIBERTIES: u32 = 6;

/// The seki cluster grown from `start`, if it is one (see [`seki_stones`]).
fn seki_cluster(board: &Board, start: Bitboard, ownership: Option<&[f32]>) -> Option<Bitboard> {
    let (cluster, shared, has_eye) = grow_cluster(board, start)?;
    let anchor = start.first()?;
    if !no_approach(board, anchor, cluster, shared, has_eye, SEKI_MAX_FILLS) {
        return None;
    }
    (!dead_border(board, cluster, ownership)).then_some(cluster)
}

/// Whether a string around `cluster` is one that the other colour owns by
/// the playouts' `ownership` (a dead wall): then the cluster is neither a
/// seki nor settled by its own reading.
fn dead_border(board: &Board, cluster: Bitboard, ownership: Option<&[f32]>) -> bool {
    let Some(ownership) = ownership else {
        return false;
    };
    let stones = board.stones(Color::Black) | board.stones(Color::White);
    let border = (cluster.neighbours(board.stride()) & stones) - cluster;
    border.iter().any(|q| owned(board, ownership, q) < 0.0)
}

/// The cluster grown from `start` through the liberties of its strings,
/// its shared liberties and which colours (by index) have an eye in it,
/// when every liberty is shared or an eye and one is shared.
fn grow_cluster(board: &Board, start: Bitboard) -> Option<(Bitboard, Bitboard, [bool; 2])> {
    let stride = board.stride();
    let empty = board.empty_points();
    let stones = board.stones(Color::Black) | board.stones(Color::White);
    let mut cluster = start;
    let mut checked = Bitboard::EMPTY;
    let mut strings = 1;
    let mut shared = Bitboard::EMPTY;
    let mut has_eye = [false; 2];
    // Each string is checked once.
    while let Some(p) = (cluster - checked).first() {
        let string = board.string_bitboard(p);
        checked |= string;
        for l in &(string.neighbours(stride) & empty) {
            let around = Bitboard::single(l).neighbours(stride) & (stones | empty);
            let black = around & board.stones(Color::Black);
            let white = around & board.stones(Color::White);
            if !black.is_empty() && !white.is_empty() {
                shared.insert(l);
            } else if around == black || around == white {
                // An eye where the other colour may play captures a
                // string around it: no eye.
                let owner = if around == black {
                    Color::Black
                } else {
                    Color::White
                };
                if board.is_legal(!owner, l) {
                    return None;
                }
                has_eye[owner.index()] = true;
            } else {
                return None;
            }
            // The strings around a shared liberty or an eye belong to it.
            for q in &(around & stones) {
                if !cluster.contains(q) {
                    cluster |= board.string_bitboard(q);
                    strings += 1;
                    if strings > SEKI_MAX_STRINGS {
                        return None;
                    }
                }
            }
        }
    }
    (!shared.is_empty()).then_some((cluster, shared, has_eye))
}

/// Fillings of shared liberties that a seki check follows, one after the
/// other, before it gives up.
const SEKI_MAX_FILLS: u32 = 4;

/// Whether neither colour approaches the cluster of `anchor`'s string
/// (see [`approaches`]).
fn no_approach(
    board: &Board,
    anchor: Point,
    cluster: Bitboard,
    shared: Bitboard,
    has_eye: [bool; 2],
    depth: u32,
) -> bool {
    Color::BOTH
        .into_iter()
        .all(|c| !approaches(board, c, anchor, cluster, shared, has_eye, depth))
}

/// Whether `c`, filling `shared` liberties of the cluster of `anchor`'s
/// string one after the other while the other side waits, breaks it: a
/// filling that captures, a throw-in, or a filling that is no self-atari
/// after which `c` approaches still (followed up to `depth` fillings
/// deep). An illegal filling or a self-atari that is no throw-in does not
/// approach; nor does a filling that only lets the other side approach,
/// since `c` would not play it.
fn approaches(
    board: &Board,
    c: Color,
    anchor: Point,
    cluster: Bitboard,
    shared: Bitboard,
    has_eye: [bool; 2],
    depth: u32,
) -> bool {
    let stride = board.stride();
    shared.iter().any(|l| {
        if !board.is_legal(c, l) {
            return false;
        }
        let e = crate::tactics::move_effect(board, c, l);
        if e.captures > 0 {
            return true;
        }
        if e.is_self_atari() {
            let with = board.stones(c) | Bitboard::single(l);
            let filled = Bitboard::single(l).flood(stride, with);
            // The taker's stone joins a string of the taker's: the taken
            // stones become its eye space.
            let taker_joins = (filled.neighbours(stride)
                & (board.empty_points() - Bitboard::single(l)))
            .iter()
            .any(|r| !(Bitboard::single(r).neighbours(stride) & board.stones(!c)).is_empty());
            // The space is the taker's only eye space when every stone
            // of the taker's around it is of the cluster: a string of the
            // taker's outside it (a wall that lives by itself) gives the
            // taken stones' space to a living group.
            let walled_by_cluster =
                ((filled.neighbours(stride) & board.stones(!c)) - cluster).is_empty();
            return taker_joins
                && walled_by_cluster
                && killing_space(filled, stride)
                && !has_eye[(!c).index()];
        }
        if depth == 0 {
            return true;
        }
        let mut next = board.clone();
        if next.play(c, l).is_err() {
            return false;
        }
        match grow_cluster(&next, next.string_bitboard(anchor)) {
            Some((cluster, shared, has_eye)) => {
                approaches(&next, c, anchor, cluster, shared, has_eye, depth - 1)
            }
            None => true,
        }
    })
}

/// Whether `space`, the eye space left to a string that took the stones
/// filling it, has one eye however its owner plays when the other side
/// moves first: at most three points, or a square four, a pyramid four,
/// a bulky or a cross five, a rabbity six; in one piece.
fn killing_space(space: Bitboard, stride: usize) -> bool {
    let Some(p) = space.first() else {
        return true;
    };
    if Bitboard::single(p).flood(stride, space) != space {
        return false;
    }
    // hist[k]: points with k neighbours inside the space.
    let mut hist = [0u8; 5];
    for q in &space {
        hist[(Bitboard::single(q).neighbours(stride) & space).count() as usize] += 1;
    }
    matches!(
        (space.count(), hist),
        (0..=3, _)
            | (4, [0, 0, 4, 0, 0] | [0, 3, 0, 1, 0])
            | (5, [0, 1, 3, 1, 0] | [0, 4, 0, 0, 1])
            | (6, [0, 2, 3, 0, 1])
    )
}

/// How surely the stone on `q` stays its colour's at the end, in -1..1,
/// from the playouts' `ownership` (Black minus White, per grid point).
pub(super) fn owned(board: &Board, ownership: &[f32], q: Point) -> f32 {
    let o = ownership[q.index()];
    if board.color_at(q) == Some(Color::Black) {
        o
    } else {
        -o
    }
}
