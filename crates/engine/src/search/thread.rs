//! One search thread: iterative deepening with aspiration windows and MultiPV over the root
//! moves, limit checks, and (on the main thread) reporting and the final result.
//!
//! Lazy SMP: every thread runs this same loop on its own copy of the position, sharing only the
//! transposition table and the abort flag; odd-numbered helpers search one ply deeper so the
//! threads spread out. Only the main thread (id 0) checks limits, reports and ends the search;
//! each thread returns what it found (`ThreadResult`), and the search plays the main thread's
//! line, which `Shared::conclude` reports. (A vote of the threads by score and depth, as
//! Stockfish's, lost its SPRT: `tuning/strength-log.md`.)
//!
//! At a handicap level (`skill`) the main thread searches at least `skill::CANDIDATES` lines, shows
//! only MultiPV's, stops at the level's depth and plays the line the skill rule picks among those
//! of its last completed iteration; its final report is that line.

use super::eval_cache::EvalCache;
use super::history::Histories;
use super::parameters::Parameters;
use super::skill::Handicap;
use super::stack::{Line, Stack};
use super::time::TimeManager;
use super::tt::TranspositionTable;
use super::value::{self, to_score, wdl, INFINITE, MATE, MATE_BOUND, MAX_PLY};
use super::{Bound, Info, Limits, Listener, SearchControl, SearchResult};
use crate::clock::Instant;
use crate::eval::nnue::Network;
use crate::Position;
use kaiser_rules::types::Move;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// Aspiration failures are reported only after this much time, to keep short searches quiet.
const BOUND_REPORT_AFTER: Duration = Duration::from_secs(3);

/// A node counter written by one thread only, alone on its cache line.
#[derive(Default)]
#[repr(align(64))]
struct NodeCounter(AtomicU64);

/// What the search threads share.
pub(super) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub params: &'a Parameters,
    pub control: &'a SearchControl,
    pub limits: &'a Limits,
    /// The network that evaluates, or `None` for the hand-written evaluation.
    pub network: Option<&'a Network>,
    /// Set by the main thread when the search must end.
    pub abort: AtomicBool,
    nodes: Vec<NodeCounter>,
    /// The lines shown (MultiPV).
    multipv: usize,
    /// The play level's handicap, if below full strength.
    handicap: Option<Handicap>,
    start: Instant,
}

impl<'a> Shared<'a> {
    pub fn new(
        tt: &'a TranspositionTable,
        params: &'a Parameters,
        control: &'a SearchControl,
        limits: &'a Limits,
        threads: usize,
        multipv: usize,
        handicap: Option<Handicap>,
    ) -> Shared<'a> {
        Shared {
            tt,
            params,
            control,
            limits,
            network: None,
            abort: AtomicBool::new(false),
            nodes: (0..threads).map(|_| NodeCounter::default()).collect(),
            multipv,
            handicap,
            start: limits.start.unwrap_or_else(Instant::now),
        }
    }

    /// The same, evaluating with `network` (`None`: the hand-written evaluation).
    pub fn with_network(self, network: Option<&'a Network>) -> Shared<'a> {
        Shared { network, ..self }
    }

    fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.0.load(Relaxed)).sum()
    }
}

/// A root move with what the search learnt about it.
#[derive(Clone, Debug)]
pub(super) struct RootMove {
    pub mv: Move,
    /// The score of the current iteration, `-INFINITE` until searched.
    pub score: i32,
    pub previous_score: i32,
    pub seldepth: usize,
    pub pv: Line,
    /// The nodes searched below this move, over all iterations.
    pub nodes: u64,
}

impl RootMove {
    /// The score to show: this iteration's if it has one, else the last one.
    pub fn shown_score(&self) -> i32 {
        if self.score != -INFINITE {
            self.score
        } else if self.previous_score != -INFINITE {
            self.previous_score
        } else {
            value::DRAW
        }
    }
}

/// What one search thread found: the line it would play, and the depth of its last completed
/// iteration (0 if none completed).
pub(super) struct ThreadResult {
    pub depth: i32,
    pub line: RootMove,
}

/// Ends the helpers' search when the main thread is done, even if it panics, so that no thread
/// is left searching.
struct EndsSearch<'a>(&'a AtomicBool);

impl Drop for EndsSearch<'_> {
    fn drop(&mut self) {
        self.0.store(true, Relaxed);
    }
}

/// The main thread's extra duties.
struct MainDuties<'a> {
    listener: &'a dyn Listener,
    time: TimeManager,
    /// Pondering when last looked; the clock restarts when this turns false.
    pondering: bool,
    /// The best move of the last completed iteration, and for how many iterations before it
    /// the best move had been the same.
    best_move: Option<Move>,
    stable_iterations: i32,
}

/// What a search thread keeps from one search to the next (`Engine` holds one a thread): its
/// move-ordering histories, its search stack (allocated once) and its cache of static
/// evaluations (a pure function of the position and the evaluator, so its entries stay true
/// until the evaluator changes: `Engine` clears it then, and at `clear`).
#[derive(Default)]
pub(super) struct ThreadSlot {
    pub histories: Histories,
    pub stack: Stack,
    pub eval_cache: EvalCache,
}

impl ThreadSlot {
    /// Forgets what was learnt: histories and cached evaluations.
    pub fn clear(&mut self) {
        self.histories.clear();
        self.eval_cache.clear();
    }
}

/// The state of one search thread.
pub(super) struct Searcher<'a> {
    pub id: usize,
    pub pos: Position,
    pub shared: &'a Shared<'a>,
    /// The search's parameters (`shared.params`, one indirection nearer).
    pub params: &'a Parameters,
    pub histories: &'a mut Histories,
    pub root_moves: Vec<RootMove>,
    pub nodes: u64,
    pub seldepth: usize,
    pub root_depth: i32,
    /// The last depth whose iteration completed.
    completed_depth: i32,
    /// At a handicap, the main thread's lines of its last completed iteration, best first.
    candidates: Vec<RootMove>,
    /// Everything kept per ply of the current path.
    pub stack: &'a mut Stack,
    pub eval_cache: &'a mut EvalCache,
    main: Option<MainDuties<'a>>,
}

impl<'a> Searcher<'a> {
    /// A searcher for thread `id`, with that thread's slot; `main` (listener, move overhead)
    /// makes it the main thread.
    pub fn new(
        id: usize,
        pos: Position,
        shared: &'a Shared<'a>,
        slot: &'a mut ThreadSlot,
        main: Option<(&'a dyn Listener, u64)>,
    ) -> Searcher<'a> {
        let ThreadSlot {
            histories,
            stack,
            eval_cache,
        } = slot;
        let mut moves = pos.legal_moves().to_vec();
        let wanted = &shared.limits.searchmoves;
        if moves.iter().any(|m| wanted.contains(m)) {
            moves.retain(|m| wanted.contains(m));
        }
        let root_moves = moves
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITE,
                previous_score: -INFINITE,
                seldepth: 0,
                pv: Line::from_iter([mv]),
                nodes: 0,
            })
            .collect();
        let main = main.map(|(listener, overhead)| MainDuties {
            listener,
            time: TimeManager::new(shared.limits, overhead, shared.params),
            pondering: shared.control.is_pondering(),
            best_move: None,
            stable_iterations: 0,
        });
        stack.start(&pos, shared.network);
        Searcher {
            id,
            pos,
            shared,
            params: shared.params,
            histories,
            root_moves,
            nodes: 0,
            seldepth: 0,
            root_depth: 0,
            completed_depth: 0,
            candidates: Vec::new(),
            stack,
            eval_cache,
            main,
        }
    }

    /// Runs the search and returns what this thread found. The main thread returns once it may
    /// (holding its answer back as `SearchControl::wait_for_release` says), and ends the other
    /// threads' search as it does. (`Engine::search` answers a finished game itself, so the root
    /// has a legal move.)
    pub fn run(mut self) -> ThreadResult {
        let shared = self.shared;
        let _ends_search = self.main.is_some().then(|| EndsSearch(&shared.abort));
        self.iterative_deepening();
        if self.main.is_some() {
            shared.control.wait_for_release(shared.limits.infinite);
        }
        ThreadResult {
            depth: self.completed_depth,
            line: self
                .move_to_play()
                .expect("a game that is not over has a legal move"),
        }
    }

    /// The root move to play: the best, or at a handicap the candidate the skill rule picks.
    fn move_to_play(&self) -> Option<RootMove> {
        match self.shared.handicap {
            Some(handicap) if !self.candidates.is_empty() => {
                let scores: Vec<i32> = self.candidates.iter().map(|rm| rm.score).collect();
                Some(self.candidates[handicap.pick(&scores)].clone())
            }
            _ => self.root_moves.first().cloned(),
        }
    }

    fn iterative_deepening(&mut self) {
        let limits = self.shared.limits;
        let handicap = self.shared.handicap;
        let max_depth = limits
            .depth
            .map_or(MAX_PLY as i32 - 1, |d| d.min(MAX_PLY as u32 - 1) as i32)
            .min(handicap.map_or(i32::MAX, Handicap::max_depth))
            .max(1);
        let multipv = self.shared.multipv;
        let lines = match (&self.main, handicap) {
            (None, _) => 1,
            (Some(_), None) => multipv,
            (Some(_), Some(handicap)) => handicap.lines(multipv),
        }
        .min(self.root_moves.len());
        let shown = multipv.min(lines);
        for iteration in 1..=max_depth {
            let depth = (iteration + (self.id % 2) as i32).min(max_depth);
            self.root_depth = depth;
            for rm in &mut self.root_moves {
                if rm.score != -INFINITE {
                    rm.previous_score = rm.score;
                }
                rm.score = -INFINITE;
            }
            for pv_index in 0..lines {
                self.seldepth = 0;
                self.aspiration(depth, pv_index);
                if self.stopped() {
                    return;
                }
            }
            self.root_moves[..lines].sort_by_key(|rm| -rm.score);
            self.completed_depth = depth;
            if self.main.is_some() {
                if handicap.is_some() {
                    self.candidates = self.root_moves[..lines].to_vec();
                }
                self.report(depth, shown);
                self.plan_time();
                if self.iteration_ends_search(depth) {
                    return;
                }
            }
        }
    }

    /// Searches line `pv_index` to `depth` with a window around the last score, widening it
    /// until the score falls inside.
    fn aspiration(&mut self, depth: i32, pv_index: usize) {
        let previous = self.root_moves[pv_index].previous_score;
        let params = self.params;
        let mut delta = params.aspiration_delta();
        let (mut alpha, mut beta) = if params.aspiration(depth) && !value::is_decisive(previous) {
            (previous - delta, previous + delta)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search_root(alpha, beta, depth, pv_index);
            self.root_moves[pv_index..].sort_by_key(|rm| -rm.score);
            if self.stopped() {
                return;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
                Bound::Lower
            } else {
                return;
            };
            // Long searches show the window failing, as GUIs expect.
            if self.shared.start.elapsed() >= BOUND_REPORT_AFTER && pv_index < self.shared.multipv {
                self.report_line(depth, pv_index, bound);
            }
            delta = params.widen_aspiration(delta);
        }
    }

    /// Main thread, after a completed iteration: plans more time while the best move changes
    /// or shares the nodes with others, less once it stands and takes them all.
    fn plan_time(&mut self) {
        let total: u64 = self.root_moves.iter().map(|rm| rm.nodes).sum();
        let best = &self.root_moves[0];
        let share = (best.nodes * 100 / total.max(1)) as i64;
        let main = self.main.as_mut().expect("only the main thread plans time");
        if main.best_move == Some(best.mv) {
            main.stable_iterations += 1;
        } else {
            main.best_move = Some(best.mv);
            main.stable_iterations = 0;
        }
        let percent = self
            .params
            .time_scale_percent(main.stable_iterations, share);
        main.time.rescale(percent);
    }

    /// After a completed iteration: has a limit other than time-inside-an-iteration been met?
    fn iteration_ends_search(&self, depth: i32) -> bool {
        let limits = self.shared.limits;
        let best = self.root_moves[0].score;
        if let Some(n) = limits.mate {
            if best >= MATE_BOUND && (MATE - best + 1) / 2 <= n as i32 {
                return true;
            }
        }
        if limits
            .soft_nodes
            .is_some_and(|n| self.shared.total_nodes() >= n)
        {
            return true;
        }
        let main = self.main.as_ref().expect("only the main thread decides");
        if limits.infinite || main.pondering || self.shared.control.is_pondering() {
            return false;
        }
        let only_move = self.root_moves.len() == 1 && self.params.single_reply_done(depth);
        main.time.soft_exceeded() || (main.time.is_timed() && only_move)
    }

    /// Counts a node; on the main thread, checks the node limit at once and the others now and
    /// then.
    #[inline]
    pub fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        let shared = self.shared;
        shared.nodes[self.id].0.store(self.nodes, Relaxed);
        if self.main.is_none() {
            return;
        }
        if shared
            .limits
            .nodes
            .is_some_and(|n| shared.total_nodes() >= n)
        {
            shared.abort.store(true, Relaxed);
        }
        if self.nodes.is_multiple_of(1024) {
            self.check_clock_and_flags();
        }
    }

    /// Main thread: stop, ponderhit (which starts the clock) and the hard time limit.
    fn check_clock_and_flags(&mut self) {
        let shared = self.shared;
        shared.control.poll();
        let main = self.main.as_mut().expect("the main thread checks limits");
        if main.pondering && !shared.control.is_pondering() {
            main.pondering = false;
            main.time.restart();
        }
        let out_of_time = !shared.limits.infinite && !main.pondering && main.time.hard_exceeded();
        if shared.control.is_stopped() || out_of_time {
            shared.abort.store(true, Relaxed);
        }
    }

    /// True once the search must unwind. The first iteration always completes, so there is
    /// always a searched move to play.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.root_depth > 1 && self.shared.abort.load(Relaxed)
    }

    /// Reports the first `lines` root moves of a completed iteration.
    fn report(&self, depth: i32, lines: usize) {
        for index in 0..lines {
            self.report_line(depth, index, Bound::Exact);
        }
    }

    /// Reports root line `index` with `bound` (main thread only).
    fn report_line(&self, depth: i32, index: usize, bound: Bound) {
        let Some(main) = &self.main else { return };
        let info = self
            .shared
            .line_info(depth, &self.root_moves[index], bound, index);
        main.listener.info(&info);
    }
}

impl Shared<'_> {
    /// The report of root line `index`, `rm`, searched to `depth`.
    fn line_info(&self, depth: i32, rm: &RootMove, bound: Bound, index: usize) -> Info {
        let nodes = self.total_nodes();
        let elapsed = self.start.elapsed();
        let score = to_score(rm.shown_score());
        Info {
            depth: depth as u32,
            seldepth: rm.seldepth as u32,
            multipv: index as u32 + 1,
            score,
            bound,
            wdl: Some(wdl(score)),
            nodes,
            nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64,
            hashfull: self.tt.hashfull(),
            time_ms: elapsed.as_millis() as u64,
            pv: rm.pv.to_vec(),
        }
    }

    /// Ends the search of `root` with the main thread's line (`main`): its final report to
    /// `listener`, and the result.
    pub fn conclude(
        &self,
        root: &Position,
        main: &ThreadResult,
        listener: &dyn Listener,
    ) -> SearchResult {
        let line = &main.line;
        let info = self.line_info(main.depth.max(1), line, Bound::Exact, 0);
        listener.info(&info);
        let ponder = line
            .pv
            .get(1)
            .copied()
            .or_else(|| self.ponder_from_tt(root, line.mv));
        SearchResult {
            best: Some(line.mv),
            ponder,
            score: info.score,
        }
    }

    /// A reply to `best` in `root` from the hash table, for a line that stops after one move (a
    /// legal one only: the table may hold anything).
    fn ponder_from_tt(&self, root: &Position, best: Move) -> Option<Move> {
        let mut pos = root.clone();
        pos.make_move(best);
        let reply = self.tt.probe(pos.key(), 1, pos.halfmove_clock())?.mv?;
        pos.legal_moves().contains(&reply).then_some(reply)
    }
}
