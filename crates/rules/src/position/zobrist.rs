//! Zobrist hashing keys: one random number per (piece, square), for the side to move, for each
//! castling-rights combination, for each en-passant file and for each variant. Fixed seed, so
//! keys are stable across runs (the opening book is keyed by them).
//!
//! The variant's key is part of every position's key, so the same board in two games (a bare-kings
//! ending is a campmate race in Empire and a dead draw in chess) never shares a hash-table entry.

use crate::attacks::SplitMix64;
use crate::types::{Piece, PieceType, Square};
use crate::variant::Variant;

struct ZobristKeys {
    pieces: [[u64; 64]; Piece::COUNT],
    side: u64,
    castling: [u64; 16],
    en_passant: [u64; 8],
    variant: [u64; Variant::ALL.len()],
}

/// The piece types Kaiser had before Orda's (Pawn to Duke). Their keys are drawn first, in the
/// order they always were, so adding piece types leaves every earlier key (and so the hash
/// tables' behaviour and the bench signature) unchanged; the later types' keys are drawn last.
const FIRST_TYPES: usize = 11;

static KEYS: ZobristKeys = {
    let mut rng = SplitMix64(0x4b41_4953_4552_2021);
    let mut pieces = [[0; 64]; Piece::COUNT];
    fill_piece_keys(&mut pieces, &mut rng, 0, FIRST_TYPES);
    let side = rng.next();
    let mut castling = [0; 16];
    let mut i = 0;
    while i < 16 {
        castling[i] = rng.next();
        i += 1;
    }
    let mut en_passant = [0; 8];
    let mut i = 0;
    while i < 8 {
        en_passant[i] = rng.next();
        i += 1;
    }
    fill_piece_keys(&mut pieces, &mut rng, FIRST_TYPES, PieceType::COUNT);
    let mut variant = [0; Variant::ALL.len()];
    let mut i = 0;
    while i < variant.len() {
        variant[i] = rng.next();
        i += 1;
    }
    ZobristKeys {
        pieces,
        side,
        castling,
        en_passant,
        variant,
    }
};

/// Draws the keys of the piece types with indices `first..end`, White's then Black's.
const fn fill_piece_keys(
    pieces: &mut [[u64; 64]; Piece::COUNT],
    rng: &mut SplitMix64,
    first: usize,
    end: usize,
) {
    let mut color = 0;
    while color < 2 {
        let mut pt = first;
        while pt < end {
            let mut sq = 0;
            while sq < 64 {
                pieces[color * PieceType::COUNT + pt][sq] = rng.next();
                sq += 1;
            }
            pt += 1;
        }
        color += 1;
    }
}

#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.index()][sq.index()]
}

#[inline]
pub(crate) fn side_key() -> u64 {
    KEYS.side
}

#[inline]
pub(crate) fn castling_key(rights: u8) -> u64 {
    KEYS.castling[rights as usize & 15]
}

#[inline]
pub(crate) fn en_passant_key(sq: Square) -> u64 {
    KEYS.en_passant[sq.file() as usize]
}

#[inline]
pub(crate) fn variant_key(variant: Variant) -> u64 {
    KEYS.variant[variant.index()]
}
