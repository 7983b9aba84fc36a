//! The NNUE trainer: reads Kaiser's training data (`dataset`), learns a float network of the
//! engine's shape (`model`) with Adam over shuffled mini-batches on several threads (`train`),
//! saves its state after every epoch (`checkpoint`) and writes the engine's quantised net.

pub mod checkpoint;
pub mod dataset;
pub mod model;
pub mod train;
