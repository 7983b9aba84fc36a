//! The UCI options Kaiser offers, each declared once in `OPTIONS`: its name, its type with default
//! and range, and the change a value makes. `uci` lists the table, `setoption` reads a value
//! through it, and the session (`mod.rs`) carries the change out. The names, types and ranges
//! are Fairy-Stockfish's wherever it has the option, so clients that drive it drive Kaiser.
//! Names are matched ignoring case; numbers out of range are clamped, with a warning.

use crate::search;
use crate::search::skill::{self, Skill};
use kaiser_rules::variant::Variant;
use vampirc_uci::{Serializable, UciOptionConfig};

/// The variant GUIs get when they send no `UCI_Variant` (as Fairy-Stockfish: standard chess).
pub const DEFAULT_VARIANT: Variant = Variant::Chess;

/// The `BookFile` value that names the book built into the binary.
pub const BUILT_IN_BOOK: &str = "<built-in>";

/// Fairy-Stockfish's word for an unset string option.
const EMPTY: &str = "<empty>";

/// A change requested by `setoption`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionChange {
    HashMb(usize),
    Threads(usize),
    ClearHash,
    MultiPv(usize),
    SkillLevel(i32),
    MoveOverheadMs(u64),
    Variant(Variant),
    AnalyseMode(bool),
    LimitStrength(bool),
    Elo(i32),
    ShowWdl(bool),
    OwnBook(bool),
    /// A book file's path; `None` for the built-in book.
    BookFile(Option<String>),
    /// A Fairy-Stockfish variants file to report on; `None` when unset.
    VariantPath(Option<String>),
    /// Accepted, nothing to change: `Ponder` (`go ponder` works either way) and `UCI_Chess960`
    /// false.
    Accepted,
}

/// An option's type, default and range, and the change a value makes.
enum Kind {
    Button(OptionChange),
    /// A `check`; its change may refuse a value.
    Check {
        default: bool,
        change: fn(bool) -> Result<OptionChange, String>,
    },
    Spin {
        default: i64,
        min: i64,
        max: i64,
        change: fn(i64) -> OptionChange,
    },
    /// `UCI_Variant`: a combo of the variants Kaiser plays.
    Variant,
    /// A `string`; the default, `<empty>` or nothing reads as `None`.
    Text {
        default: &'static str,
        change: fn(Option<String>) -> OptionChange,
    },
}

/// One row of the option table.
struct UciOption {
    name: &'static str,
    kind: Kind,
}

/// Every option, in the order `uci` lists them.
const OPTIONS: &[UciOption] = &[
    UciOption {
        name: "Hash",
        kind: Kind::Spin {
            default: search::DEFAULT_HASH_MB as i64,
            min: 1,
            max: search::MAX_HASH_MB as i64,
            change: |mb| OptionChange::HashMb(mb as usize),
        },
    },
    UciOption {
        name: "Threads",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: search::MAX_THREADS as i64,
            change: |n| OptionChange::Threads(n as usize),
        },
    },
    UciOption {
        name: "Clear Hash",
        kind: Kind::Button(OptionChange::ClearHash),
    },
    UciOption {
        name: "Ponder",
        kind: Kind::Check {
            default: false,
            change: |_| Ok(OptionChange::Accepted),
        },
    },
    UciOption {
        name: "MultiPV",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: search::MAX_MULTIPV as i64,
            change: |n| OptionChange::MultiPv(n as usize),
        },
    },
    UciOption {
        name: "Skill Level",
        kind: Kind::Spin {
            default: skill::MAX_LEVEL as i64,
            min: skill::MIN_LEVEL as i64,
            max: skill::MAX_LEVEL as i64,
            change: |level| OptionChange::SkillLevel(level as i32),
        },
    },
    UciOption {
        name: "Move Overhead",
        kind: Kind::Spin {
            default: search::DEFAULT_MOVE_OVERHEAD_MS as i64,
            min: 0,
            max: 5000,
            change: |ms| OptionChange::MoveOverheadMs(ms as u64),
        },
    },
    UciOption {
        name: "UCI_Chess960",
        kind: Kind::Check {
            default: false,
            change: |on| match on {
                false => Ok(OptionChange::Accepted),
                true => Err(
                    "UCI_Chess960: Kaiser does not play Fischer-random chess (its castling \
                             rules); the option stays false"
                        .into(),
                ),
            },
        },
    },
    UciOption {
        name: "UCI_Variant",
        kind: Kind::Variant,
    },
    UciOption {
        name: "UCI_AnalyseMode",
        kind: Kind::Check {
            default: false,
            change: |on| Ok(OptionChange::AnalyseMode(on)),
        },
    },
    UciOption {
        name: "UCI_LimitStrength",
        kind: Kind::Check {
            default: false,
            change: |on| Ok(OptionChange::LimitStrength(on)),
        },
    },
    UciOption {
        name: "UCI_Elo",
        kind: Kind::Spin {
            default: skill::DEFAULT_ELO as i64,
            min: skill::MIN_ELO as i64,
            max: skill::MAX_ELO as i64,
            change: |elo| OptionChange::Elo(elo as i32),
        },
    },
    UciOption {
        name: "UCI_ShowWDL",
        kind: Kind::Check {
            default: false,
            change: |on| Ok(OptionChange::ShowWdl(on)),
        },
    },
    UciOption {
        name: "OwnBook",
        kind: Kind::Check {
            default: true,
            change: |on| Ok(OptionChange::OwnBook(on)),
        },
    },
    UciOption {
        name: "BookFile",
        kind: Kind::Text {
            default: BUILT_IN_BOOK,
            change: OptionChange::BookFile,
        },
    },
    UciOption {
        name: "VariantPath",
        kind: Kind::Text {
            default: EMPTY,
            change: OptionChange::VariantPath,
        },
    },
];

/// The `option ...` lines answered to `uci`.
pub fn option_lines() -> Vec<String> {
    OPTIONS
        .iter()
        .map(|option| {
            let name = option.name.to_string();
            let config = match &option.kind {
                Kind::Button(_) => UciOptionConfig::Button { name },
                Kind::Check { default, .. } => UciOptionConfig::Check {
                    name,
                    default: Some(*default),
                },
                Kind::Spin {
                    default, min, max, ..
                } => UciOptionConfig::Spin {
                    name,
                    default: Some(*default),
                    min: Some(*min),
                    max: Some(*max),
                },
                Kind::Variant => {
                    let mut variants: Vec<String> =
                        Variant::ALL.iter().map(|v| v.name().to_string()).collect();
                    variants.sort();
                    UciOptionConfig::Combo {
                        name,
                        default: Some(DEFAULT_VARIANT.name().into()),
                        var: variants,
                    }
                }
                Kind::Text { default, .. } => UciOptionConfig::String {
                    name,
                    default: Some(default.to_string()),
                },
            };
            // `serialize` writes the whole line, `option name ...` included.
            config.serialize()
        })
        .collect()
}

/// Reads `setoption name <name> [value <value>]`. Returns the change and, when the value had to
/// be adjusted, a warning; or an error naming what is wrong.
pub fn parse_setoption(
    name: &str,
    value: Option<&str>,
) -> Result<(OptionChange, Option<String>), String> {
    let name = name.trim();
    let option = OPTIONS
        .iter()
        .find(|option| option.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("No such option: {name}"))?;
    let name = option.name;
    let value = value.map(str::trim).filter(|v| !v.is_empty());
    match &option.kind {
        Kind::Button(change) => Ok((change.clone(), None)),
        Kind::Check { change, .. } => {
            let on = match value.map(str::to_ascii_lowercase).as_deref() {
                Some("true") => true,
                Some("false") => false,
                _ => return Err(format!("option '{name}' takes 'true' or 'false'")),
            };
            Ok((change(on)?, None))
        }
        Kind::Spin {
            min, max, change, ..
        } => {
            let value = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
            let number: i128 = value
                .parse()
                .map_err(|_| format!("option '{name}': '{value}' is not a number"))?;
            let clamped = number.clamp(*min as i128, *max as i128) as i64;
            let warning = (clamped as i128 != number).then(|| {
                format!("option '{name}': {number} is outside {min}..{max}, using {clamped}")
            });
            Ok((change(clamped), warning))
        }
        Kind::Variant => {
            let value = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
            let variant = value.parse::<Variant>().map_err(|e| e.to_string())?;
            Ok((OptionChange::Variant(variant), None))
        }
        Kind::Text { default, change } => {
            let text = value.filter(|v| v != default && !v.eq_ignore_ascii_case(EMPTY));
            Ok((change(text.map(str::to_string)), None))
        }
    }
}

/// The options that set the play level, and how they combine: with `UCI_LimitStrength` on,
/// `UCI_Elo` decides, else `Skill Level` (as in Fairy-Stockfish).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayLevel {
    pub skill_level: i32,
    pub limit_strength: bool,
    pub elo: i32,
}

impl Default for PlayLevel {
    fn default() -> PlayLevel {
        PlayLevel {
            skill_level: skill::MAX_LEVEL,
            limit_strength: false,
            elo: skill::DEFAULT_ELO,
        }
    }
}

impl PlayLevel {
    pub fn skill(self) -> Skill {
        if self.limit_strength {
            Skill::from_elo(self.elo)
        } else {
            Skill::from_level(self.skill_level)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_ignore_case_and_values_are_clamped() {
        assert_eq!(
            parse_setoption("hash", Some("64")),
            Ok((OptionChange::HashMb(64), None))
        );
        let (change, warning) = parse_setoption("THREADS", Some("100000")).unwrap();
        assert_eq!(change, OptionChange::Threads(256));
        assert!(warning.unwrap().contains("outside"));
        let (change, _) = parse_setoption("Move Overhead", Some("-5")).unwrap();
        assert_eq!(change, OptionChange::MoveOverheadMs(0));
        let (change, warning) = parse_setoption("skill level", Some("-30")).unwrap();
        assert_eq!(change, OptionChange::SkillLevel(-20));
        assert!(warning.is_some());
        assert_eq!(
            parse_setoption("UCI_Elo", Some("1500")),
            Ok((OptionChange::Elo(1500), None))
        );
    }

    #[test]
    fn buttons_accept_a_value_and_bad_values_are_errors() {
        assert_eq!(
            parse_setoption("clear hash", Some("true")),
            Ok((OptionChange::ClearHash, None))
        );
        assert!(parse_setoption("Hash", Some("lots")).is_err());
        assert!(parse_setoption("Hash", None).is_err());
        assert!(parse_setoption("Ponder", Some("maybe")).is_err());
        assert!(parse_setoption("UCI_Variant", Some("atomic")).is_err());
        assert!(parse_setoption("Colour", Some("red"))
            .unwrap_err()
            .contains("No such option"));
        assert_eq!(
            parse_setoption("ownbook", Some("FALSE")),
            Ok((OptionChange::OwnBook(false), None))
        );
        assert_eq!(
            parse_setoption("BookFile", Some("<built-in>")),
            Ok((OptionChange::BookFile(None), None))
        );
        assert_eq!(
            parse_setoption("BookFile", Some("my book.bin")),
            Ok((OptionChange::BookFile(Some("my book.bin".into())), None))
        );
        assert_eq!(
            parse_setoption("uci_variant", Some("Empire")),
            Ok((OptionChange::Variant(Variant::Empire), None))
        );
    }

    #[test]
    fn fairy_stockfish_client_options_are_read() {
        assert_eq!(
            parse_setoption("VariantPath", Some("variants.ini")),
            Ok((OptionChange::VariantPath(Some("variants.ini".into())), None))
        );
        assert_eq!(
            parse_setoption("VariantPath", Some("<empty>")),
            Ok((OptionChange::VariantPath(None), None))
        );
        assert_eq!(
            parse_setoption("UCI_AnalyseMode", Some("true")),
            Ok((OptionChange::AnalyseMode(true), None))
        );
        assert_eq!(
            parse_setoption("UCI_Chess960", Some("false")),
            Ok((OptionChange::Accepted, None))
        );
        let refused = parse_setoption("UCI_Chess960", Some("true")).unwrap_err();
        assert!(refused.contains("stays false"), "{refused}");
        assert_eq!(
            parse_setoption("UCI_LimitStrength", Some("true")),
            Ok((OptionChange::LimitStrength(true), None))
        );
    }

    #[test]
    fn limit_strength_hands_the_level_to_the_elo() {
        let mut level = PlayLevel::default();
        assert_eq!(level.skill(), Skill::from_level(skill::MAX_LEVEL));
        level.skill_level = 3;
        assert_eq!(level.skill(), Skill::from_level(3));
        level.limit_strength = true;
        assert_eq!(level.skill(), Skill::from_elo(skill::DEFAULT_ELO));
    }

    #[test]
    fn uci_lists_every_option_once() {
        let mut names: Vec<String> = OPTIONS.iter().map(|o| o.name.to_lowercase()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), OPTIONS.len(), "a name declared twice");
        let text = option_lines().join("\n");
        for line in [
            "name Skill Level type spin default 20 min -20 max 20",
            "name UCI_Elo type spin default 1350 min 500 max 2850",
            "name UCI_Chess960 type check default false",
            "name UCI_AnalyseMode type check default false",
            "name UCI_LimitStrength type check default false",
            "name VariantPath type string default <empty>",
            "name OwnBook type check default true",
            "name BookFile type string default <built-in>",
            "type combo default chess var chess var empire var orda",
        ] {
            assert!(text.contains(line), "{line} missing: {text}");
        }
    }
}
