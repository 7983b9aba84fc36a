//! Kaiser: a UCI engine for Empire Chess, Orda Chess and standard chess.
//!
//! The rules core (`types`, `attacks`, `variant`, `position`) knows nothing of search or of the
//! UCI protocol; `eval` and `search` build the engine on it, `uci` speaks the protocol, and tools
//! such as `perft` and `bench` use the same public API. `notation` writes and reads moves in SAN
//! and games in PGN. `book` reads and probes Kaiser's opening books.

pub mod attacks;
pub mod book;
pub mod eval;
pub mod notation;
pub mod position;
pub mod search;
pub mod stats;
pub mod tools;
pub mod types;
pub mod uci;
pub mod variant;

pub use position::{FenError, GenType, MoveList, Outcome, Position};
pub use types::{Bitboard, Color, Move, MoveKind, Piece, PieceType, Square};
pub use variant::Variant;
