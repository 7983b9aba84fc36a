//! Pawn structure: passed pawns (by rank), isolated and doubled pawns, and the Empire's Soldier
//! pairs (two Soldiers side by side guard each other's flanks).
//!
//! Pawns and Soldiers are both "pawn-like" here: either one ahead of a pawn, on its file or a
//! file beside it, stops the pawn from being passed, and either one on a file beside a pawn
//! keeps it from being isolated.

use super::layout::{DOUBLED_PAWN, ISOLATED_PAWN, PASSED_PAWN, SOLDIER_PAIR};
use super::sink::{Sink, Term};
use crate::Position;
use kaiser_rules::types::{Bitboard, Color, PieceType};

/// `color`'s pawns and Soldiers.
pub fn pawn_like(pos: &Position, color: Color) -> Bitboard {
    pos.pieces(color, PieceType::Pawn) | pos.pieces(color, PieceType::Soldier)
}

/// Reports `color`'s pawn structure to `sink`, set-wise: a pawn is passed unless it stands
/// behind an enemy pawn or Soldier on its file or a file beside it, isolated if no friendly pawn
/// or Soldier stands on a file beside it, and doubled if a friendly pawn stands ahead of it.
pub fn pawn_structure(pos: &Position, color: Color, sink: &mut impl Sink) {
    let pawns = pos.pieces(color, PieceType::Pawn);
    let soldiers = pos.pieces(color, PieceType::Soldier);
    let enemies = pawn_like(pos, !color);
    let stopped = (enemies | enemies.sideways()).ahead(!color);
    for sq in pawns & !stopped {
        let rank = color.relative_rank(sq.rank()) as usize;
        sink.add(Term::Pawns, color, PASSED_PAWN + rank, 1);
    }
    let friendly_files = (pawns | soldiers).files();
    let isolated = pawns & !friendly_files.sideways();
    sink.add(Term::Pawns, color, ISOLATED_PAWN, isolated.count() as i32);
    let doubled = pawns & pawns.ahead(!color);
    sink.add(Term::Pawns, color, DOUBLED_PAWN, doubled.count() as i32);
    let paired = soldiers & soldiers.east();
    sink.add(Term::Pawns, color, SOLDIER_PAIR, paired.count() as i32);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::sink::Trace;
    use crate::Variant;

    fn counts(fen: &str, variant: Variant) -> Trace {
        let pos = Position::from_fen(fen, variant).unwrap();
        let mut trace = Trace::default();
        for color in Color::BOTH {
            pawn_structure(&pos, color, &mut trace);
        }
        trace
    }

    #[test]
    fn passed_isolated_and_doubled_pawns() {
        // White: d5 passed (rank 5), a2 isolated, c2 and c3 doubled (c2 has c3 ahead).
        let trace = counts("4k3/8/8/3P4/8/2P5/P1P5/4K3 w - - 0 1", Variant::Chess);
        assert_eq!(trace.counts[PASSED_PAWN + 4], 1);
        assert_eq!(trace.counts[ISOLATED_PAWN], 1);
        assert_eq!(trace.counts[DOUBLED_PAWN], 1);
        // A black pawn on e6 stops d5 (and is itself passed and isolated, for Black).
        let trace = counts("4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1", Variant::Chess);
        assert_eq!(trace.counts[PASSED_PAWN + 4], 0);
        assert_eq!(trace.counts[ISOLATED_PAWN], 0);
        let trace = counts("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", Variant::Chess);
        assert_eq!(trace.counts[PASSED_PAWN + 4], 1);
    }

    #[test]
    fn soldiers_stop_passers_and_pair_up() {
        let start = counts(Variant::Empire.start_fen(), Variant::Empire);
        assert_eq!(start.counts[SOLDIER_PAIR], 1);
        assert!(start.counts[PASSED_PAWN..PASSED_PAWN + 8]
            .iter()
            .all(|&c| c == 0));
        // A white Soldier on e3 stops Black's d4 pawn from being passed; on h3 it does not.
        let stopped = counts("4k3/8/8/8/3p4/4S3/8/K7 b - - 0 1", Variant::Empire);
        assert_eq!(stopped.counts[PASSED_PAWN + 4], 0);
        let free = counts("4k3/8/8/8/3p4/7S/8/K7 b - - 0 1", Variant::Empire);
        assert_eq!(free.counts[PASSED_PAWN + 4], -1);
    }
}
