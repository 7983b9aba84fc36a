//! Elo estimates from result counts, each with its 95% confidence interval:
//!
//! - logistic Elo, `-400 log10(1/score - 1)`, with the interval of the mean score mapped through
//!   the same curve (fishtest's `get_elo`, OpenBench's `Elo`);
//! - normalized Elo (nElo), the per-game t-value `(score - ½) / sigma` scaled by `800 / ln 10`,
//!   with the interval fishtest's results page shows (its `t_conf`, from skewness and kurtosis).
//!
//! Both use the per-sample distribution, so pentanomial counts, which see the correlation of the
//! two games of a pair, give honest (usually narrower) intervals than trinomial counts.

use super::distribution::Distribution;
use super::Counts;
use std::fmt;

/// The standard normal quantile of 0.975: a 95% two-sided interval is ±`Z_975` standard errors.
pub const Z_975: f64 = 1.959_963_984_540_054;

/// Normalized Elo per unit of per-game t-value: `800 / ln 10`.
pub const NELO_PER_T: f64 = 347.435_585_522_601_46;

/// Scores are clamped to `[SCORE_CLAMP, 1 - SCORE_CLAMP]` before conversion to Elo, as fishtest
/// does, so that a clean sweep gives about ±1200 Elo rather than infinity.
const SCORE_CLAMP: f64 = 1e-3;

/// The logistic Elo difference that gives an expected score `score`.
pub fn score_to_elo(score: f64) -> f64 {
    let score = score.clamp(SCORE_CLAMP, 1.0 - SCORE_CLAMP);
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of a logistic Elo difference `elo`.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference and its 95% confidence interval `lower..=upper`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct EloEstimate {
    pub elo: f64,
    pub lower: f64,
    pub upper: f64,
}

impl EloEstimate {
    /// Half the width of the interval: the `±` figure fishtest prints.
    pub fn error(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }
}

/// `12.34 ± 5.67`.
impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.2} ± {:.2}", self.elo, self.error())
    }
}

impl<const N: usize> Counts<N> {
    /// Logistic Elo of the engine under test, with the 95% interval of the mean score (normal
    /// approximation, the variance taken per sample) mapped to Elo.
    pub fn elo(&self) -> EloEstimate {
        let (samples, dist) = Distribution::empirical(self);
        let score = dist.mean();
        let margin = Z_975 * (dist.variance() / samples).sqrt();
        EloEstimate {
            elo: score_to_elo(score),
            lower: score_to_elo(score - margin),
            upper: score_to_elo(score + margin),
        }
    }

    /// Normalized Elo of the engine under test, `(score - ½) / sigma_per_game * 800 / ln 10`,
    /// with fishtest's 95% interval (symmetric).
    pub fn normalized_elo(&self) -> EloEstimate {
        let (samples, dist) = Distribution::empirical(self);
        let m = dist.moments();
        // The t-value of one sample, and its asymptotic variance.
        let t = (m.mean - 0.5) / m.variance.sqrt();
        let t_variance = (1.0 - t * m.skewness + 0.25 * t * t * (m.excess_kurtosis + 2.0)).max(0.0);
        // fishtest's per-game sigma: √k times the sigma of a sample's mean score (k games a
        // sample), which keeps nElo comparable between trinomial and pentanomial counts.
        let scale = NELO_PER_T / (Self::GAMES_PER_SAMPLE as f64).sqrt();
        let nelo = scale * t;
        let margin = scale * Z_975 * (t_variance / samples).sqrt();
        EloEstimate {
            elo: nelo,
            lower: nelo - margin,
            upper: nelo + margin,
        }
    }
}
