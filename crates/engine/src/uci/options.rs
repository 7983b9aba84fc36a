//! The UCI options Kaiser offers, each declared once in `OPTIONS`: its name, its type with
//! default and range (or choices), and how a value is applied to the session. `uci` lists the
//! table (`option_lines`), `setoption` reads a value through it and applies it (`set_option`).
//! Adding an option is one entry here, plus whatever session or engine state it sets. The names,
//! types and ranges are Fairy-Stockfish's wherever it has the option, so clients that drive it
//! drive Kaiser. Names and choices are matched ignoring case; numbers out of range are clamped,
//! with a warning.
//!
//! The table's shape (`UciOption`, `Kind`) is public to the crate, so another protocol can list
//! the same options.

use super::variant_path;
use super::{BookSource, Session};
use crate::book::Book;
use crate::eval::nnue::{self, NetError, Network};
use crate::search;
use crate::search::skill::{self, Skill};
use kaiser_rules::variant::Variant;
use std::path::Path;
use std::sync::Arc;
use vampirc_uci::{Serializable, UciOptionConfig};

/// The variant GUIs get when they send no `UCI_Variant` (as Fairy-Stockfish: standard chess).
pub const DEFAULT_VARIANT: Variant = Variant::Chess;

/// The `BookFile` value that names the book built into the binary.
pub const BUILT_IN_BOOK: &str = "<built-in>";

/// The `EvalFile` value that names the network built into the binary.
pub const BUILT_IN_NET: &str = "<built-in>";

/// Fairy-Stockfish's word for an unset string option.
const EMPTY: &str = "<empty>";

/// What applying a value has to tell the user, if anything (an `info string` in UCI).
pub(crate) type Note = Option<String>;

/// An option's type, default and range or choices, and how a value is applied.
pub(crate) enum Kind {
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
pub(crate) struct UciOption {
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

/// Every option, in the order `uci` lists them.
pub(crate) const OPTIONS: &[UciOption] = &[
    UciOption {
        name: "Hash",
        kind: Kind::Spin {
            default: search::DEFAULT_HASH_MB as i64,
            min: 1,
            max: search::MAX_HASH_MB as i64,
            set: |session, mb| {
                let mb = mb as usize;
                let used = session.idle_engine().set_hash_mb(mb);
                (used != mb)
                    .then(|| format!("could not allocate {mb} MiB of hash, using {used} MiB"))
            },
        },
    },
    UciOption {
        name: "Threads",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: search::MAX_THREADS as i64,
            set: |session, n| {
                session.idle_engine().set_threads(n as usize);
                None
            },
        },
    },
    UciOption {
        name: "Clear Hash",
        kind: Kind::Button {
            press: |session| {
                session.idle_engine().clear();
                None
            },
        },
    },
    UciOption {
        // `go ponder` works either way.
        name: "Ponder",
        kind: Kind::Check {
            default: false,
            set: |_, _| None,
        },
    },
    UciOption {
        name: "MultiPV",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: search::MAX_MULTIPV as i64,
            set: |session, n| {
                session.idle_engine().set_multipv(n as usize);
                None
            },
        },
    },
    UciOption {
        name: "Skill Level",
        kind: Kind::Spin {
            default: skill::MAX_LEVEL as i64,
            min: skill::MIN_LEVEL as i64,
            max: skill::MAX_LEVEL as i64,
            set: |session, level| {
                session.set_play_level(PlayLevel {
                    skill_level: level as i32,
                    ..session.play_level
                })
            },
        },
    },
    UciOption {
        name: "Move Overhead",
        kind: Kind::Spin {
            default: search::DEFAULT_MOVE_OVERHEAD_MS as i64,
            min: 0,
            max: 5000,
            set: |session, ms| {
                session.idle_engine().set_move_overhead_ms(ms as u64);
                None
            },
        },
    },
    UciOption {
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
    UciOption {
        name: "UCI_Variant",
        kind: Kind::Combo {
            default: DEFAULT_VARIANT.name(),
            choices: &VARIANT_NAMES,
            set: |session, index| session.set_variant(Variant::ALL[index]),
        },
    },
    UciOption {
        name: "UCI_AnalyseMode",
        kind: Kind::Check {
            default: false,
            set: |session, on| {
                session.analyse_mode = on;
                None
            },
        },
    },
    UciOption {
        name: "UCI_LimitStrength",
        kind: Kind::Check {
            default: false,
            set: |session, on| {
                session.set_play_level(PlayLevel {
                    limit_strength: on,
                    ..session.play_level
                })
            },
        },
    },
    UciOption {
        name: "UCI_Elo",
        kind: Kind::Spin {
            default: skill::DEFAULT_ELO as i64,
            min: skill::MIN_ELO as i64,
            max: skill::MAX_ELO as i64,
            set: |session, elo| {
                session.set_play_level(PlayLevel {
                    elo: elo as i32,
                    ..session.play_level
                })
            },
        },
    },
    UciOption {
        name: "UCI_ShowWDL",
        kind: Kind::Check {
            default: false,
            set: |session, on| {
                session.show_wdl = on;
                None
            },
        },
    },
    UciOption {
        name: "OwnBook",
        kind: Kind::Check {
            default: true,
            set: |session, on| {
                session.own_book = on;
                None
            },
        },
    },
    UciOption {
        name: "BookFile",
        kind: Kind::Text {
            default: BUILT_IN_BOOK,
            set: |session, path| session.set_book_file(path),
        },
    },
    UciOption {
        // Where the variant has no network the hand-written evaluation plays (`eval` says which).
        name: "Use NNUE",
        kind: Kind::Check {
            default: true,
            set: |session, on| {
                session.idle_engine().set_use_nnue(on);
                None
            },
        },
    },
    UciOption {
        name: "EvalFile",
        kind: Kind::Text {
            default: BUILT_IN_NET,
            set: |session, path| session.set_eval_file(path),
        },
    },
    UciOption {
        // Only reported on: the file never changes Kaiser's rules.
        name: "VariantPath",
        kind: Kind::Text {
            default: EMPTY,
            set: |_, path| path.map(|path| variant_path::report(Path::new(path))),
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
                Kind::Button { .. } => UciOptionConfig::Button { name },
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
                Kind::Combo {
                    default, choices, ..
                } => {
                    let mut var: Vec<String> = choices.iter().map(|c| c.to_string()).collect();
                    var.sort();
                    UciOptionConfig::Combo {
                        name,
                        default: Some(default.to_string()),
                        var,
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

/// Reads `setoption name <name> [value <value>]` and applies it to `session`. Returns what to
/// tell the user, in order: an error naming what is wrong (then nothing is applied), or a
/// warning when the value had to be adjusted and what applying it reports.
pub(crate) fn set_option(session: &mut Session, name: &str, value: Option<&str>) -> Vec<String> {
    let name = name.trim();
    let Some(option) = OPTIONS
        .iter()
        .find(|option| option.name.eq_ignore_ascii_case(name))
    else {
        return set_search_parameter(session, name, value);
    };
    let name = option.name;
    let value = value.map(str::trim).filter(|v| !v.is_empty());
    let mut notes = Vec::new();
    let note = match &option.kind {
        Kind::Button { press } => press(session),
        Kind::Check { set, .. } => match value.map(str::to_ascii_lowercase).as_deref() {
            Some("true") => set(session, true),
            Some("false") => set(session, false),
            _ => Some(format!("option '{name}' takes 'true' or 'false'")),
        },
        Kind::Spin { min, max, set, .. } => {
            let Some(value) = value else {
                return vec![format!("option '{name}' needs a value")];
            };
            let Ok(number) = value.parse::<i128>() else {
                return vec![format!("option '{name}': '{value}' is not a number")];
            };
            let clamped = number.clamp(*min as i128, *max as i128) as i64;
            if clamped as i128 != number {
                notes.push(format!(
                    "option '{name}': {number} is outside {min}..{max}, using {clamped}"
                ));
            }
            set(session, clamped)
        }
        Kind::Combo { choices, set, .. } => {
            let Some(value) = value else {
                return vec![format!("option '{name}' needs a value")];
            };
            match choices.iter().position(|c| c.eq_ignore_ascii_case(value)) {
                Some(index) => set(session, index),
                None => Some(format!(
                    "option '{name}': unknown value '{value}' (known: {})",
                    choices.join(", ")
                )),
            }
        }
        Kind::Text { default, set } => {
            let text = value.filter(|v| v != default && !v.eq_ignore_ascii_case(EMPTY));
            set(session, text)
        }
    };
    notes.extend(note);
    notes
}

/// A search parameter set by name (`search::Parameters::SPECS`), for tuners such as
/// `kaiser spsa`: these options are not listed by `uci`, so GUIs do not show forty spin boxes.
fn set_search_parameter(session: &mut Session, name: &str, value: Option<&str>) -> Vec<String> {
    let Some(spec) = search::Parameters::SPECS
        .iter()
        .find(|spec| spec.name.eq_ignore_ascii_case(name))
    else {
        return vec![format!("No such option: {name}")];
    };
    let Some(number) = value.and_then(|v| v.trim().parse::<i32>().ok()) else {
        let value = value.unwrap_or("");
        return vec![format!(
            "search parameter '{}' takes a whole number within {}..={}, not '{value}'",
            spec.name, spec.min, spec.max
        )];
    };
    match session.idle_engine().set_parameter(spec.name, number) {
        Ok(()) => Vec::new(),
        Err(error) => vec![format!("search parameter {error}")],
    }
}

impl Session {
    /// `UCI_Variant`: a new variant starts from its start position, and forgets the hash table
    /// and the histories learnt in the other one. Its network is the `EvalFile` one if that is
    /// written for it, else its built-in one.
    fn set_variant(&mut self, variant: Variant) -> Note {
        let changed = variant != self.variant;
        if changed {
            self.idle_engine().clear();
        }
        self.variant = variant;
        self.position = crate::Position::startpos(variant);
        match changed {
            true => self.network_for_new_variant(),
            false => None,
        }
    }

    /// Gives the variant just chosen the `EvalFile` network, read again now, or its built-in
    /// one when no file is set or the file is not a network for it.
    fn network_for_new_variant(&mut self) -> Note {
        let Some(path) = self.eval_file.clone() else {
            self.use_built_in_network();
            return None;
        };
        match Network::load(Path::new(&path), self.variant) {
            Ok(net) => self.use_file_network(&path, net),
            Err(error) => {
                self.use_built_in_network();
                Some(format!(
                    "EvalFile {path} not used: {error}; {} plays with its built-in network",
                    self.variant
                ))
            }
        }
    }

    /// The variant in play evaluates with its built-in network (or none, if it has none).
    fn use_built_in_network(&mut self) {
        let variant = self.variant;
        self.idle_engine()
            .set_network(variant, nnue::embedded(variant));
    }

    /// The variant in play evaluates with `net`, read from the file at `path`.
    fn use_file_network(&mut self, path: &str, net: Network) -> Note {
        let variant = self.variant;
        let shape = format!(
            "{} hidden neurons a side, {}, {} output buckets",
            net.hidden,
            net.inputs,
            net.output_buckets()
        );
        self.idle_engine().set_network(variant, Some(Arc::new(net)));
        Some(format!(
            "EvalFile {path}: network for {variant} loaded ({shape})"
        ))
    }

    /// `Skill Level`, `UCI_LimitStrength` or `UCI_Elo`: the engine plays the level they give.
    fn set_play_level(&mut self, level: PlayLevel) -> Note {
        self.play_level = level;
        self.idle_engine().set_skill(level.skill());
        None
    }

    /// `EvalFile`: the network for the variant in play, the built-in one (`None`) or one read
    /// from `path` now. A network written for another variant is kept for when `UCI_Variant`
    /// names it (clients may set `EvalFile` first); any other file that is not a whole,
    /// undamaged network is refused, and the evaluation stays as it was.
    fn set_eval_file(&mut self, path: Option<&str>) -> Note {
        let variant = self.variant;
        let Some(path) = path else {
            self.eval_file = None;
            self.use_built_in_network();
            return None;
        };
        match Network::load(Path::new(path), variant) {
            Ok(net) => {
                self.eval_file = Some(path.to_string());
                self.use_file_network(path, net)
            }
            Err(NetError::WrongVariant {
                found: Some(found), ..
            }) => {
                self.eval_file = Some(path.to_string());
                Some(format!(
                    "EvalFile {path}: a network for {found}, used once UCI_Variant is {found}; \
                     {variant} keeps its evaluation"
                ))
            }
            Err(error) => Some(format!(
                "EvalFile {path} refused: {error}; the evaluation stays as it was"
            )),
        }
    }

    /// `BookFile`: loads and checks the file now, so a bad one is reported at once.
    fn set_book_file(&mut self, path: Option<&str>) -> Note {
        let Some(path) = path else {
            self.book = BookSource::BuiltIn;
            return None;
        };
        let (book, note) = match Book::load(Path::new(path)) {
            Ok(book) => {
                let note = format!(
                    "BookFile {path}: {} book, {} positions, {} moves",
                    book.variant(),
                    book.positions(),
                    book.len()
                );
                (BookSource::File(book), note)
            }
            Err(error) => (
                BookSource::Rejected,
                format!("BookFile {path} rejected: {error}; no book moves until another is set"),
            ),
        };
        self.book = book;
        Some(note)
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

    /// Sets an option on `session`, returning the notes.
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
        assert_eq!(session.play_level.skill_level, -20);
        assert!(set(&mut session, "UCI_Elo", "1500").is_empty());
        assert_eq!(session.play_level.elo, 1500);
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
        let listed = option_lines().join("\n");
        assert!(!listed.contains("lmr_base_centi"));
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
        assert!(notes[0].contains("unknown value 'atomic'"), "{notes:?}");
        assert_eq!(session.variant, DEFAULT_VARIANT);
        assert!(set(&mut session, "Colour", "red")[0].contains("No such option"));
        assert!(set(&mut session, "ownbook", "FALSE").is_empty());
        assert!(!session.own_book);
        let notes = set(&mut session, "BookFile", "/no/such/book.bin");
        assert!(notes[0].contains("rejected"), "{notes:?}");
        assert!(matches!(session.book, BookSource::Rejected));
        assert!(set(&mut session, "BookFile", "<built-in>").is_empty());
        assert!(matches!(session.book, BookSource::BuiltIn));
        assert!(set(&mut session, "uci_variant", "Empire").is_empty());
        assert_eq!(session.variant, Variant::Empire);
        assert_eq!(session.position.variant(), Variant::Empire);
    }

    #[test]
    fn fairy_stockfish_client_options_are_read() {
        let mut session = Session::new();
        let notes = set(&mut session, "VariantPath", "/no/such/variants.ini");
        assert!(notes[0].contains("cannot read it"), "{notes:?}");
        assert!(set(&mut session, "VariantPath", "<empty>").is_empty());
        assert!(set(&mut session, "UCI_AnalyseMode", "true").is_empty());
        assert!(session.analyse_mode);
        assert!(set(&mut session, "UCI_Chess960", "false").is_empty());
        let refused = set(&mut session, "UCI_Chess960", "true");
        assert!(refused[0].contains("stays false"), "{refused:?}");
        assert!(set(&mut session, "UCI_LimitStrength", "true").is_empty());
        assert!(session.play_level.limit_strength);
        assert!(set(&mut session, "UCI_ShowWDL", "true").is_empty());
        assert!(session.show_wdl);
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
            (
                s.variant,
                s.show_wdl,
                s.own_book,
                s.analyse_mode,
                s.play_level,
                matches!(s.book, BookSource::BuiltIn),
            )
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
    fn uci_lists_every_option_once() {
        let mut names: Vec<String> = OPTIONS.iter().map(|o| o.name.to_lowercase()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), OPTIONS.len(), "a name declared twice");
        let text = option_lines().join("\n");
        for line in [
            "name Hash type spin default 16 min 1 max 65536",
            "name Clear Hash type button",
            "name Skill Level type spin default 20 min -20 max 20",
            "name UCI_Elo type spin default 1350 min 500 max 2850",
            "name UCI_Chess960 type check default false",
            "name UCI_AnalyseMode type check default false",
            "name UCI_LimitStrength type check default false",
            "name VariantPath type string default <empty>",
            "name OwnBook type check default true",
            "name BookFile type string default <built-in>",
            "name UCI_Variant type combo default chess var chess var empire var orda",
        ] {
            assert!(text.contains(line), "{line} missing: {text}");
        }
    }
}
