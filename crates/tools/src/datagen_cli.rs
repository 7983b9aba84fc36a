//! The command line of `kaiser datagen`.

use super::args::flag_value;
use super::data::store::{self, RunFile};
use super::data::{Header, Source};
use super::datagen::{self, Config};
use super::matches::openings::{built_in, read_file};
use super::pgn_import;
use anyhow::{bail, Context, Result};
use kaiser_engine::Variant;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `kaiser datagen --help`.
pub const HELP: &str = "\
kaiser datagen: self-play games with a search score a ply, training data for the evaluation.

Usage:
  kaiser datagen [--variant empire|orda|chess] [--games N] [--nodes N] [--threads T]
                 [--seed S] [--random-plies N] [--openings FILE] [--data-dir DIR | --out FILE]
  kaiser datagen --pgn GAMES.pgn [--pgn MORE.pgn ...] [--variant V] --out FILE

  --variant V        empire (default), orda or chess
  --games N          games wanted in the run, counting those already played (default 1000)
  --nodes N          soft node limit of each move's search (default 2500: about 4,700
                     nodes a move in Empire)
  --threads T        games played at once (default 1)
  --seed S           the run's random seed (default 1)
  --random-plies N   random moves after each opening (default 4)
  --openings FILE    starting positions, FEN or EPD lines (default: the variant's test
                     openings, built into the binary)
  --data-dir DIR     the data directory (default $KAISER_DATA_DIR, else $XDG_DATA_HOME/kaiser,
                     else ~/.local/share/kaiser); the run's file is
                     DIR/<variant>/selfplay-n<nodes>-s<seed>.kgd
  --out FILE         write to FILE instead
  --pgn FILE         take the games from PGN files instead of playing (repeatable)

Each game starts from a random opening and random moves, then Kaiser plays both sides, one
search thread each, stopping each search after the iteration that passes the node limit (or at
four times the limit). A start that a search scores beyond 3 pawns is drawn again. Every
move is written with its score (centipawns for White), and the game's result; a game ends by
the rules, by adjudication (a score of 15 pawns or more for one side 8 plies running, or within
0.08 pawns 16 plies running after ply 80), or as a draw after 400 plies.

The file is binary (see tuning/README.md, \"The data format\"), about 4 bytes a move. Runs
resume: the same command again plays only the games the file lacks (a game cut off by a crash
is dropped and played again; game N is the same whatever the threads or interruptions). Raise
--games to add to a run. `kaiser data info` shows what a file or directory holds.

With --pgn, nothing is played: the decided games of the variant in the PGN files (as `kaiser
match -pgnout` writes them) are written to FILE anew, each move with the score of its comment.

Example:
  kaiser datagen --variant empire --games 200000 --threads 2";

/// Runs `kaiser datagen ...`.
pub fn run(args: &[String]) -> Result<()> {
    let mut config = Config::new(Variant::Empire, Vec::new());
    let (mut out, mut data_dir, mut openings_file) = (None, None, None);
    let mut pgn_files = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--out" => out = Some(flag_value::<PathBuf>(arg, rest.next())?),
            "--data-dir" => data_dir = Some(flag_value::<PathBuf>(arg, rest.next())?),
            "--games" => config.games = flag_value(arg, rest.next())?,
            "--nodes" => config.nodes = flag_value(arg, rest.next())?,
            "--variant" => config.variant = flag_value(arg, rest.next())?,
            "--openings" => openings_file = Some(flag_value::<PathBuf>(arg, rest.next())?),
            "--threads" => config.threads = flag_value(arg, rest.next())?,
            "--seed" => config.seed = flag_value(arg, rest.next())?,
            "--random-plies" => config.random_plies = flag_value(arg, rest.next())?,
            "--pgn" => pgn_files.push(flag_value::<String>(arg, rest.next())?),
            "--help" | "-h" => {
                println!("{HELP}");
                return Ok(());
            }
            other => bail!("unexpected argument '{other}' (see kaiser datagen --help)"),
        }
    }
    if config.nodes == 0 || config.threads == 0 {
        bail!("--nodes and --threads must be at least 1");
    }
    if out.is_some() && data_dir.is_some() {
        bail!("give --out or --data-dir, not both");
    }
    if !pgn_files.is_empty() {
        let out = out.context("datagen --pgn needs --out FILE")?;
        return import_games(&pgn_files, config.variant, &out);
    }
    config.openings = match &openings_file {
        Some(file) => read_file(file, config.variant)?,
        None => built_in(config.variant),
    };
    let out = match out {
        Some(out) => out,
        None => {
            let dir = data_dir.map_or_else(store::default_dir, Ok)?;
            store::run_file(&dir, config.variant, config.nodes, config.seed)
        }
    };
    generate(&config, &out)
}

/// Plays the games `out` lacks of the run `config` describes, appending them to it.
fn generate(config: &Config, out: &Path) -> Result<()> {
    let name = out.display();
    let RunFile {
        mut file,
        games: first,
        repaired_bytes,
    } = store::open_run(out, &config.header())?;
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
    let mut progress = Progress::new(first, config.games);
    let (mut done, mut positions, mut bytes) = (first, 0u64, 0usize);
    let variant = config.variant;
    let mut buffer = Vec::new();
    let tally = datagen::run(config, first, &mut |game| {
        buffer.clear();
        game.encode(&mut buffer);
        file.write_all(&buffer)?;
        done += 1;
        bytes += buffer.len();
        game.training_positions(variant, 0, |_| positions += 1)
            .map_err(std::io::Error::other)?;
        progress.show(done, positions);
        Ok(())
    })
    .with_context(|| format!("cannot write {name}"))?;
    file.sync_all()?;
    let seconds = start.elapsed().as_secs_f64();
    eprintln!();
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
fn import_games(pgn_files: &[String], variant: Variant, out: &Path) -> Result<()> {
    let header = Header {
        variant,
        source: Source::Pgn,
        nodes: 0,
        seed: 0,
        openings: 0,
        random_plies: 0,
    };
    let mut bytes = header.encode().to_vec();
    let mut games = 0;
    for file in pgn_files {
        let pgn = std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?;
        let imported =
            pgn_import::import(&pgn, variant, games).with_context(|| format!("in {file}"))?;
        for game in &imported {
            game.encode(&mut bytes);
        }
        games += imported.len() as u32;
    }
    std::fs::write(out, bytes).with_context(|| format!("cannot write {}", out.display()))?;
    eprintln!("{}: {games} games", out.display());
    Ok(())
}

/// Shows a run's progress on standard error: a line redrawn after every game on a terminal, a
/// line a minute otherwise (a log). Best effort: a closed stderr must not stop the run.
struct Progress {
    first: u32,
    wanted: u32,
    start: Instant,
    last_line: Instant,
    terminal: bool,
}

impl Progress {
    const LOG_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

    fn new(first: u32, wanted: u32) -> Progress {
        Progress {
            first,
            wanted,
            start: Instant::now(),
            last_line: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn show(&mut self, done: u32, positions: u64) {
        if !self.terminal && self.last_line.elapsed() < Progress::LOG_EVERY && done < self.wanted {
            return;
        }
        self.last_line = Instant::now();
        let seconds = self.start.elapsed().as_secs_f64().max(1e-9);
        let rate = f64::from(done - self.first) / seconds;
        let eta = f64::from(self.wanted - done) / rate.max(1e-9);
        let line = format!(
            "{done}/{} games, {positions} positions ({:.0}/s), ETA {eta:.0} s",
            self.wanted,
            positions as f64 / seconds,
        );
        let _ = match self.terminal {
            true => write!(std::io::stderr(), "\r{line} "),
            false => writeln!(std::io::stderr(), "{line}"),
        };
    }
}
