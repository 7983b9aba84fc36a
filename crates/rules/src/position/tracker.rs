//! A sum over the pieces on the board that the position keeps up to date as pieces come and go.
//! The engine keeps its material and piece-square score this way, so evaluating reads one value
//! instead of summing the board; the rules core knows nothing of what is summed, and a position
//! that needs no sum tracks `()`.

use crate::types::{Piece, Square};
use crate::variant::Variant;
use std::fmt::Debug;

/// A value kept up to date, piece by piece, as the position's pieces change.
pub trait PieceTracker: Copy + Default + PartialEq + Debug {
    /// Counts `piece` arriving on `sq` in a game of `variant`.
    fn add(&mut self, variant: Variant, piece: Piece, sq: Square);
    /// Stops counting `piece` leaving `sq` in a game of `variant`.
    fn remove(&mut self, variant: Variant, piece: Piece, sq: Square);
}

/// Tracks nothing: the position of the rules alone.
impl PieceTracker for () {
    #[inline]
    fn add(&mut self, _: Variant, _: Piece, _: Square) {}
    #[inline]
    fn remove(&mut self, _: Variant, _: Piece, _: Square) {}
}
