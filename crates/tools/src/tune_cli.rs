//! The command line of `kaiser tune`.

use super::args::flag_value;
use super::tune::{self, Schedule};
use super::weights_file;
use anyhow::{bail, Context, Result};
use kaiser_engine::eval::weights;
use kaiser_engine::Variant;
use std::io::Write;
use std::time::Instant;

/// `kaiser tune --help`.
pub const HELP: &str = "\
kaiser tune: fits the evaluation's weights to game results (Texel's method).

Usage:
  kaiser tune --data PATH [--variant empire|orda|chess] [--epochs N] [--rate R]
              [--regularise L] [--freeze SECTION,...] [--holdout N] [--threads T] [--k K]
              [--out FILE]

  --data PATH     a data file of `kaiser datagen`, a directory of them (every .kgd file
                  under it), or a file of `FEN | RESULT` lines (the earlier text format)
  --variant V     the variant of the data and of the weights tuned (default empire)
  --epochs N      gradient steps over the whole training set (default 1000)
  --rate R        Adam's step size, in weight units (default 1.0)
  --regularise L  the penalty L * sum((w - w0)^2) holding weights near where they start
                  (default 1e-8; 0 for none)
  --freeze S,...  sections left as they are, by name: material, pst, camp-distance,
                  camp-road, mobility-capture, mobility-quiet, king-attack, threats, passed,
                  pawns, kings (e.g. to tune a build without a term, freeze it at zero)
  --holdout N     every Nth game is kept out of training to measure the fit (default 10)
  --threads T     threads computing the gradient (default 2)
  --k K           the scaling constant (default: fitted to the data first)
  --out FILE      where the tuned weights are written
                  (default crates/engine/src/eval/weights/<variant>.rs; rebuild Kaiser to use them)

It starts from the weights Kaiser is built with, fits K, then moves every weight at once and
prints the loss (mean squared error against the results) on the training positions and on the
held-out ones, before and after. See tuning/README.md for the whole recipe.

Example:
  kaiser tune --data ~/.local/share/kaiser/empire --epochs 2000";

/// Runs `kaiser tune ...`.
pub fn run(args: &[String]) -> Result<()> {
    let mut variant = Variant::Empire;
    let (mut data_file, mut out, mut fixed_k) = (None, None, None);
    let mut holdout = 10;
    let mut frozen = Vec::new();
    let mut schedule = Schedule {
        epochs: 1000,
        rate: 1.0,
        regularisation: 1e-8,
        threads: 2,
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--data" => data_file = Some(flag_value::<String>(arg, rest.next())?),
            "--variant" => variant = flag_value(arg, rest.next())?,
            "--epochs" => schedule.epochs = flag_value(arg, rest.next())?,
            "--rate" => schedule.rate = flag_value(arg, rest.next())?,
            "--regularise" => schedule.regularisation = flag_value(arg, rest.next())?,
            "--holdout" => holdout = flag_value(arg, rest.next())?,
            "--freeze" => {
                let names: String = flag_value(arg, rest.next())?;
                frozen.extend(names.split(',').map(|name| name.trim().to_string()));
            }
            "--threads" => schedule.threads = flag_value(arg, rest.next())?,
            "--k" => fixed_k = Some(flag_value::<f64>(arg, rest.next())?),
            "--out" => out = Some(flag_value::<String>(arg, rest.next())?),
            "--help" | "-h" => {
                println!("{HELP}");
                return Ok(());
            }
            other => bail!("unexpected argument '{other}' (see kaiser tune --help)"),
        }
    }
    if holdout < 2 || schedule.threads == 0 {
        bail!("--holdout must be at least 2 and --threads at least 1");
    }
    if !(schedule.rate > 0.0 && schedule.rate.is_finite()) {
        bail!("--rate must be a positive number");
    }
    if !(schedule.regularisation >= 0.0 && schedule.regularisation.is_finite()) {
        bail!("--regularise must be a number, 0 or more");
    }
    if fixed_k.is_some_and(|k| !(k > 0.0 && k.is_finite())) {
        bail!("--k must be a positive number");
    }
    let frozen = tune::frozen_weights(&frozen)?;
    let data_file = data_file.context("tune needs --data FILE (see kaiser tune --help)")?;
    let out =
        out.unwrap_or_else(|| format!("crates/engine/src/eval/weights/{}.rs", variant.name()));

    let start = Instant::now();
    let data = tune::read_path(std::path::Path::new(&data_file), variant, holdout)
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
    let k = fixed_k.unwrap_or_else(|| tune::fit_k(&params, &data.train, threads));
    let before = [&data.train, &data.holdout].map(|set| tune::loss(&params, k, set, threads));
    eprintln!(
        "K = {k:.6}; loss before: training {:.6}, held out {:.6}",
        before[0], before[1]
    );
    tune::optimise(
        &mut params,
        &frozen,
        k,
        &data.train,
        schedule,
        &mut |epoch, loss, params| {
            if epoch % 50 == 0 || epoch == schedule.epochs {
                let held_out = tune::loss(params, k, &data.holdout, threads);
                let _ = write!(
                    std::io::stderr(),
                    "\repoch {epoch}/{}: training {loss:.6}, held out {held_out:.6}, {:.0} s ",
                    schedule.epochs,
                    start.elapsed().as_secs_f64()
                );
            }
        },
    );
    eprintln!();
    let tuned = tune::to_weights(&params);
    let rounded = tune::to_params(&tuned);
    let after = [&data.train, &data.holdout].map(|set| tune::loss(&rounded, k, set, threads));
    eprintln!(
        "loss after (rounded weights): training {:.6}, held out {:.6}",
        after[0], after[1]
    );
    std::fs::write(&out, weights_file::render(variant, &tuned))
        .with_context(|| format!("cannot write {out}"))?;
    eprintln!("weights written to {out}; rebuild Kaiser to use them");
    Ok(())
}
