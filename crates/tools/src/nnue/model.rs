//! The network in floating point, as the trainer learns it: the same shape as the engine's
//! (`kaiser_engine::eval::nnue`), its parameters in one flat vector (first-layer weights input
//! by input, first-layer biases, then for each output bucket its output weights for the side to
//! move's half then the other's, then the buckets' output biases), so the optimiser and the
//! gradient sums treat them alike. `quantise` turns it into the engine's integer network,
//! `from_network` back.

use super::dataset::{sigmoid, Dataset, Sample, WDL_SCALE};
use anyhow::{bail, Result};
use arrayvec::ArrayVec;
use kaiser_engine::eval::nnue::features::{input_count, MAX_ACTIVE};
use kaiser_engine::eval::nnue::{output_bucket, Network, HIDDEN, QA, QB, SCALE};
use kaiser_engine::Variant;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Weights are kept within this bound, so that output weights fit 8 bits after scaling by `QB`
/// and the engine's 16-bit products never overflow.
pub const WEIGHT_BOUND: f32 = 1.98;

/// A float network for one variant.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub variant: Variant,
    /// Output buckets (`kaiser_engine::eval::nnue::output_bucket`).
    pub buckets: usize,
    pub params: Vec<f32>,
}

/// Where each part of the network starts in `Model::params`.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub feature_bias: usize,
    pub output_weights: usize,
    pub output_bias: usize,
    pub len: usize,
}

impl Layout {
    pub fn of(variant: Variant, buckets: usize) -> Layout {
        let feature_bias = input_count(variant) * HIDDEN;
        let output_weights = feature_bias + HIDDEN;
        let output_bias = output_weights + buckets * 2 * HIDDEN;
        Layout {
            feature_bias,
            output_weights,
            output_bias,
            len: output_bias + buckets,
        }
    }

    /// Where output bucket `bucket`'s weights start.
    pub fn bucket_weights(&self, bucket: usize) -> usize {
        self.output_weights + bucket * 2 * HIDDEN
    }
}

/// A position's first layer, kept for the backward pass: each view's sums.
pub struct Forward {
    pub accumulators: [[f32; HIDDEN]; 2],
    /// The output bucket used (an input is set for each piece, so it follows the input count).
    pub bucket: usize,
    /// The output, in units of `SCALE` internal units.
    pub output: f32,
}

impl Model {
    /// A network with `buckets` output buckets, small random first-layer and output weights and
    /// zero biases.
    pub fn random(variant: Variant, buckets: usize, seed: u64) -> Model {
        let layout = Layout::of(variant, buckets);
        let mut rng = StdRng::seed_from_u64(seed);
        let mut params = vec![0.0; layout.len];
        for w in &mut params[..layout.feature_bias] {
            *w = rng.gen_range(-0.1..0.1);
        }
        let bound = 1.0 / (2.0 * HIDDEN as f32).sqrt();
        for w in &mut params[layout.output_weights..layout.output_bias] {
            *w = rng.gen_range(-bound..bound);
        }
        Model {
            variant,
            buckets,
            params,
        }
    }

    /// This network with `buckets` output buckets, each a copy of its one output layer: it
    /// evaluates every position as before, and training then lets the buckets learn apart. So
    /// a one-bucket network gains buckets without losing what it learnt. A network that has
    /// buckets already keeps them: asking it for another number is refused.
    pub fn with_buckets(self, buckets: usize) -> Result<Model> {
        if buckets == self.buckets {
            return Ok(self);
        }
        if self.buckets != 1 {
            bail!(
                "the network has {} output buckets, and only a one-bucket network can be given more",
                self.buckets
            );
        }
        let layout = self.layout();
        let output = &self.params[layout.output_weights..layout.output_bias];
        let bias = self.params[layout.output_bias];
        let mut params = Vec::with_capacity(Layout::of(self.variant, buckets).len);
        params.extend_from_slice(&self.params[..layout.output_weights]);
        for _ in 0..buckets {
            params.extend_from_slice(output);
        }
        params.extend(std::iter::repeat_n(bias, buckets));
        Ok(Model {
            buckets,
            params,
            ..self
        })
    }

    pub fn layout(&self) -> Layout {
        Layout::of(self.variant, self.buckets)
    }

    /// The first layer and the output for `sample`.
    pub fn forward(&self, data: &Dataset, sample: &Sample) -> Forward {
        self.forward_views(&data.views(sample))
    }

    /// The first layer and the output for a position whose inputs, in each side's view (the
    /// side to move's first), are `views`.
    fn forward_views(&self, views: &[ArrayVec<u16, MAX_ACTIVE>; 2]) -> Forward {
        let layout = self.layout();
        let bucket = output_bucket(views[0].len(), self.buckets);
        let bias = &self.params[layout.feature_bias..][..HIDDEN];
        let accumulators = views.each_ref().map(|inputs| {
            let mut acc: [f32; HIDDEN] = bias.try_into().expect("HIDDEN biases");
            for &input in inputs {
                let row = &self.params[usize::from(input) * HIDDEN..][..HIDDEN];
                for (a, w) in acc.iter_mut().zip(row) {
                    *a += w;
                }
            }
            acc
        });
        let output_weights = &self.params[layout.bucket_weights(bucket)..][..2 * HIDDEN];
        let mut output = self.params[layout.output_bias + bucket];
        for (acc, weights) in accumulators.iter().zip(output_weights.chunks_exact(HIDDEN)) {
            output += acc
                .iter()
                .zip(weights)
                .map(|(&a, &w)| screlu(a) * w)
                .sum::<f32>();
        }
        Forward {
            accumulators,
            bucket,
            output,
        }
    }

    /// The winning chance `sample`'s side to move has, as the network sees it.
    pub fn predict(&self, data: &Dataset, sample: &Sample) -> f32 {
        sigmoid(self.forward(data, sample).output * SCALE as f32 / WDL_SCALE)
    }

    /// The value of `sample` for its side to move, in internal units.
    pub fn evaluate(&self, data: &Dataset, sample: &Sample) -> f32 {
        self.forward(data, sample).output * SCALE as f32
    }

    /// Adds the gradient of `sample`'s loss to `grad` and returns the loss: the squared
    /// difference between the predicted winning chance and `target`.
    pub fn backward(&self, data: &Dataset, sample: &Sample, target: f32, grad: &mut [f32]) -> f32 {
        let layout = self.layout();
        let views = data.views(sample);
        let forward = self.forward_views(&views);
        let bucket = forward.bucket;
        let k = SCALE as f32 / WDL_SCALE;
        let predicted = sigmoid(forward.output * k);
        let error = predicted - target;
        let d_output = 2.0 * error * predicted * (1.0 - predicted) * k;
        grad[layout.output_bias + bucket] += d_output;
        for (half, (acc, inputs)) in forward.accumulators.iter().zip(&views).enumerate() {
            let out_at = layout.bucket_weights(bucket) + half * HIDDEN;
            let mut d_acc = [0.0f32; HIDDEN];
            for j in 0..HIDDEN {
                grad[out_at + j] += d_output * screlu(acc[j]);
                d_acc[j] = d_output * self.params[out_at + j] * screlu_slope(acc[j]);
            }
            for (g, d) in grad[layout.feature_bias..][..HIDDEN].iter_mut().zip(&d_acc) {
                *g += d;
            }
            for &input in inputs {
                let row = &mut grad[usize::from(input) * HIDDEN..][..HIDDEN];
                for (g, d) in row.iter_mut().zip(&d_acc) {
                    *g += d;
                }
            }
        }
        error * error
    }

    /// Keeps every weight within `WEIGHT_BOUND` (biases are free).
    pub fn clip(&mut self) {
        let layout = self.layout();
        let (first, rest) = self.params.split_at_mut(layout.feature_bias);
        let output = &mut rest[layout.output_weights - layout.feature_bias..]
            [..layout.output_bias - layout.output_weights];
        for w in first.iter_mut().chain(output) {
            *w = w.clamp(-WEIGHT_BOUND, WEIGHT_BOUND);
        }
    }

    /// The float network an engine network stands for: its integers divided by their scales,
    /// the inverse of `quantise` (which gives `net` back exactly).
    pub fn from_network(net: &Network) -> Model {
        fn unscaled(row: &[i16], scale: i32) -> impl Iterator<Item = f32> + '_ {
            row.iter().map(move |&w| f32::from(w) / scale as f32)
        }
        let buckets = net.output_weights.len();
        let mut params = Vec::with_capacity(Layout::of(net.variant, buckets).len);
        for row in &net.feature_weights {
            params.extend(unscaled(row, QA));
        }
        params.extend(unscaled(&net.feature_bias, QA));
        for halves in &net.output_weights {
            for half in halves {
                params.extend(unscaled(half, QB));
            }
        }
        params.extend(net.output_bias.iter().map(|&b| b as f32 / (QA * QB) as f32));
        Model {
            variant: net.variant,
            buckets,
            params,
        }
    }

    /// The engine's integer network: weights scaled and rounded (see `kaiser_engine::eval::nnue`).
    pub fn quantise(&self) -> Network {
        let layout = self.layout();
        let scaled = |value: f32, scale: i32| (value * scale as f32).round();
        let row = |at: usize, scale: i32| -> [i16; HIDDEN] {
            std::array::from_fn(|j| {
                scaled(self.params[at + j], scale).clamp(i16::MIN as f32, i16::MAX as f32) as i16
            })
        };
        Network {
            variant: self.variant,
            feature_weights: (0..input_count(self.variant))
                .map(|input| row(input * HIDDEN, QA))
                .collect(),
            feature_bias: row(layout.feature_bias, QA),
            output_weights: (0..self.buckets)
                .map(|b| {
                    let at = layout.bucket_weights(b);
                    [row(at, QB), row(at + HIDDEN, QB)]
                })
                .collect(),
            output_bias: (0..self.buckets)
                .map(|b| scaled(self.params[layout.output_bias + b], QA * QB) as i32)
                .collect(),
        }
    }
}

/// The activation: clamped to 0..=1, then squared.
#[inline]
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

#[inline]
fn screlu_slope(x: f32) -> f32 {
    if x > 0.0 && x < 1.0 {
        2.0 * x
    } else {
        0.0
    }
}
