//! Chess endgames the side ahead cannot win for want of mating material, Stockfish's rule: a
//! side without pawns whose pieces are worth at most a bishop more than the other side's wins
//! nothing with a minor piece or less (king and bishop against king, king and knight against
//! king and pawn, ...) and seldom with more (king and rook against king and bishop). Whatever
//! the evaluation says, its value for that side is scaled down, to zero in the first case.
//! Neither the network nor the hand-written evaluation knows it: both saw these endings end by
//! the 50-move rule from a value of about two pawns. Only chess: in Empire and Orda a bare king
//! still wins by campmate.

use super::params::piece;
use crate::{Position, Variant};
use kaiser_rules::types::{Color, PieceType};

/// The pieces the rule weighs, by their middlegame values (Stockfish's).
const PIECES: [PieceType; 4] = [
    PieceType::Knight,
    PieceType::Bishop,
    PieceType::Rook,
    PieceType::Queen,
];
const BISHOP_VALUE: i32 = piece(PieceType::Bishop).value.mg();
const ROOK_VALUE: i32 = piece(PieceType::Rook).value.mg();

/// The scale's unit: `value * scale / FULL`.
const FULL: i32 = 64;

/// `value`, the evaluation of `pos` for its side to move, scaled for the material the side it
/// favours has to win with.
#[inline]
pub fn scale_for_mating_material(pos: &Position, value: i32) -> i32 {
    if pos.variant() != Variant::Chess || value == 0 {
        return value;
    }
    let stronger = match value > 0 {
        true => pos.side_to_move(),
        false => !pos.side_to_move(),
    };
    value * winning_scale(pos, stronger) / FULL
}

/// How much of its advantage `stronger` can turn into a win, in 64ths.
fn winning_scale(pos: &Position, stronger: Color) -> i32 {
    if !pos.pieces(stronger, PieceType::Pawn).is_empty() {
        return FULL;
    }
    let (strong, weak) = (
        piece_material(pos, stronger),
        piece_material(pos, !stronger),
    );
    match strong - weak {
        more if more > BISHOP_VALUE => FULL,
        _ if strong < ROOK_VALUE => 0,
        _ if weak <= BISHOP_VALUE => 4,
        _ => 14,
    }
}

/// What `color`'s pieces other than pawns and its king are worth.
fn piece_material(pos: &Position, color: Color) -> i32 {
    PIECES
        .iter()
        .map(|&pt| pos.pieces(color, pt).count() as i32 * piece(pt).value.mg())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scaled(variant: Variant, fen: &str, value: i32) -> i32 {
        let pos = Position::from_fen(fen, variant).expect("a legal position");
        scale_for_mating_material(&pos, value)
    }

    #[test]
    fn a_minor_piece_alone_wins_nothing() {
        for fen in [
            "8/8/3B4/8/8/8/k1K5/8 b - - 0 1",
            "8/6k1/4K3/8/8/8/8/4N3 w - - 0 1",
            "8/8/8/8/8/1K6/8/1k6 b - - 0 1",
        ] {
            // Whichever side is to move, the side with the piece gets no advantage.
            assert_eq!(scaled(Variant::Chess, fen, 400), 0, "{fen}");
            assert_eq!(scaled(Variant::Chess, fen, -400), 0, "{fen}");
        }
        // Against a pawn too; the pawn's side keeps what the evaluation gives it.
        let bishop_against_pawn = "8/8/2k5/8/1p6/8/2K1B3/8 w - - 0 1";
        assert_eq!(scaled(Variant::Chess, bishop_against_pawn, 400), 0);
        assert_eq!(scaled(Variant::Chess, bishop_against_pawn, -400), -400);
    }

    #[test]
    fn a_rook_against_a_minor_piece_keeps_a_sixteenth() {
        let fen = "8/8/3k4/3b4/8/3K4/3R4/8 w - - 0 1";
        assert_eq!(scaled(Variant::Chess, fen, 640), 40);
        // The side with the bishop, if the evaluation favours it, is scaled as a minor alone.
        assert_eq!(scaled(Variant::Chess, fen, -640), 0);
    }

    #[test]
    fn pawns_or_a_decisive_material_edge_keep_the_whole_value() {
        for fen in [
            "8/8/3k4/8/8/3K4/3P4/8 w - - 0 1",
            "8/8/3k4/8/8/3K4/3R4/8 w - - 0 1",
            "8/8/3k4/3r4/8/3K4/3Q4/8 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            assert_eq!(scaled(Variant::Chess, fen, 300), 300, "{fen}");
        }
    }

    #[test]
    fn campmate_variants_are_left_alone() {
        assert_eq!(
            scaled(Variant::Empire, "3k4/8/8/8/8/2E5/4K3/8 w - - 0 1", 500),
            500
        );
        assert_eq!(
            scaled(Variant::Orda, "2k5/8/8/3K4/8/8/8/8 b - - 0 1", -300),
            -300
        );
    }
}
