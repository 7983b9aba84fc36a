//! The sequential probability ratio test as fishtest runs it: the generalized SPRT, whose
//! log-likelihood ratio compares the most likely result distributions under H0 (Elo = `elo0`)
//! and under H1 (Elo = `elo1`), each fitted to the counts so far (fishtest's `LLR_logistic` and
//! `LLR_normalized`, which OpenBench's `PentanomialSPRT` copies). The test stops when the LLR
//! leaves Wald's bounds `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.
//!
//! fishtest also corrects the bounds for the expected overshoot of its batched updates; a test
//! that looks at the LLR after every game pair has no such overshoot to correct.

use super::distribution::Distribution;
use super::elo::{elo_to_score, NELO_PER_T};
use super::Counts;

/// The scale in which the hypotheses `elo0`, `elo1` are given.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum EloModel {
    /// Normalized Elo (fishtest's default): the hypothesis fixes the t-value of the per-game
    /// score, so the test's length hardly depends on the draw rate.
    #[default]
    Normalized,
    /// Logistic Elo: the hypothesis fixes the expected score.
    Logistic,
}

/// What an SPRT says after some results.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    /// The LLR rose above the upper bound: the change gains (Elo ≥ `elo1` is accepted).
    AcceptH1,
    /// The LLR fell below the lower bound: Elo ≤ `elo0` is accepted.
    AcceptH0,
    /// Play on.
    Continue,
}

/// An SPRT of H0: Elo = `elo0` against H1: Elo = `elo1`, with false-positive rate `alpha`
/// (accepting H1 when H0 holds) and false-negative rate `beta`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: EloModel,
}

impl Sprt {
    /// A test with bounds in normalized Elo, e.g. `Sprt::new(0.0, 2.0, 0.05, 0.05)`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha,
            beta,
            model: EloModel::Normalized,
        }
    }

    /// Wald's stopping bounds `(lower, upper)` for the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The generalized log-likelihood ratio of H1 against H0 given `results` (pentanomial, as a
    /// match of game pairs should count them, or trinomial). NaN only for hypotheses too far
    /// out for the model to fit (hundreds of normalized Elo).
    pub fn llr<const N: usize>(&self, results: &Counts<N>) -> f64 {
        let (samples, dist) = Distribution::empirical(results);
        let fit = |elo: f64| match self.model {
            EloModel::Logistic => dist.fit_mean(elo_to_score(elo)),
            EloModel::Normalized => {
                let games = Counts::<N>::GAMES_PER_SAMPLE as f64;
                dist.fit_t_value(0.5, elo / NELO_PER_T * games.sqrt())
            }
        };
        match (fit(self.elo0), fit(self.elo1)) {
            (Some(h0), Some(h1)) => samples * dist.llr_per_sample(&h0, &h1),
            _ => f64::NAN,
        }
    }

    /// Whether a test whose LLR stands at `llr` is over.
    pub fn decide(&self, llr: f64) -> Decision {
        let (lower, upper) = self.bounds();
        if llr > upper {
            Decision::AcceptH1
        } else if llr < lower {
            Decision::AcceptH0
        } else {
            Decision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_walds() {
        let (lower, upper) = Sprt::new(0.0, 2.0, 0.05, 0.05).bounds();
        assert!((lower - -2.944_438_979_166_440_5).abs() < 1e-12);
        assert!((upper - 2.944_438_979_166_440_5).abs() < 1e-12);
        let (lower, upper) = Sprt::new(0.0, 2.0, 0.05, 0.1).bounds();
        assert!((lower - (0.1f64 / 0.95).ln()).abs() < 1e-12);
        assert!((upper - 18f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn decisions_follow_the_bounds() {
        let sprt = Sprt::new(0.0, 2.0, 0.05, 0.05);
        assert_eq!(sprt.decide(3.0), Decision::AcceptH1);
        assert_eq!(sprt.decide(-3.0), Decision::AcceptH0);
        assert_eq!(sprt.decide(0.0), Decision::Continue);
        assert_eq!(sprt.decide(f64::NAN), Decision::Continue);
    }
}
