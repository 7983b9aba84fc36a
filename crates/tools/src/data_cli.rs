//! The command line of `kaiser data`: what a store of training data holds (`info`), and its
//! training positions as text (`dump`) for trainers outside Kaiser.

use super::data::store;
use super::data::summary::Summary;
use super::data::{DataReader, PlyScore};
use anyhow::{anyhow, Result};
use std::fmt::Write as _;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// `kaiser data`'s arguments.
#[derive(Debug, clap::Args)]
#[command(
    about = "Tells what training data holds, or prints its positions as text",
    long_about = "The training data that `kaiser datagen` writes: what a store holds (info), \
                  and its training positions as text (dump) for trainers outside Kaiser.",
    after_long_help = "A training position is one past the game's opening whose side to move is \
                       not in check, whose move is neither a capture nor a promotion, and whose \
                       search saw no forced win."
)]
pub struct Args {
    #[command(subcommand)]
    command: DataCommand,
}

#[derive(Debug, clap::Subcommand)]
enum DataCommand {
    /// What data files hold, by variant
    #[command(
        long_about = "Games, plies, training positions, results and endings, score and \
                            game-phase distributions and bytes, by variant, of the data files \
                            at each PATH. Every game is replayed, so a damaged file is \
                            reported with the offset of its first bad record."
    )]
    Info {
        /// A data file, or a directory (every .kgd file under it); default: the data directory
        #[arg(value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The data directory (default $KAISER_DATA_DIR, else $XDG_DATA_HOME/kaiser, else
        /// ~/.local/share/kaiser)
        #[arg(long, value_name = "DIR")]
        data_dir: Option<PathBuf>,
    },
    /// Prints training positions, one `FEN | SCORE | RESULT` line each
    #[command(
        long_about = "Prints the training positions of the files at PATH, one \
                            `FEN | SCORE | RESULT` line each: SCORE the search's score in \
                            centipawns for White (`-` if none), RESULT the game's result for \
                            White (1, 0.5 or 0)."
    )]
    Dump {
        /// A data file, or a directory (every .kgd file under it)
        path: PathBuf,
        /// Print at most N positions
        #[arg(long, value_name = "N")]
        limit: Option<u64>,
    },
}

/// Runs `kaiser data ...`.
pub fn run(args: Args) -> Result<()> {
    match args.command {
        DataCommand::Info { paths, data_dir } => info(paths, data_dir),
        DataCommand::Dump { path, limit } => dump(&path, limit.unwrap_or(u64::MAX)),
    }
}

fn info(mut paths: Vec<PathBuf>, data_dir: Option<PathBuf>) -> Result<()> {
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

fn dump(path: &Path, limit: u64) -> Result<()> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut written = 0;
    for file in store::data_files(path)? {
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
