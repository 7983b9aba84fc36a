//! Shared by the binary's end-to-end tests: the `kaiser` binary as an engine process (start it,
//! send lines, read lines with a timeout) and a one-shot run of a `kaiser` command line.

#![allow(dead_code)] // each test binary uses its own part of the harness

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
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

/// A running engine with a line reader on its standard output.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

const PATIENCE: Duration = Duration::from_secs(20);

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kaiser"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start kaiser");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
        }
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to engine");
        stdin.flush().expect("flush");
    }

    /// Reads lines until one satisfies `done`; returns all lines read, that one last.
    pub fn read_until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let finished = done(&line);
                    seen.push(line);
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
            match self
                .lines
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(line) => {
                    assert!(!forbidden(&line), "unexpected line: {line}");
                    seen.push(line);
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
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "exit status {status}");
                return;
            }
            assert!(Instant::now() < deadline, "engine did not exit on EOF");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
