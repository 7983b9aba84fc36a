//! `kaiser sprt`: the statistics of game-pair results already played, summed over runs. A test
//! interrupted and continued in a new `kaiser match` (whose counts start from zero) is judged on
//! all its pairs, by the same Elo estimates and SPRT as the match runner's.

use super::matches::cli::sprt_from_keys;
use super::matches::progress::{elo_lines, sprt_line};
use super::matches::tally::Tally;
use crate::stats::Pentanomial;
use anyhow::{bail, ensure, Context, Result};

/// `kaiser sprt --help`.
pub const HELP: &str = "\
kaiser sprt: Elo and the SPRT of game-pair results, summed over one or more runs.

Usage:
  kaiser sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic] PTNML...

  PTNML   one run's pentanomial counts LL,LD,DD,WD,WW (game pairs in which the first engine
          scored 0, 1/2, 1, 1 1/2, 2), as `kaiser match` prints them after Ptnml(0-2); the
          runs are added up

Prints the Elo difference and normalized Elo with their 95% intervals, the summed counts, and
the log-likelihood ratio with its verdict, as `kaiser match -sprt` would after those pairs.

Example (an SPRT continued after an interruption):
  kaiser sprt elo0=0 elo1=10 9,0,40,0,41 4,0,9,0,10";

/// Runs `kaiser sprt` with the arguments after `sprt`.
pub fn run(args: &[String]) -> Result<()> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{HELP}");
        return Ok(());
    }
    let sprt = sprt_from_keys(args.iter().filter_map(|a| a.split_once('=')))?;
    let runs: Vec<&String> = args.iter().filter(|a| !a.contains('=')).collect();
    ensure!(
        !runs.is_empty(),
        "no results: give at least one run's counts LL,LD,DD,WD,WW (see kaiser sprt --help)"
    );
    let mut tally = Tally::default();
    for run in runs {
        let counts = parse_pentanomial(run).with_context(|| format!("bad counts '{run}'"))?;
        for (sum, count) in tally.pairs.counts.iter_mut().zip(counts.counts) {
            *sum += count;
        }
    }
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
