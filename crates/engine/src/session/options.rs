//! The options Kaiser offers, each declared once in `OPTIONS`: its name, its type with default
//! and range (or choices), and the session's typed setter it calls. Both protocols list the table
//! (UCI's `option` lines, XBoard's `feature option=`) and set options through it: `read` checks a
//! value against the option's type once, for both, and `Session::apply` carries it out. Adding an
//! option is one entry here, plus the setter it calls. The names, types and ranges are
//! Fairy-Stockfish's wherever it has the option, so clients that drive it drive Kaiser. Names
//! and choices are matched ignoring case; numbers out of range are clamped, with a warning.
//!
//! The search's parameters (`search::Parameters::SPECS`) are options too, for tuners such as
//! `kaiser spsa`, but not listed, so GUIs do not show forty spin boxes.

use super::variant_path;
use super::{Note, PlayLevel, Session};
use crate::search;
use crate::search::skill;
use kaiser_rules::variant::Variant;
use std::fmt;
use std::path::Path;

/// The variant GUIs get when they send no `UCI_Variant` (as Fairy-Stockfish: standard chess).
pub const DEFAULT_VARIANT: Variant = Variant::Chess;

/// The `BookFile` value that names the book built into the binary.
pub const BUILT_IN_BOOK: &str = "<built-in>";

/// The `EvalFile` value that names the network built into the binary.
pub const BUILT_IN_NET: &str = "<built-in>";

/// Fairy-Stockfish's word for an unset string option.
const EMPTY: &str = "<empty>";

/// An option's type, default and range or choices, and the setter a value goes to.
pub enum Kind {
    /// A `button`; a value sent with it is ignored.
    Button { press: fn(&mut Session) -> Note },
    /// A `check`: `true` or `false`.
    Check {
        default: bool,
        set: fn(&mut Session, bool) -> Note,
    },
    /// A `spin`: a whole number in `min..=max`.
    Spin {
        default: i64,
        min: i64,
        max: i64,
        set: fn(&mut Session, i64) -> Note,
    },
    /// A `combo`: one of `choices` (listed sorted); `set` gets the index of the one chosen.
    Combo {
        default: &'static str,
        choices: &'static [&'static str],
        set: fn(&mut Session, usize) -> Note,
    },
    /// A `string`; the default, `<empty>` or nothing reads as `None`.
    Text {
        default: &'static str,
        set: fn(&mut Session, Option<&str>) -> Note,
    },
}

/// One row of the option table.
pub struct EngineOption {
    pub name: &'static str,
    pub kind: Kind,
}

/// The names of the variants, by `Variant::index()`: `UCI_Variant`'s choices.
const VARIANT_NAMES: [&str; Variant::ALL.len()] = {
    let mut names = [""; Variant::ALL.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = Variant::ALL[i].name();
        i += 1;
    }
    names
};

/// Every option, in the order they are listed.
pub const OPTIONS: &[EngineOption] = &[
    EngineOption {
        name: "Hash",
        kind: Kind::Spin {
            default: search::DEFAULT_HASH_MB as i64,
            min: 1,
            max: search::MAX_HASH_MB as i64,
            set: |session, mb| session.set_hash_mb(mb as usize),
        },
    },
    EngineOption {
        name: "Threads",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: search::MAX_THREADS as i64,
            set: |session, n| session.set_threads(n as usize),
        },
    },
    EngineOption {
        name: "Clear Hash",
        kind: Kind::Button {
            press: Session::clear_hash,
        },
    },
    EngineOption {
        // `go ponder` works either way.
        name: "Ponder",
        kind: Kind::Check {
            default: false,
            set: |_, _| None,
        },
    },
    EngineOption {
        name: "MultiPV",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: search::MAX_MULTIPV as i64,
            set: |session, n| session.set_multipv(n as usize),
        },
    },
    EngineOption {
        name: "Skill Level",
        kind: Kind::Spin {
            default: skill::MAX_LEVEL as i64,
            min: skill::MIN_LEVEL as i64,
            max: skill::MAX_LEVEL as i64,
            set: |session, level| {
                session.set_play_level(PlayLevel {
                    skill_level: level as i32,
                    ..session.settings().play_level
                })
            },
        },
    },
    EngineOption {
        name: "Move Overhead",
        kind: Kind::Spin {
            default: search::DEFAULT_MOVE_OVERHEAD_MS as i64,
            min: 0,
            max: 5000,
            set: |session, ms| session.set_move_overhead_ms(ms as u64),
        },
    },
    EngineOption {
        name: "UCI_Chess960",
        kind: Kind::Check {
            default: false,
            set: |_, on| {
                on.then(|| {
                    "UCI_Chess960: Kaiser does not play Fischer-random chess (its castling \
                     rules); the option stays false"
                        .to_string()
                })
            },
        },
    },
    EngineOption {
        name: "UCI_Variant",
        kind: Kind::Combo {
            default: DEFAULT_VARIANT.name(),
            choices: &VARIANT_NAMES,
            set: |session, index| session.set_variant(Variant::ALL[index]),
        },
    },
    EngineOption {
        name: "UCI_AnalyseMode",
        kind: Kind::Check {
            default: false,
            set: Session::set_analyse_mode,
        },
    },
    EngineOption {
        name: "UCI_LimitStrength",
        kind: Kind::Check {
            default: false,
            set: |session, on| {
                session.set_play_level(PlayLevel {
                    limit_strength: on,
                    ..session.settings().play_level
                })
            },
        },
    },
    EngineOption {
        name: "UCI_Elo",
        kind: Kind::Spin {
            default: skill::DEFAULT_ELO as i64,
            min: skill::MIN_ELO as i64,
            max: skill::MAX_ELO as i64,
            set: |session, elo| {
                session.set_play_level(PlayLevel {
                    elo: elo as i32,
                    ..session.settings().play_level
                })
            },
        },
    },
    EngineOption {
        name: "UCI_ShowWDL",
        kind: Kind::Check {
            default: false,
            set: Session::set_show_wdl,
        },
    },
    EngineOption {
        name: "OwnBook",
        kind: Kind::Check {
            default: true,
            set: Session::set_own_book,
        },
    },
    EngineOption {
        name: "BookFile",
        kind: Kind::Text {
            default: BUILT_IN_BOOK,
            set: Session::set_book_file,
        },
    },
    EngineOption {
        // Where the variant has no network the hand-written evaluation plays (`eval` says which).
        name: "Use NNUE",
        kind: Kind::Check {
            default: true,
            set: Session::set_use_nnue,
        },
    },
    EngineOption {
        name: "EvalFile",
        kind: Kind::Text {
            default: BUILT_IN_NET,
            set: Session::set_eval_file,
        },
    },
    EngineOption {
        // Only reported on: the file never changes Kaiser's rules.
        name: "VariantPath",
        kind: Kind::Text {
            default: EMPTY,
            set: |_, path| path.map(|path| variant_path::report(Path::new(path))),
        },
    },
];

/// The option named `name`, ignoring case and the spaces around it.
pub fn find(name: &str) -> Option<&'static EngineOption> {
    let name = name.trim();
    OPTIONS
        .iter()
        .find(|option| option.name.eq_ignore_ascii_case(name))
}

/// Why a value cannot be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option, and no search parameter, has the name.
    Unknown {
        name: String,
    },
    NeedsValue {
        option: &'static str,
    },
    /// A check's value is neither `true` nor `false`.
    NotACheck {
        option: &'static str,
    },
    NotANumber {
        option: &'static str,
        value: String,
    },
    NotAChoice {
        option: &'static str,
        value: String,
        choices: &'static [&'static str],
    },
    /// A search parameter's value is no whole number within its range.
    BadParameter {
        text: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            OptionError::Unknown { name } => write!(f, "No such option: {name}"),
            OptionError::NeedsValue { option } => write!(f, "option '{option}' needs a value"),
            OptionError::NotACheck { option } => {
                write!(f, "option '{option}' takes 'true' or 'false'")
            }
            OptionError::NotANumber { option, value } => {
                write!(f, "option '{option}': '{value}' is not a number")
            }
            OptionError::NotAChoice {
                option,
                value,
                choices,
            } => {
                let choices = choices.join(", ");
                write!(
                    f,
                    "option '{option}': unknown value '{value}' (known: {choices})"
                )
            }
            OptionError::BadParameter { text } => f.write_str(text),
        }
    }
}

impl std::error::Error for OptionError {}

/// A value read for an option and checked against its type, bound to the setter it goes to:
/// `Session::apply` sets it.
pub struct Setting<'a> {
    action: Action<'a>,
    /// The warning when a number had to be clamped into the option's range.
    warning: Option<String>,
}

/// A setter with its value.
enum Action<'a> {
    Press(fn(&mut Session) -> Note),
    Check(fn(&mut Session, bool) -> Note, bool),
    Spin(fn(&mut Session, i64) -> Note, i64),
    Choice(fn(&mut Session, usize) -> Note, usize),
    Text(fn(&mut Session, Option<&str>) -> Note, Option<&'a str>),
    /// A search parameter (by its own name) and its value.
    Parameter(&'static str, i32),
}

impl EngineOption {
    /// Reads `text` (`None`: no value sent) as a value of this option. A number outside the
    /// range is clamped into it, with a warning.
    pub fn read<'a>(&'static self, text: Option<&'a str>) -> Result<Setting<'a>, OptionError> {
        let option = self.name;
        let text = text.map(str::trim).filter(|v| !v.is_empty());
        let mut warning = None;
        let action = match &self.kind {
            Kind::Button { press } => Action::Press(*press),
            Kind::Check { set, .. } => match text.map(str::to_ascii_lowercase).as_deref() {
                Some("true") => Action::Check(*set, true),
                Some("false") => Action::Check(*set, false),
                _ => return Err(OptionError::NotACheck { option }),
            },
            Kind::Spin { min, max, set, .. } => {
                let value = text.ok_or(OptionError::NeedsValue { option })?;
                let Ok(number) = value.parse::<i128>() else {
                    let value = value.to_string();
                    return Err(OptionError::NotANumber { option, value });
                };
                let clamped = number.clamp(*min as i128, *max as i128) as i64;
                if clamped as i128 != number {
                    warning = Some(format!(
                        "option '{option}': {number} is outside {min}..{max}, using {clamped}"
                    ));
                }
                Action::Spin(*set, clamped)
            }
            Kind::Combo { choices, set, .. } => {
                let value = text.ok_or(OptionError::NeedsValue { option })?;
                match choices.iter().position(|c| c.eq_ignore_ascii_case(value)) {
                    Some(index) => Action::Choice(*set, index),
                    None => {
                        let value = value.to_string();
                        return Err(OptionError::NotAChoice {
                            option,
                            value,
                            choices,
                        });
                    }
                }
            }
            Kind::Text { default, set } => {
                let text = text.filter(|v| v != default && !v.eq_ignore_ascii_case(EMPTY));
                Action::Text(*set, text)
            }
        };
        Ok(Setting { action, warning })
    }
}

/// Reads `text` as a value of the option or search parameter named `name` (see `find` and
/// `EngineOption::read`).
pub fn read<'a>(name: &str, text: Option<&'a str>) -> Result<Setting<'a>, OptionError> {
    if let Some(option) = find(name) {
        return option.read(text);
    }
    let name = name.trim();
    let Some(spec) = search::Parameters::SPECS
        .iter()
        .find(|spec| spec.name.eq_ignore_ascii_case(name))
    else {
        let name = name.to_string();
        return Err(OptionError::Unknown { name });
    };
    match text.and_then(|v| v.trim().parse::<i32>().ok()) {
        Some(number) => Ok(Setting {
            action: Action::Parameter(spec.name, number),
            warning: None,
        }),
        None => Err(OptionError::BadParameter {
            text: format!(
                "search parameter '{}' takes a whole number within {}..={}, not '{}'",
                spec.name,
                spec.min,
                spec.max,
                text.unwrap_or("")
            ),
        }),
    }
}

impl Session {
    /// Sets an option's value, read by `read`. Returns what to tell the user, in order: the
    /// warning when the value had to be adjusted, and what setting it reports.
    pub fn apply(&mut self, setting: Setting) -> Vec<String> {
        let note = match setting.action {
            Action::Press(press) => press(self),
            Action::Check(set, on) => set(self, on),
            Action::Spin(set, number) => set(self, number),
            Action::Choice(set, index) => set(self, index),
            Action::Text(set, text) => set(self, text),
            Action::Parameter(name, value) => self.set_search_parameter(name, value),
        };
        setting.warning.into_iter().chain(note).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::skill::Skill;
    use crate::session::book::BookSource;

    /// Sets an option on `session`, returning the notes, or the error as the one note.
    fn set_option(session: &mut Session, name: &str, value: Option<&str>) -> Vec<String> {
        match read(name, value) {
            Ok(setting) => session.apply(setting),
            Err(error) => vec![error.to_string()],
        }
    }

    fn set(session: &mut Session, name: &str, value: &str) -> Vec<String> {
        set_option(session, name, Some(value))
    }

    #[test]
    fn names_ignore_case_and_values_are_clamped() {
        let mut session = Session::new();
        assert!(set(&mut session, "hash", "1").is_empty());
        let notes = set(&mut session, "THREADS", "100000");
        assert!(notes[0].contains("outside 1..256, using 256"), "{notes:?}");
        let notes = set(&mut session, "Move Overhead", "-5");
        assert!(notes[0].contains("using 0"), "{notes:?}");
        let notes = set(&mut session, "skill level", "-30");
        assert_eq!(notes.len(), 1);
        assert_eq!(session.settings().play_level.skill_level, -20);
        assert!(set(&mut session, "UCI_Elo", "1500").is_empty());
        assert_eq!(session.settings().play_level.elo, 1500);
    }

    #[test]
    fn search_parameters_are_set_by_name_without_being_listed() {
        let mut session = Session::new();
        assert!(set(&mut session, "LMR_Base_Centi", "90").is_empty());
        let params = session.engine().parameters().clone();
        assert_eq!(params.get("lmr_base_centi"), Some(90));
        let notes = set(&mut session, "lmr_base_centi", "100000");
        assert!(notes[0].contains("within 0..=300"), "{notes:?}");
        let notes = set(&mut session, "lmr_base_centi", "many");
        assert!(notes[0].contains("whole number"), "{notes:?}");
        assert_eq!(
            session.engine().parameters().get("lmr_base_centi"),
            Some(90)
        );
        assert!(set(&mut session, "no_such_thing", "1")[0].contains("No such option"));
        assert!(find("lmr_base_centi").is_none());
    }

    #[test]
    fn buttons_accept_a_value_and_bad_values_are_errors() {
        let mut session = Session::new();
        assert!(set(&mut session, "clear hash", "true").is_empty());
        assert!(set_option(&mut session, "Clear Hash", None).is_empty());
        assert!(set(&mut session, "Hash", "lots")[0].contains("not a number"));
        assert!(set_option(&mut session, "Hash", None)[0].contains("needs a value"));
        assert!(set(&mut session, "Ponder", "maybe")[0].contains("'true' or 'false'"));
        let notes = set(&mut session, "UCI_Variant", "atomic");
        assert_eq!(
            notes[0],
            "option 'UCI_Variant': unknown value 'atomic' (known: chess, empire, orda)"
        );
        assert_eq!(session.variant(), DEFAULT_VARIANT);
        assert!(set(&mut session, "Colour", "red")[0].contains("No such option"));
        assert!(set(&mut session, "ownbook", "FALSE").is_empty());
        assert!(!session.settings().own_book);
        let notes = set(&mut session, "BookFile", "/no/such/book.bin");
        assert!(notes[0].contains("rejected"), "{notes:?}");
        assert!(matches!(session.book, BookSource::Rejected));
        assert!(set(&mut session, "BookFile", "<built-in>").is_empty());
        assert!(matches!(session.book, BookSource::BuiltIn));
        assert!(set(&mut session, "uci_variant", "Empire").is_empty());
        assert_eq!(session.variant(), Variant::Empire);
        assert_eq!(session.position().variant(), Variant::Empire);
    }

    #[test]
    fn fairy_stockfish_client_options_are_read() {
        let mut session = Session::new();
        let notes = set(&mut session, "VariantPath", "/no/such/variants.ini");
        assert!(notes[0].contains("cannot read it"), "{notes:?}");
        assert!(set(&mut session, "VariantPath", "<empty>").is_empty());
        assert!(set(&mut session, "UCI_AnalyseMode", "true").is_empty());
        assert!(session.settings().analyse_mode);
        assert!(set(&mut session, "UCI_Chess960", "false").is_empty());
        let refused = set(&mut session, "UCI_Chess960", "true");
        assert!(refused[0].contains("stays false"), "{refused:?}");
        assert!(set(&mut session, "UCI_LimitStrength", "true").is_empty());
        assert!(session.settings().play_level.limit_strength);
        assert!(set(&mut session, "UCI_ShowWDL", "true").is_empty());
        assert!(session.settings().show_wdl);
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

    /// The session a GUI meets holds every option's default: setting each to its default
    /// changes nothing the session keeps.
    #[test]
    fn a_new_session_holds_the_defaults() {
        let state = |s: &Session| {
            let built_in_book = matches!(s.book, BookSource::BuiltIn);
            (s.variant(), s.settings().clone(), built_in_book)
        };
        let mut session = Session::new();
        let fresh = state(&session);
        for option in OPTIONS {
            let default = match &option.kind {
                Kind::Button { .. } => continue,
                Kind::Check { default, .. } => default.to_string(),
                Kind::Spin { default, .. } => default.to_string(),
                Kind::Combo { default, .. } | Kind::Text { default, .. } => default.to_string(),
            };
            assert!(
                set(&mut session, option.name, &default).is_empty(),
                "{}",
                option.name
            );
            assert_eq!(state(&session), fresh, "{}", option.name);
        }
    }

    #[test]
    fn every_option_is_declared_once() {
        let mut names: Vec<String> = OPTIONS.iter().map(|o| o.name.to_lowercase()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), OPTIONS.len(), "a name declared twice");
    }
}
