//! The distribution of one sample's score (fishtest's `results_to_pdf`), and the two
//! maximum-likelihood fits under a constraint that the generalized SPRT compares.
//!
//! A sample (a game, or a game pair) scores `i / (N - 1)` per game for `i` in `0..N`. Given the
//! empirical probabilities `p`, the distribution `q` that maximizes the likelihood `Σ p_i ln q_i`
//! under one linear constraint `Σ q_i a_i = 0` is `q_i = p_i / (1 + x a_i)`, where `x` solves the
//! secular equation `Σ p_i a_i / (1 + x a_i) = 0` (Lagrange multipliers; M. Van den Bergh,
//! "support_MLE_multinomial", Proposition 1.1). A given expected score `s` is the constraint
//! `a_i = v_i - s`; a given t-value `(mean - ref) / sigma = t` is not linear, so it is
//! linearized around the current fit and the fit repeated ("normalized_elo_practical", 4.1).

use super::Counts;

/// The weight of an empty bin, so that every score keeps a positive probability (fishtest's
/// `regularize`).
const EMPTY_BIN: f64 = 1e-3;

/// Fixed-point steps of the t-value fit, and the change in every probability below which it stops
/// early (fishtest's values).
const T_FIT_STEPS: usize = 10;
const T_FIT_TOLERANCE: f64 = 1e-9;

/// The mean, variance, skewness and excess kurtosis of a distribution.
#[derive(Clone, Copy, Debug)]
pub(super) struct Moments {
    pub mean: f64,
    pub variance: f64,
    pub skewness: f64,
    pub excess_kurtosis: f64,
}

/// A probability distribution over the per-game scores `i / (N - 1)` of one sample.
#[derive(Clone, Copy, Debug)]
pub(super) struct Distribution<const N: usize> {
    probs: [f64; N],
}

impl<const N: usize> Distribution<N> {
    /// The per-game score of bin `i`.
    fn value(i: usize) -> f64 {
        i as f64 / (N - 1) as f64
    }

    /// The empirical distribution of `counts`, empty bins counted as `EMPTY_BIN`, and the number
    /// of samples it stands for (the regularized total).
    pub fn empirical(counts: &Counts<N>) -> (f64, Distribution<N>) {
        let weights = counts
            .counts
            .map(|c| if c == 0 { EMPTY_BIN } else { c as f64 });
        let samples: f64 = weights.iter().sum();
        let probs = weights.map(|w| w / samples);
        (samples, Distribution { probs })
    }

    pub fn mean(&self) -> f64 {
        (0..N).map(|i| self.probs[i] * Self::value(i)).sum()
    }

    /// The `k`-th central moment.
    fn central_moment(&self, mean: f64, k: i32) -> f64 {
        (0..N)
            .map(|i| self.probs[i] * (Self::value(i) - mean).powi(k))
            .sum()
    }

    pub fn variance(&self) -> f64 {
        self.central_moment(self.mean(), 2)
    }

    pub fn moments(&self) -> Moments {
        let mean = self.mean();
        let variance = self.central_moment(mean, 2);
        Moments {
            mean,
            variance,
            skewness: self.central_moment(mean, 3) / variance.powf(1.5),
            excess_kurtosis: self.central_moment(mean, 4) / (variance * variance) - 3.0,
        }
    }

    /// The most likely distribution, given this empirical one, under the linear constraint
    /// `Σ q_i a_i = 0`; `None` if the `a_i` do not take both signs (no such distribution).
    fn fit_linear(&self, a: &[f64; N]) -> Option<Distribution<N>> {
        let x = solve_secular(a, &self.probs)?;
        Some(Distribution {
            probs: std::array::from_fn(|i| self.probs[i] / (1.0 + x * a[i])),
        })
    }

    /// The most likely distribution with expected score `score` (strictly between 0 and 1).
    pub fn fit_mean(&self, score: f64) -> Option<Distribution<N>> {
        self.fit_linear(&std::array::from_fn(|i| Self::value(i) - score))
    }

    /// The most likely distribution with t-value `(mean - reference) / sigma = t`; `None` if the
    /// linearized constraint has no solution (only for |t| far beyond any Elo bound in use).
    pub fn fit_t_value(&self, reference: f64, t: f64) -> Option<Distribution<N>> {
        let mut fit = Distribution {
            probs: [1.0 / N as f64; N],
        };
        for _ in 0..T_FIT_STEPS {
            let mean = fit.mean();
            let sigma = fit.central_moment(mean, 2).sqrt();
            let a = std::array::from_fn(|i| {
                let z = (mean - Self::value(i)) / sigma;
                Self::value(i) - reference - t * sigma * (1.0 + z * z) / 2.0
            });
            let next = self.fit_linear(&a)?;
            let change = (0..N)
                .map(|i| (next.probs[i] - fit.probs[i]).abs())
                .fold(0.0, f64::max);
            fit = next;
            if change < T_FIT_TOLERANCE {
                break;
            }
        }
        Some(fit)
    }

    /// The expected log-likelihood ratio of `h1` against `h0` per sample drawn from `self`.
    pub fn llr_per_sample(&self, h0: &Distribution<N>, h1: &Distribution<N>) -> f64 {
        (0..N)
            .map(|i| self.probs[i] * (h1.probs[i].ln() - h0.probs[i].ln()))
            .sum()
    }
}

/// Solves `Σ p_i a_i / (1 + x a_i) = 0` for `x` with every `1 + x a_i > 0`, where all `p_i > 0`.
/// On that interval, `-1 / max a < x < -1 / min a`, the sum falls strictly from +∞ to -∞, so
/// bisection finds the one root; `None` unless the `a_i` take both signs.
fn solve_secular<const N: usize>(a: &[f64; N], p: &[f64; N]) -> Option<f64> {
    let min = a.iter().copied().fold(f64::INFINITY, f64::min);
    let max = a.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(min < 0.0 && max > 0.0) {
        return None;
    }
    let f = |x: f64| (0..N).map(|i| p[i] * a[i] / (1.0 + x * a[i])).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / max, -1.0 / min);
    loop {
        let mid = 0.5 * (lo + hi);
        if hi - lo < 1e-15 || mid <= lo || mid >= hi {
            return Some(mid);
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn empirical_regularizes_empty_bins() {
        let (samples, dist) = Distribution::empirical(&Counts { counts: [0, 1, 1] });
        assert!(close(samples, 2.001));
        assert!(close(dist.probs[0], 0.001 / 2.001));
        assert!(close(dist.mean(), 1.5 / 2.001));
    }

    #[test]
    fn mean_fit_has_the_asked_mean() {
        let (_, dist) = Distribution::empirical(&Counts {
            counts: [3, 20, 50, 25, 2],
        });
        for score in [0.3, 0.5, 0.52, 0.9] {
            let fit = dist.fit_mean(score).unwrap();
            assert!(close(fit.probs.iter().sum(), 1.0));
            assert!(close(fit.mean(), score), "{score}");
        }
    }

    #[test]
    fn t_value_fit_has_the_asked_t_value() {
        let (_, dist) = Distribution::empirical(&Counts {
            counts: [3, 20, 50, 25, 2],
        });
        for t in [-0.1, 0.0, 0.05] {
            let fit = dist.fit_t_value(0.5, t).unwrap();
            let m = fit.moments();
            assert!(((m.mean - 0.5) / m.variance.sqrt() - t).abs() < 1e-6, "{t}");
        }
    }

    #[test]
    fn secular_needs_both_signs() {
        assert_eq!(solve_secular(&[0.1, 0.2], &[0.5, 0.5]), None);
        let x = solve_secular(&[-0.5, 0.5], &[0.25, 0.75]).unwrap();
        assert!(close(
            0.25 * -0.5 / (1.0 - 0.5 * x) + 0.75 * 0.5 / (1.0 + 0.5 * x),
            0.0
        ));
    }
}
