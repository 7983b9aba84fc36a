//! Kaiser's rules core: squares, bitboards, pieces and moves (`types`), the attack tables
//! (`attacks`), the games Kaiser plays (`variant`), positions with FEN, make/unmake, legal move
//! generation, outcomes and Zobrist keys (`position`), and `perft`, which counts move trees. It
//! knows nothing of evaluation, search or protocols.

pub mod attacks;
pub mod perft;
pub mod position;
pub mod types;
pub mod variant;

pub use position::{CastlingRights, FenError, GenType, MoveList, Outcome, PieceChanges};
pub use position::{PieceTracker, Position};
pub use types::{Bitboard, Color, Move, MoveKind, Piece, PieceType, Square};
pub use variant::Variant;
