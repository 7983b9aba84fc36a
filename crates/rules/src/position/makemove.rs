//! Playing a move and taking it back. The key is updated incrementally; every earlier state is
//! kept on a stack, which serves both unmaking and repetition detection.
//!
//! The state after a move (key, castling rights, en-passant square, clock) is worked out from the
//! board before anything moves, so a caller can learn the new key first (the search uses it to
//! prefetch the transposition-table entry while the board is being updated).

use super::{zobrist, CastlingSide, PieceTracker, Position};
use crate::attacks;
use crate::types::{Color, Move, MoveKind, Piece, PieceType, Square};

impl<T: PieceTracker> Position<T> {
    /// Plays `m`, which must be legal in this position (see `legal_moves` / `parse_uci_move`).
    #[inline]
    pub fn make_move(&mut self, m: Move) {
        self.make_move_with(m, |_| {});
    }

    /// Plays `m` like `make_move`, first handing the key of the position it leads to to
    /// `on_new_key`.
    pub fn make_move_with(&mut self, m: Move, on_new_key: impl FnOnce(u64)) {
        let us = self.side_to_move;
        let them = !us;
        let (from, to) = (m.from(), m.to());
        let moving = self.piece_at(from).expect("a piece on the origin square");
        let captured_sq = match m.kind() {
            MoveKind::EnPassant => Square::new(to.file(), from.rank()),
            _ => to,
        };
        let captured = match m.kind() {
            MoveKind::Castling => None,
            _ => self.piece_at(captured_sq),
        };
        let placed = match m.kind() {
            MoveKind::Promotion(pt) => Piece::new(us, pt),
            _ => moving,
        };

        let previous = self.state;
        self.history.push(previous);
        let mut key = previous.key
            ^ zobrist::side_key()
            ^ zobrist::piece_key(moving, from)
            ^ zobrist::piece_key(placed, to);
        if let Some(ep) = previous.en_passant {
            key ^= zobrist::en_passant_key(ep);
        }
        if let Some(captured) = captured {
            key ^= zobrist::piece_key(captured, captured_sq);
        }
        let castling_side = match m.kind() {
            MoveKind::Castling => {
                let side = CastlingSide::from_king_move(from, to).expect("a castling move");
                let rook = Piece::new(us, PieceType::Rook);
                key ^= zobrist::piece_key(rook, side.rook_from())
                    ^ zobrist::piece_key(rook, side.rook_to());
                Some(side)
            }
            _ => None,
        };
        let castling = previous.castling.after_touching(from).after_touching(to);
        if castling != previous.castling {
            key ^= zobrist::castling_key(previous.castling.0) ^ zobrist::castling_key(castling.0);
        }
        let double_step = moving.kind == PieceType::Pawn && from.rank().abs_diff(to.rank()) == 2;
        let en_passant = if double_step {
            self.en_passant_target(from, us, them)
        } else {
            None
        };
        if let Some(ep) = en_passant {
            key ^= zobrist::en_passant_key(ep);
        }
        on_new_key(key);

        if captured.is_some() {
            self.remove_piece(captured_sq);
        }
        self.remove_piece(from);
        self.put_piece(placed, to);
        if let Some(side) = castling_side {
            self.move_piece(side.rook_from(), side.rook_to());
        }

        let resets_clock = captured.is_some() || moving.kind == PieceType::Pawn;
        self.side_to_move = them;
        self.game_ply += 1;
        let ksq = self.king_square(them);
        self.state = super::State {
            key,
            castling,
            en_passant,
            halfmove_clock: match resets_clock {
                true => 0,
                false => previous.halfmove_clock.saturating_add(1),
            },
            captured,
            checkers: self.attackers_by(ksq, us, self.occupied()),
            kings_facing: m.kind() == MoveKind::EnPassant
                && self.faces_enemy_king(ksq, them, self.occupied()),
        };
        debug_assert!(self.is_consistent(), "inconsistent after {m} in {self:?}");
    }

    /// The square a pawn double-stepping from `from` passes, if an enemy pawn could capture
    /// there (only then does the position record it).
    fn en_passant_target(&self, from: Square, us: Color, them: Color) -> Option<Square> {
        let passed = from
            .offset(0, us.forward())
            .expect("a double step passes a square");
        (attacks::pawn_attacks(us, passed) & self.pieces(them, PieceType::Pawn))
            .any()
            .then_some(passed)
    }

    /// Passes the move to the other side (the search's null move). Only outside check. The
    /// halfmove clock restarts, so no repetition is counted across the pass.
    pub fn make_null_move(&mut self) {
        debug_assert!(!self.in_check(), "a null move in check: {self:?}");
        let previous = self.state;
        self.history.push(previous);
        let mut key = previous.key ^ zobrist::side_key();
        if let Some(ep) = previous.en_passant {
            key ^= zobrist::en_passant_key(ep);
        }
        self.side_to_move = !self.side_to_move;
        self.game_ply += 1;
        self.state = super::State {
            key,
            en_passant: None,
            halfmove_clock: 0,
            captured: None,
            ..previous
        };
        debug_assert!(
            self.is_consistent(),
            "inconsistent after a null move: {self:?}"
        );
    }

    /// Takes back a null move, which must be the last move made.
    pub fn unmake_null_move(&mut self) {
        self.side_to_move = !self.side_to_move;
        self.game_ply -= 1;
        self.state = self.history.pop().expect("a null move to take back");
    }

    /// Takes back `m`, which must be the last move made.
    pub fn unmake_move(&mut self, m: Move) {
        let (from, to) = (m.from(), m.to());
        let captured = self.state.captured;
        self.side_to_move = !self.side_to_move;
        self.game_ply -= 1;
        let us = self.side_to_move;

        match m.kind() {
            MoveKind::Castling => {
                let side = CastlingSide::from_king_move(from, to).expect("a castling move");
                self.move_piece(side.rook_to(), side.rook_from());
                self.move_piece(to, from);
            }
            MoveKind::EnPassant => {
                self.move_piece(to, from);
                let captured = captured.expect("en passant captures");
                self.put_piece(captured, Square::new(to.file(), from.rank()));
            }
            MoveKind::Normal | MoveKind::Promotion(_) => {
                if m.promotion_piece().is_some() {
                    self.remove_piece(to);
                    self.put_piece(Piece::new(us, PieceType::Pawn), from);
                } else {
                    self.move_piece(to, from);
                }
                if let Some(captured) = captured {
                    self.put_piece(captured, to);
                }
            }
        }
        self.state = self.history.pop().expect("a move to take back");
    }
}
