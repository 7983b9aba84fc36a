//! Shared by the binary's end-to-end tests: the `kaiser` binary as an engine process (start it,
//! send lines, read lines with a timeout) and a one-shot run of a `kaiser` command line.

#![allow(dead_code)] // each test binary uses its own part of the harness

use kaiser_tools::matches::process::Process;
use std::process::{Command, Output};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// Runs `kaiser` with `args` (a tool's command line) to the end.
pub fn kaiser(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kaiser"))
        .args(args)
        .output()
        .expect("run kaiser")
}

/// A command's output bytes as text, for messages and assertions.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The `kaiser` binary as an engine (the match runner's `Process`), with the waits of a test:
/// a line that does not come in time fails the test, showing what came instead.
pub struct Engine {
    process: Process,
}

const PATIENCE: Duration = Duration::from_secs(20);

impl Engine {
    pub fn start() -> Engine {
        let process =
            Process::spawn(Command::new(env!("CARGO_BIN_EXE_kaiser"))).expect("start kaiser");
        Engine { process }
    }

    pub fn send(&mut self, line: &str) {
        self.process.send(line).expect("write to engine");
    }

    /// Reads lines until one satisfies `done`; returns all lines read, that one last.
    pub fn read_until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            match self.process.next_line(deadline) {
                Ok(line) => {
                    let finished = done(&line.text);
                    seen.push(line.text);
                    if finished {
                        return seen;
                    }
                }
                Err(e) => panic!("no expected line ({e:?}); got:\n{}", seen.join("\n")),
            }
        }
    }

    /// Lines printed within `wait`, expecting none to satisfy `forbidden`.
    pub fn quiet_for(&mut self, wait: Duration, forbidden: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut seen = Vec::new();
        loop {
            match self.process.next_line(deadline) {
                Ok(line) => {
                    assert!(!forbidden(&line.text), "unexpected line: {}", line.text);
                    seen.push(line.text);
                }
                Err(RecvTimeoutError::Timeout) => return seen,
                Err(RecvTimeoutError::Disconnected) => panic!("engine exited"),
            }
        }
    }

    /// Sends `isready` and returns everything printed before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(|l| l == "readyok");
        lines.pop();
        lines
    }

    pub fn bestmove(&mut self, go: &str) -> (Vec<String>, String) {
        self.send(go);
        let mut lines = self.read_until(|l| l.starts_with("bestmove"));
        let best = lines.pop().expect("bestmove line");
        (lines, best)
    }

    /// The FEN shown by `d`.
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.read_until(|l| l.starts_with("Fen: "));
        lines.last().expect("Fen line")["Fen: ".len()..].to_string()
    }

    /// Closes standard input and waits for a clean exit.
    pub fn close(mut self) {
        self.process.close_input();
        match self.process.exit_within(Duration::from_secs(10)) {
            Some(status) => assert!(status.success(), "exit status {status}"),
            None => panic!("engine did not exit on EOF"),
        }
    }
}
