//! Reading PGN: every game of a text, its tags, start position (Variant and FEN tags), moves in
//! SAN (or any form `parse_san` accepts), the comments after moves, and the result.
//!
//! Move numbers, NAGs (`$3`), annotation glyphs and variations (`(...)`, skipped whole) are
//! accepted; a comment before the first move is dropped. A game ends at its result token, at the
//! next tag pair, or at the end of the text; without a result token the Result tag gives the
//! result.

use super::lexer::{Lexer, Token};
use super::{PgnGame, PgnResult, DERIVED_TAGS};
use crate::notation::san::{parse_san, SanError};
use crate::{Color, Position, Variant};
use kaiser_rules::position::FenError;
use kaiser_rules::variant::UnknownVariant;
use std::fmt;
use std::iter::Peekable;

/// Why a PGN text could not be read, and in which game (counted from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the text, the first being 1.
    pub game: usize,
    /// What went wrong.
    pub kind: PgnErrorKind,
}

/// What went wrong in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// Broken PGN syntax: an unterminated string or comment, a malformed tag pair, an unbalanced
    /// parenthesis.
    Syntax(String),
    /// A Variant tag naming no game Kaiser plays.
    Variant(UnknownVariant),
    /// A FEN tag that is no valid position of the game's variant.
    Fen { fen: String, error: FenError },
    /// A move that cannot be read, is illegal or is ambiguous; `number` is its move number as
    /// PGN writes it (`12.` or `12...`).
    Move {
        number: String,
        text: String,
        error: SanError,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: ", self.game)?;
        match &self.kind {
            PgnErrorKind::Syntax(message) => f.write_str(message),
            PgnErrorKind::Variant(error) => write!(f, "Variant tag: {error}"),
            PgnErrorKind::Fen { fen, error } => write!(f, "FEN tag \"{fen}\": {error}"),
            PgnErrorKind::Move {
                number,
                text,
                error,
            } => write!(f, "move {number} {text}: {error}"),
        }
    }
}

impl std::error::Error for PgnError {}

type Tokens<'a> = Peekable<Lexer<'a>>;

/// Every game in `text`, each replayed move by move from its start position.
pub fn parse_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut tokens = Lexer::new(text).peekable();
    let mut games = Vec::new();
    while tokens.peek().is_some() {
        let number = games.len() + 1;
        let fail = |kind| PgnError { game: number, kind };
        let tags = read_tags(&mut tokens).map_err(fail)?;
        let mut game = new_game(tags).map_err(fail)?;
        read_movetext(&mut tokens, &mut game).map_err(fail)?;
        games.push(game);
    }
    Ok(games)
}

fn next_token(tokens: &mut Tokens) -> Result<Option<Token>, PgnErrorKind> {
    tokens.next().transpose().map_err(PgnErrorKind::Syntax)
}

/// Reads the tag pairs at the start of a game.
fn read_tags(tokens: &mut Tokens) -> Result<Vec<(String, String)>, PgnErrorKind> {
    let mut tags = Vec::new();
    while let Some(Ok(Token::TagOpen)) = tokens.peek() {
        tokens.next();
        let name = next_token(tokens)?;
        let value = next_token(tokens)?;
        let close = next_token(tokens)?;
        match (name, value, close) {
            (Some(Token::Symbol(name)), Some(Token::Str(value)), Some(Token::TagClose)) => {
                tags.push((name, value))
            }
            _ => return Err(PgnErrorKind::Syntax("malformed tag pair".into())),
        }
    }
    Ok(tags)
}

/// A game set up from its tags: variant, start position, result and the other tags.
fn new_game(tags: Vec<(String, String)>) -> Result<PgnGame, PgnErrorKind> {
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let variant = Variant::from_pgn_tag(tag("Variant")).map_err(PgnErrorKind::Variant)?;
    let start = match tag("FEN") {
        None => Position::startpos(variant),
        Some(fen) => Position::from_fen(fen, variant).map_err(|error| PgnErrorKind::Fen {
            fen: fen.to_string(),
            error,
        })?,
    };
    let mut game = PgnGame::new(&start);
    game.result = tag("Result")
        .and_then(|r| r.parse().ok())
        .unwrap_or_default();
    game.tags = tags
        .into_iter()
        .filter(|(n, _)| !DERIVED_TAGS.contains(&n.as_str()))
        .collect();
    Ok(game)
}

/// Reads moves, comments and the result token into `game`.
fn read_movetext(tokens: &mut Tokens, game: &mut PgnGame) -> Result<(), PgnErrorKind> {
    while !matches!(tokens.peek(), None | Some(Ok(Token::TagOpen))) {
        match next_token(tokens)? {
            Some(Token::Symbol(symbol)) => {
                if let Ok(result) = symbol.parse::<PgnResult>() {
                    game.result = result;
                    return Ok(());
                }
                read_move(game, &symbol)?;
            }
            Some(Token::Comment(comment)) => attach_comment(game, comment),
            Some(Token::VariationOpen) => skip_variation(tokens)?,
            Some(Token::VariationClose) => {
                return Err(PgnErrorKind::Syntax("')' closes no variation".into()))
            }
            Some(Token::TagClose) => {
                return Err(PgnErrorKind::Syntax("']' outside a tag pair".into()))
            }
            Some(Token::Str(text)) => {
                return Err(PgnErrorKind::Syntax(format!(
                    "string \"{text}\" outside a tag pair"
                )))
            }
            Some(Token::TagOpen) | None => break,
        }
    }
    Ok(())
}

/// Plays the move in a movetext symbol, if it holds one (not just a move number or a NAG).
fn read_move(game: &mut PgnGame, symbol: &str) -> Result<(), PgnErrorKind> {
    let text = strip_move_number(symbol);
    if text.is_empty() || text.starts_with('$') || text.chars().all(|c| "!?".contains(c)) {
        return Ok(());
    }
    let number = move_number(game.position());
    parse_san(game.position(), text)
        .and_then(|m| game.push(m, None))
        .map_err(|error| PgnErrorKind::Move {
            number,
            text: text.to_string(),
            error,
        })
}

/// `12.e4` -> `e4`, `12...` -> ``; castling `0-0` and other symbols stay as they are.
fn strip_move_number(symbol: &str) -> &str {
    let digits = symbol.len()
        - symbol
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    match symbol[digits..].strip_prefix('.') {
        Some(rest) if digits > 0 => rest.trim_start_matches('.'),
        _ => symbol,
    }
}

/// The move number of the side to move, as PGN writes it: `12.` or `12...`.
fn move_number(pos: &Position) -> String {
    let dots = match pos.side_to_move() {
        Color::White => ".",
        Color::Black => "...",
    };
    format!("{}{dots}", pos.fullmove_number())
}

/// Adds a comment to the last move (a second comment is appended to the first).
fn attach_comment(game: &mut PgnGame, comment: String) {
    if let Some(last) = game.moves.last_mut() {
        last.comment = Some(match last.comment.take() {
            Some(earlier) => format!("{earlier} {comment}"),
            None => comment,
        });
    }
}

/// Skips a variation, nested ones included, after its opening parenthesis.
fn skip_variation(tokens: &mut Tokens) -> Result<(), PgnErrorKind> {
    let mut depth = 1;
    while depth > 0 {
        match next_token(tokens)? {
            Some(Token::VariationOpen) => depth += 1,
            Some(Token::VariationClose) => depth -= 1,
            Some(_) => {}
            None => return Err(PgnErrorKind::Syntax("unterminated variation".into())),
        }
    }
    Ok(())
}
