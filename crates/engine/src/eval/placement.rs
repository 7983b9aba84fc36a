//! The part of the evaluation that is a sum over the pieces: material and piece-square values,
//! and the material that sets the game phase. The position keeps them up to date as pieces come
//! and go, so evaluating reads one value instead of summing the board; `placement_terms` reports
//! the same sum piece by piece (for the `eval` report and the tuner).

use super::layout::{piece_square_index, MATERIAL};
use super::params::*;
use super::sink::{Sink, Term};
use super::weights;
use crate::{Position, Variant};
use kaiser_rules::types::{Color, Piece, PieceType, Square};
use kaiser_rules::PieceTracker;

/// Material plus piece-square bonus of each piece on each square, by `Variant::index()`,
/// `Piece::index()` and square, Black's negated: the sum over the board is White's view.
static PIECE_SQUARE: [[[S; 64]; Piece::COUNT]; Variant::ALL.len()] = {
    let mut tables = [[[S::ZERO; 64]; Piece::COUNT]; Variant::ALL.len()];
    let mut v = 0;
    while v < Variant::ALL.len() {
        tables[v] = piece_square_table(Variant::ALL[v]);
        v += 1;
    }
    tables
};

/// Material that sets the game phase (all but pawns), by `PieceType::index()`.
const PHASE_MATERIAL: [i32; PieceType::COUNT] = phase_material();

/// The summed material and piece-square score (White's view) and the phase material of the
/// pieces on a board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Placement {
    pub score: S,
    pub phase_material: i32,
}

impl PieceTracker for Placement {
    #[inline]
    fn add(&mut self, variant: Variant, piece: Piece, sq: Square) {
        self.score += PIECE_SQUARE[variant.index()][piece.index()][sq.index()];
        self.phase_material += PHASE_MATERIAL[piece.kind.index()];
    }

    #[inline]
    fn remove(&mut self, variant: Variant, piece: Piece, sq: Square) {
        self.score -= PIECE_SQUARE[variant.index()][piece.index()][sq.index()];
        self.phase_material -= PHASE_MATERIAL[piece.kind.index()];
    }
}

/// The weights of a `kind` piece on `sq`, `color`'s: its material and its piece-square bonus.
const fn piece_weights(kind: usize, color: Color, sq: usize) -> [usize; 2] {
    let rank = color.relative_rank((sq / 8) as u8) as usize;
    [
        MATERIAL + kind,
        piece_square_index(PieceType::ALL[kind], rank, sq % 8),
    ]
}

/// Reports every piece's material and piece-square weights to `sink`.
pub fn placement_terms(pos: &Position, sink: &mut impl Sink) {
    for sq in pos.occupied() {
        let piece = pos.piece_at(sq).expect("a piece");
        for index in piece_weights(piece.kind.index(), piece.color, sq.index()) {
            sink.add(Term::Placement, piece.color, index, 1);
        }
    }
}

/// Builds `variant`'s row of `PIECE_SQUARE` from its weights.
const fn piece_square_table(variant: Variant) -> [[S; 64]; Piece::COUNT] {
    let weights = weights(variant);
    let mut table = [[S::ZERO; 64]; Piece::COUNT];
    let mut color = 0;
    while color < 2 {
        let side = Color::BOTH[color];
        let mut kind = 0;
        while kind < PieceType::COUNT {
            let mut sq = 0;
            while sq < 64 {
                let [material, bonus] = piece_weights(kind, side, sq);
                let value = s(
                    weights[material].mg() + weights[bonus].mg(),
                    weights[material].eg() + weights[bonus].eg(),
                );
                table[color * PieceType::COUNT + kind][sq] = match side {
                    Color::White => value,
                    Color::Black => s(-value.mg(), -value.eg()),
                };
                sq += 1;
            }
            kind += 1;
        }
        color += 1;
    }
    table
}

const fn phase_material() -> [i32; PieceType::COUNT] {
    let mut material = [0; PieceType::COUNT];
    let mut pt = 0;
    while pt < PieceType::COUNT {
        if pt != PieceType::Pawn.index() {
            material[pt] = PIECES[pt].value.mg();
        }
        pt += 1;
    }
    material
}
