//! `kaiser data info`: what a store of training data holds: games, plies and training
//! positions, results and endings, the distribution of scores and of game phases, and bytes.

use super::format::{PlyScore, Source};
use super::reader::DataReader;
use crate::matches::openings::test_keys;
use anyhow::{anyhow, Result};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// Upper edges (exclusive) of the score buckets, in centipawns for White; the last bucket has
/// no upper edge.
const SCORE_EDGES: [i32; 12] = [-800, -400, -200, -100, -50, -25, 26, 51, 101, 201, 401, 801];
/// Pieces on the board (kings included) per game-phase bucket.
const PHASE_WIDTH: usize = 4;
const PHASE_BUCKETS: usize = 32 / PHASE_WIDTH + 1;

/// The counts of one variant's data.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub files: usize,
    pub bytes: u64,
    pub games: u64,
    pub plies: u64,
    pub positions: u64,
    /// Games by result: Black wins, draws, White wins.
    pub results: [u64; 3],
    pub endings: BTreeMap<String, u64>,
    pub scores: [u64; SCORE_EDGES.len() + 1],
    pub phases: [u64; PHASE_BUCKETS],
    /// Games whose start or opening plies met a test opening (none should).
    pub test_openings_met: u64,
    /// Files by where their games come from, with settings: `self-play, 5000 nodes, seed 1`.
    pub runs: BTreeMap<String, u64>,
}

/// The tallies of several files, by variant.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub variants: BTreeMap<&'static str, Tally>,
}

impl Summary {
    /// Reads every game of the data file at `path` (replaying them, so a damaged file is
    /// reported with the offset of its first bad record).
    pub fn add_file(&mut self, path: &Path) -> Result<()> {
        let mut reader = DataReader::open(path)?;
        let header = reader.header();
        let tally = self.variants.entry(header.variant.name()).or_default();
        tally.files += 1;
        tally.bytes += std::fs::metadata(path)?.len();
        let run = match header.source {
            Source::SelfPlay => format!("self-play, {} nodes, seed {}", header.nodes, header.seed),
            Source::Pgn => "imported from PGN".to_string(),
        };
        let context = |e| anyhow!("{}: {e}", path.display());
        let test_keys = test_keys(header.variant);
        while let Some((offset, game)) = reader.next_game().map_err(context)? {
            tally.games += 1;
            tally.plies += game.plies.len() as u64;
            tally.results[game.result as usize] += 1;
            *tally.endings.entry(game.ending.to_string()).or_default() += 1;
            game.training_positions(header.variant, offset, |p| {
                tally.positions += 1;
                if let PlyScore::Cp(cp) = p.score {
                    let bucket = SCORE_EDGES.partition_point(|&edge| i32::from(cp) >= edge);
                    tally.scores[bucket] += 1;
                }
                let pieces = p.pos.occupied().count() as usize;
                tally.phases[(pieces / PHASE_WIDTH).min(PHASE_BUCKETS - 1)] += 1;
            })
            .map_err(context)?;
            if game
                .opening_meets(header.variant, offset, test_keys)
                .map_err(context)?
            {
                tally.test_openings_met += 1;
            }
        }
        *tally.runs.entry(run).or_default() += 1;
        Ok(())
    }

    /// The report `kaiser data info` prints.
    pub fn report(&self) -> String {
        let mut out = String::new();
        if self.variants.is_empty() {
            out.push_str("no data files\n");
        }
        for (variant, tally) in &self.variants {
            tally.write(variant, &mut out);
        }
        out
    }
}

/// `part` as a percentage of `whole`.
fn percent(part: u64, whole: u64) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

impl Tally {
    fn write(&self, variant: &str, out: &mut String) {
        let per_position = self.bytes as f64 / self.positions.max(1) as f64;
        let _ = writeln!(out, "{variant}:");
        let _ = writeln!(
            out,
            "  files      {} ({})",
            self.files,
            self.runs
                .iter()
                .map(|(run, n)| format!("{n} {run}"))
                .collect::<Vec<_>>()
                .join("; ")
        );
        let _ = writeln!(
            out,
            "  games      {}   plies {}   training positions {} ({:.1} a game)",
            self.games,
            self.plies,
            self.positions,
            self.positions as f64 / self.games.max(1) as f64
        );
        let _ = writeln!(
            out,
            "  bytes      {} ({per_position:.2} a training position)",
            self.bytes
        );
        let _ = writeln!(
            out,
            "  test openings met before the start: {} games{}",
            self.test_openings_met,
            if self.test_openings_met > 0 {
                " (their games train on what matches are judged on)"
            } else {
                ""
            }
        );
        let [black, draws, white] = self.results;
        let _ = writeln!(
            out,
            "  results    White wins {white} ({:.1}%), draws {draws} ({:.1}%), Black wins {black} ({:.1}%)",
            percent(white, self.games),
            percent(draws, self.games),
            percent(black, self.games)
        );
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(ending, n)| format!("{ending} {n}"))
            .collect();
        let _ = writeln!(out, "  endings    {}", endings.join(", "));
        let _ = writeln!(out, "  scores (centipawns for White), training positions:");
        for (bucket, &count) in self.scores.iter().enumerate() {
            let label = match bucket {
                0 => format!("< {}", SCORE_EDGES[0]),
                b if b == SCORE_EDGES.len() => format!(">= {}", SCORE_EDGES[b - 1]),
                b => format!("{} to {}", SCORE_EDGES[b - 1], SCORE_EDGES[b] - 1),
            };
            let _ = writeln!(
                out,
                "    {label:>14}  {count:>10}  {:5.1}%",
                percent(count, self.positions)
            );
        }
        let _ = writeln!(
            out,
            "  game phase (pieces on the board), training positions:"
        );
        for (bucket, &count) in self.phases.iter().enumerate() {
            let low = bucket * PHASE_WIDTH;
            let label = match bucket {
                b if b == PHASE_BUCKETS - 1 => format!("{low}+"),
                _ => format!("{low}-{}", low + PHASE_WIDTH - 1),
            };
            let _ = writeln!(
                out,
                "    {label:>14}  {count:>10}  {:5.1}%",
                percent(count, self.positions)
            );
        }
    }
}
