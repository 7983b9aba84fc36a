//! Deciding whether a move gives check before it is made, so the search can prune quiet moves
//! without playing them. Exact: it agrees with `in_check()` after `make_move` for every legal
//! move (a property test holds it to that).

use super::{CastlingSide, Position};
use crate::attacks;
use crate::types::{Bitboard, Move, MoveKind, Piece, PieceType, Square};

impl Position {
    /// True if the legal move `m` leaves the opponent's king attacked: directly by the piece
    /// that lands (the castled rook, the promoted piece), or by a line it opens.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side_to_move;
        let ksq = self.king_square(!us);
        let (from, to) = (m.from(), m.to());
        let mover = self.piece_at(from).expect("a piece on the origin square");
        let (landed, landed_on, vacated, occ) = match m.kind() {
            MoveKind::Castling => {
                let side = CastlingSide::from_king_move(from, to).expect("a castling move");
                let (rook_from, rook_to) = (side.rook_from(), side.rook_to());
                let occ = (self.occupied() ^ from ^ rook_from) | to | rook_to;
                let rook = Piece::new(us, PieceType::Rook);
                (rook, rook_to, Bitboard::from(from) | rook_from, occ)
            }
            MoveKind::EnPassant => {
                let captured = Square::new(to.file(), from.rank());
                let occ = (self.occupied() ^ from ^ captured) | to;
                (mover, to, Bitboard::from(from), occ)
            }
            MoveKind::Promotion(pt) => {
                let occ = (self.occupied() ^ from) | to;
                (Piece::new(us, pt), to, Bitboard::from(from), occ)
            }
            MoveKind::Normal => {
                let occ = (self.occupied() ^ from) | to;
                (mover, to, Bitboard::from(from), occ)
            }
        };
        attacks::attacks(landed.kind, us, landed_on, occ).contains(ksq)
            || (self.attackers_by(ksq, us, occ) & !vacated).any()
    }
}
