//! The 16-bit move.
//!
//! Bit layout: bits 0-5 origin square, bits 6-11 destination square, bits 12-15 the kind:
//! 0 = ordinary move or capture, 1 = castling (origin and destination are the king's squares),
//! 2 = en passant, 3..=15 = promotion to the piece type with index `kind - 2` (so a promotion
//! piece's index is at most 13; `MAX_PROMOTION_INDEX`).

use super::{PieceType, Square};
use std::fmt;
use std::num::NonZeroU16;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

const _: () = assert!(std::mem::size_of::<Option<Move>>() == 2);

/// What kind of move a `Move` is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    Normal,
    Castling,
    EnPassant,
    Promotion(PieceType),
}

/// The kind of each value of bits 12-15, decoded once (values naming no piece type, which no
/// `Move` holds, read as `Normal`).
const KINDS: [MoveKind; 16] = {
    let mut kinds = [MoveKind::Normal; 16];
    // A pawn never promotes to a pawn: index 0 + the offset is en passant's value.
    let mut index = 1;
    while index <= MAX_PROMOTION_INDEX {
        kinds[index + PROMOTION_OFFSET as usize] = MoveKind::Promotion(PieceType::ALL[index]);
        index += 1;
    }
    kinds[CASTLING as usize] = MoveKind::Castling;
    kinds[EN_PASSANT as usize] = MoveKind::EnPassant;
    kinds
};

const CASTLING: u16 = 1;
const EN_PASSANT: u16 = 2;
const PROMOTION_OFFSET: u16 = 2;
/// The largest piece-type index a promotion can encode in the four kind bits.
pub const MAX_PROMOTION_INDEX: usize = 15 - PROMOTION_OFFSET as usize;

impl Move {
    #[inline]
    const fn encode(from: Square, to: Square, kind: u16) -> Move {
        let bits = from.index() as u16 | (to.index() as u16) << 6 | kind << 12;
        // A move never stays on its square, so the bits are never zero.
        match NonZeroU16::new(bits) {
            Some(bits) => Move(bits),
            None => panic!("a move must leave its square"),
        }
    }

    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::encode(from, to, 0)
    }

    /// Castling, written as the king's move (`e8g8`).
    #[inline]
    pub const fn castling(from: Square, to: Square) -> Move {
        Move::encode(from, to, CASTLING)
    }

    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::encode(from, to, EN_PASSANT)
    }

    #[inline]
    pub const fn promotion(from: Square, to: Square, piece: PieceType) -> Move {
        debug_assert!(
            piece.index() <= MAX_PROMOTION_INDEX,
            "not a promotion piece"
        );
        Move::encode(from, to, piece as u16 + PROMOTION_OFFSET)
    }

    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index((self.0.get() & 63) as u8)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index((self.0.get() >> 6 & 63) as u8)
    }

    #[inline]
    pub fn kind(self) -> MoveKind {
        KINDS[usize::from(self.0.get() >> 12)]
    }

    #[inline]
    pub fn promotion_piece(self) -> Option<PieceType> {
        match self.kind() {
            MoveKind::Promotion(pt) => Some(pt),
            _ => None,
        }
    }

    #[inline]
    pub const fn bits(self) -> u16 {
        self.0.get()
    }

    /// Rebuilds a move from `bits()`; `None` if the bits name no move.
    pub fn from_bits(bits: u16) -> Option<Move> {
        let m = Move(NonZeroU16::new(bits)?);
        let kind = bits >> 12;
        let valid_kind = kind <= EN_PASSANT
            || PieceType::from_index((kind - PROMOTION_OFFSET) as usize).is_some();
        (valid_kind && m.from() != m.to()).then_some(m)
    }
}

impl fmt::Display for Move {
    /// UCI coordinate notation: `e2e4`, `d7d8q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(pt) = self.promotion_piece() {
            write!(f, "{}", pt.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_decodes_as_encoded() {
        let (from, to) = (Square::new(4, 6), Square::new(4, 7));
        assert_eq!(Move::normal(from, to).kind(), MoveKind::Normal);
        assert_eq!(Move::castling(from, to).kind(), MoveKind::Castling);
        assert_eq!(Move::en_passant(from, to).kind(), MoveKind::EnPassant);
        let promotable = &PieceType::ALL[1..=MAX_PROMOTION_INDEX];
        for &pt in promotable {
            let m = Move::promotion(from, to, pt);
            assert_eq!(m.kind(), MoveKind::Promotion(pt));
            assert_eq!(m.promotion_piece(), Some(pt));
            assert_eq!(Move::from_bits(m.bits()), Some(m));
            assert_eq!((m.from(), m.to()), (from, to));
        }
    }
}
