//! The analysis protocol's values: whose view the values take, the
//! process's options, a query's settings and one turn's task, and the
//! shapes of KataGo's errors and warnings.

use crate::board::{Color, Game, Move, Point};
use crate::player::Options;
use serde_json::{json, Value};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Whose view the values take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perspective {
    Black,
    White,
    SideToMove,
}

impl Perspective {
    pub fn parse(s: &str) -> Option<Perspective> {
        match s.to_ascii_uppercase().as_str() {
            "BLACK" | "B" => Some(Perspective::Black),
            "WHITE" | "W" => Some(Perspective::White),
            "SIDETOMOVE" => Some(Perspective::SideToMove),
            _ => None,
        }
    }

    /// +1 when a value for `to_move` is reported as it is, -1 when flipped.
    pub(super) fn sign(self, to_move: Color) -> f64 {
        match (self, to_move) {
            (Perspective::SideToMove, _)
            | (Perspective::Black, Color::Black)
            | (Perspective::White, Color::White) => 1.0,
            _ => -1.0,
        }
    }

    /// +1 when Black's ownership is reported as it is.
    pub(super) fn black_sign(self, to_move: Color) -> f64 {
        match self {
            Perspective::Black => 1.0,
            Perspective::White => -1.0,
            Perspective::SideToMove => Perspective::Black.sign(to_move),
        }
    }
}

/// Settings of the analysis process.
#[derive(Clone, Debug)]
pub struct AnalysisOptions {
    /// The search's options; `threads` in all, shared by the workers.
    pub engine: Options,
    /// Positions searched at once.
    pub positions: usize,
    /// Visits a turn when the query gives no `maxVisits`.
    pub default_visits: u64,
    /// The most visits a turn, whatever a query asks (`u64::MAX`: no
    /// cap; the fuzz target keeps every search small with it).
    pub max_visits: u64,
    /// The perspective when a query's `overrideSettings` does not say.
    pub perspective: Perspective,
}

/// What a query asks of the search: visits, time, what to report, whose
/// perspective, its priority.
#[derive(Clone, Copy, Debug)]
pub(super) struct Settings {
    pub(super) visits: u64,
    pub(super) max_time: Option<f64>,
    pub(super) ownership: bool,
    pub(super) moves_ownership: bool,
    pub(super) policy: bool,
    pub(super) perspective: Perspective,
    pub(super) report_every: Option<f64>,
    pub(super) pv_len: usize,
    pub(super) priority: i64,
}

/// One turn of a query to search.
pub(super) struct Task {
    pub(super) id: String,
    pub(super) turn: usize,
    /// The position before the first move (setup stones, side to move)
    /// and the moves, shared by the query's turns.
    pub(super) start: Arc<Game>,
    pub(super) moves: Arc<Vec<(Color, Move)>>,
    pub(super) to_move: Color,
    pub(super) settings: Settings,
    pub(super) avoid: Vec<Option<Point>>,
    /// Arrival order, for ties of priority.
    pub(super) seq: u64,
    pub(super) stop: Arc<AtomicBool>,
}

pub(super) fn error(message: &str) -> Value {
    json!({ "error": message })
}

pub(super) fn field_error(id: &str, field: &str, message: &str) -> Value {
    json!({ "error": message, "field": field, "id": id })
}

pub(super) fn warning(id: &str, field: &str, message: &str) -> Value {
    json!({ "warning": message, "field": field, "id": id })
}

/// The query fields KataGo's analysis engine knows; others get a warning.
pub(super) const KNOWN_FIELDS: &[&str] = &[
    "id",
    "action",
    "terminateId",
    "turnNumbers",
    "boardXSize",
    "boardYSize",
    "initialStones",
    "moves",
    "initialPlayer",
    "analyzeTurns",
    "priorities",
    "rules",
    "komi",
    "whiteHandicapBonus",
    "overrideSettings",
    "maxVisits",
    "analysisPVLen",
    "rootFpuReductionMax",
    "rootPolicyTemperature",
    "includeMovesOwnership",
    "includeMovesOwnershipStdev",
    "includeOwnership",
    "includeOwnershipStdev",
    "includePolicy",
    "includePVVisits",
    "includeNoResultValue",
    "reportDuringSearchEvery",
    "firstReportDuringSearchAfter",
    "priority",
    "allowMoves",
    "avoidMoves",
];

/// Settings of `overrideSettings` that tianyuan uses.
pub(super) const USED_SETTINGS: &[&str] = &[
    "reportAnalysisWinratesAs",
    "maxTime",
    "maxVisits",
    "maxPlayouts",
];
