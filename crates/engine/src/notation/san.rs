//! Standard Algebraic Notation for single moves.
//!
//! `to_san` writes a move exactly as Fairy-Stockfish (pyffish `get_san`) does, which is also what
//! pychess shows: the piece letter in upper case for both sides (none for pawns; Empire pieces
//! `E C T D S`), then the origin's file, rank or whole square when another piece of the same type
//! could also move legally to the destination (file first, rank if the file does not tell them
//! apart, the square if neither does), `x` for a capture (pawn captures always name the origin
//! file: `exd5`, en passant too), the destination, `=Q` for a promotion, and `+` for check or `#`
//! when the side left to move has no legal move while in check. Castling is `O-O` / `O-O-O`.
//! A king reaching its far rank (campmate) gets no mark of its own: `#` only if it also gives check
//! (the game is then over, so no reply exists), nothing otherwise; a stalemating move has none.
//!
//! `parse_san` reads that notation back, and also the common lenient forms (missing or surplus
//! check marks, `!?` annotations, `0-0`, `e8Q` without `=`, long algebraic `Ng1-f3`, an `e.p.`
//! suffix), with a UCI move (`e2e4`, `e7e8q`) as a last resort.

use crate::Position;
use kaiser_rules::types::{Move, MoveKind, PieceType, Square};
use std::fmt;

/// Writes `m`, which must be legal in `pos`, in SAN as Fairy-Stockfish writes it.
pub fn to_san(pos: &Position, m: Move) -> String {
    let mut san = String::with_capacity(8);
    if m.kind() == MoveKind::Castling {
        let short = m.to().file() > m.from().file();
        san.push_str(if short { "O-O" } else { "O-O-O" });
    } else {
        let kind = moving_kind(pos, m).expect("a legal move starts from a piece");
        let capture = is_capture(pos, m);
        if kind == PieceType::Pawn {
            if capture {
                san.push(file_char(m.from()));
            }
        } else {
            san.push(upper_letter(kind));
            push_disambiguation(&mut san, pos, m, kind);
        }
        if capture {
            san.push('x');
        }
        san.push_str(&m.to().to_string());
        if let Some(pt) = m.promotion_piece() {
            san.push('=');
            san.push(upper_letter(pt));
        }
    }
    let mut after = pos.clone();
    after.make_move(m);
    if after.in_check() {
        san.push(if after.count_legal_moves() == 0 {
            '#'
        } else {
            '+'
        });
    }
    san
}

/// Why a move text was not accepted by `parse_san`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// The text is no move in SAN or UCI notation.
    Syntax(String),
    /// The text reads as a move, but no legal move of the position fits it.
    Illegal(String),
    /// More than one legal move fits the text; `candidates` lists them in UCI notation, sorted.
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax(text) => write!(f, "'{text}' is not a move in SAN or UCI notation"),
            SanError::Illegal(text) => write!(f, "'{text}' is not a legal move here"),
            SanError::Ambiguous { text, candidates } => write!(
                f,
                "'{text}' is ambiguous: it fits {}",
                candidates.join(", ")
            ),
        }
    }
}

impl std::error::Error for SanError {}

/// The legal move of `pos` written `text` in SAN (strict or lenient, see the module notes) or,
/// failing that, in UCI notation. Never panics, whatever the text.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, SanError> {
    let trimmed = text.trim();
    if let Some(m) = pos.parse_uci_move(trimmed) {
        return Ok(m);
    }
    let pattern =
        Pattern::parse(strip_suffixes(trimmed)).ok_or_else(|| SanError::Syntax(text.into()))?;
    let fits: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| pattern.fits(pos, m))
        .collect();
    match fits.as_slice() {
        [] => Err(SanError::Illegal(text.into())),
        [m] => Ok(*m),
        _ => {
            let mut candidates: Vec<String> = fits.iter().map(Move::to_string).collect();
            candidates.sort();
            Err(SanError::Ambiguous {
                text: text.into(),
                candidates,
            })
        }
    }
}

fn moving_kind(pos: &Position, m: Move) -> Option<PieceType> {
    pos.piece_at(m.from()).map(|p| p.kind)
}

fn is_capture(pos: &Position, m: Move) -> bool {
    match m.kind() {
        MoveKind::EnPassant => true,
        MoveKind::Castling => false,
        _ => pos.piece_at(m.to()).is_some(),
    }
}

fn upper_letter(kind: PieceType) -> char {
    kind.letter().to_ascii_uppercase()
}

fn file_char(sq: Square) -> char {
    (b'a' + sq.file()) as char
}

fn rank_char(sq: Square) -> char {
    (b'1' + sq.rank()) as char
}

/// Appends what tells `m`'s origin apart from the other pieces of type `kind` that could move
/// legally to the same square, as Fairy-Stockfish does.
fn push_disambiguation(san: &mut String, pos: &Position, m: Move, kind: PieceType) {
    let rivals: Vec<Square> = pos
        .legal_moves()
        .into_iter()
        .filter(|o| o.to() == m.to() && o.from() != m.from() && moving_kind(pos, *o) == Some(kind))
        .map(Move::from)
        .collect();
    if rivals.is_empty() {
        return;
    }
    let from = m.from();
    let same_file = rivals.iter().any(|s| s.file() == from.file());
    let same_rank = rivals.iter().any(|s| s.rank() == from.rank());
    if !same_file {
        san.push(file_char(from));
    } else if !same_rank {
        san.push(rank_char(from));
    } else {
        san.push(file_char(from));
        san.push(rank_char(from));
    }
}

/// Drops check marks, annotation glyphs and an en-passant mark from the end of a move text.
fn strip_suffixes(mut text: &str) -> &str {
    loop {
        let before = text.len();
        text = text.trim_end_matches(['+', '#', '!', '?']).trim_end();
        text = text.strip_suffix("e.p.").unwrap_or(text).trim_end();
        if text.len() == before {
            return text;
        }
    }
}

/// What a SAN text says about the move it names.
#[derive(Debug)]
enum Pattern {
    Castling {
        short: bool,
    },
    Move {
        kind: PieceType,
        file: Option<u8>,
        rank: Option<u8>,
        to: Square,
        promotion: Option<PieceType>,
    },
}

impl Pattern {
    /// Reads a move text without suffixes; `None` if it is not SAN.
    fn parse(text: &str) -> Option<Pattern> {
        if !text.is_ascii() || text.is_empty() {
            return None;
        }
        if text.bytes().all(|b| b"O0o-".contains(&b)) {
            let castles = text.bytes().filter(|b| *b != b'-').count();
            return match castles {
                2 => Some(Pattern::Castling { short: true }),
                3 => Some(Pattern::Castling { short: false }),
                _ => None,
            };
        }
        let (kind, rest) = match text.as_bytes()[0] {
            b if b.is_ascii_uppercase() => (PieceType::from_letter(b as char)?, &text[1..]),
            _ => (PieceType::Pawn, text),
        };
        let (rest, promotion) = split_promotion(rest)?;
        let split = rest.len().checked_sub(2)?;
        let to = Square::parse(&rest[split..])?;
        let prefix = rest[..split].trim_end_matches(['x', ':', '-']);
        let (file, rank) = parse_origin(prefix)?;
        // A pawn move that names no origin file stays on its file (`d5` is never `exd5`).
        let file = match kind {
            PieceType::Pawn => file.or(Some(to.file())),
            _ => file,
        };
        Some(Pattern::Move {
            kind,
            file,
            rank,
            to,
            promotion,
        })
    }

    fn fits(&self, pos: &Position, m: Move) -> bool {
        match *self {
            Pattern::Castling { short } => {
                m.kind() == MoveKind::Castling && (m.to().file() > m.from().file()) == short
            }
            Pattern::Move {
                kind,
                file,
                rank,
                to,
                promotion,
            } => {
                moving_kind(pos, m) == Some(kind)
                    && m.to() == to
                    && file.is_none_or(|f| m.from().file() == f)
                    && rank.is_none_or(|r| m.from().rank() == r)
                    && promotion.is_none_or(|p| m.promotion_piece() == Some(p))
            }
        }
    }
}

/// Splits a promotion suffix (`=Q`, `Q` or `q` right after the destination) from a move text.
/// `None` if the text ends in a letter that names no piece.
fn split_promotion(text: &str) -> Option<(&str, Option<PieceType>)> {
    let bytes = text.as_bytes();
    match bytes {
        [.., before, last]
            if last.is_ascii_alphabetic() && (*before == b'=' || before.is_ascii_digit()) =>
        {
            let piece = PieceType::from_letter(*last as char)?;
            let rest = &text[..text.len() - 1];
            Some((rest.strip_suffix('=').unwrap_or(rest), Some(piece)))
        }
        _ => Some((text, None)),
    }
}

/// Reads an origin hint: nothing, a file, a rank, or a file and a rank.
fn parse_origin(text: &str) -> Option<(Option<u8>, Option<u8>)> {
    let mut bytes = text.bytes().peekable();
    let file = bytes
        .next_if(|b| (b'a'..=b'h').contains(b))
        .map(|b| b - b'a');
    let rank = bytes
        .next_if(|b| (b'1'..=b'8').contains(b))
        .map(|b| b - b'1');
    bytes.next().is_none().then_some((file, rank))
}
