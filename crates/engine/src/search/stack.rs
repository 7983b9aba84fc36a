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
//! To keep something new per ply, add a field to `Frame` with its `Default`; every frame is reset
//! by `Stack::start` at the start of each search, so nothing else changes. A stack lives as long as
//! its engine's search thread slot (`Engine`), from search to search: the accumulators, which are
//! large (room for the widest net), are kept apart from the frames and never cleared, since a
//! child's is always marked stale by the move that reaches it before it is read.

use super::history::PieceTo;
use super::value::MAX_PLY;
use crate::eval::nnue::accumulator::moves_view;
use crate::eval::nnue::refresh_cache::RefreshCache;
use crate::eval::nnue::{Accumulator, Network};
use crate::Position;
use arrayvec::ArrayVec;
use kaiser_rules::types::{Color, Move, Piece};
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
    /// The node is on a principal variation or its hash entry says it once was; stored with
    /// the node's result.
    pub tt_pv: bool,
    /// The move being searched from this node; `None` while the node passes (null move).
    pub current_move: Option<Move>,
    /// The piece and destination of `current_move`: the continuation-history row of the
    /// nodes below (`None` with it).
    pub moved: Option<PieceTo>,
    /// The move a singular-extension test searches this node without.
    pub excluded: Option<Move>,
    /// How many moves on the path to this node were extended twice (singular extensions).
    pub double_extensions: u8,
    /// Quiet moves that caused a beta cutoff at this ply, most recent first. They live for the
    /// whole search (all iterations), since nodes at the same ply tend to share refutations.
    pub killers: [Option<Move>; 2],
    /// The best line found from this node.
    pub pv: Line,
}

/// The network's state at one ply of the current path (kept only when the search evaluates
/// with a network).
#[derive(Clone, Default)]
struct NetFrame {
    /// The first layer for this node's position, each side's view once it is `fresh`.
    accumulator: Accumulator,
    /// The changes from the parent's board. They are applied to the accumulator only when the
    /// node is evaluated, which about half the nodes never are (hash cutoffs, nodes in check,
    /// the evaluation cache).
    changes: PieceChanges,
    /// Whether each side's view of `accumulator` is up to date (by `Color::index()`).
    fresh: [bool; 2],
}

impl Frame {
    /// Makes `m`, moving `piece`, the move being searched from this node.
    #[inline]
    pub fn enter_move(&mut self, m: Move, piece: Piece) {
        self.current_move = Some(m);
        self.moved = Some(PieceTo::new(piece, m.to()));
    }

    /// Marks this node as passing (a null move).
    #[inline]
    pub fn enter_pass(&mut self) {
        self.current_move = None;
        self.moved = None;
    }

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

/// `FRAMES` values of `T`, boxed as a fixed-size array so that indexing checks against a
/// constant.
fn boxed_frames<T: Clone + Default>() -> Box<[T; FRAMES]> {
    vec![T::default(); FRAMES]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("FRAMES frames"))
}

/// The frames of the current path, indexed by ply.
pub(super) struct Stack {
    frames: Box<[Frame; FRAMES]>,
    net_frames: Box<[NetFrame; FRAMES]>,
    /// Where views are rebuilt from when a king changes its view (nets with king buckets).
    refresh_cache: Option<RefreshCache>,
}

impl Default for Stack {
    fn default() -> Stack {
        Stack {
            frames: boxed_frames(),
            net_frames: boxed_frames(),
            refresh_cache: None,
        }
    }
}

impl Stack {
    /// Readies the stack for a search from `root`, evaluated by `net` if there is one.
    pub fn start(&mut self, root: &Position, net: Option<&Network>) {
        self.frames.fill(Frame::default());
        self.frames[0].key = root.key();
        let root_frame = &mut self.net_frames[0];
        if let Some(net) = net {
            root_frame.accumulator = Accumulator::refresh(net, root);
        }
        root_frame.fresh = [true; 2];
        self.refresh_cache = net
            .filter(|net| net.inputs.king_buckets.is_some())
            .map(RefreshCache::new);
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
        let child = &mut self.net_frames[ply + 1];
        child.changes = changes;
        child.fresh = [false; 2];
    }

    /// Sets the accumulator at `ply + 1` to follow the one at `ply`: a pass changes no piece.
    #[inline]
    pub fn follow_pass(&mut self, ply: usize) {
        self.follow_move(ply, PieceChanges::default());
    }

    /// The accumulator of the node at `ply`, whose position is `pos`: each side's view brought
    /// up to date from the nearest ancestor whose view is (the root's always is), or built
    /// from `pos` where a move on the way changed that side's king view (king buckets).
    pub fn accumulator(&mut self, ply: usize, net: &Network, pos: &Position) -> &Accumulator {
        for perspective in Color::BOTH {
            let side = perspective.index();
            let mut base = ply;
            while !self.net_frames[base].fresh[side] {
                base -= 1;
            }
            let rebuilt = (base + 1..=ply)
                .any(|child| moves_view(net, perspective, &self.net_frames[child].changes));
            if rebuilt {
                let frame = &mut self.net_frames[ply];
                match &mut self.refresh_cache {
                    Some(cache) => {
                        cache.refresh_view(&mut frame.accumulator, net, pos, perspective)
                    }
                    None => frame.accumulator.refresh_view(net, pos, perspective),
                }
                frame.fresh[side] = true;
                continue;
            }
            let view = net
                .inputs
                .king_view(perspective, pos.king_square(perspective));
            for child in base + 1..=ply {
                let (head, tail) = self.net_frames.split_at_mut(child);
                let frame = &mut tail[0];
                let before = &head[child - 1].accumulator;
                frame
                    .accumulator
                    .update_view(before, net, &frame.changes, perspective, view);
                frame.fresh[side] = true;
            }
        }
        &self.net_frames[ply].accumulator
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
    use crate::eval::nnue::features::InputScheme;
    use crate::eval::nnue::network::Rows;
    use crate::Variant;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    /// `net` with four king buckets, each bucket's first layer a distinct variation of `net`'s,
    /// so that a view read through the wrong bucket or unmirrored shows.
    fn with_king_buckets(net: &Network) -> Network {
        let map = std::array::from_fn(|i| (i / 4).min(3) as u8);
        let inputs = InputScheme::king_buckets(map);
        let plain = net.feature_weights.values();
        let mut values = (0..inputs.buckets())
            .flat_map(|bucket| {
                plain
                    .iter()
                    .enumerate()
                    .map(move |(i, &w)| w.wrapping_add((bucket as i16 + 1) * ((i % 7) as i16 - 3)))
            })
            .collect::<Vec<i16>>()
            .into_iter();
        let rows = inputs.input_count(net.variant);
        Network {
            inputs,
            feature_weights: Rows::read(net.hidden, rows, &mut values).expect("every row"),
            ..net.clone()
        }
    }

    /// Along random walks down and back up a search path, with passes, asking for the
    /// accumulator only at some nodes (as the search does): whenever it is asked for, it equals
    /// the one built from the whole board; with and without king buckets.
    #[test]
    fn accumulators_brought_up_to_date_late_equal_ones_built_from_scratch() {
        kaiser_rules::attacks::init();
        let mut rng = StdRng::seed_from_u64(5);
        let mut king_moves = 0;
        for variant in Variant::ALL {
            let Some(plain) = embedded(variant) else {
                continue;
            };
            for net in [Network::clone(&plain), with_king_buckets(&plain)] {
                let root = Position::startpos(variant);
                let mut stack = Stack::default();
                stack.start(&root, Some(&net));
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
                        let changes = pos.piece_changes(m);
                        king_moves += usize::from(moves_view(&net, pos.side_to_move(), &changes));
                        stack.follow_move(ply, changes);
                        pos.make_move(m);
                        path.push(Some(m));
                    }
                    if rng.gen_bool(0.4) {
                        let ply = path.len();
                        assert_eq!(
                            *stack.accumulator(ply, &net, &pos),
                            Accumulator::refresh(&net, &pos),
                            "{variant} at ply {ply}, {net:?}: {pos:?}"
                        );
                    }
                }
            }
        }
        assert!(king_moves > 20, "{king_moves} king moves to another view");
    }
}
