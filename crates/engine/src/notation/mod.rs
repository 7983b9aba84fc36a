//! Move and game notation: SAN (Standard Algebraic Notation) as Fairy-Stockfish and pychess write
//! it, and PGN for finished games, so that games played by Kaiser can be stored, read back and
//! replayed by other tools.
//!
//! `san` writes and reads single moves; `pgn` writes and reads whole games on top of it. Both
//! work for every variant Kaiser plays, with Fairy-Stockfish's piece letters (Empire: Eagle `E`,
//! Cardinal `C`, Tower `T`, Duke `D`, Soldier `S`).

pub mod pgn;
pub mod san;

pub use pgn::{parse_pgn, PgnError, PgnErrorKind, PgnGame, PgnMove, PgnResult};
pub use san::{parse_san, to_san, SanError};
