//! Kaiser's engine, built on the rules core (`kaiser_rules`): the evaluation (`eval`), the search
//! (`search`), the session (`session`: the one protocol-neutral owner of the game, the options,
//! the book, the networks and the running search), the protocols on top of it (`uci` and XBoard's
//! CECP, `xboard`: the only places that read commands and print protocol lines), the entry point
//! that starts the one the GUI's first command asks for (`protocol`), their lines in and out
//! (`console`), the opening books (`book`), reading the files a user names (`user_file`), moves in
//! SAN and games in PGN (`notation`), `bench`, the engine's clock (`clock`), and what the engine
//! keeps for each variant (`variants`: weights, built-in book, bench positions). It never imports
//! the tools.

pub mod bench;
pub mod book;
pub mod clock;
pub mod console;
pub mod eval;
pub mod notation;
pub mod protocol;
pub mod search;
pub mod session;
pub mod uci;
pub mod user_file;
pub mod variants;
mod xboard;

pub use kaiser_rules::{Bitboard, CastlingRights, Color, FenError, GenType, Move, MoveKind};
pub use kaiser_rules::{MoveList, Outcome};
pub use kaiser_rules::{Piece, PieceType, Square, Variant};

/// A position as the engine plays it: the rules core's position, keeping the evaluation's
/// material and piece-square sum up to date as pieces move.
pub type Position = kaiser_rules::Position<eval::Placement>;
