//! The `kaiser` binary: parses the command line and hands over to a tool.

use anyhow::{bail, Context, Result};
use kaiser::tools::{bench, perft};
use kaiser::{Position, Variant};
use std::time::Instant;

const USAGE: &str = "\
Kaiser, a chess-variant engine for Empire Chess and standard chess.

Usage:
  kaiser
      Starts the UCI protocol on standard input and output (for GUIs and match runners).
  kaiser perft <depth> [--variant empire|chess] [--fen FEN] [--divide]
      Counts the leaf nodes of the legal move tree (default: Empire start position).
  kaiser bench [depth]
      Searches a fixed set of positions to a fixed depth (default 9); the last line is
      `Bench: <nodes> nodes <nps> nps`.
  kaiser --help
      Prints this text.";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(err) = run(&args) {
        eprintln!("error: {err:#}");
        std::process::exit(2);
    }
}

fn run(args: &[String]) -> Result<()> {
    match args.first().map(String::as_str) {
        Some("perft") => run_perft(&args[1..]),
        Some("bench") => run_bench(&args[1..]),
        None => {
            kaiser::uci::run();
            Ok(())
        }
        Some("--help") | Some("-h") | Some("help") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => bail!("unknown command '{other}'\n\n{USAGE}"),
    }
}

fn run_perft(args: &[String]) -> Result<()> {
    let mut depth = None;
    let mut variant = Variant::Empire;
    let mut fen = None;
    let mut divide = false;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--variant" => {
                let name = rest.next().context("--variant needs a name")?;
                variant = name.parse()?;
            }
            "--fen" => fen = Some(rest.next().context("--fen needs a FEN")?.clone()),
            "--divide" => divide = true,
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            text if depth.is_none() => {
                depth = Some(
                    text.parse::<u32>()
                        .with_context(|| format!("bad depth '{text}'"))?,
                )
            }
            other => bail!("unexpected argument '{other}'"),
        }
    }
    let depth = depth.context("perft needs a depth")?;
    let mut pos = match fen {
        Some(fen) => Position::from_fen(&fen, variant).context("bad --fen")?,
        None => Position::startpos(variant),
    };
    let start = Instant::now();
    let nodes = if divide {
        let lines = perft::divide(&mut pos, depth);
        for (m, n) in &lines {
            println!("{m}: {n}");
        }
        println!();
        lines.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft(&mut pos, depth)
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

fn run_bench(args: &[String]) -> Result<()> {
    let depth = match args {
        [] => bench::DEFAULT_DEPTH,
        [depth] => depth
            .parse()
            .with_context(|| format!("bad depth '{depth}'"))?,
        _ => bail!("bench takes at most one argument, the depth"),
    };
    bench::run(depth, &mut std::io::stdout().lock())?;
    Ok(())
}
