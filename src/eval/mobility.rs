//! Mobility: how many useful squares each piece reaches, counted separately for its two
//! patterns: a piece's capture pattern (the squares it attacks) and, for pieces that move one
//! way and capture another (the Empire's, the Lancer and the Archer), its quiet pattern onto
//! empty squares. Squares held by friendly pieces or attacked by enemy pawns and Soldiers do not
//! count.

use super::layout::{MOBILITY_CAPTURE, MOBILITY_QUIET};
use super::params::MOBILITY_TYPICAL;
use super::sink::Sink;
use crate::attacks::{attacks, capture_and_quiet_targets};
use crate::types::{Bitboard, Color, PieceType};
use crate::Position;

/// Reports the mobility of `color`'s pieces (not pawns, Soldiers or the king) to `sink`, given
/// the squares the enemy's pawns and Soldiers attack. Each count is taken from the piece's
/// typical one (see `params::MOBILITY_TYPICAL`).
pub fn mobility(pos: &Position, color: Color, enemy_pawn_attacks: Bitboard, sink: &mut impl Sink) {
    let occ = pos.occupied();
    let area = !pos.pieces_of(color) & !enemy_pawn_attacks;
    for &pt in pos.variant().piece_types() {
        if matches!(pt, PieceType::Pawn | PieceType::Soldier | PieceType::King) {
            continue;
        }
        let (typical_captures, typical_quiets) = MOBILITY_TYPICAL[pt.index()];
        for sq in pos.pieces(color, pt) {
            let (captures, quiets) = capture_and_quiet_targets(pt, color, sq, occ);
            let captures = (captures & area).count() as i32;
            sink.add(
                color,
                MOBILITY_CAPTURE + pt.index(),
                captures - typical_captures,
            );
            if pt.quiet_pattern() != pt.capture_pattern() {
                let quiets = (quiets & area & !occ).count() as i32;
                sink.add(color, MOBILITY_QUIET + pt.index(), quiets - typical_quiets);
            }
        }
    }
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
