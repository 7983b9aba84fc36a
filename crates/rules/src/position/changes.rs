//! The pieces a move takes off the board and puts on it, worked out before the move is played.
//! Incremental evaluations (the engine's NNUE accumulators) follow the board with these instead
//! of looking at the whole board after every move.

use super::{CastlingSide, PieceTracker, Position};
use crate::types::{Move, MoveKind, Piece, PieceType, Square};
use arrayvec::ArrayVec;

/// A move's changes to the board: what leaves which square, and what arrives where. Two pieces
/// at most leave (a capture: the mover and its victim; castling: king and rook) and two arrive.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceChanges {
    pub removed: ArrayVec<(Piece, Square), 2>,
    pub added: ArrayVec<(Piece, Square), 2>,
}

impl<T: PieceTracker> Position<T> {
    /// The changes `m`, legal here, will make to the board.
    pub fn piece_changes(&self, m: Move) -> PieceChanges {
        let (from, to) = (m.from(), m.to());
        let moving = self.piece_at(from).expect("a piece on the origin square");
        let mut changes = PieceChanges::default();
        changes.removed.push((moving, from));
        match m.kind() {
            MoveKind::Castling => {
                let side = CastlingSide::from_king_move(from, to).expect("a castling move");
                let rook = Piece::new(moving.color, PieceType::Rook);
                changes.removed.push((rook, side.rook_from()));
                changes.added.push((moving, to));
                changes.added.push((rook, side.rook_to()));
            }
            MoveKind::EnPassant => {
                let captured_sq = Square::new(to.file(), from.rank());
                let captured = self.piece_at(captured_sq).expect("a pawn taken en passant");
                changes.removed.push((captured, captured_sq));
                changes.added.push((moving, to));
            }
            MoveKind::Normal | MoveKind::Promotion(_) => {
                if let Some(captured) = self.piece_at(to) {
                    changes.removed.push((captured, to));
                }
                let placed = match m.kind() {
                    MoveKind::Promotion(pt) => Piece::new(moving.color, pt),
                    _ => moving,
                };
                changes.added.push((placed, to));
            }
        }
        changes
    }
}
