//! [`Rules`]: the rule set as a value. A [`Ruleset`] names one of the
//! rule sets tianyuan plays (docs/RULES.md); [`Rules`] is a ruleset with
//! its ko rule, which may be changed on its own.

use super::point::Color;
use std::fmt;

/// Which earlier positions a move may not repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone is forbidden (the
    /// Japanese practice: no superko; a long cycle is left to the players).
    Simple,
    /// No move may recreate an earlier whole-board position.
    PositionalSuperko,
    /// No move may recreate an earlier position with the same side to move.
    SituationalSuperko,
}

impl KoRule {
    /// By name: `simple`, `positional`, `situational`.
    pub fn by_name(name: &str) -> Option<KoRule> {
        match name.to_ascii_lowercase().as_str() {
            "simple" | "japanese" => Some(KoRule::Simple),
            "positional" | "psk" => Some(KoRule::PositionalSuperko),
            "situational" | "ssk" => Some(KoRule::SituationalSuperko),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            KoRule::Simple => "simple",
            KoRule::PositionalSuperko => "positional",
            KoRule::SituationalSuperko => "situational",
        }
    }
}

/// How the final position is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Stones plus surrounded empty points (Chinese counting; Ing's
    /// fill-in counting gives the same result).
    Area,
    /// Surrounded empty points plus prisoners and dead stones (Japanese and
    /// Korean counting); points in seki count for nobody.
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

/// The rule sets tianyuan plays and counts (docs/RULES.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// The modern Chinese rules of the rule texts: area counting, komi 7.5,
    /// one point back per handicap stone.
    Chinese,
    /// Japanese rules: territory counting, komi 6.5, no compensation.
    Japanese,
    /// Korean rules: counted as the Japanese.
    Korean,
    /// Tromp-Taylor (CGOS): area counting of the board as it stands after
    /// two passes, every stone alive; no compensation.
    TrompTaylor,
    /// AGA: area counting, situational superko, one point less than the
    /// handicap stones back to White.
    Aga,
    /// Ing (SST): fill-in counting, which comes to area counting; komi 8,
    /// a tie to Black in even games and to White in handicap games.
    Ing,
    /// The ancient Chinese game (RULES.md row 16): four stones set out on
    /// the corner star points before play, White first, no komi, and each
    /// side pays one stone (two points) for every separate living group.
    Ancient,
}

impl Ruleset {
    pub const ALL: [Ruleset; 7] = [
        Ruleset::Chinese,
        Ruleset::Japanese,
        Ruleset::Korean,
        Ruleset::TrompTaylor,
        Ruleset::Aga,
        Ruleset::Ing,
        Ruleset::Ancient,
    ];

    /// The name tianyuan's options and `kgs-rules` use.
    pub fn name(self) -> &'static str {
        match self {
            Ruleset::Chinese => "chinese",
            Ruleset::Japanese => "japanese",
            Ruleset::Korean => "korean",
            Ruleset::TrompTaylor => "tromp-taylor",
            Ruleset::Aga => "aga",
            Ruleset::Ing => "ing",
            Ruleset::Ancient => "ancient",
        }
    }

    /// The name written in SGF's `RU[]` (FF[4] names where it has them:
    /// `AGA`, `GOE` for Ing, `Japanese`, `NZ` is not ours).
    pub fn sgf_name(self) -> &'static str {
        match self {
            Ruleset::Chinese => "Chinese",
            Ruleset::Japanese => "Japanese",
            Ruleset::Korean => "Korean",
            Ruleset::TrompTaylor => "Tromp-Taylor",
            Ruleset::Aga => "AGA",
            Ruleset::Ing => "GOE",
            Ruleset::Ancient => "Ancient Chinese",
        }
    }

    /// By name, as options, `kgs-rules` and SGF's `RU[]` spell it (case,
    /// `_`, `-` and spaces do not matter): `chinese`, `japanese`, `korean`,
    /// `tromp-taylor` (also `new_zealand`, `nz`, `cgos`), `aga`, `ing`
    /// (also `goe`, `sst`), `ancient` (also `ancient chinese`).
    pub fn by_name(name: &str) -> Option<Ruleset> {
        let key: String = name
            .chars()
            .filter(|c| !matches!(c, '_' | '-' | ' '))
            .flat_map(char::to_lowercase)
            .collect();
        match key.as_str() {
            "chinese" | "cn" => Some(Ruleset::Chinese),
            "japanese" | "jp" | "jpn" => Some(Ruleset::Japanese),
            "korean" | "kr" | "kor" => Some(Ruleset::Korean),
            "tromptaylor" | "tt" | "newzealand" | "nz" | "cgos" => Some(Ruleset::TrompTaylor),
            "aga" | "bga" => Some(Ruleset::Aga),
            "ing" | "goe" | "sst" => Some(Ruleset::Ing),
            "ancient" | "ancientchinese" => Some(Ruleset::Ancient),
            _ => None,
        }
    }

    /// The ko rule the ruleset's text asks for.
    pub const fn default_ko(self) -> KoRule {
        match self {
            Ruleset::Aga => KoRule::SituationalSuperko,
            _ => KoRule::PositionalSuperko,
        }
    }

    /// Komi when nobody says otherwise.
    pub fn default_komi(self) -> f64 {
        match self {
            Ruleset::Chinese | Ruleset::TrompTaylor | Ruleset::Aga => 7.5,
            Ruleset::Japanese | Ruleset::Korean => 6.5,
            Ruleset::Ing => 8.0,
            Ruleset::Ancient => 0.0,
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule set: a [`Ruleset`] and the ko rule in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub ruleset: Ruleset,
    pub ko: KoRule,
}

impl Rules {
    /// A ruleset with the ko rule its text asks for.
    pub const fn of(ruleset: Ruleset) -> Rules {
        Rules {
            ruleset,
            ko: ruleset.default_ko(),
        }
    }

    /// The Chinese rules of docs/RULES.md: area counting, positional
    /// superko, no suicide, one point back per handicap stone.
    pub const fn chinese() -> Rules {
        Rules::of(Ruleset::Chinese)
    }

    pub const fn japanese() -> Rules {
        Rules::of(Ruleset::Japanese)
    }

    pub const fn tromp_taylor() -> Rules {
        Rules::of(Ruleset::TrompTaylor)
    }

    pub const fn aga() -> Rules {
        Rules::of(Ruleset::Aga)
    }

    pub const fn ancient() -> Rules {
        Rules::of(Ruleset::Ancient)
    }

    /// A ruleset by name ([`Ruleset::by_name`]) with its own ko rule.
    pub fn by_name(name: &str) -> Option<Rules> {
        Ruleset::by_name(name).map(Rules::of)
    }

    /// The same ruleset with another ko rule.
    pub fn with_ko(self, ko: KoRule) -> Rules {
        Rules { ko, ..self }
    }

    pub fn scoring(self) -> Scoring {
        match self.ruleset {
            Ruleset::Japanese | Ruleset::Korean => Scoring::Territory,
            _ => Scoring::Area,
        }
    }

    pub fn handicap_compensation(self) -> HandicapCompensation {
        match self.ruleset {
            Ruleset::Chinese | Ruleset::Ing => HandicapCompensation::PerStone,
            Ruleset::Aga => HandicapCompensation::PerStoneMinusOne,
            _ => HandicapCompensation::None,
        }
    }

    /// Whether dead stones are taken off before the count. Under
    /// Tromp-Taylor every stone on the board after two passes counts as
    /// alive, so the player takes dead stones off by capturing them.
    pub fn removes_dead_stones(self) -> bool {
        self.ruleset != Ruleset::TrompTaylor
    }

    /// Whether each side pays two points for every separate living group
    /// (the ancient game's 还棋头).
    pub fn group_tax(self) -> bool {
        self.ruleset == Ruleset::Ancient
    }

    /// Whether the four corner stones of the ancient game stand on the board
    /// before play (座子), White moving first.
    pub fn ancient_setup(self) -> bool {
        self.ruleset == Ruleset::Ancient
    }

    /// Whether handicap stones may be placed.
    pub fn allows_handicap(self) -> bool {
        self.ruleset != Ruleset::Ancient
    }

    /// Who wins a game counted level (score 0): Ing gives it to Black in an
    /// even game and to White in a handicap game; elsewhere it is a draw.
    pub fn tie_winner(self, handicap_stones: usize) -> Option<Color> {
        match self.ruleset {
            Ruleset::Ing if handicap_stones == 0 => Some(Color::Black),
            Ruleset::Ing => Some(Color::White),
            _ => None,
        }
    }

    /// The colour that moves first in an even game.
    pub fn first_to_move(self) -> Color {
        if self.ancient_setup() {
            Color::White
        } else {
            Color::Black
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::chinese()
    }
}

/// The ruleset's name, and the ko rule when it is not the ruleset's own:
/// `chinese`, `japanese (ko simple)`.
impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.ruleset.name())?;
        if self.ko != self.ruleset.default_ko() {
            write!(f, " (ko {})", self.ko.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_sgf_names_are_read() {
        for r in Ruleset::ALL {
            assert_eq!(Ruleset::by_name(r.name()), Some(r));
            assert_eq!(Ruleset::by_name(r.sgf_name()), Some(r));
            assert_eq!(Rules::of(r).ko, r.default_ko());
        }
        assert_eq!(Ruleset::by_name("new_zealand"), Some(Ruleset::TrompTaylor));
        assert_eq!(Ruleset::by_name("Tromp Taylor"), Some(Ruleset::TrompTaylor));
        assert_eq!(Ruleset::by_name("GOE"), Some(Ruleset::Ing));
        assert_eq!(Ruleset::by_name("klingon"), None);
        assert_eq!(Rules::aga().ko, KoRule::SituationalSuperko);
        assert_eq!(
            Rules::japanese().with_ko(KoRule::Simple).to_string(),
            "japanese (ko simple)"
        );
    }

    #[test]
    fn rulesets_differ_where_their_texts_do() {
        assert_eq!(Rules::chinese().scoring(), Scoring::Area);
        assert_eq!(Rules::japanese().scoring(), Scoring::Territory);
        assert_eq!(Rules::of(Ruleset::Korean).scoring(), Scoring::Territory);
        assert!(!Rules::tromp_taylor().removes_dead_stones());
        assert!(Rules::chinese().removes_dead_stones());
        assert_eq!(Rules::aga().handicap_compensation().points(4), 3.0);
        assert_eq!(Rules::chinese().handicap_compensation().points(4), 4.0);
        assert_eq!(Rules::japanese().handicap_compensation().points(4), 0.0);
        assert!(Rules::ancient().group_tax() && !Rules::ancient().allows_handicap());
        assert_eq!(Rules::ancient().first_to_move(), Color::White);
        assert_eq!(
            Rules::of(Ruleset::Ing).tie_winner(0),
            Some(Color::Black),
            "Ing: komi 8, Black wins a tie"
        );
        assert_eq!(Rules::chinese().tie_winner(0), None);
        assert_eq!(Ruleset::Ancient.default_komi(), 0.0);
        assert_eq!(Ruleset::Korean.default_komi(), 6.5);
    }
}
