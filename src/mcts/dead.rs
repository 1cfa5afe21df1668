//! Groups the life-and-death survey proved dead at the root, counted dead
//! at the end of a simulation where the playout left them standing
//! (`--param life_dead=1`; issue 47: "a group proved dead is counted dead
//! by the search's evaluation").
//!
//! A proof holds for the position it read, so it is trusted only where the
//! simulation's tree moves cannot have changed it, and on the side that
//! keeps the search from fooling itself:
//! - a group of the root's side to move: while every one of its moves in
//!   the region was answered there by the opponent at once (or is the tree's
//!   last move). The opponent's answers are taken as the right ones, so the
//!   player does not count on rescuing a group the proof says is lost;
//! - a group of the opponent's: while the opponent has played no tree move
//!   in the region, so that the player does not waste moves killing it
//!   again, nor count on a rescue the tree never tried.
//!
//! And only while the attacker's stones around the region and inside it all
//! stand at the end: a wall captured in the playout frees the group, and
//! a capture inside may have given it the eye the proof denied.

use super::tree::TreeMove;
use crate::board::{Bitboard, Board, Color};

/// An enclosed group proved dead with its owner to move first.
#[derive(Clone, Debug)]
pub(super) struct DeadRegion {
    pub(super) defender: Color,
    /// The region read: the group, the empty points it encloses and the
    /// attacker's small strings inside.
    pub(super) region: Bitboard,
    /// The attacker's stones next to the region and inside it: the proof
    /// stands only while all of them stand.
    pub(super) wall: Bitboard,
}

impl DeadRegion {
    pub(super) fn new(board: &Board, defender: Color, region: Bitboard) -> DeadRegion {
        let stride = board.stride();
        DeadRegion {
            defender,
            region,
            wall: (region | region.neighbours(stride)) & board.stones(!defender),
        }
    }

    /// Whether the tree moves (`moves`, the first by `root_to_move`) leave
    /// the proof standing (the module's rules).
    pub(super) fn holds(&self, moves: &[TreeMove], root_to_move: Color) -> bool {
        let mut mover = root_to_move;
        let mut unanswered = false;
        for m in moves {
            let inside = m.point().is_some_and(|p| self.region.contains(p));
            if mover == self.defender {
                if inside {
                    if self.defender != root_to_move {
                        return false;
                    }
                    unanswered = true;
                }
            } else if unanswered {
                if !inside {
                    return false;
                }
                unanswered = false;
            }
            mover = !mover;
        }
        true
    }

    /// Black's area minus White's that counting the group dead adds to the
    /// playout's count of `board` (a simulation's end,
    /// [`Board::playout_area_difference`]): 0 when its stones are gone or
    /// the wall is broken; else every point of the region becomes the
    /// attacker's in place of what the playout's count made of it.
    pub(super) fn adjustment(&self, board: &Board) -> i32 {
        let attacker = !self.defender;
        let standing = !(board.stones(self.defender) & self.region).is_empty();
        if !standing || !(self.wall - board.stones(attacker)).is_empty() {
            return 0;
        }
        let all = self.region.count() as i32;
        let attackers = match attacker {
            Color::Black => all,
            Color::White => -all,
        };
        attackers - board.playout_area_difference_in(self.region)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    fn pt(v: &str) -> Point {
        Point::parse(v, 9).unwrap()
    }

    /// A 9x9 board whose top four rows are `top`, the rest empty.
    fn board(top: &[&str; 4]) -> Board {
        let mut rows = top.to_vec();
        rows.resize(9, ". . . . . . . . .");
        Board::from_rows(&rows).unwrap()
    }

    /// Black's seven stones in White's 9x9 corner with one eye (A8) and a
    /// liberty shared with the wall (C9); the region is the corner's 3x3.
    const CORNER: [&str; 4] = [
        "X X . O . . . . .",
        ". X X O . . . . .",
        "X X X O . . . . .",
        "O O O O . . . . .",
    ];

    fn corner() -> DeadRegion {
        let mut r = Bitboard::EMPTY;
        for v in ["A9", "B9", "C9", "A8", "B8", "C8", "A7", "B7", "C7"] {
            r.insert(pt(v));
        }
        DeadRegion::new(&board(&CORNER), Color::Black, r)
    }

    #[test]
    fn a_standing_dead_group_moves_its_region_to_the_attacker() {
        let d = corner();
        // D9 D8 D7 and A6 B6 C6 (none inside).
        assert_eq!(d.wall.count(), 6);
        // Black's 7 stones and its eye count for Black, C9 for nobody: all 9
        // go to White, 17 off Black's area minus White's.
        assert_eq!(d.adjustment(&board(&CORNER)), -17);
    }

    #[test]
    fn no_adjustment_once_the_group_is_gone_or_the_wall_broken() {
        let d = corner();
        let gone = [
            ". . . O . . . . .",
            ". . . O . . . . .",
            ". . . O . . . . .",
            "O O O O . . . . .",
        ];
        assert_eq!(d.adjustment(&board(&gone)), 0);
        let broken = [
            "X X . O . . . . .",
            ". X X . X . . . .",
            "X X X O . . . . .",
            "O O O O . . . . .",
        ];
        assert_eq!(d.adjustment(&board(&broken)), 0);
    }

    #[test]
    fn the_proof_holds_only_while_the_tree_leaves_it_alone() {
        let d = corner();
        let play = |v: &str| TreeMove::from_point(Some(pt(v)));
        let pass = TreeMove::from_point(None);
        // Black's own group (Black to move at the root): its move inside
        // answered inside at once, or the tree's last, keeps the proof;
        // left unanswered, not.
        assert!(d.holds(&[], Color::Black));
        assert!(d.holds(&[play("E5"), play("F5")], Color::Black));
        assert!(d.holds(&[play("C9")], Color::Black));
        assert!(d.holds(&[play("C9"), play("A8")], Color::Black));
        assert!(!d.holds(&[play("C9"), play("F5")], Color::Black));
        assert!(!d.holds(&[play("C9"), pass], Color::Black));
        // White to move at the root: any Black move inside ends it; White's
        // own moves inside do not.
        assert!(d.holds(&[play("A8"), play("E5")], Color::White));
        assert!(!d.holds(&[play("E5"), play("C9")], Color::White));
    }
}
