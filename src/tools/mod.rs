//! Tools built on the engine's library: perft, bench, the test-openings generator, the opening
//! book builder, command-line analysis, the match runner and the statistics of its results, the
//! tuner and its data generator, with the command lines of the larger ones.

pub mod analyse;
pub mod analyse_cli;
pub mod args;
pub mod bench;
pub mod book_build;
pub mod book_cli;
pub mod data;
pub mod data_cli;
pub mod datagen;
pub mod datagen_cli;
pub mod matches;
pub mod openings;
pub mod perft;
pub mod pgn_import;
pub mod sprt_cli;
pub mod tune;
pub mod tune_cli;
pub mod weights_file;
