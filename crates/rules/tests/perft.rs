//! Perft parity with Fairy-Stockfish: every line of the suites in the workspace's `tests/data/`
//! (copied from `shared/perft/`, computed by Fairy-Stockfish) must match. The default run covers
//! every count up to `DEFAULT_LIMIT` nodes (every position at depth 3 or more); the rest run with
//! `cargo test -p kaiser-rules --release --test perft -- --ignored`.

mod common;

use common::Position;
use kaiser_rules::perft::perft;
use kaiser_rules::Variant;
use kaiser_testkit::suites::suite_lines;

const DEFAULT_LIMIT: u64 = 2_000_000;

/// One expected count: FEN, depth, nodes.
struct Case {
    fen: String,
    depth: u32,
    nodes: u64,
}

fn read_suite(name: &str) -> Vec<Case> {
    suite_lines(name)
        .into_iter()
        .flat_map(|line| {
            line.counts.into_iter().map(move |(depth, nodes)| Case {
                fen: line.fen.clone(),
                depth,
                nodes,
            })
        })
        .collect()
}

/// Runs the cases of `suite` selected by `keep`; returns how many ran. Fails listing every
/// mismatch.
fn run_suite(suite: &str, variant: Variant, keep: impl Fn(&Case) -> bool) -> usize {
    let cases: Vec<Case> = read_suite(suite).into_iter().filter(|c| keep(c)).collect();
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let mut pos = Position::from_fen(&case.fen, variant)
                .unwrap_or_else(|e| panic!("{}: {e}", case.fen));
            let got = perft(&mut pos, case.depth);
            (got != case.nodes).then(|| {
                format!(
                    "{} depth {}: expected {}, got {got}",
                    case.fen, case.depth, case.nodes
                )
            })
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    cases.len()
}

/// Every position of the suite has its deepest count within the default limit, or a count at
/// depth 3 or more within it.
fn assert_default_coverage(suite: &str) {
    let cases = read_suite(suite);
    for fen in cases.iter().map(|c| &c.fen) {
        let of_fen: Vec<&Case> = cases.iter().filter(|c| &c.fen == fen).collect();
        let covered = of_fen
            .iter()
            .any(|c| c.nodes <= DEFAULT_LIMIT && c.depth >= 3)
            || of_fen.iter().all(|c| c.nodes <= DEFAULT_LIMIT);
        assert!(covered, "{fen} has no default-run count at depth 3 or more");
    }
}

#[test]
fn empire_suite() {
    assert_default_coverage("empire.epd");
    assert!(run_suite("empire.epd", Variant::Empire, |c| c.nodes <= DEFAULT_LIMIT) > 500);
}

#[test]
fn chess_suite() {
    assert_default_coverage("chess.epd");
    assert!(run_suite("chess.epd", Variant::Chess, |c| c.nodes <= DEFAULT_LIMIT) > 200);
}

#[test]
fn orda_suite() {
    assert_default_coverage("orda.epd");
    assert!(run_suite("orda.epd", Variant::Orda, |c| c.nodes <= DEFAULT_LIMIT) > 400);
}

#[test]
#[ignore]
fn empire_suite_deep() {
    run_suite("empire.epd", Variant::Empire, |c| c.nodes > DEFAULT_LIMIT);
}

#[test]
#[ignore]
fn chess_suite_deep() {
    run_suite("chess.epd", Variant::Chess, |c| c.nodes > DEFAULT_LIMIT);
}

#[test]
#[ignore]
fn orda_suite_deep() {
    run_suite("orda.epd", Variant::Orda, |c| c.nodes > DEFAULT_LIMIT);
}
