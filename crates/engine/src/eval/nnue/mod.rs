//! Kaiser's learned evaluation (NNUE): a perspective network, (inputs -> hidden neurons) for each
//! side's view of the board (the width is the net file's: `LANE_BLOCK` to `MAX_HIDDEN`), both halves through a squared clipped ReLU into one output, trained
//! by `kaiser nnue train` on Kaiser's own games. The output layer may have buckets: one set of
//! output weights for each range of piece counts on the board (`output_bucket`). `features`
//! says what the inputs are, `network` holds the integer weights and reads and writes net
//! files, `accumulator` keeps the first layer's output up to date move by move (with
//! `refresh_cache` to rebuild a view when a king changes its bucket), and `simd`
//! holds the two hot loops for each instruction set.
//!
//! The numbers: first-layer weights and biases are scaled by `QA`, output weights by `QB`, so
//! the output is `(sum / QA + bias) * SCALE / (QA * QB)` internal units, the float network's
//! output times `SCALE`.

pub mod accumulator;
pub mod features;
pub mod network;
pub mod refresh_cache;
pub mod simd;

pub use accumulator::Accumulator;
pub use network::{NetError, Network};

use crate::Position;
use kaiser_rules::Variant;
use once_cell::sync::Lazy;
use std::sync::Arc;

/// The nets compiled into the binary (`variants::VariantData::network`), read once, by
/// `Variant as usize`: a bare `kaiser` plays at full strength. A variant without one is
/// evaluated by the hand-written terms.
static EMBEDDED: Lazy<[Option<Arc<Network>>; Variant::ALL.len()]> = Lazy::new(|| {
    Variant::ALL.map(|variant| {
        let bytes = crate::variants::data(variant).network?;
        let net = Network::from_bytes(bytes, variant).expect("the embedded nets are valid");
        Some(Arc::new(net))
    })
});

/// The net compiled into the binary for `variant`, if it has one.
pub fn embedded(variant: Variant) -> Option<Arc<Network>> {
    EMBEDDED[variant as usize].clone()
}

/// The most hidden neurons per side a net may have (a multiple of `simd::LANE_BLOCK`); the
/// accumulators hold this many, of which a net uses its own width.
pub const MAX_HIDDEN: usize = 1024;
/// The scale of first-layer weights and of the activation's ceiling.
pub const QA: i32 = 255;
/// The scale of output weights.
pub const QB: i32 = 64;
/// Internal units per unit of the float network's output.
pub const SCALE: i32 = 400;
/// The most output buckets a net may have.
pub const MAX_OUTPUT_BUCKETS: usize = 16;

/// The output bucket, of `buckets`, for a position with `pieces` pieces on the board: the piece
/// counts 1 to 32 in equal ranges (more than 32 share the last), as Stockfish's nets do with 8.
#[inline]
pub fn output_bucket(pieces: usize, buckets: usize) -> usize {
    (pieces.saturating_sub(1) * buckets / 32).min(buckets - 1)
}

impl Network {
    /// The value of `pos`, whose accumulator is `acc`, for its side to move, in internal units.
    #[inline]
    pub fn evaluate(&self, acc: &Accumulator, pos: &Position) -> i32 {
        let side_to_move = pos.side_to_move();
        let bucket = self.bucket_of(pos.occupied().count() as usize);
        let (ours, theirs) = (
            self.output_weights.row(2 * bucket),
            self.output_weights.row(2 * bucket + 1),
        );
        let ceiling = QA as i16;
        let simd = self.simd;
        let us = simd.screlu_dot(acc.view(side_to_move, self.hidden), ours, ceiling);
        let them = simd.screlu_dot(acc.view(!side_to_move, self.hidden), theirs, ceiling);
        let sum = i64::from(us) + i64::from(them);
        let value = (sum / i64::from(QA) + i64::from(self.output_bias[bucket])) * i64::from(SCALE)
            / i64::from(QA * QB);
        value as i32
    }

    /// The value of `pos` for its side to move, its accumulator built from scratch.
    pub fn evaluate_position(&self, pos: &Position) -> i32 {
        self.evaluate(&Accumulator::refresh(self, pos), pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_buckets_split_the_piece_counts_evenly() {
        assert_eq!(output_bucket(32, 1), 0);
        assert_eq!(output_bucket(2, 1), 0);
        let eight: Vec<usize> = (1..=32).map(|pieces| output_bucket(pieces, 8)).collect();
        for bucket in 0..8 {
            assert_eq!(
                eight.iter().filter(|&&b| b == bucket).count(),
                4,
                "bucket {bucket}"
            );
        }
        assert!(eight.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(output_bucket(40, 8), 7);
        assert_eq!(output_bucket(0, 8), 0);
    }
}
