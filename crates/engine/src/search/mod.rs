//! The search: iterative deepening with aspiration windows over a principal variation search,
//! quiescence search, a shared lockless transposition table, and lazy SMP.
//!
//! This module holds the API the UCI layer uses (`Engine`, `Limits`, `Info`, `SearchControl`,
//! ...), and the two decisions every caller shares: a game already over at the root is answered
//! without searching (`Engine::search`), and an answer that must wait (`go infinite`, pondering)
//! waits on `SearchControl`'s condition variable for `stop` or `ponderhit`. A caller that runs
//! the search on the thread that reads its commands (the browser build, which has one thread)
//! gives the control `Interrupts` instead: the search polls them at its time checks and, holding
//! its answer back, waits on them.
//!
//! The search itself lives in `thread` (one search thread: iterative deepening, the root,
//! reporting) and `alphabeta` (the recursive search); `pool` keeps the search threads from
//! search to search (each on a `worker`), and the main thread's line is played. What it keeps
//! per ply of the current path (key, static evaluation, current move, killers, principal
//! variation) is one frame of the search stack (`stack`); every tunable constant is a named
//! field of one parameter set, read through small named rules such as `late_move_reduction`
//! (`parameters`). `tt`, `eval_cache`, `ordering`, `see`, `history`, `time` and `value` each
//! hold one supporting piece, and `skill` the play levels.

mod alphabeta;
mod correction;
mod eval_cache;
mod history;
mod ordering;
mod parameters;
mod pool;
mod see;
pub mod skill;
mod stack;
mod thread;
mod time;
mod tt;
pub mod value;
pub(crate) mod worker;

use crate::clock::Instant;
use crate::eval::nnue::{self, Network};
use crate::{Position, Variant};
use kaiser_rules::types::Move;
use pool::ThreadPool;
use rand::rngs::StdRng;
use rand::SeedableRng;
use skill::Skill;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use thread::{Searcher, Shared};
use tt::TranspositionTable;

pub use parameters::{ParameterError, Parameters, Spec};

/// A reported score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    /// Centipawns from the side to move's view (a pawn is about 100).
    Cp(i32),
    /// Mate in this many moves; negative when the side to move is getting mated. Wins by
    /// campmate, Empire stalemate or repetition count as mate too.
    Mate(i32),
}

/// Whether a reported score is exact or only a bound.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// The clock of the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Clock {
    /// Time left; may be zero or negative.
    pub time_ms: i64,
    pub inc_ms: i64,
    pub movestogo: Option<u32>,
}

/// What `go` asked for. All limits present apply; the first one reached ends the search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// No new iteration starts once this many nodes are searched (a soft limit: the iteration
    /// under way finishes, unless `nodes` stops it).
    pub soft_nodes: Option<u64>,
    pub movetime_ms: Option<u64>,
    /// Search until a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// Search until `stop`, whatever else happens.
    pub infinite: bool,
    pub clock: Option<Clock>,
    /// Restrict the root to these moves (ignored if none of them is legal).
    pub searchmoves: Vec<Move>,
    /// When the clock started: the instant the command that asked for the search was read, so
    /// that the time before the search starts counts (the time limits, the reported time).
    /// `None`: when the search starts.
    pub start: Option<Instant>,
}

/// One `info` line's worth of search progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based index of the line (MultiPV).
    pub multipv: u32,
    pub score: Score,
    pub bound: Bound,
    /// Per-mille win/draw/loss from the side to move's view.
    pub wdl: Option<(u32, u32, u32)>,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<Move>,
}

/// Receives search progress.
pub trait Listener: Send + Sync {
    fn info(&self, info: &Info);

    /// The game is already over in the position to search, so nothing is searched: `score` is
    /// `Mate(0)` when it is decided (whoever won), `Cp(0)` when drawn, as Fairy-Stockfish
    /// answers. By default reported as an `Info` of depth 0 without a line.
    fn game_over(&self, score: Score) {
        self.info(&Info {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score,
            bound: Bound::Exact,
            wdl: Some(value::wdl(score)),
            nodes: 0,
            nps: 0,
            hashfull: 0,
            time_ms: 0,
            pv: Vec::new(),
        });
    }
}

/// A listener that ignores everything.
pub struct NullListener;

impl Listener for NullListener {
    fn info(&self, _: &Info) {}
}

/// What a search decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchResult {
    /// `None` only when there is no legal move.
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: Score,
}

/// The commands that reach a search running on the thread that reads them (see the module
/// header): whatever arrived since the last look is applied to the search's control (`stop`,
/// `ponderhit`) or kept for later by the implementation.
pub trait Interrupts: Send + Sync + std::fmt::Debug {
    /// Applies what arrived meanwhile; called at the search's time checks (every 1024 nodes).
    fn poll(&self, control: &SearchControl);

    /// Waits a moment for something to arrive, then applies it as `poll` does: a search that
    /// holds its answer back calls this until `stop` (or the end of pondering).
    fn wait(&self, control: &SearchControl);
}

/// Flags the UCI thread flips while a search runs. Use a fresh one per `go`: a stop flag still
/// set from before ends the next search right after its first iteration.
///
/// The search reads the flags as it goes; once it has its answer and must hold it back (`go
/// infinite` until `stop`, pondering until `stop` or `ponderhit`), it sleeps on a condition
/// variable that `stop` and `ponderhit` signal, or, with `Interrupts`, waits on those.
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    /// While set, time limits do not apply; the clock starts when it is cleared.
    pondering: AtomicBool,
    /// Taken to change a flag and to wait for a change (so that no signal is missed).
    changed_lock: Mutex<()>,
    changed: Condvar,
    /// Polled by a search that runs on the thread reading the commands.
    interrupts: Option<Arc<dyn Interrupts>>,
}

impl SearchControl {
    pub fn new() -> Self {
        Self::default()
    }

    /// A control for a search on the thread that reads the commands, which sees them through
    /// `interrupts`.
    pub fn with_interrupts(interrupts: Arc<dyn Interrupts>) -> Self {
        SearchControl {
            interrupts: Some(interrupts),
            ..Self::default()
        }
    }

    /// Applies the commands that arrived since the last poll, if the search sees its commands
    /// through `Interrupts`; nothing otherwise.
    pub fn poll(&self) {
        if let Some(interrupts) = &self.interrupts {
            interrupts.poll(self);
        }
    }

    /// Asks the search to finish as soon as it can.
    pub fn stop(&self) {
        self.set(&self.stop, true);
    }

    /// The opponent played the expected move: the clock starts now.
    pub fn ponderhit(&self) {
        self.set(&self.pondering, false);
    }

    pub fn set_pondering(&self, on: bool) {
        self.set(&self.pondering, on);
    }

    pub fn is_stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Relaxed)
    }

    /// Sets `flag` and wakes a search waiting in `wait_for_release`.
    fn set(&self, flag: &AtomicBool, on: bool) {
        let _changing = self.lock();
        flag.store(on, Relaxed);
        self.changed.notify_all();
    }

    fn lock(&self) -> MutexGuard<'_, ()> {
        self.changed_lock
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Blocks while a search that has its answer must hold it back: with `infinite` until
    /// `stop`, while pondering until `stop` or `ponderhit`. Returns at once otherwise.
    fn wait_for_release(&self, infinite: bool) {
        if let Some(interrupts) = &self.interrupts {
            while !self.is_stopped() && (infinite || self.is_pondering()) {
                interrupts.wait(self);
            }
            return;
        }
        let mut guard = self.lock();
        while !self.is_stopped() && (infinite || self.is_pondering()) {
            guard = self
                .changed
                .wait(guard)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
    }
}

/// Default and limits of the engine options.
pub const DEFAULT_HASH_MB: usize = 16;
pub const MAX_HASH_MB: usize = 65536;
/// The browser build runs one search thread: WebAssembly there has no threads.
pub const MAX_THREADS: usize = if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
    1
} else {
    256
};
pub const MAX_MULTIPV: usize = 256;
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;

/// The searching engine: the hash table, the search threads with what each learnt, and options.
pub struct Engine {
    tt: TranspositionTable,
    params: Parameters,
    /// The search threads, kept (with what each learnt) from search to search.
    threads: ThreadPool,
    multipv: usize,
    move_overhead_ms: u64,
    skill: Skill,
    /// Draws each search's handicap (see `skill`).
    rng: StdRng,
    /// The network of each variant (`Variant as usize`), if it has one.
    networks: [Option<Arc<Network>>; Variant::ALL.len()],
    /// Evaluate with the variant's network where there is one (`Use NNUE`).
    use_nnue: bool,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// 16 MiB hash, one thread, one line, 10 ms move overhead, full strength.
    ///
    /// # Panics
    /// If the system will not start a single search thread.
    pub fn new() -> Engine {
        Engine {
            tt: TranspositionTable::new(DEFAULT_HASH_MB),
            params: Parameters::default(),
            threads: ThreadPool::new(),
            multipv: 1,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            skill: Skill::default(),
            rng: StdRng::from_entropy(),
            networks: Variant::ALL.map(nnue::embedded),
            use_nnue: true,
        }
    }

    /// Evaluates with networks where the variant has one (true), or always with the
    /// hand-written evaluation (false). The hash table is cleared when this changes.
    pub fn set_use_nnue(&mut self, on: bool) {
        if on != self.use_nnue {
            self.use_nnue = on;
            self.forget_evaluations();
        }
    }

    /// Makes `network` (or the hand-written evaluation, for `None`) evaluate `variant`; the hash
    /// table is cleared.
    pub fn set_network(&mut self, variant: Variant, network: Option<Arc<Network>>) {
        self.networks[variant as usize] = network;
        self.forget_evaluations();
    }

    /// Forgets what the evaluation said before it changed: the hash table and each thread's
    /// cache of static evaluations.
    fn forget_evaluations(&mut self) {
        self.tt.clear();
        self.threads.run(|_, slot| slot.eval_cache.clear());
    }

    /// The network that evaluates `variant`'s positions, if one does.
    pub fn network(&self, variant: Variant) -> Option<&Network> {
        match self.use_nnue {
            true => self.networks[variant as usize].as_deref(),
            false => None,
        }
    }

    /// Resizes (and clears) the hash table to `mb` MiB, clamped to 1..=65536. If the memory is
    /// not there, a smaller power-of-two fraction is used; returns the size actually used. The
    /// size the table has already only clears it, so a GUI that sends its `Hash` before each
    /// game does not wait for a new table's memory each time.
    pub fn set_hash_mb(&mut self, mb: usize) -> usize {
        let mb = mb.clamp(1, MAX_HASH_MB);
        if mb == self.tt.size_mb() {
            self.tt.clear();
        } else {
            self.tt = TranspositionTable::new(1); // free the old table first
            self.tt = TranspositionTable::new(mb);
        }
        self.tt.size_mb()
    }

    /// Sets the number of search threads, clamped to 1..=256, starting or ending threads now; a
    /// new thread starts with nothing learnt. Returns the number running, fewer than asked if the
    /// system would not start more.
    pub fn set_threads(&mut self, n: usize) -> usize {
        self.threads.resize(n.clamp(1, MAX_THREADS))
    }

    /// The hash table's size in MiB.
    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// The number of principal variations to report, clamped to 1..=256.
    pub fn set_multipv(&mut self, n: usize) {
        self.multipv = n.clamp(1, MAX_MULTIPV);
    }

    /// The number of principal variations reported.
    pub fn multipv(&self) -> usize {
        self.multipv
    }

    /// The play level (`skill`); below full strength each search picks its move among the best
    /// few with noise, and reports the move it plays last.
    pub fn set_skill(&mut self, skill: Skill) {
        self.skill = skill;
    }

    /// Seeds the draws of the play level's noise, so that searches at a handicap repeat.
    pub fn seed_skill(&mut self, seed: u64) {
        self.rng = StdRng::seed_from_u64(seed);
    }

    /// The search's parameters.
    pub fn parameters(&self) -> &Parameters {
        &self.params
    }

    /// Sets the search parameter `name` (see `Parameters::SPECS`) for the searches to come.
    pub fn set_parameter(&mut self, name: &str, value: i32) -> Result<(), ParameterError> {
        self.params.set(name, value)
    }

    /// Time kept in hand per move for communication delays.
    pub fn set_move_overhead_ms(&mut self, ms: u64) {
        self.move_overhead_ms = ms;
    }

    /// Forgets everything learnt: hash table and histories (`ucinewgame`, Clear Hash).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.threads.run(|_, slot| slot.clear());
    }

    /// Per mille of the hash table in use by the current search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Searches `pos` (its history counts for repetitions) until a limit is hit or
    /// `control.stop()`. Blocks the calling thread; the search threads (lazy SMP) run inside.
    /// Reports progress through `listener`: an `Info` per line after each completed iteration,
    /// and a final one, for the move played, before returning. With `limits.infinite`, or while
    /// pondering, it does not return before `stop()` (or the end of pondering).
    ///
    /// If the game is already over in `pos` (`Position::outcome`: campmate, the 50-move rule,
    /// repetition, checkmate or stalemate), nothing is searched: the listener hears
    /// `game_over`, and the result has no move and the score `Mate(0)`, or `Cp(0)` for a draw.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        control: &SearchControl,
        listener: &dyn Listener,
    ) -> SearchResult {
        if let Some(outcome) = pos.outcome() {
            let score = match outcome.winner() {
                Some(_) => Score::Mate(0),
                None => Score::Cp(0),
            };
            listener.game_over(score);
            control.wait_for_release(limits.infinite);
            return SearchResult {
                best: None,
                ponder: None,
                score,
            };
        }
        self.tt.new_search();
        let handicap = self.skill.handicap(&mut self.rng);
        let network = match self.use_nnue {
            true => self.networks[pos.variant() as usize].clone(),
            false => None,
        };
        let params = &self.params;
        let shared = Shared::new(
            &self.tt,
            params,
            control,
            limits,
            self.threads.len(),
            self.multipv,
            handicap,
        )
        .with_network(network.as_deref());
        let overhead = self.move_overhead_ms;
        let results = self.threads.run(|id, slot| {
            slot.histories.new_search(params);
            let main = (id == 0).then_some((listener, overhead));
            Searcher::new(id, pos.clone(), &shared, slot, main).run()
        });
        shared.conclude(pos, &results[0], listener)
    }
}
