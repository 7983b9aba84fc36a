//! The trainer's worker threads: started once for a whole run (not per batch), each handed the
//! same job with its own number, the calling thread doing worker 0's share itself and then
//! waiting for the others (so that it takes no core from them); joined when the run ends.
//! A job may borrow what outlives the pool (the run's state, the workers' gradient buffers);
//! what changes from one job to the next (a batch) goes in an `Arc`.

use std::sync::mpsc::{self, Sender};
use std::sync::Arc;

type Job<'env> = Box<dyn FnOnce() + Send + 'env>;

/// Worker threads waiting for jobs, worker 0 being the caller.
pub struct Pool<'env> {
    /// Workers 1, 2, ...
    workers: Vec<Sender<Job<'env>>>,
}

/// Runs `body` with a pool of `threads` workers (at least one), joined when `body` returns.
pub fn with_pool<'env, R>(threads: usize, body: impl FnOnce(&Pool<'env>) -> R) -> R {
    std::thread::scope(|scope| {
        let workers = (1..threads.max(1))
            .map(|_| {
                let (sender, jobs) = mpsc::channel::<Job<'env>>();
                scope.spawn(move || jobs.iter().for_each(|job| job()));
                sender
            })
            .collect();
        let pool = Pool { workers };
        body(&pool)
        // The pool is dropped here, which ends each worker's loop before the scope joins it.
    })
}

impl<'env> Pool<'env> {
    pub fn threads(&self) -> usize {
        self.workers.len() + 1
    }

    /// Runs `job(worker)` on every worker and returns the results in the workers' order.
    pub fn each<T: Send + 'env>(&self, job: impl Fn(usize) -> T + Send + Sync + 'env) -> Vec<T> {
        let job = Arc::new(job);
        let (sender, results) = mpsc::channel::<(usize, T)>();
        for (worker, jobs) in (1..).zip(&self.workers) {
            let (job, sender) = (Arc::clone(&job), sender.clone());
            let run = move || {
                // The caller may have gone (a panic elsewhere): the result is then not wanted.
                let _ = sender.send((worker, job(worker)));
            };
            jobs.send(Box::new(run)).expect("a worker thread alive");
        }
        drop(sender);
        let mut ordered: Vec<Option<T>> = (0..self.threads()).map(|_| None).collect();
        ordered[0] = Some(job(0));
        for (worker, result) in results.iter() {
            ordered[worker] = Some(result);
        }
        ordered
            .into_iter()
            .map(|r| r.expect("every worker finished its job"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn every_worker_runs_each_job_and_keeps_its_thread() {
        let seen = Mutex::new(Vec::new());
        with_pool(3, |pool| {
            let first = pool.each(|w| (w, std::thread::current().id()));
            let second = pool.each(|w| (w, std::thread::current().id()));
            assert_eq!(first, second, "a worker's job ran on another thread");
            assert_eq!(
                first[0].1,
                std::thread::current().id(),
                "worker 0 is the caller"
            );
            assert_eq!(first.iter().map(|r| r.0).collect::<Vec<_>>(), [0, 1, 2]);
            pool.each(|w| seen.lock().unwrap().push(w));
        });
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        assert_eq!(seen, [0, 1, 2]);
    }
}
