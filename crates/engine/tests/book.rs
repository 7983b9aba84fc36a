//! The built-in opening books: every move is legal and reachable. (A forged book, over UCI and
//! as a library, is tested with the binary's `tests/book.rs`, which shares it.)

use kaiser_engine::book::Book;
use kaiser_engine::{Position, Variant};
use std::collections::HashSet;

#[test]
fn every_built_in_book_move_is_legal_and_reachable() {
    assert!(Book::built_in(Variant::Empire).is_some() && Book::built_in(Variant::Chess).is_some());
    for variant in Variant::ALL {
        let Some(book) = Book::built_in(variant) else {
            continue;
        };
        assert_eq!(book.variant(), variant);
        assert!(book.positions() >= 100, "{variant}: {}", book.positions());
        // Walk the tree of book moves: every entry must be met once, as a legal move.
        let start = Position::startpos(variant);
        let mut seen = HashSet::from([start.key()]);
        let mut queue = vec![start];
        let mut found = 0;
        while let Some(pos) = queue.pop() {
            let moves = book.moves(&pos);
            found += moves.len();
            for (m, weight) in moves {
                assert!(pos.legal_moves().contains(&m) && weight >= 1);
                let mut child = pos.clone();
                child.make_move(m);
                if seen.insert(child.key()) {
                    queue.push(child);
                }
            }
        }
        assert_eq!(
            found,
            book.len(),
            "{variant}: entries unreachable or illegal"
        );
    }
}
