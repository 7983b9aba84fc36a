//! The engine's lines in and out, shared by both protocols: standard input read on a thread of
//! its own and handed over line by line, and the writer of output lines, which go to standard
//! output unless a host that has none (the browser build's worker) names another sink
//! (`set_output`).

use once_cell::sync::OnceCell;
use std::io::{BufRead, Write};
use std::sync::mpsc::{self, Receiver};
use std::thread;

/// Receives every output line, without its line end.
pub type OutputSink = Box<dyn Fn(&str) + Send + Sync>;

/// Where output lines go instead of standard output, once set.
static OUTPUT: OnceCell<OutputSink> = OnceCell::new();

/// Reads standard input on its own thread, handing over each line. The channel closes at the
/// end of input (or a read error), which both protocols take as `quit`.
pub fn read_input() -> Receiver<String> {
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
