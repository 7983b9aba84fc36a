//! The command line of `kaiser openings`: writes level test openings for matches, with a
//! progress bar on standard error and the spread of their scores at the end.

use super::cli::{positive, variant};
use super::openings::{self, Config, Opening};
use super::progress::Progress;
use anyhow::{Context, Result};
use kaiser_engine::Variant;
use std::io::Write;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// `kaiser openings`'s arguments.
#[derive(Debug, clap::Args)]
#[command(
    about = "Writes level test openings for matches, one FEN a line",
    long_about = "Writes N test openings for matches, one FEN a line: positions after random \
                  lines of MIN-MAX plies that a depth-D search scores within ±CP centipawns of \
                  level from White's view. The same seed gives the same file. See \
                  book/README.md for how the shipped files were made."
)]
pub struct Args {
    /// The number of openings wanted
    #[arg(long, value_name = "N", value_parser = positive::<usize>)]
    count: usize,
    /// Where the openings are written
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The variant
    #[arg(long, value_name = "V", default_value_t = defaults().variant, value_parser = variant(),
          ignore_case = true)]
    variant: Variant,
    /// The length of the random lines, in plies
    #[arg(long, value_name = "MIN-MAX", default_value = DEFAULT_PLIES, value_parser = parse_plies)]
    plies: RangeInclusive<u32>,
    /// The depth of the scoring search
    #[arg(long, value_name = "D", default_value_t = defaults().depth,
          value_parser = positive::<u32>)]
    depth: u32,
    /// Keep positions scored within ±CP centipawns (White's view)
    #[arg(long, value_name = "CP", default_value_t = defaults().window_cp)]
    window: i32,
    /// The random seed
    #[arg(long, value_name = "S", default_value_t = defaults().seed)]
    seed: u64,
}

/// The defaults of `kaiser openings`: those of the shipped files.
fn defaults() -> Config {
    Config::new(Variant::Empire, 0)
}

/// `Config`'s default line length, as `--plies` takes it.
const DEFAULT_PLIES: &str = "6-10";

/// `MIN-MAX`, with MIN at most MAX.
fn parse_plies(text: &str) -> Result<RangeInclusive<u32>, String> {
    let (min, max) = text.split_once('-').ok_or("expected MIN-MAX, e.g. 6-10")?;
    let [min, max] = [min, max].map(|n| n.trim().parse::<u32>());
    match (min, max) {
        (Ok(min), Ok(max)) if min <= max => Ok(min..=max),
        (Ok(_), Ok(_)) => Err("MIN is above MAX".to_string()),
        _ => Err("expected two whole numbers MIN-MAX, e.g. 6-10".to_string()),
    }
}

/// Runs `kaiser openings`.
pub fn run(args: Args) -> Result<()> {
    let config = Config {
        variant: args.variant,
        count: args.count,
        plies: args.plies,
        depth: args.depth,
        window_cp: args.window,
        seed: args.seed,
    };
    let out = args.out.display();
    let mut file = std::io::BufWriter::new(
        std::fs::File::create(&args.out).with_context(|| format!("cannot create {out}"))?,
    );
    let start = Instant::now();
    let progress = Progress::new(config.count as u64, Duration::from_secs(10));
    let found = openings::generate(&config, &mut |p| {
        let message = format!(
            "{}/{} openings, {} lines tried, {:.0} s",
            p.kept,
            p.wanted,
            p.tried,
            start.elapsed().as_secs_f64()
        );
        progress.update(p.kept as u64, p.wanted as u64, message);
    })?;
    progress.finish();
    openings::write(&found, &mut file)?;
    file.flush()?;
    eprintln!("wrote {} openings to {out}", found.len());
    if let Some(summary) = score_summary(&found) {
        eprintln!("scores from White's view (cp): {summary}");
    }
    Ok(())
}

/// The spread of the openings' scores: min, quartiles, max and mean.
fn score_summary(found: &[Opening]) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_are_a_range() {
        assert_eq!(parse_plies(DEFAULT_PLIES), Ok(defaults().plies));
        assert_eq!(parse_plies("6-10"), Ok(6..=10));
        assert_eq!(parse_plies("8-8"), Ok(8..=8));
        assert!(parse_plies("10-6").is_err());
        assert!(parse_plies("6").is_err());
        assert!(parse_plies("a-b").is_err());
    }
}
