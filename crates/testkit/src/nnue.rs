//! Float networks with lively outputs, positions from random games and the settings of a small
//! training run, for the network tests (the tools' `tests/nnue.rs`, `tests/nnue_train.rs` and
//! `tests/nnue_stream.rs`, the binary's `tests/nnue.rs`).

use kaiser_engine::{Position, Variant};
use kaiser_tools::nnue::model::Model;
use kaiser_tools::nnue::train::Settings;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;

/// A random model of 128 neurons a side with eight output buckets whose outputs span a game's range of values (a few
/// pawns either way), with first-layer sums both inside and outside the activation's 0..1.
pub fn lively_model(variant: Variant, seed: u64) -> Model {
    lively_model_of(variant, 128, 8, seed)
}

/// `lively_model` with `hidden` neurons a side and `buckets` output buckets.
pub fn lively_model_of(variant: Variant, hidden: usize, buckets: usize, seed: u64) -> Model {
    let mut model =
        Model::random(variant, hidden, buckets, seed).expect("a width the engine reads");
    let layout = model.layout();
    let mut rng = StdRng::seed_from_u64(seed);
    for (i, p) in model.params.iter_mut().enumerate() {
        *p = match i {
            i if i < layout.feature_bias => rng.gen_range(-0.12..0.12),
            i if i < layout.output_weights => rng.gen_range(0.0..0.5),
            i if i < layout.output_bias => rng.gen_range(-0.5..0.5),
            _ => rng.gen_range(-0.2..0.2),
        };
    }
    model
}

/// Positions from random games of `variant`, `count` in all.
pub fn random_positions(variant: Variant, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut pos = Position::startpos(variant);
        while pos.outcome().is_none() && positions.len() < count {
            let moves = pos.legal_moves();
            let m = *moves.choose(&mut rng).expect("a legal move");
            pos.make_move(m);
            positions.push(pos.clone());
        }
    }
    positions
}

/// The settings of a small training run of `epochs` that writes its net to `out`: batches of
/// 64 at rate 0.01 on two threads, seed 4, the checkpoint saved after each epoch only. Tests
/// change what they exercise with struct update syntax (`Settings { save_every: 5, ..}`).
pub fn small_run(out: PathBuf, epochs: usize) -> Settings {
    Settings {
        epochs,
        batch: 64,
        rate: 0.01,
        score_share: 0.75,
        threads: 2,
        seed: 4,
        out,
        save_every: 0,
    }
}
