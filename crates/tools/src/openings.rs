//! `openings`: test openings for engine matches. Plays random short lines from a variant's start
//! position, scores each resulting position with a fixed-depth Kaiser search, and keeps the
//! positions that are roughly balanced: the game is not over, the side to move has a move, and
//! the score lies within a window around 0 from White's point of view (Empire and Orda are
//! asymmetric, so it is White's view, not the mover's, that must be level). Positions are
//! deduplicated by their key. The same configuration and seed give the same openings.

use kaiser_engine::search::{Engine, Limits, NullListener, Score, SearchControl};
use kaiser_engine::{Color, Position, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::io::{self, Write};
use std::ops::RangeInclusive;

/// Hash size of the scoring search, cleared before every position.
const HASH_MB: usize = 16;

/// Lines played per opening wanted before the generator gives up (about two lines in three pass
/// the default filter).
const MAX_TRIES_PER_OPENING: usize = 100;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub variant: Variant,
    /// The number of openings wanted.
    pub count: usize,
    /// The length of the random lines, in plies.
    pub plies: RangeInclusive<u32>,
    /// The depth of the scoring search.
    pub depth: u32,
    /// Keep positions scored within ±`window_cp` centipawns (White's view).
    pub window_cp: i32,
    pub seed: u64,
}

impl Config {
    /// The defaults of `kaiser openings` for `variant` and `count`: those of the shipped files.
    pub fn new(variant: Variant, count: usize) -> Config {
        Config {
            variant,
            count,
            plies: 6..=10,
            depth: 10,
            window_cp: 40,
            seed: 1,
        }
    }
}

/// A kept position and its search score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The position as a six-field FEN.
    pub fen: String,
    /// The search score in centipawns from White's point of view.
    pub white_cp: i32,
}

/// How far the generator has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub kept: usize,
    pub wanted: usize,
    /// Lines played so far, kept or not.
    pub tried: usize,
}

/// Generates `config.count` openings, in the order they were found, calling `progress` after each
/// line played. Fails only if far too few lines pass the filter (a window or line length that
/// balanced positions cannot meet).
pub fn generate(config: &Config, progress: &mut dyn FnMut(Progress)) -> io::Result<Vec<Opening>> {
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut engine = Engine::new();
    engine.set_hash_mb(HASH_MB);
    let limits = Limits {
        depth: Some(config.depth),
        ..Limits::default()
    };
    let mut seen = HashSet::new();
    let mut openings = Vec::with_capacity(config.count);
    let max_tries = config.count.max(1) * MAX_TRIES_PER_OPENING;
    let mut tried = 0;
    while openings.len() < config.count {
        if tried == max_tries {
            return Err(io::Error::other(format!(
                "only {} of {} openings within ±{} cp after {tried} lines",
                openings.len(),
                config.count,
                config.window_cp
            )));
        }
        tried += 1;
        let plies = rng.gen_range(config.plies.clone());
        if let Some(pos) = random_line(config.variant, plies, &mut rng) {
            if seen.insert(pos.key()) {
                engine.clear();
                let result = engine.search(&pos, &limits, &SearchControl::new(), &NullListener);
                if let Score::Cp(cp) = result.score {
                    let white_cp = if pos.side_to_move() == Color::White {
                        cp
                    } else {
                        -cp
                    };
                    if white_cp.abs() <= config.window_cp {
                        openings.push(Opening {
                            fen: pos.fen(),
                            white_cp,
                        });
                    }
                }
            }
        }
        progress(Progress {
            kept: openings.len(),
            wanted: config.count,
            tried,
        });
    }
    Ok(openings)
}

/// Plays `plies` uniformly random legal moves from the start position; `None` if the game ends
/// on the way or at the end.
fn random_line(variant: Variant, plies: u32, rng: &mut StdRng) -> Option<Position> {
    let mut pos = Position::startpos(variant);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            return None;
        }
        pos.make_move(moves[rng.gen_range(0..moves.len())]);
    }
    let over = pos.outcome().is_some() || pos.legal_moves().is_empty();
    (!over).then_some(pos)
}

/// Writes the openings one FEN a line.
pub fn write(openings: &[Opening], out: &mut dyn Write) -> io::Result<()> {
    for opening in openings {
        writeln!(out, "{}", opening.fen)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small(variant: Variant, seed: u64) -> Config {
        Config {
            depth: 3,
            window_cp: 80,
            seed,
            ..Config::new(variant, 6)
        }
    }

    #[test]
    fn same_seed_same_openings() {
        for variant in Variant::ALL {
            let first = generate(&small(variant, 7), &mut |_| ()).unwrap();
            let second = generate(&small(variant, 7), &mut |_| ()).unwrap();
            assert_eq!(first, second);
            let other = generate(&small(variant, 8), &mut |_| ()).unwrap();
            assert_ne!(first, other);
        }
    }

    #[test]
    fn written_openings_are_balanced_distinct_and_playable() {
        for variant in Variant::ALL {
            let config = small(variant, 3);
            let openings = generate(&config, &mut |_| ()).unwrap();
            let mut text = Vec::new();
            write(&openings, &mut text).unwrap();
            let text = String::from_utf8(text).unwrap();
            assert_eq!(text.lines().count(), config.count);
            let mut keys = HashSet::new();
            for (line, opening) in text.lines().zip(&openings) {
                assert!(opening.white_cp.abs() <= config.window_cp, "{opening:?}");
                let pos = Position::from_fen(line, variant).unwrap();
                assert_eq!(pos.fen(), line);
                assert_eq!(line.split(' ').count(), 6);
                assert!(pos.outcome().is_none() && !pos.legal_moves().is_empty());
                assert!(keys.insert(pos.key()), "{line} twice");
            }
        }
    }

    #[test]
    fn an_impossible_window_fails_instead_of_looping() {
        let config = Config {
            count: 1,
            window_cp: -1,
            ..small(Variant::Chess, 1)
        };
        assert!(generate(&config, &mut |_| ()).is_err());
    }
}
