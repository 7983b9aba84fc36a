//! Threats: enemy pieces attacked by a pawn or Soldier (a cheap attacker wins material or
//! tempo), and enemy pieces attacked and not defended at all (hanging).

use super::layout::{HANGING, THREAT_BY_PAWN};
use super::pawns::pawn_like;
use super::sink::{Sink, Term};
use crate::Position;
use kaiser_rules::types::{Bitboard, Color, PieceType};

/// What each side attacks (by `Color::index()`): with every piece, and with pawns and Soldiers
/// alone.
pub struct AttackMaps {
    pub all: [Bitboard; 2],
    pub pawn_like: [Bitboard; 2],
}

/// Reports the threats `color` makes against the other side to `sink`.
pub fn threats(pos: &Position, color: Color, maps: &AttackMaps, sink: &mut impl Sink) {
    let them = !color;
    let their_pawn_like = pawn_like(pos, them);
    let targets = pos.pieces_of(them) & !pos.pieces(them, PieceType::King);
    let by_pawns = targets & !their_pawn_like & maps.pawn_like[color.index()];
    let hanging = targets & maps.all[color.index()] & !maps.all[them.index()];
    sink.add(
        Term::Threats,
        color,
        THREAT_BY_PAWN,
        by_pawns.count() as i32,
    );
    sink.add(Term::Threats, color, HANGING, hanging.count() as i32);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::trace;
    use crate::Variant;

    #[test]
    fn a_knight_attacked_by_a_pawn_and_undefended() {
        let pos = Position::from_fen("4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1", Variant::Chess).unwrap();
        let counts = trace(&pos).counts;
        assert_eq!((counts[THREAT_BY_PAWN], counts[HANGING]), (1, 1));
        let defended =
            Position::from_fen("4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1", Variant::Chess).unwrap();
        let counts = trace(&defended).counts;
        assert_eq!((counts[THREAT_BY_PAWN], counts[HANGING]), (1, 0));
    }
}
