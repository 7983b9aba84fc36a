//! Playing a move and taking it back. The key is updated incrementally; every earlier state is
//! kept on a stack, which serves both unmaking and repetition detection.

use super::{zobrist, CastlingSide, Position};
use crate::attacks;
use crate::types::{Color, Move, MoveKind, Piece, PieceType, Square};

impl Position {
    /// Plays `m`, which must be legal in this position (see `legal_moves` / `parse_uci_move`).
    pub fn make_move(&mut self, m: Move) {
        let us = self.side_to_move;
        let them = !us;
        let (from, to) = (m.from(), m.to());
        let moving = self.piece_at(from).expect("a piece on the origin square");
        self.history.push(self.state);

        let mut key = self.state.key ^ zobrist::side_key();
        if let Some(ep) = self.state.en_passant.take() {
            key ^= zobrist::en_passant_key(ep);
        }
        self.state.captured = None;
        self.state.halfmove_clock = self.state.halfmove_clock.saturating_add(1);

        match m.kind() {
            MoveKind::Castling => {
                let side = CastlingSide::from_king_move(from, to).expect("a castling move");
                let rook = Piece::new(us, PieceType::Rook);
                self.move_piece(from, to);
                self.move_piece(side.rook_from(), side.rook_to());
                key ^= zobrist::piece_key(moving, from) ^ zobrist::piece_key(moving, to);
                key ^= zobrist::piece_key(rook, side.rook_from())
                    ^ zobrist::piece_key(rook, side.rook_to());
            }
            MoveKind::EnPassant => {
                let captured_sq = Square::new(to.file(), from.rank());
                let captured = self.remove_piece(captured_sq);
                key ^= zobrist::piece_key(captured, captured_sq);
                self.state.captured = Some(captured);
                self.move_piece(from, to);
                key ^= zobrist::piece_key(moving, from) ^ zobrist::piece_key(moving, to);
                self.state.halfmove_clock = 0;
            }
            MoveKind::Normal | MoveKind::Promotion(_) => {
                if self.piece_at(to).is_some() {
                    let captured = self.remove_piece(to);
                    key ^= zobrist::piece_key(captured, to);
                    self.state.captured = Some(captured);
                    self.state.halfmove_clock = 0;
                }
                self.move_piece(from, to);
                key ^= zobrist::piece_key(moving, from) ^ zobrist::piece_key(moving, to);
                if moving.kind == PieceType::Pawn {
                    self.state.halfmove_clock = 0;
                    if let MoveKind::Promotion(pt) = m.kind() {
                        let promoted = Piece::new(us, pt);
                        self.remove_piece(to);
                        self.put_piece(promoted, to);
                        key ^= zobrist::piece_key(moving, to) ^ zobrist::piece_key(promoted, to);
                    } else if from.rank().abs_diff(to.rank()) == 2 {
                        key ^= self.set_en_passant_after_double_step(from, us, them);
                    }
                }
            }
        }

        let castling = self.state.castling.after_touching(from).after_touching(to);
        if castling != self.state.castling {
            key ^= zobrist::castling_key(self.state.castling.0) ^ zobrist::castling_key(castling.0);
            self.state.castling = castling;
        }

        self.side_to_move = them;
        self.game_ply += 1;
        self.state.key = key;
        let ksq = self.king_square(them);
        self.state.checkers = self.attackers_by(ksq, us, self.occupied());
        self.state.kings_facing =
            m.kind() == MoveKind::EnPassant && self.faces_enemy_king(ksq, them, self.occupied());
        debug_assert!(self.is_consistent(), "inconsistent after {m} in {self:?}");
    }

    /// Records the square a double-stepping pawn passed, if an enemy pawn can capture there.
    /// Returns the key change.
    fn set_en_passant_after_double_step(&mut self, from: Square, us: Color, them: Color) -> u64 {
        let passed = from
            .offset(0, us.forward())
            .expect("a double step passes a square");
        if (attacks::pawn_attacks(us, passed) & self.pieces(them, PieceType::Pawn)).any() {
            self.state.en_passant = Some(passed);
            zobrist::en_passant_key(passed)
        } else {
            0
        }
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
