//! Learned move patterns: the features of a candidate move, and a model
//! that rates moves by them (Coulom 2007, "Computing Elo Ratings of Move
//! Patterns in the Game of Go": a generalized Bradley-Terry model whose
//! feature strengths, "gammas", are fitted by Minorization-Maximization;
//! the move's strength is the product of its features' gammas, and the
//! probability that it is the move played is its strength over the sum
//! of all legal moves' strengths).
//!
//! A move has at most one value in each feature group: the tactical groups
//! read the board with [`crate::tactics`] (captures, atari escapes and
//! whether they run into a ladder, self-ataris, ataris and whether they
//! work as a ladder, the distance to the edge and to the last two moves),
//! and the spatial group is the largest pattern around the move that the
//! model knows ([`spatial`]). `train` fits a model from game records.

mod model;
pub mod shape_table;
pub mod spatial;
pub mod train;

pub use model::{Model, Pattern};

/// The model shipped with the engine (docs/PATTERNS.md says how it was
/// made and how to make it again).
pub fn shipped() -> &'static Model {
    static MODEL: std::sync::OnceLock<Model> = std::sync::OnceLock::new();
    MODEL.get_or_init(|| {
        Model::from_bytes(include_bytes!("shipped.bin")).expect("the shipped patterns file loads")
    })
}

/// The 3x3-only model of the playouts, as a table (docs/PATTERNS.md says
/// how it was made).
pub fn playout_shapes() -> &'static shape_table::ShapeTable {
    static TABLE: std::sync::OnceLock<shape_table::ShapeTable> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let model = Model::from_bytes(include_bytes!("playout.bin"))
            .expect("the shipped playout patterns file loads");
        shape_table::ShapeTable::from_model(&model, 1.0)
    })
}

/// A model read from a patterns file, kept for the life of the process
/// (the search holds it by reference).
pub fn load(path: &std::path::Path) -> Result<&'static Model, String> {
    let bytes = crate::files::read_limited(path, 1 << 30)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let model = Model::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Box::leak(Box::new(model)))
}

use crate::board::{Board, Color, Game, Move, Point};
use crate::tactics::ladder::{escape_is_laddered, is_ladder_atari, two_liberties};
use crate::tactics::move_effect;

/// The tactical feature groups, in the order of [`Tactics::values`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// 1 takes the string of the last move, 2 takes a string beside an own
    /// string in atari (saving it), 3 takes a ko, 4 any other capture.
    Capture,
    /// Extends an own string out of atari: 1 to three liberties or more,
    /// 2 to two that do not run into a ladder, 3 into a ladder.
    Escape,
    /// Leaves its own string in atari without capturing: 1 a single
    /// stone, 2 two or three stones (nakade and throw-ins), 3 more.
    SelfAtari,
    /// Ataris an opposing string of two liberties: 1 one that a ladder then
    /// captures, 2 other ataris, 3 any atari while a ko is on the board.
    Atari,
    /// Distance to the edge: 1 on the first line ... 4 on the fourth.
    Edge,
    /// Gridcular distance to the last move, 2 to 16 (values 1 to 15), 17
    /// and more (16).
    Last,
    /// The same for the move before the last.
    SecondLast,
}

impl Group {
    pub const ALL: [Group; 7] = [
        Group::Capture,
        Group::Escape,
        Group::SelfAtari,
        Group::Atari,
        Group::Edge,
        Group::Last,
        Group::SecondLast,
    ];

    /// Number of values besides "absent" (0).
    pub const fn values(self) -> u32 {
        match self {
            Group::Capture => 4,
            Group::Escape => 3,
            Group::SelfAtari => 3,
            Group::Atari => 3,
            Group::Edge => 4,
            Group::Last | Group::SecondLast => 16,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Group::Capture => "capture",
            Group::Escape => "escape",
            Group::SelfAtari => "self-atari",
            Group::Atari => "atari",
            Group::Edge => "edge",
            Group::Last => "last",
            Group::SecondLast => "second-last",
        }
    }

    /// The feature id of value `v` (1-based) of this group: the tactical
    /// ids come first, group by group, then the spatial patterns.
    pub fn id(self, v: u8) -> u32 {
        debug_assert!(v >= 1 && v as u32 <= self.values());
        let base: u32 = Group::ALL
            .iter()
            .take_while(|&&g| g != self)
            .map(|g| g.values())
            .sum();
        base + v as u32 - 1
    }
}

/// Number of tactical feature ids; spatial pattern `i` has id
/// `TACTICAL_IDS + i`.
pub const TACTICAL_IDS: u32 = 4 + 3 + 3 + 3 + 4 + 16 + 16;

/// The tactical feature values of one move, one per [`Group`] (0: absent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tactics {
    pub values: [u8; 7],
}

impl Tactics {
    pub fn get(&self, g: Group) -> u8 {
        self.values[g as usize]
    }

    /// The feature ids of the values present.
    pub fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        Group::ALL
            .iter()
            .zip(self.values)
            .filter(|&(_, v)| v > 0)
            .map(|(&g, v)| g.id(v))
    }
}

/// Gridcular distance between two points: `|dx| + |dy| + max(|dx|, |dy|)`.
pub fn gridcular(size: usize, a: Point, b: Point) -> u32 {
    let (ax, ay) = a.xy(size);
    let (bx, by) = b.xy(size);
    let (dx, dy) = (ax.abs_diff(bx) as u32, ay.abs_diff(by) as u32);
    dx + dy + dx.max(dy)
}

fn distance_value(size: usize, p: Point, q: Option<Point>) -> u8 {
    match q {
        None => 0,
        Some(q) => (gridcular(size, p, q).clamp(2, 17) - 1) as u8,
    }
}

/// The two moves before the one rated, as points (`None` for a pass or no
/// move): the capture and distance features read them. With the board,
/// the mover and the move they are what rating a move takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Recent {
    pub last: Option<Point>,
    pub last2: Option<Point>,
}

impl Recent {
    /// The last two moves of `game`.
    pub fn of(game: &Game) -> Recent {
        let stone = |m: Option<&(Color, Move)>| match m {
            Some((_, Move::Play(p))) => Some(*p),
            _ => None,
        };
        let mut moves = game.moves().iter().rev();
        let last = stone(moves.next());
        Recent {
            last,
            last2: stone(moves.next()),
        }
    }

    /// The recent moves of the position after `mv` (`None`: a pass).
    pub fn after(self, mv: Option<Point>) -> Recent {
        Recent {
            last: mv,
            last2: self.last,
        }
    }
}

/// The tactical features of `c` playing the legal move `p` after the
/// `recent` moves. The ladder reads play on the board and leave it as it
/// was.
pub fn tactics(board: &mut Board, c: Color, p: Point, recent: Recent) -> Tactics {
    let Recent { last, last2 } = recent;
    let size = board.size();
    let mut t = Tactics::default();
    let e = move_effect(board, c, p);
    let neighbours = board.neighbours(p);
    if e.captures > 0 {
        let takes = |q: Point| {
            neighbours.iter().any(|&n| {
                board.color_at(n) == Some(!c)
                    && board.in_atari(n)
                    && board.string_head(n) == board.string_head(q)
            })
        };
        let saves = neighbours.iter().any(|&n| {
            board.color_at(n) == Some(!c)
                && board.in_atari(n)
                && board.string_stones(n).any(|s| {
                    board
                        .neighbours(s)
                        .iter()
                        .any(|&m| board.color_at(m) == Some(c) && board.in_atari(m))
                })
        });
        t.values[Group::Capture as usize] =
            if last.is_some_and(|l| board.color_at(l) == Some(!c) && takes(l)) {
                1
            } else if saves {
                2
            } else if e.captures == 1 && e.stones == 1 && e.liberties == 1 {
                3
            } else {
                4
            };
    } else if e.escapes_atari() {
        t.values[Group::Escape as usize] = if e.liberties >= 3 {
            1
        } else if escape_is_laddered(board, c, p) {
            3
        } else {
            2
        };
    }
    if e.is_self_atari() {
        t.values[Group::SelfAtari as usize] = match e.stones {
            1 => 1,
            2 | 3 => 2,
            _ => 3,
        };
    }
    if e.liberties >= 2 || e.captures > 0 {
        let mut atari = 0;
        for n in neighbours {
            if board.color_at(n) != Some(!c) {
                continue;
            }
            let Some(libs) = two_liberties(board, n) else {
                continue;
            };
            atari = if board.ko_point(c).is_some() || board.ko_point(!c).is_some() {
                3
            } else if is_ladder_atari(board, c, p, n, libs) {
                1
            } else {
                2.max(atari)
            };
            if atari != 2 {
                break;
            }
        }
        t.values[Group::Atari as usize] = atari;
    }
    let line = crate::tactics::line(board, p);
    if line < 4 {
        t.values[Group::Edge as usize] = line as u8 + 1;
    }
    t.values[Group::Last as usize] = distance_value(size, p, last);
    t.values[Group::SecondLast as usize] = distance_value(size, p, last2);
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str, n: usize) -> Point {
        Point::parse(s, n).unwrap()
    }

    #[test]
    fn ids_are_dense_and_distinct() {
        let mut ids: Vec<u32> = Group::ALL
            .iter()
            .flat_map(|&g| (1..=g.values() as u8).map(move |v| g.id(v)))
            .collect();
        ids.sort_unstable();
        assert_eq!(ids, (0..TACTICAL_IDS).collect::<Vec<_>>());
    }

    #[test]
    fn tactical_features_of_hand_built_positions() {
        // White C3 in atari after Black C4; Black can take it at D3.
        let mut b = crate::tactics::ladder::classic_ladder(&[]);
        let last = b.last_move();
        // White D3 escapes into a ladder.
        let t = tactics(
            &mut b,
            Color::White,
            pt("D3", 9),
            Recent { last, last2: None },
        );
        assert_eq!(t.get(Group::Escape), 3, "{t:?}");
        assert_eq!(t.get(Group::Capture), 0);
        assert_eq!(t.get(Group::Edge), 3);
        assert_eq!(t.get(Group::Last), 2); // D3 to C4: 1 + 1 + 1
                                           // Black D3 captures the stone the last move put in atari.
        let t = tactics(
            &mut b,
            Color::Black,
            pt("D3", 9),
            Recent { last, last2: None },
        );
        assert_eq!(t.get(Group::Capture), 4, "{t:?}");
        // With the ladder broken, D3 is an escape to two liberties.
        let mut free = crate::tactics::ladder::classic_ladder(&["G7"]);
        let t = tactics(
            &mut free,
            Color::White,
            pt("D3", 9),
            Recent { last, last2: None },
        );
        assert_eq!(t.get(Group::Escape), 2, "{t:?}");
        // A first-line move far from anything: edge 1, distance 17+.
        let t = tactics(
            &mut b,
            Color::Black,
            pt("J9", 9),
            Recent { last, last2: last },
        );
        // J9 to C4: 6 + 5 + 6 = 17, the last value.
        assert_eq!((t.get(Group::Edge), t.get(Group::Last)), (1, 16));
        assert_eq!(t.get(Group::SecondLast), 16);
        let before = b.clone();
        for p in b.empty_points().iter().collect::<Vec<_>>() {
            for c in Color::BOTH {
                if b.is_legal(c, p) {
                    tactics(&mut b, c, p, Recent { last, last2: None });
                }
            }
        }
        assert!(b.same_state(&before));
    }

    #[test]
    fn ataris_and_self_ataris() {
        let mut b = Board::from_rows(&[
            ". . . . .",
            ". . . . .",
            ". O X . .",
            ". . O . .",
            ". . . . .",
        ])
        .unwrap();
        // Black C3 has two liberties (C4, D3): White D3 or C4 gives atari.
        let t = tactics(
            &mut b,
            Color::White,
            pt("D3", 5),
            Recent {
                last: None,
                last2: None,
            },
        );
        assert!(matches!(t.get(Group::Atari), 1 | 2), "{t:?}");
        // Black B2 would be a self-atari of one stone? No: B2 has A2, B1.
        let t = tactics(
            &mut b,
            Color::Black,
            pt("B2", 5),
            Recent {
                last: None,
                last2: None,
            },
        );
        assert_eq!(t.get(Group::SelfAtari), 0, "{t:?}");
        assert_eq!(t.get(Group::Last), 0);
    }
}

#[cfg(test)]
mod shipped_tests {
    use super::*;

    /// The shipped model loads, and on an empty 19x19 board its first
    /// choice is a corner point on the third or fourth line, as in nearly
    /// every strong game; after Black's 4-4 point in one corner, White's
    /// first choice is another corner.
    #[test]
    fn the_shipped_model_loads_and_predicts_opening_moves() {
        let model = shipped();
        assert!(model.patterns().len() > 1000);
        let best = |b: &mut Board, c: Color, last: Option<Point>| {
            let empties: Vec<Point> = b.empty_points().iter().collect();
            empties
                .into_iter()
                .map(|p| (model.strength(b, c, p, Recent { last, last2: None }), p))
                .max_by(|x, y| x.0.total_cmp(&y.0))
                .map(|(_, p)| p)
                .unwrap()
        };
        let mut b = Board::new(19);
        let first = best(&mut b, Color::Black, None);
        let (x, y) = first.xy(19);
        let lines = [x.min(18 - x), y.min(18 - y)];
        assert!(
            lines.iter().all(|&l| l == 2 || l == 3),
            "{}",
            first.to_gtp(19)
        );
        let q16 = Point::parse("Q16", 19).unwrap();
        b.play(Color::Black, q16).unwrap();
        let reply = best(&mut b, Color::White, Some(q16));
        let (x, y) = reply.xy(19);
        assert!(
            x.min(18 - x) <= 3 && y.min(18 - y) <= 3,
            "{}",
            reply.to_gtp(19)
        );
        assert!(gridcular(19, reply, q16) > 6, "{}", reply.to_gtp(19));
    }

    /// Taking a stone in atari is preferred to quiet moves away from the
    /// fight: the centre and a second-line point. (Not to the empty
    /// corners' 3-3 and 3-4 points, G7 and G6: a model of 19x19 games rates
    /// those, on this nearly empty board, about as high as the capture.)
    #[test]
    fn the_shipped_model_rates_captures_above_quiet_moves() {
        let model = shipped();
        let mut b = crate::tactics::ladder::classic_ladder(&[]);
        let last = b.last_move();
        let p = |s| Point::parse(s, 9).unwrap();
        let take = model.strength(&mut b, Color::Black, p("D3"), Recent { last, last2: None });
        for quiet in ["E5", "H5"] {
            let q = model.strength(&mut b, Color::Black, p(quiet), Recent { last, last2: None });
            assert!(take > 3.0 * q, "{quiet}: {take} {q}");
        }
    }
}
