//! Match statistics as fishtest and OpenBench compute them: result counts, Elo estimates with
//! 95% confidence intervals, and the (generalized) sequential probability ratio test.
//!
//! Results are counted by the tested engine's score in half points: per game (`Trinomial`,
//! loss / draw / win) or per game pair played from one opening with colours swapped
//! (`Pentanomial`, pair scores 0, ½, 1, 1½, 2). Both are `Counts<N>`, so every statistic is
//! written once for both. `elo` turns counts into logistic and normalized Elo; `sprt` holds the
//! test. The maximum-likelihood machinery they share is in `distribution`.
//!
//! Following fishtest, an empty bin counts as 0.001 of a sample, so that every statistic is
//! defined from the first game on.

mod distribution;
pub mod elo;
pub mod sprt;

pub use elo::EloEstimate;
pub use sprt::{Decision, EloModel, Sprt};

use std::fmt;

/// The result of one game for the engine under test.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    Loss,
    Draw,
    Win,
}

impl GameResult {
    /// The score in half points: 0, 1 or 2.
    pub fn half_points(self) -> usize {
        match self {
            GameResult::Loss => 0,
            GameResult::Draw => 1,
            GameResult::Win => 2,
        }
    }
}

/// Result counts: `counts[i]` is the number of samples (games or game pairs) in which the engine
/// under test scored `i` half points. `N` is 3 for single games and 5 for game pairs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Counts<const N: usize> {
    pub counts: [u64; N],
}

/// Game counts in fishtest's order `[losses, draws, wins]`.
pub type Trinomial = Counts<3>;

/// Game-pair counts in fishtest's order, by pair score 0, ½, 1, 1½, 2:
/// `[LL, LD, DD + WL, WD, WW]` (the order of the two games in a pair does not matter, so `LD`
/// also counts `DL`, `WL` also `LW` and `WD` also `DW`).
pub type Pentanomial = Counts<5>;

impl<const N: usize> Default for Counts<N> {
    fn default() -> Self {
        Counts { counts: [0; N] }
    }
}

impl<const N: usize> Counts<N> {
    /// Games in one sample: 1 for a `Trinomial`, 2 for a `Pentanomial`.
    pub const GAMES_PER_SAMPLE: usize = (N - 1) / 2;

    /// The number of samples: games for a `Trinomial`, game pairs for a `Pentanomial`.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The number of games played.
    pub fn games(&self) -> u64 {
        self.total() * Self::GAMES_PER_SAMPLE as u64
    }

    /// The mean score per game, from 0 to 1 (0.5 before the first game).
    pub fn score(&self) -> f64 {
        let total = self.total();
        if total == 0 {
            return 0.5;
        }
        let half_points: u64 = (0..N as u64).zip(self.counts).map(|(i, c)| i * c).sum();
        half_points as f64 / ((N - 1) as f64 * total as f64)
    }
}

impl Trinomial {
    /// Counts one game.
    pub fn add(&mut self, result: GameResult) {
        self.counts[result.half_points()] += 1;
    }

    pub fn losses(&self) -> u64 {
        self.counts[0]
    }

    pub fn draws(&self) -> u64 {
        self.counts[1]
    }

    pub fn wins(&self) -> u64 {
        self.counts[2]
    }
}

impl Pentanomial {
    /// Counts one game pair (the same opening, once with each colour), in either order.
    pub fn add(&mut self, first: GameResult, second: GameResult) {
        self.counts[first.half_points() + second.half_points()] += 1;
    }
}

/// Writes the counts as a list, `[1, 2, 3, 4, 5]`, as fishtest shows them.
impl<const N: usize> fmt::Display for Counts<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use GameResult::*;

    #[test]
    fn trinomial_counts_games_by_result() {
        let mut t = Trinomial::default();
        for r in [Win, Win, Draw, Loss] {
            t.add(r);
        }
        assert_eq!((t.wins(), t.draws(), t.losses()), (2, 1, 1));
        assert_eq!(t.total(), 4);
        assert_eq!(t.games(), 4);
        assert_eq!(t.score(), 0.625);
        assert_eq!(t.to_string(), "[1, 1, 2]");
    }

    #[test]
    fn pentanomial_counts_pairs_by_pair_score() {
        let mut p = Pentanomial::default();
        p.add(Loss, Loss);
        p.add(Draw, Loss);
        p.add(Loss, Draw);
        p.add(Win, Loss);
        p.add(Draw, Draw);
        p.add(Win, Draw);
        p.add(Win, Win);
        assert_eq!(p.counts, [1, 2, 2, 1, 1]);
        assert_eq!(p.total(), 7);
        assert_eq!(p.games(), 14);
        assert_eq!(p.score(), 13.0 / 28.0);
    }

    #[test]
    fn empty_counts_score_one_half() {
        assert_eq!(Pentanomial::default().score(), 0.5);
        assert_eq!(Trinomial::default().games(), 0);
    }
}
