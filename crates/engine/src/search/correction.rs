//! Correction history: what the static evaluation has been getting wrong, learnt per side to
//! move and pawn structure (pawns and Soldiers) from the searches' results, and added to the
//! static evaluation. A structure the evaluation misjudges, for example a blocked one it scores
//! as open, is misjudged in every position that has it, so the search's verdicts on some of
//! them correct the rest.
//!
//! An entry is a running weighted average of (search result - static evaluation), in
//! `1/GRAIN` of an internal unit; deeper searches weigh more.

use super::parameters::Parameters;
use super::value::MATE_BOUND;
use crate::Position;
use kaiser_rules::types::{Color, PieceType};

/// Entries per side to move.
const ENTRIES: usize = 1 << 14;
/// Corrections are kept in this fraction of an internal unit.
const GRAIN: i32 = 256;
/// The weights of an update, out of this.
const WEIGHT_SCALE: i32 = 256;

/// One search thread's correction history.
pub struct CorrectionHistory {
    entries: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> CorrectionHistory {
        CorrectionHistory {
            entries: vec![0; 2 * ENTRIES],
        }
    }
}

/// The entry of `pos`'s side to move and pawn structure.
#[inline]
fn index(pos: &Position) -> usize {
    let pawns = pos.pieces_of_type(PieceType::Pawn) | pos.pieces_of_type(PieceType::Soldier);
    let white = (pawns & pos.pieces_of(Color::White)).0;
    let black = (pawns & pos.pieces_of(Color::Black)).0;
    // A multiplicative hash of the two sides' pawn sets: its top bits pick the entry.
    let hash =
        white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    pos.side_to_move().index() * ENTRIES + (hash >> (64 - ENTRIES.trailing_zeros())) as usize
}

impl CorrectionHistory {
    /// `raw`, the static evaluation of `pos`, corrected.
    #[inline]
    pub fn corrected(&self, pos: &Position, raw: i32) -> i32 {
        (raw + self.entries[index(pos)] / GRAIN).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Learns from a search of `pos` with `depth` left that found `value` where the static
    /// evaluation said `raw`.
    pub fn update(
        &mut self,
        params: &Parameters,
        pos: &Position,
        depth: i32,
        raw: i32,
        value: i32,
    ) {
        let weight = params.correction_weight(depth);
        let limit = params.correction_limit() * GRAIN;
        let entry = &mut self.entries[index(pos)];
        let target = ((value - raw) * GRAIN).clamp(-limit, limit);
        *entry = (*entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
    }
}
