//! A set of squares packed into a `u64`, bit `i` standing for `Square::from_index(i)`.

use super::{Color, Rank, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(!0);
    /// The dark squares, a1's colour.
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// All squares of `rank`.
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank))
    }

    /// All squares of `file`.
    #[inline]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file)
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True if the set holds two squares or more.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// The lowest square of a non-empty set.
    #[inline]
    pub const fn lsb(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_index(self.0.trailing_zeros() as u8)
    }

    /// The set shifted one rank up (towards rank 8); squares leaving the board vanish.
    #[inline]
    pub const fn up(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// The set shifted one rank down (towards rank 1).
    #[inline]
    pub const fn down(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// The set shifted one rank towards `color`'s far side.
    #[inline]
    pub const fn forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => self.up(),
            Color::Black => self.down(),
        }
    }

    /// The squares strictly ahead of some square of the set on its file, from `color`'s side.
    #[inline]
    pub const fn ahead(self, color: Color) -> Bitboard {
        let x = self.forward(color).0;
        Bitboard(match color {
            Color::White => fill_north(x),
            Color::Black => fill_south(x),
        })
    }

    /// The set shifted one file east (towards the h-file); squares leaving the board vanish.
    #[inline]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::file(7).0) << 1)
    }

    /// The set shifted one file west (towards the a-file).
    #[inline]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::file(0).0) >> 1)
    }

    /// Every file that holds a square of the set, whole.
    #[inline]
    pub const fn files(self) -> Bitboard {
        Bitboard(fill_south(fill_north(self.0)))
    }

    /// The set shifted one file east and one file west, together.
    #[inline]
    pub const fn sideways(self) -> Bitboard {
        Bitboard(self.east().0 | self.west().0)
    }
}

/// `x` with every square above each of its squares, on the same file, added.
#[inline]
const fn fill_north(mut x: u64) -> u64 {
    x |= x << 8;
    x |= x << 16;
    x |= x << 32;
    x
}

/// `x` with every square below each of its squares, on the same file, added.
#[inline]
const fn fill_south(mut x: u64) -> u64 {
    x |= x >> 8;
    x |= x >> 16;
    x |= x >> 32;
    x
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.lsb();
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $trait<Square> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Square) -> Bitboard {
                Bitboard(self.0 $op Bitboard::from_square(rhs).0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
        impl $assign_trait<Square> for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Square) {
                self.0 = self.0 $op Bitboard::from_square(rhs).0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the set as an 8x8 grid, rank 8 on top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let mark = if self.contains(Square::new(file, rank)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{mark}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
