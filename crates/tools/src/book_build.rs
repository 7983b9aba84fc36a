//! `book build`: builds an opening book from Kaiser's own searches. Walks the tree of book moves
//! breadth first from a variant's start position: every position up to `plies` plies deep is
//! searched (one thread, fixed depth, MultiPV, hash cleared before each position), the moves
//! scoring within `window_cp` of the best are kept with a weight that falls with their loss,
//! and the positions they lead to are searched in turn. Positions reached twice (transpositions)
//! are searched once. The same configuration and build give the same book.

use kaiser_engine::book::{Book, Entry};
use kaiser_engine::search::{Bound, Engine, Info, Limits, Listener, Score, SearchControl};
use kaiser_engine::{Move, Position, Variant};
use std::collections::HashSet;
use std::sync::Mutex;

/// What to build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub variant: Variant,
    /// Positions fewer than this many plies from the start get book moves.
    pub plies: u32,
    /// The depth of each search.
    pub depth: u32,
    /// Lines searched per position: at most this many moves are kept.
    pub multipv: usize,
    /// Keep moves scoring at most this many centipawns below the best.
    pub window_cp: i32,
    pub hash_mb: usize,
}

impl Config {
    /// The defaults of `kaiser book build`: those of the shipped Empire book.
    pub fn new(variant: Variant) -> Config {
        Config {
            variant,
            plies: 6,
            depth: 12,
            multipv: 3,
            window_cp: 30,
            hash_mb: 16,
        }
    }
}

/// How far the builder has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The ply being searched (0 = the start position) and the number of plies.
    pub ply: u32,
    pub plies: u32,
    /// Positions of this ply searched, and how many there are.
    pub done: usize,
    pub in_ply: usize,
    /// Moves kept so far.
    pub entries: usize,
}

/// Keeps the last exact report of each line.
struct Lines(Mutex<Vec<Info>>);

impl Listener for Lines {
    fn info(&self, info: &Info) {
        if info.bound != Bound::Exact || info.pv.is_empty() {
            return;
        }
        let mut lines = self.0.lock().unwrap_or_else(|p| p.into_inner());
        lines.retain(|l| l.multipv != info.multipv);
        lines.push(info.clone());
    }
}

/// A score as one ordered number: mates beyond every centipawn score, sooner ones better.
fn ordered(score: Score) -> i32 {
    const MATE: i32 = 1_000_000;
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => MATE - n,
        Score::Mate(n) => -MATE - n,
    }
}

/// The weight of a move `loss` centipawns below the best: `window + 1 - loss`, so the best
/// move weighs `window + 1` and a move at the edge of the window weighs 1.
fn weight(loss: i32, window_cp: i32) -> u16 {
    (window_cp - loss + 1).clamp(1, i32::from(u16::MAX)) as u16
}

/// The moves to keep in `pos` and their weights, best first.
fn kept_moves(engine: &mut Engine, pos: &Position, config: &Config) -> Vec<(Move, u16)> {
    engine.clear();
    let limits = Limits {
        depth: Some(config.depth),
        ..Limits::default()
    };
    let lines = Lines(Mutex::new(Vec::new()));
    engine.search(pos, &limits, &SearchControl::new(), &lines);
    let lines = lines.0.into_inner().unwrap_or_else(|p| p.into_inner());
    let Some(depth) = lines.iter().map(|l| l.depth).max() else {
        return Vec::new();
    };
    let mut scored: Vec<(Move, i32)> = lines
        .iter()
        .filter(|l| l.depth == depth)
        .map(|l| (l.pv[0], ordered(l.score)))
        .collect();
    scored.sort_by_key(|&(_, score)| -score);
    let best = scored.first().map_or(0, |&(_, score)| score);
    scored
        .into_iter()
        .map(|(m, score)| (m, best.saturating_sub(score)))
        .filter(|&(_, loss)| loss <= config.window_cp)
        .map(|(m, loss)| (m, weight(loss, config.window_cp)))
        .collect()
}

/// Builds the book, calling `progress` after each position searched.
pub fn build(config: &Config, progress: &mut dyn FnMut(Progress)) -> Book {
    let mut engine = Engine::new();
    engine.set_hash_mb(config.hash_mb);
    engine.set_multipv(config.multipv);
    let start = Position::startpos(config.variant);
    let mut seen = HashSet::from([start.key()]);
    let mut frontier = vec![start];
    let mut entries = Vec::new();
    for ply in 0..config.plies {
        let mut next = Vec::new();
        for (index, pos) in frontier.iter().enumerate() {
            if pos.outcome().is_none() {
                for (mv, weight) in kept_moves(&mut engine, pos, config) {
                    entries.push(Entry {
                        key: pos.key(),
                        mv,
                        weight,
                    });
                    let mut child = pos.clone();
                    child.make_move(mv);
                    if seen.insert(child.key()) {
                        next.push(child);
                    }
                }
            }
            progress(Progress {
                ply,
                plies: config.plies,
                done: index + 1,
                in_ply: frontier.len(),
                entries: entries.len(),
            });
        }
        frontier = next;
    }
    Book::new(config.variant, entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_fall_with_the_loss() {
        assert_eq!(weight(0, 30), 31);
        assert_eq!(weight(30, 30), 1);
        assert_eq!(weight(0, 0), 1);
        assert!(ordered(Score::Mate(2)) > ordered(Score::Mate(3)));
        assert!(ordered(Score::Mate(3)) > ordered(Score::Cp(5000)));
        assert!(ordered(Score::Mate(-3)) > ordered(Score::Mate(-2)));
        assert!(ordered(Score::Mate(-30)) < ordered(Score::Cp(-5000)));
    }

    #[test]
    fn a_small_book_covers_its_tree_with_legal_moves() {
        let config = Config {
            plies: 2,
            depth: 3,
            ..Config::new(Variant::Empire)
        };
        let mut calls = 0;
        let book = build(&config, &mut |_| calls += 1);
        let again = build(&config, &mut |_| ());
        assert_eq!(book, again, "deterministic");
        let start = Position::startpos(Variant::Empire);
        let first = book.moves(&start);
        assert!(!first.is_empty() && first.len() <= config.multipv);
        assert_eq!(calls, 1 + first.len());
        for (m, weight) in first {
            assert!(weight >= 1 && i32::from(weight) <= config.window_cp + 1);
            let mut child = start.clone();
            child.make_move(m);
            assert!(!book.moves(&child).is_empty(), "no reply to {m}");
        }
    }
}
