//! The command line of `kaiser book`: `book build` (with a progress bar on standard error) and
//! `book probe`.

use super::args::{flag_value, PositionArgs};
use super::book_build::{self, Config, Progress};
use anyhow::{bail, Context, Result};
use kaiser_engine::book::Book;
use kaiser_engine::notation::to_san;
use kaiser_engine::Variant;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// `kaiser book --help`.
pub const HELP: &str = "\
kaiser book: Kaiser's own opening book (the UCI options OwnBook and BookFile).

Usage:
  kaiser book build --out FILE [--variant empire|orda|chess] [--plies N] [--depth D] [--multipv K]
                    [--window CP] [--hash MB]
      Builds a book from Kaiser's searches. Every position up to N-1 plies from the start that
      the book's own moves lead to (default N = 6) is searched to depth D (default 12) with K
      lines (default 3); the moves scoring at most CP centipawns below the best (default 30)
      are kept, weighted `CP + 1 - loss`. One thread, MB MiB of hash (default 16) cleared
      before each position: the same command and build give the same file. A progress bar
      goes to standard error. The default variant is empire.
  kaiser book probe [--book FILE] [--variant empire|orda|chess] [--fen FEN] [--moves M...]
      Lists the book's legal moves for a position (default: the variant's start; --moves in
      UCI or SAN from there), heaviest first, with their weights and chances. Without --book,
      the book built into this binary for the variant.

The file format and the recipe of the shipped books are described in book/README.md.";

/// Runs `kaiser book ...`.
pub fn run(args: &[String]) -> Result<()> {
    match args.first().map(String::as_str) {
        Some("build") => build(&args[1..]),
        Some("probe") => probe(&args[1..]),
        Some("--help" | "-h" | "help") | None => {
            println!("{HELP}");
            Ok(())
        }
        Some(other) => bail!("unknown book command '{other}' (build or probe)\n\n{HELP}"),
    }
}

fn build(args: &[String]) -> Result<()> {
    let mut config = Config::new(Variant::Empire);
    let mut out = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--out" => out = Some(flag_value::<PathBuf>(arg, rest.next())?),
            "--variant" => config.variant = flag_value(arg, rest.next())?,
            "--plies" => config.plies = flag_value(arg, rest.next())?,
            "--depth" => config.depth = flag_value(arg, rest.next())?,
            "--multipv" => config.multipv = flag_value(arg, rest.next())?,
            "--window" => config.window_cp = flag_value(arg, rest.next())?,
            "--hash" => config.hash_mb = flag_value(arg, rest.next())?,
            "--help" | "-h" => {
                println!("{HELP}");
                return Ok(());
            }
            other => bail!("unexpected argument '{other}' (see kaiser book --help)"),
        }
    }
    let out = out.context("book build needs --out FILE")?;
    if config.depth == 0 || config.multipv == 0 || config.window_cp < 0 {
        bail!("--depth and --multipv must be at least 1, --window at least 0");
    }
    let start = Instant::now();
    let mut stderr = std::io::stderr();
    let book = book_build::build(&config, &mut |p| {
        // Progress is best effort: a closed stderr must not stop the build.
        let _ = write!(stderr, "\r{}", progress_bar(&p, start.elapsed()));
    });
    eprintln!();
    let bytes = book.to_bytes();
    std::fs::write(&out, &bytes).with_context(|| format!("cannot write {}", out.display()))?;
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

/// `ply 3/6 [########------------] 12/27 positions, 45 moves, 1m12s`.
fn progress_bar(p: &Progress, elapsed: Duration) -> String {
    const WIDTH: usize = 20;
    let filled = WIDTH * p.done / p.in_ply.max(1);
    let secs = elapsed.as_secs();
    format!(
        "ply {}/{} [{}{}] {}/{} positions, {} moves, {}m{:02}s ",
        p.ply + 1,
        p.plies,
        "#".repeat(filled),
        "-".repeat(WIDTH - filled),
        p.done,
        p.in_ply,
        p.entries,
        secs / 60,
        secs % 60
    )
}

fn probe(args: &[String]) -> Result<()> {
    let mut position = PositionArgs::new(Variant::Empire);
    let mut file = None;
    let mut rest = args.iter().peekable();
    while let Some(arg) = rest.next() {
        if position.read(arg, &mut rest)? {
            continue;
        }
        match arg.as_str() {
            "--book" => file = Some(flag_value::<PathBuf>(arg, rest.next())?),
            "--help" | "-h" => {
                println!("{HELP}");
                return Ok(());
            }
            other => bail!("unexpected argument '{other}' (see kaiser book --help)"),
        }
    }
    let loaded;
    let book = match &file {
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
