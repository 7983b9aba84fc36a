//! The engine and the search running on it: a session starts a search here, on the session's
//! search thread (a `Worker` started with the session and parked between searches; or, for a
//! host without threads, on the caller's, seeing the lines that arrive meanwhile through
//! `Interrupts`), stops it, hands it `ponderhit`, and waits for it. What the search
//! reports goes to the protocol's listener, and its result to the protocol's `ResultSink`, on
//! the thread that ran it. Searches are numbered, so a protocol that receives results on a queue
//! can tell the current search's from an older one's.

use crate::clock::Instant;
use crate::search::worker::Worker;
use crate::search::{Engine, Interrupts, Limits, Listener, SearchControl, SearchResult};
use crate::Position;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// Stack size of the session's search thread, which waits for the search threads (`Engine`'s
/// pool) and reports: no deep recursion of its own.
const SESSION_STACK_BYTES: usize = 2 << 20;

/// The number of a search, counting from 0 in each session.
pub type SearchId = u64;

/// Receives a search's result, on the thread that ran it, once the engine is free again.
pub type ResultSink = Box<dyn FnOnce(SearchId, SearchResult) + Send>;

/// The last search started, until it is ended.
struct CurrentSearch {
    id: SearchId,
    control: Arc<SearchControl>,
    /// Whether it runs on the session's search thread and has not been waited for.
    on_thread: bool,
    /// When its clock started (`Limits::start`).
    started: Instant,
}

/// Where searches run.
enum SearchesRun {
    /// On the session's search thread.
    OnThread(Worker),
    /// On the caller's thread, which sees the lines that arrive meanwhile through these.
    Inline(Arc<dyn Interrupts>),
}

/// The engine, and the search on it.
pub(super) struct Runner {
    engine: Arc<Mutex<Engine>>,
    current: Option<CurrentSearch>,
    next_id: SearchId,
    searches_run: SearchesRun,
}

impl Runner {
    /// An engine searching on a thread of the session's own, started here.
    ///
    /// # Panics
    /// If the system will not start that thread.
    pub fn threaded() -> Runner {
        let thread = Worker::spawn("session".to_string(), SESSION_STACK_BYTES)
            .unwrap_or_else(|error| panic!("could not start the session's thread: {error}"));
        Runner::with(SearchesRun::OnThread(thread))
    }

    /// An engine searching on the caller's thread, which sees the lines that arrive meanwhile
    /// through `interrupts`.
    pub fn inline(interrupts: Arc<dyn Interrupts>) -> Runner {
        Runner::with(SearchesRun::Inline(interrupts))
    }

    fn with(searches_run: SearchesRun) -> Runner {
        Runner {
            engine: Arc::new(Mutex::new(Engine::new())),
            current: None,
            next_id: 0,
            searches_run,
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
        let control = Arc::new(match &self.searches_run {
            SearchesRun::Inline(interrupts) => {
                SearchControl::with_interrupts(Arc::clone(interrupts))
            }
            SearchesRun::OnThread(_) => SearchControl::new(),
        });
        control.set_pondering(pondering);
        let engine = Arc::clone(&self.engine);
        let thread_control = Arc::clone(&control);
        let search = move || {
            let result = lock(&engine).search(&position, &limits, &thread_control, &*listener);
            report(id, result);
        };
        let on_thread = match &self.searches_run {
            SearchesRun::OnThread(thread) => {
                thread.start(Box::new(search));
                true
            }
            SearchesRun::Inline(_) => {
                search();
                false
            }
        };
        self.current = Some(CurrentSearch {
            id,
            control,
            on_thread,
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
            if let (true, SearchesRun::OnThread(thread)) = (search.on_thread, &self.searches_run) {
                // A search that panicked has reported nothing; the engine's lock copes with
                // the poisoning.
                let _ = thread.wait();
                search.on_thread = false;
            }
        }
    }

    /// Finishes the current search and forgets it: there is no current search after this.
    pub fn end(&mut self) {
        self.finish();
        self.current = None;
    }
}

impl Drop for Runner {
    /// A search still running ends first: the session's thread is joined only when parked.
    fn drop(&mut self) {
        self.end();
    }
}

fn lock(engine: &Mutex<Engine>) -> MutexGuard<'_, Engine> {
    engine
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::NullListener;
    use kaiser_rules::variant::Variant;
    use std::sync::mpsc;
    use std::thread::{self, ThreadId};

    #[test]
    fn every_search_runs_on_the_one_session_thread() {
        let mut runner = Runner::threaded();
        let (sink, reports) = mpsc::channel::<(SearchId, ThreadId, Option<String>)>();
        for _ in 0..3 {
            let sink = sink.clone();
            let limits = Limits {
                depth: Some(2),
                ..Limits::default()
            };
            runner.start(
                Position::startpos(Variant::Chess),
                limits,
                false,
                Box::new(NullListener),
                Box::new(move |id, result| {
                    assert!(result.best.is_some());
                    let here = thread::current();
                    let _ = sink.send((id, here.id(), here.name().map(str::to_string)));
                }),
            );
            runner.finish();
        }
        let reports: Vec<_> = reports.try_iter().collect();
        assert_eq!(reports.iter().map(|r| r.0).collect::<Vec<_>>(), [0, 1, 2]);
        assert!(reports.iter().all(|r| r.1 == reports[0].1));
        assert_eq!(reports[0].2.as_deref(), Some("session"));
        assert_ne!(reports[0].1, thread::current().id());
    }

    #[test]
    fn dropping_the_runner_ends_an_infinite_search() {
        let mut runner = Runner::threaded();
        let (sink, reports) = mpsc::channel();
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let report: ResultSink = Box::new(move |id, _| {
            let _ = sink.send(id);
        });
        runner.start(
            Position::startpos(Variant::Chess),
            limits,
            false,
            Box::new(NullListener),
            report,
        );
        drop(runner);
        assert_eq!(reports.try_iter().collect::<Vec<_>>(), [0]);
    }
}
