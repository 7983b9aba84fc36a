//! Tools built on the engine's library: perft, bench, the test-openings generator and the match
//! runner (and, later, book).

pub mod bench;
pub mod matches;
pub mod openings;
pub mod perft;
