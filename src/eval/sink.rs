//! Where the evaluation's terms put what they find. A term reports "this side has `count` of
//! weight `index`" (`index` as `layout` numbers the weights); `Scores` sums the weights at once,
//! which is the evaluation, and `Trace` keeps the counts, which is what the tuner needs.

use super::layout::{Weights, WEIGHT_COUNT};
use super::params::S;
use crate::types::Color;

/// Receives the evaluation's terms.
pub trait Sink {
    fn add(&mut self, color: Color, index: usize, count: i32);
}

/// Sums each side's weights, each from its own point of view.
pub struct Scores {
    weights: &'static Weights,
    pub by_color: [S; 2],
}

impl Scores {
    pub fn new(weights: &'static Weights) -> Scores {
        Scores {
            weights,
            by_color: [S::ZERO; 2],
        }
    }
}

impl Sink for Scores {
    #[inline]
    fn add(&mut self, color: Color, index: usize, count: i32) {
        self.by_color[color.index()] += self.weights[index] * count;
    }
}

/// For each weight, how many times White has it minus how many times Black has it: the
/// evaluation before tapering (White's view) is the sum of these counts times the weights.
pub struct Trace {
    pub counts: Vec<i32>,
}

impl Default for Trace {
    fn default() -> Trace {
        Trace {
            counts: vec![0; WEIGHT_COUNT],
        }
    }
}

impl Sink for Trace {
    fn add(&mut self, color: Color, index: usize, count: i32) {
        self.counts[index] += match color {
            Color::White => count,
            Color::Black => -count,
        };
    }
}
