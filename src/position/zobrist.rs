//! Zobrist hashing keys: one random number per (piece, square), for the side to move, for each
//! castling-rights combination and for each en-passant file. Fixed seed, so keys are stable
//! across runs (the opening book is keyed by them).

use crate::attacks::SplitMix64;
use crate::types::{Piece, Square};
use once_cell::sync::Lazy;

pub(crate) struct ZobristKeys {
    pieces: [[u64; 64]; Piece::COUNT],
    side: u64,
    castling: [u64; 16],
    en_passant: [u64; 8],
}

static KEYS: Lazy<ZobristKeys> = Lazy::new(|| {
    let mut rng = SplitMix64(0x4b41_4953_4552_2021);
    let mut pieces = [[0; 64]; Piece::COUNT];
    for table in pieces.iter_mut() {
        for key in table.iter_mut() {
            *key = rng.next();
        }
    }
    let side = rng.next();
    let castling = std::array::from_fn(|_| rng.next());
    let en_passant = std::array::from_fn(|_| rng.next());
    ZobristKeys {
        pieces,
        side,
        castling,
        en_passant,
    }
});

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
