//! The Texel tuner: fits every evaluation weight at once to game results.
//!
//! Each position of the data (`kaiser datagen`'s data files, or the `FEN | R` lines of its
//! earlier text format) is traced into its weight
//! counts (`eval::trace`), so the evaluation is a linear function of the weights:
//! `e = sum(count * (mg * phase + eg * (1 - phase))) + tempo`. The predicted score is
//! `sigmoid(K * e)`; the loss is the mean squared difference from the game's result. `K` is
//! fitted first, with the weights as they are; then Adam moves every weight along the gradient
//! of the loss over all training positions (full batch), with a small penalty that holds each
//! weight near its start (see `Schedule::regularisation`). Every `holdout`-th game is kept out of
//! training, to measure the fit on positions the tuner never saw.

use super::data::{self, store};
use anyhow::{bail, Context, Result};
use kaiser_engine::eval::layout::{Weights, SECTIONS, WEIGHT_COUNT};
use kaiser_engine::eval::params::{s, PHASE_MAX, TEMPO};
use kaiser_engine::eval::{phase, trace};
use kaiser_engine::{Position, Variant};
use kaiser_rules::types::Color;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// One weight's count in one position (White's count minus Black's).
#[derive(Clone, Copy)]
struct Feature {
    index: u16,
    count: i16,
}

/// A position: where its features are, its middlegame share (0..=1), the sign of the tempo
/// bonus (White's view) and the game's result for White.
#[derive(Clone, Copy)]
struct Sample {
    start: u32,
    len: u16,
    phase: f32,
    tempo: f32,
    result: f32,
}

/// A set of traced positions.
#[derive(Default)]
pub struct Dataset {
    features: Vec<Feature>,
    samples: Vec<Sample>,
}

impl Dataset {
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    fn push(&mut self, pos: &Position, result: f32) -> Result<()> {
        let start = self.features.len() as u32;
        for (index, &count) in trace(pos).counts.iter().enumerate() {
            if count != 0 {
                let count = i16::try_from(count).context("a weight counted too often")?;
                self.features.push(Feature {
                    index: index as u16,
                    count,
                });
            }
        }
        self.samples.push(Sample {
            start,
            len: (self.features.len() as u32 - start) as u16,
            phase: phase(pos) as f32 / PHASE_MAX as f32,
            tempo: match pos.side_to_move() {
                Color::White => 1.0,
                Color::Black => -1.0,
            },
            result,
        });
        Ok(())
    }

    fn features_of(&self, sample: &Sample) -> &[Feature] {
        &self.features[sample.start as usize..sample.start as usize + sample.len as usize]
    }
}

/// The data split into the training set and the held-out set.
pub struct Data {
    pub train: Dataset,
    pub holdout: Dataset,
}

impl Data {
    /// Takes in a position of game number `game`: every `holdout_every`-th game is held out.
    fn push(
        &mut self,
        game: usize,
        holdout_every: usize,
        pos: &Position,
        result: f32,
    ) -> Result<()> {
        match game.is_multiple_of(holdout_every) {
            true => self.holdout.push(pos, result),
            false => self.train.push(pos, result),
        }
    }
}

/// What starts each game's line in the text format, before its number and result.
const GAME_HEADER: &str = "# game ";

/// Reads the training data at `path` for `variant`: a data file of `kaiser datagen`, a
/// directory of them, or a file in the earlier text format. The positions of every
/// `holdout_every`-th game (counted across files) go to the held-out set.
pub fn read_path(path: &Path, variant: Variant, holdout_every: usize) -> Result<Data> {
    let mut magic = [0; data::format::MAGIC.len()];
    let is_text = path.is_file()
        && std::fs::File::open(path)
            .and_then(|mut file| file.read_exact(&mut magic))
            .map_or(true, |()| magic != *data::format::MAGIC);
    if is_text {
        let file = std::fs::File::open(path)?;
        return read_text(BufReader::new(file), variant, holdout_every);
    }
    let mut data = Data {
        train: Dataset::default(),
        holdout: Dataset::default(),
    };
    let mut games_before = 0;
    for file in store::data_files(path)? {
        let mut reader = data::DataReader::open(&file)?;
        let found = reader.header().variant;
        if found != variant {
            bail!("{} holds {found} games, not {variant}", file.display());
        }
        let mut failure = None;
        reader
            .for_each_position(|game, p| {
                if failure.is_none() {
                    let game = games_before + game as usize;
                    let result = p.result.white_score();
                    failure = data.push(game, holdout_every, p.pos, result).err();
                }
            })
            .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
        if let Some(error) = failure {
            return Err(error.context(file.display().to_string()));
        }
        games_before += reader.games() as usize;
    }
    Ok(data)
}

/// Reads the earlier text format: `# game N RESULT` lines, then `FEN | R` lines. The positions
/// of every `holdout_every`-th game (by N) go to the held-out set.
pub fn read_text(reader: impl BufRead, variant: Variant, holdout_every: usize) -> Result<Data> {
    let mut data = Data {
        train: Dataset::default(),
        holdout: Dataset::default(),
    };
    let mut game = 0;
    for (number, line) in reader.lines().enumerate() {
        let line = line?;
        let line = line.trim();
        let context = || format!("line {}: '{line}'", number + 1);
        if let Some(header) = line.strip_prefix(GAME_HEADER) {
            let index = header.split_whitespace().next().unwrap_or("");
            game = index.parse().with_context(context)?;
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((fen, result)) = line.split_once('|') else {
            bail!("{}: expected 'FEN | RESULT'", context());
        };
        let result: f32 = result.trim().parse().with_context(context)?;
        if !(0.0..=1.0).contains(&result) {
            bail!("{}: the result must be 0, 0.5 or 1", context());
        }
        let pos = Position::from_fen(fen.trim(), variant)
            .map_err(|e| anyhow::anyhow!("{}: {e}", context()))?;
        data.push(game, holdout_every, &pos, result)?;
    }
    Ok(data)
}

/// Weights as the tuner holds them: (middlegame, endgame) in floating point.
pub type Params = Vec<[f64; 2]>;

pub fn to_params(weights: &Weights) -> Params {
    weights
        .iter()
        .map(|w| [f64::from(w.mg()), f64::from(w.eg())])
        .collect()
}

/// The weights rounded back to integers.
pub fn to_weights(params: &Params) -> Weights {
    let mut weights = [s(0, 0); WEIGHT_COUNT];
    for (weight, [mg, eg]) in weights.iter_mut().zip(params) {
        *weight = s(mg.round() as i32, eg.round() as i32);
    }
    weights
}

fn evaluate(params: &Params, data: &Dataset, sample: &Sample) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for feature in data.features_of(sample) {
        let [w_mg, w_eg] = params[feature.index as usize];
        mg += w_mg * f64::from(feature.count);
        eg += w_eg * f64::from(feature.count);
    }
    let phase = f64::from(sample.phase);
    mg * phase + eg * (1.0 - phase) + f64::from(sample.tempo) * f64::from(TEMPO)
}

fn sigmoid(k: f64, value: f64) -> f64 {
    1.0 / (1.0 + (-k * value).exp())
}

/// The loss and, when `gradient` is given, its gradient, over `samples` of `data`.
fn loss_part(
    params: &Params,
    k: f64,
    data: &Dataset,
    samples: &[Sample],
    mut gradient: Option<&mut Params>,
) -> f64 {
    let mut loss = 0.0;
    for sample in samples {
        let predicted = sigmoid(k, evaluate(params, data, sample));
        let error = predicted - f64::from(sample.result);
        loss += error * error;
        if let Some(gradient) = gradient.as_deref_mut() {
            let slope = 2.0 * error * predicted * (1.0 - predicted) * k;
            let phase = f64::from(sample.phase);
            let (d_mg, d_eg) = (slope * phase, slope * (1.0 - phase));
            for feature in data.features_of(sample) {
                let count = f64::from(feature.count);
                let g = &mut gradient[feature.index as usize];
                g[0] += d_mg * count;
                g[1] += d_eg * count;
            }
        }
    }
    loss
}

/// The mean loss over `data` and, when `with_gradient`, its gradient, on `threads` threads.
fn loss_and_gradient(
    params: &Params,
    k: f64,
    data: &Dataset,
    threads: usize,
    with_gradient: bool,
) -> (f64, Params) {
    let chunk = data.samples.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<(f64, Params)> = std::thread::scope(|scope| {
        let handles: Vec<_> = data
            .samples
            .chunks(chunk)
            .map(|samples| {
                scope.spawn(move || {
                    let mut gradient = vec![[0.0; 2]; params.len()];
                    let target = with_gradient.then_some(&mut gradient);
                    (loss_part(params, k, data, samples, target), gradient)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a tuner thread panicked"))
            .collect()
    });
    let n = data.samples.len().max(1) as f64;
    let mut total = (0.0, vec![[0.0; 2]; params.len()]);
    for (loss, gradient) in parts {
        total.0 += loss / n;
        for (sum, part) in total.1.iter_mut().zip(gradient) {
            sum[0] += part[0] / n;
            sum[1] += part[1] / n;
        }
    }
    total
}

/// The mean squared error of `params` on `data`.
pub fn loss(params: &Params, k: f64, data: &Dataset, threads: usize) -> f64 {
    loss_and_gradient(params, k, data, threads, false).0
}

/// The scaling constant that makes `params` fit `data` best (a golden-section search on
/// log K).
pub fn fit_k(params: &Params, data: &Dataset, threads: usize) -> f64 {
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (1e-5f64.ln(), 1e-1f64.ln());
    let at = |log_k: f64| loss(params, log_k.exp(), data, threads);
    for _ in 0..40 {
        let a = high - golden * (high - low);
        let b = low + golden * (high - low);
        if at(a) < at(b) {
            high = b;
        } else {
            low = a;
        }
    }
    ((low + high) / 2.0).exp()
}

/// How the weights are moved.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    pub epochs: usize,
    /// Adam's step size, in weight units.
    pub rate: f64,
    /// The weight of the penalty `sum((w - w0)^2)` that holds each weight near where it
    /// started, so that weights the data rarely sees (a piece on an odd square) do not wander.
    pub regularisation: f64,
    pub threads: usize,
}

/// The weights of the named sections of `eval::layout::SECTIONS` (for `--freeze`): true for
/// each weight in one of them. An unknown name is an error that lists the known ones.
pub fn frozen_weights(names: &[String]) -> Result<Vec<bool>> {
    let mut frozen = vec![false; WEIGHT_COUNT];
    for name in names {
        let Some(section) = SECTIONS.iter().find(|s| s.name == name) else {
            let known: Vec<&str> = SECTIONS.iter().map(|s| s.name).collect();
            bail!("no section '{name}' (the sections: {})", known.join(", "));
        };
        frozen[section.start..section.start + section.weight_count()].fill(true);
    }
    Ok(frozen)
}

/// Moves `params` by Adam along the gradient of the loss on `data` plus the regularisation
/// penalty, leaving the `frozen` weights as they are, and calling `report(epoch, loss, params)`
/// after each epoch (`loss`: the training loss, without the penalty, before that epoch's step).
pub fn optimise(
    params: &mut Params,
    frozen: &[bool],
    k: f64,
    data: &Dataset,
    schedule: Schedule,
    report: &mut dyn FnMut(usize, f64, &Params),
) {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-8;
    let prior = params.clone();
    let mut moment = vec![[0.0; 2]; params.len()];
    let mut velocity = vec![[0.0; 2]; params.len()];
    for epoch in 1..=schedule.epochs {
        let (loss, gradient) = loss_and_gradient(params, k, data, schedule.threads, true);
        let (bias1, bias2) = (
            1.0 - BETA1.powi(epoch as i32),
            1.0 - BETA2.powi(epoch as i32),
        );
        for i in (0..params.len()).filter(|&i| !frozen[i]) {
            for half in 0..2 {
                let g = gradient[i][half]
                    + 2.0 * schedule.regularisation * (params[i][half] - prior[i][half]);
                moment[i][half] = BETA1 * moment[i][half] + (1.0 - BETA1) * g;
                velocity[i][half] = BETA2 * velocity[i][half] + (1.0 - BETA2) * g * g;
                let step =
                    (moment[i][half] / bias1) / ((velocity[i][half] / bias2).sqrt() + EPSILON);
                params[i][half] -= schedule.rate * step;
            }
        }
        report(epoch, loss, params);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaiser_engine::eval::{evaluate as engine_evaluate, weights};
    use kaiser_rules::types::PieceType;

    const DATA: &str = "\
# game 1 1-0
rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1 | 1
rnbqkbnr/pppp1ppp/8/4p3/8/PPPSSPPP/8/TECDKCET w kq - 0 2 | 1
# game 2 0-1
rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET b kq - 0 1 | 0
# game 3 1/2-1/2
r1bqkbnr/pppppppp/2n5/8/8/PPPSSPPP/3E4/T1CDKCET w kq - 2 2 | 0.5
";

    #[test]
    fn the_tuners_evaluation_is_the_engines() {
        let data = read_text(DATA.as_bytes(), Variant::Empire, 1000).unwrap();
        assert_eq!((data.train.len(), data.holdout.len()), (4, 0));
        let params = to_params(weights(Variant::Empire));
        let positions: Vec<Position> = DATA
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| Position::from_fen(line.split('|').next().unwrap().trim(), Variant::Empire))
            .collect::<Result<_, _>>()
            .unwrap();
        for (pos, sample) in positions.iter().zip(&data.train.samples) {
            let white_view = evaluate(&params, &data.train, sample);
            let engine = match pos.side_to_move() {
                Color::White => engine_evaluate(pos),
                Color::Black => -engine_evaluate(pos),
            };
            assert!((white_view - f64::from(engine)).abs() <= 1.0, "{pos:?}");
        }
    }

    #[test]
    fn every_nth_game_is_held_out() {
        let data = read_text(DATA.as_bytes(), Variant::Empire, 2).unwrap();
        assert_eq!((data.train.len(), data.holdout.len()), (3, 1));
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let bad = "# game 1 1-0\nnot a fen | 1\n";
        let error = read_text(bad.as_bytes(), Variant::Empire, 10)
            .err()
            .unwrap();
        assert!(error.to_string().contains("line 2"), "{error}");
        let error = read_text("8/8 | 2\n".as_bytes(), Variant::Empire, 10)
            .err()
            .unwrap();
        assert!(error.to_string().contains("line 1"), "{error}");
    }

    #[test]
    fn descending_the_gradient_lowers_the_loss() {
        let data = read_text(DATA.as_bytes(), Variant::Empire, 1000).unwrap();
        let mut params = to_params(weights(Variant::Empire));
        let k = fit_k(&params, &data.train, 1);
        let before = loss(&params, k, &data.train, 2);
        let schedule = Schedule {
            epochs: 20,
            rate: 0.05,
            regularisation: 0.0,
            threads: 2,
        };
        let start = params.clone();
        let frozen = frozen_weights(&["material".to_string()]).unwrap();
        optimise(
            &mut params,
            &frozen,
            k,
            &data.train,
            schedule,
            &mut |_, _, _| {},
        );
        let after = loss(&params, k, &data.train, 1);
        assert!(after < before, "K {k}: {before} -> {after}");
        assert_eq!(params[..PieceType::COUNT], start[..PieceType::COUNT]);
        assert_ne!(params, start);
        assert!(frozen_weights(&["nonsense".to_string()]).is_err());
    }
}
