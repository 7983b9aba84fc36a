//! Tools built on the engine's library: perft, bench and the test-openings generator (and,
//! later, match and book).

pub mod bench;
pub mod openings;
pub mod perft;
