//! The shipped test openings (`book/*-openings.epd`, made by `kaiser openings`, see
//! `book/README.md`): every line is a six-field FEN of a game still in progress, with no
//! position twice, and there are enough of them for a match.

use kaiser_engine::{Position, Variant};
use std::collections::HashSet;

/// The fewest openings a shipped file may hold.
const MIN_OPENINGS: usize = 200;

fn check_book(variant: Variant, text: &str) {
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
}

#[test]
fn empire_openings_are_playable() {
    check_book(Variant::Empire, include_str!("../book/empire-openings.epd"));
}

#[test]
fn chess_openings_are_playable() {
    check_book(Variant::Chess, include_str!("../book/chess-openings.epd"));
}

#[test]
fn orda_openings_are_playable() {
    check_book(Variant::Orda, include_str!("../book/orda-openings.epd"));
}
