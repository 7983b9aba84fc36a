//! What the tools' command lines (clap's derive API) share: the flags that set up a position
//! (`--variant`, `--fen`, `--moves`), the parser of a variant's name, and the parsers of a count
//! that must be at least 1 (and at most a limit).

use anyhow::{anyhow, Context, Result};
use clap::builder::{PossibleValuesParser, RangedU64ValueParser, TypedValueParser};
use kaiser_engine::notation::parse_san;
use kaiser_engine::{Position, Variant};
use std::fmt::Display;
use std::str::FromStr;

/// Parses a variant's name (`empire`, `orda`, `chess`, any case), listing the names in help and
/// errors.
pub fn variant() -> impl TypedValueParser<Value = Variant> {
    PossibleValuesParser::new(Variant::ALL.map(Variant::name)).try_map(|name| name.parse())
}

/// Parses a count from 1 to `max`.
pub fn count_up_to(max: usize) -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(1..=max as u64)
}

/// Parses a whole number of at least 1.
pub fn positive<T>(text: &str) -> Result<T, String>
where
    T: FromStr + PartialOrd + From<u8>,
    T::Err: Display,
{
    let n: T = text.parse().map_err(|e: T::Err| e.to_string())?;
    if n < T::from(1) {
        return Err("must be at least 1".to_string());
    }
    Ok(n)
}

/// The flags that set up a position: `--variant V`, `--fen FEN` and `--moves M...` (moves in
/// UCI or SAN, played from the FEN or the variant's start).
#[derive(Clone, Debug, clap::Args)]
pub struct PositionArgs {
    /// The variant
    #[arg(long, value_name = "V", default_value_t = Variant::Empire, value_parser = variant(),
          ignore_case = true)]
    pub variant: Variant,
    /// The position (quote it); default: the variant's start position
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played from there, in UCI (e1f2) or SAN (Kf2), up to the next --flag
    #[arg(long, value_name = "M", num_args = 1..)]
    pub moves: Vec<String>,
}

impl PositionArgs {
    /// The position the flags describe.
    pub fn position(&self) -> Result<Position> {
        let mut pos = match &self.fen {
            Some(fen) => Position::from_fen(fen, self.variant)
                .with_context(|| format!("bad --fen '{fen}' for {}", self.variant))?,
            None => Position::startpos(self.variant),
        };
        // `--moves "e2e4 e7e5"` works as well as `--moves e2e4 e7e5`.
        for text in self.moves.iter().flat_map(|m| m.split_whitespace()) {
            let m = match pos.parse_uci_move(text) {
                Some(m) => m,
                None => parse_san(&pos, text).map_err(|e| {
                    anyhow!(
                        "--moves: '{text}' is not a legal move in {}: {e}",
                        pos.fen()
                    )
                })?,
            };
            pos.make_move(m);
        }
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positive_counts_start_at_one() {
        assert_eq!(positive::<u32>("3"), Ok(3));
        assert_eq!(positive::<u64>("0"), Err("must be at least 1".to_string()));
        assert!(positive::<usize>("-1").is_err());
        assert!(positive::<u32>("x").is_err());
    }
}
