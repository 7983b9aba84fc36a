//! The UCI options Kaiser offers, how `uci` lists them and how `setoption` reads them.
//! Names are matched ignoring case; numbers out of range are clamped, with a warning.

use crate::search;
use crate::variant::Variant;
use vampirc_uci::{Serializable, UciOptionConfig};

/// A numeric (`spin`) option: name, default, minimum, maximum.
struct Spin {
    name: &'static str,
    default: i64,
    min: i64,
    max: i64,
}

const HASH: Spin = Spin {
    name: "Hash",
    default: search::DEFAULT_HASH_MB as i64,
    min: 1,
    max: search::MAX_HASH_MB as i64,
};
const THREADS: Spin = Spin {
    name: "Threads",
    default: 1,
    min: 1,
    max: search::MAX_THREADS as i64,
};
const MULTI_PV: Spin = Spin {
    name: "MultiPV",
    default: 1,
    min: 1,
    max: search::MAX_MULTIPV as i64,
};
const MOVE_OVERHEAD: Spin = Spin {
    name: "Move Overhead",
    default: search::DEFAULT_MOVE_OVERHEAD_MS as i64,
    min: 0,
    max: 5000,
};
const SPINS: [Spin; 4] = [HASH, THREADS, MULTI_PV, MOVE_OVERHEAD];

/// The variant GUIs get when they send no `UCI_Variant` (as Fairy-Stockfish: standard chess).
pub const DEFAULT_VARIANT: Variant = Variant::Chess;

/// A `check` option: its name and the change it makes.
type CheckOption = (&'static str, fn(bool) -> OptionChange);

/// The `BookFile` value that names the book built into the binary.
pub const BUILT_IN_BOOK: &str = "<built-in>";

/// A change requested by `setoption`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionChange {
    HashMb(usize),
    Threads(usize),
    ClearHash,
    Ponder(bool),
    MultiPv(usize),
    MoveOverheadMs(u64),
    Variant(Variant),
    ShowWdl(bool),
    OwnBook(bool),
    /// A book file's path; `None` for the built-in book.
    BookFile(Option<String>),
}

/// The `option ...` lines answered to `uci`.
pub fn option_lines() -> Vec<String> {
    let spin = |s: &Spin| UciOptionConfig::Spin {
        name: s.name.to_string(),
        default: Some(s.default),
        min: Some(s.min),
        max: Some(s.max),
    };
    let mut variants: Vec<String> = Variant::ALL.iter().map(|v| v.name().to_string()).collect();
    variants.sort();
    let options = [
        spin(&HASH),
        spin(&THREADS),
        UciOptionConfig::Button {
            name: "Clear Hash".into(),
        },
        UciOptionConfig::Check {
            name: "Ponder".into(),
            default: Some(false),
        },
        spin(&MULTI_PV),
        spin(&MOVE_OVERHEAD),
        UciOptionConfig::Combo {
            name: "UCI_Variant".into(),
            default: Some(DEFAULT_VARIANT.name().into()),
            var: variants,
        },
        UciOptionConfig::Check {
            name: "UCI_ShowWDL".into(),
            default: Some(false),
        },
        UciOptionConfig::Check {
            name: "OwnBook".into(),
            default: Some(true),
        },
        UciOptionConfig::String {
            name: "BookFile".into(),
            default: Some(BUILT_IN_BOOK.into()),
        },
    ];
    // `serialize` writes the whole line, `option name ...` included.
    options.iter().map(|o| o.serialize()).collect()
}

/// Reads `setoption name <name> [value <value>]`. Returns the change and, when the value had to
/// be adjusted, a warning; or an error naming what is wrong.
pub fn parse_setoption(
    name: &str,
    value: Option<&str>,
) -> Result<(OptionChange, Option<String>), String> {
    let name = name.trim();
    let is = |option: &str| name.eq_ignore_ascii_case(option);
    if is("Clear Hash") {
        return Ok((OptionChange::ClearHash, None));
    }
    let value = value.map(str::trim).filter(|v| !v.is_empty());
    if let Some(spin) = SPINS.iter().find(|s| is(s.name)) {
        let value = value.ok_or_else(|| format!("option '{}' needs a value", spin.name))?;
        let (number, warning) = read_spin(spin, value)?;
        let change = match spin.name {
            "Hash" => OptionChange::HashMb(number as usize),
            "Threads" => OptionChange::Threads(number as usize),
            "MultiPV" => OptionChange::MultiPv(number as usize),
            _ => OptionChange::MoveOverheadMs(number as u64),
        };
        return Ok((change, warning));
    }
    let checks: [CheckOption; 3] = [
        ("Ponder", OptionChange::Ponder),
        ("UCI_ShowWDL", OptionChange::ShowWdl),
        ("OwnBook", OptionChange::OwnBook),
    ];
    if let Some((_, change)) = checks.iter().find(|(option, _)| is(option)) {
        let on = match value.map(str::to_ascii_lowercase).as_deref() {
            Some("true") => true,
            Some("false") => false,
            _ => return Err(format!("option '{name}' takes 'true' or 'false'")),
        };
        return Ok((change(on), None));
    }
    if is("BookFile") {
        let path = value.filter(|v| *v != BUILT_IN_BOOK && !v.eq_ignore_ascii_case("<empty>"));
        return Ok((OptionChange::BookFile(path.map(str::to_string)), None));
    }
    if is("UCI_Variant") {
        let value = value.ok_or("option 'UCI_Variant' needs a value")?;
        let variant = value.parse::<Variant>().map_err(|e| e.to_string())?;
        return Ok((OptionChange::Variant(variant), None));
    }
    Err(format!("No such option: {name}"))
}

/// Reads a spin value, clamping it into range (with a warning) when it is a number outside it.
fn read_spin(spin: &Spin, value: &str) -> Result<(i64, Option<String>), String> {
    let parsed: Result<i128, _> = value.parse();
    let number =
        parsed.map_err(|_| format!("option '{}': '{value}' is not a number", spin.name))?;
    let clamped = number.clamp(spin.min as i128, spin.max as i128) as i64;
    let warning = (clamped as i128 != number).then(|| {
        format!(
            "option '{}': {number} is outside {}..{}, using {clamped}",
            spin.name, spin.min, spin.max
        )
    });
    Ok((clamped, warning))
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
    fn uci_lists_every_option() {
        let lines = option_lines().join("\n");
        for name in [
            "Hash",
            "Threads",
            "Clear Hash",
            "Ponder",
            "MultiPV",
            "Move Overhead",
        ] {
            assert!(
                lines.contains(&format!("name {name} type")),
                "{name} missing:\n{lines}"
            );
        }
        assert!(
            lines.contains("name OwnBook type check default true"),
            "{lines}"
        );
        assert!(
            lines.contains("name BookFile type string default <built-in>"),
            "{lines}"
        );
        assert!(
            lines.contains("type combo default chess var chess var empire"),
            "{lines}"
        );
    }
}
