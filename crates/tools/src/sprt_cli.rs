//! `kaiser sprt`: the statistics of game-pair results already played, summed over runs. A test
//! interrupted and continued in a new `kaiser match` (whose counts start from zero) is judged on
//! all its pairs, by the same Elo estimates and SPRT as the match runner's.

use super::matches::cli::sprt_from_keys;
use super::matches::progress::{elo_lines, sprt_line};
use super::matches::tally::Tally;
use crate::stats::Pentanomial;
use anyhow::{bail, ensure, Context, Result};

/// `kaiser sprt`'s arguments.
#[derive(Debug, clap::Args)]
#[command(
    about = "Elo and the SPRT of game-pair counts summed over runs (a test continued after an \
             interruption)",
    long_about = "Elo and the SPRT of game-pair results, summed over one or more runs. Prints \
                  the Elo difference and normalized Elo with their 95% intervals, the summed \
                  counts, and the log-likelihood ratio with its verdict, as `kaiser match \
                  -sprt` would after those pairs.",
    after_long_help = "Example (an SPRT continued after an interruption):\n  \
                       kaiser sprt elo0=0 elo1=10 9,0,40,0,41 4,0,9,0,10"
)]
pub struct Args {
    /// The test, as after `kaiser match -sprt`: elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]
    /// [model=normalized|logistic]; then each run's pentanomial counts LL,LD,DD,WD,WW (game
    /// pairs in which the first engine scored 0, 1/2, 1, 1 1/2, 2), as `kaiser match` prints
    /// them after Ptnml(0-2); the runs are added up
    #[arg(value_name = "KEY=VALUE|PTNML", required = true, value_parser = parse_arg)]
    args: Vec<SprtArg>,
}

/// One argument: a key of the test, or one run's counts.
#[derive(Clone, Debug)]
enum SprtArg {
    Key(String, String),
    Run(Pentanomial),
}

fn parse_arg(text: &str) -> Result<SprtArg> {
    Ok(match text.split_once('=') {
        Some((key, value)) => SprtArg::Key(key.to_string(), value.to_string()),
        None => SprtArg::Run(parse_pentanomial(text)?),
    })
}

/// Runs `kaiser sprt`.
pub fn run(args: Args) -> Result<()> {
    let keys = args.args.iter().filter_map(|arg| match arg {
        SprtArg::Key(key, value) => Some((key.as_str(), value.as_str())),
        SprtArg::Run(_) => None,
    });
    let sprt = sprt_from_keys(keys)?;
    let mut tally = Tally::default();
    let mut runs = 0;
    for arg in &args.args {
        if let SprtArg::Run(counts) = arg {
            runs += 1;
            for (sum, count) in tally.pairs.counts.iter_mut().zip(counts.counts) {
                *sum += count;
            }
        }
    }
    ensure!(
        runs > 0,
        "no results: give at least one run's counts LL,LD,DD,WD,WW (see kaiser sprt --help)"
    );
    ensure!(tally.pairs.total() > 0, "the counts hold no game pairs");
    println!(
        "Pairs: {} ({} games), score {:.3}",
        tally.pairs.total(),
        tally.pairs.games(),
        tally.pairs.score()
    );
    println!("{}", elo_lines(&tally));
    let decision = sprt.decide(sprt.llr(&tally.pairs));
    println!("{}", sprt_line(&sprt, &tally.pairs, decision));
    Ok(())
}

/// `LL,LD,DD,WD,WW`, five counts separated by commas (spaces and brackets allowed, so that
/// `[9, 0, 40, 0, 41]` copied from a match's output works when quoted).
fn parse_pentanomial(text: &str) -> Result<Pentanomial> {
    let fields: Vec<&str> = text
        .trim_matches(|c: char| c == '[' || c == ']' || c.is_whitespace())
        .split(',')
        .map(str::trim)
        .collect();
    let Ok(fields) = <[&str; 5]>::try_from(fields) else {
        bail!("expected five counts LL,LD,DD,WD,WW");
    };
    let mut pairs = Pentanomial::default();
    for (count, field) in pairs.counts.iter_mut().zip(fields) {
        *count = field
            .parse()
            .ok()
            .with_context(|| format!("'{field}' is not a count"))?;
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentanomial_counts_parse_plain_or_as_printed() {
        assert_eq!(
            parse_pentanomial("9,0,40,0,41").unwrap().counts,
            [9, 0, 40, 0, 41]
        );
        assert_eq!(
            parse_pentanomial("[1, 0, 28, 1, 170]").unwrap().counts,
            [1, 0, 28, 1, 170]
        );
        assert!(parse_pentanomial("1,2,3,4").is_err());
        assert!(parse_pentanomial("1,2,x,4,5").is_err());
        assert!(parse_pentanomial("1,2,-3,4,5").is_err());
    }
}
