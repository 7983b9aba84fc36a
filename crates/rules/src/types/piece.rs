//! Colours, piece types and coloured pieces, with the letters Fairy-Stockfish uses for them.

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

/// Every kind of piece Kaiser knows. Each kind has a quiet-move pattern and a capture pattern
/// (see `attacks::Pattern`); for orthodox pieces the two are the same.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum PieceType {
    Pawn = 0,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    /// Empire: steps forward or sideways, moving and capturing alike.
    Soldier,
    /// Empire: moves like a queen, captures like a knight.
    Eagle,
    /// Empire: moves like a queen, captures like a bishop.
    Cardinal,
    /// Empire (Siege Tower): moves like a queen, captures like a rook.
    Tower,
    /// Empire: moves like a queen, captures like a king (not royal).
    Duke,
    /// Orda (and a promotion in Orda): a knight and a king in one, moving and capturing alike.
    /// Its index must stay at most 13, the largest a promotion move can encode.
    Kheshig,
    /// Orda: moves like a knight, captures like a rook.
    Lancer,
    /// Orda (Horse Archer): moves like a knight, captures like a bishop.
    Archer,
    /// Orda: a shogi silver general, one step diagonally or straight forward, moving and
    /// capturing alike.
    Yurt,
}

impl PieceType {
    pub const COUNT: usize = 15;

    pub const ALL: [PieceType; PieceType::COUNT] = [
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
        PieceType::Soldier,
        PieceType::Eagle,
        PieceType::Cardinal,
        PieceType::Tower,
        PieceType::Duke,
        PieceType::Kheshig,
        PieceType::Lancer,
        PieceType::Archer,
        PieceType::Yurt,
    ];

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
        match self {
            PieceType::Pawn => 'p',
            PieceType::Knight => 'n',
            PieceType::Bishop => 'b',
            PieceType::Rook => 'r',
            PieceType::Queen => 'q',
            PieceType::King => 'k',
            PieceType::Soldier => 's',
            PieceType::Eagle => 'e',
            PieceType::Cardinal => 'c',
            PieceType::Tower => 't',
            PieceType::Duke => 'd',
            PieceType::Kheshig => 'h',
            PieceType::Lancer => 'l',
            PieceType::Archer => 'a',
            PieceType::Yurt => 'y',
        }
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
