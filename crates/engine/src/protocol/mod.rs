//! The engine's entry point: it speaks the protocol the GUI's first command asks for (`xboard`
//! starts XBoard's CECP, anything else UCI, as with Fairy-Stockfish), on standard input and
//! output (`console`) or on lines a caller hands over. Both protocols drive a `Session`.

use crate::console;
use std::sync::mpsc::Receiver;

/// Runs the engine on standard input and output until `quit` or the end of input: XBoard's
/// protocol (CECP) if the first command is `xboard`, UCI otherwise (the first line is then
/// UCI's first command).
pub fn run() {
    run_lines(console::read_input());
}

/// Runs the engine on `lines` as `run` does on standard input (the lines of a test, a fuzzer
/// or another front end; the sender's end closing is the end of input). Output still goes
/// through `console::send`.
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
