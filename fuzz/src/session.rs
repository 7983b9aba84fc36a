//! The UCI and XBoard targets: the bytes are the lines a GUI sends, run through a whole
//! session (`protocol::run_lines`, as standard input would be) until the end of input stops
//! it. The lines are kept as they are, but for the few that would make the run slow or reach
//! outside it: numbers that set a search's size or a time are capped (`go depth 4`, `nodes
//! 5000`, `movetime 50`, ..., `perft 3`), as are the hash size and the threads (64 MiB, 2
//! threads), `bench` is left out, and options naming a file (`EvalFile`, `BookFile`,
//! `VariantPath`) are left out: their readers are targets of their own.

use std::sync::mpsc;

/// The word before a number that sets how much work a command asks for, and the largest
/// number kept.
const CAPS: [(&str, u64); 11] = [
    ("depth", 4),
    ("mate", 3),
    ("nodes", 5000),
    ("movetime", 50),
    ("wtime", 500),
    ("btime", 500),
    ("winc", 20),
    ("binc", 20),
    ("perft", 3),
    ("sd", 4),
    ("st", 1),
];

/// Options that name a file to read.
const FILE_OPTIONS: [&str; 3] = ["evalfile", "bookfile", "variantpath"];

/// The UCI target: a session on the bounded lines of `data`.
pub fn uci(data: &[u8]) {
    run(uci_lines(data));
}

/// The XBoard target: `xboard`, then the bounded lines of `data`.
pub fn xboard(data: &[u8]) {
    run(xboard_lines(data));
}

/// The lines the UCI target sends for `data`.
pub fn uci_lines(data: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(data)
        .lines()
        .filter_map(bounded)
        .collect()
}

/// The lines the XBoard target sends for `data`: the protocol's first command, then `data`'s.
pub fn xboard_lines(data: &[u8]) -> Vec<String> {
    let mut lines = vec!["xboard".to_string()];
    lines.extend(uci_lines(data));
    lines
}

/// Runs the engine on `lines` until their end.
fn run(lines: Vec<String>) {
    let (sender, receiver) = mpsc::channel();
    for line in lines {
        sender.send(line).expect("the receiver is alive");
    }
    drop(sender);
    kaiser_engine::protocol::run_lines(receiver);
}

/// `line` with its work capped (see the module header), or `None` to leave it out.
fn bounded(line: &str) -> Option<String> {
    let lower = line.to_ascii_lowercase();
    if FILE_OPTIONS.iter().any(|option| lower.contains(option)) {
        return None;
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() == Some(&"bench") {
        return None;
    }
    // Hash and threads, whether by UCI's `setoption` or XBoard's `memory`, `cores`, `option`.
    let any_number_cap = if lower.contains("hash") || lower.contains("memory") {
        Some(64)
    } else if lower.contains("thread") || lower.contains("cores") {
        Some(2)
    } else {
        None
    };
    let mut changed = false;
    let capped: Vec<String> = words
        .iter()
        .enumerate()
        .map(|(i, word)| {
            let before = i.checked_sub(1).map(|j| words[j]);
            let cap = CAPS
                .iter()
                .find(|(key, _)| Some(*key) == before)
                .map(|&(_, max)| max)
                .or(any_number_cap);
            match (cap, word.parse::<u64>()) {
                (Some(max), Ok(n)) if n > max => {
                    changed = true;
                    max.to_string()
                }
                _ => word.to_string(),
            }
        })
        .collect();
    Some(match changed {
        true => capped.join(" "),
        false => line.to_string(),
    })
}
