//! The search thread pool under the UCI loop, in process (`protocol::run_lines`, output through
//! `console::set_output`): `go` in its forms, `stop`, `ponderhit`, `setoption name Threads`
//! (1 to 16), `ucinewgame`, `UCI_Variant` and `isready` in a random order drawn from a seed, and
//! at the end `quit` or the end of input. Every `isready` must be answered and the session must
//! end within a timeout (no hang), every `go` must get exactly one `bestmove`, and nothing may be
//! written once the loop has returned; engines resized and dropped leave no thread running. The
//! quick test runs a few seeds; the long one (ignored:
//! `cargo test -p kaiser-engine --test thread_pool_stress -- --ignored`) many more commands.

use kaiser_engine::{console, protocol};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Mutex, Once};
use std::thread;
use std::time::{Duration, Instant};

/// Where the loop's output goes: the current session's channel.
static OUTPUT: Mutex<Option<Sender<String>>> = Mutex::new(None);
/// One session at a time: the output sink is the process's.
static ONE_SESSION: Mutex<()> = Mutex::new(());

/// The longest any answer may take (the machine may be busy).
const PATIENCE: Duration = Duration::from_secs(30);

/// The `go` commands drawn from.
const GOES: &[&str] = &[
    "go depth 3",
    "go depth 5",
    "go nodes 20000",
    "go movetime 30",
    "go wtime 800 btime 800 winc 10 binc 10",
    "go infinite",
    "go ponder wtime 600 btime 600",
    "go mate 2",
];

/// The other commands drawn from.
const OTHERS: &[&str] = &[
    "stop",
    "ponderhit",
    "ucinewgame",
    "isready",
    "position startpos moves e2e4",
    "position startpos",
];

/// A UCI session run on its own thread, its input and its output.
struct Session {
    input: Option<Sender<String>>,
    output: Receiver<String>,
    ended: Receiver<()>,
    /// Every line written so far.
    lines: Vec<String>,
}

impl Session {
    fn start() -> Session {
        static SINK: Once = Once::new();
        SINK.call_once(|| {
            let sink = |line: &str| {
                if let Some(tx) = OUTPUT.lock().unwrap().as_ref() {
                    let _ = tx.send(line.to_string());
                }
            };
            assert!(console::set_output(Box::new(sink)).is_ok());
        });
        let (out_tx, output) = mpsc::channel();
        *OUTPUT.lock().unwrap() = Some(out_tx);
        let (input, lines) = mpsc::channel();
        let (done, ended) = mpsc::channel();
        thread::spawn(move || {
            protocol::run_lines(lines);
            let _ = done.send(());
        });
        Session {
            input: Some(input),
            output,
            ended,
            lines: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_ref().expect("input still open");
        input.send(line.to_string()).expect("the loop is running");
    }

    /// Reads lines until one satisfies `done`; panics after `PATIENCE`.
    fn read_until(&mut self, what: &str, done: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            match self
                .output
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(line) => {
                    let found = done(&line);
                    self.lines.push(line);
                    if found {
                        return;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("hang: no {what} within {PATIENCE:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("output closed before {what}"),
            }
        }
    }

    /// Ends the input with `quit` or by closing it (EOF), waits for the loop to return and for
    /// anything written late; returns every line written.
    fn end(mut self, by_quit: bool) -> Vec<String> {
        if by_quit {
            self.send("quit");
        }
        self.input = None;
        match self.ended.recv_timeout(PATIENCE) {
            Ok(()) => {}
            Err(_) => panic!("hang: the loop did not end within {PATIENCE:?}"),
        }
        let mut lines = self.lines;
        lines.extend(self.output.try_iter());
        thread::sleep(Duration::from_millis(100));
        *OUTPUT.lock().unwrap() = None;
        let late: Vec<String> = self.output.try_iter().collect();
        assert!(late.is_empty(), "written after the loop returned: {late:?}");
        lines
    }
}

/// Runs one session of `commands` random commands from `seed`.
fn stress(seed: u64, commands: usize) {
    let _one = ONE_SESSION.lock().unwrap_or_else(|p| p.into_inner());
    let mut rng = StdRng::seed_from_u64(seed);
    let mut session = Session::start();
    session.send("uci");
    session.read_until("uciok", |l| l == "uciok");
    session.send("setoption name OwnBook value false");
    let mut goes = 0;
    for _ in 0..commands {
        let command = match rng.gen_range(0..10) {
            0..=3 => {
                goes += 1;
                GOES[rng.gen_range(0..GOES.len())].to_string()
            }
            4 | 5 => format!("setoption name Threads value {}", rng.gen_range(1..=16)),
            6 => {
                let variant = ["empire", "orda", "chess"][rng.gen_range(0..3)];
                format!("setoption name UCI_Variant value {variant}")
            }
            _ => OTHERS[rng.gen_range(0..OTHERS.len())].to_string(),
        };
        session.send(&command);
        if command == "isready" {
            session.read_until("readyok", |l| l == "readyok");
        }
        thread::sleep(Duration::from_millis(rng.gen_range(0..15)));
    }
    let lines = session.end(rng.gen_bool(0.5));
    let bestmoves = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(
        bestmoves, goes,
        "seed {seed}: {goes} go, {bestmoves} bestmove"
    );
}

/// The search threads of this process (Linux: named `search-<id>`), of any engine.
#[cfg(target_os = "linux")]
fn search_threads() -> usize {
    std::fs::read_dir("/proc/self/task")
        .unwrap()
        .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
        .filter(|name| name.starts_with("search-"))
        .count()
}

#[cfg(target_os = "linux")]
#[test]
fn resized_and_dropped_engines_leave_no_thread_behind() {
    use kaiser_engine::search::{Engine, Limits, NullListener, SearchControl};
    use kaiser_engine::{Position, Variant};
    // No session runs meanwhile, so every search thread is this test's.
    let _one = ONE_SESSION.lock().unwrap_or_else(|p| p.into_inner());
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let pos = Position::startpos(Variant::Empire);
    for threads in [16, 3, 9, 1] {
        let mut engine = Engine::new();
        for n in [threads, 2, threads] {
            assert_eq!(engine.set_threads(n), n);
            let result = engine.search(&pos, &limits, &SearchControl::new(), &NullListener);
            assert!(result.best.is_some());
            // Counted after a search, which every thread has run: a thread names itself as it
            // starts.
            assert_eq!(search_threads(), n);
        }
        drop(engine);
        // A joined thread's entry may outlive the join by a moment.
        let deadline = Instant::now() + Duration::from_secs(1);
        while search_threads() > 0 && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(search_threads(), 0, "after an engine of {threads} threads");
    }
}

#[test]
fn random_commands_with_up_to_sixteen_threads_neither_hang_nor_lose_a_bestmove() {
    for seed in 1..=3 {
        stress(seed, 40);
    }
}

#[test]
#[ignore = "long: a minute or more"]
fn many_random_commands_with_up_to_sixteen_threads() {
    for seed in 100..120 {
        stress(seed, 300);
    }
}
