//! Training positions in memory, as the trainer wants them: each position's active inputs in
//! White's view (Black's view is derived, see `features::black_view`), whose move it is, and
//! its two labels, the search's score and the game's result, both from the side to move's view.

use crate::data::{self, store, DataError, PlyScore};
use anyhow::{bail, Result};
use arrayvec::ArrayVec;
use kaiser_engine::eval::nnue::features::{self, black_view, MAX_ACTIVE};
use kaiser_engine::eval::params::PAWN_VALUE_EG;
use kaiser_engine::{Color, Position, Variant};
use std::path::Path;

/// Internal units over which a score's winning chance goes from 50% to about 73%, the logistic
/// scale the tuner fitted to Kaiser's evaluation (`K` = 0.0025 in `tuning/README.md`).
pub const WDL_SCALE: f32 = 400.0;

/// One position's place in the input list and its labels.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    start: u32,
    len: u8,
    pub black_to_move: bool,
    /// The search's score as a winning chance for the side to move, 0 to 1.
    pub score: f32,
    /// The game's result for the side to move: 1, 0.5 or 0.
    pub result: f32,
}

/// Positions of one variant.
#[derive(Clone, Debug)]
pub struct Dataset {
    pub variant: Variant,
    inputs: Vec<u16>,
    pub samples: Vec<Sample>,
}

impl Dataset {
    pub fn new(variant: Variant) -> Dataset {
        Dataset {
            variant,
            inputs: Vec::new(),
            samples: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.samples.len()
    }

    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// Adds `pos`, scored `cp` centipawns for White by the search, from a game that ended
    /// `white_result` (1, 0.5 or 0 for White).
    pub fn push(&mut self, pos: &Position, cp: i32, white_result: f32) {
        let start = self.inputs.len() as u32;
        for sq in pos.occupied() {
            let piece = pos.piece_at(sq).expect("occupied");
            let input = features::index(self.variant, Color::White, piece, sq);
            self.inputs.push(input as u16);
        }
        let black_to_move = pos.side_to_move() == Color::Black;
        let sign = if black_to_move { -1.0 } else { 1.0 };
        let internal = (cp * PAWN_VALUE_EG) as f32 / 100.0;
        self.samples.push(Sample {
            start,
            len: (self.inputs.len() as u32 - start) as u8,
            black_to_move,
            score: sigmoid(sign * internal / WDL_SCALE),
            result: if black_to_move {
                1.0 - white_result
            } else {
                white_result
            },
        });
    }

    /// The inputs of `sample` in the side to move's view and in the other side's.
    pub fn views(&self, sample: &Sample) -> [ArrayVec<u16, MAX_ACTIVE>; 2] {
        let white: ArrayVec<u16, MAX_ACTIVE> = self.inputs[sample.start as usize..]
            [..usize::from(sample.len)]
            .iter()
            .copied()
            .collect();
        let black = white
            .iter()
            .map(|&i| black_view(self.variant, usize::from(i)) as u16)
            .collect();
        match sample.black_to_move {
            false => [white, black],
            true => [black, white],
        }
    }
}

/// The training and held-out positions read from data files.
pub struct Split {
    pub train: Dataset,
    pub holdout: Dataset,
    pub games: usize,
}

/// Reads the training positions of the data at `path` (a file of `kaiser datagen` or a
/// directory of them) for `variant`; the positions of every `holdout_every`-th game go to the
/// held-out set.
pub fn read(path: &Path, variant: Variant, holdout_every: usize) -> Result<Split> {
    let mut split = Split {
        train: Dataset::new(variant),
        holdout: Dataset::new(variant),
        games: 0,
    };
    for file in store::data_files(path)? {
        let mut reader = data::DataReader::open(&file)?;
        let found = reader.header().variant;
        if found != variant {
            bail!("{} holds {found} games, not {variant}", file.display());
        }
        let games_before = split.games;
        let read = reader.for_each_position(|game, p| {
            let PlyScore::Cp(cp) = p.score else { return };
            let set = match (games_before + game as usize).is_multiple_of(holdout_every) {
                true => &mut split.holdout,
                false => &mut split.train,
            };
            set.push(p.pos, i32::from(cp), p.result.white_score());
        });
        match read {
            Ok(()) => {}
            // A run still being written ends inside the game being appended.
            Err(e @ DataError::Truncated { .. }) => {
                eprintln!("{}: {e}; reading the games before it", file.display())
            }
            Err(e) => bail!("{}: {e}", file.display()),
        }
        split.games += reader.games() as usize;
    }
    Ok(split)
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}
