//! The search's parameters (`SearchParams`) and the one table that sets
//! them by name (`--param NAME=VALUE`, `tianyuan-param`).

use super::prior::PriorParams;
use crate::playout::HeavyParams;

/// Tuning of the search. The numbers are those of the first player
/// (`767fd49`, 2026-11-29); no match has compared them with others.
#[derive(Clone, Debug)]
pub struct SearchParams {
    /// A leaf is expanded on the first visit after it has had this many.
    /// Default 2, not measured.
    pub expand_after: u32,
    /// RAVE equivalence parameter on boards up to 12x12:
    /// `beta = r / (r + n + r * n / equiv)` (Gelly & Silver 2011). Default 1000: A/B at fixed
    /// playouts on 9x9 (3,000 a move, docs/STRENGTH.md), 1000 against
    /// 3000 (Pachi's value for small boards, the default before) won 116
    /// of 200 (58.0%, 95% interval 51.1-64.6%); 500 against 1000 102 of
    /// 200 (51.0%).
    pub rave_equiv: f64,
    /// The same from 13x13 up. Default 3000 (Pachi's ucb1amaf: 3000, 4000
    /// on large boards). Measured on 19x19 at 1,000 playouts
    /// (docs/STRENGTH.md): 1000 against 3000 1 of 10, 6000 against 3000
    /// 18 of 40.
    pub rave_equiv_large: f64,
    /// UCB exploration constant. Default 0: RAVE and the priors do the
    /// exploring, as in Pachi's ucb1amaf (`explore_p = 0`); not measured
    /// here.
    pub explore: f64,
    /// The priors' weights.
    pub priors: PriorParams,
    /// The playouts' policy.
    pub heavy: HeavyParams,
    /// From 13x13 up, the heavy playouts' two-liberty stages are on
    /// ([`SearchParams::heavy_for`]): the attack on the last move's string,
    /// and the defence of any own string beside it with the race atari.
    /// Default on (docs/STRENGTH.md, 2026-12-02): on 19x19 at 2,000
    /// playouts against 2,320 without them (equal time once the board's
    /// liberty screen made them cheaper: 0.556 and 0.538 s a move) they won
    /// 37 of 60 (61.7%, 95% interval 49.0-72.9%); at 2,000 each, 20 of 30.
    /// Off below 13x13: on 9x9 they won 60 of 100 at 3,000 playouts each,
    /// but 53 of 100 (43.3-62.5%) at 3,000 against 3,480 (equal time).
    pub two_liberty_large: bool,
    /// The learned patterns that rate new nodes' moves (with
    /// `priors.learned` above 0). Default: the shipped model.
    pub patterns: Option<&'static crate::patterns::Model>,
    /// Count the playouts by the rules in force (territory, the ancient
    /// group tax; [`crate::board::playout_adjustment`]) and, under the
    /// ancient rules, break ties between good moves by score. Default on;
    /// off counts every playout by area, as the Chinese rules do, for
    /// matches that measure what playing by the rules is worth.
    pub rules_in_playouts: bool,
    /// How much of a simulation's result its margin decides (Fuego's
    /// `ScoreModification`, 0.02 there by default): a win counts
    /// `1 - w + w * margin / area` and a loss `w + w * margin / area`
    /// (`margin` below 0 for a loss, `area` the board's points), so that
    /// among moves that win alike the search leans to those that win by
    /// more. The fraction is given by an unbiased random rounding to the
    /// half-points the tree keeps. Default 0 (off): on 9x9 at 3,000
    /// playouts 0.02 won 53 of 100 and 0.05 101 of 200 against it
    /// (docs/STRENGTH.md, 2026-12-02). Above 0, the win rates the search
    /// reports include the margin term.
    pub score_weight: f64,
    /// Weight of the AMAF results by how soon after a node their move came
    /// (Pachi's `distance_rave`, 3 there by default): a result counts `1 +
    /// amaf_distance * (moves left after it) / (moves after the node + 1)`
    /// times (rounded down), so from `amaf_distance` next to the node down
    /// to 1 at the end of the playout. Default 0 (off: every result counts
    /// once) until measured.
    pub amaf_distance: u32,
    /// Prior wins, at the root, for the move that the life-and-death
    /// solver finds decides an unsettled enclosed group (half for a ko):
    /// the side to move saves or kills it by that move, and the opponent
    /// would kill or save it by moving first
    /// ([`crate::tactics::life::survey`]). 0 turns the survey off.
    pub life_prior: u16,
    /// Prior losses, at the root, for each move inside the region of an
    /// enclosed group that neither side changes by moving first.
    pub life_settled: u16,
    /// 1: the groups the survey proves dead (dead even with their owner to
    /// move first) count dead at the end of each simulation that leaves
    /// the proof standing ([`super::dead`]); 0: off.
    pub life_dead: u16,
    /// Nodes of each of the survey's solver readings.
    pub life_budget: u64,
    /// Share of a timed search's time the survey may take.
    pub life_time: f64,
    /// The move played is the root move of the highest lower confidence
    /// bound of its win rate among those with at least this share of the
    /// most visited move's visits (Leela Zero's `lcb_min_visit_ratio`,
    /// 0.10 there); 0: the most visited move. Default 0 (off): 0.1 solved
    /// 154 of the 315 development problems at 10,000 playouts against 147
    /// (10 gained, 3 lost), but 41 of the 105 held-out ones against 43, and
    /// against 0 at fixed playouts it won 48.3% of 358 on 9x9 (3,000) and 46
    /// of 91 on 19x19 (1,000) (docs/STRENGTH-HISTORY.md, 2026-12-07).
    pub lcb_ratio: f64,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            expand_after: 2,
            rave_equiv: 1000.0,
            rave_equiv_large: 3000.0,
            explore: 0.0,
            priors: PriorParams::default(),
            heavy: HeavyParams::default(),
            two_liberty_large: true,
            patterns: Some(crate::patterns::shipped()),
            rules_in_playouts: true,
            score_weight: 0.0,
            amaf_distance: 0,
            life_prior: 0,
            life_settled: 0,
            life_dead: 0,
            life_budget: 2_000,
            life_time: 0.15,
            lcb_ratio: 0.0,
        }
    }
}

impl SearchParams {
    /// The RAVE equivalence parameter for a board of side `size`.
    #[inline]
    pub fn rave_equiv_for(&self, size: usize) -> f64 {
        if size >= 13 {
            self.rave_equiv_large
        } else {
            self.rave_equiv
        }
    }

    /// The playout policy for a board of side `size`: `heavy`, with the
    /// two-liberty stages turned on from 13x13 up when
    /// `two_liberty_large` is set (a stage that `heavy` turns on stays on).
    pub fn heavy_for(&self, size: usize) -> HeavyParams {
        let mut h = self.heavy;
        if size >= 13 && self.two_liberty_large {
            h.two_liberty_attack = true;
            h.two_liberty_race = true;
            if h.two_liberty_stones == 0 {
                h.two_liberty_stones = 1;
            }
        }
        h
    }

    /// The names [`SearchParams::set`] takes, in the table's order.
    pub fn names() -> impl Iterator<Item = &'static str> {
        PARAMS.iter().map(|p| p.name)
    }

    /// Every parameter with its value, `name=value`, comma-separated.
    pub fn describe(&self) -> String {
        PARAMS
            .iter()
            .map(|p| format!("{}={}", p.name, (p.get)(self)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Set the parameter `name` (one of [`SearchParams::names`]: a field
    /// of this struct, of [`PriorParams`] after `prior.`, of
    /// [`HeavyParams`] after `playout.`) to `value`: for tuning matches
    /// (`--param name=value`). `playout.shapes` is the learned-shape
    /// threshold: 0 turns the learned shapes off.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let Some(param) = PARAMS.iter().find(|p| p.name == name) else {
            return Err(format!(
                "unknown parameter {name:?} (known, with their values: {})",
                self.describe()
            ));
        };
        (param.set)(self, value).map_err(|why| format!("{name}: bad value {value:?}{why}"))
    }
}

/// One tunable parameter: its name and how to set and show it. A setter's
/// error is what to add to "bad value".
struct Param {
    name: &'static str,
    set: fn(&mut SearchParams, &str) -> Result<(), &'static str>,
    get: fn(&SearchParams) -> String,
}

fn num<T: std::str::FromStr>(value: &str) -> Result<T, &'static str> {
    value.parse().map_err(|_| "")
}

fn flag(value: &str) -> Result<bool, &'static str> {
    match value {
        "1" | "true" | "on" => Ok(true),
        "0" | "false" | "off" => Ok(false),
        _ => Err(" (on or off)"),
    }
}

/// A table entry for the field at `path`, read by `kind` (`num` or `flag`).
macro_rules! param {
    ($name:literal, $kind:ident, $($path:ident).+) => {
        Param {
            name: $name,
            set: |s, v| {
                s.$($path).+ = $kind(v)?;
                Ok(())
            },
            get: |s| s.$($path).+.to_string(),
        }
    };
}

/// The one table of parameters (`--param`).
static PARAMS: &[Param] = &[
    param!("expand_after", num, expand_after),
    param!("rules_in_playouts", flag, rules_in_playouts),
    param!("rave_equiv", num, rave_equiv),
    param!("rave_equiv_large", num, rave_equiv_large),
    param!("two_liberty_large", flag, two_liberty_large),
    param!("explore", num, explore),
    param!("score_weight", num, score_weight),
    param!("amaf_distance", num, amaf_distance),
    param!("life_prior", num, life_prior),
    param!("life_settled", num, life_settled),
    param!("life_dead", num, life_dead),
    param!("life_budget", num, life_budget),
    param!("life_time", num, life_time),
    param!("lcb_ratio", num, lcb_ratio),
    param!("prior.even", num, priors.even),
    param!("prior.capture", num, priors.capture),
    param!("prior.atari_escape", num, priors.atari_escape),
    param!("prior.ladder_atari", num, priors.ladder_atari),
    param!("prior.self_atari", num, priors.self_atari),
    param!("prior.near_last", num, priors.near_last),
    param!("prior.near_last_distance", num, priors.near_last_distance),
    param!("prior.edge", num, priors.edge),
    param!("prior.pattern", num, priors.pattern),
    param!("prior.open_area", num, priors.open_area),
    param!(
        "prior.open_area_second_line",
        num,
        priors.open_area_second_line
    ),
    param!("prior.open_area_radius", num, priors.open_area_radius),
    param!("prior.empty_corner", num, priors.empty_corner),
    param!("prior.pass_losses", num, priors.pass_losses),
    param!("prior.learned", num, priors.learned),
    param!("prior.learned_opening", num, priors.learned_opening),
    param!(
        "prior.learned_opening_stones",
        num,
        priors.learned_opening_stones
    ),
    param!("prior.ladders", flag, priors.ladders),
    param!("prior.ladder_defence", num, priors.ladder_defence),
    param!("prior.tactics", num, priors.tactics),
    param!("prior.tactics_big", num, priors.tactics_big),
    param!("prior.tactics_ko", num, priors.tactics_ko),
    param!("prior.tactics_after", num, priors.tactics_after),
    param!("prior.futile", num, priors.futile),
    param!("prior.hand_small", flag, priors.hand_small),
    param!("prior.hand_large", flag, priors.hand_large),
    param!("playout.candidates", num, heavy.candidates),
    param!("playout.random_redraws", num, heavy.random_redraws),
    param!("playout.random_self_atari", num, heavy.random_self_atari),
    param!("playout.shape_self_atari", num, heavy.shape_self_atari),
    Param {
        name: "playout.shapes",
        set: |s, v| {
            let t: f32 = num(v)?;
            if !t.is_finite() {
                return Err("");
            }
            s.heavy.shape_threshold = t;
            s.heavy.shapes = (t != 0.0).then(crate::patterns::playout_shapes);
            Ok(())
        },
        get: |s| {
            if s.heavy.shapes.is_some() {
                s.heavy.shape_threshold.to_string()
            } else {
                "0".to_string()
            }
        },
    },
    param!("playout.nakade", flag, heavy.nakade),
    param!("playout.last_good_reply", flag, heavy.last_good_reply),
    param!("playout.two_liberty_stones", num, heavy.two_liberty_stones),
    param!("playout.two_liberty_race", flag, heavy.two_liberty_race),
    param!("playout.two_liberty_attack", flag, heavy.two_liberty_attack),
    param!("playout.fill_board", num, heavy.fill_board),
    param!("playout.ko_rate", num, heavy.ko_rate),
    param!("playout.shapes_second", flag, heavy.shapes_second),
];
