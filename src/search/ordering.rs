//! Move ordering: every move of a node gets a score once, and the picker hands them out best
//! first by selection (cheap, since most nodes cut off after a move or two).
//!
//! Order: the transposition-table move; a king step that wins by campmate; captures and
//! promotions that do not lose material (SEE), most valuable victim first and least valuable
//! attacker next; the two killers; other quiet moves by history; losing captures last.

use super::history::Histories;
use super::see::{captured_value, see_ge};
use crate::eval::params::PIECE_VALUE;
use crate::types::{Move, MoveKind};
use crate::{MoveList, Position};
use arrayvec::ArrayVec;

const TT_MOVE: i32 = 1 << 30;
const CAMPMATE: i32 = 1 << 29;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const BAD_CAPTURE: i32 = -(1 << 28);

/// True if `m` captures something.
#[inline]
pub fn is_capture(pos: &Position, m: Move) -> bool {
    m.kind() == MoveKind::EnPassant
        || (m.kind() != MoveKind::Castling && pos.piece_at(m.to()).is_some())
}

/// True if `m` captures or promotes: the moves quiescence search looks at.
#[inline]
pub fn is_tactical(pos: &Position, m: Move) -> bool {
    m.promotion_piece().is_some() || is_capture(pos, m)
}

/// True if `m` is a king step onto its far rank, which wins at once in campmate variants.
#[inline]
pub fn wins_by_campmate(pos: &Position, m: Move) -> bool {
    let us = pos.side_to_move();
    pos.variant().has_campmate()
        && m.from() == pos.king_square(us)
        && m.to().rank() == pos.variant().campmate_rank(us)
}

/// The moves of one node with their ordering scores.
pub struct MovePicker {
    moves: MoveList,
    scores: ArrayVec<i32, 600>,
}

impl MovePicker {
    /// Scores `moves` for the side to move in `pos`.
    pub fn new(
        pos: &Position,
        moves: MoveList,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        history: &Histories,
    ) -> MovePicker {
        let us = pos.side_to_move();
        let scores = moves
            .iter()
            .map(|&m| {
                if Some(m) == tt_move {
                    TT_MOVE
                } else if wins_by_campmate(pos, m) {
                    CAMPMATE
                } else if is_tactical(pos, m) {
                    let attacker = pos.piece_at(m.from()).expect("a mover").kind;
                    let gain = 16 * captured_value(pos, m)
                        + m.promotion_piece()
                            .map_or(0, |pt| 16 * PIECE_VALUE[pt.index()].mg())
                        - PIECE_VALUE[attacker.index()].mg() / 16;
                    if m.promotion_piece().is_some() || see_ge(pos, m, 0) {
                        GOOD_CAPTURE + gain
                    } else {
                        BAD_CAPTURE + gain
                    }
                } else if Some(m) == killers[0] {
                    KILLER
                } else if Some(m) == killers[1] {
                    KILLER - 1
                } else {
                    history.quiet(us, m)
                }
            })
            .collect();
        MovePicker { moves, scores }
    }

    /// The best remaining move and its score, removing it from the picker.
    pub fn next(&mut self) -> Option<(Move, i32)> {
        let best =
            (0..self.scores.len()).max_by_key(|&i| (self.scores[i], std::cmp::Reverse(i)))?;
        let m = self.moves.swap_remove(best);
        let score = self.scores.swap_remove(best);
        Some((m, score))
    }

    /// True if a picked move's score says it loses material by SEE.
    #[inline]
    pub fn is_bad_capture(score: i32) -> bool {
        score <= BAD_CAPTURE / 2
    }
}
