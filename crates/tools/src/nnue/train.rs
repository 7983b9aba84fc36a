//! The training loop: epochs over the positions, a shuffled window at a time (`stream`), cut
//! into mini-batches; each batch's gradient computed by the run's worker threads (started once,
//! `pool`) into their sparse buffers (`gradient`), then an Adam step (`adam`) with a cosine
//! learning-rate schedule; the held-out loss after each epoch. A checkpoint is saved after each
//! epoch and every `save_every` batches (a run resumes from either, ending where the unbroken
//! run would have), the quantised net after each epoch.

use super::checkpoint::Checkpoint;
use super::dataset::{Dataset, Sample};
use super::gradient::Gradient;
use super::model::Model;
use super::pool::{with_pool, Pool};
use super::stream::{share, Positions};
use crate::file_out;
use crate::progress::Progress;
use anyhow::Result;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};
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
    /// The checkpoint is also saved every this many batches within an epoch (0: never).
    pub save_every: usize,
}

/// The learning rate at the end of the schedule, as a share of the starting one.
pub const FINAL_RATE: f32 = 0.05;

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

/// Trains `state` on `train` for the epochs (and batches) it has not done yet, reporting each
/// epoch to `report` (called with the progress bar on standard error put aside, so it may
/// print).
pub fn train(
    state: &mut Checkpoint,
    train: &impl Positions,
    holdout: &impl Positions,
    settings: &Settings,
    mut report: impl FnMut(&EpochReport),
) -> Result<()> {
    let batches_per_epoch = train.len().div_ceil(settings.batch);
    let total_batches = (settings.epochs * batches_per_epoch).max(1);
    let progress = Progress::new(total_batches as u64, Duration::from_secs(60));
    let threads = settings.threads.max(1);
    let grads: Vec<Mutex<Gradient>> = (0..threads)
        .map(|_| Mutex::new(Gradient::new(&state.model)))
        .collect();
    let state = RwLock::new(state);
    with_pool(threads, |pool| {
        while read(&state).epoch < settings.epochs {
            let started = Instant::now();
            let (epoch, skip) = (read(&state).epoch, read(&state).batches);
            // Each epoch's order depends on the seed and the epoch alone, so that a resumed
            // run sees the positions in the order the unbroken run would have.
            let mut rng =
                StdRng::seed_from_u64(settings.seed ^ (epoch as u64).wrapping_mul(0x9E37_79B9));
            let mut rate = settings.rate;
            let (mut b, mut trained) = (0, 0);
            batches(train, pool, Some(&mut rng), settings.batch, &mut |batch| {
                b += 1;
                if b <= skip {
                    return Ok(());
                }
                let done = epoch * batches_per_epoch + b;
                rate = scheduled_rate(settings.rate, done - 1, total_batches);
                let loss = gradient(pool, &state, &grads, &batch, settings.score_share);
                trained += batch.len();
                let mut guard = state.write().expect("the run's state");
                let run = &mut **guard;
                let mut guards: Vec<_> = grads
                    .iter()
                    .map(|g| g.lock().expect("a gradient"))
                    .collect();
                let mut shares: Vec<&mut Gradient> = guards.iter_mut().map(|g| &mut **g).collect();
                run.adam
                    .step(&mut run.model, &mut shares, batch.len(), rate);
                run.loss_sum += loss;
                run.batches = b;
                if settings.save_every > 0
                    && b.is_multiple_of(settings.save_every)
                    && b < batches_per_epoch
                {
                    run.adam.catch_up(&mut run.model, rate);
                    run.save(&checkpoint_path(&settings.out))?;
                }
                let message = format!(
                    "epoch {}/{}: {:>3}% ({:.0} positions/s)",
                    epoch + 1,
                    settings.epochs,
                    100 * b / batches_per_epoch,
                    trained as f64 / started.elapsed().as_secs_f64()
                );
                progress.update(done as u64, total_batches as u64, message);
                Ok(())
            })?;
            let train_loss = {
                let mut guard = state.write().expect("the run's state");
                let run = &mut **guard;
                run.adam.catch_up(&mut run.model, rate);
                run.epoch += 1;
                run.batches = 0;
                std::mem::take(&mut run.loss_sum) / train.len().max(1) as f64
            };
            let seconds = started.elapsed().as_secs_f64();
            let holdout_loss = loss_on(pool, &state, holdout, settings.score_share)?;
            let run = read(&state);
            run.save(&checkpoint_path(&settings.out))?;
            file_out::write_whole(&settings.out, &run.model.quantise().to_bytes())?;
            progress.suspend(|| {
                report(&EpochReport {
                    epoch: run.epoch,
                    train_loss,
                    holdout_loss,
                    rate,
                    positions_per_second: trained as f64 / seconds,
                    seconds,
                })
            });
        }
        progress.finish();
        Ok(())
    })
}

/// The run's state, for reading.
fn read<'a>(
    state: &'a RwLock<&mut Checkpoint>,
) -> std::sync::RwLockReadGuard<'a, &'a mut Checkpoint> {
    state.read().expect("the run's state")
}

/// Cuts the windows of `data` into batches of `size` positions (the last one smaller if need
/// be), each copied out of its window, and hands each to `each`.
fn batches<'env>(
    data: &'env impl Positions,
    pool: &Pool<'env>,
    shuffle: Option<&mut StdRng>,
    size: usize,
    each: &mut dyn FnMut(Arc<Dataset>) -> Result<()>,
) -> Result<()> {
    let mut filling: Option<Dataset> = None;
    data.windows(pool, shuffle, &mut |window, order| {
        for &i in order {
            let batch = filling.get_or_insert_with(|| Dataset::new(window.variant));
            batch.push_copy(window, &window.samples[i as usize]);
            if batch.len() == size {
                each(Arc::new(filling.take().expect("a batch")))?;
            }
        }
        Ok(())
    })?;
    match filling {
        Some(batch) => each(Arc::new(batch)),
        None => Ok(()),
    }
}

/// Adds the gradient of `batch` to the workers' buffers, each worker its share; the batch's
/// summed loss.
fn gradient<'env>(
    pool: &Pool<'env>,
    state: &'env RwLock<&mut Checkpoint>,
    grads: &'env [Mutex<Gradient>],
    batch: &Arc<Dataset>,
    score_share: f32,
) -> f64 {
    let (batch, threads) = (Arc::clone(batch), pool.threads());
    let losses = pool.each(move |worker| {
        let run = read(state);
        let model = &run.model;
        let mut grad = grads[worker].lock().expect("a gradient");
        share(batch.len(), worker, threads)
            .map(|i| {
                let sample = &batch.samples[i];
                let views = batch.views(sample, &model.inputs);
                f64::from(grad.add(model, &views, target(sample, score_share)))
            })
            .sum::<f64>()
    });
    losses.iter().sum()
}

/// Cosine decay from `rate` to `rate * FINAL_RATE` over the run.
fn scheduled_rate(rate: f32, done: usize, total: usize) -> f32 {
    let progress = done as f32 / total as f32;
    let cosine = 0.5 * (1.0 + (std::f32::consts::PI * progress).cos());
    rate * (FINAL_RATE + (1.0 - FINAL_RATE) * cosine)
}

/// The target of `sample`: its score and its result blended.
fn target(sample: &Sample, score_share: f32) -> f32 {
    score_share * sample.score + (1.0 - score_share) * sample.result
}

/// Hands the workers the network to measure: a model, or the run's state behind its lock.
trait ModelSource: Sync {
    fn with_model<T>(&self, f: impl FnOnce(&Model) -> T) -> T;
}

impl ModelSource for Model {
    fn with_model<T>(&self, f: impl FnOnce(&Model) -> T) -> T {
        f(self)
    }
}

impl ModelSource for RwLock<&mut Checkpoint> {
    fn with_model<T>(&self, f: impl FnOnce(&Model) -> T) -> T {
        f(&read(self).model)
    }
}

/// Positions measured at a time by the workers.
const LOSS_BATCH: usize = 16384;

/// The mean loss of `model` over `data`, on `threads` threads.
pub fn loss(model: &Model, data: &impl Positions, score_share: f32, threads: usize) -> Result<f64> {
    with_pool(threads, |pool| loss_on(pool, model, data, score_share))
}

fn loss_on<'env>(
    pool: &Pool<'env>,
    model: &'env impl ModelSource,
    data: &'env impl Positions,
    score_share: f32,
) -> Result<f64> {
    if data.is_empty() {
        return Ok(0.0);
    }
    let mut total = 0.0f64;
    let threads = pool.threads();
    batches(data, pool, None, LOSS_BATCH, &mut |batch| {
        let sums = pool.each(move |worker| {
            model.with_model(|model| {
                share(batch.len(), worker, threads)
                    .map(|i| {
                        let sample = &batch.samples[i];
                        let error = model.predict(&batch, sample) - target(sample, score_share);
                        f64::from(error * error)
                    })
                    .sum::<f64>()
            })
        });
        total += sums.iter().sum::<f64>();
        Ok(())
    })?;
    Ok(total / data.len() as f64)
}
