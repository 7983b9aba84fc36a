//! What each search thread learns and keeps from one search to the next: the butterfly history
//! for move ordering (from-to scores of quiet moves by side, raised when a move cuts off and
//! lowered for the quiet moves tried before it), and the correction history of the static
//! evaluation (`correction`). Killers, which live for one search, are kept per ply in the
//! search stack (`stack`).

use super::correction::CorrectionHistory;
use super::parameters::Parameters;
use kaiser_rules::types::{Color, Move};

/// The histories of one search thread.
pub struct Histories {
    butterfly: Vec<i32>,
    pub correction: CorrectionHistory,
}

impl Default for Histories {
    fn default() -> Histories {
        Histories {
            butterfly: vec![0; 2 * 64 * 64],
            correction: CorrectionHistory::default(),
        }
    }
}

#[inline]
fn index(color: Color, m: Move) -> usize {
    color.index() * 4096 + m.from().index() * 64 + m.to().index()
}

impl Histories {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        *self = Histories::default();
    }

    /// Prepares for a new search: the butterfly history fades (corrections are kept).
    pub fn new_search(&mut self, params: &Parameters) {
        self.butterfly
            .iter_mut()
            .for_each(|h| *h = params.faded_history(*h));
    }

    #[inline]
    pub fn quiet(&self, color: Color, m: Move) -> i32 {
        self.butterfly[index(color, m)]
    }

    /// Rewards the quiet move `best` that caused a cutoff with `depth` left, and punishes the
    /// quiet moves `tried` before it.
    pub fn update_quiet(
        &mut self,
        params: &Parameters,
        color: Color,
        depth: i32,
        best: Move,
        tried: &[Move],
    ) {
        let bonus = params.history_bonus(depth);
        let limit = params.history_limit();
        self.nudge(color, best, bonus, limit);
        for &m in tried {
            self.nudge(color, m, -bonus, limit);
        }
    }

    /// Moves an entry towards +-`limit`, more slowly the nearer it is (history gravity).
    #[inline]
    fn nudge(&mut self, color: Color, m: Move, bonus: i32, limit: i32) {
        let entry = &mut self.butterfly[index(color, m)];
        *entry += bonus - *entry * bonus.abs() / limit;
    }
}
