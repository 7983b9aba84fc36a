//! The first layer's output for both sides' views of a position: built from scratch by
//! `refresh`, or from the position before a move by `update`, which only adds and subtracts the
//! rows of the pieces the move changed. An accumulator has room for the widest net
//! (`MAX_HIDDEN`); a net uses the first `hidden` lanes of each view.

use super::features::{index, MAX_ACTIVE};
use super::network::Network;
use super::MAX_HIDDEN;
use crate::Position;
use arrayvec::ArrayVec;
use kaiser_rules::types::{Color, Piece, Square};
use kaiser_rules::PieceChanges;

/// The first layer's output, by `Color::index()` of the side whose view it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Accumulator {
    pub values: [[i16; MAX_HIDDEN]; 2],
}

impl Default for Accumulator {
    fn default() -> Accumulator {
        Accumulator {
            values: [[0; MAX_HIDDEN]; 2],
        }
    }
}

impl Accumulator {
    /// `perspective`'s view, for a net of `hidden` neurons a side.
    #[inline]
    pub fn view(&self, perspective: Color, hidden: usize) -> &[i16] {
        &self.values[perspective.index()][..hidden]
    }

    /// The accumulator of `pos`, summed over its whole board.
    pub fn refresh(net: &Network, pos: &Position) -> Accumulator {
        let mut acc = Accumulator::default();
        let variant = pos.variant();
        for perspective in Color::BOTH {
            let rows: ArrayVec<&[i16], MAX_ACTIVE> = pos
                .occupied()
                .into_iter()
                .map(|sq| {
                    let piece = pos.piece_at(sq).expect("occupied");
                    net.feature_weights
                        .row(index(variant, perspective, piece, sq))
                })
                .collect();
            let dst = &mut acc.values[perspective.index()][..net.hidden];
            net.simd.add_sub(dst, net.feature_bias.row(0), &rows, &[]);
        }
        acc
    }

    /// The accumulator after a move that makes `changes`, from `before`, the one before it.
    #[inline]
    pub fn update(&mut self, before: &Accumulator, net: &Network, changes: &PieceChanges) {
        let variant = net.variant;
        let simd = net.simd;
        for perspective in Color::BOTH {
            // The rows of a list of at most two pieces, in a fixed buffer: this runs at every
            // node, and collecting into a vector costs more than the sums themselves.
            let rows = |list: &[(Piece, Square)]| {
                let mut rows: [&[i16]; 2] = [&[], &[]];
                for (row, &(piece, sq)) in rows.iter_mut().zip(list) {
                    *row = net
                        .feature_weights
                        .row(index(variant, perspective, piece, sq));
                }
                (rows, list.len())
            };
            let ((added, adds), (removed, subs)) = (rows(&changes.added), rows(&changes.removed));
            simd.add_sub(
                &mut self.values[perspective.index()][..net.hidden],
                before.view(perspective, net.hidden),
                &added[..adds],
                &removed[..subs],
            );
        }
    }
}
