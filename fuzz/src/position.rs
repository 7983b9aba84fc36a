//! The FEN and move targets. A FEN that parses must give a position that is consistent,
//! writes a FEN that reads back to the same position, and whose every legal move can be made,
//! unmade, evaluated and written in SAN and UCI notation that read back to the same move.
//! The first byte of the input picks the game (chess, Empire, Orda, in `Variant::ALL`'s order).

use kaiser_engine::notation::{parse_san, to_san};
use kaiser_engine::{eval, Position, Variant};

/// The most move lines the move target reads in one input.
const MAX_MOVES: usize = 64;

/// The FEN target: the first byte picks the game, the rest is the FEN.
pub fn fen(data: &[u8]) {
    let Some((variant, text)) = split(data) else {
        return;
    };
    if let Ok(pos) = Position::from_fen(&text, variant) {
        check(&pos);
    }
}

/// The move target: the first byte picks the game; then a FEN on the first line (the start
/// position if it does not parse), then one move a line in SAN or UCI notation, each one that
/// is read played.
pub fn moves(data: &[u8]) {
    let Some((variant, text)) = split(data) else {
        return;
    };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let mut pos =
        Position::from_fen(first, variant).unwrap_or_else(|_| Position::startpos(variant));
    for line in lines.take(MAX_MOVES) {
        if let Ok(m) = parse_san(&pos, line) {
            assert!(
                pos.legal_moves().contains(&m),
                "{line} read as the illegal {m} in {}",
                pos.fen()
            );
            pos.make_move(m);
            check(&pos);
        }
    }
}

/// The game the first byte picks, and the rest as text.
fn split(data: &[u8]) -> Option<(Variant, String)> {
    let (&selector, rest) = data.split_first()?;
    let variant = Variant::ALL[usize::from(selector) % Variant::ALL.len()];
    Some((variant, String::from_utf8_lossy(rest).into_owned()))
}

/// The checks every position passes (see the module header).
fn check(pos: &Position) {
    assert!(pos.is_consistent(), "inconsistent position {}", pos.fen());
    let fen = pos.fen();
    let again = Position::from_fen(&fen, pos.variant())
        .unwrap_or_else(|error| panic!("wrote {fen}, which does not read back: {error}"));
    assert_eq!(again.fen(), fen, "the FEN does not read back the same");
    let _ = pos.to_string();
    let _ = pos.outcome();
    let _ = eval::evaluate(pos);
    if let Some(net) = eval::nnue::embedded(pos.variant()) {
        let _ = net.evaluate_position(pos);
    }
    let key = pos.key();
    let mut after = pos.clone();
    for m in pos.legal_moves() {
        let san = to_san(pos, m);
        assert_eq!(
            parse_san(pos, &san).ok(),
            Some(m),
            "SAN {san} of {m} in {fen}"
        );
        assert_eq!(
            pos.parse_uci_move(&m.to_string()),
            Some(m),
            "UCI {m} in {fen}"
        );
        after.make_move(m);
        assert!(after.is_consistent(), "inconsistent after {m} in {fen}");
        let _ = after.outcome();
        let _ = eval::evaluate(&after);
        after.unmake_move(m);
        assert_eq!(after.key(), key, "{m} unmade changes the key in {fen}");
    }
}
