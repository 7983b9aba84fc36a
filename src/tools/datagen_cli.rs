//! The command line of `kaiser datagen`.

use super::args::flag_value;
use super::datagen::{self, Config};
use super::matches::openings::read_file;
use super::pgn_import;
use crate::Variant;
use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// `kaiser datagen --help`.
pub const HELP: &str = "\
kaiser datagen: self-play games for the evaluation tuner.

Usage:
  kaiser datagen --out FILE [--games N] [--nodes N] [--variant empire|orda|chess]
                 [--openings FILE] [--threads T] [--seed S]
  kaiser datagen --out FILE --pgn GAMES.pgn [--pgn MORE.pgn ...] [--variant V]

  --out FILE        the data file; games are appended to it
  --games N         games wanted in FILE, counting those already there (default 1000)
  --nodes N         nodes Kaiser searches for each move (default 5000)
  --variant V       empire (default), orda or chess
  --openings FILE   starting positions, FEN or EPD lines (default book/<variant>-openings.epd)
  --threads T       games played at once (default 1)
  --seed S          the run's random seed (default 1)
  --pgn FILE        take the positions from games already played instead (repeatable)

Each game starts from a random opening of the file and two random moves. A position is kept
when the side to move is not in check, Kaiser's move there is neither a capture nor a
promotion, its search saw no mate, and the game is past its first four plies. FILE holds a
`# game N RESULT` line per game, then one `FEN | R` line per kept position, R the result from
White's side (1, 0.5 or 0). Run the same command again to resume an interrupted run or to add
games: the games already in FILE are counted and not played again.

With --pgn, nothing is played: the decided games of the variant in the PGN files (as
`kaiser match -pgnout` writes them) give their positions, kept by the same rule (a move whose
comment gives a mate score counts as a search that saw a mate), and FILE is written anew.

Example:
  kaiser datagen --out tuning/data/empire.txt --games 20000 --threads 2";

/// Runs `kaiser datagen ...`.
pub fn run(args: &[String]) -> Result<()> {
    let mut config = Config::new(Variant::Empire, Vec::new());
    let (mut out, mut openings_file, mut pgn_files) = (None, None, Vec::new());
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--out" => out = Some(flag_value::<String>(arg, rest.next())?),
            "--games" => config.games = flag_value(arg, rest.next())?,
            "--nodes" => config.nodes = flag_value(arg, rest.next())?,
            "--variant" => config.variant = flag_value(arg, rest.next())?,
            "--openings" => openings_file = Some(flag_value::<String>(arg, rest.next())?),
            "--threads" => config.threads = flag_value(arg, rest.next())?,
            "--seed" => config.seed = flag_value(arg, rest.next())?,
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
    let out = out.context("datagen needs --out FILE")?;
    if !pgn_files.is_empty() {
        return import_games(&pgn_files, config.variant, config.skip_plies, &out);
    }
    let openings_file =
        openings_file.unwrap_or_else(|| format!("book/{}-openings.epd", config.variant.name()));
    config.openings = read_file(Path::new(&openings_file), config.variant)?;
    let first = match std::fs::File::open(&out) {
        Ok(file) => datagen::games_in(std::io::BufReader::new(file))
            .with_context(|| format!("cannot read {out}"))?,
        Err(_) => 0,
    };
    if first >= config.games {
        eprintln!("{out} already holds {first} games");
        return Ok(());
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&out)
        .with_context(|| format!("cannot open {out}"))?;
    let start = Instant::now();
    let (mut done, mut positions) = (first, 0);
    datagen::run(&config, first, &mut |index, game| {
        let mut text = Vec::new();
        game.write(index, &mut text)?;
        file.write_all(&text)?;
        done += 1;
        positions += game.fens.len();
        show_progress(done, first, config.games, positions, start);
        Ok(())
    })?;
    eprintln!();
    eprintln!(
        "{out}: {} games ({} new, {positions} positions) in {:.0} s",
        config.games,
        config.games - first,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `kaiser datagen --pgn ...`: writes the positions of the games in `pgn_files` to `out`.
fn import_games(
    pgn_files: &[String],
    variant: Variant,
    skip_plies: usize,
    out: &str,
) -> Result<()> {
    let mut text = Vec::new();
    let (mut games, mut positions) = (0, 0);
    for file in pgn_files {
        let pgn = std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?;
        let imported =
            pgn_import::import(&pgn, variant, skip_plies).with_context(|| format!("in {file}"))?;
        for game in imported {
            game.write(games, &mut text)?;
            games += 1;
            positions += game.fens.len();
        }
    }
    std::fs::write(out, text).with_context(|| format!("cannot write {out}"))?;
    eprintln!("{out}: {games} games, {positions} positions");
    Ok(())
}

/// A progress bar on standard error: best effort, a closed stderr must not stop the run.
fn show_progress(done: usize, first: usize, wanted: usize, positions: usize, start: Instant) {
    const WIDTH: usize = 30;
    let rate = (done - first) as f64 / start.elapsed().as_secs_f64().max(1e-9);
    let eta = (wanted - done) as f64 / rate.max(1e-9);
    let filled = done * WIDTH / wanted;
    let _ = write!(
        std::io::stderr(),
        "\r[{}{}] {done}/{wanted} games, {positions} positions, {rate:.1} games/s, ETA {eta:.0} s ",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled),
    );
}
