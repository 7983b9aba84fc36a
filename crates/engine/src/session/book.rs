//! Where a session's book moves come from (`BookFile`): the books built into the binary, a book
//! file, or none after a file was refused; and the `Info` a protocol reports with a book move.

use crate::book::Book;
use crate::eval;
use crate::search::value::{to_score, wdl};
use crate::search::{Bound, Info, Score};
use crate::Position;
use kaiser_rules::types::Move;
use std::path::Path;

/// The book in use.
pub(super) enum BookSource {
    /// The book built into the binary for the position's variant.
    BuiltIn,
    File(Book),
    /// The file set was rejected: no book moves until another is set.
    Rejected,
}

impl BookSource {
    /// The book `path` names (the built-in books for `None`), loaded and checked now so that a
    /// bad file is reported at once, with what to tell the user.
    pub fn load(path: Option<&str>) -> (BookSource, Option<String>) {
        let Some(path) = path else {
            return (BookSource::BuiltIn, None);
        };
        match Book::load(Path::new(path)) {
            Ok(book) => {
                let note = format!(
                    "BookFile {path}: {} book, {} positions, {} moves",
                    book.variant(),
                    book.positions(),
                    book.len()
                );
                (BookSource::File(book), Some(note))
            }
            Err(error) => (
                BookSource::Rejected,
                Some(format!(
                    "BookFile {path} rejected: {error}; no book moves until another is set"
                )),
            ),
        }
    }

    /// A move of the book for `position`, if it has one.
    pub fn pick(&self, position: &Position) -> Option<Move> {
        let book = match self {
            BookSource::BuiltIn => Book::built_in(position.variant())?,
            BookSource::File(book) => book,
            BookSource::Rejected => return None,
        };
        book.pick(position, &mut rand::thread_rng())
    }
}

/// The report that comes with a book move: the book keeps weights, not scores, so the score is
/// the static evaluation after the move, from the mover's view.
pub fn book_info(position: &Position, m: Move) -> Info {
    let mut after = position.clone();
    after.make_move(m);
    let score = match to_score(-eval::evaluate(&after)) {
        // `cp 0` with a one-move line is how Fairy-Stockfish announces a move that draws, and
        // variantfishtest ends the game as a draw on it: a book move claims no draw.
        Score::Cp(0) => Score::Cp(1),
        score => score,
    };
    Info {
        depth: 1,
        seldepth: 1,
        multipv: 1,
        score,
        bound: Bound::Exact,
        wdl: Some(wdl(score)),
        nodes: 0,
        nps: 0,
        hashfull: 0,
        time_ms: 0,
        pv: vec![m],
    }
}
