//! Helpers for the integration tests of more than one crate: `suites` reads the perft suites
//! (Fairy-Stockfish's counts, in the workspace's `tests/data/`) for the rules and engine tests;
//! `nnue` (feature `nnue`) makes float networks and random positions for the network tests of
//! the tools and of the binary.

#[cfg(feature = "nnue")]
pub mod nnue;
pub mod suites;
