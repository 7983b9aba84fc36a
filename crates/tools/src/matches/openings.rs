//! Opening positions for a match, read from an EPD or FEN file: one position a line, either a
//! full six-field FEN or an EPD line (four fields and operations such as `hmvc 0; fmvn 1;
//! c0 "name";`). Blank lines and lines starting with `#` are skipped. Every position is checked
//! against the variant's rules when it is read.

use anyhow::{bail, ensure, Context, Result};
use kaiser_engine::{user_file, Position, Variant};
use once_cell::sync::Lazy;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::collections::HashSet;
use std::path::Path;

/// In which order the openings are played.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Order {
    /// As in the file.
    #[default]
    Sequential,
    /// Shuffled with the match's seed.
    Random,
}

/// The full FEN of one line, `None` for a blank or comment line.
pub fn parse_line(line: &str, variant: Variant) -> Result<Option<String>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut tokens = line.splitn(5, char::is_whitespace);
    let fields: Vec<&str> = tokens.by_ref().take(4).collect();
    ensure!(fields.len() == 4, "expected a FEN or EPD position");
    let rest = tokens.next().unwrap_or("").trim();
    let mut rest_tokens = rest.split_whitespace();
    let counters = (
        rest_tokens.next().and_then(|t| t.parse::<u32>().ok()),
        rest_tokens.next().and_then(|t| t.parse::<u32>().ok()),
    );
    let (halfmove, fullmove) = match counters {
        (Some(halfmove), Some(fullmove)) => (halfmove, fullmove),
        _ => {
            let operation = |name: &str| -> Result<Option<u32>> {
                epd_operations(rest)
                    .find(|(opcode, _)| *opcode == name)
                    .map(|(_, operand)| {
                        operand
                            .parse()
                            .ok()
                            .with_context(|| format!("bad {name} operand '{operand}'"))
                    })
                    .transpose()
            };
            (
                operation("hmvc")?.unwrap_or(0),
                operation("fmvn")?.unwrap_or(1),
            )
        }
    };
    let fen = format!("{} {halfmove} {fullmove}", fields.join(" "));
    let pos = Position::from_fen(&fen, variant).map_err(|e| anyhow::anyhow!("{e}"))?;
    ensure!(
        pos.outcome().is_none(),
        "the game is already over in this position"
    );
    Ok(Some(pos.fen()))
}

/// The `opcode operand` pairs of EPD operations, each ended by `;` (a `;` inside a quoted
/// operand does not end it).
fn epd_operations(text: &str) -> impl Iterator<Item = (&str, &str)> {
    let mut in_quotes = false;
    text.split(move |c| {
        if c == '"' {
            in_quotes = !in_quotes;
        }
        c == ';' && !in_quotes
    })
    .filter_map(|operation| {
        let operation = operation.trim();
        let (opcode, operand) = operation.split_once(char::is_whitespace)?;
        Some((opcode, operand.trim()))
    })
}

/// Reads every position of an openings file.
pub fn read_file(path: &Path, variant: Variant) -> Result<Vec<String>> {
    let text = user_file::read_text(path, user_file::COLLECTION_LIMIT)
        .with_context(|| format!("cannot read openings file {}", path.display()))?;
    parse_text(&text, variant, &path.display().to_string())
}

/// The test openings built into the binary: `book/<variant>-openings.epd`, which SPRTs and
/// gauges play.
pub fn built_in(variant: Variant) -> Vec<String> {
    test_set(variant, 0)
}

/// The second set of test openings, `book/<variant>-openings-2.epd`: made apart from the first
/// (another seed, line length and window), so that a gauge played on both shows whether a
/// figure holds beyond one set of openings.
pub fn built_in_second(variant: Variant) -> Vec<String> {
    test_set(variant, 1)
}

/// Test set `set` (0 or 1) of `variant`, read from the text built into the binary.
fn test_set(variant: Variant, set: usize) -> Vec<String> {
    let texts = match variant {
        Variant::Chess => [
            include_str!("../../../../book/chess-openings.epd"),
            include_str!("../../../../book/chess-openings-2.epd"),
        ],
        Variant::Empire => [
            include_str!("../../../../book/empire-openings.epd"),
            include_str!("../../../../book/empire-openings-2.epd"),
        ],
        Variant::Orda => [
            include_str!("../../../../book/orda-openings.epd"),
            include_str!("../../../../book/orda-openings-2.epd"),
        ],
    };
    let source = format!("built-in openings, set {}", set + 1);
    parse_text(texts[set], variant, &source).expect("the built-in openings are valid")
}

/// The keys of every test opening of `variant`, both sets: positions no training game may
/// start in or pass through on its way to its start. Read once, at the first call.
pub fn test_keys(variant: Variant) -> &'static HashSet<u64> {
    static KEYS: Lazy<[HashSet<u64>; Variant::ALL.len()]> = Lazy::new(|| {
        Variant::ALL.map(|variant| {
            built_in(variant)
                .iter()
                .chain(&built_in_second(variant))
                .map(|fen| {
                    Position::from_fen(fen, variant)
                        .expect("the built-in openings are valid")
                        .key()
                })
                .collect()
        })
    });
    &KEYS[variant as usize]
}

/// Every position of the openings in `text`, read from `source` (named in errors).
fn parse_text(text: &str, variant: Variant, source: &str) -> Result<Vec<String>> {
    let mut fens = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let fen = parse_line(line, variant)
            .with_context(|| format!("{source} line {}: '{}'", number + 1, line.trim()))?;
        fens.extend(fen);
    }
    if fens.is_empty() {
        bail!("openings file {source} has no positions");
    }
    Ok(fens)
}

/// Puts the openings in playing order: shuffled with `seed` for `Order::Random`, then starting
/// at the `start`-th (1-based, wrapping around).
pub fn arrange(mut fens: Vec<String>, order: Order, seed: u64, start: usize) -> Vec<String> {
    if order == Order::Random {
        fens.shuffle(&mut StdRng::seed_from_u64(seed));
    }
    if !fens.is_empty() {
        let len = fens.len();
        fens.rotate_left(start.saturating_sub(1) % len);
    }
    fens
}

#[cfg(test)]
mod tests {
    use super::*;

    const AFTER_E1F2: &str = "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/5K2/TECD1CET b kq - 1 1";

    #[test]
    fn reads_fen_and_epd_lines() {
        let read = |line| parse_line(line, Variant::Empire).unwrap();
        assert_eq!(read(AFTER_E1F2).as_deref(), Some(AFTER_E1F2));
        let epd =
            "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/5K2/TECD1CET b kq - hmvc 1; fmvn 1; c0 \"a;b\";";
        assert_eq!(read(epd).as_deref(), Some(AFTER_E1F2));
        let bare = "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/5K2/TECD1CET b kq -";
        assert_eq!(
            read(bare).as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/5K2/TECD1CET b kq - 0 1")
        );
        assert_eq!(read("  "), None);
        assert_eq!(read("# a comment"), None);
    }

    #[test]
    fn the_built_in_openings_load() {
        for variant in Variant::ALL {
            assert_eq!(built_in(variant).len(), 250, "{variant}");
            assert_eq!(built_in_second(variant).len(), 250, "{variant}");
            assert_eq!(
                test_keys(variant).len(),
                500,
                "{variant}: the two sets are apart"
            );
        }
    }

    #[test]
    fn rejects_bad_lines() {
        for line in [
            "rnbqkbnr/pppppppp w",
            "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCEX w kq -",
            "3K4/8/8/8/8/7k/8/8 b - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/5K2/TECD1CET b kq - hmvc x;",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ] {
            assert!(parse_line(line, Variant::Empire).is_err(), "{line}");
        }
    }

    #[test]
    fn arranges_in_order_or_shuffled() {
        let fens: Vec<String> = (0..10).map(|i| i.to_string()).collect();
        assert_eq!(arrange(fens.clone(), Order::Sequential, 1, 3)[0], "2");
        let shuffled = arrange(fens.clone(), Order::Random, 7, 1);
        assert_eq!(shuffled, arrange(fens.clone(), Order::Random, 7, 1));
        assert_ne!(shuffled, fens);
        let mut sorted = shuffled;
        sorted.sort();
        assert_eq!(sorted, fens);
    }
}
