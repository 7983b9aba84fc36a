//! Deciding whether a move gives check before it is made, so the search can prune quiet moves
//! without playing them. Exact: both ways agree with `in_check()` after `make_move` for every
//! legal move (a property test holds them to that).
//!
//! `gives_check` works a move out on its own; `CheckInfo` first gathers, once per position, the
//! squares from which each capture pattern would hit the enemy king and the pieces whose leaving
//! would uncover a line to it, after which most moves are answered with two bit tests.

use super::{CastlingSide, PieceTracker, Position};
use crate::attacks::{self, Pattern};
use crate::types::{Bitboard, Color, Move, MoveKind, Piece, PieceType, Square};

/// What the side to move needs to know to tell a checking move at a glance.
pub struct CheckInfo {
    king: Square,
    /// By capture pattern: the squares from which a piece capturing that way attacks the king.
    check_squares: [Bitboard; Pattern::ALL.len()],
    /// The mover's pieces that alone block one of its sliders' lines to the king.
    uncovering: Bitboard,
}

impl CheckInfo {
    /// True if the legal move `m` of `pos` (the position this was made for) gives check.
    #[inline]
    pub fn gives_check<T: PieceTracker>(&self, pos: &Position<T>, m: Move) -> bool {
        if m.kind() != MoveKind::Normal {
            // Castling, en passant and promotions change the board in more than two places.
            return pos.gives_check(m);
        }
        let (from, to) = (m.from(), m.to());
        let mover = pos.piece_at(from).expect("a piece on the origin square");
        self.check_squares[mover.kind.capture_pattern() as usize].contains(to)
            || (self.uncovering.contains(from) && !attacks::line(self.king, from).contains(to))
    }
}

impl<T: PieceTracker> Position<T> {
    /// The facts that tell the side to move's checking moves apart (see `CheckInfo`).
    pub fn check_info(&self) -> CheckInfo {
        let us = self.side_to_move;
        let them: Color = !us;
        let king = self.king_square(them);
        let occ = self.occupied();
        // A pattern's reverse: our piece on X hits the king iff the king's square, seen with
        // the enemy's colour (pawns and Soldiers face the other way), hits X.
        let check_squares = Pattern::ALL.map(|pattern| match pattern {
            Pattern::PawnPush => Bitboard::EMPTY,
            _ => attacks::pattern_targets(pattern, them, king, occ),
        });
        let (diagonal, orthogonal) = self.diagonal_and_orthogonal_attackers();
        let ours = self.pieces_of(us);
        let uncovering = self.lone_blockers(king, diagonal & ours, orthogonal & ours) & ours;
        CheckInfo {
            king,
            check_squares,
            uncovering,
        }
    }

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
