//! `analyse`: a search from the command line, for a person at a terminal or for a script. Runs the
//! engine's search on one position and writes each completed depth's lines with the moves in
//! SAN, either as aligned text or, with `json`, as one JSON object per line. Scores are given
//! from White's point of view in both forms.

use kaiser_engine::notation::to_san;
use kaiser_engine::search::{value, Bound, Engine, Info, Limits, Listener, Score, SearchControl};
use kaiser_engine::{Color, Move, Position};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Mutex;

/// How to search and what to show.
#[derive(Clone, Debug)]
pub struct Options {
    pub limits: Limits,
    pub multipv: usize,
    pub threads: usize,
    pub hash_mb: usize,
    /// Show win/draw/loss chances.
    pub wdl: bool,
    /// One JSON object per line instead of text.
    pub json: bool,
}

/// Writes the search reports as they come.
struct Printer<'a> {
    pos: &'a Position,
    options: &'a Options,
    state: Mutex<PrinterState<'a>>,
}

struct PrinterState<'a> {
    out: &'a mut (dyn Write + Send),
    /// The last line written for each MultiPV index: (depth, score, PV).
    shown: Vec<(u32, Score, Vec<Move>)>,
    error: Option<io::Error>,
}

impl Listener for Printer<'_> {
    fn info(&self, info: &Info) {
        if info.bound != Bound::Exact || info.pv.is_empty() {
            return;
        }
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let index = info.multipv as usize - 1;
        if state.shown.len() <= index {
            state.shown.resize(index + 1, (0, Score::Cp(0), Vec::new()));
        }
        let line = (info.depth, info.score, info.pv.clone());
        // The search repeats its best line once more as it ends.
        if state.shown[index] == line {
            return;
        }
        state.shown[index] = line;
        let text = if self.options.json {
            json_info(self.pos, info, self.options.wdl)
        } else {
            text_info(self.pos, info, self.options)
        };
        if let Err(error) = writeln!(state.out, "{text}") {
            state.error.get_or_insert(error);
        }
    }
}

/// Searches `pos` and writes the board, each depth's lines and the best move to `out`.
pub fn run(pos: &Position, options: &Options, out: &mut (dyn Write + Send)) -> io::Result<()> {
    write_header(pos, options, out)?;
    if let Some(outcome) = pos.outcome() {
        let (result, reason) = (outcome.pgn_result(), outcome.reason());
        return if options.json {
            writeln!(
                out,
                "{{\"type\":\"gameover\",\"result\":\"{result}\",\"reason\":\"{reason}\"}}"
            )
        } else {
            writeln!(out, "the game is over: {reason} ({result})")
        };
    }
    let mut engine = Engine::new();
    let hash_used = engine.set_hash_mb(options.hash_mb);
    if hash_used != options.hash_mb && !options.json {
        writeln!(
            out,
            "(could not allocate {} MiB of hash, using {hash_used} MiB)",
            options.hash_mb
        )?;
    }
    engine.set_threads(options.threads);
    engine.set_multipv(options.multipv);
    if !options.json {
        let line = if options.multipv > 1 { " line" } else { "" };
        let wdl = if options.wdl { "   win/draw/loss" } else { "" };
        writeln!(
            out,
            "depth{line}   score{wdl}      nodes    nps    time  moves"
        )?;
    }
    let printer = Printer {
        pos,
        options,
        state: Mutex::new(PrinterState {
            out,
            shown: Vec::new(),
            error: None,
        }),
    };
    let result = engine.search(pos, &options.limits, &SearchControl::new(), &printer);
    let state = printer
        .state
        .into_inner()
        .unwrap_or_else(|p| p.into_inner());
    if let Some(error) = state.error {
        return Err(error);
    }
    write_best(pos, options, result.best, result.score, state.out)
}

/// The board (or the JSON `position` object).
fn write_header(pos: &Position, options: &Options, out: &mut dyn Write) -> io::Result<()> {
    if options.json {
        return writeln!(
            out,
            "{{\"type\":\"position\",\"variant\":\"{}\",\"fen\":\"{}\",\"pov\":\"white\"}}",
            pos.variant(),
            json_escape(&pos.fen())
        );
    }
    writeln!(out, "{pos}\n")?;
    writeln!(
        out,
        "{} ({}) to move. Scores in pawns from White's view; #N: White mates in N moves, \
         #-N: Black does.\n",
        side_name(pos.side_to_move()),
        pos.variant()
    )?;
    Ok(())
}

/// The search's decision.
fn write_best(
    pos: &Position,
    options: &Options,
    best: Option<Move>,
    score: Score,
    out: &mut dyn Write,
) -> io::Result<()> {
    let Some(best) = best else {
        return writeln!(out, "no legal move");
    };
    let san = to_san(pos, best);
    let score = white_score(pos, score);
    if options.json {
        writeln!(
            out,
            "{{\"type\":\"bestmove\",\"move\":\"{best}\",\"san\":\"{}\",\"score\":{}}}",
            json_escape(&san),
            json_score(score)
        )
    } else {
        writeln!(
            out,
            "\nbest move: {san} ({best}), score {}",
            score_text(score)
        )
    }
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A score from the side to move's view, turned to White's.
fn white_score(pos: &Position, score: Score) -> Score {
    match (pos.side_to_move(), score) {
        (Color::White, score) => score,
        (Color::Black, Score::Cp(cp)) => Score::Cp(-cp),
        (Color::Black, Score::Mate(n)) => Score::Mate(-n),
    }
}

/// `+0.31`, `-1.20`, `#3`, `#-2`.
fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(n) => format!("#{n}"),
    }
}

fn json_score(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{{\"cp\":{cp}}}"),
        Score::Mate(n) => format!("{{\"mate\":{n}}}"),
    }
}

/// Win/draw/loss per mille from White's view.
fn white_wdl(pos: &Position, info: &Info) -> (u32, u32, u32) {
    let (w, d, l) = info.wdl.unwrap_or_else(|| value::wdl(info.score));
    match pos.side_to_move() {
        Color::White => (w, d, l),
        Color::Black => (l, d, w),
    }
}

/// `950`, `12.3k`, `4.56M`.
fn count_text(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.2}M", n as f64 / 1e6),
    }
}

/// The PV's moves in SAN, stopping at the first move that is not legal (none should be).
fn pv_san(pos: &Position, pv: &[Move]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut sans = Vec::with_capacity(pv.len());
    for &m in pv {
        if !pos.legal_moves().contains(&m) {
            break;
        }
        sans.push(to_san(&pos, m));
        pos.make_move(m);
    }
    sans
}

/// The PV in SAN with move numbers: `12. Ef2 Nc6 13. Cd3` or `12... Nc6 13. Cd3`.
fn numbered_line(pos: &Position, pv: &[Move]) -> String {
    let mut text = String::new();
    let mut number = pos.fullmove_number();
    let mut white = pos.side_to_move() == Color::White;
    for (index, san) in pv_san(pos, pv).iter().enumerate() {
        if white {
            let _ = write!(text, "{number}. ");
        } else if index == 0 {
            let _ = write!(text, "{number}... ");
        }
        text.push_str(san);
        text.push(' ');
        if !white {
            number += 1;
        }
        white = !white;
    }
    text.trim_end().to_string()
}

fn text_info(pos: &Position, info: &Info, options: &Options) -> String {
    let mut line = format!("{:>5}", info.depth);
    if options.multipv > 1 {
        let _ = write!(line, " {:>4}", info.multipv);
    }
    let _ = write!(line, " {:>7}", score_text(white_score(pos, info.score)));
    if options.wdl {
        let (w, d, l) = white_wdl(pos, info);
        let percent = |x: u32| format!("{:.0}%", f64::from(x) / 10.0);
        let _ = write!(
            line,
            "  {:>4} {:>4} {:>4}",
            percent(w),
            percent(d),
            percent(l)
        );
    }
    let _ = write!(
        line,
        " {:>10} {:>6} {:>6.2}s  {}",
        count_text(info.nodes),
        count_text(info.nps),
        info.time_ms as f64 / 1000.0,
        numbered_line(pos, &info.pv)
    );
    line
}

fn json_info(pos: &Position, info: &Info, show_wdl: bool) -> String {
    let quoted = |items: Vec<String>| {
        let items: Vec<String> = items
            .iter()
            .map(|s| format!("\"{}\"", json_escape(s)))
            .collect();
        format!("[{}]", items.join(","))
    };
    let mut line = format!(
        "{{\"type\":\"info\",\"depth\":{},\"seldepth\":{},\"multipv\":{},\"score\":{}",
        info.depth,
        info.seldepth,
        info.multipv,
        json_score(white_score(pos, info.score))
    );
    if show_wdl {
        let (w, d, l) = white_wdl(pos, info);
        let _ = write!(line, ",\"wdl\":[{w},{d},{l}]");
    }
    let _ = write!(
        line,
        ",\"nodes\":{},\"nps\":{},\"time_ms\":{},\"pv\":{},\"san\":{}}}",
        info.nodes,
        info.nps,
        info.time_ms,
        quoted(info.pv.iter().map(Move::to_string).collect()),
        quoted(pv_san(pos, &info.pv))
    );
    line
}

/// Escapes a string for a JSON string literal.
fn json_escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => escaped.push_str("\\\""),
            '\\' => escaped.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(escaped, "\\u{:04x}", c as u32);
            }
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaiser_engine::Variant;

    #[test]
    fn lines_are_numbered_from_the_position() {
        let mut pos = Position::startpos(Variant::Chess);
        let moves: Vec<Move> = ["e2e4", "e7e5", "g1f3"]
            .iter()
            .map(|t| {
                let m = pos.parse_uci_move(t).unwrap();
                pos.make_move(m);
                m
            })
            .collect();
        let start = Position::startpos(Variant::Chess);
        assert_eq!(numbered_line(&start, &moves), "1. e4 e5 2. Nf3");
        let mut after = start.clone();
        after.make_move(moves[0]);
        assert_eq!(numbered_line(&after, &moves[1..]), "1... e5 2. Nf3");
    }

    #[test]
    fn scores_and_counts_read_well() {
        let black = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1", Variant::Chess).unwrap();
        assert_eq!(score_text(white_score(&black, Score::Cp(31))), "-0.31");
        assert_eq!(score_text(white_score(&black, Score::Mate(-2))), "#2");
        assert_eq!(count_text(950), "950");
        assert_eq!(count_text(12_345), "12.3k");
        assert_eq!(count_text(4_560_000), "4.56M");
        assert_eq!(json_escape("a\"b\\c\n"), "a\\\"b\\\\c\\u000a");
    }
}
