//! Playing at a chosen rank: a kyu or dan level as people write it
//! (`15k`, `2d`), or `max`, the full player.
//!
//! A rank below the top plays as the full player would with two things
//! taken away ([`Style`]):
//!
//! - **What it sees.** Before each move it looks at only some of the legal
//!   moves, a random sample whose size grows with the rank, drawn with more
//!   weight near the last two moves (people look where the opponent just
//!   played). A weak rank misses ataris, cuts and the vital point when they
//!   are not among the moves it looked at, as people of its rank do. This
//!   is KaTrain's technique for its ranked AI (a random sample of the legal
//!   moves, the best of them by the move model), with tianyuan's learned
//!   patterns as the move model and its search as the judge.
//! - **How far it reads.** The search among the moves it sees has few
//!   simulations at a weak rank: with few, the learned patterns' prior
//!   decides (the shapes strong players play), and the more a rank has, the
//!   more the search's reading overrules it.
//!
//! The numbers of each rank ([`Style::of`]) are interpolated between the
//! anchors of [`ANCHORS`], which calibration matches against outside rank
//! anchors set (docs/RANKS.md).

use crate::board::{Color, Game, Point};
use crate::patterns::{spatial, Model, Recent};
use crate::tactics;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::str::FromStr;

/// A playing strength: kyu 30 (a beginner) to 1, then dan 1 up, or the
/// full player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rank {
    Kyu(u8),
    Dan(u8),
    Max,
}

/// The weakest kyu rank.
pub const MIN_KYU: u8 = 30;

/// The strongest rank below `max` that tianyuan plays; stronger ranks are
/// refused. The 3k is calibrated against KaTrain's 3k AI; the full player
/// at 1 s a move on 2 threads plays about KaTrain's 1k (docs/RANKS.md).
pub const TOP: Rank = Rank::Kyu(3);

impl Rank {
    /// The rank on one scale, kyu counting down through zero into dan:
    /// 30k is 30, 1k is 1, 1d is 0, 3d is -2.
    pub fn kyu_scale(self) -> Option<i32> {
        match self {
            Rank::Kyu(k) => Some(i32::from(k)),
            Rank::Dan(d) => Some(1 - i32::from(d)),
            Rank::Max => None,
        }
    }

    /// Whether this rank is stronger than `other` (`max` is the strongest).
    pub fn stronger_than(self, other: Rank) -> bool {
        match (self.kyu_scale(), other.kyu_scale()) {
            (None, o) => o.is_some(),
            (Some(_), None) => false,
            (Some(a), Some(b)) => a < b,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rank::Kyu(k) => write!(f, "{k}k"),
            Rank::Dan(d) => write!(f, "{d}d"),
            Rank::Max => write!(f, "max"),
        }
    }
}

/// Why a rank was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankError(pub String);

/// GTP errors and clap's value parsers are strings: a refused rank
/// becomes its message.
impl From<RankError> for String {
    fn from(e: RankError) -> String {
        e.0
    }
}

impl fmt::Display for RankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Rank {
    type Err = RankError;

    /// `max`, or a number and a unit as people write ranks: `15k`, `15 kyu`,
    /// `15K`, `2d`, `2 dan`. Ranks stronger than [`TOP`] are refused.
    fn from_str(s: &str) -> Result<Rank, RankError> {
        let text = s.trim().to_ascii_lowercase();
        if text == "max" {
            return Ok(Rank::Max);
        }
        let bad = || {
            RankError(format!(
                "{s:?} is not a rank: write 30k to {TOP} (for example 15k or 15kyu), or max"
            ))
        };
        let digits = text.find(|ch: char| !ch.is_ascii_digit()).ok_or_else(bad)?;
        let n: u8 = text[..digits].parse().map_err(|_| bad())?;
        let rank = match text[digits..].trim() {
            "k" | "kyu" => Rank::Kyu(n),
            "d" | "dan" => Rank::Dan(n),
            _ => return Err(bad()),
        };
        match rank {
            Rank::Kyu(k) if (1..=MIN_KYU).contains(&k) => {}
            Rank::Dan(d) if (1..=9).contains(&d) => {}
            _ => return Err(bad()),
        }
        if rank.stronger_than(TOP) {
            return Err(RankError(format!(
                "{rank} is stronger than tianyuan plays: its top is {TOP} (the full player, \
                 --rank max, at 1 s a move on 2 threads)"
            )));
        }
        Ok(rank)
    }
}

/// The longest a rank below the top searches a move when the controller
/// sets no time control (issue 48: weak ranks answer quickly). On a slow
/// machine a rank whose simulations do not fit in it plays weaker than
/// its calibration.
pub const RANK_TIME: std::time::Duration = std::time::Duration::from_millis(400);

/// How a rank below the top plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// Share of the legal moves it looks at before a move, on a 19x19
    /// board (at least one move).
    pub seen: f64,
    /// Simulations of its search among them.
    pub playouts: u64,
    /// How much the learned move model steers which moves it sees: a
    /// move's weight in the draw is its model strength, relative to the
    /// best move's, to this power (0: every move alike; 1: in proportion
    /// to the model).
    pub taste: f64,
}

/// One anchor of the calibration: the style of a rank.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Anchor {
    /// The rank on the kyu scale ([`Rank::kyu_scale`]).
    pub kyu: i32,
    /// Moves seen of 361.
    pub seen: f64,
    /// Simulations.
    pub playouts: f64,
    /// The draw's taste ([`Style::taste`]).
    pub taste: f64,
}

const fn anchor(kyu: i32, seen: f64, playouts: f64, taste: f64) -> Anchor {
    Anchor {
        kyu,
        seen,
        playouts,
        taste,
    }
}

/// The calibration's anchors, weakest first; ranks between two are
/// interpolated on a log scale. Each from a rung of 20 games against
/// KaTrain's ranked AI (12k, between two of them, has its own rung;
/// docs/RANKS.md). Moves seen are a share of the legal moves, rounded:
/// the 30k's 3.5 of 361 are 4 at the first move, 3 while 258 or more
/// moves are legal, then 2 and 1.
pub const ANCHORS: &[Anchor] = &[
    anchor(30, 3.5, 2.0, 1.0),
    anchor(25, 4.0, 4.0, 1.0),
    anchor(20, 8.0, 32.0, 1.0),
    anchor(15, 20.0, 64.0, 1.0),
    anchor(10, 30.0, 250.0, 1.0),
    anchor(5, 65.0, 750.0, 1.0),
    anchor(3, 80.0, 1000.0, 1.0),
];

impl Style {
    /// The style of `rank`, `None` for `max` (the full player).
    pub fn of(rank: Rank) -> Option<Style> {
        let k = rank.kyu_scale()?;
        let (first, last) = (ANCHORS[0], ANCHORS[ANCHORS.len() - 1]);
        let k = k.clamp(last.kyu, first.kyu);
        let pair = ANCHORS
            .windows(2)
            .find(|w| w[1].kyu <= k && k <= w[0].kyu)
            .expect("the anchors cover the ranks");
        let (a, b) = (pair[0], pair[1]);
        let t = f64::from(a.kyu - k) / f64::from(a.kyu - b.kyu);
        let lerp = |x: f64, y: f64| (x.ln() + t * (y.ln() - x.ln())).exp();
        Some(Style {
            seen: lerp(a.seen, b.seen) / 361.0,
            playouts: lerp(a.playouts, b.playouts).round().max(1.0) as u64,
            taste: lerp(a.taste, b.taste),
        })
    }

    /// A style written `SEEN,PLAYOUTS,TASTE` (moves seen of 361,
    /// simulations, taste), for calibration runs (`--rank-style`).
    pub fn parse(text: &str) -> Result<Style, String> {
        let bad = || format!("{text:?} is not SEEN,PLAYOUTS,TASTE (for example 20,64,0.5)");
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let [seen, playouts, taste] = parts[..] else {
            return Err(bad());
        };
        let seen: f64 = seen.parse().map_err(|_| bad())?;
        let playouts: u64 = playouts.parse().map_err(|_| bad())?;
        let taste: f64 = taste.parse().map_err(|_| bad())?;
        if !((1.0..=361.0).contains(&seen) && playouts >= 1 && (0.0..=4.0).contains(&taste)) {
            return Err(bad());
        }
        Ok(Style {
            seen: seen / 361.0,
            playouts,
            taste,
        })
    }

    /// Moves seen among `legal` legal moves (at least one).
    pub fn seen_of(&self, legal: usize) -> usize {
        ((self.seen * legal as f64).round() as usize).clamp(1, legal.max(1))
    }
}

/// Weight of a move within [`NEAR_DISTANCE`] of one of the last two moves
/// in the draw of the moves a rank sees, against 1 elsewhere: people look
/// first where the opponent just played. Not measured.
pub const NEAR_WEIGHT: f64 = 4.0;

/// That distance, in lines (Manhattan). Not measured.
pub const NEAR_DISTANCE: usize = 3;

/// The legal moves that `c`, playing at `style`, does not look at in
/// `game`'s position: all but a sample of [`Style::seen_of`] of them,
/// drawn with weights (Efraimidis and Spirakis' keys `u^(1/w)`) from
/// `seed`. The pass is always seen. Empty when it sees every move.
pub fn unseen_moves(
    game: &Game,
    c: Color,
    style: &Style,
    model: &Model,
    seed: u64,
) -> Vec<Option<Point>> {
    let board = game.board();
    let recent = Recent::of(game);
    let legal: Vec<Point> = board
        .points()
        .filter(|&p| board.is_empty_at(p) && game.is_legal(c, p))
        .collect();
    // The model's strengths of the moves, when the style's taste asks
    // for them (relative to the strongest move's).
    let mut strengths = vec![1.0; legal.len()];
    if style.taste > 0.0 {
        let mut scratch = board.clone();
        let codes = spatial::Codes::new(board, c);
        for (s, &p) in strengths.iter_mut().zip(&legal) {
            *s = model.strength_in(&codes, &mut scratch, c, p, recent);
        }
        let top = strengths.iter().copied().fold(f64::MIN_POSITIVE, f64::max);
        for s in &mut strengths {
            *s = (*s / top).max(1e-9).powf(style.taste);
        }
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut keyed: Vec<(f64, Point)> = legal
        .iter()
        .zip(&strengths)
        .map(|(&p, &strength)| {
            let near = [recent.last, recent.last2]
                .into_iter()
                .flatten()
                .any(|r| tactics::distance(board, p, r) <= NEAR_DISTANCE);
            let w = strength * if near { NEAR_WEIGHT } else { 1.0 };
            let u: f64 = rng.gen_range(f64::MIN_POSITIVE..1.0);
            (u.powf(1.0 / w), p)
        })
        .collect();
    let seen = style.seen_of(keyed.len());
    keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
    keyed[seen.min(keyed.len())..]
        .iter()
        .map(|&(_, p)| Some(p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;

    #[test]
    fn ranks_parse_as_people_write_them() {
        for (text, rank) in [
            ("15k", Rank::Kyu(15)),
            ("15K", Rank::Kyu(15)),
            ("15kyu", Rank::Kyu(15)),
            ("15 kyu", Rank::Kyu(15)),
            (" 30k ", Rank::Kyu(30)),
            ("3k", Rank::Kyu(3)),
            ("max", Rank::Max),
            ("MAX", Rank::Max),
        ] {
            assert_eq!(text.parse::<Rank>(), Ok(rank), "{text}");
        }
        for rank in [Rank::Kyu(30), Rank::Kyu(7), Rank::Max] {
            assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
        }
    }

    #[test]
    fn bad_ranks_are_refused_with_a_reason() {
        for text in [
            "", "k", "15", "0k", "31k", "15x", "-3k", "1.5k", "10d", "kyu15",
        ] {
            let e = text.parse::<Rank>().unwrap_err();
            assert!(e.0.contains("not a rank"), "{text}: {e}");
        }
        for text in ["2k", "1k", "1d", "9d", "3 dan"] {
            let e = text.parse::<Rank>().unwrap_err();
            assert!(e.0.contains("its top is 3k"), "{text}: {e}");
        }
    }

    #[test]
    fn stronger_ranks_see_more_and_read_more() {
        let mut last = Style::of(Rank::Kyu(MIN_KYU)).unwrap();
        for k in (3..MIN_KYU).rev() {
            let s = Style::of(Rank::Kyu(k)).unwrap();
            assert!(s.seen >= last.seen, "{k}k");
            assert!(s.playouts >= last.playouts, "{k}k");
            assert!(s.taste >= last.taste, "{k}k");
            assert!(s != last, "{k}k plays as {}k", k + 1);
            last = s;
        }
        assert_eq!(Style::of(Rank::Max), None);
        assert!(Rank::Max.stronger_than(Rank::Kyu(3)));
        assert!(Rank::Dan(1).stronger_than(Rank::Kyu(1)));
        assert!(!Rank::Kyu(10).stronger_than(Rank::Kyu(9)));
    }

    #[test]
    fn styles_parse_for_calibration_runs() {
        let s = Style::parse("20, 64, 0.5").unwrap();
        assert!((s.seen * 361.0 - 20.0).abs() < 1e-9);
        assert_eq!((s.playouts, s.taste), (64, 0.5));
        for bad in [
            "",
            "20,64",
            "20,64,1,2",
            "0,64,1",
            "20,0,1",
            "20,64,-1",
            "a,b,c",
        ] {
            assert!(Style::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_moves_seen_follow_the_model_as_the_taste_asks() {
        // 9x9, Black to move after White's atari on the black stone on
        // C3: with taste, the escape is seen far more often than without.
        let mut g = Game::new(9, 7.5, crate::board::Rules::chinese());
        let p = |s| Point::parse(s, 9).unwrap();
        for (c, m) in [
            (Color::Black, "C3"),
            (Color::White, "C4"),
            (Color::Black, "G7"),
            (Color::White, "B3"),
            (Color::Black, "G3"),
            (Color::White, "C2"),
        ] {
            g.play(c, Move::Play(p(m))).unwrap();
        }
        let model = crate::patterns::shipped();
        let seen_escape = |taste: f64| {
            let style = Style {
                seen: 3.0 / 76.0,
                playouts: 1,
                taste,
            };
            (0..200)
                .filter(|&seed| {
                    !unseen_moves(&g, Color::Black, &style, model, seed).contains(&Some(p("D3")))
                })
                .count()
        };
        let (blind, tasting) = (seen_escape(0.0), seen_escape(1.0));
        assert!(tasting > 2 * blind && tasting > 100, "{blind} {tasting}");
    }

    #[test]
    fn anchors_are_met_exactly() {
        for a in ANCHORS {
            let s = Style::of(Rank::Kyu(a.kyu as u8)).unwrap();
            assert!((s.seen * 361.0 - a.seen).abs() < 1e-9, "{}k", a.kyu);
            assert_eq!(s.playouts, a.playouts as u64, "{}k", a.kyu);
            assert!((s.taste - a.taste).abs() < 1e-9, "{}k", a.kyu);
        }
        assert_eq!(Style::of(Rank::Kyu(30)).unwrap().seen_of(0), 1);
        assert_eq!(Style::of(Rank::Kyu(3)).unwrap().seen_of(361), 80);
        assert_eq!(Style::of(Rank::Kyu(15)).unwrap().seen_of(361), 20);
    }
}
