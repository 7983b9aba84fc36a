//! Correction history: what the static evaluation has been getting wrong, learnt per side to
//! move and pawn structure (pawns and Soldiers) from the searches' results and added to the
//! static evaluation. A structure the evaluation misjudges, for example a blocked one it scores
//! as open, is misjudged in every position that has it, so the search's verdicts on some of
//! them correct the rest.
//!
//! An entry is a running weighted average of (search result - static evaluation), in
//! `1/GRAIN` of an internal unit; deeper searches weigh more.

use super::parameters::Parameters;
use super::value::MAX_EVAL;
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
    pawns: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> CorrectionHistory {
        CorrectionHistory {
            pawns: vec![0; 2 * ENTRIES],
        }
    }
}

/// The entry of `pos`: its side to move's, picked by its pawn structure.
#[inline]
fn pawn_index(pos: &Position) -> usize {
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
        (raw + self.pawns[pawn_index(pos)] / GRAIN).clamp(-MAX_EVAL, MAX_EVAL)
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
        let target = ((value - raw) * GRAIN).clamp(-limit, limit);
        let entry = &mut self.pawns[pawn_index(pos)];
        *entry = (*entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    /// Positions with the same pawns share the entry whatever the other pieces; a pawn move
    /// leaves it.
    #[test]
    fn the_entry_follows_the_pawn_structure() {
        kaiser_rules::attacks::init();
        let fen = |f: &str| Position::from_fen(f, Variant::Chess).unwrap();
        let a = fen("4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1");
        let b = fen("3k4/8/8/3p4/4P3/8/8/4K2Q w - - 0 1");
        let c = fen("4k3/8/8/3p4/8/4P3/8/R3K3 w - - 0 1");
        assert_eq!(pawn_index(&a), pawn_index(&b));
        assert_ne!(pawn_index(&a), pawn_index(&c));

        let params = Parameters::default();
        let mut history = CorrectionHistory::default();
        for _ in 0..50 {
            history.update(&params, &a, 10, 0, 100);
        }
        let corrected = history.corrected(&b, 0);
        assert!(corrected > 0, "{corrected}");
        assert_eq!(history.corrected(&c, 0), 0);
    }
}
