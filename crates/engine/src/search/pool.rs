//! The search threads (lazy SMP): a pool started with the engine, resized when the number of
//! threads is set, and kept from search to search. Each thread keeps what it learns
//! (`ThreadSlot`: histories, search stack with its accumulators, evaluation cache) and, except
//! in the browser build, owns an OS thread (`worker`) parked between searches, so a search
//! starts without spawning threads or allocating. Threads are ended (joined) when the pool
//! shrinks or is dropped.
//!
//! `run` gives every thread the same work at once and returns what each thread's work returned.
//! The browser build has no threads (`MAX_THREADS` is 1 there): its one searcher runs on the
//! calling thread, whose stack the module's linker settings make deep enough (see
//! `crates/wasm`).

use super::thread::ThreadSlot;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use super::worker::{self, Job, Worker};

/// Stack size of the search threads (the search recurses up to `value::MAX_PLY` plies deep).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
const SEARCH_STACK_BYTES: usize = 64 << 20;

/// One search thread: what it keeps from search to search, and the OS thread it runs on.
struct SearchThread {
    slot: ThreadSlot,
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    worker: Worker,
}

impl SearchThread {
    /// Starts search thread `id` (which names its OS thread); an error if the system would not
    /// start another thread.
    #[cfg_attr(
        all(target_arch = "wasm32", target_os = "unknown"),
        allow(unused_variables)
    )]
    fn start(id: usize) -> std::io::Result<SearchThread> {
        Ok(SearchThread {
            slot: ThreadSlot::default(),
            #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
            worker: Worker::spawn(format!("search-{id}"), SEARCH_STACK_BYTES)?,
        })
    }
}

/// The search threads; thread 0 is the main one.
pub(super) struct ThreadPool {
    threads: Vec<SearchThread>,
}

impl ThreadPool {
    /// A pool of one thread.
    ///
    /// # Panics
    /// If the system will not start a single thread.
    pub fn new() -> ThreadPool {
        let main = SearchThread::start(0)
            .unwrap_or_else(|error| panic!("could not start a search thread: {error}"));
        ThreadPool {
            threads: vec![main],
        }
    }

    /// The number of search threads.
    pub fn len(&self) -> usize {
        self.threads.len()
    }

    /// Starts or ends threads so that `n` (at least one) search; returns how many do, fewer than
    /// `n` if the system would not start more.
    pub fn resize(&mut self, n: usize) -> usize {
        self.threads.truncate(n.max(1));
        while self.threads.len() < n {
            match SearchThread::start(self.threads.len()) {
                Ok(thread) => self.threads.push(thread),
                Err(_) => break,
            }
        }
        self.threads.len()
    }

    /// Runs `work(id, slot)` on every thread at once, with thread `id`'s slot, and returns what
    /// each returned, by id, once all have finished. A panic in one is resumed here after that.
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    pub fn run<R: Send>(&mut self, work: impl Fn(usize, &mut ThreadSlot) -> R + Sync) -> Vec<R> {
        let mut results: Vec<Option<R>> = self.threads.iter().map(|_| None).collect();
        let work = &work;
        let jobs = self
            .threads
            .iter_mut()
            .zip(&mut results)
            .enumerate()
            .map(|(id, (thread, result))| {
                let SearchThread { slot, worker } = thread;
                let job: Job<'_> = Box::new(move || *result = Some(work(id, slot)));
                (&*worker, job)
            })
            .collect();
        worker::run_together(jobs);
        results
            .into_iter()
            .map(|result| result.expect("every search thread is running"))
            .collect()
    }

    /// The browser build's `run`: its one thread's work, on the calling thread.
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    pub fn run<R>(&mut self, work: impl Fn(usize, &mut ThreadSlot) -> R) -> Vec<R> {
        self.threads
            .iter_mut()
            .enumerate()
            .map(|(id, thread)| work(id, &mut thread.slot))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_start_and_end_as_the_pool_is_resized() {
        let mut pool = ThreadPool::new();
        assert_eq!(pool.len(), 1);
        for n in [4, 2, 0, 3, 3, 1, 40] {
            assert_eq!(pool.resize(n), n.max(1));
            let ids = pool.run(|id, _| id);
            assert_eq!(ids, (0..n.max(1)).collect::<Vec<_>>());
        }
    }

    #[test]
    fn each_thread_keeps_its_slot_from_run_to_run() {
        let mut pool = ThreadPool::new();
        pool.resize(3);
        let names = pool.run(|_, _| std::thread::current().name().map(str::to_string));
        assert_eq!(
            names,
            [
                Some("search-0".into()),
                Some("search-1".into()),
                Some("search-2".into())
            ]
        );
        let key = 0x1234_5678_9abc_def0;
        pool.run(|id, slot| slot.eval_cache.get_or_insert(key, || 10 + id as i32));
        let kept = pool.run(|_, slot| slot.eval_cache.get_or_insert(key, || -1));
        assert_eq!(kept, [10, 11, 12]);
    }
}
