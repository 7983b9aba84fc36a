//! The command line of `kaiser nnue`: training Kaiser's networks.

use super::cli::variant;
use super::data::store;
use super::nnue::checkpoint::Checkpoint;
use super::nnue::dataset;
use super::nnue::model::Model;
use super::nnue::train::{self, checkpoint_path, Settings};
use anyhow::{bail, Result};
use kaiser_engine::eval::nnue::MAX_OUTPUT_BUCKETS;
use kaiser_engine::Variant;
use std::path::PathBuf;
use std::time::Instant;

/// `kaiser nnue`'s arguments.
#[derive(clap::Args, Debug)]
#[command(about = "Kaiser's learned evaluation (NNUE): trains networks on training data")]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Trains a network on training data from `kaiser datagen`.
    ///
    /// The network is Kaiser's perspective net: for each side's view, one input per (piece type,
    /// own or the opponent's, square), into 128 hidden neurons, both halves through a squared
    /// clipped ReLU into one output, with its own weights for each range of piece counts (see
    /// --output-buckets). The target blends the search's score, as a winning chance,
    /// and the game's result (see --score-share). After every epoch the quantised net is written
    /// to OUT, which the engine loads with `setoption name EvalFile value OUT`, and the run's
    /// state to OUT.ckpt, from which --resume continues.
    Train(TrainArgs),
}

#[derive(clap::Args, Debug)]
struct TrainArgs {
    /// The game the data and the network are for.
    #[arg(long, value_name = "V", default_value_t = Variant::Empire, value_parser = variant(),
          ignore_case = true)]
    variant: Variant,
    /// A data file or a directory of them (default: the variant's data directory).
    #[arg(long)]
    data: Option<PathBuf>,
    /// Where the quantised network goes.
    #[arg(long)]
    out: PathBuf,
    /// Epochs in the whole run (a resumed run counts those already done).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    epochs: u32,
    /// Positions a mini-batch.
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// The learning rate at the start; a cosine schedule lowers it to 5% by the end.
    #[arg(long, default_value_t = 0.001)]
    rate: f32,
    /// The share of the search's score in the target, 0 to 1; the game's result has the rest.
    #[arg(long, default_value_t = 0.75)]
    score_share: f32,
    /// Every Nth game is held out to measure the loss on positions not trained on.
    #[arg(long, default_value_t = 20)]
    holdout: usize,
    /// Also trains on each position mirrored left to right (files a-h swapped), which every
    /// variant's pieces leave worth the same, where no side may castle.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    mirror: bool,
    /// Output buckets: the output layer has a set of weights for each of this many equal ranges
    /// of the number of pieces on the board (1 to 16; 1 is a single output). A resumed run
    /// keeps its own.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_OUTPUT_BUCKETS as i64))]
    output_buckets: u16,
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Seeds the starting weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Continues the run saved in OUT.ckpt.
    #[arg(long)]
    resume: bool,
}

/// Runs `kaiser nnue ...`.
pub fn run(args: Args) -> Result<()> {
    match args.command {
        Command::Train(args) => run_train(args),
    }
}

fn run_train(args: TrainArgs) -> Result<()> {
    if !(0.0..=1.0).contains(&args.score_share) {
        bail!(
            "--score-share must be between 0 and 1, not {}",
            args.score_share
        );
    }
    if args.batch == 0 || args.holdout < 2 {
        bail!("--batch must be at least 1 and --holdout at least 2");
    }
    let data = match args.data {
        Some(path) => path,
        None => store::default_dir()?.join(args.variant.name()),
    };
    let started = Instant::now();
    let split = dataset::read(&data, args.variant, args.holdout, args.mirror)?;
    println!(
        "{}: {} games, {} training positions, {} held out (every {}th game), read in {:.1} s",
        data.display(),
        split.games,
        split.train.len(),
        split.holdout.len(),
        args.holdout,
        started.elapsed().as_secs_f64()
    );
    if split.train.is_empty() {
        bail!("no training positions in {}", data.display());
    }
    let mut state = match args.resume {
        true => {
            let state = Checkpoint::load(&checkpoint_path(&args.out), args.variant)?;
            if state.epoch >= args.epochs as usize {
                bail!(
                    "{} has already trained {} epochs: ask for more with --epochs",
                    checkpoint_path(&args.out).display(),
                    state.epoch
                );
            }
            println!(
                "resuming after epoch {} ({} output buckets)",
                state.epoch, state.model.buckets
            );
            state
        }
        false => Checkpoint::start(Model::random(
            args.variant,
            usize::from(args.output_buckets),
            args.seed,
        )),
    };
    let settings = Settings {
        epochs: args.epochs as usize,
        batch: args.batch,
        rate: args.rate,
        score_share: args.score_share,
        threads: args.threads,
        seed: args.seed,
        out: args.out.clone(),
    };
    let before = train::loss(
        &state.model,
        &split.holdout,
        settings.score_share,
        settings.threads,
    );
    println!("held-out loss before: {before:.6}");
    train::train(&mut state, &split.train, &split.holdout, &settings, |r| {
        println!(
            "epoch {:>3}/{}  train loss {:.6}  held-out loss {:.6}  rate {:.6}  {:.1} s ({:.0} positions/s)",
            r.epoch, settings.epochs, r.train_loss, r.holdout_loss, r.rate, r.seconds, r.positions_per_second
        );
    })?;
    println!(
        "wrote {} (and {})",
        args.out.display(),
        checkpoint_path(&args.out).display()
    );
    Ok(())
}
