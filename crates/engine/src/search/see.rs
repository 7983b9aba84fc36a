//! Static exchange evaluation: does a capture on a square win at least a given amount once every
//! piece that attacks the square (x-rays included) has joined in, cheapest first?
//! Attacks are capture patterns, so an Eagle joins as a knight, a Duke as a king and a Lancer as
//! a rook. Pins and the faceoff rule are ignored, as in Stockfish's version without pinners.

use crate::eval::params::PIECE_VALUE;
use crate::Position;
use kaiser_rules::types::{Move, MoveKind, PieceType};

/// Piece types from the cheapest to the dearest (by middlegame value); the king last.
const CHEAPEST_FIRST: [PieceType; PieceType::COUNT] = [
    PieceType::Pawn,
    PieceType::Soldier,
    PieceType::Yurt,
    PieceType::Knight,
    PieceType::Bishop,
    PieceType::Eagle,
    PieceType::Duke,
    PieceType::Lancer,
    PieceType::Archer,
    PieceType::Cardinal,
    PieceType::Rook,
    PieceType::Tower,
    PieceType::Kheshig,
    PieceType::Queen,
    PieceType::King,
];

#[inline]
fn value(pt: PieceType) -> i32 {
    PIECE_VALUE[pt.index()].mg()
}

/// The value a move captures (a pawn for en passant, nothing for a quiet move).
#[inline]
pub fn captured_value(pos: &Position, m: Move) -> i32 {
    match m.kind() {
        MoveKind::EnPassant => value(PieceType::Pawn),
        MoveKind::Castling => 0,
        _ => pos.piece_at(m.to()).map_or(0, |p| value(p.kind)),
    }
}

/// True if the exchange `m` starts gains at least `threshold` for the side making it.
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    if !matches!(m.kind(), MoveKind::Normal) {
        return 0 >= threshold;
    }
    let (from, to) = (m.from(), m.to());
    let mut swap = captured_value(pos, m) - threshold;
    if swap < 0 {
        return false;
    }
    let mover = pos.piece_at(from).expect("a piece on the origin square");
    swap = value(mover.kind) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied() ^ from ^ to;
    let mut stm = mover.color;
    let mut attackers = pos.attackers_to(to, occ) & occ;
    let mut res = 1;
    loop {
        stm = !stm;
        attackers &= occ;
        let ours = attackers & pos.pieces_of(stm);
        if ours.is_empty() {
            break;
        }
        res ^= 1;
        let pt = CHEAPEST_FIRST
            .into_iter()
            .find(|&pt| (ours & pos.pieces_of_type(pt)).any())
            .expect("an attacker");
        if pt == PieceType::King {
            // The king may only take if nothing recaptures.
            return (attackers & pos.pieces_of(!stm)).any() != (res == 1);
        }
        swap = value(pt) - swap;
        if swap < res {
            break;
        }
        occ ^= (ours & pos.pieces_of_type(pt)).lsb();
        attackers = pos.attackers_to(to, occ) & occ;
    }
    res == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn see(fen: &str, variant: Variant, mv: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen, variant).unwrap();
        let m = pos.parse_uci_move(mv).unwrap();
        see_ge(&pos, m, threshold)
    }

    #[test]
    fn exchanges() {
        // Rook takes an undefended pawn.
        let fen = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
        assert!(see(fen, Variant::Chess, "e1e5", 120));
        assert!(!see(fen, Variant::Chess, "e1e5", 121));
        // Queen takes a pawn defended by a pawn: loses the queen for a pawn.
        let fen = "4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1";
        assert!(!see(fen, Variant::Chess, "e1e5", 0));
        // An Eagle defends like a knight: a Tower taking a knight covered by an Eagle loses.
        let fen = "4k3/8/8/3n4/8/4e3/8/3TK3 w - - 0 1";
        assert!(!see(fen, Variant::Empire, "d1d5", 0));
    }
}
