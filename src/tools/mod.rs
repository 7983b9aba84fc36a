//! Tools built on the engine's library: perft and bench (and, later, match and book).

pub mod bench;
pub mod perft;
