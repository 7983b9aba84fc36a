//! The command line of `kaiser datagen`.

use super::cli::{count_up_to, positive, variant};
use super::data::store::{self, RunFile};
use super::data::{Header, RandomPlies, Source};
use super::datagen::{self, Config};
use super::file_out;
use super::matches::openings::read_file;
use super::pgn_import;
use super::progress::Progress;
use anyhow::{Context, Result};
use kaiser_engine::eval::nnue::Network;
use kaiser_engine::search::MAX_THREADS;
use kaiser_engine::{user_file, Variant};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// `kaiser datagen`'s arguments.
#[derive(Debug, clap::Args)]
#[command(
    about = "Plays self-play games with a search score a move: training data for the evaluation",
    long_about = "Plays self-play games with a search score a ply, training data for the \
                  evaluation, and appends them to a resumable run in the data directory; or, \
                  with --pgn, takes the games from PGN files.",
    after_long_help = AFTER_HELP
)]
pub struct Args {
    /// The variant
    #[arg(long, value_name = "V", default_value_t = defaults().variant, value_parser = variant(),
          ignore_case = true)]
    variant: Variant,
    /// Games wanted in the run, counting those already played
    #[arg(long, value_name = "N", default_value_t = defaults().games)]
    games: u32,
    /// Soft node limit of each move's search (2500: about 4,700 nodes a move in Empire)
    #[arg(long, value_name = "N", default_value_t = defaults().nodes,
          value_parser = positive::<u32>)]
    nodes: u32,
    /// Games played at once
    #[arg(long, value_name = "T", default_value_t = defaults().threads,
          value_parser = count_up_to(MAX_THREADS))]
    threads: usize,
    /// The run's random seed
    #[arg(long, value_name = "S", default_value_t = defaults().seed)]
    seed: u64,
    /// Random moves after each opening: N, or MIN-MAX drawn uniformly for each game
    #[arg(long, value_name = "N|MIN-MAX", default_value_t = defaults().random_plies,
          value_parser = parse_random_plies)]
    random_plies: RandomPlies,
    /// Starting positions, FEN or EPD lines (default: the variant's start position); none may
    /// be a test opening
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// The data directory (default $KAISER_DATA_DIR, else $XDG_DATA_HOME/kaiser, else
    /// ~/.local/share/kaiser); the run's file is DIR/<variant>/selfplay-n<nodes>-s<seed>.kgd
    #[arg(long, value_name = "DIR", conflicts_with = "out")]
    data_dir: Option<PathBuf>,
    /// Write to FILE instead
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Evaluate with the NNUE network in FILE (from `kaiser nnue train`) instead of the
    /// built-in evaluation
    #[arg(long, value_name = "FILE", conflicts_with = "pgn")]
    eval_file: Option<PathBuf>,
    /// Take the games from PGN files instead of playing (repeatable)
    #[arg(long, value_name = "FILE", requires = "out")]
    pgn: Vec<PathBuf>,
}

const AFTER_HELP: &str = "\
Each game starts from the variant's start position (or a random opening of --openings) and 8 to
16 random moves (--random-plies); a line that meets one of the variant's test openings (both
built-in sets, which matches are judged on) or ends the game is drawn again, and so is a start
that a search scores beyond 3 pawns. Then Kaiser plays both sides, one search thread each,
stopping each search after the iteration that passes the node limit (or at four times the
limit). Every move
is written with its score (centipawns for White), and the game's result; a game ends by the
rules, by adjudication (a score of 15 pawns or more for one side 8 plies running, or within
0.08 pawns 16 plies running after ply 80), or as a draw after 400 plies.

The file is binary (see crates/tools/src/data/FORMAT.md), about 4 bytes a move. Runs
resume: the same command again plays only the games the file lacks (a game cut off by a crash
is dropped and played again; game N is the same whatever the threads or interruptions). Raise
--games to add to a run. `kaiser data info` shows what a file or directory holds.

With --pgn, nothing is played: the decided games of the variant in the PGN files (as `kaiser
match -pgnout` writes them) are written to FILE anew, each move with the score of its comment.

Example:
  kaiser datagen --variant empire --games 200000 --threads 2";

/// The defaults of `kaiser datagen`.
fn defaults() -> Config {
    Config::new(Variant::Empire, Vec::new())
}

/// `--random-plies`: `N` or `MIN-MAX`.
fn parse_random_plies(text: &str) -> Result<RandomPlies, String> {
    let count = |t: &str| {
        t.trim()
            .parse::<u8>()
            .map_err(|_| format!("'{t}' is not a number of moves from 0 to 255"))
    };
    let plies = match text.split_once('-') {
        Some((min, max)) => RandomPlies {
            min: count(min)?,
            max: count(max)?,
        },
        None => RandomPlies::fixed(count(text)?),
    };
    if plies.min > plies.max {
        return Err(format!("'{text}': the least is above the most"));
    }
    Ok(plies)
}

/// Runs `kaiser datagen`.
pub fn run(args: Args) -> Result<()> {
    if !args.pgn.is_empty() {
        let out = args.out.context("datagen --pgn needs --out FILE")?;
        return import_games(&args.pgn, args.variant, &out);
    }
    let openings = match &args.openings {
        Some(file) => read_file(file, args.variant)?,
        None => Vec::new(),
    };
    let config = Config {
        games: args.games,
        nodes: args.nodes,
        threads: args.threads,
        seed: args.seed,
        random_plies: args.random_plies,
        network: match &args.eval_file {
            Some(path) => Some(Arc::new(
                Network::load(path, args.variant).with_context(|| path.display().to_string())?,
            )),
            None => None,
        },
        ..Config::new(args.variant, openings)
    };
    let out = match args.out {
        Some(out) => out,
        None => {
            let dir = args.data_dir.map_or_else(store::default_dir, Ok)?;
            store::run_file(&dir, config.variant, config.nodes, config.seed)
        }
    };
    generate(&config, &out)
}

/// Plays the games `out` lacks of the run `config` describes, appending them to it.
fn generate(config: &Config, out: &Path) -> Result<()> {
    let name = out.display();
    let mut run = store::open_run(out, &config.header())?;
    let RunFile {
        games: first,
        repaired_bytes,
        ..
    } = run;
    if repaired_bytes > 0 {
        eprintln!("{name}: dropped a game cut off by an interruption ({repaired_bytes} bytes)");
    }
    if first >= config.games {
        eprintln!("{name} already holds {first} games");
        return Ok(());
    }
    eprintln!(
        "{name}: {first} games there, playing {} more",
        config.games - first
    );
    let start = Instant::now();
    let progress = Progress::new(u64::from(config.games), Duration::from_secs(60));
    let (mut done, mut positions, mut bytes) = (first, 0u64, 0usize);
    let variant = config.variant;
    let mut buffer = Vec::new();
    let tally = datagen::run(config, first, &mut |game| {
        buffer.clear();
        game.encode(&mut buffer);
        run.append(&buffer)?;
        done += 1;
        bytes += buffer.len();
        game.training_positions(variant, 0, |_| positions += 1)
            .map_err(std::io::Error::other)?;
        let seconds = start.elapsed().as_secs_f64().max(1e-9);
        let eta = f64::from(config.games - done) * seconds / f64::from(done - first);
        let message = format!(
            "{done}/{} games, {positions} positions ({:.0}/s), ETA {eta:.0} s",
            config.games,
            positions as f64 / seconds,
        );
        progress.update(u64::from(done), u64::from(config.games), message);
        Ok(())
    })
    .with_context(|| format!("cannot write {name}"))?;
    progress.finish();
    run.file.sync_all()?;
    let seconds = start.elapsed().as_secs_f64();
    eprintln!(
        "{name}: {} games ({} new, {positions} training positions, {:.0} a second, {:.2} bytes \
         each, {:.0} nodes a search) in {seconds:.0} s",
        config.games,
        config.games - first,
        positions as f64 / seconds.max(1e-9),
        bytes as f64 / positions.max(1) as f64,
        tally.nodes as f64 / tally.searches.max(1) as f64,
    );
    Ok(())
}

/// `kaiser datagen --pgn ...`: writes the games of `pgn_files` to `out`.
fn import_games(pgn_files: &[PathBuf], variant: Variant, out: &Path) -> Result<()> {
    let header = Header {
        variant,
        source: Source::Pgn,
        nodes: 0,
        seed: 0,
        openings: 0,
        random_plies: RandomPlies::fixed(0),
    };
    let mut bytes = header.encode().to_vec();
    let mut games = 0;
    for file in pgn_files {
        let name = file.display();
        let pgn = user_file::read_text(file, user_file::COLLECTION_LIMIT)
            .with_context(|| format!("cannot read {name}"))?;
        let imported =
            pgn_import::import(&pgn, variant, games).with_context(|| format!("in {name}"))?;
        for game in &imported {
            game.encode(&mut bytes);
        }
        games += imported.len() as u32;
    }
    file_out::write_whole(out, &bytes)?;
    eprintln!("{}: {games} games", out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_plies_are_a_count_or_a_range() {
        assert_eq!(parse_random_plies("4"), Ok(RandomPlies::fixed(4)));
        assert_eq!(
            parse_random_plies("8-16"),
            Ok(RandomPlies { min: 8, max: 16 })
        );
        for bad in ["", "16-8", "-3", "300", "a-b"] {
            assert!(parse_random_plies(bad).is_err(), "{bad}");
        }
    }
}
