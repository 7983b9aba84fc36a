//! The first layer's output for both sides' views of a position: built from scratch by
//! `refresh`, or from the position before a move by `update_view`, which only adds and
//! subtracts the rows of the pieces the move changed. With king buckets
//! (`features::InputScheme`), a move that takes a side's king to another bucket or across the
//! board's middle changes every input of that side's view (`moves_view`): that view is built
//! from scratch instead. An accumulator has room for the widest net (`MAX_HIDDEN`); a net uses
//! the first `hidden` lanes of each view.

use super::features::{KingView, MAX_ACTIVE};
use super::network::Network;
use super::MAX_HIDDEN;
use crate::Position;
use arrayvec::ArrayVec;
use kaiser_rules::types::{Color, Piece, PieceType, Square};
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

/// The king view of `perspective` in `pos` under `net`'s inputs.
#[inline]
fn king_view(net: &Network, pos: &Position, perspective: Color) -> KingView {
    net.inputs
        .king_view(perspective, pos.king_square(perspective))
}

/// Whether `changes` take `perspective`'s king to another view (bucket or mirroring) under
/// `net`'s inputs, so that its accumulator must be built from scratch.
#[inline]
pub fn moves_view(net: &Network, perspective: Color, changes: &PieceChanges) -> bool {
    if net.inputs.king_buckets.is_none() {
        return false;
    }
    let king = |list: &[(Piece, Square)]| {
        list.iter()
            .find(|(piece, _)| piece.kind == PieceType::King && piece.color == perspective)
            .map(|&(_, sq)| net.inputs.king_view(perspective, sq))
    };
    match (king(&changes.removed), king(&changes.added)) {
        (Some(from), Some(to)) => from != to,
        _ => false,
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
        for perspective in Color::BOTH {
            acc.refresh_view(net, pos, perspective);
        }
        acc
    }

    /// Makes `perspective`'s view that of `pos`, summed over its whole board.
    pub fn refresh_view(&mut self, net: &Network, pos: &Position, perspective: Color) {
        let (variant, view) = (pos.variant(), king_view(net, pos, perspective));
        let rows: ArrayVec<&[i16], MAX_ACTIVE> = pos
            .occupied()
            .into_iter()
            .map(|sq| {
                let piece = pos.piece_at(sq).expect("occupied");
                let input = net.inputs.index(variant, perspective, view, piece, sq);
                net.feature_weights.row(input)
            })
            .collect();
        let dst = &mut self.values[perspective.index()][..net.hidden];
        net.simd.add_sub(dst, net.feature_bias.row(0), &rows, &[]);
    }

    /// Makes `perspective`'s view the one after a move that makes `changes` from `before`, the
    /// accumulator before it, both seen from `view` (the move keeps `perspective`'s king view:
    /// `moves_view` is false).
    #[inline]
    pub fn update_view(
        &mut self,
        before: &Accumulator,
        net: &Network,
        changes: &PieceChanges,
        perspective: Color,
        view: KingView,
    ) {
        let variant = net.variant;
        // The rows of a list of at most two pieces, in a fixed buffer: this runs at every
        // node, and collecting into a vector costs more than the sums themselves.
        let rows = |list: &[(Piece, Square)]| {
            let mut rows: [&[i16]; 2] = [&[], &[]];
            for (row, &(piece, sq)) in rows.iter_mut().zip(list) {
                let input = net.inputs.index(variant, perspective, view, piece, sq);
                *row = net.feature_weights.row(input);
            }
            (rows, list.len())
        };
        let ((added, adds), (removed, subs)) = (rows(&changes.added), rows(&changes.removed));
        net.simd.add_sub(
            &mut self.values[perspective.index()][..net.hidden],
            before.view(perspective, net.hidden),
            &added[..adds],
            &removed[..subs],
        );
    }

    /// Makes this the accumulator after a move that makes `changes` from `before`, the one
    /// before it, reaching `after`: each view updated, or built from scratch where the move
    /// changes its king view.
    pub fn after_move(
        &mut self,
        before: &Accumulator,
        net: &Network,
        changes: &PieceChanges,
        after: &Position,
    ) {
        for perspective in Color::BOTH {
            if moves_view(net, perspective, changes) {
                self.refresh_view(net, after, perspective);
            } else {
                let view = king_view(net, after, perspective);
                self.update_view(before, net, changes, perspective, view);
            }
        }
    }
}
