//! Threats: enemy pieces attacked by a pawn or Soldier, and enemy pieces attacked and not
//! defended at all (hanging).

use super::params::{S, THREAT_BY_PAWN, THREAT_HANGING};
use crate::types::{Bitboard, Color, PieceType};
use crate::Position;

/// What each side attacks: everything, and with pawns and Soldiers only (by `Color::index()`).
pub struct AttackMaps {
    pub all: [Bitboard; 2],
    pub pawn_like: [Bitboard; 2],
}

/// The threats `color` makes against the other side.
pub fn threats(pos: &Position, color: Color, maps: &AttackMaps) -> S {
    let them = !color;
    let pawn_like = pos.pieces(them, PieceType::Pawn) | pos.pieces(them, PieceType::Soldier);
    let targets = pos.pieces_of(them) & !pos.pieces(them, PieceType::King);
    let by_pawns = (targets & !pawn_like & maps.pawn_like[color.index()]).count() as i32;
    let hanging = (targets & maps.all[color.index()] & !maps.all[them.index()]).count() as i32;
    THREAT_BY_PAWN * by_pawns + THREAT_HANGING * hanging
}
