//! The perft suites in the workspace's `tests/data/` (copied from `shared/perft/`, computed by
//! Fairy-Stockfish): one position a line, `FEN ;D1 n ;D2 n ...`.

use kaiser_rules::{PieceTracker, Position, Variant};

/// The perft suites, each with its variant.
pub const SUITES: [(Variant, &str); 3] = [
    (Variant::Empire, "empire.epd"),
    (Variant::Chess, "chess.epd"),
    (Variant::Orda, "orda.epd"),
];

/// One line of a suite: a position and its perft counts as (depth, nodes).
pub struct SuiteLine {
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// The lines of the suite `name` (a file of `tests/data/`).
pub fn suite_lines(name: &str) -> Vec<SuiteLine> {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut fields = line.split(';');
            let fen = fields.next().expect("a FEN").trim().to_string();
            let counts = fields
                .map(|field| {
                    let (depth, nodes) = field.trim().split_once(' ').expect("'Dn count'");
                    let depth = depth.trim_start_matches('D').parse().expect("a depth");
                    (depth, nodes.trim().parse().expect("a node count"))
                })
                .collect();
            SuiteLine { fen, counts }
        })
        .collect()
}

/// The FENs of the suite `name`.
pub fn suite_fens(name: &str) -> Vec<String> {
    suite_lines(name).into_iter().map(|line| line.fen).collect()
}

/// Every position of the perft suites (`SUITES`), set up in its variant.
pub fn suite_positions<T: PieceTracker>() -> Vec<Position<T>> {
    SUITES
        .into_iter()
        .flat_map(|(variant, name)| {
            suite_fens(name).into_iter().map(move |fen| {
                Position::from_fen(&fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"))
            })
        })
        .collect()
}
