//! Helpers for the rules core's tests: `Position`, the position with no piece tracker as a type
//! of its own (so that `Position::from_fen` needs no annotation), and (for `tests/rules.rs` and
//! `tests/orda.rs`) set-ups, moves played, and assertions on legal-move sets and outcomes.

#![allow(dead_code)] // each test binary uses its own part of the helpers

use kaiser_rules::position::EndReason;
use kaiser_rules::{Color, Move, Outcome, Square, Variant};

/// The rules core's position, tracking nothing but the board.
pub type Position = kaiser_rules::Position;

pub fn position(variant: Variant, fen: &str) -> Position {
    Position::from_fen(fen, variant).unwrap_or_else(|e| panic!("{variant} FEN {fen}: {e}"))
}

pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

/// Plays space-separated UCI moves, failing if one of them is not legal.
pub fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let m = pos
            .parse_uci_move(text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", pos.fen()));
        pos.make_move(m);
    }
}

pub fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut texts: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

pub fn sorted_strs(moves: &[&str]) -> Vec<String> {
    let mut texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

/// Asserts the exact set of legal moves of the piece on `from`.
pub fn assert_moves_from(variant: Variant, fen: &str, from: &str, expected: &[&str]) {
    let pos = position(variant, fen);
    let got = sorted(
        pos.legal_moves()
            .into_iter()
            .filter(|m| m.from() == sq(from)),
    );
    assert_eq!(
        got,
        sorted_strs(expected),
        "moves from {from} in {variant} {fen}"
    );
}

/// Asserts the exact set of legal moves after playing `played` (may be empty) from `fen`.
pub fn assert_all_moves_after(variant: Variant, fen: &str, played: &str, expected: &[&str]) {
    let mut pos = position(variant, fen);
    play(&mut pos, played);
    assert_eq!(
        sorted(pos.legal_moves()),
        sorted_strs(expected),
        "legal moves in {variant} {fen} after '{played}'"
    );
}

pub fn assert_legal(variant: Variant, fen: &str, moves: &[&str]) {
    let pos = position(variant, fen);
    for m in moves {
        assert!(
            pos.parse_uci_move(m).is_some(),
            "{m} should be legal in {variant} {fen}"
        );
    }
}

pub fn assert_illegal(variant: Variant, fen: &str, moves: &[&str]) {
    let pos = position(variant, fen);
    for m in moves {
        assert!(
            pos.parse_uci_move(m).is_none(),
            "{m} should be illegal in {variant} {fen}"
        );
    }
}

/// Asserts the outcome after playing `played` from `fen`.
pub fn assert_outcome(variant: Variant, fen: &str, played: &str, expected: Option<Outcome>) {
    let mut pos = position(variant, fen);
    play(&mut pos, played);
    assert_eq!(
        pos.outcome(),
        expected,
        "outcome of {variant} {fen} after '{played}'"
    );
}

pub fn win(winner: Color, reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

pub fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}
