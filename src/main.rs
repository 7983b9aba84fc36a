//! The `kaiser` binary: without arguments it speaks UCI; `kaiser <tool> ...` runs a tool. The
//! command line is clap's (derive API): perft and bench are declared here, every other tool's
//! arguments in its `kaiser_tools` module.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use kaiser_engine::{bench, Position, Variant};
use kaiser_rules::perft;
use kaiser_tools::cli::{positive, variant};
use kaiser_tools::{
    analyse_cli, book_cli, data_cli, datagen_cli, matches, nnue_cli, openings_cli, sprt_cli,
    spsa_cli, tune_cli,
};
use std::time::Instant;

/// Kaiser, a chess-variant engine for Empire Chess, Orda Chess and standard chess.
#[derive(Parser)]
#[command(
    name = "kaiser",
    version,
    long_about = "Kaiser, a chess-variant engine for Empire Chess, Orda Chess and standard \
                  chess.\n\nWithout a command it speaks the UCI protocol on standard input and \
                  output (for GUIs and match runners), or XBoard's protocol when the first \
                  line is `xboard`; with a command it runs that tool. \
                  `kaiser <COMMAND> --help` explains each."
)]
struct Cli {
    #[command(subcommand)]
    tool: Option<Tool>,
}

#[derive(Subcommand)]
enum Tool {
    Perft(PerftArgs),
    Bench(BenchArgs),
    Openings(openings_cli::Args),
    #[command(visible_alias = "analyze")]
    Analyse(analyse_cli::Args),
    Book(book_cli::Args),
    Match(matches::cli::Args),
    Sprt(sprt_cli::Args),
    Spsa(spsa_cli::Args),
    Datagen(datagen_cli::Args),
    Data(data_cli::Args),
    Tune(tune_cli::Args),
    Nnue(nnue_cli::Args),
}

/// `kaiser perft`'s arguments.
#[derive(clap::Args)]
#[command(
    about = "Counts the leaf nodes of the legal move tree",
    long_about = "Counts the leaf nodes of the legal move tree to a depth: with --divide, one \
                  line per move in Stockfish's format (`e1f2: 13352`), then `Nodes searched: \
                  N`. Time and speed go to standard error."
)]
struct PerftArgs {
    /// The depth in plies
    depth: u32,
    /// The variant
    #[arg(long, value_name = "V", default_value_t = Variant::Empire, value_parser = variant(),
          ignore_case = true)]
    variant: Variant,
    /// The position (quote it); default: the variant's start position
    #[arg(long)]
    fen: Option<String>,
    /// Show the count under each move
    #[arg(long)]
    divide: bool,
}

/// `kaiser bench`'s arguments.
#[derive(clap::Args)]
#[command(
    about = "Searches fixed positions to a fixed depth: the node count is the signature",
    long_about = "Searches a fixed set of positions to a fixed depth with one thread and 16 MiB \
                  of hash; the last line is `Bench: <nodes> nodes <nps> nps`. Without \
                  --variant: the Empire and chess positions, whose node count is the signature \
                  quoted in commits that change search or evaluation; with it, that variant's \
                  positions only."
)]
struct BenchArgs {
    /// The depth searched
    #[arg(default_value_t = bench::DEFAULT_DEPTH, value_parser = positive::<u32>)]
    depth: u32,
    /// Search only this variant's positions
    #[arg(long, value_name = "V", value_parser = variant(), ignore_case = true)]
    variant: Option<Variant>,
}

fn main() {
    let cli = Cli::parse();
    if cli.tool.as_ref().is_some_and(Tool::only_writes) {
        end_quietly_when_the_reader_goes();
    }
    if let Err(err) = run(cli.tool) {
        eprintln!("error: {err:#}");
        std::process::exit(2);
    }
}

impl Tool {
    /// True for a tool that talks to no other process, only to its own output. The match
    /// runners (`match`, `spsa`) write to engines that may die, and must see that as an error.
    fn only_writes(&self) -> bool {
        !matches!(self, Tool::Match(_) | Tool::Spsa(_))
    }
}

/// A tool whose output is piped into a reader that stops early (`kaiser perft 6 --divide |
/// head`) ends there, as Unix tools do, rather than panicking in `println!` on the closed pipe:
/// the default action of SIGPIPE, which Rust's runtime sets to be ignored, is restored.
fn end_quietly_when_the_reader_goes() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default touches no Rust state; this runs
    // before any other thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn run(tool: Option<Tool>) -> Result<()> {
    match tool {
        None => {
            kaiser_engine::protocol::run();
            Ok(())
        }
        Some(Tool::Perft(args)) => run_perft(args),
        Some(Tool::Bench(args)) => run_bench(args),
        Some(Tool::Openings(args)) => openings_cli::run(args),
        Some(Tool::Analyse(args)) => analyse_cli::run(args),
        Some(Tool::Book(args)) => book_cli::run(args),
        Some(Tool::Match(args)) => matches::cli::run(args),
        Some(Tool::Sprt(args)) => sprt_cli::run(args),
        Some(Tool::Spsa(args)) => spsa_cli::run(args),
        Some(Tool::Datagen(args)) => datagen_cli::run(args),
        Some(Tool::Data(args)) => data_cli::run(args),
        Some(Tool::Tune(args)) => tune_cli::run(args),
        Some(Tool::Nnue(args)) => nnue_cli::run(args),
    }
}

fn run_perft(args: PerftArgs) -> Result<()> {
    let mut pos = match &args.fen {
        Some(fen) => Position::from_fen(fen, args.variant).context("bad --fen")?,
        None => Position::startpos(args.variant),
    };
    let start = Instant::now();
    let nodes = if args.divide {
        let lines = perft::divide(&mut pos, args.depth);
        for (m, n) in &lines {
            println!("{m}: {n}");
        }
        println!();
        lines.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft(&mut pos, args.depth)
    };
    let elapsed = start.elapsed();
    println!("Nodes searched: {nodes}");
    eprintln!(
        "time {} ms, {:.1} Mnps",
        elapsed.as_millis(),
        nodes as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6
    );
    Ok(())
}

fn run_bench(args: BenchArgs) -> Result<()> {
    let variants = match &args.variant {
        Some(variant) => std::slice::from_ref(variant),
        None => bench::SIGNATURE_VARIANTS,
    };
    bench::run(args.depth, variants, &mut std::io::stdout().lock())?;
    Ok(())
}
