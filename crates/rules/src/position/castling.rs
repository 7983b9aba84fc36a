//! Castling rights and the geometry of each castling move (orthodox squares only: the king on the
//! e-file, the rooks in the corners).

use crate::types::{Color, Square};

/// One of the four castling moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CastlingSide {
    pub color: Color,
    pub kingside: bool,
}

impl CastlingSide {
    pub const ALL: [CastlingSide; 4] = [
        CastlingSide {
            color: Color::White,
            kingside: true,
        },
        CastlingSide {
            color: Color::White,
            kingside: false,
        },
        CastlingSide {
            color: Color::Black,
            kingside: true,
        },
        CastlingSide {
            color: Color::Black,
            kingside: false,
        },
    ];

    /// The bit of this right in `CastlingRights`.
    #[inline]
    pub const fn bit(self) -> u8 {
        1 << (self.color as u8 * 2 + !self.kingside as u8)
    }

    /// The FEN letter (`K`, `Q`, `k`, `q`).
    pub const fn letter(self) -> char {
        match (self.color, self.kingside) {
            (Color::White, true) => 'K',
            (Color::White, false) => 'Q',
            (Color::Black, true) => 'k',
            (Color::Black, false) => 'q',
        }
    }

    const fn home_rank(self) -> u8 {
        match self.color {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    #[inline]
    pub const fn king_from(self) -> Square {
        Square::new(4, self.home_rank())
    }

    #[inline]
    pub const fn king_to(self) -> Square {
        Square::new(if self.kingside { 6 } else { 2 }, self.home_rank())
    }

    #[inline]
    pub const fn rook_from(self) -> Square {
        Square::new(if self.kingside { 7 } else { 0 }, self.home_rank())
    }

    #[inline]
    pub const fn rook_to(self) -> Square {
        Square::new(if self.kingside { 5 } else { 3 }, self.home_rank())
    }

    /// The castling move whose king goes from `from` to `to`, if there is one.
    pub fn from_king_move(from: Square, to: Square) -> Option<CastlingSide> {
        CastlingSide::ALL
            .into_iter()
            .find(|c| c.king_from() == from && c.king_to() == to)
    }
}

/// The set of castling rights still held, one bit per `CastlingSide`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct CastlingRights(pub u8);

impl CastlingRights {
    pub const NONE: CastlingRights = CastlingRights(0);

    #[inline]
    pub const fn has(self, side: CastlingSide) -> bool {
        self.0 & side.bit() != 0
    }

    #[inline]
    pub fn insert(&mut self, side: CastlingSide) {
        self.0 |= side.bit();
    }

    /// The rights kept after a move from or to `sq` (moving a king or rook, or capturing a rook,
    /// ends the rights that depend on it).
    #[inline]
    pub fn after_touching(self, sq: Square) -> CastlingRights {
        CastlingRights(self.0 & RIGHTS_KEPT[sq.index()])
    }
}

/// For each square, the rights that survive a move touching it.
const RIGHTS_KEPT: [u8; 64] = {
    let mut kept = [0b1111u8; 64];
    let mut i = 0;
    while i < 4 {
        let side = CastlingSide::ALL[i];
        kept[side.king_from().index()] &= !side.bit();
        kept[side.rook_from().index()] &= !side.bit();
        i += 1;
    }
    kept
};
