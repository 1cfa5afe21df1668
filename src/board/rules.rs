//! [`Rules`]: the rule set as a value. Presets for the Chinese rules (the
//! engine's default), Tromp-Taylor-like computer rules and Japanese
//! rules as a controller may announce them.

use std::fmt;

/// Which earlier positions a move may not repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone is forbidden.
    Simple,
    /// No move may recreate an earlier whole-board position.
    PositionalSuperko,
    /// No move may recreate an earlier position with the same side to move.
    SituationalSuperko,
}

/// How the final position is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Stones plus surrounded empty points (Chinese counting).
    Area,
    /// Surrounded empty points plus prisoners (Japanese counting): announced
    /// by some controllers; the engine still counts by area (see README).
    Territory,
}

/// How many points White gets back per handicap stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapCompensation {
    /// One point per handicap stone (Chinese rules: half a stone each).
    PerStone,
    /// One point per handicap stone after the first (AGA).
    PerStoneMinusOne,
    /// None (Japanese, Tromp-Taylor).
    None,
}

impl HandicapCompensation {
    /// Points given to White for `stones` handicap stones.
    pub fn points(self, stones: usize) -> f64 {
        match self {
            HandicapCompensation::PerStone => stones as f64,
            HandicapCompensation::PerStoneMinusOne => stones.saturating_sub(1) as f64,
            HandicapCompensation::None => 0.0,
        }
    }
}

/// A rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub ko: KoRule,
    pub scoring: Scoring,
    pub handicap_compensation: HandicapCompensation,
}

impl Rules {
    /// The Chinese rules of `../shared/RULES.md`: area counting, positional
    /// superko, no suicide, one point back per handicap stone.
    pub const fn chinese() -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            scoring: Scoring::Area,
            handicap_compensation: HandicapCompensation::PerStone,
        }
    }

    /// Computer-Go rules as CGOS plays them (area, positional superko, no
    /// compensation). Suicide stays illegal in tianyuan.
    pub const fn tromp_taylor() -> Rules {
        Rules {
            handicap_compensation: HandicapCompensation::None,
            ..Rules::chinese()
        }
    }

    /// AGA rules: area counting, situational superko, N-1 compensation.
    pub const fn aga() -> Rules {
        Rules {
            ko: KoRule::SituationalSuperko,
            scoring: Scoring::Area,
            handicap_compensation: HandicapCompensation::PerStoneMinusOne,
        }
    }

    /// Japanese rules as announced by a server (see [`Scoring::Territory`]).
    pub const fn japanese() -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            scoring: Scoring::Territory,
            handicap_compensation: HandicapCompensation::None,
        }
    }

    /// A preset by name: `chinese`, `japanese`, `aga`, `new_zealand`,
    /// `tromp-taylor`.
    pub fn by_name(name: &str) -> Option<Rules> {
        match name.to_ascii_lowercase().replace('_', "-").as_str() {
            "chinese" => Some(Rules::chinese()),
            "japanese" | "korean" => Some(Rules::japanese()),
            "aga" => Some(Rules::aga()),
            "new-zealand" | "tromp-taylor" => Some(Rules::tromp_taylor()),
            _ => None,
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::chinese()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = if *self == Rules::chinese() {
            "chinese"
        } else if *self == Rules::japanese() {
            "japanese"
        } else if *self == Rules::aga() {
            "aga"
        } else if *self == Rules::tromp_taylor() {
            "tromp-taylor"
        } else {
            "custom"
        };
        f.write_str(name)
    }
}
