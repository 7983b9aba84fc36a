//! Training positions in memory, as the trainer wants them: each position's active inputs in
//! White's view (Black's view is derived, see `features::black_view`), where the two kings
//! stand (for nets with king buckets, `InputScheme`), whose move it is, and its two labels, the
//! search's score and the game's result, both from the side to move's view.

use crate::data::{DataError, GameRecord, PlyScore};
use arrayvec::ArrayVec;
use kaiser_engine::eval::nnue::features::{self, black_view, InputScheme, MAX_ACTIVE};
use kaiser_engine::eval::params::PAWN_VALUE_EG;
use kaiser_engine::{CastlingRights, Color, Position, Square, Variant};

/// Internal units over which a score's winning chance goes from 50% to about 73%, the logistic
/// scale the tuner fitted to Kaiser's evaluation (`K` = 0.0025 in `tuning/README.md`).
pub const WDL_SCALE: f32 = 400.0;

/// One position's place in the input list and its labels.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    start: u32,
    len: u8,
    /// The squares of White's king and Black's king (as the inputs have them, mirrored or not).
    kings: [Square; 2],
    pub black_to_move: bool,
    /// The search's score as a winning chance for the side to move, 0 to 1.
    pub score: f32,
    /// The game's result for the side to move: 1, 0.5 or 0.
    pub result: f32,
}

/// The board as it is, or mirrored left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Files {
    AsTheyAre,
    Mirrored,
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
        self.push_view(pos, cp, white_result, Files::AsTheyAre);
    }

    /// Adds `pos` mirrored left to right, files a to h swapped, with the labels of `pos`. Every
    /// piece of every variant moves alike both ways, so the mirrored position is worth what
    /// `pos` is, as long as no side may still castle (castling is not symmetric).
    pub fn push_mirrored(&mut self, pos: &Position, cp: i32, white_result: f32) {
        debug_assert!(pos.castling_rights() == CastlingRights::NONE);
        self.push_view(pos, cp, white_result, Files::Mirrored);
    }

    fn push_view(&mut self, pos: &Position, cp: i32, white_result: f32, files: Files) {
        let start = self.inputs.len() as u32;
        for sq in pos.occupied() {
            let piece = pos.piece_at(sq).expect("occupied");
            let input = features::index(self.variant, Color::White, piece, sq);
            // An input is (piece slot) * 64 + square, and a square's low three bits its file.
            let input = match files {
                Files::AsTheyAre => input,
                Files::Mirrored => input ^ 7,
            };
            self.inputs.push(input as u16);
        }
        let kings = Color::BOTH.map(|color| {
            let king = pos.king_square(color);
            match files {
                Files::AsTheyAre => king,
                Files::Mirrored => Square::from_index(king.index() as u8 ^ 7),
            }
        });
        let black_to_move = pos.side_to_move() == Color::Black;
        let sign = if black_to_move { -1.0 } else { 1.0 };
        let internal = (cp * PAWN_VALUE_EG) as f32 / 100.0;
        self.samples.push(Sample {
            start,
            len: (self.inputs.len() as u32 - start) as u8,
            kings,
            black_to_move,
            score: sigmoid(sign * internal / WDL_SCALE),
            result: if black_to_move {
                1.0 - white_result
            } else {
                white_result
            },
        });
    }

    /// Adds the training positions of the game `record` (of this dataset's variant, read at
    /// `offset` of its file), each mirrored too with `mirror` where no side may castle
    /// (`push_mirrored`). A game that cannot be replayed is refused, naming the offset.
    pub fn push_game(
        &mut self,
        record: &GameRecord,
        offset: u64,
        mirror: bool,
    ) -> Result<(), DataError> {
        record.training_positions(self.variant, offset, |p| {
            let PlyScore::Cp(cp) = p.score else { return };
            let (cp, result) = (i32::from(cp), p.result.white_score());
            self.push(p.pos, cp, result);
            if mirror && p.pos.castling_rights() == CastlingRights::NONE {
                self.push_mirrored(p.pos, cp, result);
            }
        })
    }

    /// Adds a copy of `sample` of `from`.
    pub fn push_copy(&mut self, from: &Dataset, sample: &Sample) {
        let start = self.inputs.len() as u32;
        self.inputs
            .extend_from_slice(&from.inputs[sample.start as usize..][..usize::from(sample.len)]);
        self.samples.push(Sample { start, ..*sample });
    }

    /// Adds every position of `other`, after those of `self`.
    pub fn append(&mut self, other: &Dataset) {
        for sample in &other.samples {
            self.push_copy(other, sample);
        }
    }

    /// The inputs of `sample`, laid out as `scheme` says, in the side to move's view and in the
    /// other side's.
    pub fn views(&self, sample: &Sample, scheme: &InputScheme) -> [ArrayVec<u16, MAX_ACTIVE>; 2] {
        let white_plain = &self.inputs[sample.start as usize..][..usize::from(sample.len)];
        let per_bucket = features::input_count(self.variant);
        let [white, black] = Color::BOTH.map(|perspective| {
            let view = scheme.king_view(perspective, sample.kings[perspective.index()]);
            let offset = view.bucket * per_bucket;
            let file_flip = if view.mirrored { 7 } else { 0 };
            white_plain
                .iter()
                .map(|&i| {
                    let plain = match perspective {
                        Color::White => usize::from(i),
                        Color::Black => black_view(self.variant, usize::from(i)),
                    };
                    (offset + (plain ^ file_flip)) as u16
                })
                .collect::<ArrayVec<u16, MAX_ACTIVE>>()
        });
        match sample.black_to_move {
            false => [white, black],
            true => [black, white],
        }
    }
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `fen` with its board mirrored left to right: every rank written backwards.
    fn mirrored_fen(fen: &str) -> String {
        let (board, rest) = fen.split_once(' ').expect("a FEN with fields");
        let ranks: Vec<String> = board
            .split('/')
            .map(|r| r.chars().rev().collect())
            .collect();
        format!("{} {rest}", ranks.join("/"))
    }

    #[test]
    fn a_mirrored_position_has_the_inputs_of_the_mirror_image_and_the_same_labels() {
        let cases = [
            (
                Variant::Empire,
                "2kr3r/ppp2ppp/2n5/3qp3/8/2SSE3/SS3SSS/T1C1K2T b - - 3 14",
            ),
            (
                Variant::Orda,
                "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            ),
            (Variant::Chess, "8/5pk1/6p1/3P4/2P5/1K6/8/8 w - - 0 50"),
        ];
        for (variant, fen) in cases {
            let pos = Position::from_fen(fen, variant).expect("a legal FEN");
            let image = Position::from_fen(&mirrored_fen(fen), variant).expect("its mirror");
            let mut data = Dataset::new(variant);
            data.push_mirrored(&pos, 37, 1.0);
            data.push(&image, 37, 1.0);
            let [a, b] = [&data.samples[0], &data.samples[1]].map(|s| {
                data.views(s, &InputScheme::PLAIN).map(|mut view| {
                    view.sort_unstable();
                    view
                })
            });
            assert_eq!(a, b, "{variant}: {fen}");
            let labels = |s: &Sample| (s.black_to_move, s.score, s.result);
            assert_eq!(labels(&data.samples[0]), labels(&data.samples[1]));
        }
    }
}
