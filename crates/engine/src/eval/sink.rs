//! Where the evaluation's terms put what they find. A term reports "this side has `count` of
//! weight `index`" (`index` as `layout` numbers the weights); `Scores` sums the weights at once,
//! term by term, which is the evaluation, and `Trace` keeps the counts, which is what the tuner
//! needs.

use super::layout::{Weights, WEIGHT_COUNT};
use super::params::S;
use kaiser_rules::types::Color;

/// The evaluation's terms, as the `eval` report names them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Term {
    Placement,
    Mobility,
    KingAttack,
    KingShield,
    Faceoff,
    Threats,
    Pawns,
    Campmate,
}

impl Term {
    pub const COUNT: usize = 8;
    /// Every term but placement (which the position keeps summed), in report order.
    pub const OTHERS: [Term; Term::COUNT - 1] = [
        Term::Mobility,
        Term::KingAttack,
        Term::KingShield,
        Term::Faceoff,
        Term::Threats,
        Term::Pawns,
        Term::Campmate,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Term::Placement => "Material",
            Term::Mobility => "Mobility",
            Term::KingAttack => "King attack",
            Term::KingShield => "King shield",
            Term::Faceoff => "Faceoff",
            Term::Threats => "Threats",
            Term::Pawns => "Pawns",
            Term::Campmate => "Campmate",
        }
    }
}

/// Receives the evaluation's terms.
pub trait Sink {
    fn add(&mut self, term: Term, color: Color, index: usize, count: i32);
}

/// Sums each side's weights, term by term, each side from its own point of view.
pub struct Scores {
    weights: &'static Weights,
    pub by_term: [[S; 2]; Term::COUNT],
}

impl Scores {
    pub fn new(weights: &'static Weights) -> Scores {
        Scores {
            weights,
            by_term: [[S::ZERO; 2]; Term::COUNT],
        }
    }
}

impl Sink for Scores {
    #[inline]
    fn add(&mut self, term: Term, color: Color, index: usize, count: i32) {
        self.by_term[term as usize][color.index()] += self.weights[index] * count;
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
    fn add(&mut self, _term: Term, color: Color, index: usize, count: i32) {
        self.counts[index] += match color {
            Color::White => count,
            Color::Black => -count,
        };
    }
}
