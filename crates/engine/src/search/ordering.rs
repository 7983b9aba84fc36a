//! Move ordering in stages, so that a node that cuts off early never generates, scores or
//! exchange-evaluates the moves it does not reach:
//!
//! 1. the transposition-table move, checked for legality without generating anything;
//! 2. king steps onto the far rank, which win at once by campmate (looked for only when the
//!    king stands next to that rank);
//! 3. captures and promotions, most valuable victim first and least valuable attacker next; one
//!    that loses material by static exchange is put aside when its turn comes;
//! 4. the two killers, checked for legality;
//! 5. the other quiet moves by history: the first found by a scan (many nodes cut off at once),
//!    the rest after one sort;
//! 6. the captures put aside, best first.
//!
//! Quiescence search asks only for tactical moves: stage 3, without the captures put aside.

use super::history::{Continuations, Histories};
use super::see::{captured_value, piece_value, see_ge};
use crate::{GenType, MoveList, Position};
use arrayvec::ArrayVec;
use kaiser_rules::position::CheckInfo;
use kaiser_rules::types::{Bitboard, Move, MoveKind, Rank, Square};

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

/// The ordering score of a capture or promotion within its class: the victim's value (and the
/// promoted piece's), less a little of the attacker's value.
fn capture_score(pos: &Position, m: Move) -> i32 {
    let attacker = pos.piece_at(m.from()).expect("a mover");
    16 * (captured_value(pos, m) + m.promotion_piece().map_or(0, piece_value))
        - piece_value(attacker.kind) / 16
}

/// A move's ordering score and its place in the move list (the tie-break), packed so that
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

    /// The move's place in the move list.
    #[inline]
    fn index(self) -> usize {
        usize::from(u16::MAX - self.0 as u16)
    }
}

/// Which moves a node wants.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Wanted {
    /// Every legal move.
    All,
    /// The captures and promotions that do not lose material by static exchange (quiescence
    /// search).
    Tactical,
}

/// Where a picker is: stages that generate moves alternate with stages that hand them out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    TtMove,
    GenerateCampmate,
    Campmate,
    GenerateCaptures,
    Captures,
    Killers,
    GenerateQuiets,
    /// The first quiet move, found by a scan (many nodes cut off at once).
    FirstQuiet,
    SortQuiets,
    /// The rest of the quiet moves, sorted: handed out by `next`'s inlined fast path.
    SortedQuiets,
    BadCaptures,
    Done,
}

/// The moves of one node, handed out best first, stage by stage.
///
/// `moves` holds every move generated so far (stages append to it). During the captures stage
/// `entries[cursor..]` are the captures still to go and `entries[..bad_end]` those put aside;
/// the quiet stage appends its entries after the latter.
pub struct MovePicker {
    wanted: Wanted,
    stage: Stage,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    killer_index: usize,
    /// The continuation-history rows that score the quiet moves.
    continuations: Continuations,
    campmate: Option<(Square, Rank)>,
    moves: MoveList,
    entries: ArrayVec<Entry, 600>,
    cursor: usize,
    bad_end: usize,
    /// What tells the moves that give check, found at the first question.
    check_info: Option<CheckInfo>,
    /// Set once the node prunes every quiet move that does not give check: from then on only
    /// checking quiet moves are handed out.
    only_checks: bool,
}

impl MovePicker {
    /// A picker for the side to move in `pos`, reached by the moves of `continuations`.
    /// `tt_move` and `killers` may come from other positions: they are checked before use.
    pub fn new(
        pos: &Position,
        wanted: Wanted,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        continuations: Continuations,
    ) -> MovePicker {
        let tt_move =
            tt_move.filter(|&m| pos.is_legal(m) && (wanted == Wanted::All || is_tactical(pos, m)));
        let campmate = campmate_step(pos)
            .filter(|&(king, rank)| wanted == Wanted::All && king.rank().abs_diff(rank) == 1);
        MovePicker {
            wanted,
            stage: Stage::TtMove,
            tt_move,
            killers,
            killer_index: 0,
            continuations,
            campmate,
            moves: MoveList::new(),
            entries: ArrayVec::new(),
            cursor: 0,
            bad_end: 0,
            check_info: None,
            only_checks: false,
        }
    }

    /// The next move and its ordering score, or `None` when the node's moves are exhausted.
    #[inline]
    pub fn next(&mut self, pos: &Position, history: &Histories) -> Option<(Move, i32)> {
        // Most calls at nodes that search every move hand out the next sorted quiet move: that
        // path stays small enough to inline, away from the stage machine.
        if self.stage == Stage::SortedQuiets {
            if let Some(entry) = self.take_next(self.entries.len()) {
                return Some(self.chosen(entry));
            }
        }
        self.next_by_stage(pos, history)
    }

    #[inline(never)]
    fn next_by_stage(&mut self, pos: &Position, history: &Histories) -> Option<(Move, i32)> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenerateCampmate;
                    if let Some(m) = self.tt_move {
                        return Some((m, TT_MOVE));
                    }
                }
                Stage::GenerateCampmate => {
                    if let Some((king, _)) = self.campmate {
                        self.fill(pos, Bitboard::from(king), GenType::All, |picker, m| {
                            let fresh = Some(m) != picker.tt_move;
                            (fresh && picker.is_campmate_step(m)).then_some(CAMPMATE)
                        });
                    }
                    self.stage = Stage::Campmate;
                }
                Stage::Campmate => match self.pick_best() {
                    Some(entry) => return Some(self.chosen(entry)),
                    None => self.stage = Stage::GenerateCaptures,
                },
                Stage::GenerateCaptures => {
                    self.entries.clear();
                    self.cursor = 0;
                    self.fill(pos, Bitboard::FULL, GenType::Captures, |picker, m| {
                        let fresh = Some(m) != picker.tt_move && !picker.is_campmate_step(m);
                        fresh.then(|| GOOD_CAPTURE + capture_score(pos, m))
                    });
                    self.stage = Stage::Captures;
                }
                Stage::Captures => match self.pick_best() {
                    Some(entry) if self.loses_material(pos, entry) => self.put_aside(entry),
                    Some(entry) => return Some(self.chosen(entry)),
                    None => self.stage = self.after_captures(),
                },
                Stage::Killers => match self.next_killer(pos) {
                    Some(m) => return Some((m, KILLER + 1 - self.killer_index as i32)),
                    None => self.stage = Stage::GenerateQuiets,
                },
                Stage::GenerateQuiets => {
                    self.entries.truncate(self.bad_end);
                    self.cursor = self.bad_end;
                    self.fill(pos, Bitboard::FULL, GenType::Quiets, |picker, m| {
                        let tried = Some(m) == picker.tt_move
                            || picker.killers.contains(&Some(m))
                            || picker.is_campmate_step(m);
                        (!tried && picker.may_hand_out_quiet(pos, m))
                            .then(|| history.quiet(pos, m, picker.continuations))
                    });
                    self.stage = Stage::FirstQuiet;
                }
                Stage::FirstQuiet => {
                    self.stage = Stage::SortQuiets;
                    if let Some(entry) = self.pick_best() {
                        return Some(self.chosen(entry));
                    }
                }
                Stage::SortQuiets => {
                    self.entries[self.cursor..].sort_unstable_by(|a, b| b.cmp(a));
                    self.stage = Stage::SortedQuiets;
                }
                Stage::SortedQuiets => match self.take_next(self.entries.len()) {
                    Some(entry) => return Some(self.chosen(entry)),
                    None => {
                        self.cursor = 0;
                        self.stage = Stage::BadCaptures;
                    }
                },
                Stage::BadCaptures => match self.take_next(self.bad_end) {
                    Some(entry) => return Some(self.chosen(entry)),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }

    /// Generates the moves of kind `gen` from `origins` and keeps those `score` gives a score.
    fn fill(
        &mut self,
        pos: &Position,
        origins: Bitboard,
        gen: GenType,
        score: impl Fn(&MovePicker, Move) -> Option<i32>,
    ) {
        let first = self.moves.len();
        pos.generate_from(origins, gen, &mut self.moves);
        for index in first..self.moves.len() {
            if let Some(value) = score(self, self.moves[index]) {
                self.entries.push(Entry::new(value, index));
            }
        }
    }

    /// Takes the best entry still to go by a scan.
    fn pick_best(&mut self) -> Option<Entry> {
        let rest = &mut self.entries[self.cursor..];
        let (best, _) = rest.iter().enumerate().max_by_key(|&(_, &entry)| entry)?;
        rest.swap(0, best);
        self.take_next(self.entries.len())
    }

    /// Takes the entry at the cursor, if it is before `end`.
    #[inline]
    fn take_next(&mut self, end: usize) -> Option<Entry> {
        let entry = self.entries[..end].get(self.cursor).copied()?;
        self.cursor += 1;
        Some(entry)
    }

    /// True if the capture `entry` loses material by static exchange (promotions never do).
    fn loses_material(&self, pos: &Position, entry: Entry) -> bool {
        let m = self.moves[entry.index()];
        m.promotion_piece().is_none() && !see_ge(pos, m, 0)
    }

    /// Where the captures stage leads: the killers when every move is wanted, else the end.
    fn after_captures(&self) -> Stage {
        match self.wanted {
            Wanted::All => Stage::Killers,
            Wanted::Tactical => Stage::Done,
        }
    }

    /// Keeps a losing capture for the last stage, rescored below every quiet move. Entries
    /// before the cursor have been handed out, so their slots are free.
    fn put_aside(&mut self, entry: Entry) {
        let rescored = Entry::new(entry.score() - GOOD_CAPTURE + BAD_CAPTURE, entry.index());
        self.entries[self.bad_end] = rescored;
        self.bad_end += 1;
    }

    #[inline]
    fn chosen(&self, entry: Entry) -> (Move, i32) {
        (self.moves[entry.index()], entry.score())
    }

    /// From now on hands out only quiet moves that give check (the caller prunes all others,
    /// and its pruning conditions only ever get stronger within a node).
    pub fn only_checking_quiets(&mut self, pos: &Position) {
        if self.only_checks {
            return;
        }
        self.check_info.get_or_insert_with(|| pos.check_info());
        self.only_checks = true;
        if matches!(
            self.stage,
            Stage::FirstQuiet | Stage::SortQuiets | Stage::SortedQuiets
        ) {
            let mut kept = self.cursor;
            for index in self.cursor..self.entries.len() {
                let entry = self.entries[index];
                if self.may_hand_out_quiet(pos, self.moves[entry.index()]) {
                    self.entries[kept] = entry;
                    kept += 1;
                }
            }
            self.entries.truncate(kept);
        }
    }

    /// True if the legal move `m` gives check in `pos`, the picker's position.
    pub fn gives_check(&mut self, pos: &Position, m: Move) -> bool {
        self.check_info
            .get_or_insert_with(|| pos.check_info())
            .gives_check(pos, m)
    }

    #[inline]
    fn may_hand_out_quiet(&self, pos: &Position, m: Move) -> bool {
        !self.only_checks
            || self
                .check_info
                .as_ref()
                .is_some_and(|checks| checks.gives_check(pos, m))
    }

    /// The next killer that is a legal quiet move here, not already handed out.
    fn next_killer(&mut self, pos: &Position) -> Option<Move> {
        while self.killer_index < 2 {
            let candidate = self.killers[self.killer_index];
            self.killer_index += 1;
            let Some(m) = candidate else { continue };
            let repeated = self.killer_index == 2 && self.killers[0] == Some(m);
            if !repeated
                && Some(m) != self.tt_move
                && !self.is_campmate_step(m)
                && pos.is_legal(m)
                && !is_tactical(pos, m)
                && self.may_hand_out_quiet(pos, m)
            {
                return Some(m);
            }
        }
        None
    }

    #[inline]
    fn is_campmate_step(&self, m: Move) -> bool {
        is_campmate_step(self.campmate, m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    fn picked(
        pos: &Position,
        wanted: Wanted,
        tt: Option<Move>,
        killers: [Option<Move>; 2],
        history: &Histories,
    ) -> Vec<Move> {
        let mut picker = MovePicker::new(pos, wanted, tt, killers, Continuations::default());
        std::iter::from_fn(|| picker.next(pos, history).map(|(m, _)| m)).collect()
    }

    /// Along random games, with random (often illegal) hash and killer moves: `All` hands out
    /// every legal move exactly once, the hash move first when it is legal; `Tactical` hands out
    /// exactly the captures and promotions that do not lose material, and the hash move;
    /// `only_checking_quiets` drops exactly the quiet moves still to come that give no check.
    #[test]
    fn pickers_hand_out_the_right_moves_once() {
        kaiser_rules::attacks::init();
        let mut rng = StdRng::seed_from_u64(1);
        let mut foreign = Vec::new();
        let history = Histories::default();
        for game in 0..100 {
            let variant = Variant::ALL[game % Variant::ALL.len()];
            let mut pos = Position::startpos(variant);
            for _ in 0..120 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                foreign.extend(legal.iter().copied());
                let mut any = || Some(foreign[rng.gen_range(0..foreign.len())]);
                let (tt, killers) = (any(), [any(), any()]);

                let all = picked(&pos, Wanted::All, tt, killers, &history);
                let mut sorted = all.clone();
                sorted.sort_by_key(|m| m.bits());
                let mut expected = legal.to_vec();
                expected.sort_by_key(|m| m.bits());
                assert_eq!(sorted, expected, "{pos:?}");
                if let Some(tt) = tt.filter(|m| legal.contains(m)) {
                    assert_eq!(all[0], tt);
                }

                let mut tactical = picked(&pos, Wanted::Tactical, tt, [None; 2], &history);
                tactical.sort_by_key(|m| m.bits());
                let not_losing = |&m: &Move| {
                    Some(m) == tt || m.promotion_piece().is_some() || see_ge(&pos, m, 0)
                };
                let mut expected: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|&m| is_tactical(&pos, m))
                    .filter(not_losing)
                    .collect();
                expected.sort_by_key(|m| m.bits());
                assert_eq!(tactical, expected, "{pos:?}");

                // Switched to checking quiets after a few moves: the rest is the same moves
                // less the quiet ones that do not give check, in the same order.
                let switch_at = rng.gen_range(1..=legal.len());
                let no_continuations = Continuations::default();
                let mut picker = MovePicker::new(&pos, Wanted::All, tt, killers, no_continuations);
                let mut switched = Vec::new();
                while let Some((m, _)) = picker.next(&pos, &history) {
                    switched.push(m);
                    if switched.len() == switch_at {
                        picker.only_checking_quiets(&pos);
                    }
                }
                let kept: Vec<Move> = all
                    .iter()
                    .enumerate()
                    .filter(|&(i, &m)| {
                        i < switch_at
                            || is_tactical(&pos, m)
                            || wins_by_campmate(&pos, m)
                            || Some(m) == tt
                            || pos.gives_check(m)
                    })
                    .map(|(_, &m)| m)
                    .collect();
                assert_eq!(switched, kept, "{pos:?}");

                pos.make_move(legal[rng.gen_range(0..legal.len())]);
            }
        }
    }
}
