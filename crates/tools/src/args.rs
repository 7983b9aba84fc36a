//! Helpers shared by the command-line tools: reading `--flag value` arguments, and the flags
//! that set up a position.

use anyhow::{anyhow, Context, Result};
use kaiser_engine::notation::parse_san;
use kaiser_engine::{Position, Variant};
use std::iter::Peekable;
use std::slice::Iter;
use std::str::FromStr;

/// Parses `text`, the value given to `flag`.
pub fn parse_value<T>(flag: &str, text: &str) -> Result<T>
where
    T: FromStr,
    T::Err: std::error::Error + Send + Sync + 'static,
{
    text.parse().with_context(|| format!("bad {flag} '{text}'"))
}

/// Parses the value that follows `flag`.
pub fn flag_value<T>(flag: &str, value: Option<&String>) -> Result<T>
where
    T: FromStr,
    T::Err: std::error::Error + Send + Sync + 'static,
{
    parse_value(
        flag,
        value.with_context(|| format!("{flag} needs a value"))?,
    )
}

/// The flags that set up a position: `--variant V`, `--fen FEN` and `--moves M...` (moves in
/// UCI or SAN, played from the FEN or the variant's start; they run to the next `--flag`).
#[derive(Clone, Debug, Default)]
pub struct PositionArgs {
    pub variant: Variant,
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

impl PositionArgs {
    pub fn new(variant: Variant) -> PositionArgs {
        PositionArgs {
            variant,
            ..PositionArgs::default()
        }
    }

    /// Reads `arg` and its values if it is one of the position flags; false if it is not.
    pub fn read(&mut self, arg: &str, rest: &mut Peekable<Iter<'_, String>>) -> Result<bool> {
        match arg {
            "--variant" => self.variant = flag_value(arg, rest.next())?,
            "--fen" => self.fen = Some(flag_value(arg, rest.next())?),
            "--moves" => {
                while let Some(m) = rest.next_if(|a| !a.starts_with("--")) {
                    // Accept `--moves "e2e4 e7e5"` as well as `--moves e2e4 e7e5`.
                    self.moves.extend(m.split_whitespace().map(str::to_string));
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The position the flags describe.
    pub fn position(&self) -> Result<Position> {
        let mut pos = match &self.fen {
            Some(fen) => Position::from_fen(fen, self.variant)
                .with_context(|| format!("bad --fen '{fen}' for {}", self.variant))?,
            None => Position::startpos(self.variant),
        };
        for text in &self.moves {
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
