//! What the two protocols share: the engine's entry point, which picks the protocol by the first
//! command (`xboard` starts XBoard's CECP, anything else UCI, as with Fairy-Stockfish), the
//! reader of standard input and the writer of output lines, which go to standard output unless a
//! host that has none (the browser build's worker) names another sink (`set_output`). (XBoard's
//! session also keeps a UCI session for the engine, its options and its book: see `xboard`.)

use once_cell::sync::OnceCell;
use std::io::{BufRead, Write};
use std::sync::mpsc::{self, Receiver};
use std::thread;

/// Receives every output line, without its line end.
pub type OutputSink = Box<dyn Fn(&str) + Send + Sync>;

/// Where output lines go instead of standard output, once set.
static OUTPUT: OnceCell<OutputSink> = OnceCell::new();

/// Runs the engine on standard input and output until `quit` or the end of input: XBoard's
/// protocol (CECP) if the first command is `xboard`, UCI otherwise (the first line is then
/// UCI's first command).
pub fn run() {
    run_lines(read_input());
}

/// Runs the engine on `lines` as `run` does on standard input (the lines of a test, a fuzzer
/// or another front end; the sender's end closing is the end of input). Output still goes
/// through `send`.
pub fn run_lines(lines: Receiver<String>) {
    kaiser_rules::attacks::init();
    // Blank lines mean nothing in either protocol: the first command decides.
    let first = loop {
        match lines.recv() {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => break line,
            Err(_) => return, // no input at all
        }
    };
    if first.split_whitespace().next() == Some("xboard") {
        crate::xboard::run(lines);
    } else {
        crate::uci::run_from(Some(first), lines);
    }
}

/// Reads standard input on its own thread, handing over each line. The channel closes at the
/// end of input (or a read error), which both protocols take as `quit`.
pub(crate) fn read_input() -> Receiver<String> {
    let (lines_tx, lines_rx) = mpsc::channel();
    thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if lines_tx.send(line).is_err() {
                break;
            }
        }
    });
    lines_rx
}

/// Sends every output line to `sink` from now on, instead of standard output. It can be named
/// once; a second sink is refused and handed back.
pub fn set_output(sink: OutputSink) -> Result<(), OutputSink> {
    OUTPUT.set(sink)
}

/// Writes one line to the output sink if one is set (`set_output`); otherwise to standard output,
/// flushed, holding stdout's lock for the whole line so that lines of the search thread and of
/// the input thread never interleave. A closed pipe is ignored: the GUI is gone and the end of
/// standard input will end the engine.
pub fn send(line: &str) {
    if let Some(sink) = OUTPUT.get() {
        return sink(line);
    }
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}
