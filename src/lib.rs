//! Kaiser: a UCI engine for Empire Chess, Orda Chess and standard chess.
//!
//! The rules core (`types`, `attacks`, `variant`, `position`) knows nothing of search or of the
//! UCI protocol; tools such as `perft` are built on its public API.

pub mod attacks;
pub mod position;
pub mod tools;
pub mod types;
pub mod variant;

pub use position::{FenError, GenType, MoveList, Outcome, Position};
pub use types::{Bitboard, Color, Move, MoveKind, Piece, PieceType, Square};
pub use variant::Variant;
