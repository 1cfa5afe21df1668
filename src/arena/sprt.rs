//! A sequential probability ratio test (Wald 1945) of engine A's strength
//! against engine B's, as fishtest and cutechess-cli run A/B matches: the
//! match stops as soon as the games say clearly which of two hypotheses
//! holds, A is `elo0` stronger than B (H0) or `elo1` stronger (H1).
//!
//! Go games have no draws but under integer komi, so the model is a
//! binomial one on logistic Elo: under a hypothesis of `elo` points, A
//! scores `p = 1 / (1 + 10^(-elo / 400))` a game. After `w` wins and `l`
//! losses (a draw counts half of each) the log-likelihood ratio of H1 to
//! H0 is `w ln(p1 / p0) + l ln((1 - p1) / (1 - p0))`; H1 is accepted when
//! it reaches `ln((1 - beta) / alpha)`, H0 when it falls to
//! `ln(beta / (1 - alpha))`, where `alpha` and `beta` bound the chances of
//! accepting H1 when H0 holds and of accepting H0 when H1 holds.

use std::fmt;

/// The test's settings: `--sprt ELO0,ELO1`, `--sprt-alpha`, `--sprt-beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the games say so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// Neither bound reached: play on.
    Open,
    /// H0 accepted: A is not `elo1` stronger (at most `elo0`).
    H0,
    /// H1 accepted: A is `elo1` stronger (more than `elo0`).
    H1,
}

/// The test after some games: the log-likelihood ratio and its bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct State {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub verdict: Verdict,
}

/// A's expected score a game when it is `elo` points stronger.
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The test of `ELO0,ELO1` with alpha and beta 0.05.
    pub fn parse(s: &str) -> Result<Sprt, String> {
        let (a, b) = s
            .split_once(',')
            .ok_or_else(|| format!("'{s}': expected ELO0,ELO1 (for example 0,10)"))?;
        let number = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && x.abs() < 2000.0)
                .ok_or_else(|| format!("'{t}' is not an Elo difference"))
        };
        let (elo0, elo1) = (number(a)?, number(b)?);
        if elo1 <= elo0 {
            return Err(format!("ELO1 ({elo1}) must be above ELO0 ({elo0})"));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        })
    }

    /// The test after `wins`, `losses` and `draws` of engine A.
    pub fn state(&self, wins: u32, losses: u32, draws: u32) -> State {
        let (p0, p1) = (expected_score(self.elo0), expected_score(self.elo1));
        let w = wins as f64 + 0.5 * draws as f64;
        let l = losses as f64 + 0.5 * draws as f64;
        let llr = w * (p1 / p0).ln() + l * ((1.0 - p1) / (1.0 - p0)).ln();
        let lower = (self.beta / (1.0 - self.alpha)).ln();
        let upper = ((1.0 - self.beta) / self.alpha).ln();
        let verdict = if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Open
        };
        State {
            llr,
            lower,
            upper,
            verdict,
        }
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "SPRT elo0 {} elo1 {} alpha {} beta {}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "LLR {:.2} ({:.2}, {:.2})",
            self.llr, self.lower, self.upper
        )?;
        match self.verdict {
            Verdict::Open => Ok(()),
            Verdict::H0 => write!(f, ": H0 accepted (A is not elo1 stronger)"),
            Verdict::H1 => write!(f, ": H1 accepted (A is elo1 stronger)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_two_elo_bounds() {
        let s = Sprt::parse("0,10").unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 10.0, 0.05, 0.05));
        assert_eq!(Sprt::parse("-5, 5").unwrap().elo0, -5.0);
        for bad in ["", "10", "10,0", "5,5", "a,b", "0,nan", "0,1e9"] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn bounds_and_ratio_follow_wald() {
        let s = Sprt::parse("0,35").unwrap();
        let empty = s.state(0, 0, 0);
        // ln(0.05 / 0.95) and ln(0.95 / 0.05).
        assert!((empty.lower + 2.944).abs() < 1e-3, "{}", empty.lower);
        assert!((empty.upper - 2.944).abs() < 1e-3, "{}", empty.upper);
        assert_eq!((empty.llr, empty.verdict), (0.0, Verdict::Open));
        // Under elo1 35, A scores 0.5502 a game: a win adds ln(1.1004),
        // a loss ln(0.8996) (p0 = 0.5).
        let p1 = expected_score(35.0);
        assert!((p1 - 0.5502).abs() < 1e-4, "{p1}");
        let one = s.state(1, 1, 0).llr;
        assert!((one - ((2.0 * p1).ln() + (2.0 * (1.0 - p1)).ln())).abs() < 1e-12);
        // A draw is half a win and half a loss.
        assert!((s.state(0, 0, 2).llr - one).abs() < 1e-12);
    }

    #[test]
    fn a_clear_result_stops_the_test_either_way() {
        let s = Sprt::parse("0,35").unwrap();
        // Winning 70% is far above elo1: each game adds 0.035 on average,
        // so the bound 2.94 is reached in about 85 games.
        let n = (1..200).find(|&n| s.state(n * 7 / 10, n - n * 7 / 10, 0).verdict != Verdict::Open);
        let n = n.expect("decided");
        assert!((70..100).contains(&n), "{n}");
        assert_eq!(s.state(n * 7 / 10, n - n * 7 / 10, 0).verdict, Verdict::H1);
        // Losing 60% ends in H0.
        let n = (1..200)
            .find(|&n| s.state(n * 4 / 10, n - n * 4 / 10, 0).verdict != Verdict::Open)
            .expect("decided");
        assert_eq!(s.state(n * 4 / 10, n - n * 4 / 10, 0).verdict, Verdict::H0);
        // An even score between the two hypotheses stays open longer.
        let even = s.state(15, 15, 0);
        assert_eq!(even.verdict, Verdict::Open);
        let text = s.state(45, 5, 0).to_string();
        assert!(
            text.starts_with("LLR ") && text.contains("H1 accepted"),
            "{text}"
        );
    }
}
