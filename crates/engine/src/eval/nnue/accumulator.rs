//! The first layer's output for both sides' views of a position: built from scratch by
//! `refresh`, or from the position before a move by `update`, which only adds and subtracts the
//! rows of the pieces the move changed.

use super::features::{index, MAX_ACTIVE};
use super::network::Network;
use super::simd::{add_sub, Row};
use crate::Position;
use arrayvec::ArrayVec;
use kaiser_rules::types::{Color, Piece, Square};
use kaiser_rules::PieceChanges;

/// The first layer's output, by `Color::index()` of the side whose view it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Accumulator {
    pub values: [Row; 2],
}

impl Default for Accumulator {
    fn default() -> Accumulator {
        Accumulator {
            values: [[0; super::HIDDEN]; 2],
        }
    }
}

impl Accumulator {
    /// The accumulator of `pos`, summed over its whole board.
    pub fn refresh(net: &Network, pos: &Position) -> Accumulator {
        let variant = pos.variant();
        let values = Color::BOTH.map(|perspective| {
            let rows: ArrayVec<&Row, MAX_ACTIVE> = pos
                .occupied()
                .into_iter()
                .map(|sq| {
                    let piece = pos.piece_at(sq).expect("occupied");
                    &net.feature_weights[index(variant, perspective, piece, sq)]
                })
                .collect();
            let mut row = [0; super::HIDDEN];
            add_sub(&mut row, &net.feature_bias, &rows, &[]);
            row
        });
        Accumulator { values }
    }

    /// The accumulator after a move that makes `changes`, from `before`, the one before it.
    pub fn update(&mut self, before: &Accumulator, net: &Network, changes: &PieceChanges) {
        let variant = net.variant;
        for perspective in Color::BOTH {
            // The rows of a list of at most two pieces, in a fixed buffer: this runs at every
            // node, and collecting into a vector costs more than the sums themselves.
            let rows = |list: &[(Piece, Square)]| {
                let mut rows = [&net.feature_bias; 2];
                for (row, &(piece, sq)) in rows.iter_mut().zip(list) {
                    *row = &net.feature_weights[index(variant, perspective, piece, sq)];
                }
                (rows, list.len())
            };
            let ((added, adds), (removed, subs)) = (rows(&changes.added), rows(&changes.removed));
            let side = perspective.index();
            add_sub(
                &mut self.values[side],
                &before.values[side],
                &added[..adds],
                &removed[..subs],
            );
        }
    }
}
