//! The network in floating point, as the trainer learns it: the same shape as the engine's
//! (`kaiser_engine::eval::nnue`), its parameters in one flat vector (first-layer weights input
//! by input, first-layer biases, then for each output bucket its output weights for the side to
//! move's half then the other's, then the buckets' output biases), so the optimiser and the
//! gradient sums treat them alike. `quantise` turns it into the engine's integer network,
//! `from_network` back.

use super::dataset::{sigmoid, Dataset, Sample, WDL_SCALE};
use super::simd;
use anyhow::{bail, Result};
use arrayvec::ArrayVec;
use kaiser_engine::eval::nnue::features::{input_count, InputScheme, MAX_ACTIVE};
use kaiser_engine::eval::nnue::network::{supported_width, Rows};
use kaiser_engine::eval::nnue::simd::{Simd, LANE_BLOCK};
use kaiser_engine::eval::nnue::{output_bucket, Network, MAX_HIDDEN, QA, QB, SCALE};
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
    /// How the inputs are laid out (king buckets or none).
    pub inputs: InputScheme,
    /// Hidden neurons per side (`kaiser_engine::eval::nnue::network::supported_width`).
    pub hidden: usize,
    /// Output buckets (`kaiser_engine::eval::nnue::output_bucket`).
    pub buckets: usize,
    pub params: Vec<f32>,
}

/// Where each part of the network starts in `Model::params`.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub hidden: usize,
    pub feature_bias: usize,
    pub output_weights: usize,
    pub output_bias: usize,
    pub len: usize,
}

impl Layout {
    pub fn of(inputs: usize, hidden: usize, buckets: usize) -> Layout {
        let feature_bias = inputs * hidden;
        let output_weights = feature_bias + hidden;
        let output_bias = output_weights + buckets * 2 * hidden;
        Layout {
            hidden,
            feature_bias,
            output_weights,
            output_bias,
            len: output_bias + buckets,
        }
    }

    /// Where output bucket `bucket`'s weights start.
    pub fn bucket_weights(&self, bucket: usize) -> usize {
        self.output_weights + bucket * 2 * self.hidden
    }
}

/// A position's inputs in each side's view, the side to move's first (`Dataset::views`).
pub type Views = [ArrayVec<u16, MAX_ACTIVE>; 2];

/// A position's first layer, kept for the backward pass: each view's sums (the first `hidden`
/// of each array), the output bucket used and the output, in units of `SCALE` internal units.
struct Forward {
    accumulators: [[f32; MAX_HIDDEN]; 2],
    bucket: usize,
    output: f32,
}

impl Model {
    /// A network of `hidden` neurons a side (a width the engine reads) with `buckets` output
    /// buckets, small random first-layer and output weights and zero biases.
    pub fn random(variant: Variant, hidden: usize, buckets: usize, seed: u64) -> Result<Model> {
        check_width(hidden)?;
        let layout = Layout::of(input_count(variant), hidden, buckets);
        let mut rng = StdRng::seed_from_u64(seed);
        let mut params = vec![0.0; layout.len];
        for w in &mut params[..layout.feature_bias] {
            *w = rng.gen_range(-FIRST_LAYER_INIT..FIRST_LAYER_INIT);
        }
        let bound = 1.0 / (2.0 * hidden as f32).sqrt();
        for w in &mut params[layout.output_weights..layout.output_bias] {
            *w = rng.gen_range(-bound..bound);
        }
        Ok(Model {
            variant,
            inputs: InputScheme::PLAIN,
            hidden,
            buckets,
            params,
        })
    }

    /// This plain network (no king buckets) with the king buckets of `scheme`, each bucket's
    /// first-layer row of a square the mean of the plain rows of that square and its mirror
    /// image (a view with king buckets mirrors the board while its king stands on files e-h):
    /// it evaluates every position as before where the plain network is symmetric left to
    /// right (which training on mirrored positions makes it nearly), and training then lets
    /// the buckets learn apart.
    pub fn with_king_buckets(self, scheme: InputScheme) -> Result<Model> {
        if self.inputs != InputScheme::PLAIN {
            bail!("the network has king buckets already");
        }
        if scheme.king_buckets.is_none() || !scheme.is_valid() {
            bail!("king buckets wanted: a map that uses every bucket up to its last");
        }
        let (layout, hidden) = (self.layout(), self.hidden);
        let row = |input: usize| &self.params[input * hidden..][..hidden];
        // An input is (piece slot) * 64 + square, and a square's low three bits its file.
        let symmetric: Vec<f32> = (0..input_count(self.variant))
            .flat_map(|input| {
                let (a, b) = (row(input), row(input ^ 7));
                a.iter().zip(b).map(|(x, y)| (x + y) / 2.0)
            })
            .collect();
        let mut params = Vec::with_capacity(scheme.buckets() * symmetric.len());
        for _ in 0..scheme.buckets() {
            params.extend_from_slice(&symmetric);
        }
        params.extend_from_slice(&self.params[layout.feature_bias..]);
        Ok(Model {
            inputs: scheme,
            params,
            ..self
        })
    }

    /// This network with `hidden` neurons a side, at least as many as it has: the new neurons
    /// get small random first-layer weights and zero output weights, so the network evaluates
    /// every position as before, and training then puts them to work (a wider network that
    /// starts from what a narrower one learnt, not from nothing).
    pub fn widened(self, hidden: usize, seed: u64) -> Result<Model> {
        check_width(hidden)?;
        if hidden < self.hidden {
            bail!(
                "the network has {} hidden neurons a side, more than {hidden}",
                self.hidden
            );
        }
        let inputs = self.inputs.input_count(self.variant);
        let (old, new) = (self.layout(), Layout::of(inputs, hidden, self.buckets));
        let mut rng = StdRng::seed_from_u64(seed);
        let mut params = Vec::with_capacity(new.len);
        let mut widen = |params: &mut Vec<f32>, row: &[f32], random: bool| {
            params.extend_from_slice(row);
            params.extend((row.len()..hidden).map(|_| match random {
                true => rng.gen_range(-FIRST_LAYER_INIT..FIRST_LAYER_INIT),
                false => 0.0,
            }));
        };
        for row in self.params[..old.feature_bias].chunks_exact(self.hidden) {
            widen(&mut params, row, true);
        }
        widen(
            &mut params,
            &self.params[old.feature_bias..old.output_weights],
            false,
        );
        for half in self.params[old.output_weights..old.output_bias].chunks_exact(self.hidden) {
            widen(&mut params, half, false);
        }
        params.extend_from_slice(&self.params[old.output_bias..]);
        debug_assert_eq!(params.len(), new.len);
        Ok(Model {
            hidden,
            params,
            ..self
        })
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
        let inputs = self.inputs.input_count(self.variant);
        let mut params = Vec::with_capacity(Layout::of(inputs, self.hidden, buckets).len);
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
        Layout::of(
            self.inputs.input_count(self.variant),
            self.hidden,
            self.buckets,
        )
    }

    /// The first layer and the output for `sample`.
    fn forward(&self, data: &Dataset, sample: &Sample) -> Forward {
        let views = data.views(sample, &self.inputs);
        simd::fastest(
            #[inline(always)]
            || self.forward_views(&views),
        )
    }

    /// The first layer and the output for a position whose inputs are `views`.
    #[inline(always)]
    fn forward_views(&self, views: &Views) -> Forward {
        let (layout, hidden) = (self.layout(), self.hidden);
        // An input is set for each piece, so the bucket follows the input count.
        let bucket = output_bucket(views[0].len(), self.buckets);
        let bias = &self.params[layout.feature_bias..][..hidden];
        let mut accumulators = [[0.0f32; MAX_HIDDEN]; 2];
        let table = &self.params[..layout.feature_bias];
        for (acc, inputs) in accumulators.iter_mut().zip(views) {
            simd::sum_rows(&mut acc[..hidden], bias, table, inputs);
        }
        let output_weights = &self.params[layout.bucket_weights(bucket)..][..2 * hidden];
        let mut output = self.params[layout.output_bias + bucket];
        for (acc, weights) in accumulators.iter().zip(output_weights.chunks_exact(hidden)) {
            output += simd::dot(&acc[..hidden], weights, |a, w| screlu(a) * w);
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
        self.backward_views(&data.views(sample, &self.inputs), target, grad)
    }

    /// `backward` for a position whose inputs are `views`: only the first-layer rows of those
    /// inputs, the first-layer biases and the output layer get a gradient.
    pub fn backward_views(&self, views: &Views, target: f32, grad: &mut [f32]) -> f32 {
        simd::fastest(
            #[inline(always)]
            || self.backward_body(views, target, grad),
        )
    }

    #[inline(always)]
    fn backward_body(&self, views: &Views, target: f32, grad: &mut [f32]) -> f32 {
        let (layout, hidden) = (self.layout(), self.hidden);
        let forward = self.forward_views(views);
        let bucket = forward.bucket;
        let k = SCALE as f32 / WDL_SCALE;
        let predicted = sigmoid(forward.output * k);
        let error = predicted - target;
        let d_output = 2.0 * error * predicted * (1.0 - predicted) * k;
        grad[layout.output_bias + bucket] += d_output;
        let mut d_acc = [0.0f32; MAX_HIDDEN];
        let d_acc = &mut d_acc[..hidden];
        for (half, (acc, inputs)) in forward.accumulators.iter().zip(views).enumerate() {
            let out_at = layout.bucket_weights(bucket) + half * hidden;
            let weights = &self.params[out_at..][..hidden];
            let out_grad = &mut grad[out_at..][..hidden];
            for (((g, d), &a), &w) in out_grad.iter_mut().zip(&mut *d_acc).zip(acc).zip(weights) {
                *g += d_output * screlu(a);
                *d = d_output * w * screlu_slope(a);
            }
            simd::add(&mut grad[layout.feature_bias..][..hidden], d_acc);
            simd::add_to_rows(&mut grad[..layout.feature_bias], d_acc, inputs);
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
        let buckets = net.output_buckets();
        let inputs = net.inputs.input_count(net.variant);
        let mut params = Vec::with_capacity(Layout::of(inputs, net.hidden, buckets).len);
        params.extend(unscaled(net.feature_weights.values(), QA));
        params.extend(unscaled(net.feature_bias.values(), QA));
        params.extend(unscaled(net.output_weights.values(), QB));
        params.extend(net.output_bias.iter().map(|&b| b as f32 / (QA * QB) as f32));
        Model {
            variant: net.variant,
            inputs: net.inputs,
            hidden: net.hidden,
            buckets,
            params,
        }
    }

    /// The engine's integer network: weights scaled and rounded (see `kaiser_engine::eval::nnue`).
    pub fn quantise(&self) -> Network {
        let (layout, hidden) = (self.layout(), self.hidden);
        let scaled = |value: f32, scale: i32| (value * scale as f32).round();
        let rows = |part: &[f32], scale: i32| {
            let mut values = part
                .iter()
                .map(|&v| scaled(v, scale).clamp(i16::MIN as f32, i16::MAX as f32) as i16);
            Rows::read(hidden, part.len() / hidden, &mut values).expect("whole rows")
        };
        Network {
            variant: self.variant,
            inputs: self.inputs,
            hidden,
            feature_weights: rows(&self.params[..layout.feature_bias], QA),
            feature_bias: rows(&self.params[layout.feature_bias..layout.output_weights], QA),
            output_weights: rows(&self.params[layout.output_weights..layout.output_bias], QB),
            simd: Simd::in_use(),
            output_bias: (0..self.buckets)
                .map(|b| scaled(self.params[layout.output_bias + b], QA * QB) as i32)
                .collect(),
        }
    }
}

/// The range of a new first-layer weight: drawn uniformly within plus or minus this.
const FIRST_LAYER_INIT: f32 = 0.1;

/// Refuses a width the engine cannot evaluate.
fn check_width(hidden: usize) -> Result<()> {
    if !supported_width(hidden) {
        bail!(
            "{hidden} hidden neurons: the engine reads multiples of {LANE_BLOCK} up to {MAX_HIDDEN}"
        );
    }
    Ok(())
}

/// The activation: clamped to 0..=1, then squared.
#[inline(always)]
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

#[inline(always)]
fn screlu_slope(x: f32) -> f32 {
    if x > 0.0 && x < 1.0 {
        2.0 * x
    } else {
        0.0
    }
}
