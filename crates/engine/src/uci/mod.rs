//! The UCI protocol: reads UCI commands into calls on a `Session` and writes what it answers as
//! UCI lines (XBoard's protocol, the other one Kaiser speaks, is `xboard`; `protocol` starts the
//! one the GUI's first command asks for).
//!
//! Standard input is read on its own thread and handed over line by line, so `isready` and
//! `stop` are answered at once even while a search runs on the search thread. EOF on standard
//! input ends the engine as `quit` does.
//!
//! Every `bestmove` comes after an `info` line with a score (clients such as fairyfishnet and
//! variantfishtest read the score of the last one): the search reports the move it plays last, a
//! finished game answers `info depth 0 score mate 0` (or `cp 0` for a draw) and `bestmove
//! (none)`, as Fairy-Stockfish does, and a book move comes with its own line. Whether the game is
//! over, and how long `go infinite` or `go ponder` holds its answer back, the search decides
//! (`Engine::search`); this module only prints what it reports.
//!
//! With `OwnBook` on, a `go` that plays a game (with a clock or a fixed move time, one line) is
//! answered from the opening book when the book has a legal move for the position (`info string
//! book move ...`, a scored `info` line, then `bestmove` at once), unless the position occurred
//! before. Analysis (`go` with `depth`, `nodes`, `mate`, `infinite`, `ponder` or `searchmoves`,
//! `UCI_AnalyseMode` on, or MultiPV above one) always searches. The clock of a `go` starts when
//! the line is read.
//!
//! A host without threads (the browser build) drives an inline session (`Session::inline`) line
//! by line through `handle`: its searches run on the caller's thread, and the lines that arrive
//! meanwhile reach them through the search's `Interrupts`, taken as this loop takes them
//! (`arrival`).

mod command;
mod options;
mod output;

use crate::bench;
use crate::clock::Instant;
use crate::eval;
use crate::search::{Clock, Limits};
use crate::session::{self, book_info, Session};
use crate::Position;
use command::{Command, GoCommand};
use kaiser_rules::perft;
use kaiser_rules::types::{Color, Move};
use output::{send, send_info_string, InfoPrinter};
use std::sync::mpsc::Receiver;

/// Runs the UCI loop on `lines`, starting with `first` if the caller has already read it.
pub(crate) fn run_from(first: Option<String>, lines: Receiver<String>) {
    let mut session = Session::new();
    // A closed channel is EOF on standard input: leave as `quit` does.
    for line in first.into_iter().chain(lines.iter()) {
        if !handle(&mut session, &line) {
            break;
        }
    }
    session.finish_search();
}

/// How a line that arrives while a search runs on the caller's thread (`Session::inline`) is
/// taken, as the threaded loop takes it while its search thread runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Arrival {
    /// `stop`: the search stops (`SearchControl::stop`).
    Stop,
    /// `ponderhit`: the clock starts (`SearchControl::ponderhit`).
    PonderHit,
    /// `isready`: answered `readyok` at once.
    IsReady,
    /// Any other line: handled (`handle`) once the search has ended; `stops` when the threaded
    /// loop ends the search for it (`go`, `quit`, `ucinewgame`, `bench`, `go perft`, and
    /// `setoption`, which it does for the options the engine holds: here for every one), so the
    /// search is stopped first.
    Later { stops: bool },
}

/// How `line`, arriving during a search on the caller's thread, is taken (see `Arrival`).
pub fn arrival(line: &str) -> Arrival {
    match command::parse(line) {
        Command::Stop => Arrival::Stop,
        Command::PonderHit => Arrival::PonderHit,
        Command::IsReady => Arrival::IsReady,
        Command::Go(_)
        | Command::Quit
        | Command::UciNewGame
        | Command::SetOption { .. }
        | Command::Bench
        | Command::Perft(_) => Arrival::Later { stops: true },
        _ => Arrival::Later { stops: false },
    }
}

/// Handles one input line on `session`; false when the engine should exit.
pub fn handle(session: &mut Session, line: &str) -> bool {
    let read_at = Instant::now();
    match command::parse(line) {
        Command::Uci => {
            send(&format!("id name Kaiser {}", env!("CARGO_PKG_VERSION")));
            send("id author the Kaiser developers");
            for option in options::option_lines() {
                send(&option);
            }
            send("uciok");
        }
        Command::IsReady => send("readyok"),
        Command::Debug | Command::Nothing => {}
        Command::SetOption { name, value } => {
            let notes = match session::options::read(&name, value.as_deref()) {
                Ok(setting) => session.apply(setting),
                Err(error) => vec![error.to_string()],
            };
            notes.iter().for_each(|note| send_info_string(note));
        }
        Command::UciNewGame => {
            if let Some(note) = session.new_game(session.variant()) {
                send_info_string(&note);
            }
        }
        Command::Position { fen, moves } => {
            if let Err(error) = session.set_position(fen.as_deref(), &moves) {
                send_info_string(&error.to_string());
            }
        }
        Command::Go(go) => self::go(session, &go, read_at),
        Command::Stop => session.stop_search(),
        Command::PonderHit => session.ponderhit(),
        Command::Quit => return false,
        Command::Display => {
            let position = session.position();
            send(&position.to_string());
            let checkers: Vec<String> = position.checkers().map(|sq| sq.to_string()).collect();
            send(&format!("Checkers: {}", checkers.join(" ")));
        }
        Command::Perft(depth) => perft(session, depth),
        Command::Eval => {
            let position = session.position();
            for line in eval::report(position).lines() {
                send(line);
            }
            let line = match session.try_engine() {
                Some(engine) => eval::network_line(position, engine.network(position.variant())),
                None => "NNUE evaluation: not shown while a search runs".to_string(),
            };
            send(&line);
        }
        Command::Bench => {
            session.finish_search();
            let mut report = Vec::new();
            if let Err(error) =
                bench::run(bench::DEFAULT_DEPTH, bench::SIGNATURE_VARIANTS, &mut report)
            {
                send_info_string(&format!("bench failed: {error}"));
            }
            for line in String::from_utf8_lossy(&report).lines() {
                send(line);
            }
        }
        Command::Unknown(reason) => send_info_string(&reason),
    }
    true
}

/// `go`, read at `read_at`: a book move at once (see the module header), or a search whose
/// `info` lines and `bestmove` the search thread prints.
fn go(session: &mut Session, go: &GoCommand, read_at: Instant) {
    session.end_search();
    let position = session.position().clone();
    let limits = limits(go, &position, read_at);
    let plays_a_game = limits.clock.is_some() || limits.movetime_ms.is_some();
    let show_wdl = session.settings().show_wdl;
    if let Some(m) = session.book_move(&position, plays_a_game && !go.asks_for_analysis()) {
        send_info_string(&format!("book move {m}"));
        send(&output::info_line(&book_info(&position, m), show_wdl));
        return send(&output::bestmove_line(Some(m), None));
    }
    session.start_search(
        position,
        limits,
        go.ponder,
        Box::new(InfoPrinter { show_wdl }),
        Box::new(|_, result| send(&output::bestmove_line(result.best, result.ponder))),
    );
}

/// The search limits of a `go` command read at `read_at`, in `position`. A move of
/// `searchmoves` that is not legal there is reported and left out.
fn limits(go: &GoCommand, position: &Position, read_at: Instant) -> Limits {
    let (time, inc) = match position.side_to_move() {
        Color::White => (go.wtime, go.winc),
        Color::Black => (go.btime, go.binc),
    };
    let clock = time.map(|time_ms| Clock {
        time_ms,
        inc_ms: inc.unwrap_or(0).max(0),
        movestogo: go.movestogo.filter(|&n| n > 0),
    });
    let mut searchmoves: Vec<Move> = Vec::new();
    for text in &go.searchmoves {
        match position.parse_uci_move(text) {
            Some(m) => searchmoves.push(m),
            None => send_info_string(&format!("searchmoves: '{text}' is not legal here; ignored")),
        }
    }
    Limits {
        depth: go.depth,
        nodes: go.nodes,
        soft_nodes: None,
        movetime_ms: go.movetime,
        mate: go.mate,
        infinite: go.infinite,
        clock,
        searchmoves,
        start: Some(read_at),
    }
}

/// `go perft`: the leaf nodes below each legal move, and their sum.
fn perft(session: &mut Session, depth: u32) {
    session.finish_search();
    let mut position = session.position().clone();
    let lines = perft::divide(&mut position, depth);
    for (m, nodes) in &lines {
        send(&format!("{m}: {nodes}"));
    }
    send("");
    send(&format!(
        "Nodes searched: {}",
        lines.iter().map(|(_, n)| n).sum::<u64>()
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Whatever `position` and `setoption` lines arrive, the session survives and keeps a
        /// valid position. (`go`, `bench` and `perft` start real work and are left out.)
        #[test]
        fn session_survives_position_and_option_soup(
            lines in prop::collection::vec(
                prop::collection::vec(prop::sample::select(command::tests::SOUP.to_vec()), 0..16),
                1..6,
            )
        ) {
            let mut session = Session::new();
            for words in lines {
                let line = words.join(" ");
                let first = words.first().copied().unwrap_or("");
                if first == "position" || first == "setoption" {
                    prop_assert!(handle(&mut session, &line));
                }
            }
            prop_assert!(session.position().is_consistent());
        }
    }
}
