//! The NNUE trainer: reads Kaiser's training data (`dataset`), streamed from the store a
//! window at a time (`stream`), learns a float network of the engine's shape (`model`, its hot
//! loops vectorised by `simd`) with lazy Adam (`adam`) over shuffled mini-batches whose sparse
//! gradients (`gradient`) the run's worker threads compute (`pool`) (`train`), saves its state
//! as it goes (`checkpoint`) and writes the engine's quantised net.

pub mod adam;
pub mod checkpoint;
pub mod dataset;
pub mod gradient;
pub mod model;
pub mod pool;
pub mod simd;
pub mod stream;
pub mod train;
