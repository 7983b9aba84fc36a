//! The command line of `kaiser spsa`: tunes the search parameters by games (`spsa`). Each
//! iteration's plus and minus sides are the same engine with different `setoption` values,
//! played against each other by the match runner from random test openings, each opening once
//! with each colour.

use super::cli::variant;
use super::matches::cli::{DEFAULT_STALL_TIMEOUT, DEFAULT_TIME_MARGIN};
use super::matches::engine::EngineConfig;
use super::matches::openings;
use super::matches::runner::{self, MatchConfig, VariantOpenings};
use super::matches::time_control::{ClockSpec, TimeControl};
use super::spsa::{Perturbation, Spsa, DEFAULT_R_END};
use anyhow::{bail, ensure, Context, Result};
use kaiser_engine::search::Parameters;
use kaiser_engine::Variant;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::path::PathBuf;

/// `kaiser spsa`'s arguments.
#[derive(clap::Args, Debug)]
#[command(
    about = "Tunes the search parameters by games (SPSA, as OpenBench runs it)",
    long_about = "Tunes the search parameters (`Parameters::SPECS`, each settable as a UCI \
                  option of its own name) by games, with OpenBench's SPSA: every iteration \
                  plays game pairs between the engine with all tuned parameters moved one way \
                  and the engine with them moved the other way, and steps the parameters \
                  towards the side that scored better. The run is saved to --state after every \
                  iteration; the same command resumes it. At the end, and whenever it is \
                  stopped, the state file holds the tuned values.",
    after_long_help = "Example:\n  kaiser spsa --state /work/runs/spsa/lmr.json --params \
                       lmr_base_centi,lmr_divisor_centi --iterations 2000 --tc 5+0.05"
)]
pub struct Args {
    /// The run's state: created if missing, resumed if it exists.
    #[arg(long, value_name = "FILE")]
    state: PathBuf,
    /// The engine whose parameters are tuned (default: this binary).
    #[arg(long, value_name = "PATH")]
    engine: Option<PathBuf>,
    #[arg(long, value_name = "V", default_value_t = Variant::Empire, value_parser = variant(),
          ignore_case = true)]
    variant: Variant,
    /// The time control of every game, as `kaiser match -tc`.
    #[arg(long, default_value = "5+0.05")]
    tc: String,
    /// Starting positions, one FEN or EPD a line (default: the variant's built-in test
    /// openings).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// The parameters to tune, comma-separated (default: all; a new run only).
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    params: Vec<String>,
    /// The run's length, which sets the schedules (a new run only) [default: 1000].
    #[arg(long)]
    iterations: Option<u32>,
    /// The learning rate at the last iteration (OpenBench's r_end; a new run only) [default:
    /// 0.002].
    #[arg(long)]
    r_end: Option<f64>,
    /// Seeds the perturbations and the openings (a new run only) [default: 1].
    #[arg(long)]
    seed: Option<u64>,
    /// Game pairs an iteration.
    #[arg(long, default_value_t = 2)]
    pairs: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    concurrency: usize,
    /// More options for both sides, NAME=VALUE (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Prints the saved run's values (against the defaults, and as `kaiser match` engine
    /// options) without playing.
    #[arg(long, conflicts_with_all = ["engine", "tc", "openings", "params", "iterations",
          "r_end", "seed", "pairs", "concurrency", "options"])]
    show: bool,
}

/// Runs `kaiser spsa ...`.
pub fn run(args: Args) -> Result<()> {
    ensure!(
        args.pairs > 0 && args.concurrency > 0,
        "--pairs and --concurrency must be positive"
    );
    if args.show {
        let spsa = Spsa::load(&args.state)?;
        println!(
            "{}: {} of {} iterations",
            args.state.display(),
            spsa.done,
            spsa.iterations
        );
        print_values(&spsa);
        return Ok(());
    }
    let mut spsa = start_or_resume(&args)?;
    let engine = match &args.engine {
        Some(path) => path.clone(),
        None => std::env::current_exe().context("finding this binary")?,
    };
    let clock = ClockSpec::parse(&args.tc)?;
    let openings = match &args.openings {
        Some(path) => openings::read_file(path, args.variant)?,
        None => openings::built_in(args.variant),
    };
    ensure!(!openings.is_empty(), "no openings to play from");
    let mut options = vec![
        ("Hash".to_string(), "16".to_string()),
        ("Threads".to_string(), "1".to_string()),
    ];
    for option in &args.options {
        let (name, value) = option
            .split_once('=')
            .with_context(|| format!("--option {option}: expected NAME=VALUE"))?;
        options.push((name.trim().to_string(), value.trim().to_string()));
    }
    let names: Vec<String> = spsa.tunables.iter().map(|t| t.name.clone()).collect();
    let side = |name: &str, values: &[i32]| EngineConfig {
        name: name.to_string(),
        command: engine.clone(),
        options: options
            .iter()
            .cloned()
            .chain(names.iter().cloned().zip(values.iter().map(i32::to_string)))
            .collect(),
        time_control: TimeControl {
            clock: Some(clock),
            ..TimeControl::default()
        },
        time_margin: DEFAULT_TIME_MARGIN,
        ..EngineConfig::default()
    };
    if !spsa.finished() {
        println!(
            "SPSA: {} parameters, from iteration {} of {}, {} pairs an iteration at {}",
            spsa.tunables.len(),
            spsa.done + 1,
            spsa.iterations,
            args.pairs,
            args.tc
        );
    }
    while !spsa.finished() {
        let perturbation = spsa.perturb();
        let mut rng = StdRng::seed_from_u64(spsa.seed ^ u64::from(perturbation.iteration));
        let chosen: Vec<String> = (0..args.pairs)
            .map(|_| openings.choose(&mut rng).expect("openings").clone())
            .collect();
        let config = MatchConfig {
            variants: vec![VariantOpenings {
                variant: args.variant,
                openings: chosen,
            }],
            adjudication: Default::default(),
            stall_timeout: DEFAULT_STALL_TIMEOUT,
            engines: [
                side("plus", &perturbation.plus),
                side("minus", &perturbation.minus),
            ],
            games: 2 * args.pairs,
            concurrency: args.concurrency,
            pgn_out: None,
            sprt: None,
        };
        let report = runner::run(&config, |_, _| {})?;
        let games = report.tally.games;
        let result = games.wins() as f64 - games.losses() as f64;
        spsa.update(&perturbation, result);
        spsa.save(&args.state)?;
        report_iteration(
            &spsa,
            &perturbation,
            games.wins(),
            games.draws(),
            games.losses(),
        );
    }
    println!("done: {} iterations", spsa.done);
    print_values(&spsa);
    Ok(())
}

/// The run's values, each against its default, then as options for `kaiser match -engine`
/// (the SPRT of the tuned values against the defaults).
fn print_values(spsa: &Spsa) {
    let defaults = Parameters::default();
    println!("tuned values:");
    for (name, value) in spsa.values() {
        let default = defaults.get(name).unwrap_or(value);
        println!("  {name} = {value} (default {default})");
    }
    let options: Vec<String> = spsa
        .values()
        .map(|(name, value)| format!("option.{name}={value}"))
        .collect();
    println!("as match options: {}", options.join(" "));
}

/// The saved run at `--state`, or a new one.
fn start_or_resume(args: &Args) -> Result<Spsa> {
    if !args.state.exists() {
        let spsa = Spsa::new(
            &args.params,
            args.iterations.unwrap_or(1000),
            args.r_end.unwrap_or(DEFAULT_R_END),
            args.seed.unwrap_or(1),
        )?;
        spsa.save(&args.state)?;
        return Ok(spsa);
    }
    let spsa = Spsa::load(&args.state)?;
    let names: Vec<&str> = spsa.tunables.iter().map(|t| t.name.as_str()).collect();
    // The run keeps its parameters in declaration order, whatever order --params gave.
    let same_params = {
        let mut given: Vec<&str> = args.params.iter().map(String::as_str).collect();
        let mut saved = names.clone();
        given.sort_unstable();
        saved.sort_unstable();
        given == saved
    };
    let differs = (!args.params.is_empty() && !same_params)
        || args.iterations.is_some_and(|n| n != spsa.iterations)
        || args.seed.is_some_and(|s| s != spsa.seed)
        || args
            .r_end
            .is_some_and(|r| spsa.tunables.iter().any(|t| t.r_end != r));
    if differs {
        bail!(
            "{} holds a run with other settings ({} iterations, seed {}, parameters {}); \
             resume it without --params, --iterations, --r-end and --seed, or start a new \
             state file",
            args.state.display(),
            spsa.iterations,
            spsa.seed,
            names.join(",")
        );
    }
    println!(
        "resuming {} after iteration {}",
        args.state.display(),
        spsa.done
    );
    Ok(spsa)
}

fn report_iteration(spsa: &Spsa, p: &Perturbation, wins: u64, draws: u64, losses: u64) {
    let values: Vec<String> = spsa
        .values()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    println!(
        "iteration {}/{}: plus {wins}-{draws}-{losses}; {}",
        p.iteration,
        spsa.iterations,
        values.join(" ")
    );
}
