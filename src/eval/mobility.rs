//! Mobility: how many useful squares each piece reaches, counted separately for its two
//! patterns: a piece's capture pattern (the squares it attacks) and, for pieces that move one
//! way and capture another (the Empire's, the Lancer and the Archer), its quiet pattern onto
//! empty squares. Squares held by friendly pieces or attacked by enemy pawns and Soldiers do not
//! count.

use super::params::{MOBILITY_CAPTURE, MOBILITY_QUIET, MOBILITY_TYPICAL, S};
use crate::attacks::{attacks, capture_and_quiet_targets};
use crate::types::{Bitboard, Color, PieceType};
use crate::Position;

/// The mobility score of `color`'s pieces (not pawns, Soldiers or the king), given the squares
/// the enemy's pawns and Soldiers attack.
pub fn mobility(pos: &Position, color: Color, enemy_pawn_attacks: Bitboard) -> S {
    let occ = pos.occupied();
    let area = !pos.pieces_of(color) & !enemy_pawn_attacks;
    let mut score = S::ZERO;
    for pt in PieceType::ALL {
        let (capture_weight, quiet_weight) =
            (MOBILITY_CAPTURE[pt.index()], MOBILITY_QUIET[pt.index()]);
        if capture_weight == S::ZERO && quiet_weight == S::ZERO {
            continue;
        }
        let (typical_captures, typical_quiets) = MOBILITY_TYPICAL[pt.index()];
        for sq in pos.pieces(color, pt) {
            let (captures, quiets) = capture_and_quiet_targets(pt, color, sq, occ);
            let captures = (captures & area).count() as i32;
            let quiets = (quiets & area & !occ).count() as i32;
            score += capture_weight * (captures - typical_captures);
            score += quiet_weight * (quiets - typical_quiets);
        }
    }
    score
}

/// The squares `color`'s pawns and Soldiers attack.
pub fn pawn_like_attacks(pos: &Position, color: Color) -> Bitboard {
    let occ = pos.occupied();
    [PieceType::Pawn, PieceType::Soldier]
        .into_iter()
        .flat_map(|pt| {
            pos.pieces(color, pt)
                .map(move |sq| attacks(pt, color, sq, occ))
        })
        .fold(Bitboard::EMPTY, |all, targets| all | targets)
}
