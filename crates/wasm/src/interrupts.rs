//! The lines that arrive while a search runs on the thread that reads them: the host's queue
//! (`LineSource`) is polled at the search's time checks, and each line is taken as the native
//! loop takes it while its search thread runs (`kaiser_engine::uci::arrival`): `stop` and
//! `ponderhit` act on the search, `isready` is answered at once, the rest waits for the search's
//! end (stopping it first where the native loop would).

use kaiser_engine::console::send;
use kaiser_engine::search::{Interrupts, SearchControl};
use kaiser_engine::uci::{arrival, Arrival};
use std::collections::VecDeque;
use std::fmt::Debug;
use std::sync::Mutex;

/// How long a search that holds its answer back (`go infinite`) waits for a line at a time.
const WAIT_MS: u32 = 50;

/// Where lines come from while a search runs.
pub trait LineSource: Send + Sync + Debug {
    /// The next line that has arrived, waiting up to `wait_ms` for one; `None` if none came.
    fn next_line(&self, wait_ms: u32) -> Option<String>;
}

/// The `Interrupts` of a search on the reading thread, over a host's line queue.
#[derive(Debug)]
pub struct LineInterrupts<S> {
    source: S,
    /// Lines to handle once the search has ended, in the order they came.
    later: Mutex<VecDeque<String>>,
}

impl<S: LineSource> LineInterrupts<S> {
    pub fn new(source: S) -> Self {
        LineInterrupts {
            source,
            later: Mutex::new(VecDeque::new()),
        }
    }

    /// The oldest line kept for after the search, if any.
    pub fn take_later(&self) -> Option<String> {
        self.later().pop_front()
    }

    fn later(&self) -> std::sync::MutexGuard<'_, VecDeque<String>> {
        self.later.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn take(&self, line: String, control: &SearchControl) {
        match arrival(&line) {
            Arrival::Stop => control.stop(),
            Arrival::PonderHit => control.ponderhit(),
            Arrival::IsReady => send("readyok"),
            Arrival::Later { stops } => {
                if stops {
                    control.stop();
                }
                self.later().push_back(line);
            }
        }
    }
}

impl<S: LineSource> Interrupts for LineInterrupts<S> {
    fn poll(&self, control: &SearchControl) {
        while let Some(line) = self.source.next_line(0) {
            self.take(line, control);
        }
    }

    fn wait(&self, control: &SearchControl) {
        if let Some(line) = self.source.next_line(WAIT_MS) {
            self.take(line, control);
            self.poll(control);
        }
    }
}
