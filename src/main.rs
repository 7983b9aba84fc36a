//! The `kaiser` binary: parses the command line and hands over to a tool.

use anyhow::{bail, Context, Result};
use kaiser_engine::{bench, Position, Variant};
use kaiser_rules::perft;
use kaiser_tools::args::{flag_value, parse_value};
use kaiser_tools::{
    analyse_cli, book_cli, data_cli, datagen_cli, matches, nnue_cli, openings, sprt_cli, tune_cli,
};
use std::io::Write;
use std::time::Instant;

const USAGE: &str = "\
Kaiser, a chess-variant engine for Empire Chess, Orda Chess and standard chess.

Usage:
  kaiser
      Starts the UCI protocol on standard input and output (for GUIs and match runners).
  kaiser perft <depth> [--variant empire|orda|chess] [--fen FEN] [--divide]
      Counts the leaf nodes of the legal move tree (default: Empire start position).
  kaiser bench [depth] [--variant empire|orda|chess]
      Searches a fixed set of positions to a fixed depth (default 9); the last line is
      `Bench: <nodes> nodes <nps> nps`. Without --variant: the Empire and chess positions,
      whose node count is the signature; with it, that variant's positions only.
  kaiser openings --count N --out FILE [--variant empire|orda|chess] [--plies MIN-MAX] [--depth D]
                  [--window CP] [--seed S]
      Writes N test openings, one FEN a line: positions after random lines of MIN-MAX plies
      (default 6-10) that a depth-D search (default 10) scores within ±CP centipawns of level
      from White's view (default 40). The same seed (default 1) gives the same file.
  kaiser analyse [--variant V] [--fen FEN] [--moves M...] [--depth N | --movetime MS | --nodes N]
                 [--multipv K] [--threads T] [--hash MB] [--wdl] [--json]
      Searches a position and prints the board and each depth's lines in SAN, scores from
      White's view (see kaiser analyse --help).
  kaiser book build --out FILE [--variant V] [--plies N] [--depth D] [--multipv K] [--window CP]
  kaiser book probe [--book FILE] [--variant V] [--fen FEN] [--moves M...]
      Builds an opening book from Kaiser's searches, or lists a book's moves for a position
      (see kaiser book --help).
  kaiser match -engine cmd=PATH ... -engine cmd=PATH ... [options]
      Plays a match between two UCI engines, Kaiser arbitrating (see kaiser match --help).
  kaiser sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=M] LL,LD,DD,WD,WW...
      Elo and the SPRT of game-pair counts summed over runs, e.g. of a test continued after
      an interruption (see kaiser sprt --help).
  kaiser datagen [--variant V] [--games N] [--nodes N] [--threads T] [--seed S]
                 [--random-plies N] [--openings FILE] [--data-dir DIR | --out FILE]
      Plays self-play games and appends them, a search score a move, to a resumable run in
      the data directory: training data for the evaluation (see kaiser datagen --help).
  kaiser data info [PATH...] | kaiser data dump PATH [--limit N]
      What training data holds, or its positions as text (see kaiser data --help).
  kaiser tune --data FILE [--variant V] [--epochs N] [--rate R] [--regularise L]
              [--freeze SECTION,...] [--holdout N] [--threads T] [--k K] [--out FILE]
      Fits the evaluation's weights to those positions and writes them into the source
      (see kaiser tune --help).
  kaiser nnue train --out FILE [--variant V] [--data PATH] [--epochs N] [--resume] ...
      Trains Kaiser's learned evaluation on training data (see kaiser nnue train --help).
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
        Some("openings") => run_openings(&args[1..]),
        Some("match") => matches::cli::run(&args[1..]),
        Some("analyse" | "analyze") => analyse_cli::run(&args[1..]),
        Some("book") => book_cli::run(&args[1..]),
        Some("datagen") => datagen_cli::run(&args[1..]),
        Some("data") => data_cli::run(&args[1..]),
        Some("tune") => tune_cli::run(&args[1..]),
        Some("nnue") => nnue_cli::run(&args[1..]),
        Some("sprt") => sprt_cli::run(&args[1..]),
        None => {
            kaiser_engine::uci::run();
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
    let mut depth = None;
    let mut variant = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--variant" => variant = Some(flag_value::<Variant>(arg, rest.next())?),
            text if depth.is_none() => depth = Some(parse_value("depth", text)?),
            other => bail!("unexpected argument '{other}'"),
        }
    }
    let variants = match &variant {
        Some(variant) => std::slice::from_ref(variant),
        None => bench::SIGNATURE_VARIANTS,
    };
    let depth = depth.unwrap_or(bench::DEFAULT_DEPTH);
    bench::run(depth, variants, &mut std::io::stdout().lock())?;
    Ok(())
}

fn run_openings(args: &[String]) -> Result<()> {
    let mut config = openings::Config::new(Variant::Empire, 0);
    let mut count = None;
    let mut out = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--variant" => config.variant = flag_value(arg, rest.next())?,
            "--count" => count = Some(flag_value(arg, rest.next())?),
            "--out" => out = Some(flag_value::<String>(arg, rest.next())?),
            "--plies" => {
                let range: String = flag_value(arg, rest.next())?;
                let (min, max) = range
                    .split_once('-')
                    .with_context(|| format!("--plies takes MIN-MAX, not '{range}'"))?;
                let (min, max) = (parse_value(arg, min)?, parse_value(arg, max)?);
                if min > max {
                    bail!("--plies {range}: MIN is above MAX");
                }
                config.plies = min..=max;
            }
            "--depth" => config.depth = flag_value(arg, rest.next())?,
            "--window" => config.window_cp = flag_value(arg, rest.next())?,
            "--seed" => config.seed = flag_value(arg, rest.next())?,
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            other => bail!("unexpected argument '{other}'"),
        }
    }
    config.count = count.context("openings needs --count")?;
    let out = out.context("openings needs --out")?;
    let mut file = std::io::BufWriter::new(
        std::fs::File::create(&out).with_context(|| format!("cannot create {out}"))?,
    );
    let start = Instant::now();
    let mut stderr = std::io::stderr();
    let found = openings::generate(&config, &mut |p| {
        if p.tried % 20 == 0 || p.kept == p.wanted {
            // Progress is best effort: a closed stderr must not stop the run.
            let _ = write!(
                stderr,
                "\r{}/{} openings, {} lines tried, {:.0} s",
                p.kept,
                p.wanted,
                p.tried,
                start.elapsed().as_secs_f64()
            );
        }
    })?;
    eprintln!();
    openings::write(&found, &mut file)?;
    file.flush()?;
    eprintln!("wrote {} openings to {out}", found.len());
    if let Some(summary) = score_summary(&found) {
        eprintln!("scores from White's view (cp): {summary}");
    }
    Ok(())
}

/// The spread of the openings' scores: min, quartiles, max and mean.
fn score_summary(found: &[openings::Opening]) -> Option<String> {
    let mut scores: Vec<i32> = found.iter().map(|o| o.white_cp).collect();
    scores.sort_unstable();
    let (min, max) = (scores.first()?, scores.last()?);
    let quartile = |q: usize| scores[(scores.len() - 1) * q / 4];
    let mean = scores.iter().sum::<i32>() as f64 / scores.len() as f64;
    Some(format!(
        "min {min}, quartiles {} / {} / {}, max {max}, mean {mean:.1}",
        quartile(1),
        quartile(2),
        quartile(3)
    ))
}
