//! A parked thread: an OS thread with a stack of a chosen size, parked on a channel between jobs
//! and ended (joined) when its `Worker` is dropped. The search threads of the pool (`pool`) are
//! workers, and so is the thread a session searches from (`session::runner`), which starts a
//! job (`start`) and collects it later (`wait`).
//!
//! `run_together` hands each of several workers a job and returns only once every job has
//! finished, so the jobs may borrow from the caller's stack, as `std::thread::scope`'s threads
//! do, while the threads themselves live on from search to search. That promise is what makes
//! the one `unsafe` below sound, and it is kept in this file alone.
//!
//! The jobs go out as a binary tree: the caller wakes the first worker, and each worker wakes
//! the next two (`2i + 1` and `2i + 2`) before starting its own job. When threads outnumber the
//! cores, a thread that wakes another tends to lose the core to it and waits for a time slice
//! before it can wake the next; a tree keeps that chain to the tree's height instead of the
//! number of threads (with 256 threads on two busy cores, waking them one by one took seconds).

use std::any::Any;
use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};

/// Work for one worker, borrowing for `'a`.
pub(crate) type Job<'a> = Box<dyn FnOnce() + Send + 'a>;

/// What a job's thread reports when the job ends: `Err` holds the payload of its panic.
pub(crate) type Finished = Result<(), Box<dyn Any + Send>>;

/// What a worker is told to do.
enum Order {
    /// Hand on the task's subtree, run its job (whose borrows outlive it: see `run_together`),
    /// then report `Finished`.
    Run(Task),
    /// End the thread.
    Quit,
}

/// A worker's job, and the tasks it hands on to other workers before starting it.
struct Task {
    job: Job<'static>,
    next: Vec<(Sender<Order>, Task)>,
}

/// Sends each task to its worker. The task of a worker whose thread is gone (which cannot
/// happen: its jobs' panics are caught) is dropped unrun, and its subtree handed on from here.
fn hand_on(next: Vec<(Sender<Order>, Task)>) {
    for (orders, task) in next {
        if let Err(mpsc::SendError(Order::Run(task))) = orders.send(Order::Run(task)) {
            hand_on(task.next);
        }
    }
}

/// A parked thread.
pub(crate) struct Worker {
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
                while let Ok(Order::Run(Task { job, next })) = inbox.recv() {
                    hand_on(next);
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

    /// Starts `job` on this worker's thread and returns at once; `wait` collects it. The
    /// worker's job before must have been collected.
    pub fn start(&self, job: Job<'static>) {
        let task = Task {
            job,
            next: Vec::new(),
        };
        hand_on(vec![(self.orders.clone(), task)]);
    }

    /// Waits until the job started last has finished: `Err` holds its panic's payload. `Ok`
    /// also if the thread is gone (which cannot happen: its jobs' panics are caught).
    pub fn wait(&self) -> Finished {
        self.finished.recv().unwrap_or(Ok(()))
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

/// Runs each job on its worker, all at once (handed out as a tree: see the module header), and
/// returns when every one has finished. The jobs may borrow anything that outlives this call. If
/// a job panicked, the panic is resumed here once all have finished; a worker whose thread is
/// gone (which cannot happen: its jobs' panics are caught) leaves its job unrun.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(super) fn run_together<'a>(jobs: Vec<(&Worker, Job<'a>)>) {
    let (workers, jobs): (Vec<&Worker>, Vec<Job<'a>>) = jobs.into_iter().unzip();
    // SAFETY: only the lifetimes change. A job's borrows must outlive its run: this function
    // waits below for every worker to report its job finished (or its thread to be gone)
    // before returning, and nothing from here to that wait can unwind (building the tree only
    // moves boxes; sending on a channel does not panic). A job that is not run is dropped unrun.
    let mut tasks: Vec<Option<Task>> = jobs
        .into_iter()
        .map(|job| {
            let job = unsafe { std::mem::transmute::<Job<'a>, Job<'static>>(job) };
            Some(Task {
                job,
                next: Vec::new(),
            })
        })
        .collect();
    // From the leaves up, each task takes its two children.
    for parent in (0..tasks.len()).rev() {
        for child in [2 * parent + 1, 2 * parent + 2] {
            if let Some(task) = tasks.get_mut(child).and_then(Option::take) {
                let orders = workers[child].orders.clone();
                if let Some(Some(parent)) = tasks.get_mut(parent) {
                    parent.next.push((orders, task));
                }
            }
        }
    }
    if let (Some(&first), Some(Some(root))) = (workers.first(), tasks.first_mut().map(Option::take))
    {
        hand_on(vec![(first.orders.clone(), root)]);
    }
    let mut first_panic = None;
    for worker in workers {
        if let Err(payload) = worker.wait() {
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
