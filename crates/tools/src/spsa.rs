//! SPSA (simultaneous perturbation stochastic approximation) for the search parameters, as
//! OpenBench runs it: each iteration moves every parameter at once by plus or minus its
//! perturbation `c_k`, plays the plus side against the minus side, and steps each parameter by
//! `r_k · c_k · result · delta`, where the result is the plus side's wins less its losses.
//!
//! The schedules are OpenBench's: with `N` iterations, `A = N / 10`, `alpha = 0.602` and
//! `gamma = 0.101`, iteration `k` (from 1) perturbs by `c_k = c · k^-gamma` and learns at
//! `a_k = a · (A + k)^-alpha`, `r_k = a_k / c_k²`, where `c = c_end · N^gamma` and
//! `a = r_end · c_end² · (A + N)^alpha`, so that the last iteration perturbs by `c_end` and learns
//! at `r_end`. `c_end` is the parameter's SPSA step (`Spec::step`); `r_end` is 0.002 by default.
//!
//! The state (the parameters as real numbers and the iterations done) is saved after every
//! iteration, so a run resumes where it stopped; iteration `k`'s perturbation depends only on the
//! seed and `k`.

use crate::file_out;
use anyhow::{bail, ensure, Context, Result};
use kaiser_engine::search::Parameters;
use kaiser_engine::user_file;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::path::Path;

const ALPHA: f64 = 0.602;
const GAMMA: f64 = 0.101;
/// `A` as a share of the iterations.
const A_SHARE: f64 = 0.1;
/// The default learning rate at the last iteration (OpenBench's default `r_end`).
pub const DEFAULT_R_END: f64 = 0.002;

/// One parameter under tuning.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tunable {
    pub name: String,
    /// The current estimate, kept as a real number between `min` and `max`.
    pub value: f64,
    pub min: f64,
    pub max: f64,
    /// The perturbation at the last iteration.
    pub c_end: f64,
    /// The learning rate at the last iteration.
    pub r_end: f64,
}

/// A tuning run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spsa {
    pub tunables: Vec<Tunable>,
    /// The run's length `N`, which sets the schedules.
    pub iterations: u32,
    /// Iterations done.
    pub done: u32,
    pub seed: u64,
}

/// One iteration's two sides.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration, from 1.
    pub iteration: u32,
    /// +1 or -1 per parameter.
    pub deltas: Vec<i8>,
    /// Each parameter's perturbation `c_k`.
    pub steps: Vec<f64>,
    /// The integer values the plus and the minus sides play with.
    pub plus: Vec<i32>,
    pub minus: Vec<i32>,
}

impl Spsa {
    /// A run of `iterations` over the search parameters `names` (all of them if empty), from
    /// their defaults.
    pub fn new(names: &[String], iterations: u32, r_end: f64, seed: u64) -> Result<Spsa> {
        ensure!(iterations > 0, "an SPSA run needs at least one iteration");
        ensure!(
            r_end.is_finite() && r_end > 0.0,
            "the learning rate must be positive, not {r_end}"
        );
        let mut tunables = Vec::new();
        for spec in Parameters::SPECS {
            if !names.is_empty() && !names.iter().any(|n| n == spec.name) {
                continue;
            }
            tunables.push(Tunable {
                name: spec.name.to_string(),
                value: f64::from(spec.default),
                min: f64::from(spec.min),
                max: f64::from(spec.max),
                c_end: f64::from(spec.step),
                r_end,
            });
        }
        if let Some(unknown) = names
            .iter()
            .find(|n| !Parameters::SPECS.iter().any(|s| s.name == n.as_str()))
        {
            let known: Vec<&str> = Parameters::SPECS.iter().map(|s| s.name).collect();
            bail!(
                "no search parameter is named '{unknown}' (known: {})",
                known.join(", ")
            );
        }
        Ok(Spsa {
            tunables,
            iterations,
            done: 0,
            seed,
        })
    }

    pub fn finished(&self) -> bool {
        self.done >= self.iterations
    }

    /// The next iteration's two sides.
    pub fn perturb(&self) -> Perturbation {
        let k = self.done + 1;
        let mut rng = StdRng::seed_from_u64(self.seed ^ u64::from(k).wrapping_mul(0x9E37_79B9));
        let mut perturbation = Perturbation {
            iteration: k,
            deltas: Vec::new(),
            steps: Vec::new(),
            plus: Vec::new(),
            minus: Vec::new(),
        };
        for t in &self.tunables {
            let delta: i8 = if rng.gen::<bool>() { 1 } else { -1 };
            let step = self.c_k(t, k);
            let side = |sign: f64| {
                (t.value + sign * step * f64::from(delta))
                    .clamp(t.min, t.max)
                    .round() as i32
            };
            perturbation.plus.push(side(1.0));
            perturbation.minus.push(side(-1.0));
            perturbation.deltas.push(delta);
            perturbation.steps.push(step);
        }
        perturbation
    }

    /// Learns from `perturbation`'s games: `result` is the plus side's wins less its losses.
    pub fn update(&mut self, perturbation: &Perturbation, result: f64) {
        let k = perturbation.iteration;
        debug_assert_eq!(k, self.done + 1);
        let learning: Vec<f64> = self.tunables.iter().map(|t| self.a_k(t, k)).collect();
        for (i, t) in self.tunables.iter_mut().enumerate() {
            // r_k · c_k = a_k / c_k.
            let step = learning[i] / perturbation.steps[i];
            t.value =
                (t.value + step * result * f64::from(perturbation.deltas[i])).clamp(t.min, t.max);
        }
        self.done = k;
    }

    /// The current values, rounded, by name.
    pub fn values(&self) -> impl Iterator<Item = (&str, i32)> {
        self.tunables
            .iter()
            .map(|t| (t.name.as_str(), t.value.round() as i32))
    }

    fn c_k(&self, t: &Tunable, k: u32) -> f64 {
        let n = f64::from(self.iterations);
        t.c_end * n.powf(GAMMA) / f64::from(k).powf(GAMMA)
    }

    fn a_k(&self, t: &Tunable, k: u32) -> f64 {
        let n = f64::from(self.iterations);
        let big_a = A_SHARE * n;
        let a = t.r_end * t.c_end * t.c_end * (big_a + n).powf(ALPHA);
        a / (big_a + f64::from(k)).powf(ALPHA)
    }

    /// Reads a run saved by `save`.
    pub fn load(path: &Path) -> Result<Spsa> {
        let text = user_file::read_text(path, user_file::SETTINGS_LIMIT)
            .with_context(|| format!("reading {}", path.display()))?;
        let spsa: Spsa = serde_json::from_str(&text)
            .with_context(|| format!("{} is not a saved SPSA run", path.display()))?;
        ensure!(
            spsa.iterations > 0 && !spsa.tunables.is_empty(),
            "{}: a saved SPSA run with no iterations or no parameters",
            path.display()
        );
        for t in &spsa.tunables {
            let spec = Parameters::SPECS
                .iter()
                .find(|s| s.name == t.name)
                .with_context(|| {
                    format!(
                        "{}: no search parameter is named '{}'",
                        path.display(),
                        t.name
                    )
                })?;
            let sane = t.value.is_finite()
                && (t.min..=t.max).contains(&t.value)
                && t.min >= f64::from(spec.min)
                && t.max <= f64::from(spec.max)
                && t.c_end > 0.0
                && t.r_end > 0.0;
            ensure!(sane, "{}: bad values for '{}'", path.display(), t.name);
        }
        Ok(spsa)
    }

    /// Saves the run to `path` (whole, so a crash leaves the last state).
    pub fn save(&self, path: &Path) -> Result<()> {
        file_out::write_whole(path, serde_json::to_string_pretty(self)?.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(names: &[&str], iterations: u32) -> Spsa {
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        Spsa::new(&names, iterations, DEFAULT_R_END, 7).expect("known parameters")
    }

    #[test]
    fn the_schedules_end_at_c_end_and_r_end() {
        let spsa = run(&["rfp_margin"], 500);
        let t = &spsa.tunables[0];
        assert!((spsa.c_k(t, 500) - t.c_end).abs() < 1e-9);
        let r_end = spsa.a_k(t, 500) / (t.c_end * t.c_end);
        assert!((r_end - t.r_end).abs() < 1e-12);
        assert!(spsa.c_k(t, 1) > spsa.c_k(t, 100));
    }

    #[test]
    fn perturbations_are_symmetric_reproducible_and_within_range() {
        let spsa = run(&[], 100);
        assert_eq!(spsa.tunables.len(), Parameters::SPECS.len());
        let p = spsa.perturb();
        assert_eq!(p, spsa.perturb());
        for (i, t) in spsa.tunables.iter().enumerate() {
            assert!((t.min..=t.max).contains(&f64::from(p.plus[i])));
            assert!((t.min..=t.max).contains(&f64::from(p.minus[i])));
            let towards_plus = f64::from(p.plus[i] - p.minus[i]) * f64::from(p.deltas[i]);
            assert!(towards_plus >= 0.0, "{}", t.name);
        }
    }

    #[test]
    fn a_win_for_the_plus_side_moves_towards_it() {
        let mut spsa = run(&["rfp_margin", "lmr_base_centi"], 50);
        let before: Vec<f64> = spsa.tunables.iter().map(|t| t.value).collect();
        let p = spsa.perturb();
        spsa.update(&p, 2.0);
        assert_eq!(spsa.done, 1);
        for (i, t) in spsa.tunables.iter().enumerate() {
            let moved = (t.value - before[i]) * f64::from(p.deltas[i]);
            assert!(moved > 0.0, "{} did not move towards the plus side", t.name);
        }
        let again = spsa.perturb();
        assert_eq!(again.iteration, 2);
    }

    #[test]
    fn a_run_is_saved_and_resumed_and_bad_files_are_refused() {
        let dir = std::env::temp_dir().join(format!("kaiser-spsa-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.json");
        let mut spsa = run(&["nmp_eval_divisor"], 10);
        let p = spsa.perturb();
        spsa.update(&p, -1.0);
        spsa.save(&path).unwrap();
        assert_eq!(Spsa::load(&path).unwrap(), spsa);
        std::fs::write(&path, "{ not json").unwrap();
        assert!(Spsa::load(&path).is_err());
        let mut renamed = spsa.clone();
        renamed.tunables[0].name = "no_such_parameter".into();
        renamed.save(&path).unwrap();
        assert!(Spsa::load(&path).is_err());
        let mut wild = spsa.clone();
        wild.tunables[0].value = f64::NAN;
        std::fs::write(&path, serde_json::to_string(&wild).unwrap()).unwrap();
        assert!(Spsa::load(&path).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
        let names = vec!["no_such_parameter".to_string()];
        assert!(Spsa::new(&names, 10, DEFAULT_R_END, 1).is_err());
    }
}
