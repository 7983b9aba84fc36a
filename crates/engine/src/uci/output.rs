//! Writing to the GUI: the `info` and `bestmove` lines, and the listener that prints a search's
//! reports. Every line goes through `console::send` (shared with XBoard's protocol), which holds
//! stdout's lock for the whole line, so the search thread's `info` lines and the input thread's
//! answers never interleave.

use crate::search::{Bound, Info, Listener, Score};
use kaiser_rules::types::Move;
use std::fmt::Write as _;

pub use crate::console::send;

/// Prints each search report as an `info` line.
pub struct InfoPrinter {
    pub show_wdl: bool,
}

impl Listener for InfoPrinter {
    fn info(&self, info: &Info) {
        send(&info_line(info, self.show_wdl));
    }

    /// Fairy-Stockfish's answer to a finished game: `info depth 0 score mate 0` (`cp 0` when
    /// drawn), then `bestmove (none)`.
    fn game_over(&self, score: Score) {
        send(&format!("info depth 0 score {}", score_text(score)));
    }
}

/// Sends `info string <text>`, one line per line of `text`.
pub fn send_info_string(text: &str) {
    for line in text.lines() {
        send(&format!("info string {line}"));
    }
}

/// The UCI form of a score: `cp 31` or `mate -3`.
pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(moves) => format!("mate {moves}"),
    }
}

/// One `info` line for a search report.
pub fn info_line(info: &Info, show_wdl: bool) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text(info.score)
    );
    match info.bound {
        Bound::Lower => line.push_str(" lowerbound"),
        Bound::Upper => line.push_str(" upperbound"),
        Bound::Exact => {}
    }
    if let (true, Some((w, d, l))) = (show_wdl, info.wdl) {
        let _ = write!(line, " wdl {w} {d} {l}");
    }
    let _ = write!(
        line,
        " nodes {} nps {} hashfull {} time {}",
        info.nodes, info.nps, info.hashfull, info.time_ms
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for m in &info.pv {
            let _ = write!(line, " {m}");
        }
    }
    line
}

/// The `bestmove` line; `bestmove (none)` when there is no legal move.
pub fn bestmove_line(best: Option<Move>, ponder: Option<Move>) -> String {
    match (best, ponder) {
        (Some(best), Some(ponder)) => format!("bestmove {best} ponder {ponder}"),
        (Some(best), None) => format!("bestmove {best}"),
        (None, _) => "bestmove (none)".to_string(),
    }
}
