//! Search values: the internal integer scale, mate encoding, and the conversions to what the
//! UCI layer reports (`Score`, WDL) and to what the transposition table stores.
//!
//! A side that is mated (or loses by any terminal rule: campmate, Empire stalemate or repetition)
//! `ply` plies below the root scores `-(MATE - ply)`. Below the mates lies a band of decisive
//! values that are not proven mates (`lost_in`: an Empire repetition on the search path, which
//! depends on the path that reached it); every evaluation stays within `MAX_EVAL`. A mate read
//! back from the hash table that the 50-move counter would run out before is read as
//! `MAX_EVAL` (Stockfish's `value_from_tt`).

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
/// Values at or beyond this are decisive: mates, and the band of `lost_in` below them.
pub const DECISIVE_BOUND: i32 = MATE_BOUND - MAX_PLY as i32;
/// The largest value that is not decisive: evaluations stay within plus or minus this.
pub const MAX_EVAL: i32 = DECISIVE_BOUND - 1;
/// The 50-move rule's limit, in plies without a capture or a pawn move.
pub const FIFTY_MOVES: u32 = 100;
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

/// The value for the side to move when it has lost at `ply` by a result that is not a proven
/// mate (a repetition on the search path): decisive, but below every mate. `ply` is below
/// `MAX_PLY`.
#[inline]
pub const fn lost_in(ply: usize) -> i32 {
    -(MATE_BOUND - 1) + ply as i32
}

#[inline]
pub const fn is_mate(value: i32) -> bool {
    value.abs() >= MATE_BOUND
}

/// True for mates and for the decisive band below them (`lost_in`).
#[inline]
pub const fn is_decisive(value: i32) -> bool {
    value.abs() >= DECISIVE_BOUND
}

/// Decisive values are stored relative to the node (distance to the end from there), not to
/// the root; a value of the band below the mates stays in it.
#[inline]
pub const fn to_tt(value: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if value >= MATE_BOUND {
        value + ply
    } else if value >= DECISIVE_BOUND {
        min(value + ply, MATE_BOUND - 1)
    } else if value <= -MATE_BOUND {
        value - ply
    } else if value <= -DECISIVE_BOUND {
        max(value - ply, -MATE_BOUND + 1)
    } else {
        value
    }
}

/// The inverse of `to_tt` for a node `ply` plies below the root whose 50-move counter stands
/// at `halfmove`: a decisive value whose end lies beyond the 50-move limit (a capture or pawn
/// move on the way could still save it, but the entry cannot say) is read as `MAX_EVAL`, the
/// best a side can have short of a decisive result.
#[inline]
pub const fn from_tt(stored: i32, ply: usize, halfmove: u32) -> i32 {
    let ply = ply as i32;
    let value = if stored >= MATE_BOUND {
        stored - ply
    } else if stored >= DECISIVE_BOUND {
        max(stored - ply, DECISIVE_BOUND)
    } else if stored <= -MATE_BOUND {
        stored + ply
    } else if stored <= -DECISIVE_BOUND {
        min(stored + ply, -DECISIVE_BOUND)
    } else {
        return stored;
    };
    if halfmove + plies_to_end(stored) <= FIFTY_MOVES {
        value
    } else if value > 0 {
        MAX_EVAL
    } else {
        -MAX_EVAL
    }
}

/// The plies from a node to the end its stored decisive value (relative to the node) gives.
const fn plies_to_end(stored: i32) -> u32 {
    let magnitude = stored.abs();
    match magnitude >= MATE_BOUND {
        true => (MATE - magnitude) as u32,
        false => (MATE_BOUND - 1 - magnitude) as u32,
    }
}

const fn min(a: i32, b: i32) -> i32 {
    if a < b {
        a
    } else {
        b
    }
}

const fn max(a: i32, b: i32) -> i32 {
    if a > b {
        a
    } else {
        b
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
        assert!(matches!(to_score(lost_in(4)), Score::Cp(cp) if cp < -10_000));
    }

    #[test]
    fn tt_adjustment_round_trips() {
        for v in [
            mate_in(5),
            mated_in(8),
            lost_in(9),
            -lost_in(6),
            17,
            -300,
            MAX_EVAL,
        ] {
            assert_eq!(from_tt(to_tt(v, 4), 4, 0), v);
        }
        // A mate 3 plies below a node at ply 4 is stored as 3 plies from that node.
        assert_eq!(to_tt(mate_in(7), 4), mate_in(3));
        assert_eq!(to_tt(-lost_in(7), 4), -lost_in(3));
    }

    #[test]
    fn the_decisive_band_never_becomes_a_mate_or_an_evaluation() {
        for ply in 0..MAX_PLY {
            assert!(is_decisive(lost_in(ply)) && !is_mate(lost_in(ply)), "{ply}");
            for at in 0..MAX_PLY {
                // Stored at the shallower of the two plies, read at `at` with a fresh counter:
                // the loss stays in the band unless its end lies beyond the 50-move limit.
                let stored_at = ply.min(at);
                let read = from_tt(to_tt(lost_in(ply), stored_at), at, 0);
                if ply - stored_at <= FIFTY_MOVES as usize {
                    assert!(is_decisive(read) && !is_mate(read), "{ply} {at}");
                } else {
                    assert_eq!(read, -MAX_EVAL, "{ply} {at}");
                }
            }
        }
        assert!(lost_in(0) < lost_in(1) && mated_in(60) < lost_in(1));
        assert!(!is_decisive(MAX_EVAL) && !is_decisive(-MAX_EVAL));
    }

    #[test]
    fn hash_mates_beyond_the_fifty_move_limit_are_not_mates() {
        // A mate in 5 (9 plies) stored at a node: good with the counter at 91, not at 92.
        let stored = to_tt(mate_in(12), 3);
        assert_eq!(from_tt(stored, 3, 91), mate_in(12));
        assert_eq!(from_tt(stored, 3, 92), MAX_EVAL);
        let stored = to_tt(mated_in(12), 3);
        assert_eq!(from_tt(stored, 5, 91), mated_in(14));
        assert_eq!(from_tt(stored, 5, 92), -MAX_EVAL);
        // The band's distance counts the same way.
        let stored = to_tt(lost_in(10), 0);
        assert_eq!(from_tt(stored, 0, 90), lost_in(10));
        assert_eq!(from_tt(stored, 0, 91), -MAX_EVAL);
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
