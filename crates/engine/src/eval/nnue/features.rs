//! The network's inputs: one for each (piece type, own or the opponent's, square), seen from one
//! side. A side's view mirrors the board for Black, so both sides see their own pieces coming up
//! the board, and it covers exactly the piece types the variant has.

use kaiser_rules::types::{Color, Piece, PieceType, Square};
use kaiser_rules::Variant;

/// The most piece types a variant has (Empire: the orthodox six and five Imperial ones).
pub const MAX_PIECE_TYPES: usize = 11;

/// The most inputs a variant's network has.
pub const MAX_INPUTS: usize = 2 * MAX_PIECE_TYPES * 64;

/// The most inputs active at once: every square occupied.
pub const MAX_ACTIVE: usize = 64;

/// Marks piece types a variant does not have in `SLOTS`.
const NO_SLOT: u8 = u8::MAX;

/// Each piece type's place in its variant's list of piece types, by `Variant as usize` and
/// `PieceType::index()`.
static SLOTS: [[u8; PieceType::COUNT]; Variant::ALL.len()] = {
    let mut slots = [[NO_SLOT; PieceType::COUNT]; Variant::ALL.len()];
    let mut v = 0;
    while v < Variant::ALL.len() {
        let types = Variant::ALL[v].piece_types();
        assert!(types.len() <= MAX_PIECE_TYPES);
        let mut i = 0;
        while i < types.len() {
            slots[v][types[i].index()] = i as u8;
            i += 1;
        }
        v += 1;
    }
    slots
};

/// The number of inputs of `variant`'s network.
pub const fn input_count(variant: Variant) -> usize {
    2 * variant.piece_types().len() * 64
}

/// The input that `piece` on `sq` sets in `perspective`'s view of a `variant` board.
#[inline]
pub fn index(variant: Variant, perspective: Color, piece: Piece, sq: Square) -> usize {
    let slot = SLOTS[variant as usize][piece.kind.index()];
    debug_assert!(slot != NO_SLOT, "{variant} has no {:?}", piece.kind);
    let theirs = usize::from(piece.color != perspective);
    let square = match perspective {
        Color::White => sq.index(),
        Color::Black => sq.index() ^ 56,
    };
    (theirs * variant.piece_types().len() + usize::from(slot)) * 64 + square
}

/// The input that White's view `white_index` becomes in Black's view: own and opponent's swap
/// and the board is mirrored (the trainer stores one view and derives the other).
#[inline]
pub fn black_view(variant: Variant, white_index: usize) -> usize {
    let types = variant.piece_types().len();
    let (piece, square) = (white_index / 64, white_index % 64);
    let flipped = match piece < types {
        true => piece + types,
        false => piece - types,
    };
    flipped * 64 + (square ^ 56)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn every_piece_of_every_variant_has_its_own_input_in_range() {
        for variant in Variant::ALL {
            let mut seen = vec![false; input_count(variant)];
            for &kind in variant.piece_types() {
                for color in Color::BOTH {
                    for sq in Square::ALL {
                        let i = index(variant, Color::White, Piece::new(color, kind), sq);
                        assert!(!seen[i], "{variant}: input {i} twice");
                        seen[i] = true;
                    }
                }
            }
            assert!(seen.iter().all(|&s| s), "{variant}: an input no piece sets");
            assert!(input_count(variant) <= MAX_INPUTS);
        }
    }

    #[test]
    fn black_view_is_the_mirrored_white_view() {
        for variant in Variant::ALL {
            let pos = Position::startpos(variant);
            for sq in pos.occupied() {
                let piece = pos.piece_at(sq).expect("occupied");
                let white = index(variant, Color::White, piece, sq);
                let black = index(variant, Color::Black, piece, sq);
                assert_eq!(black_view(variant, white), black, "{variant} {sq:?}");
            }
        }
    }
}
