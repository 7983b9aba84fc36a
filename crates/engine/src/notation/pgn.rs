//! PGN (Portable Game Notation) for finished games: the game model `PgnGame`, its writer in the
//! standard export format, and (in `reader`) `parse_pgn`, which reads games back.
//!
//! Tags follow the conventions of pychess and Fairy-Stockfish's tools: the seven-tag roster first
//! (Event, Site, Date, Round, White, Black, Result), then `Variant "Empire"` for Empire Chess (no
//! Variant tag for orthodox chess), then `SetUp "1"` and `FEN` when the game does not start from
//! the variant's start position, then every other tag in the order it was set. The Result,
//! Variant, SetUp and FEN tags are written from the game itself, never from `tags`.

mod lexer;
mod reader;

pub use reader::{parse_pgn, PgnError, PgnErrorKind};

use super::san::{to_san, SanError};
use crate::{Color, Outcome, Position, Variant};
use kaiser_rules::types::Move;
use std::fmt;
use std::str::FromStr;

/// The result of a game as PGN writes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum PgnResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// Unfinished or unknown (`*`).
    #[default]
    Unknown,
}

impl PgnResult {
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unknown => "*",
        }
    }
}

impl From<Outcome> for PgnResult {
    fn from(outcome: Outcome) -> PgnResult {
        match outcome.winner() {
            Some(Color::White) => PgnResult::WhiteWins,
            Some(Color::Black) => PgnResult::BlackWins,
            None => PgnResult::Draw,
        }
    }
}

impl fmt::Display for PgnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for PgnResult {
    type Err = ();

    /// Reads a result token; anything else is an error.
    fn from_str(s: &str) -> Result<PgnResult, ()> {
        [
            PgnResult::WhiteWins,
            PgnResult::BlackWins,
            PgnResult::Draw,
            PgnResult::Unknown,
        ]
        .into_iter()
        .find(|r| r.as_str() == s)
        .ok_or(())
    }
}

/// One move of a game, with the comment that follows it (such as `+0.35/12 0.51s`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move, legal in the position it was played in.
    pub mv: Move,
    /// The comment written after the move, without its braces.
    pub comment: Option<String>,
}

/// A game: its tags, start position, moves (each legal where it stands) and result.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// Tag pairs in the order they are written, the Result, Variant, SetUp and FEN tags aside
    /// (those are written from `result` and the start position, and ignored here). Missing
    /// roster tags are written as `?` (`????.??.??` for the Date).
    pub tags: Vec<(String, String)>,
    /// The result, written in the Result tag and at the end of the movetext.
    pub result: PgnResult,
    start: Position,
    current: Position,
    moves: Vec<PgnMove>,
}

/// The seven-tag roster in its order, with the values written when a tag is missing.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Tags written from the game itself rather than from `tags`.
const DERIVED_TAGS: [&str; 4] = ["Result", "Variant", "SetUp", "FEN"];

/// Movetext lines are at most this long (the PGN standard's limit is 79 columns plus newline).
const LINE_WIDTH: usize = 79;

impl PgnGame {
    /// A game starting from `start`, with no moves, no tags and an unknown result.
    pub fn new(start: &Position) -> PgnGame {
        PgnGame {
            tags: Vec::new(),
            result: PgnResult::Unknown,
            start: start.clone(),
            current: start.clone(),
            moves: Vec::new(),
        }
    }

    /// The game's variant: the start position's.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// The position the game starts from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position after all the moves.
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The moves played from `start()`, in order.
    pub fn moves(&self) -> &[PgnMove] {
        &self.moves
    }

    /// Plays `m` with an optional comment; an error if `m` is not legal in `position()`.
    pub fn push(&mut self, m: Move, comment: Option<String>) -> Result<(), SanError> {
        if !self.current.legal_moves().contains(&m) {
            return Err(SanError::Illegal(m.to_string()));
        }
        self.current.make_move(m);
        self.moves.push(PgnMove { mv: m, comment });
        Ok(())
    }

    /// The value of tag `name`, if set.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`, in place if it is already set, else at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The game in PGN export format: tag pairs, a blank line, the movetext (move numbers, SAN,
    /// comments in braces, in lines of at most 79 columns) ending with the result, then a blank
    /// line, so that games can be appended to one file.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        for (name, value) in self.tag_pairs() {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(&value)));
        }
        out.push('\n');
        let mut text = LineWrapper::new(&mut out);
        for token in self.movetext_tokens() {
            text.push(&token);
        }
        text.push(self.result.as_str());
        out.push_str("\n\n");
        out
    }

    /// Every tag pair to write, in order.
    fn tag_pairs(&self) -> Vec<(String, String)> {
        let mut pairs: Vec<(String, String)> = ROSTER
            .iter()
            .map(|&(name, default)| {
                let value = match name {
                    "Result" => self.result.as_str(),
                    _ => self.tag(name).unwrap_or(default),
                };
                (name.to_string(), value.to_string())
            })
            .collect();
        if let Some(tag) = self.variant().rules().pgn_tag {
            pairs.push(("Variant".into(), tag.into()));
        }
        let fen = self.start.fen();
        if fen != self.variant().start_fen() {
            pairs.push(("SetUp".into(), "1".into()));
            pairs.push(("FEN".into(), fen));
        }
        let written =
            |name: &str| ROSTER.iter().any(|(n, _)| *n == name) || DERIVED_TAGS.contains(&name);
        pairs.extend(self.tags.iter().filter(|(n, _)| !written(n)).cloned());
        pairs
    }

    /// Move numbers, moves and comment words, in order.
    fn movetext_tokens(&self) -> Vec<String> {
        let mut tokens = Vec::new();
        let mut pos = self.start.clone();
        let mut after_comment = true;
        for PgnMove { mv, comment } in &self.moves {
            let number = pos.fullmove_number();
            match pos.side_to_move() {
                Color::White => tokens.push(format!("{number}.")),
                Color::Black if after_comment => tokens.push(format!("{number}...")),
                Color::Black => {}
            }
            tokens.push(to_san(&pos, *mv));
            pos.make_move(*mv);
            after_comment = comment.is_some();
            if let Some(comment) = comment {
                tokens.extend(comment_tokens(comment));
            }
        }
        tokens
    }
}

/// Escapes a tag value: `\` and `"` take a backslash.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A comment as movetext words: `{first`, ..., `last}`. A `}` inside the comment, which would
/// end it early, is written as `)`; runs of white space become single spaces.
fn comment_tokens(comment: &str) -> Vec<String> {
    let clean = comment.replace('}', ")");
    let words: Vec<&str> = clean.split_whitespace().collect();
    if words.is_empty() {
        return vec!["{}".to_string()];
    }
    let last = words.len() - 1;
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let open = if i == 0 { "{" } else { "" };
            let close = if i == last { "}" } else { "" };
            format!("{open}{w}{close}")
        })
        .collect()
}

/// Joins tokens with spaces into lines of at most `LINE_WIDTH` columns.
struct LineWrapper<'a> {
    out: &'a mut String,
    column: usize,
}

impl<'a> LineWrapper<'a> {
    fn new(out: &'a mut String) -> LineWrapper<'a> {
        LineWrapper { out, column: 0 }
    }

    fn push(&mut self, token: &str) {
        let width = token.chars().count();
        if self.column > 0 && self.column + 1 + width > LINE_WIDTH {
            self.out.push('\n');
            self.column = 0;
        }
        if self.column > 0 {
            self.out.push(' ');
            self.column += 1;
        }
        self.out.push_str(token);
        self.column += width;
    }
}
