//! The search stack: one `Frame` per ply of the path from the root to the node being searched,
//! holding everything the search keeps per ply (the position's key, its static evaluation, the
//! move being searched from it, its killers, its principal variation and the network's
//! accumulator, which a node's move only marks as pending: `Stack::accumulator` brings it up
//! to date when the node is evaluated).
//!
//! A node at `ply` owns `stack[ply]`; it reads its ancestors' frames (`stack[ply - 1]`, ...)
//! and leaves `stack[ply + 1]` to its child. Whether a node was reached by a null move is the
//! parent's current move being `None` (see `Stack::after_null`), as in Stockfish's `Stack`.
//!
//! To keep something new per ply (a continuation-history pointer, say), add a field to `Frame` with
//! its `Default`; every frame is built by `Stack::new` at the start of each search, so nothing else
//! changes.

use super::value::MAX_PLY;
use crate::eval::nnue::{Accumulator, Network};
use arrayvec::ArrayVec;
use kaiser_rules::types::Move;
use kaiser_rules::PieceChanges;
use std::ops::{Index, IndexMut};

/// A principal variation.
pub(super) type Line = ArrayVec<Move, { MAX_PLY + 1 }>;

/// What the search keeps for one ply of the current path.
#[derive(Clone, Default)]
pub(super) struct Frame {
    /// The position's key, set as the node is entered (the root's by `Stack::new`): repetitions
    /// inside the tree look back through these.
    pub key: u64,
    /// The static evaluation of a main-search node (`-INFINITE` in check), which the
    /// transposition table stores with the node's result.
    pub static_eval: i32,
    /// The move being searched from this node; `None` while the node passes (null move).
    pub current_move: Option<Move>,
    /// The move a singular-extension test searches this node without.
    pub excluded: Option<Move>,
    /// How many moves on the path to this node were extended twice (singular extensions).
    pub double_extensions: u8,
    /// Quiet moves that caused a beta cutoff at this ply, most recent first. They live for the
    /// whole search (all iterations), since nodes at the same ply tend to share refutations.
    pub killers: [Option<Move>; 2],
    /// The best line found from this node.
    pub pv: Line,
    /// The NNUE network's first layer for this node's position (kept only when the search
    /// evaluates with a network), once `pending` is applied to it.
    accumulator: Accumulator,
    /// The changes from the parent's board not yet applied to `accumulator`: the update waits
    /// until the node is evaluated, which about half the nodes never are (hash cutoffs, nodes
    /// in check, the evaluation cache).
    pending: Option<PieceChanges>,
}

impl Frame {
    /// Makes `m` the first killer, keeping the previous first as the second.
    #[inline]
    pub fn add_killer(&mut self, m: Move) {
        if self.killers[0] != Some(m) {
            self.killers[1] = self.killers[0];
            self.killers[0] = Some(m);
        }
    }
}

/// The number of frames: plies `0..=MAX_PLY`, and one below the deepest for its (empty) line.
const FRAMES: usize = MAX_PLY + 2;

/// The frames of the current path, indexed by ply.
pub(super) struct Stack {
    /// A fixed-size array, so that indexing checks against a constant.
    frames: Box<[Frame; FRAMES]>,
}

impl Stack {
    /// A fresh stack for a search from a root whose key is `root_key`.
    pub fn new(root_key: u64, root_accumulator: Accumulator) -> Stack {
        let mut frames: Box<[Frame; FRAMES]> = vec![Frame::default(); FRAMES]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("FRAMES frames"));
        frames[0].key = root_key;
        frames[0].accumulator = root_accumulator;
        Stack { frames }
    }

    /// True if the node at `ply` was reached by a null move.
    #[inline]
    pub fn after_null(&self, ply: usize) -> bool {
        ply > 0 && self.frames[ply - 1].current_move.is_none()
    }

    /// True if the position at `ply` stood earlier on the path, an even number of plies (at
    /// least four) and at most `reach` plies back.
    #[inline]
    pub fn repeats(&self, ply: usize, reach: usize) -> bool {
        let key = self.frames[ply].key;
        (4..=ply.min(reach))
            .step_by(2)
            .any(|back| self.frames[ply - back].key == key)
    }

    /// Sets the accumulator at `ply + 1` to follow the one at `ply` with a move that makes
    /// `changes` (applied when `accumulator` asks for it).
    #[inline]
    pub fn follow_move(&mut self, ply: usize, changes: PieceChanges) {
        self.frames[ply + 1].pending = Some(changes);
    }

    /// Sets the accumulator at `ply + 1` to follow the one at `ply`: a pass changes no piece.
    #[inline]
    pub fn follow_pass(&mut self, ply: usize) {
        self.frames[ply + 1].pending = Some(PieceChanges::default());
    }

    /// The accumulator of the node at `ply`, brought up to date from the nearest ancestor
    /// whose own is (the root's always is).
    pub fn accumulator(&mut self, ply: usize, net: &Network) -> &Accumulator {
        let mut base = ply;
        while self.frames[base].pending.is_some() {
            base -= 1;
        }
        for child in base + 1..=ply {
            let (head, tail) = self.frames.split_at_mut(child);
            let frame = &mut tail[0];
            if let Some(changes) = frame.pending.take() {
                frame
                    .accumulator
                    .update(&head[child - 1].accumulator, net, &changes);
            }
        }
        &self.frames[ply].accumulator
    }

    /// Sets the line at `ply` to `m` followed by the line below it.
    #[inline]
    pub fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.frames.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(m);
        line.extend(tail[0].pv.iter().copied().take(MAX_PLY - 1));
    }
}

impl Index<usize> for Stack {
    type Output = Frame;

    #[inline]
    fn index(&self, ply: usize) -> &Frame {
        &self.frames[ply]
    }
}

impl IndexMut<usize> for Stack {
    #[inline]
    fn index_mut(&mut self, ply: usize) -> &mut Frame {
        &mut self.frames[ply]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::embedded;
    use crate::{Position, Variant};
    use rand::{rngs::StdRng, Rng, SeedableRng};

    /// Along random walks down and back up a search path, with passes, asking for the
    /// accumulator only at some nodes (as the search does): whenever it is asked for, it equals
    /// the one built from the whole board.
    #[test]
    fn accumulators_brought_up_to_date_late_equal_ones_built_from_scratch() {
        kaiser_rules::attacks::init();
        let mut rng = StdRng::seed_from_u64(5);
        for variant in Variant::ALL {
            let Some(net) = embedded(variant) else {
                continue;
            };
            let root = Position::startpos(variant);
            let mut stack = Stack::new(root.key(), Accumulator::refresh(&net, &root));
            let mut pos = root;
            // What was played at each ply, to take it back.
            let mut path: Vec<Option<Move>> = Vec::new();
            for _ in 0..3000 {
                let legal = pos.legal_moves();
                let ply = path.len();
                let up = ply > 0 && (legal.is_empty() || ply >= 40 || rng.gen_bool(0.3));
                if up {
                    match path.pop().expect("a move to take back") {
                        Some(m) => pos.unmake_move(m),
                        None => pos.unmake_null_move(),
                    }
                } else if !pos.in_check() && pos.may_pass() && rng.gen_bool(0.1) {
                    stack.follow_pass(ply);
                    pos.make_null_move();
                    path.push(None);
                } else if let Some(&m) = legal.get(rng.gen_range(0..legal.len().max(1))) {
                    stack.follow_move(ply, pos.piece_changes(m));
                    pos.make_move(m);
                    path.push(Some(m));
                }
                if rng.gen_bool(0.4) {
                    let ply = path.len();
                    assert_eq!(
                        *stack.accumulator(ply, &net),
                        Accumulator::refresh(&net, &pos),
                        "{variant} at ply {ply}: {pos:?}"
                    );
                }
            }
        }
    }
}
