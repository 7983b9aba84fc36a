//! The command line of `kaiser data`: what a store of training data holds (`info`), and its
//! training positions as text (`dump`) for trainers outside Kaiser.

use super::args::flag_value;
use super::data::store;
use super::data::summary::Summary;
use super::data::{DataReader, PlyScore};
use anyhow::{anyhow, bail, Result};
use std::fmt::Write as _;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

/// `kaiser data --help`.
pub const HELP: &str = "\
kaiser data: the training data that `kaiser datagen` writes.

Usage:
  kaiser data info [PATH...] [--data-dir DIR]
      Games, plies, training positions, results and endings, score and game-phase
      distributions and bytes, by variant, of the data files at each PATH (a file, or every
      .kgd file under a directory; default: the data directory). Every game is replayed, so a
      damaged file is reported with the offset of its first bad record.
  kaiser data dump PATH [--limit N]
      Prints the training positions of the files at PATH, one `FEN | SCORE | RESULT` line each:
      SCORE the search's score in centipawns for White (`-` if none), RESULT the game's result
      for White (1, 0.5 or 0).

A training position is one past the game's opening whose side to move is not in check, whose
move is neither a capture nor a promotion, and whose search saw no forced win.";

/// Runs `kaiser data ...`.
pub fn run(args: &[String]) -> Result<()> {
    match args.first().map(String::as_str) {
        Some("info") => info(&args[1..]),
        Some("dump") => dump(&args[1..]),
        Some("--help" | "-h") | None => {
            println!("{HELP}");
            Ok(())
        }
        Some(other) => bail!("unknown data command '{other}' (see kaiser data --help)"),
    }
}

fn info(args: &[String]) -> Result<()> {
    let (mut paths, mut data_dir) = (Vec::new(), None);
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--data-dir" => data_dir = Some(flag_value::<PathBuf>(arg, rest.next())?),
            flag if flag.starts_with("--") => {
                bail!("unexpected argument '{flag}' (see kaiser data --help)")
            }
            path => paths.push(PathBuf::from(path)),
        }
    }
    if paths.is_empty() {
        paths.push(data_dir.map_or_else(store::default_dir, Ok)?);
    }
    let mut summary = Summary::default();
    for path in &paths {
        for file in store::data_files(path)? {
            summary.add_file(&file)?;
        }
    }
    print!("{}", summary.report());
    Ok(())
}

fn dump(args: &[String]) -> Result<()> {
    let (mut path, mut limit) = (None, u64::MAX);
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--limit" => limit = flag_value(arg, rest.next())?,
            flag if flag.starts_with("--") => {
                bail!("unexpected argument '{flag}' (see kaiser data --help)")
            }
            other if path.is_none() => path = Some(PathBuf::from(other)),
            other => bail!("unexpected argument '{other}': one PATH only"),
        }
    }
    let Some(path) = path else {
        bail!("data dump needs a PATH (see kaiser data --help)")
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut written = 0;
    for file in store::data_files(&path)? {
        let mut reader = DataReader::open(&file)?;
        let variant = reader.header().variant;
        let context = |e| anyhow!("{}: {e}", file.display());
        while written < limit {
            let Some((offset, game)) = reader.next_game().map_err(context)? else {
                break;
            };
            let mut lines = String::new();
            game.training_positions(variant, offset, |p| {
                if written < limit {
                    let score = match p.score {
                        PlyScore::Cp(cp) => cp.to_string(),
                        _ => "-".to_string(),
                    };
                    let result = p.result.white_score();
                    let _ = writeln!(lines, "{} | {score} | {result}", p.pos.fen());
                    written += 1;
                }
            })
            .map_err(context)?;
            out.write_all(lines.as_bytes())?;
        }
    }
    out.flush()?;
    Ok(())
}
