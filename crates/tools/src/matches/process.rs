//! An engine process: started from a command line, spoken to line by line through its standard
//! input, and read through a thread that timestamps every line of its standard output (its
//! standard error is dropped). Every read has a deadline; dropping a `Process` kills it. The
//! UCI client (`engine`) is built on it, and so are the `kaiser` binary's end-to-end tests,
//! which speak UCI and XBoard to it line by line.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A line of the process's output and when it was read.
pub struct Line {
    pub text: String,
    pub at: Instant,
}

/// A running process with a line reader on its standard output.
pub struct Process {
    child: Child,
    /// `None` once closed (`close_input`).
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
}

impl Process {
    /// Starts `command` with piped standard input and output.
    pub fn spawn(mut command: Command) -> io::Result<Process> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("standard output is piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for text in BufReader::new(stdout).lines().map_while(Result::ok) {
                let line = Line {
                    text,
                    at: Instant::now(),
                };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
        })
    }

    /// Sends one line (an error once the process has closed its input, or `close_input`).
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let stdin = self.stdin.as_mut().ok_or(io::ErrorKind::BrokenPipe)?;
        writeln!(stdin, "{line}")?;
        stdin.flush()
    }

    /// The next line of output, waiting until `deadline` at most; `Disconnected` once the
    /// output is closed and read to its end.
    pub fn next_line(&self, deadline: Instant) -> Result<Line, RecvTimeoutError> {
        self.lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
    }

    /// Closes the process's standard input: it reads the end of its input.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The exit status, if the process ends within `wait`.
    pub fn exit_within(&mut self, wait: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + wait;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                _ => return None,
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
