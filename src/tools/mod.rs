//! Tools built on the engine's library: perft, bench, the test-openings generator, the match
//! runner and the tuner's data generator (and, later, book).

pub mod bench;
pub mod datagen;
pub mod matches;
pub mod openings;
pub mod perft;
