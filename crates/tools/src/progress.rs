//! The progress of a long tool run (a match, data generation, tuning, training, a book or
//! openings) on standard error. On a terminal it is an `indicatif` bar redrawn in place, with
//! lines printed above it; otherwise (a log file, a pipe, a test) it is plain lines: every line
//! printed above the bar, and the bar's message as a line of its own at most once per
//! `log_every` and always when the work is done. The message carries everything a reader of the log needs (counts,
//! rates, times): the bar adds only the picture.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The bar as drawn on a terminal: the bar, then the message.
const TEMPLATE: &str = "[{bar:24}] {msg}";

/// A progress display on standard error.
pub struct Progress {
    bar: ProgressBar,
    log_every: Duration,
    /// When the last plain line was written.
    last_log: Mutex<Option<Instant>>,
}

impl Progress {
    /// A display of `total` steps, writing plain lines at most once per `log_every` when
    /// standard error is not a terminal (`Duration::ZERO`: at every update).
    pub fn new(total: u64, log_every: Duration) -> Progress {
        Progress::with_target(total, log_every, ProgressDrawTarget::stderr())
    }

    fn with_target(total: u64, log_every: Duration, target: ProgressDrawTarget) -> Progress {
        let style = ProgressStyle::with_template(TEMPLATE)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("#>-");
        Progress {
            bar: ProgressBar::with_draw_target(Some(total), target).with_style(style),
            log_every,
            last_log: Mutex::new(None),
        }
    }

    /// True when the display is drawn in place (standard error is a terminal).
    fn is_drawn(&self) -> bool {
        !self.bar.is_hidden()
    }

    /// `done` of `total` steps, described by `message`.
    pub fn update(&self, done: u64, total: u64, message: String) {
        self.bar.set_length(total);
        self.bar.set_position(done);
        if self.is_drawn() {
            self.bar.set_message(message);
            return;
        }
        let mut last = self.last_log.lock().unwrap_or_else(|p| p.into_inner());
        let due = last.is_none_or(|at| at.elapsed() >= self.log_every);
        if due || done >= total {
            *last = Some(Instant::now());
            eprintln!("{message}");
        }
    }

    /// Prints `line` above the bar (or as a plain line).
    pub fn println(&self, line: &str) {
        self.suspend(|| eprintln!("{line}"));
    }

    /// Runs `f` with the bar cleared, so that what it prints (to either stream) is not mixed
    /// with the bar, then draws the bar again.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    /// Leaves the bar as it last was, ending its line.
    pub fn finish(&self) {
        self.bar.abandon();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_is_valid() {
        assert!(ProgressStyle::with_template(TEMPLATE).is_ok());
    }

    #[test]
    fn plain_lines_are_limited_but_the_last_is_always_shown() {
        let progress =
            Progress::with_target(10, Duration::from_secs(3600), ProgressDrawTarget::hidden());
        assert!(!progress.is_drawn());
        progress.update(1, 10, "first".to_string());
        let first = progress
            .last_log
            .lock()
            .unwrap()
            .expect("the first line is shown");
        progress.update(2, 10, "second".to_string());
        assert_eq!(*progress.last_log.lock().unwrap(), Some(first));
        progress.update(10, 10, "done".to_string());
        assert_ne!(*progress.last_log.lock().unwrap(), Some(first));
    }
}
