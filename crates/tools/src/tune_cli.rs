//! The command line of `kaiser tune`.

use super::cli::{positive, variant};
use super::progress::Progress;
use super::tune::{self, Schedule};
use super::weights_file;
use anyhow::{bail, Context, Result};
use kaiser_engine::eval::weights;
use kaiser_engine::Variant;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// `kaiser tune`'s arguments.
#[derive(Debug, clap::Args)]
#[command(
    about = "Fits the evaluation's weights to game results and writes them into the source",
    long_about = "Fits the evaluation's weights to game results (Texel's method).",
    after_long_help = AFTER_HELP
)]
pub struct Args {
    /// A data file of `kaiser datagen`, a directory of them (every .kgd file under it), or a
    /// file of `FEN | RESULT` lines (the earlier text format)
    #[arg(long, value_name = "PATH")]
    data: PathBuf,
    /// The variant of the data and of the weights tuned
    #[arg(long, value_name = "V", default_value_t = Variant::Empire, value_parser = variant(),
          ignore_case = true)]
    variant: Variant,
    /// Gradient steps over the whole training set
    #[arg(long, value_name = "N", default_value_t = 1000)]
    epochs: usize,
    /// Adam's step size, in weight units
    #[arg(
        long,
        value_name = "R",
        default_value_t = 1.0,
        allow_negative_numbers = true
    )]
    rate: f64,
    /// The penalty L * sum((w - w0)^2) holding weights near where they start (0 for none)
    #[arg(
        long,
        value_name = "L",
        default_value_t = 1e-8,
        allow_negative_numbers = true
    )]
    regularise: f64,
    /// Sections left as they are, by name: material, pst, camp-distance, camp-road,
    /// mobility-capture, mobility-quiet, king-attack, threats, passed, pawns, kings (e.g. to tune
    /// a build without a term, freeze it at zero)
    #[arg(long, value_name = "SECTION,...", value_delimiter = ',')]
    freeze: Vec<String>,
    /// Every Nth game is kept out of training to measure the fit
    #[arg(long, value_name = "N", default_value_t = 10)]
    holdout: usize,
    /// Threads computing the gradient
    #[arg(long, value_name = "T", default_value_t = 2, value_parser = positive::<usize>)]
    threads: usize,
    /// The scaling constant (default: fitted to the data first)
    #[arg(long, value_name = "K", allow_negative_numbers = true)]
    k: Option<f64>,
    /// Where the tuned weights are written (default
    /// crates/engine/src/eval/weights/<variant>.rs; rebuild Kaiser to use them)
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

const AFTER_HELP: &str = "\
It starts from the weights Kaiser is built with, fits K, then moves every weight at once and
prints the loss (mean squared error against the results) on the training positions and on the
held-out ones, before and after. See tuning/README.md for the whole recipe.

Example:
  kaiser tune --data ~/.local/share/kaiser/empire --epochs 2000";

/// Runs `kaiser tune`.
pub fn run(args: Args) -> Result<()> {
    let schedule = Schedule {
        epochs: args.epochs,
        rate: args.rate,
        regularisation: args.regularise,
        threads: args.threads,
    };
    if args.holdout < 2 {
        bail!("--holdout must be at least 2");
    }
    if !(schedule.rate > 0.0 && schedule.rate.is_finite()) {
        bail!("--rate must be a positive number");
    }
    if !(schedule.regularisation >= 0.0 && schedule.regularisation.is_finite()) {
        bail!("--regularise must be a number, 0 or more");
    }
    if args.k.is_some_and(|k| !(k > 0.0 && k.is_finite())) {
        bail!("--k must be a positive number");
    }
    let frozen = tune::frozen_weights(&args.freeze)?;
    let variant = args.variant;
    let data_file = args.data.display();
    let out = args.out.unwrap_or_else(|| {
        PathBuf::from(format!(
            "crates/engine/src/eval/weights/{}.rs",
            variant.name()
        ))
    });

    let start = Instant::now();
    let data = tune::read_path(&args.data, variant, args.holdout)
        .with_context(|| format!("cannot read {data_file}"))?;
    if data.train.is_empty() || data.holdout.is_empty() {
        bail!(
            "{data_file} gives {} training and {} held-out positions: both are needed",
            data.train.len(),
            data.holdout.len()
        );
    }
    eprintln!(
        "{} training positions, {} held out, read in {:.1} s",
        data.train.len(),
        data.holdout.len(),
        start.elapsed().as_secs_f64()
    );

    let mut params = tune::to_params(weights(variant));
    let threads = schedule.threads;
    let k = args
        .k
        .unwrap_or_else(|| tune::fit_k(&params, &data.train, threads));
    let before = [&data.train, &data.holdout].map(|set| tune::loss(&params, k, set, threads));
    eprintln!(
        "K = {k:.6}; loss before: training {:.6}, held out {:.6}",
        before[0], before[1]
    );
    let progress = Progress::new(schedule.epochs as u64, Duration::ZERO);
    tune::optimise(
        &mut params,
        &frozen,
        k,
        &data.train,
        schedule,
        &mut |epoch, loss, params| {
            if epoch % 50 == 0 || epoch == schedule.epochs {
                let held_out = tune::loss(params, k, &data.holdout, threads);
                let message = format!(
                    "epoch {epoch}/{}: training {loss:.6}, held out {held_out:.6}, {:.0} s",
                    schedule.epochs,
                    start.elapsed().as_secs_f64()
                );
                progress.update(epoch as u64, schedule.epochs as u64, message);
            }
        },
    );
    progress.finish();
    let tuned = tune::to_weights(&params);
    let rounded = tune::to_params(&tuned);
    let after = [&data.train, &data.holdout].map(|set| tune::loss(&rounded, k, set, threads));
    eprintln!(
        "loss after (rounded weights): training {:.6}, held out {:.6}",
        after[0], after[1]
    );
    std::fs::write(&out, weights_file::render(variant, &tuned))
        .with_context(|| format!("cannot write {}", out.display()))?;
    eprintln!(
        "weights written to {}; rebuild Kaiser to use them",
        out.display()
    );
    Ok(())
}
