//! The training loop: epochs over the shuffled positions in mini-batches, gradients summed over
//! threads, Adam steps with a cosine learning-rate schedule, the held-out loss after each epoch,
//! and after each epoch a checkpoint (to resume from) and the quantised net (to play with).

use super::checkpoint::Checkpoint;
use super::dataset::Dataset;
use super::model::Model;
use crate::file_out;
use crate::progress::Progress;
use anyhow::Result;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What a training run is told.
#[derive(Clone, Debug)]
pub struct Settings {
    pub epochs: usize,
    pub batch: usize,
    /// The learning rate at the start; the cosine schedule brings it to `rate * FINAL_RATE`.
    pub rate: f32,
    /// The share of the search's score in the target; the game's result has the rest.
    pub score_share: f32,
    pub threads: usize,
    pub seed: u64,
    /// The quantised net is written here after every epoch, the checkpoint beside it.
    pub out: PathBuf,
}

/// The learning rate at the end of the schedule, as a share of the starting one.
pub const FINAL_RATE: f32 = 0.05;

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

/// What an epoch did.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    pub epoch: usize,
    pub train_loss: f64,
    pub holdout_loss: f64,
    pub rate: f32,
    pub positions_per_second: f64,
    pub seconds: f64,
}

/// The checkpoint written beside the net `out`.
pub fn checkpoint_path(out: &std::path::Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".ckpt");
    PathBuf::from(name)
}

/// Trains `state` on `train` for the epochs it has not done yet, reporting each epoch to
/// `report` (called with the progress bar on standard error put aside, so it may print).
pub fn train(
    state: &mut Checkpoint,
    train: &Dataset,
    holdout: &Dataset,
    settings: &Settings,
    mut report: impl FnMut(&EpochReport),
) -> Result<()> {
    let layout = state.model.layout();
    let threads = settings.threads.max(1);
    let mut grads = vec![vec![0.0f32; layout.len]; threads];
    let batches_per_epoch = train.len().div_ceil(settings.batch);
    let total_batches = (settings.epochs * batches_per_epoch).max(1);
    let progress = Progress::new(total_batches as u64, Duration::from_secs(60));
    while state.epoch < settings.epochs {
        let started = Instant::now();
        // Each epoch's order depends on the seed and the epoch alone, so that a resumed run
        // sees the positions in the order the unbroken run would have.
        let mut rng =
            StdRng::seed_from_u64(settings.seed ^ (state.epoch as u64).wrapping_mul(0x9E37_79B9));
        let mut order: Vec<u32> = (0..train.len() as u32).collect();
        order.shuffle(&mut rng);
        let mut loss_sum = 0.0f64;
        let mut rate = settings.rate;
        for (b, batch) in order.chunks(settings.batch).enumerate() {
            let done = state.epoch * batches_per_epoch + b;
            rate = scheduled_rate(settings.rate, done, total_batches);
            loss_sum +=
                batch_gradient(&state.model, train, batch, settings.score_share, &mut grads);
            let (sum, rest) = grads.split_first_mut().expect("a thread");
            for other in rest.iter() {
                for (s, g) in sum.iter_mut().zip(other) {
                    *s += g;
                }
            }
            state.adam_step(sum, batch.len(), rate);
            let message = format!(
                "epoch {}/{}: {:>3}% ({:.0} positions/s)",
                state.epoch + 1,
                settings.epochs,
                100 * (b + 1) / batches_per_epoch,
                ((b + 1) * settings.batch) as f64 / started.elapsed().as_secs_f64()
            );
            progress.update(done as u64 + 1, total_batches as u64, message);
        }
        state.epoch += 1;
        let seconds = started.elapsed().as_secs_f64();
        let holdout_loss = loss(&state.model, holdout, settings.score_share, threads);
        state.save(&checkpoint_path(&settings.out))?;
        file_out::write_whole(&settings.out, &state.model.quantise().to_bytes())?;
        progress.suspend(|| {
            report(&EpochReport {
                epoch: state.epoch,
                train_loss: loss_sum / train.len().max(1) as f64,
                holdout_loss,
                rate,
                positions_per_second: train.len() as f64 / seconds,
                seconds,
            })
        });
    }
    progress.finish();
    Ok(())
}

/// Cosine decay from `rate` to `rate * FINAL_RATE` over the run.
fn scheduled_rate(rate: f32, done: usize, total: usize) -> f32 {
    let progress = done as f32 / total as f32;
    let cosine = 0.5 * (1.0 + (std::f32::consts::PI * progress).cos());
    rate * (FINAL_RATE + (1.0 - FINAL_RATE) * cosine)
}

/// The target of `sample`: its score and its result blended.
fn target(sample: &super::dataset::Sample, score_share: f32) -> f32 {
    score_share * sample.score + (1.0 - score_share) * sample.result
}

/// Fills `grads[t]` with thread `t`'s share of the batch's gradient; the batch's summed loss.
fn batch_gradient(
    model: &Model,
    data: &Dataset,
    batch: &[u32],
    score_share: f32,
    grads: &mut [Vec<f32>],
) -> f64 {
    let chunk = batch.len().div_ceil(grads.len());
    std::thread::scope(|scope| {
        let workers: Vec<_> = grads
            .iter_mut()
            .zip(batch.chunks(chunk.max(1)).chain(std::iter::repeat(&[][..])))
            .map(|(grad, part)| {
                scope.spawn(move || {
                    grad.fill(0.0);
                    part.iter()
                        .map(|&i| {
                            let sample = &data.samples[i as usize];
                            let t = target(sample, score_share);
                            f64::from(model.backward(data, sample, t, grad))
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a training thread"))
            .sum()
    })
}

/// The mean loss of `model` over `data`.
pub fn loss(model: &Model, data: &Dataset, score_share: f32, threads: usize) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let chunk = data.len().div_ceil(threads.max(1));
    let total: f64 = std::thread::scope(|scope| {
        let workers: Vec<_> = data
            .samples
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|sample| {
                            let error = model.predict(data, sample) - target(sample, score_share);
                            f64::from(error * error)
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a loss thread"))
            .sum()
    });
    total / data.len() as f64
}

impl Checkpoint {
    /// One Adam step at learning rate `rate` along `grad_sum`, the gradient summed over a batch
    /// of `batch` positions, then the weights clipped.
    fn adam_step(&mut self, grad_sum: &[f32], batch: usize, rate: f32) {
        let scale = 1.0 / batch as f32;
        self.steps += 1;
        let t = self.steps as i32;
        let correction1 = 1.0 - BETA1.powi(t);
        let correction2 = 1.0 - BETA2.powi(t);
        let batch_rate = rate * correction2.sqrt() / correction1;
        for (((p, m), v), &g) in self
            .model
            .params
            .iter_mut()
            .zip(&mut self.first_moment)
            .zip(&mut self.second_moment)
            .zip(grad_sum)
        {
            let g = g * scale;
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *p -= batch_rate * *m / (v.sqrt() + EPSILON);
        }
        self.model.clip();
    }
}
