//! The command line of `kaiser book`: `book build` (with a progress bar on standard error) and
//! `book probe`.

use super::book_build::{self, Config};
use super::cli::{positive, variant, PositionArgs};
use super::file_out;
use super::progress::Progress;
use anyhow::{bail, Context, Result};
use kaiser_engine::book::Book;
use kaiser_engine::notation::to_san;
use kaiser_engine::Variant;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// `kaiser book`'s arguments.
#[derive(Debug, clap::Args)]
#[command(
    about = "Builds an opening book from Kaiser's searches, or lists a book's moves",
    long_about = "Kaiser's own opening book (the UCI options OwnBook and BookFile): builds one \
                  from Kaiser's searches, or lists a book's moves for a position.",
    after_long_help = "The file format and the recipe of the shipped books are described in \
                       book/README.md."
)]
pub struct Args {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Debug, clap::Subcommand)]
enum BookCommand {
    Build(BuildArgs),
    Probe(ProbeArgs),
}

/// The defaults of `book build`: those of the shipped Empire book.
fn defaults() -> Config {
    Config::new(Variant::Empire)
}

/// `kaiser book build`'s arguments.
#[derive(Debug, clap::Args)]
#[command(
    about = "Builds a book from Kaiser's searches",
    long_about = "Builds a book from Kaiser's searches. Every position up to N-1 plies from the \
                  start that the book's own moves lead to is searched to depth D with K lines; \
                  the moves scoring at most CP centipawns below the best are kept, weighted \
                  `CP + 1 - loss`. One thread, with the hash table cleared before each position: \
                  the same command and build give the same file. A progress bar goes to \
                  standard error."
)]
struct BuildArgs {
    /// Where the book is written
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The variant
    #[arg(long, value_name = "V", default_value_t = defaults().variant, value_parser = variant(),
          ignore_case = true)]
    variant: Variant,
    /// Positions fewer than N plies from the start get book moves
    #[arg(long, value_name = "N", default_value_t = defaults().plies)]
    plies: u32,
    /// The depth of each search
    #[arg(long, value_name = "D", default_value_t = defaults().depth,
          value_parser = positive::<u32>)]
    depth: u32,
    /// Lines searched per position: at most K moves are kept
    #[arg(long, value_name = "K", default_value_t = defaults().multipv,
          value_parser = positive::<usize>)]
    multipv: usize,
    /// Keep moves scoring at most CP centipawns below the best
    #[arg(long, value_name = "CP", default_value_t = defaults().window_cp,
          value_parser = clap::value_parser!(i32).range(0..))]
    window: i32,
    /// Hash table size in MiB
    #[arg(long, value_name = "MB", default_value_t = defaults().hash_mb,
          value_parser = positive::<usize>)]
    hash: usize,
}

/// `kaiser book probe`'s arguments.
#[derive(Debug, clap::Args)]
#[command(
    about = "Lists a book's moves for a position",
    long_about = "Lists the book's legal moves for a position (default: the variant's start; \
                  --moves in UCI or SAN from there), heaviest first, with their weights and \
                  chances."
)]
struct ProbeArgs {
    /// The book file; default: the book built into this binary for the variant
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs `kaiser book ...`.
pub fn run(args: Args) -> Result<()> {
    match args.command {
        BookCommand::Build(args) => build(args),
        BookCommand::Probe(args) => probe(args),
    }
}

fn build(args: BuildArgs) -> Result<()> {
    let config = Config {
        variant: args.variant,
        plies: args.plies,
        depth: args.depth,
        multipv: args.multipv,
        window_cp: args.window,
        hash_mb: args.hash,
    };
    let start = Instant::now();
    let progress = Progress::new(1, Duration::from_secs(10));
    let book = book_build::build(&config, &mut |p| {
        let message = format!(
            "ply {}/{}: {}/{} positions, {} moves",
            p.ply + 1,
            p.plies,
            p.done,
            p.in_ply,
            p.entries
        );
        progress.update(p.done as u64, p.in_ply as u64, message);
    });
    progress.finish();
    let bytes = book.to_bytes();
    let out = &args.out;
    file_out::write_whole(out, &bytes)?;
    eprintln!(
        "wrote {}: {} book, {} positions, {} moves, {} bytes, in {:.0} s",
        out.display(),
        book.variant(),
        book.positions(),
        book.len(),
        bytes.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn probe(args: ProbeArgs) -> Result<()> {
    let position = &args.position;
    let loaded;
    let book = match &args.book {
        Some(path) => {
            loaded = Book::load(path).with_context(|| format!("book {}", path.display()))?;
            &loaded
        }
        None => Book::built_in(position.variant)
            .with_context(|| format!("no book is built in for {}", position.variant))?,
    };
    let pos = position.position()?;
    if book.variant() != pos.variant() {
        bail!(
            "the book is for {}, the position is {} (use --variant {})",
            book.variant(),
            pos.variant(),
            book.variant()
        );
    }
    println!("{}", pos.fen());
    let moves = book.moves(&pos);
    if moves.is_empty() {
        println!("no book move");
    }
    let total: u32 = moves.iter().map(|&(_, w)| u32::from(w)).sum();
    for (m, weight) in moves {
        println!(
            "{:<8} {m:<6} weight {weight:>5}  {:>5.1}%",
            to_san(&pos, m),
            f64::from(weight) * 100.0 / f64::from(total)
        );
    }
    Ok(())
}
