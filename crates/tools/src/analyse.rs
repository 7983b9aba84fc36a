//! `analyse`: a search from the command line, for a person at a terminal or for a script. Runs the
//! engine's search on one position and writes each completed depth's lines with the moves in
//! SAN, either as aligned text or, with `json`, as one JSON object per line (`JsonLine`, written
//! by serde_json). Scores are given from White's point of view in both forms. The search runs in a
//! `Session`, so the engine options a GUI sets (`EvalFile`, `Use NNUE`, search parameters, ...)
//! are set here by the same table.

use kaiser_engine::notation::to_san;
use kaiser_engine::search::{value, Bound, Info, Limits, Listener, Score, SearchControl};
use kaiser_engine::session::{options, Session};
use kaiser_engine::{Color, Move, Position};
use serde::Serialize;
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
    /// Engine options and search parameters (name, value), set after the fields above, in
    /// order (`check_option` tells beforehand whether one can be; `run` fails on one that
    /// cannot take its value).
    pub engine_options: Vec<(String, String)>,
}

/// Options that `analyse`'s own flags set, or that do nothing to a search from the command
/// line, with what to use instead.
const REFUSED_OPTIONS: &[(&str, &str)] = &[
    ("Hash", "use --hash"),
    ("Threads", "use --threads"),
    ("MultiPV", "use --multipv"),
    ("UCI_Variant", "give the variant with --variant"),
    ("UCI_ShowWDL", "use --wdl"),
    ("OwnBook", "analysis never plays book moves"),
    ("BookFile", "analysis never plays book moves"),
    ("Ponder", "analysis does not ponder"),
    ("UCI_AnalyseMode", "this is analysis already"),
];

/// Whether `name` can be set to `value` here: an engine option or search parameter that takes
/// the value and acts on a search from the command line. The error says why not.
pub fn check_option(name: &str, value: &str) -> Result<(), String> {
    let name = name.trim();
    if let Some((option, instead)) = REFUSED_OPTIONS
        .iter()
        .find(|(option, _)| option.eq_ignore_ascii_case(name))
    {
        return Err(format!(
            "option '{option}' is not set this way here: {instead}"
        ));
    }
    options::read(name, Some(value))
        .map(drop)
        .map_err(|error| error.to_string())
}

/// One line of `--json` output; `type` names the variant (`position`, `info`, `bestmove`,
/// `gameover`).
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum JsonLine {
    Position {
        variant: String,
        fen: String,
        /// Whose view the scores take: always `white`.
        pov: &'static str,
    },
    Info {
        depth: u32,
        seldepth: u32,
        multipv: u32,
        score: JsonScore,
        /// Win/draw/loss per mille, with `--wdl`.
        #[serde(skip_serializing_if = "Option::is_none")]
        wdl: Option<[u32; 3]>,
        nodes: u64,
        nps: u64,
        time_ms: u64,
        /// The line in UCI notation, then in SAN.
        pv: Vec<String>,
        san: Vec<String>,
    },
    Bestmove {
        #[serde(rename = "move")]
        best: String,
        san: String,
        score: JsonScore,
    },
    Gameover {
        result: String,
        reason: String,
    },
}

/// A score from White's view: `{"cp":31}` or `{"mate":-2}`.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum JsonScore {
    Cp(i32),
    Mate(i32),
}

impl From<Score> for JsonScore {
    fn from(score: Score) -> JsonScore {
        match score {
            Score::Cp(cp) => JsonScore::Cp(cp),
            Score::Mate(n) => JsonScore::Mate(n),
        }
    }
}

/// Writes `line` as one line of JSON.
fn write_json(out: &mut dyn Write, line: &JsonLine) -> io::Result<()> {
    serde_json::to_writer(&mut *out, line)?;
    writeln!(out)
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
        let written = if self.options.json {
            write_json(
                &mut *state.out,
                &json_info(self.pos, info, self.options.wdl),
            )
        } else {
            writeln!(state.out, "{}", text_info(self.pos, info, self.options))
        };
        if let Err(error) = written {
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
            let gameover = JsonLine::Gameover {
                result: result.to_string(),
                reason: reason.to_string(),
            };
            write_json(out, &gameover)
        } else {
            writeln!(out, "the game is over: {reason} ({result})")
        };
    }
    let (session, notes) = session_for(pos, options)?;
    for note in notes {
        if options.json {
            eprintln!("{note}");
        } else {
            writeln!(out, "({note})")?;
        }
    }
    let mut engine = session.engine();
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

/// A session of `pos`'s variant with `options`' engine settings, and what setting them reported.
/// An engine option that cannot take its value (see `check_option`) is an error.
fn session_for(pos: &Position, options: &Options) -> io::Result<(Session, Vec<String>)> {
    let mut session = Session::new();
    let mut notes: Vec<String> = session.set_variant(pos.variant()).into_iter().collect();
    notes.extend(session.set_hash_mb(options.hash_mb));
    notes.extend(session.set_threads(options.threads));
    notes.extend(session.set_multipv(options.multipv));
    for (name, value) in &options.engine_options {
        let setting = options::read(name, Some(value))
            .map_err(|error| io::Error::new(io::ErrorKind::InvalidInput, error.to_string()))?;
        notes.extend(session.apply(setting));
    }
    Ok((session, notes))
}

/// The board (or the JSON `position` object).
fn write_header(pos: &Position, options: &Options, out: &mut dyn Write) -> io::Result<()> {
    if options.json {
        let position = JsonLine::Position {
            variant: pos.variant().to_string(),
            fen: pos.fen(),
            pov: "white",
        };
        return write_json(out, &position);
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
        let best = JsonLine::Bestmove {
            best: best.to_string(),
            san,
            score: score.into(),
        };
        write_json(out, &best)
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

fn json_info(pos: &Position, info: &Info, show_wdl: bool) -> JsonLine {
    JsonLine::Info {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv,
        score: white_score(pos, info.score).into(),
        wdl: show_wdl.then(|| {
            let (w, d, l) = white_wdl(pos, info);
            [w, d, l]
        }),
        nodes: info.nodes,
        nps: info.nps,
        time_ms: info.time_ms,
        pv: info.pv.iter().map(Move::to_string).collect(),
        san: pv_san(pos, &info.pv),
    }
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
    }

    #[test]
    fn json_lines_keep_their_field_order_and_escape_text() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R b K - 0 1", Variant::Chess).unwrap();
        let pv = vec![pos.parse_uci_move("e8d7").unwrap()];
        let info = Info {
            depth: 3,
            seldepth: 5,
            multipv: 1,
            score: Score::Cp(-250),
            bound: Bound::Exact,
            wdl: None,
            nodes: 120,
            nps: 6000,
            hashfull: 0,
            time_ms: 20,
            pv,
        };
        let text = |line: &JsonLine| serde_json::to_string(line).unwrap();
        assert_eq!(
            text(&json_info(&pos, &info, false)),
            "{\"type\":\"info\",\"depth\":3,\"seldepth\":5,\"multipv\":1,\"score\":{\"cp\":250},\
             \"nodes\":120,\"nps\":6000,\"time_ms\":20,\"pv\":[\"e8d7\"],\"san\":[\"Kd7\"]}"
        );
        assert!(text(&json_info(&pos, &info, true)).contains("\"score\":{\"cp\":250},\"wdl\":["));
        let over = JsonLine::Gameover {
            result: "1-0".to_string(),
            reason: "a \"quoted\"\nreason".to_string(),
        };
        assert_eq!(
            text(&over),
            "{\"type\":\"gameover\",\"result\":\"1-0\",\"reason\":\"a \\\"quoted\\\"\\nreason\"}"
        );
    }
}
