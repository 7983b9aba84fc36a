//! The optimiser: Adam (β 0.9/0.999), with the first layer's rows updated lazily. A step
//! updates only the rows its batch touched, and the biases and output layer whole. A row left
//! untouched for n steps would, in dense Adam, have seen zero gradients: its moments decay by
//! β1ⁿ and β2ⁿ, and its weights keep moving along their momentum (m/√v, falling off by
//! β1/√β2 a step). When the row is next touched (or the run saves, `catch_up`), both are made
//! up at once: the moments decayed exactly, the momentum's moves summed step by step at the
//! current learning rate (dense Adam's follows the schedule over those steps, and its ε is
//! left out of the sum). So the result is dense Adam's to
//! that rounding, at the cost of the touched rows alone (PyTorch's SparseAdam instead freezes
//! an untouched row's moments, so a row touched again moves by its stale momentum and takes
//! steps sized by a stale second moment).

use super::gradient::Gradient;
use super::model::{Model, WEIGHT_BOUND};
use super::simd::add;

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;
/// Untouched steps beyond this change nothing more in f32 (β2 to this power is below 1e-8).
const MAX_GAP: u64 = 20_000;

/// Adam's state for a network.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    pub first_moment: Vec<f32>,
    pub second_moment: Vec<f32>,
    /// Steps taken.
    pub steps: u64,
    /// The step each first-layer row has been brought up to (`steps` after a `catch_up`).
    row_steps: Vec<u64>,
}

impl Adam {
    /// The state of a run that has taken `steps` steps, all rows up to date.
    pub fn new(model: &Model, first_moment: Vec<f32>, second_moment: Vec<f32>, steps: u64) -> Adam {
        let layout = model.layout();
        Adam {
            first_moment,
            second_moment,
            steps,
            row_steps: vec![steps; layout.feature_bias / layout.hidden],
        }
    }

    /// One step at learning rate `rate` along the gradient summed over a batch of `batch`
    /// positions, found in `grads` (the workers' shares, left zero): the touched first-layer
    /// rows, then the rest of the network, each weight then clipped to `WEIGHT_BOUND`.
    pub fn step(
        &mut self,
        model: &mut Model,
        grads: &mut [&mut Gradient],
        batch: usize,
        rate: f32,
    ) {
        let layout = model.layout();
        let hidden = layout.hidden;
        let (sum, rest) = grads.split_first_mut().expect("a gradient");
        for other in rest {
            for row in std::mem::take(&mut other.rows) {
                let row = row as usize;
                sum.touch(row);
                let at = row * hidden..(row + 1) * hidden;
                add(&mut sum.values[at.clone()], &other.values[at]);
                other.clear_row(row, hidden);
            }
            let dense = layout.feature_bias..layout.len;
            add(&mut sum.values[dense.clone()], &other.values[dense.clone()]);
            other.values[dense].fill(0.0);
        }
        self.steps += 1;
        let step_rate = step_rate(rate, self.steps);
        let scale = 1.0 / batch as f32;
        for row in std::mem::take(&mut sum.rows) {
            let row = row as usize;
            self.catch_up_row(model, row, self.steps - 1, rate);
            let at = row * hidden..(row + 1) * hidden;
            self.update(model, &sum.values, at, scale, step_rate, WEIGHT_BOUND);
            self.row_steps[row] = self.steps;
            sum.clear_row(row, hidden);
        }
        let parts = [
            (layout.feature_bias..layout.output_weights, f32::INFINITY),
            (layout.output_weights..layout.output_bias, WEIGHT_BOUND),
            (layout.output_bias..layout.len, f32::INFINITY),
        ];
        for (part, bound) in parts {
            self.update(model, &sum.values, part.clone(), scale, step_rate, bound);
            sum.values[part].fill(0.0);
        }
    }

    /// Brings every first-layer row up to the last step, as if each had been touched with a
    /// zero gradient since it was last updated; `rate` is the last step's learning rate.
    pub fn catch_up(&mut self, model: &mut Model, rate: f32) {
        for row in 0..self.row_steps.len() {
            self.catch_up_row(model, row, self.steps, rate);
        }
    }

    /// Brings `row` from its step to step `to`: the zero-gradient steps between, each with its
    /// bias correction, at learning rate `rate`.
    fn catch_up_row(&mut self, model: &mut Model, row: usize, to: u64, rate: f32) {
        let from = self.row_steps[row];
        let gap = to.saturating_sub(from).min(MAX_GAP) as i32;
        if gap == 0 {
            return;
        }
        // The momentum's moves over the gap: m/√v times the sum over the steps j of the gap of
        // their rate times (β1/√β2)^j, which falls below 1e-9 by the 200th.
        let ratio = BETA1 / BETA2.sqrt();
        let moves: f32 = (1..=gap.min(200))
            .map(|j| step_rate(rate, from + j as u64) * ratio.powi(j))
            .sum();
        let (decay1, decay2) = (BETA1.powi(gap), BETA2.powi(gap));
        let hidden = model.hidden;
        let at = row * hidden..(row + 1) * hidden;
        let weights = &mut model.params[at.clone()];
        let m = &mut self.first_moment[at.clone()];
        let v = &mut self.second_moment[at];
        for ((w, m), v) in weights.iter_mut().zip(m).zip(v) {
            if *v > 0.0 {
                *w = (*w - moves * *m / v.sqrt()).clamp(-WEIGHT_BOUND, WEIGHT_BOUND);
            }
            *m *= decay1;
            *v *= decay2;
        }
        self.row_steps[row] = to;
    }

    /// Adam's update of the parameters `at` along `grad_sum[at] * scale`, clipped to `bound`.
    fn update(
        &mut self,
        model: &mut Model,
        grad_sum: &[f32],
        at: std::ops::Range<usize>,
        scale: f32,
        step_rate: f32,
        bound: f32,
    ) {
        let params = &mut model.params[at.clone()];
        let m = &mut self.first_moment[at.clone()];
        let v = &mut self.second_moment[at.clone()];
        for (((p, m), v), &g) in params.iter_mut().zip(m).zip(v).zip(&grad_sum[at]) {
            let g = g * scale;
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *p = (*p - step_rate * *m / (v.sqrt() + EPSILON)).clamp(-bound, bound);
        }
    }
}

/// The learning rate of step `t` (from 1) with Adam's bias corrections folded in.
fn step_rate(rate: f32, t: u64) -> f32 {
    let t = t.min(i32::MAX as u64) as i32;
    rate * (1.0 - BETA2.powi(t)).sqrt() / (1.0 - BETA1.powi(t))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaiser_engine::Variant;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Lazy Adam ends where dense Adam does: rows touched every step, every seventh, once, and
    /// never, all moved alike to a small share of how far they moved.
    #[test]
    fn lazy_rows_end_where_dense_adam_puts_them() {
        let start = Model::random(Variant::Chess, 128, 1, 3).unwrap();
        let len = start.params.len();
        let hidden = start.hidden;
        let rows = start.layout().feature_bias / hidden;
        let adam = || Adam::new(&start, vec![0.0; len], vec![0.0; len], 0);
        let (mut lazy, mut dense) = ((start.clone(), adam()), (start.clone(), adam()));
        let mut rng = StdRng::seed_from_u64(5);
        let rate = 0.01;
        for step in 0..300 {
            let touched = [
                Some(0),
                (step % 7 == 0).then_some(1),
                (step == 0).then_some(2),
            ];
            let values: Vec<(usize, Vec<f32>)> = touched
                .into_iter()
                .flatten()
                .map(|row| (row, (0..hidden).map(|_| rng.gen_range(-1.0..1.0)).collect()))
                .collect();
            for ((model, adam), every_row) in [(&mut lazy, false), (&mut dense, true)] {
                let mut grad = Gradient::new(model);
                if every_row {
                    (0..rows).for_each(|row| grad.touch(row));
                }
                for (row, values) in &values {
                    grad.touch(*row);
                    grad.values[row * hidden..][..hidden].copy_from_slice(values);
                }
                adam.step(model, &mut [&mut grad], 1, rate);
            }
        }
        lazy.1.catch_up(&mut lazy.0, rate);
        assert_eq!(lazy.1.first_moment.len(), dense.1.first_moment.len());
        for row in 0..4 {
            let at = row * hidden..(row + 1) * hidden;
            let moved = |params: &[f32]| {
                params[at.clone()]
                    .iter()
                    .zip(&start.params[at.clone()])
                    .map(|(a, b)| (a - b).abs())
                    .fold(0.0f32, f32::max)
            };
            let apart = moved_apart(&lazy.0.params[at.clone()], &dense.0.params[at.clone()]);
            let dense_moved = moved(&dense.0.params);
            assert!(
                apart <= 0.002 * dense_moved + 1e-6,
                "row {row}: lazy and dense {apart} apart, dense moved {dense_moved}"
            );
            if row < 3 {
                assert!(dense_moved > 0.01, "row {row} moved {dense_moved}");
            }
        }
        // The moments agree too, decayed alike.
        let apart = moved_apart(&lazy.1.second_moment, &dense.1.second_moment);
        assert!(apart < 1e-6, "second moments {apart} apart");
    }

    fn moved_apart(a: &[f32], b: &[f32]) -> f32 {
        a.iter()
            .zip(b)
            .map(|(x, y)| (x - y).abs())
            .fold(0.0, f32::max)
    }
}
