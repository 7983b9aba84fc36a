//! `bench`: a fixed search over a fixed set of positions (one thread, 16 MiB hash cleared before
//! each position, fixed depth). Deterministic: the node count of the default set, Empire and chess
//! positions, is the signature of the search and evaluation quoted in every commit that changes
//! them. Orda's positions are a set of their own (`kaiser bench --variant orda`), so that the
//! long-standing signature stays comparable while Orda's evaluation is still untuned. The speed
//! counts the time spent searching (not clearing the hash).

use crate::search::{Engine, Info, Limits, Listener, SearchControl, DEFAULT_HASH_MB};
use crate::{Position, Variant};
use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The default search depth of `bench`.
pub const DEFAULT_DEPTH: u32 = 9;

/// The variants of the default set, whose node count is the signature.
pub const SIGNATURE_VARIANTS: &[Variant] = &[Variant::Empire, Variant::Chess];

/// Openings, middlegames, endgames and campmate races of every game, grouped by variant.
pub const POSITIONS: &[(Variant, &str)] = &[
    (
        Variant::Empire,
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1",
    ),
    (
        Variant::Empire,
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/8/PPPSSPPP/8/TECDKCET w kq - 4 3",
    ),
    (
        Variant::Empire,
        "r1bqkbnr/1pppp1p1/p7/5p1p/2PnD3/PP2SPPP/6T1/TEC1KCE1 w kq - 0 7",
    ),
    (
        Variant::Empire,
        "rnb1k1n1/1p1pppbr/1qp3p1/p1P5/2C3Tp/PP1SSPPP/6C1/1E1DK1ET w q - 2 11",
    ),
    (
        Variant::Empire,
        "1rbqn2r/p1ppnk2/1p2p1pb/6pp/5PP1/PPPSS2P/1TEK3E/2CD1C2 w - - 8 16",
    ),
    (
        Variant::Empire,
        "rn1k3r/4b1pp/2p2D1n/pp1p4/4E1P1/TPPSS2P/1E6/1C1K1C1T w - - 4 21",
    ),
    (Variant::Empire, "8/p7/2k5/8/4S3/5K2/8/7T w - - 0 1"),
    (Variant::Empire, "3k4/8/8/3r4/8/2E5/4K3/8 w - - 0 1"),
    (Variant::Empire, "6k1/5pp1/8/8/2K5/8/PP6/8 b - - 0 1"),
    (
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        Variant::Chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        Variant::Chess,
        "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
    ),
    (
        Variant::Chess,
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
    (Variant::Chess, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        Variant::Orda,
        "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
    ),
    (
        Variant::Orda,
        "lhak1ah1/3y1l2/pppp1ppp/4P3/4P3/7N/PPP2PPP/RNBQKB1R w KQ - 1 5",
    ),
    (
        Variant::Orda,
        "2hyka2/2l1ah2/pp2p3/2p2p2/8/3P1Q2/P1P1PPPP/RN2KBNR w KQ - 5 10",
    ),
    (
        Variant::Orda,
        "l1a1k1h1/2y5/p1pp1p2/2p1p1p1/8/P1P2PP1/3PP2R/1RBQ1BK1 w - - 1 13",
    ),
    (
        Variant::Orda,
        "8/4yk2/1l3p2/1N6/1P4P1/8/2P1aP2/4R2K w - - 0 31",
    ),
    (
        Variant::Orda,
        "1y6/4a3/1p4p1/4P3/6k1/4P3/2h5/6K1 b - - 0 29",
    ),
    (Variant::Orda, "2k5/8/p7/p2K2a1/6P1/8/7l/8 b - - 2 40"),
];

/// The totals of a bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchReport {
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
}

/// Remembers the node count of the last `Info`.
struct NodeCount(AtomicU64);

impl Listener for NodeCount {
    fn info(&self, info: &Info) {
        self.0.store(info.nodes, Relaxed);
    }
}

/// Searches every bench position of `variants` to `depth`, writing a line per position and the
/// total as the last line: `Bench: <nodes> nodes <nps> nps`.
pub fn run(depth: u32, variants: &[Variant], out: &mut dyn Write) -> io::Result<BenchReport> {
    let positions: Vec<(Variant, &str)> = POSITIONS
        .iter()
        .copied()
        .filter(|(variant, _)| variants.contains(variant))
        .collect();
    let mut engine = Engine::new();
    engine.set_hash_mb(DEFAULT_HASH_MB);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut searching = Duration::ZERO;
    let mut nodes = 0;
    for (index, &(variant, fen)) in positions.iter().enumerate() {
        let pos = Position::from_fen(fen, variant).expect("bench positions are valid");
        engine.clear();
        let counter = NodeCount(AtomicU64::new(0));
        let start = Instant::now();
        let result = engine.search(&pos, &limits, &SearchControl::new(), &counter);
        searching += start.elapsed();
        let searched = counter.0.load(Relaxed);
        nodes += searched;
        let best = result.best.map_or("(none)".to_string(), |m| m.to_string());
        writeln!(
            out,
            "Position {}/{} ({variant}) {fen}: bestmove {best}, {searched} nodes",
            index + 1,
            positions.len()
        )?;
    }
    let time_ms = searching.as_millis() as u64;
    let nps = nodes * 1000 / time_ms.max(1);
    writeln!(out, "Bench: {nodes} nodes {nps} nps")?;
    Ok(BenchReport {
        nodes,
        nps,
        time_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_valid() {
        for &(variant, fen) in POSITIONS {
            let pos = Position::from_fen(fen, variant).unwrap();
            assert!(!pos.legal_moves().is_empty(), "{fen}");
        }
    }

    #[test]
    fn bench_is_deterministic() {
        let first = run(4, SIGNATURE_VARIANTS, &mut io::sink()).unwrap();
        let second = run(4, SIGNATURE_VARIANTS, &mut io::sink()).unwrap();
        assert_eq!(first.nodes, second.nodes);
        assert!(first.nodes > 0);
        let orda = run(3, &[Variant::Orda], &mut io::sink()).unwrap();
        assert!(orda.nodes > 0);
    }
}
