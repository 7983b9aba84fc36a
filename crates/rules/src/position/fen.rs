//! Reading and writing FEN in Fairy-Stockfish's format. Reading checks the syntax of each field,
//! then the legality of the whole position; every problem is a `FenError` naming the field.

use super::{CastlingRights, CastlingSide, PieceTracker, Position};
use crate::attacks;
use crate::types::{Color, Piece, PieceType, Square};
use crate::variant::Variant;
use std::fmt;

/// Why a FEN was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// A FEN has 4 to 6 space-separated fields.
    FieldCount(usize),
    /// The board field must have 8 ranks separated by `/`.
    RankCount(usize),
    /// A rank (1..=8) that does not describe exactly 8 squares.
    RankLength { rank: u8, squares: usize },
    /// A character in the board field that is no piece of this variant.
    UnknownPiece { letter: char, variant: Variant },
    /// A side with no king or more than one.
    KingCount { color: Color, count: u32 },
    /// A pawn standing on the rank where it would have promoted.
    PawnOnLastRank(Square),
    /// The side-to-move field is not `w` or `b`.
    SideToMove(String),
    /// The castling field is not `-` or a combination of `KQkq`.
    CastlingSyntax(String),
    /// A castling right whose king or rook is not on its home square.
    CastlingPiecesMissing(char),
    /// The en-passant field is not `-` or a square name.
    EnPassantSyntax(String),
    /// An en-passant square that no double step can have produced.
    ImpossibleEnPassant(Square),
    /// The halfmove clock is not a non-negative number.
    HalfmoveClock(String),
    /// The fullmove number is not a positive number.
    FullmoveNumber(String),
    /// The side that just moved has its king in check.
    OpponentInCheck,
    /// The kings face each other on an open rank or file (faceoff variants).
    KingsFacing,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(f, "FEN has {n} fields; expected 4 to 6"),
            FenError::RankCount(n) => write!(f, "board field has {n} ranks; expected 8"),
            FenError::RankLength { rank, squares } => {
                write!(
                    f,
                    "board field: rank {rank} describes {squares} squares; expected 8"
                )
            }
            FenError::UnknownPiece { letter, variant } => {
                write!(f, "board field: '{letter}' is not a piece of {variant}")
            }
            FenError::KingCount { color, count } => {
                write!(
                    f,
                    "board field: {color:?} has {count} kings; expected exactly 1"
                )
            }
            FenError::PawnOnLastRank(sq) => {
                write!(f, "board field: pawn on {sq}, its promotion rank")
            }
            FenError::SideToMove(s) => write!(f, "side-to-move field '{s}': expected 'w' or 'b'"),
            FenError::CastlingSyntax(s) => {
                write!(f, "castling field '{s}': expected '-' or letters from KQkq")
            }
            FenError::CastlingPiecesMissing(c) => {
                write!(
                    f,
                    "castling field: right '{c}' but its king or rook is not in place"
                )
            }
            FenError::EnPassantSyntax(s) => {
                write!(f, "en-passant field '{s}': expected '-' or a square")
            }
            FenError::ImpossibleEnPassant(sq) => {
                write!(f, "en-passant field: no double step can have passed {sq}")
            }
            FenError::HalfmoveClock(s) => {
                write!(f, "halfmove-clock field '{s}': expected a number 0 or more")
            }
            FenError::FullmoveNumber(s) => {
                write!(
                    f,
                    "fullmove-number field '{s}': expected a number 1 or more"
                )
            }
            FenError::OpponentInCheck => {
                write!(f, "illegal position: the side not to move is in check")
            }
            FenError::KingsFacing => {
                write!(
                    f,
                    "illegal position: the kings face each other on an open line"
                )
            }
        }
    }
}

impl std::error::Error for FenError {}

impl<T: PieceTracker> Position<T> {
    /// Reads a FEN of `variant`. The counters may be omitted (they default to `0 1`).
    pub fn from_fen(fen: &str, variant: Variant) -> Result<Self, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut pos = Self::empty(variant);
        pos.read_board(fields[0])?;
        pos.side_to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        };
        pos.state.castling = pos.read_castling(fields[2])?;
        pos.state.en_passant = pos.read_en_passant(fields[3])?;
        pos.state.halfmove_clock = match fields.get(4) {
            Some(s) => s
                .parse()
                .map_err(|_| FenError::HalfmoveClock(s.to_string()))?,
            None => 0,
        };
        let fullmove: u32 = match fields.get(5) {
            Some(s) => match s.parse() {
                Ok(n) if (1..u32::MAX / 2).contains(&n) => n,
                _ => return Err(FenError::FullmoveNumber(s.to_string())),
            },
            None => 1,
        };
        pos.game_ply = 2 * (fullmove - 1) + pos.side_to_move.index() as u32;
        pos.check_legality()?;
        pos.state.checkers = pos.attackers_to(pos.king_square(pos.side_to_move), pos.occupied())
            & pos.pieces_of(!pos.side_to_move);
        pos.state.key = pos.compute_key();
        Ok(pos)
    }

    fn read_board(&mut self, board: &str) -> Result<(), FenError> {
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount(ranks.len()));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(skip) = c.to_digit(10) {
                    file += skip as usize;
                    continue;
                }
                let piece = Piece::from_letter(c)
                    .filter(|p| self.variant.piece_types().contains(&p.kind))
                    .ok_or(FenError::UnknownPiece {
                        letter: c,
                        variant: self.variant,
                    })?;
                if file < 8 {
                    self.put_piece(piece, Square::new(file as u8, rank));
                }
                file += 1;
            }
            if file != 8 {
                return Err(FenError::RankLength {
                    rank: rank + 1,
                    squares: file,
                });
            }
        }
        for color in Color::BOTH {
            let count = self.pieces(color, PieceType::King).count();
            if count != 1 {
                return Err(FenError::KingCount { color, count });
            }
            let last_rank = color.relative_rank(7);
            if let Some(sq) = self
                .pieces(color, PieceType::Pawn)
                .find(|s| s.rank() == last_rank)
            {
                return Err(FenError::PawnOnLastRank(sq));
            }
        }
        Ok(())
    }

    fn read_castling(&self, field: &str) -> Result<CastlingRights, FenError> {
        let mut rights = CastlingRights::NONE;
        if field == "-" {
            return Ok(rights);
        }
        let sides: Option<Vec<CastlingSide>> = field
            .chars()
            .map(|c| CastlingSide::ALL.into_iter().find(|s| s.letter() == c))
            .collect();
        let sides = sides.ok_or_else(|| FenError::CastlingSyntax(field.to_string()))?;
        for side in sides {
            let c = side.letter();
            let king = Piece::new(side.color, PieceType::King);
            let rook = Piece::new(side.color, PieceType::Rook);
            if self.piece_at(side.king_from()) != Some(king)
                || self.piece_at(side.rook_from()) != Some(rook)
            {
                return Err(FenError::CastlingPiecesMissing(c));
            }
            rights.insert(side);
        }
        Ok(rights)
    }

    /// Validates the en-passant square; keeps it only if a pawn of the side to move attacks it.
    fn read_en_passant(&self, field: &str) -> Result<Option<Square>, FenError> {
        if field == "-" {
            return Ok(None);
        }
        let ep =
            Square::parse(field).ok_or_else(|| FenError::EnPassantSyntax(field.to_string()))?;
        let us = self.side_to_move;
        let them = !us;
        let from_rank = self.variant.double_step_rank(them);
        let valid = (ep.rank() as i8 == from_rank as i8 + them.forward())
            && ep.offset(0, them.forward()).is_some_and(|pawn_sq| {
                self.piece_at(pawn_sq) == Some(Piece::new(them, PieceType::Pawn))
            })
            && self.piece_at(ep).is_none()
            && ep
                .offset(0, -them.forward())
                .is_some_and(|from| self.piece_at(from).is_none());
        if !valid {
            return Err(FenError::ImpossibleEnPassant(ep));
        }
        let capturers = attacks::pawn_attacks(them, ep) & self.pieces(us, PieceType::Pawn);
        Ok(capturers.any().then_some(ep))
    }

    fn check_legality(&self) -> Result<(), FenError> {
        let them = !self.side_to_move;
        if self.is_attacked(self.king_square(them), self.side_to_move, self.occupied()) {
            return Err(FenError::OpponentInCheck);
        }
        if self.faces_enemy_king(self.king_square(them), them, self.occupied()) {
            return Err(FenError::KingsFacing);
        }
        Ok(())
    }

    /// The FEN of the position, as Fairy-Stockfish writes it.
    pub fn fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::new(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(p.letter());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push(' ');
        fen.push(if self.side_to_move == Color::White {
            'w'
        } else {
            'b'
        });
        fen.push(' ');
        let rights: String = CastlingSide::ALL
            .into_iter()
            .filter(|&s| self.state.castling.has(s))
            .map(CastlingSide::letter)
            .collect();
        fen.push_str(if rights.is_empty() { "-" } else { &rights });
        fen.push(' ');
        match self.state.en_passant {
            Some(sq) => fen.push_str(&sq.to_string()),
            None => fen.push('-'),
        }
        fen.push_str(&format!(
            " {} {}",
            self.state.halfmove_clock,
            self.fullmove_number()
        ));
        fen
    }
}
