//! A session spoken to in UCI, driven one line at a time by a host without threads: a `go` runs
//! to its `bestmove` inside `Driver::line`, and the lines that came during the search and were
//! kept for after it are handled next, in order, before `line` returns.

use crate::interrupts::{LineInterrupts, LineSource};
use kaiser_engine::session::Session;
use kaiser_engine::uci;
use std::sync::Arc;

/// The engine of one worker: its session and the line queue its searches poll.
pub struct Driver<S: LineSource + 'static> {
    session: Session,
    interrupts: Arc<LineInterrupts<S>>,
    quit: bool,
}

impl<S: LineSource + 'static> Driver<S> {
    pub fn new(source: S) -> Self {
        kaiser_rules::attacks::init();
        let interrupts = Arc::new(LineInterrupts::new(source));
        Driver {
            session: Session::inline(interrupts.clone()),
            interrupts,
            quit: false,
        }
    }

    /// Handles `line`, then every line kept during its search; false once `quit` has come (the
    /// lines after it are not handled, as the native engine exits).
    pub fn line(&mut self, line: &str) -> bool {
        let mut next = Some(line.to_string());
        while let Some(line) = next.take() {
            if self.quit {
                break;
            }
            self.quit = !uci::handle(&mut self.session, &line);
            next = self.interrupts.take_later();
        }
        !self.quit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use once_cell::sync::Lazy;
    use std::collections::VecDeque;
    use std::sync::Mutex;

    /// Every output line of the tests (the output sink is the process's).
    static OUTPUT: Lazy<Mutex<Vec<String>>> = Lazy::new(|| {
        let sink = |line: &str| OUTPUT.lock().unwrap().push(line.to_string());
        let _ = kaiser_engine::console::set_output(Box::new(sink));
        Mutex::new(Vec::new())
    });

    /// Lines that "arrive" during a search: one every `every` polls.
    #[derive(Debug, Default)]
    struct Script {
        lines: Mutex<VecDeque<String>>,
        calls: Mutex<u32>,
        every: u32,
    }

    impl LineSource for Arc<Script> {
        fn next_line(&self, _wait_ms: u32) -> Option<String> {
            let mut calls = self.calls.lock().unwrap();
            *calls += 1;
            if !calls.is_multiple_of(self.every) {
                return None;
            }
            self.lines.lock().unwrap().pop_front()
        }
    }

    fn run(driver: &mut Driver<Arc<Script>>, script: &Script, line: &str, arriving: &[&str]) {
        script
            .lines
            .lock()
            .unwrap()
            .extend(arriving.iter().map(|s| s.to_string()));
        assert!(driver.line(line));
    }

    fn take_output() -> Vec<String> {
        std::mem::take(&mut *OUTPUT.lock().unwrap())
    }

    /// One test, as the output sink is shared: the session answers as the native loop does, a
    /// search on the caller's thread sees `isready` and `stop`, and lines that come during it
    /// are handled after it, `go` stopping it first.
    #[test]
    fn inline_session() {
        take_output();
        let script = Arc::new(Script {
            every: 3,
            ..Script::default()
        });
        let mut driver = Driver::new(script.clone());
        run(&mut driver, &script, "uci", &[]);
        assert_eq!(take_output().last().unwrap(), "uciok");

        run(
            &mut driver,
            &script,
            "setoption name UCI_Variant value empire",
            &[],
        );
        run(&mut driver, &script, "position startpos", &[]);
        run(&mut driver, &script, "go infinite", &["isready", "stop"]);
        let out = take_output();
        let ready = out.iter().position(|l| l == "readyok").unwrap();
        let best = out.iter().position(|l| l.starts_with("bestmove ")).unwrap();
        assert!(ready < best, "{out:?}");
        assert!(out[best - 1].starts_with("info depth"), "{out:?}");

        // `position` waits for the search's end without ending it; `go` ends it.
        let arriving = ["position startpos moves e1f2", "go depth 2"];
        run(&mut driver, &script, "go infinite", &arriving);
        let out = take_output();
        let bests: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove")).collect();
        assert_eq!(bests.len(), 2, "{out:?}");
        let last_info = out
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .unwrap();
        // After e1f2 it is the Kingdom's (Black's) move: a black move from rank 7 or 8.
        let pv = last_info.split(" pv ").nth(1).unwrap();
        assert!(
            pv.as_bytes()[1] == b'7' || pv.as_bytes()[1] == b'8',
            "{last_info}"
        );

        run(&mut driver, &script, "wibble", &[]);
        assert!(take_output()[0].starts_with("info string"));
        assert!(!driver.line("quit"));
    }
}
