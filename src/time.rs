//! Time controls as GTP and KGS announce them, and each side's clock as
//! `time_left` reports it. The player turns these into a budget per move.

use crate::board::{ByColor, Color};

/// A time control.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// No limit.
    None,
    /// Sudden death: `main` seconds for the whole game.
    Absolute { main: f64 },
    /// Main time, then `periods` periods of `period` seconds; a move made
    /// within a period costs nothing, a period used up is lost (KGS byo-yomi).
    ByoYomi {
        main: f64,
        period: f64,
        periods: u32,
    },
    /// Main time, then `period` seconds for every `stones` moves (Canadian;
    /// GTP `time_settings`).
    Canadian { main: f64, period: f64, stones: u32 },
}

impl TimeControl {
    /// From GTP `time_settings main byo_yomi stones`: byo-yomi time with no
    /// stones means no limit; no byo-yomi time means sudden death.
    pub fn from_gtp(main: f64, period: f64, stones: u32) -> TimeControl {
        if period > 0.0 && stones == 0 {
            TimeControl::None
        } else if period <= 0.0 {
            TimeControl::Absolute { main }
        } else {
            TimeControl::Canadian {
                main,
                period,
                stones,
            }
        }
    }

    /// A clock at the start of the game.
    pub fn initial_clock(&self) -> Clock {
        match *self {
            TimeControl::None => Clock {
                main_left: f64::INFINITY,
                period_left: 0.0,
                count_left: 0,
            },
            TimeControl::Absolute { main } => Clock {
                main_left: main,
                period_left: 0.0,
                count_left: 0,
            },
            TimeControl::ByoYomi {
                main,
                period,
                periods,
            } => Clock {
                main_left: main,
                period_left: period,
                count_left: periods,
            },
            TimeControl::Canadian {
                main,
                period,
                stones,
            } => Clock {
                main_left: main,
                period_left: period,
                count_left: stones,
            },
        }
    }
}

/// What is left on one side's clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    /// Main time left, in seconds (infinite with no limit).
    pub main_left: f64,
    /// Time left in the current overtime period.
    pub period_left: f64,
    /// Byo-yomi: periods left. Canadian: stones left to play in the period.
    pub count_left: u32,
}

impl Clock {
    /// Whether the side is in overtime (main time used up).
    pub fn in_overtime(&self) -> bool {
        self.main_left <= 0.0
    }
}

/// The time control and both clocks.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeState {
    pub control: TimeControl,
    pub clocks: ByColor<Clock>,
}

impl Default for TimeState {
    fn default() -> TimeState {
        TimeState::new(TimeControl::None)
    }
}

impl TimeState {
    pub fn new(control: TimeControl) -> TimeState {
        let clock = control.initial_clock();
        TimeState {
            control,
            clocks: ByColor::new(clock, clock),
        }
    }

    /// GTP `time_left color time stones`: `stones` is 0 while main time
    /// runs; in overtime it is the stones left in the Canadian period or,
    /// as kgsGtp sends it for byo-yomi, the periods left.
    pub fn time_left(&mut self, c: Color, time: f64, stones: u32) {
        let clock = &mut self.clocks[c];
        match self.control {
            TimeControl::None => {}
            TimeControl::Absolute { .. } => clock.main_left = time,
            TimeControl::ByoYomi { .. } | TimeControl::Canadian { .. } => {
                if stones == 0 {
                    clock.main_left = time;
                } else {
                    clock.main_left = 0.0;
                    clock.period_left = time;
                    clock.count_left = stones;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_time_settings_forms() {
        assert_eq!(TimeControl::from_gtp(0.0, 1.0, 0), TimeControl::None);
        assert_eq!(
            TimeControl::from_gtp(300.0, 0.0, 0),
            TimeControl::Absolute { main: 300.0 }
        );
        assert_eq!(
            TimeControl::from_gtp(0.0, 1.0, 1),
            TimeControl::Canadian {
                main: 0.0,
                period: 1.0,
                stones: 1
            }
        );
    }

    #[test]
    fn time_left_updates_one_clock() {
        let mut t = TimeState::new(TimeControl::Canadian {
            main: 600.0,
            period: 300.0,
            stones: 25,
        });
        t.time_left(Color::White, 412.0, 0);
        assert_eq!(t.clocks[Color::White].main_left, 412.0);
        assert_eq!(t.clocks[Color::Black].main_left, 600.0);
        t.time_left(Color::White, 120.0, 7);
        let w = t.clocks[Color::White];
        assert!(w.in_overtime());
        assert_eq!((w.period_left, w.count_left), (120.0, 7));
    }
}

/// What the player may spend on one move, and what it keeps back.
pub mod budget {
    use super::{Clock, TimeControl};
    use std::time::Duration;

    /// Time kept back from every budget for process start-up, pipes and
    /// the controller's own lag.
    pub const SAFETY: f64 = 0.25;

    /// Thinking time for the next move of a side with `clock` under
    /// `control`, when `empty_points` points are empty on a board of
    /// `points` points. `default` applies with no time control.
    pub fn for_move(
        control: TimeControl,
        clock: &Clock,
        empty_points: usize,
        points: usize,
        default: f64,
    ) -> Duration {
        // Moves still to play by this side: about half the empty points,
        // but never fewer than a tenth of the board (the game may last).
        let moves_left = (empty_points as f64 * 0.5)
            .max(points as f64 * 0.1)
            .max(8.0);
        // Spend more in the middle game: a bump peaking when about half the
        // board is filled.
        let filled = 1.0 - empty_points as f64 / points.max(1) as f64;
        let phase = 1.0 + 0.6 * (1.0 - ((filled - 0.4) / 0.4).powi(2)).max(0.0);
        // Longer than any game: keeps absurd settings from overflowing.
        const LONGEST: f64 = 1e6;
        // What the move may take, and the most any move may take now.
        let (seconds, hard_cap) = match control {
            TimeControl::None => return Duration::from_secs_f64(default.clamp(0.0, LONGEST)),
            TimeControl::Absolute { .. } => {
                (clock.main_left * phase / moves_left, clock.main_left * 0.5)
            }
            TimeControl::ByoYomi { period, .. } => {
                let in_main = clock.main_left * phase / moves_left;
                // Main time plus the periods after it: periods are free when
                // the move fits, so one period is the floor.
                let seconds = if clock.main_left > period {
                    in_main.max(period)
                } else {
                    period
                };
                (seconds, clock.main_left.max(0.0) * 0.5 + period)
            }
            TimeControl::Canadian { period, stones, .. } => {
                let per_stone = period / stones.max(1) as f64;
                if clock.in_overtime() {
                    let share = clock.period_left / clock.count_left.max(1) as f64;
                    (share, share)
                } else {
                    let seconds =
                        (clock.main_left * phase / moves_left).max(per_stone.min(clock.main_left));
                    (seconds, clock.main_left * 0.5 + per_stone)
                }
            }
        };
        let budget = seconds.min(hard_cap);
        let margin = SAFETY + 0.05 * budget;
        Duration::from_secs_f64((budget - margin).clamp(0.05, LONGEST))
    }

    /// Whether time this move leaves unused can still be spent on later
    /// moves, so that stopping early when the best move is settled pays.
    /// Not so for the last stone of a Canadian period or a byo-yomi period
    /// once main time is gone: what the move does not use is lost. With no
    /// time control the per-move default is a limit, not a clock, and
    /// stopping early answers sooner.
    pub fn time_carries_over(control: TimeControl, clock: &Clock) -> bool {
        match control {
            TimeControl::None | TimeControl::Absolute { .. } => true,
            TimeControl::ByoYomi { .. } => !clock.in_overtime(),
            TimeControl::Canadian { .. } => !clock.in_overtime() || clock.count_left > 1,
        }
    }
}

impl TimeState {
    /// Charge `elapsed` seconds to `c`'s clock for one move (the engine
    /// keeps its own clock when the controller sends no `time_left`).
    pub fn charge(&mut self, c: Color, elapsed: f64) {
        let control = self.control;
        let clock = &mut self.clocks[c];
        match control {
            TimeControl::None => {}
            TimeControl::Absolute { .. } => clock.main_left -= elapsed,
            TimeControl::ByoYomi { period, .. } => {
                let mut t = elapsed;
                if clock.main_left > 0.0 {
                    let used = t.min(clock.main_left);
                    clock.main_left -= used;
                    t -= used;
                }
                if clock.main_left <= 0.0 && t > 0.0 {
                    let lost = (t / period).floor() as u32;
                    clock.count_left = clock.count_left.saturating_sub(lost);
                    clock.period_left = period;
                }
            }
            TimeControl::Canadian { period, stones, .. } => {
                let mut t = elapsed;
                if clock.main_left > 0.0 {
                    let used = t.min(clock.main_left);
                    clock.main_left -= used;
                    t -= used;
                    if clock.main_left <= 0.0 {
                        clock.period_left = period;
                        clock.count_left = stones;
                    }
                    if t <= 0.0 {
                        return;
                    }
                }
                clock.period_left -= t;
                clock.count_left = clock.count_left.saturating_sub(1);
                if clock.count_left == 0 {
                    clock.period_left = period;
                    clock.count_left = stones;
                }
            }
        }
    }
}

#[cfg(test)]
mod budget_tests {
    use super::budget::for_move;
    use super::*;

    #[test]
    fn one_second_byoyomi_fits_in_a_second() {
        let c = TimeControl::from_gtp(0.0, 1.0, 1);
        let b = for_move(c, &c.initial_clock(), 81, 81, 5.0);
        assert!(b.as_secs_f64() <= 0.75, "{b:?}");
        assert!(b.as_secs_f64() >= 0.5, "{b:?}");
    }

    #[test]
    fn sudden_death_never_runs_out() {
        // Play a whole game charging exactly the budget: the clock must
        // stay positive.
        let control = TimeControl::Absolute { main: 60.0 };
        let mut t = TimeState::new(control);
        for m in 0..400 {
            let empty = 361usize.saturating_sub(m / 2).max(20);
            let b = for_move(control, &t.clocks[Color::Black], empty, 361, 5.0);
            t.charge(Color::Black, b.as_secs_f64() + 0.02);
            assert!(t.clocks[Color::Black].main_left > 0.0, "move {m}");
        }
    }

    #[test]
    fn unused_time_carries_over_only_to_a_clock() {
        use super::budget::time_carries_over;
        let per_move = TimeControl::from_gtp(0.0, 5.0, 1);
        assert!(!time_carries_over(per_move, &per_move.initial_clock()));
        let per_ten = TimeControl::from_gtp(0.0, 50.0, 10);
        let mut t = TimeState::new(per_ten);
        assert!(time_carries_over(per_ten, &t.clocks[Color::Black]));
        t.time_left(Color::Black, 4.0, 1);
        assert!(!time_carries_over(per_ten, &t.clocks[Color::Black]));
        let main_then_periods = TimeControl::from_gtp(60.0, 5.0, 1);
        assert!(time_carries_over(
            main_then_periods,
            &main_then_periods.initial_clock()
        ));
        let byoyomi = TimeControl::ByoYomi {
            main: 0.0,
            period: 30.0,
            periods: 5,
        };
        assert!(!time_carries_over(byoyomi, &byoyomi.initial_clock()));
        let sudden = TimeControl::Absolute { main: 300.0 };
        assert!(time_carries_over(sudden, &sudden.initial_clock()));
        assert!(time_carries_over(
            TimeControl::None,
            &TimeControl::None.initial_clock()
        ));
    }

    #[test]
    fn canadian_overtime_divides_the_period() {
        let control = TimeControl::Canadian {
            main: 0.0,
            period: 100.0,
            stones: 10,
        };
        let mut t = TimeState::new(control);
        t.time_left(Color::White, 50.0, 5);
        let b = for_move(control, &t.clocks[Color::White], 200, 361, 5.0);
        assert!(b.as_secs_f64() < 10.0 && b.as_secs_f64() > 8.0, "{b:?}");
    }
}
