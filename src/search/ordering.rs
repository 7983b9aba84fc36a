//! Move ordering: every move of a node gets a score once, and the picker hands them out best
//! first: the first by a scan (cheap, since many nodes cut off at once), the rest after one sort.
//!
//! Order: the transposition-table move; a king step that wins by campmate; captures and
//! promotions that do not lose material (SEE), most valuable victim first and least valuable
//! attacker next; the two killers; other quiet moves by history; losing captures last.

use super::history::Histories;
use super::see::{captured_value, see_ge};
use crate::eval::params::PIECE_VALUE;
use crate::types::{Move, MoveKind, Rank, Square};
use crate::{GenType, MoveList, Position};
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
    is_campmate_step(campmate_step(pos), m)
}

/// Where a winning campmate step of the side to move starts and ends: the king's square and its
/// far rank (`None` in variants without campmate). Found once per node by the picker.
#[inline]
fn campmate_step(pos: &Position) -> Option<(Square, Rank)> {
    let us = pos.side_to_move();
    let variant = pos.variant();
    variant
        .has_campmate()
        .then(|| (pos.king_square(us), variant.campmate_rank(us)))
}

#[inline]
fn is_campmate_step(step: Option<(Square, Rank)>, m: Move) -> bool {
    step.is_some_and(|(king, rank)| m.from() == king && m.to().rank() == rank)
}

/// Picks made by scanning before the rest is sorted once: many nodes cut off after the first
/// move, and the others visit most moves. (With entries compared as single integers the sort is
/// cheap; one scanned pick measured cheaper than two or three.)
const SCANNED_PICKS: usize = 1;

/// A move's ordering score and its place in generation order (the tie-break), packed so that
/// comparing two entries compares the scores and then prefers the earlier generated move.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Entry(i64);

impl Entry {
    #[inline]
    fn new(score: i32, index: usize) -> Entry {
        Entry(i64::from(score) << 32 | i64::from(u16::MAX - index as u16))
    }

    #[inline]
    fn score(self) -> i32 {
        (self.0 >> 32) as i32
    }

    /// The move's place in the generated list.
    #[inline]
    fn index(self) -> usize {
        usize::from(u16::MAX - self.0 as u16)
    }
}

/// The moves of one node with their ordering scores. Built empty and filled in place, so no
/// move list is copied around.
#[derive(Default)]
pub struct MovePicker {
    moves: MoveList,
    entries: ArrayVec<Entry, 600>,
    cursor: usize,
}

impl MovePicker {
    /// Generates the moves of kind `gen` for the side to move in `pos` and scores them.
    pub fn generate(
        &mut self,
        pos: &Position,
        gen: GenType,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        history: &Histories,
    ) {
        pos.generate(gen, &mut self.moves);
        let us = pos.side_to_move();
        let campmate = campmate_step(pos);
        for (index, &m) in self.moves.iter().enumerate() {
            let score = if Some(m) == tt_move {
                TT_MOVE
            } else if is_campmate_step(campmate, m) {
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
            };
            self.entries.push(Entry::new(score, index));
        }
    }

    /// True if the node has no move at all.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The best remaining move and its score (the earliest generated among equals).
    pub fn next(&mut self) -> Option<(Move, i32)> {
        let rest = &mut self.entries[self.cursor..];
        if rest.is_empty() {
            return None;
        }
        if self.cursor < SCANNED_PICKS {
            let (best, _) =
                rest.iter()
                    .enumerate()
                    .skip(1)
                    .fold(
                        (0, rest[0]),
                        |(b, top), (i, &e)| if e > top { (i, e) } else { (b, top) },
                    );
            rest.swap(0, best);
        } else if self.cursor == SCANNED_PICKS {
            rest.sort_unstable_by(|a, b| b.cmp(a));
        }
        let entry = self.entries[self.cursor];
        self.cursor += 1;
        Some((self.moves[entry.index()], entry.score()))
    }

    /// True if a picked move's score says it loses material by SEE.
    #[inline]
    pub fn is_bad_capture(score: i32) -> bool {
        score <= BAD_CAPTURE / 2
    }
}
