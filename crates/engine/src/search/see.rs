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

/// A piece's value in exchanges and in the ordering of captures (its middlegame value).
#[inline]
pub fn piece_value(pt: PieceType) -> i32 {
    PIECE_VALUE[pt.index()].mg()
}

/// The kind a move captures (a pawn for en passant, none for a quiet move).
#[inline]
fn captured_kind(pos: &Position, m: Move) -> Option<PieceType> {
    match m.kind() {
        MoveKind::EnPassant => Some(PieceType::Pawn),
        MoveKind::Castling => None,
        _ => pos.piece_at(m.to()).map(|p| p.kind),
    }
}

/// The value a move captures (a pawn for en passant, nothing for a quiet move).
#[inline]
pub fn captured_value(pos: &Position, m: Move) -> i32 {
    captured_kind(pos, m).map_or(0, piece_value)
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
    swap = piece_value(mover.kind) - swap;
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
        swap = piece_value(pt) - swap;
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

#[cfg(test)]
mod against_brute_force {
    //! `see_ge` against the exchange played out with legal moves, cheapest capturer first, on
    //! positions of random games. They may differ only where a pin or the faceoff rule forbids a
    //! capture `see_ge` counts, which is rare.
    use super::*;
    use crate::Variant;
    use kaiser_rules::types::Square;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    fn is_plain_capture(pos: &Position, m: Move) -> bool {
        matches!(m.kind(), MoveKind::Normal) && pos.piece_at(m.to()).is_some()
    }

    fn cheapness(pt: PieceType) -> usize {
        CHEAPEST_FIRST
            .iter()
            .position(|&cheap| cheap == pt)
            .unwrap()
    }

    /// What the side to move gains by recapturing on `sq` with its cheapest legal capturer, then
    /// going on while that pays; 0 if it may not or should not.
    fn recapture_gain(pos: &mut Position, sq: Square) -> i32 {
        let Some(target) = pos.piece_at(sq) else {
            return 0;
        };
        let cheapest = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| m.to() == sq && is_plain_capture(pos, m))
            .min_by_key(|&m| cheapness(pos.piece_at(m.from()).unwrap().kind));
        let Some(m) = cheapest else {
            return 0;
        };
        pos.make_move(m);
        let gain = piece_value(target.kind) - recapture_gain(pos, sq);
        pos.unmake_move(m);
        gain.max(0)
    }

    #[test]
    fn see_ge_agrees_with_the_played_out_exchange_in_every_variant() {
        for variant in Variant::ALL {
            let mut rng = StdRng::seed_from_u64(7);
            let (mut compared, mut differing) = (0, 0);
            for _game in 0..40 {
                let mut pos = Position::startpos(variant);
                for _ply in 0..120 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() || pos.outcome().is_some() {
                        break;
                    }
                    let captures: Vec<Move> = moves
                        .iter()
                        .copied()
                        .filter(|&m| is_plain_capture(&pos, m))
                        .collect();
                    for m in captures {
                        let captured = captured_value(&pos, m);
                        pos.make_move(m);
                        let exchange = captured - recapture_gain(&mut pos, m.to());
                        pos.unmake_move(m);
                        for threshold in [-300, -100, 0, 1, 100, 300] {
                            compared += 1;
                            differing +=
                                usize::from(see_ge(&pos, m, threshold) != (exchange >= threshold));
                        }
                    }
                    pos.make_move(moves[rng.gen_range(0..moves.len())]);
                }
            }
            assert!(
                compared > 10_000,
                "{variant:?}: only {compared} comparisons"
            );
            assert!(
                differing * 100 < compared,
                "{variant:?}: {differing} of {compared} differ"
            );
        }
    }
}
