//! Tools built on the engine's library: perft and, later, bench, match and book.

pub mod perft;
