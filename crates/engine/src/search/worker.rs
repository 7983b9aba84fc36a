//! One search thread of the pool (`pool`): an OS thread with a stack deep enough for the search's
//! recursion, parked on a channel between jobs and ended (joined) when its `Worker` is dropped.
//!
//! `run_together` hands each of several workers a job and returns only once every job has
//! finished, so the jobs may borrow from the caller's stack, as `std::thread::scope`'s threads
//! do, while the threads themselves live on from search to search. That promise is what makes
//! the one `unsafe` below sound, and it is kept in this file alone.

use std::any::Any;
use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};

/// Work for one worker, borrowing for `'a`.
pub(super) type Job<'a> = Box<dyn FnOnce() + Send + 'a>;

/// What a job's thread reports when the job ends: `Err` holds the payload of its panic.
type Finished = Result<(), Box<dyn Any + Send>>;

/// What a worker is told to do.
enum Order {
    /// Run this job (its borrows outlive it: see `run_together`), then report `Finished`.
    Run(Job<'static>),
    /// End the thread.
    Quit,
}

/// A parked search thread.
pub(super) struct Worker {
    orders: Sender<Order>,
    finished: Receiver<Finished>,
    /// Taken (and joined) on drop.
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts a thread called `name` with a stack of `stack_bytes`; an error if the system
    /// would not start it.
    pub fn spawn(name: String, stack_bytes: usize) -> io::Result<Worker> {
        let (orders, inbox) = mpsc::channel::<Order>();
        let (report, finished) = mpsc::channel::<Finished>();
        let thread = thread::Builder::new()
            .name(name)
            .stack_size(stack_bytes)
            .spawn(move || {
                while let Ok(Order::Run(job)) = inbox.recv() {
                    let outcome = panic::catch_unwind(AssertUnwindSafe(job));
                    if report.send(outcome).is_err() {
                        return;
                    }
                }
            })?;
        Ok(Worker {
            orders,
            finished,
            thread: Some(thread),
        })
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // A worker is only dropped between jobs (`run_together` holds it while one runs), so
        // the thread is parked and ends at once.
        let _ = self.orders.send(Order::Quit);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Runs each job on its worker, all at once, and returns when every one has finished. The jobs
/// may borrow anything that outlives this call. If a job panicked, the panic is resumed here once
/// all have finished; a worker whose thread is gone (which cannot happen: its jobs' panics are
/// caught) leaves its job unrun.
pub(super) fn run_together<'a>(jobs: Vec<(&Worker, Job<'a>)>) {
    let mut running = Vec::with_capacity(jobs.len());
    for (worker, job) in jobs {
        // SAFETY: only the lifetime changes. The job's borrows must outlive its run; this
        // function waits below for every job it sent to finish (or for its thread to be gone)
        // before returning, and nothing between the send and the wait can unwind (`running`
        // never grows past its capacity). A job that is not sent is dropped here, unrun.
        let job = unsafe { std::mem::transmute::<Job<'a>, Job<'static>>(job) };
        if worker.orders.send(Order::Run(job)).is_ok() {
            running.push(worker);
        }
    }
    let mut first_panic = None;
    for worker in running {
        // `Err`: the thread is gone, and its job with it.
        if let Ok(Err(payload)) = worker.finished.recv() {
            first_panic = first_panic.or(Some(payload));
        }
    }
    if let Some(payload) = first_panic {
        panic::resume_unwind(payload);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workers(n: usize) -> Vec<Worker> {
        (0..n)
            .map(|i| Worker::spawn(format!("test-{i}"), 1 << 20).unwrap())
            .collect()
    }

    #[test]
    fn jobs_borrow_from_the_caller_and_run_on_their_own_threads() {
        let workers = workers(3);
        let mut names = vec![String::new(); 3];
        for _ in 0..2 {
            let jobs = workers
                .iter()
                .zip(&mut names)
                .map(|(worker, name)| {
                    let job: Job<'_> = Box::new(move || {
                        *name = thread::current().name().unwrap_or("").to_string();
                    });
                    (worker, job)
                })
                .collect();
            run_together(jobs);
            assert_eq!(names, ["test-0", "test-1", "test-2"]);
        }
    }

    #[test]
    fn a_panic_is_resumed_after_every_job_has_finished_and_the_worker_lives_on() {
        let workers = workers(2);
        let mut done = false;
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
            let slow: Job<'_> = Box::new(|| {
                thread::sleep(std::time::Duration::from_millis(50));
                done = true;
            });
            let failing: Job<'_> = Box::new(|| panic!("a job failed"));
            run_together(vec![(&workers[0], slow), (&workers[1], failing)]);
        }));
        assert!(outcome.is_err());
        assert!(done);
        let mut again = false;
        run_together(vec![(&workers[1], Box::new(|| again = true))]);
        assert!(again);
    }
}
