//! The recursive search: the root move loop, principal variation search with pruning and
//! reductions, and quiescence search.
//!
//! Every terminal rule is scored exactly at the node where it applies: campmate (the side to move
//! has lost), the 50-move rule (a draw unless mated), repetitions (a position already seen on the
//! search path, or a third occurrence counting the game, ends as the variant's threefold does:
//! a draw in chess, a loss for the side to move in Empire), checkmate, and stalemate (a draw in
//! chess, a loss in Empire). Losses are scored as mates so their distance counts, except that
//! an Empire repetition below the root's children is a decisive loss short of a mate
//! (`value::lost_in`), since another path to the same position need not repeat. Pruning treats
//! every decisive value as it treats a mate.

use super::history::Continuations;
use super::ordering::{is_tactical, wins_by_campmate, MovePicker, Wanted};
use super::parameters::NodeKind;
use super::see::{captured_value, see_ge};
use super::thread::Searcher;
use super::tt::TtEntry;
use super::value::{
    is_decisive, lost_in, mate_in, mated_in, DECISIVE_BOUND, DRAW, FIFTY_MOVES, INFINITE, MAX_EVAL,
    MAX_PLY,
};
use super::Bound;
use crate::eval::{evaluate, params::PIECE_VALUE, scale_for_mating_material};
use crate::{GenType, MoveList, Position};
use arrayvec::ArrayVec;
use kaiser_rules::types::{Bitboard, Move};
use kaiser_rules::variant::TerminalValue;

/// The value of a position without legal moves for the side to move, `ply` plies from the root.
fn no_moves_value(pos: &Position, ply: usize) -> i32 {
    if pos.in_check() || pos.campmate_reached() {
        return mated_in(ply);
    }
    terminal_value(pos.variant().stalemate_value(), ply)
}

fn terminal_value(value: TerminalValue, ply: usize) -> i32 {
    match value {
        TerminalValue::Draw => DRAW,
        TerminalValue::Loss => mated_in(ply),
    }
}

/// True if the side to move's king stands one step from its far rank with a legal step onto it.
fn can_campmate_now(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let variant = pos.variant();
    if !variant.has_campmate()
        || pos
            .king_square(us)
            .rank()
            .abs_diff(variant.campmate_rank(us))
            != 1
    {
        return false;
    }
    let mut king_moves = MoveList::new();
    pos.generate_from(
        Bitboard::from(pos.king_square(us)),
        GenType::All,
        &mut king_moves,
    );
    king_moves.iter().any(|&m| wins_by_campmate(pos, m))
}

/// True if `color`'s king is within two ranks of winning by campmate.
fn near_campmate(pos: &Position, color: crate::Color) -> bool {
    let variant = pos.variant();
    variant.has_campmate()
        && pos
            .king_square(color)
            .rank()
            .abs_diff(variant.campmate_rank(color))
            <= 2
}

/// The best score found so far at a node, and the move that raised alpha last.
#[derive(Clone, Copy)]
struct Best {
    value: i32,
    mv: Option<Move>,
}

impl Searcher<'_> {
    /// Searches the root moves from `pv_index` on (the earlier ones are earlier MultiPV lines)
    /// and records their scores and lines. Returns the best score.
    pub(super) fn search_root(
        &mut self,
        mut alpha: i32,
        beta: i32,
        depth: i32,
        pv_index: usize,
    ) -> i32 {
        self.stack[0].pv.clear();
        let mut best = -INFINITE;
        for index in pv_index..self.root_moves.len() {
            let m = self.root_moves[index].mv;
            let nodes_before = self.nodes;
            self.play(m, 0);
            let new_depth = depth - 1 + i32::from(self.pos.in_check());
            let score = if index == pv_index {
                -self.negamax::<true>(-beta, -alpha, new_depth, 1, false)
            } else {
                let score = -self.negamax::<false>(-alpha - 1, -alpha, new_depth, 1, true);
                if score > alpha && score < beta {
                    -self.negamax::<true>(-beta, -alpha, new_depth, 1, false)
                } else {
                    score
                }
            };
            self.pos.unmake_move(m);
            self.root_moves[index].nodes += self.nodes - nodes_before;
            if self.stopped() {
                break;
            }
            let seldepth = self.seldepth;
            let child_pv = &self.stack[1].pv;
            let rm = &mut self.root_moves[index];
            if index == pv_index || score > alpha {
                rm.score = score;
                rm.seldepth = seldepth;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend(child_pv.iter().copied());
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Counts the node and settles it at once if a rule ends the game here (`ended_by_rule`,
    /// with repetitions on the search path if `on_path`) or the search must stop.
    fn settle(&mut self, ply: usize, on_path: bool) -> Option<i32> {
        self.count_node(ply);
        self.stack[ply].key = self.pos.key();
        if self.stopped() {
            return Some(DRAW);
        }
        if self.pos.campmate_reached() {
            return Some(mated_in(ply));
        }
        if ply >= MAX_PLY {
            return Some(self.static_eval(ply));
        }
        self.ended_by_rule(ply, on_path)
    }

    /// The value of the node at `ply` if a rule ends the game there: the 50-move rule, or a
    /// repetition that ends it in the search's eyes: a third occurrence counting the game, or
    /// (if `on_path`) a position that stood earlier on the search path, root included.
    fn ended_by_rule(&self, ply: usize, on_path: bool) -> Option<i32> {
        let halfmove = self.pos.halfmove_clock() as usize;
        if halfmove >= FIFTY_MOVES as usize {
            return Some(self.fifty_moves_value(ply));
        }
        let repeated = halfmove >= 4
            && ((on_path && self.stack.repeats(ply, halfmove)) || self.pos.repetitions() >= 2);
        repeated.then(|| self.repetition_value(ply))
    }

    /// The value of a node at `ply` whose 50-move counter has run out: a draw, unless the side
    /// to move is checkmated.
    fn fifty_moves_value(&self, ply: usize) -> i32 {
        match self.pos.in_check() && self.pos.legal_moves().is_empty() {
            true => mated_in(ply),
            false => DRAW,
        }
    }

    /// The value for the side to move of a repetition at `ply` (`ended_by_rule`): the variant's
    /// threefold result, except that a loss below the root's children is `lost_in` rather than
    /// a mate, as it depends on the path (at the root's children only the game's own positions
    /// can repeat, and the game ends there).
    fn repetition_value(&self, ply: usize) -> i32 {
        match self.pos.variant().repetition_value() {
            TerminalValue::Loss if ply > 1 => lost_in(ply),
            value => terminal_value(value, ply),
        }
    }

    /// Makes `m` the move searched at `ply` and plays it, prefetching the transposition-table
    /// entry of the position it leads to.
    #[inline]
    fn play(&mut self, m: Move, ply: usize) {
        let piece = self.pos.piece_at(m.from()).expect("a mover");
        self.stack[ply].enter_move(m, piece);
        self.follow_move(m, ply);
        let tt = &self.shared.tt;
        self.pos.make_move_with(m, |key| tt.prefetch(key));
    }

    /// Tells the network's accumulator of the child at `ply + 1` what `m` changes, before `m`
    /// is made.
    #[inline]
    fn follow_move(&mut self, m: Move, ply: usize) {
        if self.shared.network.is_some() {
            self.stack.follow_move(ply, self.pos.piece_changes(m));
        }
    }

    /// The continuation-history rows that score the quiet moves of the node at `ply` (none
    /// if the continuation history is off).
    fn continuations(&self, ply: usize) -> Continuations {
        if !self.params.continuation_history() {
            return Continuations::default();
        }
        let moved = |back| {
            ply.checked_sub(back)
                .and_then(|earlier| self.stack[earlier].moved)
        };
        Continuations([moved(1), moved(2)])
    }

    /// The static evaluation of the node at `ply`: the network's, or the hand-written one,
    /// scaled where the side it favours lacks the material to win (`material_draw`).
    fn static_eval(&mut self, ply: usize) -> i32 {
        let (pos, stack, network) = (&self.pos, &mut self.stack, self.shared.network);
        let material_draw = self.params.material_draw();
        self.eval_cache
            .get_or_insert(pos.key(), || {
                let value = match network {
                    Some(net) => net.evaluate(stack.accumulator(ply, net, pos), pos),
                    None => evaluate(pos),
                };
                match material_draw {
                    true => scale_for_mating_material(pos, value),
                    false => value,
                }
            })
            .clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// Principal variation search of a node `ply` plies below the root; a null-window node
    /// expected to fail high if `cut_node` (see `NodeKind`).
    fn negamax<const PV: bool>(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        debug_assert!(
            !(PV && cut_node),
            "a principal-variation node is no cut node"
        );
        if depth <= 0 {
            return self.qsearch::<PV>(alpha, beta, ply);
        }
        self.stack[ply].pv.clear();
        if let Some(value) = self.settle(ply, true) {
            return value;
        }
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        // A singular-extension test searches this node again without its hash move
        // (`excluded`): neither the hash table nor the node-level pruning applies to that.
        let excluded = self.stack[ply].excluded;
        let halfmove = self.pos.halfmove_clock();
        let entry = self.shared.tt.probe(self.stack[ply].key, ply, halfmove);
        if let Some(e) = entry
            .filter(|e| !PV && excluded.is_none() && e.depth >= depth && e.decides(alpha, beta))
        {
            return e.value;
        }
        let tt_move = entry.and_then(|e| e.mv).filter(|&m| Some(m) != excluded);
        if excluded.is_none() {
            self.stack[ply].tt_pv = PV || entry.is_some_and(|e| e.pv);
        }
        let former_pv = !PV && self.stack[ply].tt_pv;
        // Internal iterative reduction: a node no earlier search gave a best move is likely
        // unimportant, and its moves are poorly ordered; search it a ply shallower.
        let params = self.params;
        let depth = depth - params.iir_reduction(depth, entry.is_some_and(|e| e.mv.is_some()));
        let in_check = self.pos.in_check();
        let us = self.pos.side_to_move();
        let raw_eval = match entry {
            _ if in_check => -INFINITE,
            Some(e) => e.eval,
            None => self.static_eval(ply),
        };
        self.stack[ply].static_eval = raw_eval;
        let eval = match in_check {
            true => raw_eval,
            false => self.histories.correction.corrected(&self.pos, raw_eval),
        };

        // Reverse futility pruning: far above beta with little depth left, unless the enemy
        // king is about to win a campmate race that the static eval cannot see, or the side to
        // move has only pawns (or Soldiers) and king, which may have no move at all: a
        // stalemate that loses in Empire, and that no evaluation sees.
        if !PV
            && !in_check
            && excluded.is_none()
            && params.reverse_futility(depth, eval, beta)
            && !is_decisive(beta)
            && !near_campmate(&self.pos, !us)
            && self.pos.has_pieces(us)
        {
            return eval;
        }

        // Razoring: far below alpha with little depth left, a quiescence search that fails low
        // settles the node; unless the side to move's own king is near a campmate
        // that only quiet moves reach.
        if !PV
            && !in_check
            && params.razors(depth, eval, alpha)
            && !is_decisive(alpha)
            && !near_campmate(&self.pos, us)
        {
            let value = self.qsearch::<false>(alpha, alpha + 1, ply);
            if value <= alpha {
                return value;
            }
        }

        // Null-move pruning: if passing still fails high on a reduced search, so will a move.
        // Not after a pass, nor with only pawns (or Soldiers) and king, where zugzwang is likely
        // and, with stalemate a loss in Empire, passing is far from the worst a side can do.
        if !PV
            && !in_check
            && excluded.is_none()
            && params.null_move_allowed(depth)
            && eval >= beta
            && !is_decisive(beta)
            && !self.stack.after_null(ply)
            && self.pos.has_pieces(us)
            && self.pos.may_pass()
        {
            let reduction = params.null_move_reduction(depth, eval - beta);
            self.stack[ply].enter_pass();
            self.stack.follow_pass(ply);
            self.pos.make_null_move();
            let score =
                -self.negamax::<false>(-beta, -beta + 1, depth - reduction, ply + 1, !cut_node);
            self.pos.unmake_null_move();
            if self.stopped() {
                return DRAW;
            }
            if score >= beta {
                return if is_decisive(score) { beta } else { score };
            }
        }

        // ProbCut: a good capture whose reduced search beats beta by a margin would beat beta
        // searched in full; not where the hash table already has the node short of that bar.
        if let Some(probcut_beta) = params
            .probcut_beta(depth, beta)
            .filter(|_| !PV && !in_check && excluded.is_none() && !is_decisive(beta))
        {
            let short = entry
                .is_some_and(|e| e.depth >= params.probcut_depth(depth) && e.value < probcut_beta);
            if !short {
                if let Some(value) = self.probcut(ply, depth, probcut_beta, eval, tt_move, cut_node)
                {
                    return value;
                }
            }
        }

        let node_kind = match (PV, cut_node) {
            (true, _) => NodeKind::Pv,
            (false, true) => NodeKind::Cut,
            (false, false) => NodeKind::All,
        };
        let killers = self.stack[ply].killers;
        let continuations = self.continuations(ply);
        let mut picker = MovePicker::new(&self.pos, Wanted::All, tt_move, killers, continuations);
        let mut best = Best {
            value: -INFINITE,
            mv: None,
        };
        let mut quiets_tried = ArrayVec::<Move, 64>::new();
        let mut move_count = 0;
        while let Some((m, order)) = picker.next(&self.pos, self.histories) {
            if Some(m) == excluded {
                continue;
            }
            move_count += 1;
            let tactical = is_tactical(&self.pos, m);
            let campmate = wins_by_campmate(&self.pos, m);

            // Late move pruning, futility pruning and history pruning of quiet moves near the
            // leaves (a move that gives check is not quiet; asked last, with facts gathered
            // once per node). Each holds for every quiet move after this one too.
            if !PV
                && !in_check
                && !tactical
                && !campmate
                && best.value > -DECISIVE_BOUND
                && (params.late_move_prunes(depth, move_count)
                    || params.futility_prunes(depth, eval, alpha)
                    || params.history_prunes(depth, order))
            {
                picker.only_checking_quiets(&self.pos);
                if !picker.gives_check(&self.pos, m) {
                    continue;
                }
            }
            // Singular extension: the hash move, when nothing else comes near its value.
            let mut singular_extension = None;
            if let Some(e) = entry.filter(|e| {
                Some(m) == tt_move
                    && e.bound != Bound::Upper
                    && !is_decisive(e.value)
                    && params.singular_candidate(depth, e.depth)
                    && ply < 2 * self.root_depth as usize
            }) {
                let singular_beta = params.singular_beta(e.value, depth);
                self.stack[ply].excluded = Some(m);
                let value = self.negamax::<false>(
                    singular_beta - 1,
                    singular_beta,
                    params.singular_depth(depth),
                    ply,
                    cut_node,
                );
                self.stack[ply].excluded = None;
                if self.stopped() {
                    return DRAW;
                }
                singular_extension = Some(if value < singular_beta {
                    let doubles = self.stack[ply].double_extensions;
                    1 + i32::from(!PV && params.double_extends(value, singular_beta, doubles))
                } else if singular_beta >= beta {
                    // Multi-cut: more than one move beats beta.
                    return singular_beta;
                } else if e.value >= beta {
                    -1
                } else {
                    0
                });
            }
            self.play(m, ply);
            let gives_check = self.pos.in_check();
            let quiet = !tactical && !gives_check && !campmate;

            let extension = singular_extension
                .unwrap_or_else(|| params.check_extension(gives_check, ply, self.root_depth));
            self.stack[ply + 1].double_extensions =
                self.stack[ply].double_extensions + u8::from(extension >= 2);
            let new_depth = depth - 1 + extension;
            // The children's kinds (`NodeKind`): the first move's child is on the principal
            // variation below a PV node, else of the kind opposite to this node's; a reduced
            // search's child is a cut node; a null-window search at full depth is of the kind
            // opposite to this node's (a cut node below a PV node).
            let score = if move_count == 1 {
                -self.negamax::<PV>(-beta, -alpha, new_depth, ply + 1, !PV && !cut_node)
            } else {
                let reduction = match quiet {
                    _ if in_check || campmate => None,
                    _ if !params.late_move_reduces(depth, move_count) => None,
                    true => Some(params.late_move_reduction(depth, move_count, node_kind, order)),
                    false => params.tactical_move_reduction(depth, move_count, node_kind),
                }
                .map_or(0, |r| {
                    (r - params.former_pv_reduction_bonus(former_pv)).clamp(0, new_depth - 1)
                });
                let mut score = -self.negamax::<false>(
                    -alpha - 1,
                    -alpha,
                    new_depth - reduction,
                    ply + 1,
                    reduction > 0 || !cut_node,
                );
                if reduction > 0 && score > alpha {
                    score =
                        -self.negamax::<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                }
                if PV && score > alpha && score < beta {
                    score = -self.negamax::<true>(-beta, -alpha, new_depth, ply + 1, false);
                }
                score
            };
            self.pos.unmake_move(m);
            if self.stopped() {
                return DRAW;
            }

            if self.record::<PV>(&mut best, &mut alpha, beta, ply, m, score) {
                if !tactical {
                    let pos = &self.pos;
                    self.histories.update_quiet(
                        params,
                        pos,
                        depth,
                        m,
                        &quiets_tried,
                        continuations,
                    );
                    self.stack[ply].add_killer(m);
                }
                break;
            }
            if !tactical && Some(m) != best.mv {
                let _ = quiets_tried.try_push(m);
            }
        }

        if move_count == 0 {
            return match excluded {
                Some(_) => alpha,
                None => no_moves_value(&self.pos, ply),
            };
        }
        if excluded.is_some() {
            return best.value;
        }
        // Correction history learns from results that bound the value on the side away from
        // the static evaluation: a quiet best move (or none), no mate, no check.
        let quiet_best = best.mv.is_none_or(|m| !is_tactical(&self.pos, m));
        let informative = match best.value >= beta {
            true => best.value > eval,
            false => best.mv.is_some() || best.value < eval,
        };
        if !in_check && quiet_best && !is_decisive(best.value) && informative {
            let pos = &self.pos;
            self.histories
                .correction
                .update(params, pos, depth, raw_eval, best.value);
        }
        self.store::<PV>(ply, best, beta, depth);
        best.value
    }

    /// ProbCut's searches at the node at `ply` (of `depth`, static evaluation `eval`, hash
    /// move `tt_move`): the captures and promotions that win at least `probcut_beta - eval` by
    /// static exchange, each searched with a null window at `probcut_beta`, by quiescence
    /// first and then a few plies shallower than the node. The value of the first that beats
    /// the bar both times (stored as a lower bound), or None. Kept out of line: it is
    /// rarely called, and the node's own search stays small.
    #[inline(never)]
    fn probcut(
        &mut self,
        ply: usize,
        depth: i32,
        probcut_beta: i32,
        eval: i32,
        tt_move: Option<Move>,
        cut_node: bool,
    ) -> Option<i32> {
        let params = self.params;
        let no_continuations = Continuations::default();
        let mut picker = MovePicker::new(
            &self.pos,
            Wanted::Tactical,
            tt_move,
            [None; 2],
            no_continuations,
        );
        let cutoff_depth = params.probcut_depth(depth);
        while let Some((m, _)) = picker.next(&self.pos, self.histories) {
            if !see_ge(&self.pos, m, probcut_beta - eval) {
                continue;
            }
            self.play(m, ply);
            self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions;
            let window = (-probcut_beta, -probcut_beta + 1);
            let mut value = -self.qsearch::<false>(window.0, window.1, ply + 1);
            if value >= probcut_beta {
                value = -self.negamax::<false>(
                    window.0,
                    window.1,
                    cutoff_depth - 1,
                    ply + 1,
                    !cut_node,
                );
            }
            self.pos.unmake_move(m);
            if self.stopped() {
                return Some(DRAW);
            }
            if value >= probcut_beta {
                let best = Best { value, mv: Some(m) };
                self.store::<false>(ply, best, probcut_beta, cutoff_depth);
                return Some(value);
            }
        }
        None
    }

    /// Quiescence search: captures and promotions (all moves when in check) until the position
    /// is quiet, standing pat on the static eval. A king step that wins by campmate counts too.
    /// It leaves the transposition table alone: its nodes are cheaper than the memory access a
    /// probe costs, and entries of depth 0 would only crowd out deeper ones. The game's own ends
    /// by rule apply here too, so that no mate is found beyond one: the 50-move rule (a quiet
    /// evasion does not reset the counter) and a third occurrence counting the game (a root
    /// move that repeats for the third time ends the game even at depth 1); a mere repeat of a
    /// position on the search path is left to the full-depth nodes, where searching on can tell
    /// a shuffle from a forced repetition.
    fn qsearch<const PV: bool>(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.stack[ply].pv.clear();
        if let Some(value) = self.settle(ply, false) {
            return value;
        }
        let in_check = self.pos.in_check();
        let (eval, stand_pat) = if in_check {
            (-INFINITE, -INFINITE)
        } else {
            if can_campmate_now(&self.pos) {
                return mate_in(ply + 1);
            }
            let raw_eval = self.static_eval(ply);
            let eval = self.histories.correction.corrected(&self.pos, raw_eval);
            if eval >= beta {
                return eval;
            }
            alpha = alpha.max(eval);
            (eval, eval)
        };
        // In check every evasion; otherwise the captures and promotions that do not lose
        // material, less those that cannot lift alpha.
        let wanted = match in_check {
            true => Wanted::All,
            false => Wanted::Tactical,
        };
        let no_continuations = Continuations::default();
        let mut picker = MovePicker::new(&self.pos, wanted, None, [None; 2], no_continuations);
        let mut best = Best {
            value: stand_pat,
            mv: None,
        };
        let mut any_move = false;
        while let Some((m, _)) = picker.next(&self.pos, self.histories) {
            any_move = true;
            if !in_check {
                let gain = captured_value(&self.pos, m) * PIECE_VALUE[0].eg() / PIECE_VALUE[0].mg();
                if m.promotion_piece().is_none() && self.params.delta_prunes(eval, gain, alpha) {
                    continue;
                }
            }
            self.follow_move(m, ply);
            self.pos.make_move(m);
            let score = -self.qsearch::<PV>(-beta, -alpha, ply + 1);
            self.pos.unmake_move(m);
            if self.stopped() {
                return DRAW;
            }
            if self.record::<PV>(&mut best, &mut alpha, beta, ply, m, score) {
                break;
            }
        }
        if in_check && !any_move {
            return mated_in(ply);
        }
        best.value
    }

    /// Takes in the score of move `m` at `ply`: the best so far, alpha and (at PV nodes) the
    /// line follow it. Returns true on a beta cutoff.
    fn record<const PV: bool>(
        &mut self,
        best: &mut Best,
        alpha: &mut i32,
        beta: i32,
        ply: usize,
        m: Move,
        score: i32,
    ) -> bool {
        if score <= best.value {
            return false;
        }
        best.value = score;
        if score <= *alpha {
            return false;
        }
        best.mv = Some(m);
        if PV {
            self.stack.update_pv(ply, m);
        }
        if score >= beta {
            return true;
        }
        *alpha = score;
        false
    }

    /// Stores a node's result, bounded by the window it was searched with, with the key and
    /// static evaluation of its frame.
    fn store<const PV: bool>(&self, ply: usize, best: Best, beta: i32, depth: i32) {
        let bound = if best.value >= beta {
            Bound::Lower
        } else if PV && best.mv.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let frame = &self.stack[ply];
        let entry = TtEntry {
            mv: best.mv,
            value: best.value,
            eval: frame.static_eval,
            depth,
            bound,
            pv: frame.tt_pv,
        };
        self.shared.tt.store(frame.key, ply, entry);
    }
}
