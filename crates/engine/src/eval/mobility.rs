//! Mobility: how many useful squares each piece reaches, counted separately for its two
//! patterns: a piece's capture pattern (the squares it attacks) and, for pieces that move one
//! way and capture another (the Empire's, the Lancer and the Archer), its quiet pattern onto
//! empty squares. Squares held by friendly pieces or attacked by enemy pawns and Soldiers do not
//! count. The same walk over the pieces counts their attacks on the enemy king's zone, and
//! gathers what they attack for the threats.

use super::layout::{KING_ATTACK, MOBILITY_CAPTURE, MOBILITY_QUIET};
use super::params::piece;
use super::sink::{Sink, Term};
use crate::Position;
use kaiser_rules::attacks::{
    capture_and_quiet_targets, king_attacks, pawn_attacks_of, soldier_attacks_of,
};
use kaiser_rules::types::{Bitboard, Color, PieceType};

/// Reports the mobility of `color`'s pieces (not pawns, Soldiers or the king) and their attacks
/// on the enemy king's zone to `sink`, given the squares the enemy's pawns and Soldiers attack;
/// returns the squares those pieces attack. Each mobility count is taken from the piece's
/// typical one (see `params::PieceParams::mobility`).
pub fn mobility(
    pos: &Position,
    color: Color,
    enemy_pawn_attacks: Bitboard,
    sink: &mut impl Sink,
) -> Bitboard {
    let occ = pos.occupied();
    let area = !pos.pieces_of(color) & !enemy_pawn_attacks;
    let enemy_king = pos.king_square(!color);
    let king_zone = king_attacks(enemy_king) | enemy_king;
    let mut attacked = Bitboard::EMPTY;
    for &pt in pos.variant().piece_types() {
        let Some((typical_captures, typical_quiets)) = piece(pt).mobility else {
            continue;
        };
        for sq in pos.pieces(color, pt) {
            let (captures, quiets) = capture_and_quiet_targets(pt, color, sq, occ);
            attacked |= captures;
            let mobile = (captures & area).count() as i32;
            sink.add(
                Term::Mobility,
                color,
                MOBILITY_CAPTURE + pt.index(),
                mobile - typical_captures,
            );
            if pt.quiet_pattern() != pt.capture_pattern() {
                let quiets = (quiets & area & !occ).count() as i32;
                sink.add(
                    Term::Mobility,
                    color,
                    MOBILITY_QUIET + pt.index(),
                    quiets - typical_quiets,
                );
            }
            let on_king = (captures & king_zone).count() as i32;
            sink.add(Term::KingAttack, color, KING_ATTACK + pt.index(), on_king);
        }
    }
    attacked
}

/// The squares `color`'s pawns and Soldiers attack.
pub fn pawn_like_attacks(pos: &Position, color: Color) -> Bitboard {
    pawn_attacks_of(color, pos.pieces(color, PieceType::Pawn))
        | soldier_attacks_of(color, pos.pieces(color, PieceType::Soldier))
}
