//! The part of the evaluation that is a sum over the pieces: material and piece-square values,
//! and the material that sets the game phase. The position keeps it up to date as pieces come and
//! go, so evaluating reads one value instead of summing the board.

use super::params::*;
use crate::types::{Color, Piece, PieceType, Square};

/// Material plus piece-square bonus of each piece on each square, indexed by `Piece::index()`
/// and square, Black's negated: the sum over the board is White's view.
const PIECE_SQUARE: [[S; 64]; Piece::COUNT] = piece_square_table();

/// Material that sets the game phase (all but pawns), by `PieceType::index()`.
const PHASE_MATERIAL: [i32; PieceType::COUNT] = phase_material();

/// The summed material and piece-square score (White's view) and the phase material of the
/// pieces on a board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Placement {
    pub score: S,
    pub phase_material: i32,
}

impl Placement {
    /// Counts `piece` on `sq`.
    #[inline]
    pub fn add(&mut self, piece: Piece, sq: Square) {
        self.score += PIECE_SQUARE[piece.index()][sq.index()];
        self.phase_material += PHASE_MATERIAL[piece.kind.index()];
    }

    /// Stops counting `piece` on `sq`.
    #[inline]
    pub fn remove(&mut self, piece: Piece, sq: Square) {
        self.score -= PIECE_SQUARE[piece.index()][sq.index()];
        self.phase_material -= PHASE_MATERIAL[piece.kind.index()];
    }
}

/// Builds `PIECE_SQUARE` from `PIECE_VALUE` and the half tables `PST` (mirrored onto the e-h
/// files, and onto Black's side of the board).
const fn piece_square_table() -> [[S; 64]; Piece::COUNT] {
    let mut table = [[S::ZERO; 64]; Piece::COUNT];
    let mut pt = 0;
    while pt < PieceType::COUNT {
        let value = PIECE_VALUE[pt];
        let mut sq = 0;
        while sq < 64 {
            let (file, rank) = (sq % 8, sq / 8);
            let bonus = PST[PST_OF[pt]][rank][if file < 4 { file } else { 7 - file }];
            let (mg, eg) = (value.mg() + bonus.mg(), value.eg() + bonus.eg());
            table[Color::White.index() * PieceType::COUNT + pt][sq] = s(mg, eg);
            table[Color::Black.index() * PieceType::COUNT + pt][sq ^ 56] = s(-mg, -eg);
            sq += 1;
        }
        pt += 1;
    }
    table
}

const fn phase_material() -> [i32; PieceType::COUNT] {
    let mut material = [0; PieceType::COUNT];
    let mut pt = 0;
    while pt < PieceType::COUNT {
        if pt != PieceType::Pawn.index() {
            material[pt] = PIECE_VALUE[pt].mg();
        }
        pt += 1;
    }
    material
}

/// The material and piece-square score of `color`'s pieces alone, from that side's point of
/// view (for reports: the position keeps only the sum).
pub fn own_placement(pos: &crate::Position, color: Color) -> S {
    let mut own = Placement::default();
    for sq in pos.pieces_of(color) {
        own.add(pos.piece_at(sq).expect("a piece"), sq);
    }
    match color {
        Color::White => own.score,
        Color::Black => S::ZERO - own.score,
    }
}
