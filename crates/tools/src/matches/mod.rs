//! `kaiser match`: engine-vs-engine matches with Kaiser as the arbiter, for the variants no
//! other match runner plays.
//!
//! - `process`: an engine process, its output read line by line with deadlines;
//! - `engine`: the UCI client (handshake, options, `go`, timeouts, crashes);
//! - `info`: scores and depths from `info` lines, the move from `bestmove`;
//! - `time_control`: time controls and the runner's clocks;
//! - `adjudication`: resign, draw and move-limit adjudication;
//! - `game`: one game, every move checked against Kaiser's rules;
//! - `openings`: the EPD/FEN openings file;
//! - `tally`: W/D/L, pentanomial pairs and endings;
//! - `runner`: the match (workers, pairs, SPRT stop, PGN);
//! - `pgn_out`: a played game as PGN;
//! - `progress`: the live status line and the final summary;
//! - `cli`: the cutechess-cli style command line.

pub mod adjudication;
pub mod cli;
pub mod engine;
pub mod game;
pub mod info;
pub mod openings;
pub mod pgn_out;
pub mod process;
pub mod progress;
pub mod runner;
pub mod tally;
pub mod time_control;
