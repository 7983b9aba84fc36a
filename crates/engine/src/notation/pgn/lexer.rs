//! Splits PGN text into tokens: brackets of tag pairs, strings, comments, variation parentheses
//! and symbols (moves, move numbers, results, NAGs). Rest-of-line comments (`;`) and escape
//! lines (`%` in the first column) are skipped here.

use std::iter::Peekable;
use std::str::Chars;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
    TagOpen,
    TagClose,
    /// A quoted string, escapes resolved.
    Str(String),
    /// The text of a `{...}` comment, runs of white space made single spaces.
    Comment(String),
    VariationOpen,
    VariationClose,
    /// Anything else up to white space or a delimiter: `e4`, `12.`, `1-0`, `$3`, `!?`.
    Symbol(String),
}

/// The tokens of a PGN text, or an error message for an unterminated string or comment.
pub(super) struct Lexer<'a> {
    chars: Peekable<Chars<'a>>,
    line_start: bool,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            chars: text.chars().peekable(),
            line_start: true,
        }
    }

    /// The next character, keeping track of whether it starts a line.
    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        self.line_start = c == '\n';
        Some(c)
    }

    fn skip_line(&mut self) {
        while self.bump().is_some_and(|c| c != '\n') {}
    }

    fn string(&mut self) -> Result<Token, String> {
        let mut value = String::new();
        loop {
            match self.bump() {
                None => return Err("unterminated string".into()),
                Some('"') => return Ok(Token::Str(value)),
                Some('\\') => match self.bump() {
                    None => return Err("unterminated string".into()),
                    Some(c) => value.push(c),
                },
                Some(c) => value.push(c),
            }
        }
    }

    fn comment(&mut self) -> Result<Token, String> {
        let mut text = String::new();
        loop {
            match self.bump() {
                None => return Err("unterminated comment".into()),
                Some('}') => {
                    let words: Vec<&str> = text.split_whitespace().collect();
                    return Ok(Token::Comment(words.join(" ")));
                }
                Some(c) => text.push(c),
            }
        }
    }

    fn symbol(&mut self, first: char) -> Token {
        let mut text = String::from(first);
        while let Some(&c) = self.chars.peek() {
            if c.is_whitespace() || "[]{}()\";".contains(c) {
                break;
            }
            text.push(c);
            self.bump();
        }
        Token::Symbol(text)
    }
}

impl Iterator for Lexer<'_> {
    type Item = Result<Token, String>;

    fn next(&mut self) -> Option<Result<Token, String>> {
        loop {
            let at_line_start = self.line_start;
            let c = self.bump()?;
            return Some(Ok(match c {
                '%' if at_line_start => {
                    self.skip_line();
                    continue;
                }
                ';' => {
                    self.skip_line();
                    continue;
                }
                c if c.is_whitespace() => continue,
                '[' => Token::TagOpen,
                ']' => Token::TagClose,
                '(' => Token::VariationOpen,
                ')' => Token::VariationClose,
                '"' => return Some(self.string()),
                '{' => return Some(self.comment()),
                c => self.symbol(c),
            }));
        }
    }
}
