//! The network's inputs: one for each (piece type, own or the opponent's, square), seen from one
//! side. A side's view mirrors the board for Black, so both sides see their own pieces coming up
//! the board, and it covers exactly the piece types the variant has.
//!
//! A net may also have king buckets (`InputScheme`): those inputs again for each bucket of the
//! viewing side's own king square, with the board mirrored left to right while that king stands
//! on files e to h, so a side's view always has its king on files a to d. Each army has its own
//! bucket map (Empire's and Orda's armies differ from the Kingdom's). A king move that changes
//! its side's bucket or mirroring changes every input of that side's view: the accumulator of
//! that view is rebuilt rather than updated.

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

/// The number of (piece, square) inputs of `variant`: a view's inputs for one king bucket.
pub const fn input_count(variant: Variant) -> usize {
    2 * variant.piece_types().len() * 64
}

/// The most king buckets a net may have: one per square of files a to d.
pub const MAX_KING_BUCKETS: usize = 32;

/// How a net's inputs are laid out: plain (piece, square) inputs, or those inputs for each king
/// bucket. `king_buckets[color]` maps the own-view square of `color`'s king, on files a to d
/// (index `rank * 4 + file`), to its bucket; `None`: no king buckets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InputScheme {
    pub king_buckets: Option<[[u8; MAX_KING_BUCKETS]; 2]>,
}

/// "no king buckets" or "N king buckets", as messages name a net's inputs.
impl std::fmt::Display for InputScheme {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.king_buckets {
            None => write!(f, "no king buckets"),
            Some(_) => write!(f, "{} king buckets", self.buckets()),
        }
    }
}

/// Where a view's inputs come from: its king bucket, and whether its board is mirrored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingView {
    pub bucket: usize,
    pub mirrored: bool,
}

impl InputScheme {
    /// No king buckets.
    pub const PLAIN: InputScheme = InputScheme { king_buckets: None };

    /// King buckets with the same map for both armies.
    pub const fn king_buckets(map: [u8; MAX_KING_BUCKETS]) -> InputScheme {
        InputScheme {
            king_buckets: Some([map, map]),
        }
    }

    /// The number of king buckets (1 without them).
    pub fn buckets(&self) -> usize {
        self.king_buckets.map_or(1, |maps| {
            usize::from(maps.iter().flatten().copied().max().unwrap_or(0)) + 1
        })
    }

    /// The number of inputs of a `variant` net with this scheme.
    pub fn input_count(&self, variant: Variant) -> usize {
        self.buckets() * input_count(variant)
    }

    /// Whether the maps are ones a net may have: every bucket up to the last is used.
    pub fn is_valid(&self) -> bool {
        let Some(maps) = self.king_buckets else {
            return true;
        };
        let buckets = self.buckets();
        (0..buckets).all(|b| maps.iter().flatten().any(|&m| usize::from(m) == b))
    }

    /// The view of `perspective`, whose king stands on `king`.
    #[inline]
    pub fn king_view(&self, perspective: Color, king: Square) -> KingView {
        let Some(maps) = &self.king_buckets else {
            return KingView {
                bucket: 0,
                mirrored: false,
            };
        };
        let own = match perspective {
            Color::White => king.index(),
            Color::Black => king.index() ^ 56,
        };
        let (rank, file) = (own / 8, own % 8);
        let mirrored = file >= 4;
        let file = if mirrored { 7 - file } else { file };
        KingView {
            bucket: usize::from(maps[perspective.index()][rank * 4 + file]),
            mirrored,
        }
    }

    /// The input that `piece` on `sq` sets in `perspective`'s view, seen from `view`.
    #[inline]
    pub fn index(
        &self,
        variant: Variant,
        perspective: Color,
        view: KingView,
        piece: Piece,
        sq: Square,
    ) -> usize {
        // An input is (piece slot) * 64 + square, and a square's low three bits its file.
        let plain = index(variant, perspective, piece, sq) ^ if view.mirrored { 7 } else { 0 };
        view.bucket * input_count(variant) + plain
    }
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
    fn king_buckets_mirror_the_board_and_pick_the_own_kings_bucket() {
        let mut map = [0u8; MAX_KING_BUCKETS];
        for (i, b) in map.iter_mut().enumerate() {
            *b = (i / 4).min(3) as u8; // ranks 1, 2, 3, 4 and beyond
        }
        let scheme = InputScheme::king_buckets(map);
        assert_eq!((scheme.buckets(), scheme.is_valid()), (4, true));
        let view = |color, name: &str| scheme.king_view(color, Square::parse(name).unwrap());
        assert_eq!(
            view(Color::White, "e1"),
            KingView {
                bucket: 0,
                mirrored: true
            }
        );
        assert_eq!(
            view(Color::White, "b2"),
            KingView {
                bucket: 1,
                mirrored: false
            }
        );
        assert_eq!(
            view(Color::Black, "d8"),
            KingView {
                bucket: 0,
                mirrored: false
            }
        );
        assert_eq!(
            view(Color::Black, "g6"),
            KingView {
                bucket: 2,
                mirrored: true
            }
        );
        let variant = Variant::Empire;
        let pawn = Piece::new(Color::Black, PieceType::Pawn);
        let (a7, h7) = (Square::parse("a7").unwrap(), Square::parse("h7").unwrap());
        let mirrored = view(Color::White, "h4");
        assert_eq!(
            scheme.index(variant, Color::White, mirrored, pawn, h7),
            3 * input_count(variant) + index(variant, Color::White, pawn, a7)
        );
        assert_eq!(
            InputScheme::PLAIN.input_count(variant),
            input_count(variant)
        );
        let gap = InputScheme::king_buckets([2; MAX_KING_BUCKETS]);
        assert!(!gap.is_valid(), "buckets 0 and 1 unused");
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
