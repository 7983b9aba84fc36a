//! `bench`: a fixed search over a fixed set of positions (one thread, 16 MiB hash cleared before
//! each position, fixed depth). Each variant's positions are in its row of `crate::variants`.
//! Deterministic: the node count of the default set, Empire's positions then chess's, is the
//! signature of the search and evaluation quoted in every commit that changes them. Orda's
//! positions are a set of their own (`kaiser bench --variant orda`), kept out so that the
//! signature stays comparable with the one quoted before Orda had positions. The speed counts
//! the time spent searching (not clearing the hash).

use crate::clock::Instant;
use crate::search::{Engine, Info, Limits, Listener, SearchControl, DEFAULT_HASH_MB};
use crate::{variants, Position, Variant};
use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// The default search depth of `bench`.
pub const DEFAULT_DEPTH: u32 = 9;

/// The variants of the default set, in order, whose node count is the signature. A variant added
/// here changes the signature.
pub const SIGNATURE_VARIANTS: &[Variant] = &[Variant::Empire, Variant::Chess];

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

/// The bench positions of `variants`, in order.
pub fn positions(variants: &[Variant]) -> Vec<(Variant, &'static str)> {
    variants
        .iter()
        .flat_map(|&variant| {
            variants::data(variant)
                .bench_positions
                .iter()
                .map(move |&fen| (variant, fen))
        })
        .collect()
}

/// Searches every bench position of `variants` to `depth`, writing a line per position and the
/// total as the last line: `Bench: <nodes> nodes <nps> nps`.
pub fn run(depth: u32, variants: &[Variant], out: &mut dyn Write) -> io::Result<BenchReport> {
    let positions = positions(variants);
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
        for (variant, fen) in positions(&Variant::ALL) {
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
