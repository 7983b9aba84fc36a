//! The kings' surroundings: the shield of pawns and Soldiers in front of a king, and in Empire
//! the faceoff geometry (kings may not face each other on an open rank or file): a lone piece
//! between the kings on a rank or file is tied to that line, and a king keeps the enemy king off
//! the squares it sees along open ranks and files.

use super::layout::{FACEOFF_DENIED, FACEOFF_TIED, KING_SHIELD};
use super::pawns::pawn_like;
use super::sink::{Sink, Term};
use crate::Position;
use kaiser_rules::attacks::{between, king_attacks, rook_attacks, rook_rays};
use kaiser_rules::types::{Bitboard, Color};

/// Reports `color`'s king shield: its pawns and Soldiers on the three squares in front of it.
pub fn king_shield(pos: &Position, color: Color, sink: &mut impl Sink) {
    let king = Bitboard::from_square(pos.king_square(color));
    let shield = (king | king.sideways()).forward(color) & pawn_like(pos, color);
    sink.add(Term::KingShield, color, KING_SHIELD, shield.count() as i32);
}

/// Reports the faceoff geometry in `color`'s favour: its pieces tied between the kings, and the
/// squares next to the enemy king that `color`'s king denies it.
pub fn faceoff(pos: &Position, color: Color, sink: &mut impl Sink) {
    let (ours, theirs) = (pos.king_square(color), pos.king_square(!color));
    let occ = pos.occupied();
    if rook_rays(ours).contains(theirs) {
        let blockers = between(ours, theirs) & occ;
        if !blockers.more_than_one() && (blockers & pos.pieces_of(color)).any() {
            sink.add(Term::Faceoff, color, FACEOFF_TIED, 1);
        }
    }
    let seen = rook_attacks(ours, occ & !Bitboard::from_square(theirs));
    let denied = seen & king_attacks(theirs) & !pos.pieces_of(!color);
    sink.add(Term::Faceoff, color, FACEOFF_DENIED, denied.count() as i32);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::trace;
    use crate::Variant;

    fn counts(fen: &str) -> Vec<i32> {
        trace(&Position::from_fen(fen, Variant::Empire).unwrap()).counts
    }

    #[test]
    fn a_lone_blocker_between_the_kings_is_tied() {
        assert_eq!(counts("4k3/8/8/8/4D3/8/8/4K3 w - - 0 1")[FACEOFF_TIED], 1);
        assert_eq!(counts("4k3/8/4p3/8/4D3/8/8/4K3 w - - 0 1")[FACEOFF_TIED], 0);
    }

    #[test]
    fn a_king_denies_the_squares_it_sees_and_a_shield_counts() {
        // The Kaiser on e1 sees e7 and e8 next to the black king; the black king's view down
        // the d-file stops at the pawn on d2, which shields the Kaiser.
        let counts = counts("3k4/8/8/8/8/8/3P4/4K3 w - - 0 1");
        assert_eq!(counts[FACEOFF_DENIED], 2);
        assert_eq!(counts[KING_SHIELD], 1);
    }
}
