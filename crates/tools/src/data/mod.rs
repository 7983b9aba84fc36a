//! Training data for the evaluation: the compact file format of games with a search score a
//! ply (`format`), reading it back as positions (`reader`), the data directory and resumable
//! run files (`store`), and the statistics of `kaiser data info` (`summary`).

pub mod format;
pub mod reader;
pub mod store;
pub mod summary;

pub use format::{
    DataError, Ending, GameRecord, GameResult, Header, PlyScore, RandomPlies, Source,
};
pub use reader::{is_training_position, DataReader, TrainingPosition};
