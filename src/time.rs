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
