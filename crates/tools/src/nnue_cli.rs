//! The command line of `kaiser nnue`: training Kaiser's networks and measuring them on data.

use super::cli::{count_up_to, variant};
use super::data::store;
use super::nnue::checkpoint::Checkpoint;
use super::nnue::model::Model;
use super::nnue::stream::{self, Positions};
use super::nnue::train::{self, checkpoint_path, Settings};
use anyhow::{anyhow, bail, Result};
use kaiser_engine::eval::nnue::features::{InputScheme, MAX_KING_BUCKETS};
use kaiser_engine::eval::nnue::{self, Network, MAX_OUTPUT_BUCKETS};
use kaiser_engine::search::MAX_THREADS;
use kaiser_engine::Variant;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `kaiser nnue`'s arguments.
#[derive(clap::Args, Debug)]
#[command(
    about = "Kaiser's learned evaluation (NNUE): trains networks on training data and measures them"
)]
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
    /// and the game's result (see --score-share). The data is streamed: its games are indexed
    /// once, then each epoch reads them in a shuffled order, --window positions at a time, each
    /// window's positions shuffled, so a store of any size trains in bounded memory. After every
    /// epoch the quantised net is written to OUT, which the engine loads with `setoption name
    /// EvalFile value OUT`, and the run's state to OUT.ckpt (also every --save-every batches),
    /// from which --resume continues, within an epoch too. --init starts from a network instead
    /// of random weights.
    Train(TrainArgs),
    /// Measures a network's loss on training data.
    ///
    /// The loss on the positions of the held-out games (the games `train` holds out with the
    /// same --holdout) and on the others, against the target `train` uses. The net's integer
    /// weights are read back as floats, so the loss is that of the net the engine plays, to the
    /// trainer's float arithmetic.
    Loss(LossArgs),
}

/// What `train` and `loss` read and how they score it.
#[derive(clap::Args, Debug)]
struct DataArgs {
    /// The game the data and the network are for.
    #[arg(long, value_name = "V", default_value_t = Variant::Empire, value_parser = variant(),
          ignore_case = true)]
    variant: Variant,
    /// A data file or a directory of them (default: the variant's data directory).
    #[arg(long)]
    data: Option<PathBuf>,
    /// The share of the search's score in the target, 0 to 1; the game's result has the rest.
    #[arg(long, default_value_t = 0.75, allow_negative_numbers = true)]
    score_share: f32,
    /// Every Nth game is held out to measure the loss on positions not trained on.
    #[arg(long, default_value_t = 20)]
    holdout: usize,
    #[arg(long, default_value_t = 2, value_parser = count_up_to(MAX_THREADS))]
    threads: usize,
}

impl DataArgs {
    /// Refuses a target share outside 0..=1 and a hold-out that keeps every game out.
    fn check(&self) -> Result<()> {
        if !(0.0..=1.0).contains(&self.score_share) {
            bail!(
                "--score-share must be between 0 and 1, not {}",
                self.score_share
            );
        }
        if self.holdout < 2 {
            bail!("--holdout must be at least 2");
        }
        Ok(())
    }

    /// Indexes the data (mirrored positions added to the training part when `mirror`), to be
    /// streamed `window` positions at a time, and says what it found.
    fn read(&self, mirror: bool, window: usize) -> Result<stream::Split> {
        let data = match &self.data {
            Some(path) => path.clone(),
            None => store::default_dir()?.join(self.variant.name()),
        };
        let started = Instant::now();
        let split = stream::index(
            &data,
            self.variant,
            self.holdout,
            mirror,
            window,
            self.threads,
        )?;
        println!(
            "{}: {} games, {} training positions, {} held out (every {}th game), indexed in {:.1} s",
            data.display(),
            split.games,
            split.train.len(),
            split.holdout.len(),
            self.holdout,
            started.elapsed().as_secs_f64()
        );
        if split.train.is_empty() {
            bail!("no training positions in {}", data.display());
        }
        Ok(split)
    }
}

#[derive(clap::Args, Debug)]
struct TrainArgs {
    #[command(flatten)]
    data: DataArgs,
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
    #[arg(long, default_value_t = 0.001, allow_negative_numbers = true)]
    rate: f32,
    /// Also trains on each position mirrored left to right (files a-h swapped), which every
    /// variant's pieces leave worth the same, where no side may castle.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    mirror: bool,
    /// Output buckets: the output layer has a set of weights for each of this many equal ranges
    /// of the number of pieces on the board (1 to 16; 1, the default, is a single output). With
    /// `--init` a one-bucket network is given this many, each a copy of its output layer; a
    /// resumed run keeps its own.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_OUTPUT_BUCKETS as i64), conflicts_with = "resume")]
    output_buckets: Option<u16>,
    /// Hidden neurons a side, a multiple of 128 up to 1024 (default 128). With `--init` the
    /// network is widened to this many: the new neurons start with zero output weights, so it
    /// evaluates as before and training puts them to work.
    #[arg(long, value_name = "N", conflicts_with = "resume")]
    hidden: Option<usize>,
    /// King buckets: the first layer again for each bucket of the viewing side's king square,
    /// the board mirrored while that king stands on files e-h. `four` (rank 1 files a-b, rank 1
    /// files c-d, rank 2, ranks 3-8), or 32 buckets by square, rank 1 files a-d first, comma
    /// separated. With `--init` a plain network is given them, each bucket a copy of its first
    /// layer made symmetric left to right (each square's row the mean of its own and its
    /// mirror image's), so it evaluates as before only as far as the plain network is symmetric
    /// (Empire's generation 9 is not: its held-out loss rose from 0.0193 to 0.0245).
    #[arg(long, value_name = "MAP", value_parser = parse_king_buckets, conflicts_with = "resume")]
    king_buckets: Option<InputScheme>,
    /// Positions in memory at a time: each epoch reads the games in a shuffled order, this
    /// many positions' worth at a time, and shuffles the positions of each such window.
    #[arg(long, value_name = "N", default_value_t = 1 << 22)]
    window: usize,
    /// Saves the run's state to OUT.ckpt every N batches too (0: after each epoch only), so
    /// that --resume continues from within an epoch.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    save_every: usize,
    /// Seeds the starting weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Continues the run saved in OUT.ckpt.
    #[arg(long, conflicts_with = "init")]
    resume: bool,
    /// Starts from a network instead of random weights: a file from `nnue train`, or
    /// `built-in` for the variant's own. The run keeps its output buckets unless
    /// `--output-buckets` gives a one-bucket network more. A new generation's data alone can so
    /// refine the net that played it, without the data it was trained on.
    #[arg(long, value_name = "NET")]
    init: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
struct LossArgs {
    #[command(flatten)]
    data: DataArgs,
    /// A network file from `nnue train`, or `built-in` (the default) for the variant's own.
    #[arg(long, value_name = "NET")]
    net: Option<PathBuf>,
}

/// The network that `--init` or `--net` names for `variant`: a file, or the built-in one when
/// `path` is `built-in` or absent.
fn named_network(path: Option<&Path>, variant: Variant) -> Result<Network> {
    match path {
        Some(path) if path != Path::new(BUILT_IN) => {
            Network::load(path, variant).map_err(|e| anyhow!("{}: {e}", path.display()))
        }
        _ => match nnue::embedded(variant) {
            Some(net) => Ok(Network::clone(&net)),
            None => bail!("{variant} has no built-in network: name a network file"),
        },
    }
}

/// `--king-buckets`: `four`, or 32 buckets by square.
fn parse_king_buckets(text: &str) -> Result<InputScheme, String> {
    let map: Vec<u8> = match text {
        "four" => (0..MAX_KING_BUCKETS)
            .map(|i| match i {
                0 | 1 => 0,
                2 | 3 => 1,
                4..=7 => 2,
                _ => 3,
            })
            .collect(),
        _ => text
            .split(',')
            .map(|b| {
                b.trim()
                    .parse::<u8>()
                    .map_err(|_| format!("'{b}' is not a bucket"))
            })
            .collect::<Result<_, _>>()?,
    };
    let map: [u8; MAX_KING_BUCKETS] = map.try_into().map_err(|m: Vec<u8>| {
        format!(
            "{} buckets given, one for each of 32 squares wanted",
            m.len()
        )
    })?;
    let scheme = InputScheme::king_buckets(map);
    if !scheme.is_valid() {
        return Err("every bucket up to the last must be used".into());
    }
    Ok(scheme)
}

/// The width of a network trained from random weights, unless `--hidden` says otherwise.
const DEFAULT_HIDDEN: usize = 128;

/// Positions `loss` holds in memory at a time.
const LOSS_WINDOW: usize = 1 << 20;

/// What `--init` and `--net` take for the variant's built-in network.
const BUILT_IN: &str = "built-in";

/// Runs `kaiser nnue ...`.
pub fn run(args: Args) -> Result<()> {
    match args.command {
        Command::Train(args) => run_train(args),
        Command::Loss(args) => run_loss(args),
    }
}

fn run_train(args: TrainArgs) -> Result<()> {
    args.data.check()?;
    if args.batch == 0 {
        bail!("--batch must be at least 1");
    }
    if !(args.rate > 0.0 && args.rate.is_finite()) {
        bail!("--rate must be a positive number, not {}", args.rate);
    }
    let variant = args.data.variant;
    let mut state = if args.resume {
        let state = Checkpoint::load(&checkpoint_path(&args.out), variant)?;
        if state.epoch >= args.epochs as usize {
            bail!(
                "{} has already trained {} epochs: ask for more with --epochs",
                checkpoint_path(&args.out).display(),
                state.epoch
            );
        }
        println!(
            "resuming after epoch {} ({} hidden neurons a side, {}, {} output buckets)",
            state.epoch, state.model.hidden, state.model.inputs, state.model.buckets
        );
        state
    } else if let Some(path) = &args.init {
        let mut model = Model::from_network(&named_network(Some(path), variant)?);
        if let Some(buckets) = args.output_buckets {
            model = model
                .with_buckets(usize::from(buckets))
                .map_err(|e| anyhow!("{}: {e}", path.display()))?;
        }
        if let Some(hidden) = args.hidden {
            model = model
                .widened(hidden, args.seed)
                .map_err(|e| anyhow!("{}: {e}", path.display()))?;
        }
        if let Some(scheme) = args.king_buckets {
            model = model
                .with_king_buckets(scheme)
                .map_err(|e| anyhow!("{}: {e}", path.display()))?;
        }
        println!(
            "starting from {} ({} hidden neurons a side, {}, {} output buckets)",
            path.display(),
            model.hidden,
            model.inputs,
            model.buckets
        );
        Checkpoint::start(model)
    } else {
        let buckets = usize::from(args.output_buckets.unwrap_or(1));
        let hidden = args.hidden.unwrap_or(DEFAULT_HIDDEN);
        let mut model = Model::random(variant, hidden, buckets, args.seed)?;
        if let Some(scheme) = args.king_buckets {
            model = model.with_king_buckets(scheme)?;
        }
        Checkpoint::start(model)
    };
    if args.window == 0 {
        bail!("--window must be at least 1");
    }
    let split = args.data.read(args.mirror, args.window)?;
    let settings = Settings {
        epochs: args.epochs as usize,
        batch: args.batch,
        rate: args.rate,
        score_share: args.data.score_share,
        threads: args.data.threads,
        seed: args.seed,
        out: args.out.clone(),
        save_every: args.save_every,
    };
    let before = train::loss(
        &state.model,
        &split.holdout,
        settings.score_share,
        settings.threads,
    )?;
    if state.batches > 0 {
        println!(
            "resuming epoch {} after batch {}",
            state.epoch + 1,
            state.batches
        );
    }
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

fn run_loss(args: LossArgs) -> Result<()> {
    args.data.check()?;
    let variant = args.data.variant;
    let model = Model::from_network(&named_network(args.net.as_deref(), variant)?);
    let split = args.data.read(false, LOSS_WINDOW)?;
    let (share, threads) = (args.data.score_share, args.data.threads);
    let held_out = train::loss(&model, &split.holdout, share, threads)?;
    let others = train::loss(&model, &split.train, share, threads)?;
    let (h, o) = (split.holdout.len() as f64, split.train.len() as f64);
    println!(
        "held-out loss {held_out:.6} ({} positions)",
        split.holdout.len()
    );
    println!(
        "loss on the other positions {others:.6} ({})",
        split.train.len()
    );
    println!("loss on all {:.6}", (held_out * h + others * o) / (h + o));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn king_bucket_maps_are_a_preset_or_32_buckets() {
        let four = parse_king_buckets("four").expect("the preset");
        assert_eq!(four.buckets(), 4);
        let list: Vec<String> = (0..32).map(|i| (i / 16).to_string()).collect();
        assert_eq!(parse_king_buckets(&list.join(",")).unwrap().buckets(), 2);
        for bad in ["", "two", "0,1", &["3"; 32].join(",")] {
            assert!(parse_king_buckets(bad).is_err(), "{bad}");
        }
    }
}
