//! Kaiser's tools, built on the engine's public API (`kaiser_engine`) and never imported by it:
//! the test-openings generator, the opening-book builder, command-line analysis, the match runner
//! and the statistics of its results, the evaluation tuner, the SPSA tuner of the search
//! parameters (`spsa`), the training-data generator and its store, the network trainer, with
//! the command line of each (`*_cli`, `matches::cli`: clap's derive API; the `kaiser` binary
//! gathers them as subcommands), what those command lines share (`cli`) and their progress
//! display on standard error (`progress`).

pub mod analyse;
pub mod analyse_cli;
pub mod book_build;
pub mod book_cli;
pub mod cli;
pub mod data;
pub mod data_cli;
pub mod datagen;
pub mod datagen_cli;
pub mod file_out;
pub mod matches;
pub mod nnue;
pub mod nnue_cli;
pub mod openings;
pub mod openings_cli;
pub mod pgn_import;
pub mod progress;
pub mod sprt_cli;
pub mod spsa;
pub mod spsa_cli;
pub mod stats;
pub mod tune;
pub mod tune_cli;
pub mod weights_file;
