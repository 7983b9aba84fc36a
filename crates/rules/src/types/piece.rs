//! Colours, piece types and coloured pieces. The piece types are declared once, in one table
//! (`piece_kinds!`), each with the letter Fairy-Stockfish uses for it and its two patterns.

use crate::attacks::Pattern;
use std::ops::Not;

/// The two sides. White moves first; in Empire Chess White is the Empire.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// +1 for White (moving up the board), -1 for Black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// Rank index `r` counted from this side's end of the board (0 = its first rank).
    #[inline]
    pub const fn relative_rank(self, r: u8) -> u8 {
        match self {
            Color::White => r,
            Color::Black => 7 - r,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// Declares `PieceType` from one table, a line a kind: its name, its letter (Fairy-Stockfish's,
/// lower case), the pattern it captures by and the pattern it moves to an empty square by. It is
/// the one place a kind is declared: `ALL`, `COUNT`, `letter`, `capture_pattern` and
/// `quiet_pattern` are read from it.
macro_rules! piece_kinds {
    ($($(#[$doc:meta])* $kind:ident $letter:literal $capture:ident $quiet:ident,)*) => {
        /// Every kind of piece Kaiser knows. Each kind has a quiet-move pattern and a capture
        /// pattern (see `attacks::Pattern`); for orthodox pieces the two are the same.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub enum PieceType {
            $($(#[$doc])* $kind,)*
        }

        impl PieceType {
            pub const COUNT: usize = [$(PieceType::$kind),*].len();
            pub const ALL: [PieceType; PieceType::COUNT] = [$(PieceType::$kind),*];
            const LETTERS: [char; PieceType::COUNT] = [$($letter),*];
            const CAPTURE_PATTERNS: [Pattern; PieceType::COUNT] = [$(Pattern::$capture),*];
            const QUIET_PATTERNS: [Pattern; PieceType::COUNT] = [$(Pattern::$quiet),*];
        }
    };
}

piece_kinds! {
    // kind  letter  capture pattern  quiet pattern
    Pawn     'p'     PawnCapture      PawnPush,
    Knight   'n'     Knight           Knight,
    Bishop   'b'     Bishop           Bishop,
    Rook     'r'     Rook             Rook,
    Queen    'q'     Queen            Queen,
    King     'k'     King             King,
    /// Empire: steps forward or sideways, moving and capturing alike.
    Soldier  's'     Soldier          Soldier,
    /// Empire: moves like a queen, captures like a knight.
    Eagle    'e'     Knight           Queen,
    /// Empire: moves like a queen, captures like a bishop.
    Cardinal 'c'     Bishop           Queen,
    /// Empire (Siege Tower): moves like a queen, captures like a rook.
    Tower    't'     Rook             Queen,
    /// Empire: moves like a queen, captures like a king (not royal).
    Duke     'd'     King             Queen,
    /// Orda (and a promotion in Orda): a knight and a king in one, moving and capturing alike.
    /// Its index must stay at most 13, the largest a promotion move can encode.
    Kheshig  'h'     KnightKing       KnightKing,
    /// Orda: moves like a knight, captures like a rook.
    Lancer   'l'     Rook             Knight,
    /// Orda (Horse Archer): moves like a knight, captures like a bishop.
    Archer   'a'     Bishop           Knight,
    /// Orda: a shogi silver general, one step diagonally or straight forward, moving and
    /// capturing alike.
    Yurt     'y'     Silver           Silver,
}

impl PieceType {
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn from_index(index: usize) -> Option<PieceType> {
        if index < PieceType::COUNT {
            Some(PieceType::ALL[index])
        } else {
            None
        }
    }

    /// The lower-case letter of the piece in FEN and move notation.
    pub const fn letter(self) -> char {
        PieceType::LETTERS[self.index()]
    }

    /// The pattern by which this piece captures, and so attacks and gives check.
    #[inline]
    pub const fn capture_pattern(self) -> Pattern {
        PieceType::CAPTURE_PATTERNS[self.index()]
    }

    /// The pattern by which this piece moves to an empty square.
    #[inline]
    pub const fn quiet_pattern(self) -> Pattern {
        PieceType::QUIET_PATTERNS[self.index()]
    }

    /// The piece type written with `letter` (either case).
    pub fn from_letter(letter: char) -> Option<PieceType> {
        let lower = letter.to_ascii_lowercase();
        PieceType::ALL.into_iter().find(|pt| pt.letter() == lower)
    }
}

/// A piece of one colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub kind: PieceType,
}

impl Piece {
    /// Number of distinct coloured pieces, for tables indexed by `Piece::index`.
    pub const COUNT: usize = 2 * PieceType::COUNT;

    #[inline]
    pub const fn new(color: Color, kind: PieceType) -> Piece {
        Piece { color, kind }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * PieceType::COUNT + self.kind.index()
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.kind.letter().to_ascii_uppercase(),
            Color::Black => self.kind.letter(),
        }
    }

    /// The piece written with this FEN letter.
    pub fn from_letter(letter: char) -> Option<Piece> {
        let kind = PieceType::from_letter(letter)?;
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }
}
