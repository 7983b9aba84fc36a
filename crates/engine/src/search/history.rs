//! Move-ordering memory kept by each search thread between nodes: killer moves (quiet moves that
//! caused a beta cutoff at the same ply) and the butterfly history (from-to scores of quiet moves
//! by side, raised when a move cuts off and lowered for the quiet moves tried before it).

use super::value::MAX_PLY;
use kaiser_rules::types::{Color, Move};

/// History scores stay within +-`MAX_HISTORY`.
pub const MAX_HISTORY: i32 = 16384;

/// Killers and history of one search thread.
pub struct Histories {
    butterfly: Vec<i32>,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
}

impl Default for Histories {
    fn default() -> Histories {
        Histories {
            butterfly: vec![0; 2 * 64 * 64],
            killers: [[None; 2]; MAX_PLY + 1],
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

    /// Prepares for a new search: killers go, history fades.
    pub fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        self.butterfly.iter_mut().for_each(|h| *h /= 2);
    }

    #[inline]
    pub fn quiet(&self, color: Color, m: Move) -> i32 {
        self.butterfly[index(color, m)]
    }

    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
    }

    /// Rewards the quiet move `best` that caused a cutoff at `ply` with `depth` left, and
    /// punishes the quiet moves `tried` before it.
    pub fn update_quiet(
        &mut self,
        color: Color,
        ply: usize,
        depth: i32,
        best: Move,
        tried: &[Move],
    ) {
        let bonus = (depth * depth * 16).min(1600);
        self.nudge(color, best, bonus);
        for &m in tried {
            self.nudge(color, m, -bonus);
        }
        let killers = &mut self.killers[ply];
        if killers[0] != Some(best) {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
    }

    /// Moves an entry towards +-MAX_HISTORY, more slowly the nearer it is (history gravity).
    #[inline]
    fn nudge(&mut self, color: Color, m: Move, bonus: i32) {
        let entry = &mut self.butterfly[index(color, m)];
        *entry += bonus - *entry * bonus.abs() / MAX_HISTORY;
    }
}
