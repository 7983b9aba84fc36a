//! Small `Copy` value types shared by every part of the engine: squares, bitboards, colours,
//! pieces and moves.

mod bitboard;
mod moves;
mod piece;
mod square;

pub use bitboard::Bitboard;
pub use moves::{Move, MoveKind, MAX_PROMOTION_INDEX};
pub use piece::{Color, Piece, PieceType};
pub use square::{File, Rank, Square};
