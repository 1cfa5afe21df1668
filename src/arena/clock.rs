//! The referee's clock of one engine in one game: Canadian overtime with
//! one stone per period (`time_settings M T 1`), so every move may take the
//! per-move time `T` on top of what is left of the main time `M`, plus a
//! grace for pipes and process scheduling.
//!
//! An engine exempt from losing on time (`--untimed`) keeps the same clock
//! and gets the same `time_settings` and `time_left`; a move over its limit
//! is counted but not a loss, and only a move longer than the hang limit
//! is (the engine "hung").

use crate::board::Color;
use std::time::Duration;

/// Time allowed beyond the clock before a move counts as late.
pub const GRACE: f64 = 0.5;

/// The time control of a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLimits {
    /// Main time per engine and game, in seconds.
    pub main: f64,
    /// Time per move once the main time is used up, in seconds.
    pub per_move: f64,
}

impl TimeLimits {
    /// No main time and no per-move time: no limit at all.
    pub fn is_unlimited(&self) -> bool {
        self.main <= 0.0 && self.per_move <= 0.0
    }

    /// The `time_settings` command announcing these limits.
    pub fn time_settings(&self) -> String {
        if self.is_unlimited() {
            // Byo-yomi time without stones: no time limit (GTP 2, 6.3.3).
            "time_settings 0 1 0".into()
        } else {
            format!(
                "time_settings {} {} 1",
                seconds(self.main),
                seconds(self.per_move)
            )
        }
    }
}

/// The hang limit of an exempt engine when none is given: 60 s, or 20
/// times the per-move time when that is longer.
pub fn default_hang_limit(limits: TimeLimits) -> f64 {
    f64::max(60.0, 20.0 * limits.per_move)
}

/// How a move stood against its clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Charge {
    /// Within the limit (or no limit at all).
    InTime,
    /// Over the limit by an exempt engine: counted, not a loss.
    Over,
    /// Over the limit: a loss on time.
    Late,
    /// Over the hang limit by an exempt engine: a loss.
    Hung,
}

/// What one engine has left in the current game.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    limits: TimeLimits,
    main_left: f64,
    /// For an engine exempt from losing on time: the seconds after which
    /// a move is a loss all the same.
    hang_limit: Option<f64>,
}

impl Clock {
    /// The clock of an engine that loses on time.
    pub fn new(limits: TimeLimits) -> Clock {
        Clock {
            limits,
            main_left: limits.main.max(0.0),
            hang_limit: None,
        }
    }

    /// The clock of an engine exempt from losing on time, except for a
    /// move longer than `hang_limit` seconds (or than its clock allows,
    /// when that is longer).
    pub fn exempt(limits: TimeLimits, hang_limit: f64) -> Clock {
        Clock {
            hang_limit: Some(hang_limit),
            ..Clock::new(limits)
        }
    }

    /// Whether this engine is exempt from losing on time.
    pub fn is_exempt(&self) -> bool {
        self.hang_limit.is_some()
    }

    /// Main time left, in seconds.
    pub fn main_left(&self) -> f64 {
        self.main_left
    }

    /// The longest the next move may take by the clock (grace included),
    /// in seconds, or `None` without a limit.
    pub fn limit(&self) -> Option<f64> {
        if self.limits.is_unlimited() {
            return None;
        }
        Some(self.main_left + self.limits.per_move.max(0.0) + GRACE)
    }

    /// How long to wait for the next move before it is a loss: the limit,
    /// or for an exempt engine the hang limit when that is longer; `None`
    /// without a limit.
    pub fn deadline(&self) -> Option<Duration> {
        let limit = self.limit()?;
        Some(Duration::from_secs_f64(
            limit.max(self.hang_limit.unwrap_or(0.0)),
        ))
    }

    /// The `time_left` command for `color` before its next move: the main
    /// time left with 0 stones, or one period of one stone in overtime.
    /// Whole seconds (rounded down) are sent, as GTP has integer times.
    pub fn time_left(&self, color: Color) -> Option<String> {
        if self.limits.is_unlimited() {
            None
        } else if self.main_left > 0.0 {
            Some(format!("time_left {color} {} 0", self.main_left.floor()))
        } else {
            Some(format!(
                "time_left {color} {} 1",
                seconds(self.limits.per_move)
            ))
        }
    }

    /// Charge a move that took `elapsed` seconds. Main time is spent
    /// first and the period is renewed by every move, so a move over the
    /// limit by an exempt engine leaves it the fresh period and no main
    /// time (never a negative time).
    pub fn charge(&mut self, elapsed: f64) -> Charge {
        let Some(limit) = self.limit() else {
            return Charge::InTime;
        };
        self.main_left = (self.main_left - elapsed).max(0.0);
        match self.hang_limit {
            _ if elapsed <= limit => Charge::InTime,
            None => Charge::Late,
            Some(hang) if elapsed <= hang.max(limit) => Charge::Over,
            Some(_) => Charge::Hung,
        }
    }
}

/// The time one engine spent in `genmove`, over a game or a match.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TimeUse {
    /// Seconds in all.
    pub total: f64,
    /// `genmove` commands sent.
    pub moves: u32,
    /// The longest move, in seconds.
    pub longest: f64,
    /// Moves over the clock's limit (for an engine that loses on time, the
    /// one that lost).
    pub over: u32,
}

impl TimeUse {
    /// Count a move of `elapsed` seconds, `over` the limit or not.
    pub fn add(&mut self, elapsed: f64, over: bool) {
        self.total += elapsed;
        self.moves += 1;
        self.longest = self.longest.max(elapsed);
        self.over += u32::from(over);
    }

    /// Add the moves of another game.
    pub fn merge(&mut self, other: &TimeUse) {
        self.total += other.total;
        self.moves += other.moves;
        self.longest = self.longest.max(other.longest);
        self.over += other.over;
    }

    /// Seconds per move, or `None` before the first.
    pub fn average(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.total / self.moves as f64)
    }
}

/// Seconds as GTP text: whole numbers without a fraction, others with up
/// to three decimals.
pub fn seconds(s: f64) -> String {
    if s.fract() == 0.0 {
        format!("{}", s as i64)
    } else {
        let t = format!("{s:.3}");
        t.trim_end_matches('0').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_time_is_spent_first_then_each_move_has_the_period() {
        let limits = TimeLimits {
            main: 10.0,
            per_move: 1.0,
        };
        assert_eq!(limits.time_settings(), "time_settings 10 1 1");
        let mut c = Clock::new(limits);
        assert!(!c.is_exempt());
        assert_eq!(c.limit(), Some(11.5));
        assert_eq!(c.deadline(), Some(Duration::from_secs_f64(11.5)));
        assert_eq!(c.time_left(Color::Black).unwrap(), "time_left black 10 0");
        assert_eq!(c.charge(7.4), Charge::InTime);
        assert_eq!(c.time_left(Color::Black).unwrap(), "time_left black 2 0");
        assert_eq!(c.charge(3.5), Charge::InTime); // 2.6 main + 0.9 of the period
        assert_eq!(c.main_left(), 0.0);
        assert_eq!(c.time_left(Color::White).unwrap(), "time_left white 1 1");
        assert_eq!(c.charge(1.4), Charge::InTime);
        assert_eq!(c.charge(1.6), Charge::Late);
    }

    #[test]
    fn an_exempt_engine_plays_on_over_its_limit_until_the_hang_limit() {
        let limits = TimeLimits {
            main: 0.0,
            per_move: 1.0,
        };
        assert_eq!(default_hang_limit(limits), 60.0);
        let mut c = Clock::exempt(limits, default_hang_limit(limits));
        assert!(c.is_exempt());
        // The clock's limit is as for any engine; the runner waits longer.
        assert_eq!(c.limit(), Some(1.5));
        assert_eq!(c.deadline(), Some(Duration::from_secs(60)));
        assert_eq!(c.charge(1.4), Charge::InTime);
        assert_eq!(c.charge(3.2), Charge::Over);
        // After a move over the limit it is given the fresh period.
        assert_eq!(c.time_left(Color::White).unwrap(), "time_left white 1 1");
        assert_eq!(c.charge(60.0), Charge::Over);
        assert_eq!(c.charge(60.1), Charge::Hung);
        assert_eq!(c.time_left(Color::White).unwrap(), "time_left white 1 1");
        let slow = TimeLimits {
            main: 0.0,
            per_move: 5.0,
        };
        assert_eq!(default_hang_limit(slow), 100.0);
    }

    #[test]
    fn an_exempt_engine_over_its_main_time_gets_the_period_not_a_debt() {
        let limits = TimeLimits {
            main: 10.0,
            per_move: 1.0,
        };
        let mut c = Clock::exempt(limits, 5.0);
        // The hang limit never cuts a move the clock allows.
        assert_eq!(c.deadline(), Some(Duration::from_secs_f64(11.5)));
        assert_eq!(c.charge(11.0), Charge::InTime);
        assert_eq!(c.deadline(), Some(Duration::from_secs(5)));
        assert_eq!(c.charge(4.0), Charge::Over);
        assert_eq!(c.main_left(), 0.0);
        assert_eq!(c.time_left(Color::Black).unwrap(), "time_left black 1 1");
        assert_eq!(c.charge(5.5), Charge::Hung);
    }

    #[test]
    fn no_limits_means_no_clock() {
        let limits = TimeLimits {
            main: 0.0,
            per_move: 0.0,
        };
        assert_eq!(limits.time_settings(), "time_settings 0 1 0");
        let mut c = Clock::new(limits);
        assert_eq!(c.deadline(), None);
        assert_eq!(c.time_left(Color::Black), None);
        assert_eq!(c.charge(1e6), Charge::InTime);
        let mut c = Clock::exempt(limits, 60.0);
        assert_eq!(c.deadline(), None);
        assert_eq!(c.charge(1e6), Charge::InTime);
        assert_eq!(seconds(0.25), "0.25");
        assert_eq!(seconds(2.0), "2");
    }
}
