//! The shipped test openings (`book/*-openings.epd` and the second sets
//! `book/*-openings-2.epd`, made by `kaiser openings`, see `book/README.md`): every line is a
//! six-field FEN of a game still in progress, with no position twice, there are enough of them
//! for a match, and the two sets of a variant share no position.

use kaiser_engine::{Position, Variant};
use std::collections::HashSet;

/// The fewest openings a shipped file may hold.
const MIN_OPENINGS: usize = 200;

/// Checks one file; its positions' keys.
fn check_book(variant: Variant, text: &str) -> HashSet<u64> {
    let mut keys = HashSet::new();
    for (number, line) in text.lines().enumerate() {
        let at = format!("{variant} opening {}: {line}", number + 1);
        assert_eq!(line.split(' ').count(), 6, "{at}: not a six-field FEN");
        let pos = Position::from_fen(line, variant).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert!(pos.outcome().is_none(), "{at}: the game is over");
        assert!(!pos.legal_moves().is_empty(), "{at}: no legal move");
        assert!(keys.insert(pos.key()), "{at}: a repeated position");
    }
    assert!(
        keys.len() >= MIN_OPENINGS,
        "{variant}: only {} openings",
        keys.len()
    );
    keys
}

/// Checks both sets of `variant`.
fn check_sets(variant: Variant, first: &str, second: &str) {
    let (first, second) = (check_book(variant, first), check_book(variant, second));
    assert!(
        first.is_disjoint(&second),
        "{variant}: the two sets share a position"
    );
}

#[test]
fn empire_openings_are_playable() {
    check_sets(
        Variant::Empire,
        include_str!("../../../book/empire-openings.epd"),
        include_str!("../../../book/empire-openings-2.epd"),
    );
}

#[test]
fn chess_openings_are_playable() {
    check_sets(
        Variant::Chess,
        include_str!("../../../book/chess-openings.epd"),
        include_str!("../../../book/chess-openings-2.epd"),
    );
}

#[test]
fn orda_openings_are_playable() {
    check_sets(
        Variant::Orda,
        include_str!("../../../book/orda-openings.epd"),
        include_str!("../../../book/orda-openings-2.epd"),
    );
}
