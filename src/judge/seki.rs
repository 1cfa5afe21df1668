//! Seki: clusters of strings of both colours that neither side can
//! approach, found by a local check (playout ownership alone calls seki
//! stones dead or alive at random).

use super::owned;
use crate::board::{Bitboard, Board, Color, Point};

/// Strings in seki: a cluster of strings of both colours whose every
/// liberty is either shared (it touches both colours, and filling it is a
/// self-atari for either side) or an eye (an empty point whose neighbours
/// are all stones of one colour, every one of them a string of the
/// cluster), with at least one shared liberty. Then neither side can
/// approach: an eye that leans on a string with a liberty outside the
/// cluster is no eye, since that string can be captured. A local check,
/// not a full reading; big eyes (two empty points or more) are left to
/// the playouts.
///
/// Two self-ataris do not stop an approach. A throw-in: filling a shared
/// liberty with a string of at most three stones, against strings with
/// no eye in the cluster, only gives them an eye space of at most three
/// points, one eye (the nakade of a straight or bent three). The strings
/// around an eye all join the cluster, so an eye that also touches a
/// living group (whose other liberties are neither shared nor eyes) is no
/// seki: it joins the cluster's strings to life. With the playouts'
/// `ownership` (Black minus White, per grid point), a cluster bordered by
/// a string that the other colour owns (a dead wall) is no seki either.
pub fn seki_stones(board: &Board, ownership: Option<&[f32]>) -> Bitboard {
    let mut seki = Bitboard::EMPTY;
    for c in Color::BOTH {
        for p in &board.stones(c) {
            if seki.contains(p) || board.string_head(p) != p {
                continue;
            }
            let string = board.string_bitboard(p);
            let libs = string.neighbours(board.stride()) & board.empty_points();
            if libs.count() == 2 {
                if let Some(cluster) = seki_cluster(board, string, ownership) {
                    seki |= cluster;
                }
            }
        }
    }
    seki
}

/// Strings a seki cluster may hold before the check gives up.
const SEKI_MAX_STRINGS: usize = 8;

/// The seki cluster grown from `start`, if it is one (see [`seki_stones`]).
fn seki_cluster(board: &Board, start: Bitboard, ownership: Option<&[f32]>) -> Option<Bitboard> {
    let stride = board.stride();
    let owned = |q: Point| ownership.map_or(0.0, |o| owned(board, o, q));
    let empty = board.empty_points();
    let stones = board.stones(Color::Black) | board.stones(Color::White);
    let mut cluster = start;
    let mut checked = Bitboard::EMPTY;
    let mut strings = 1;
    let mut shared = Bitboard::EMPTY;
    // Colours with an eye in the cluster (by colour index).
    let mut has_eye = [false; 2];
    // Grow the cluster through the liberties of its strings until every
    // liberty is classified: each string is checked once.
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
    if shared.is_empty() {
        return None;
    }
    for l in &shared {
        for c in Color::BOTH {
            let e = crate::tactics::move_effect(board, c, l);
            let throw_in = e.stones <= THROW_IN_STONES && !has_eye[(!c).index()];
            if !e.is_self_atari() || throw_in {
                return None;
            }
        }
    }
    // Strings around the cluster must not be dead.
    let border = (cluster.neighbours(stride) & stones) - cluster;
    if border.iter().any(|q| owned(q) < 0.0) {
        return None;
    }
    Some(cluster)
}

/// The largest self-atari that is a throw-in (see [`seki_stones`]).
const THROW_IN_STONES: u32 = 3;
