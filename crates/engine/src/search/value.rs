//! Search values: the internal integer scale, mate encoding, and the conversions to what the
//! UCI layer reports (`Score`, WDL) and to what the transposition table stores.
//!
//! A side that is mated (or loses by any terminal rule: campmate, Empire stalemate or repetition)
//! `ply` plies below the root scores `-(MATE - ply)`; everything else stays within `MATE_BOUND`.

use super::Score;
use crate::eval::to_centipawns;

/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// The value of delivering mate at the root.
pub const MATE: i32 = 32000;
/// Larger than any value; the initial window.
pub const INFINITE: i32 = MATE + 1;
/// Values at or beyond this are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A draw.
pub const DRAW: i32 = 0;

/// The value for the side to move when it has lost at `ply`.
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// The value for the side to move when it wins at `ply` (the opponent is mated there).
#[inline]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

#[inline]
pub const fn is_mate(value: i32) -> bool {
    value.abs() >= MATE_BOUND
}

/// Mate values are stored relative to the node (distance to mate from there), not to the root.
#[inline]
pub const fn to_tt(value: i32, ply: usize) -> i32 {
    if value >= MATE_BOUND {
        value + ply as i32
    } else if value <= -MATE_BOUND {
        value - ply as i32
    } else {
        value
    }
}

/// The inverse of `to_tt` for a node `ply` plies below the root.
#[inline]
pub const fn from_tt(value: i32, ply: usize) -> i32 {
    if value >= MATE_BOUND {
        value - ply as i32
    } else if value <= -MATE_BOUND {
        value + ply as i32
    } else {
        value
    }
}

/// The reported score of an internal value: mate in moves, or centipawns.
pub fn to_score(value: i32) -> Score {
    if value >= MATE_BOUND {
        Score::Mate((MATE - value + 1) / 2)
    } else if value <= -MATE_BOUND {
        Score::Mate(-(MATE + value) / 2)
    } else {
        Score::Cp(to_centipawns(value))
    }
}

/// Win/draw/loss per mille for the side to move, from a logistic model of the score.
pub fn wdl(score: Score) -> (u32, u32, u32) {
    match score {
        Score::Mate(n) if n > 0 => (1000, 0, 0),
        Score::Mate(_) => (0, 0, 1000),
        Score::Cp(cp) => {
            let logistic = |x: f64| 1000.0 / (1.0 + (-x / 90.0).exp());
            let win = logistic(cp as f64 - 200.0).round() as u32;
            let loss = logistic(-(cp as f64) - 200.0).round() as u32;
            (win, 1000 - win - loss, loss)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_convert_to_moves() {
        assert_eq!(to_score(mate_in(1)), Score::Mate(1));
        assert_eq!(to_score(mate_in(3)), Score::Mate(2));
        assert_eq!(to_score(mated_in(2)), Score::Mate(-1));
        assert_eq!(to_score(mated_in(0)), Score::Mate(0));
        assert_eq!(to_score(213), Score::Cp(100));
    }

    #[test]
    fn tt_adjustment_round_trips() {
        for v in [mate_in(5), mated_in(8), 17, -300] {
            assert_eq!(from_tt(to_tt(v, 4), 4), v);
        }
        // A mate 3 plies below a node at ply 4 is stored as 3 plies from that node.
        assert_eq!(to_tt(mate_in(7), 4), mate_in(3));
    }

    #[test]
    fn wdl_is_per_mille_and_symmetric() {
        let (w, d, l) = wdl(Score::Cp(50));
        assert_eq!(w + d + l, 1000);
        assert!(w > l);
        assert_eq!(wdl(Score::Cp(0)).0, wdl(Score::Cp(0)).2);
        assert_eq!(wdl(Score::Mate(-2)), (0, 0, 1000));
    }
}
