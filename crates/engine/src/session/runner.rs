//! The engine and the search running on it: a session starts a search here, on a thread of its
//! own (or, for a host without threads, on the caller's, seeing the lines that arrive meanwhile
//! through `Interrupts`), stops it, hands it `ponderhit`, and waits for it. What the search
//! reports goes to the protocol's listener, and its result to the protocol's `ResultSink`, on
//! the thread that ran it. Searches are numbered, so a protocol that receives results on a queue
//! can tell the current search's from an older one's.

use crate::clock::Instant;
use crate::search::{Engine, Interrupts, Limits, Listener, SearchControl, SearchResult};
use crate::Position;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// The number of a search, counting from 0 in each session.
pub type SearchId = u64;

/// Receives a search's result, on the thread that ran it, once the engine is free again.
pub type ResultSink = Box<dyn FnOnce(SearchId, SearchResult) + Send>;

/// The last search started, until it is ended.
struct CurrentSearch {
    id: SearchId,
    control: Arc<SearchControl>,
    /// The thread running it; `None` once joined, or when it ran on the caller's thread.
    thread: Option<JoinHandle<()>>,
    /// When its clock started (`Limits::start`).
    started: Instant,
}

/// The engine, and the search on it.
pub(super) struct Runner {
    engine: Arc<Mutex<Engine>>,
    current: Option<CurrentSearch>,
    next_id: SearchId,
    /// Set when searches run on the caller's thread, which sees the lines that arrive
    /// meanwhile through these.
    interrupts: Option<Arc<dyn Interrupts>>,
}

impl Runner {
    pub fn new(interrupts: Option<Arc<dyn Interrupts>>) -> Runner {
        Runner {
            engine: Arc::new(Mutex::new(Engine::new())),
            current: None,
            next_id: 0,
            interrupts,
        }
    }

    /// The engine, once no search holds it.
    pub fn engine(&self) -> MutexGuard<'_, Engine> {
        lock(&self.engine)
    }

    /// The engine if no search holds it now.
    pub fn try_engine(&self) -> Option<MutexGuard<'_, Engine>> {
        self.engine.try_lock().ok()
    }

    /// The engine, after stopping a running search and waiting for its result.
    pub fn idle_engine(&mut self) -> MutexGuard<'_, Engine> {
        self.finish();
        self.engine()
    }

    /// Ends the search before, then searches `position` within `limits` (whose clock starts at
    /// `limits.start`, or now), pondering at first if `pondering`: on a thread of its own, or to
    /// the end on this one for a host without threads.
    pub fn start(
        &mut self,
        position: Position,
        mut limits: Limits,
        pondering: bool,
        listener: Box<dyn Listener>,
        report: ResultSink,
    ) -> SearchId {
        self.end();
        let id = self.next_id;
        self.next_id += 1;
        let started = *limits.start.get_or_insert_with(Instant::now);
        let control = Arc::new(match &self.interrupts {
            Some(interrupts) => SearchControl::with_interrupts(Arc::clone(interrupts)),
            None => SearchControl::new(),
        });
        control.set_pondering(pondering);
        let engine = Arc::clone(&self.engine);
        let thread_control = Arc::clone(&control);
        let search = move || {
            let result = lock(&engine).search(&position, &limits, &thread_control, &*listener);
            report(id, result);
        };
        let thread = match self.interrupts {
            Some(_) => {
                search();
                None
            }
            None => Some(thread::spawn(search)),
        };
        self.current = Some(CurrentSearch {
            id,
            control,
            thread,
            started,
        });
        id
    }

    /// The search started last, unless it was ended (it may have finished).
    pub fn current(&self) -> Option<SearchId> {
        self.current.as_ref().map(|search| search.id)
    }

    /// The time since the current search's clock started.
    pub fn elapsed(&self) -> Option<Duration> {
        self.current.as_ref().map(|search| search.started.elapsed())
    }

    /// Asks the current search to finish as soon as it can.
    pub fn stop(&self) {
        if let Some(search) = &self.current {
            search.control.stop();
        }
    }

    /// The opponent played the move pondered on: the current search's clock starts.
    pub fn ponderhit(&self) {
        if let Some(search) = &self.current {
            search.control.ponderhit();
        }
    }

    /// Stops the current search, if any, and waits until it has reported its result. It stays
    /// the current search until ended.
    pub fn finish(&mut self) {
        if let Some(search) = &mut self.current {
            search.control.stop();
            if let Some(thread) = search.thread.take() {
                let _ = thread.join();
            }
        }
    }

    /// Finishes the current search and forgets it: there is no current search after this.
    pub fn end(&mut self) {
        self.finish();
        self.current = None;
    }
}

fn lock(engine: &Mutex<Engine>) -> MutexGuard<'_, Engine> {
    engine
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
