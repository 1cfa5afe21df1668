//! The referee's clock of one engine in one game: Canadian overtime with
//! one stone per period (`time_settings M T 1`), so every move may take the
//! per-move time `T` on top of what is left of the main time `M`, plus a
//! grace for pipes and process scheduling.

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

/// What one engine has left in the current game.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    limits: TimeLimits,
    main_left: f64,
}

impl Clock {
    pub fn new(limits: TimeLimits) -> Clock {
        Clock {
            limits,
            main_left: limits.main.max(0.0),
        }
    }

    /// Main time left, in seconds.
    pub fn main_left(&self) -> f64 {
        self.main_left
    }

    /// The longest the next move may take (grace included), or `None`
    /// without a limit.
    pub fn allowed(&self) -> Option<Duration> {
        if self.limits.is_unlimited() {
            return None;
        }
        Some(Duration::from_secs_f64(
            self.main_left + self.limits.per_move.max(0.0) + GRACE,
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

    /// Charge a move that took `elapsed` seconds; `false` when it was late.
    pub fn charge(&mut self, elapsed: f64) -> bool {
        if self.limits.is_unlimited() {
            return true;
        }
        let allowed = self.main_left + self.limits.per_move.max(0.0) + GRACE;
        // Main time is spent first; the period is renewed by every move.
        self.main_left = (self.main_left - elapsed).max(0.0);
        elapsed <= allowed
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
        assert_eq!(c.allowed(), Some(Duration::from_secs_f64(11.5)));
        assert_eq!(c.time_left(Color::Black).unwrap(), "time_left black 10 0");
        assert!(c.charge(7.4));
        assert_eq!(c.time_left(Color::Black).unwrap(), "time_left black 2 0");
        assert!(c.charge(3.5)); // 2.6 main + 0.9 of the period
        assert_eq!(c.main_left(), 0.0);
        assert_eq!(c.time_left(Color::White).unwrap(), "time_left white 1 1");
        assert!(c.charge(1.4));
        assert!(!c.charge(1.6));
    }

    #[test]
    fn no_limits_means_no_clock() {
        let limits = TimeLimits {
            main: 0.0,
            per_move: 0.0,
        };
        assert_eq!(limits.time_settings(), "time_settings 0 1 0");
        let mut c = Clock::new(limits);
        assert_eq!(c.allowed(), None);
        assert_eq!(c.time_left(Color::Black), None);
        assert!(c.charge(1e6));
        assert_eq!(seconds(0.25), "0.25");
        assert_eq!(seconds(2.0), "2");
    }
}
