//! The accumulator refresh cache (Stockfish's "Finny tables"), for nets with king buckets: when a
//! king's move changes its side's king view, that view must be rebuilt, which from scratch adds
//! a row for every piece on the board. The cache keeps, for each side and each king view
//! (bucket and mirroring), the view of the board it last built there and that board's pieces;
//! a rebuild starts from it and adds and subtracts only the pieces that differ, a handful
//! where a full rebuild takes thirty.

use super::accumulator::Accumulator;
use super::features::{KingView, MAX_ACTIVE};
use super::network::Network;
use super::MAX_HIDDEN;
use crate::Position;
use arrayvec::ArrayVec;
use kaiser_rules::types::{Bitboard, Color, Piece, PieceType};

/// One side's view for one king view, and the pieces it was built for.
#[derive(Clone)]
#[repr(C, align(64))]
struct Entry {
    values: [i16; MAX_HIDDEN],
    /// The pieces of each colour and kind (`PieceType::index()`) the view was built for.
    pieces: [[Bitboard; PieceType::COUNT]; 2],
}

/// The cache of one search thread for one net.
pub struct RefreshCache {
    /// By side, then king bucket, then mirroring.
    entries: Vec<Entry>,
}

impl RefreshCache {
    /// An empty cache for `net`: every entry is the view of an empty board.
    pub fn new(net: &Network) -> RefreshCache {
        let mut values = [0; MAX_HIDDEN];
        values[..net.hidden].copy_from_slice(net.feature_bias.row(0));
        let empty = Entry {
            values,
            pieces: [[Bitboard::EMPTY; PieceType::COUNT]; 2],
        };
        RefreshCache {
            entries: vec![empty; 2 * net.inputs.buckets() * 2],
        }
    }

    /// Makes `perspective`'s view of `acc` that of `pos` (as `Accumulator::refresh_view`
    /// does), starting from the cached view of the same king view and keeping the result
    /// there.
    pub fn refresh_view(
        &mut self,
        acc: &mut Accumulator,
        net: &Network,
        pos: &Position,
        perspective: Color,
    ) {
        let variant = pos.variant();
        let view = net
            .inputs
            .king_view(perspective, pos.king_square(perspective));
        let entry = &mut self.entries[index(net, perspective, view)];
        let (mut adds, mut subs) = (
            ArrayVec::<&[i16], MAX_ACTIVE>::new(),
            ArrayVec::<&[i16], MAX_ACTIVE>::new(),
        );
        for color in Color::BOTH {
            for &kind in variant.piece_types() {
                let (now, before) = (
                    pos.pieces(color, kind),
                    entry.pieces[color.index()][kind.index()],
                );
                let piece = Piece::new(color, kind);
                let row = |sq| {
                    let input = net.inputs.index(variant, perspective, view, piece, sq);
                    net.feature_weights.row(input)
                };
                adds.extend((now & !before).into_iter().map(row));
                subs.extend((before & !now).into_iter().map(row));
                entry.pieces[color.index()][kind.index()] = now;
            }
        }
        let hidden = net.hidden;
        let dst = &mut acc.values[perspective.index()][..hidden];
        net.simd.add_sub(dst, &entry.values[..hidden], &adds, &subs);
        entry.values[..hidden].copy_from_slice(dst);
    }
}

/// The entry of `perspective` and `view` in a cache for `net`.
fn index(net: &Network, perspective: Color, view: KingView) -> usize {
    (perspective.index() * net.inputs.buckets() + view.bucket) * 2 + usize::from(view.mirrored)
}
