//! Correction history: what the static evaluation has been getting wrong, learnt per side to
//! move from the searches' results and added to the static evaluation, in two tables: by pawn
//! structure (pawns and Soldiers) and by material (how many pieces of each kind each side has).
//! A structure or a balance of material the evaluation misjudges, for example a blocked
//! structure it scores as open, is misjudged in every position that has it, so the search's
//! verdicts on some of them correct the rest.
//!
//! An entry is a running weighted average of (search result - static evaluation), in
//! `1/GRAIN` of an internal unit; deeper searches weigh more. Both tables learn the whole
//! difference; the correction applied is their weighted mean (`Parameters::correction`).

use super::parameters::Parameters;
use super::value::MAX_EVAL;
use crate::Position;
use kaiser_rules::types::{Color, PieceType};

/// Entries per side to move, in each table.
const ENTRIES: usize = 1 << 14;
/// Corrections are kept in this fraction of an internal unit.
const GRAIN: i32 = 256;
/// The weights of an update, out of this.
const WEIGHT_SCALE: i32 = 256;

/// One search thread's correction history.
pub struct CorrectionHistory {
    pawns: Vec<i32>,
    material: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> CorrectionHistory {
        CorrectionHistory {
            pawns: vec![0; 2 * ENTRIES],
            material: vec![0; 2 * ENTRIES],
        }
    }
}

/// The entry of `pos`'s side to move for a 64-bit `hash` of what a table goes by.
#[inline]
fn entry_index(pos: &Position, hash: u64) -> usize {
    pos.side_to_move().index() * ENTRIES + (hash >> (64 - ENTRIES.trailing_zeros())) as usize
}

/// The pawn-structure table's entry of `pos`.
#[inline]
fn pawn_index(pos: &Position) -> usize {
    let pawns = pos.pieces_of_type(PieceType::Pawn) | pos.pieces_of_type(PieceType::Soldier);
    let white = (pawns & pos.pieces_of(Color::White)).0;
    let black = (pawns & pos.pieces_of(Color::Black)).0;
    // A multiplicative hash of the two sides' pawn sets: its top bits pick the entry.
    let hash =
        white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    entry_index(pos, hash)
}

/// The material table's entry of `pos`, by its material key.
#[inline]
fn material_index(pos: &Position) -> usize {
    entry_index(pos, pos.tracker().material_key)
}

impl CorrectionHistory {
    /// `raw`, the static evaluation of `pos`, corrected.
    #[inline]
    pub fn corrected(&self, params: &Parameters, pos: &Position, raw: i32) -> i32 {
        let pawns = self.pawns[pawn_index(pos)];
        let material = if params.correction_by_material() {
            self.material[material_index(pos)]
        } else {
            0
        };
        (raw + params.correction(pawns, material) / GRAIN).clamp(-MAX_EVAL, MAX_EVAL)
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
        let learn = |entry: &mut i32| {
            *entry = (*entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
        };
        learn(&mut self.pawns[pawn_index(pos)]);
        // With the material's share at 0 its table is never read, so it is not kept either.
        if params.correction_by_material() {
            learn(&mut self.material[material_index(pos)]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    /// Positions with the same material share the material entry whatever the squares; a
    /// capture moves to another.
    #[test]
    fn the_material_entry_follows_the_counts_of_pieces() {
        kaiser_rules::attacks::init();
        let fen = |f: &str| Position::from_fen(f, Variant::Chess).unwrap();
        let a = fen("4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1");
        let b = fen("3k4/8/2p5/8/8/5P2/8/4K2R w - - 0 1");
        let c = fen("4k3/8/8/3P4/8/8/8/R3K3 b - - 0 1");
        assert_eq!(material_index(&a), material_index(&b));
        assert_ne!(material_index(&a) % ENTRIES, material_index(&c) % ENTRIES);

        let mut params = Parameters::default();
        params.set("correction_material_share", 50).unwrap();
        let mut history = CorrectionHistory::default();
        for _ in 0..50 {
            history.update(&params, &a, 10, 0, 100);
        }
        // `a` has both tables' corrections, `b` only the material table's.
        let both = history.corrected(&params, &a, 0);
        let material_only = history.corrected(&params, &b, 0);
        assert!(
            both > material_only && material_only > 0,
            "{both} {material_only}"
        );
        assert_eq!(history.corrected(&params, &c, 0), 0);
    }
}
