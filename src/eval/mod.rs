//! Static evaluation: tapered material and piece-square tables (summed incrementally, see
//! `placement`), mobility and threats (see `mobility` and `threats`), and a first campmate term
//! (how free a king's road to its far rank is). All weights live in `params`.
//!
//! Values are in Fairy-Stockfish's internal units (`params::PAWN_VALUE_EG` = 213 is one pawn);
//! `to_centipawns` converts for reporting.

mod mobility;
pub mod params;
mod placement;
mod threats;

use mobility::{mobility, pawn_like_attacks};
pub use placement::Placement;
use threats::{threats, AttackMaps};

use crate::attacks::king_attacks;
use crate::types::{Bitboard, Color};
use crate::Position;
use params::*;

/// The static value of `pos` for the side to move, in internal units (see `to_centipawns`).
pub fn evaluate(pos: &Position) -> i32 {
    let placement = pos.placement();
    let mut score = placement.score;
    score += activity(pos);
    let non_pawn_material = placement.phase_material;
    if pos.variant().has_campmate() {
        score += campmate(pos, Color::White);
        score -= campmate(pos, Color::Black);
    }
    let phase = (non_pawn_material.clamp(ENDGAME_LIMIT, MIDGAME_LIMIT) - ENDGAME_LIMIT) * PHASE_MAX
        / (MIDGAME_LIMIT - ENDGAME_LIMIT);
    let white_view = score.taper(phase);
    let value = match pos.side_to_move() {
        Color::White => white_view,
        Color::Black => -white_view,
    };
    value + TEMPO
}

/// Mobility and threats, White's view: both need to know what each side attacks.
fn activity(pos: &Position) -> S {
    let pawn_like = Color::BOTH.map(|color| pawn_like_attacks(pos, color));
    let [(white_mobility, white_attacks), (black_mobility, black_attacks)] =
        Color::BOTH.map(|color| mobility(pos, color, pawn_like[(!color).index()]));
    let all = [white_attacks, black_attacks];
    let maps = AttackMaps {
        all: Color::BOTH.map(|color| {
            all[color.index()] | pawn_like[color.index()] | king_attacks(pos.king_square(color))
        }),
        pawn_like,
    };
    white_mobility - black_mobility + threats(pos, Color::White, &maps)
        - threats(pos, Color::Black, &maps)
}

/// Converts an internal value to centipawns (a pawn in the endgame is 100).
pub fn to_centipawns(value: i32) -> i32 {
    value * 100 / PAWN_VALUE_EG
}

/// The campmate race term for `color`'s king: for each rank ahead up to the far rank, is there a
/// square within one file of the king that is neither attacked by the enemy nor held by a friendly
/// piece? Consecutive free ranks count, a free first step earns a bonus by distance, and a road
/// free all the way earns more.
fn campmate(pos: &Position, color: Color) -> S {
    let ksq = pos.king_square(color);
    let far = pos.variant().campmate_rank(color);
    let distance = ksq.rank().abs_diff(far);
    if distance == 0 || distance > CAMP_HORIZON {
        return S::ZERO;
    }
    let occ = pos.occupied();
    let own = pos.pieces_of(color);
    let corridor = Bitboard::file(ksq.file())
        | ksq
            .file()
            .checked_sub(1)
            .map_or(Bitboard::EMPTY, Bitboard::file)
        | if ksq.file() < 7 {
            Bitboard::file(ksq.file() + 1)
        } else {
            Bitboard::EMPTY
        };
    let mut free_ranks = 0;
    for step in 1..=distance as i8 {
        let rank = (ksq.rank() as i8 + step * color.forward()) as u8;
        let squares = corridor & Bitboard::rank(rank) & !own;
        if squares
            .into_iter()
            .all(|sq| pos.is_attacked(sq, !color, occ))
        {
            break;
        }
        free_ranks += 1;
    }
    if free_ranks == 0 {
        return S::ZERO;
    }
    let mut bonus = CAMP_DISTANCE[distance as usize] + CAMP_FREE_RANK * free_ranks;
    if free_ranks == distance as i32 {
        bonus += CAMP_OPEN_ROAD;
    }
    bonus
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn packed_pairs_round_trip() {
        for (mg, eg) in [
            (0, 0),
            (-5, 7),
            (120, -213),
            (-2538, -2682),
            (32000, -32000),
        ] {
            let p = s(mg, eg);
            assert_eq!((p.mg(), p.eg()), (mg, eg));
        }
        assert_eq!((s(3, -4) + s(-5, 9)).eg(), 5);
    }

    #[test]
    fn start_positions_are_near_balanced_for_chess() {
        let pos = Position::startpos(Variant::Chess);
        assert_eq!(evaluate(&pos), TEMPO);
    }

    #[test]
    fn material_counts() {
        let up_a_queen = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Variant::Chess);
        assert!(evaluate(&up_a_queen.unwrap()) > 2000);
        let down = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", Variant::Chess);
        assert!(evaluate(&down.unwrap()) < -2000);
    }

    #[test]
    fn a_free_kaiser_near_the_far_rank_is_worth_a_lot() {
        let near = Position::from_fen("k7/8/8/4K3/8/8/8/8 b - - 0 1", Variant::Empire).unwrap();
        let far = Position::from_fen("k7/8/8/8/8/8/8/4K3 b - - 0 1", Variant::Empire).unwrap();
        assert!(evaluate(&near) < evaluate(&far) - 100);
    }
}
