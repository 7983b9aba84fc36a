//! The UCI protocol loop: reads UCI commands and writes UCI lines (XBoard's protocol, the other
//! one Kaiser speaks, is `xboard`; `protocol` starts the one the GUI's first command asks for).
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
//! `UCI_AnalyseMode` on, or MultiPV above one) always searches.
//!
//! Changing `UCI_Variant` clears the hash table and the histories (what was learnt in the other
//! variant), besides the variant being part of every position's key.
//!
//! The session's engine and settings serve XBoard's protocol too: its session keeps one of these
//! for the engine, the options table and the book, and runs its searches through it.
//!
//! A host without threads (the browser build) drives a session line by line (`Session::inline`,
//! `Session::handle`): its searches run on the caller's thread, and the lines that arrive
//! meanwhile reach them through the search's `Interrupts`, taken as this loop takes them
//! (`arrival`).

mod command;
pub(crate) mod options;
mod output;
pub mod variant_path;

use crate::bench;
use crate::book::Book;
use crate::eval;
use crate::protocol;
use crate::search::value::{to_score, wdl};
use crate::search::{
    Bound, Clock, Engine, Info, Interrupts, Limits, Listener, Score, SearchControl,
};
use crate::Position;
use command::{Command, GoCommand};
use kaiser_rules::perft;
use kaiser_rules::types::{Color, Move};
use kaiser_rules::variant::Variant;
use options::PlayLevel;
use output::{send, send_info_string};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};

/// Runs the UCI loop on standard input until `quit` or the end of input. (The binary starts
/// `protocol::run`, which speaks UCI or XBoard's protocol as the first command asks.)
pub fn run() {
    kaiser_rules::attacks::init();
    run_from(None, protocol::read_input());
}

/// Runs the UCI loop on `lines`, starting with `first` if the caller has already read it.
pub(crate) fn run_from(first: Option<String>, lines: Receiver<String>) {
    let mut session = Session::new();
    // A closed channel is EOF on standard input: leave as `quit` does.
    for line in first.into_iter().chain(lines.iter()) {
        if !session.handle(&line) {
            break;
        }
    }
    session.finish_search();
}

/// A search running on its own thread.
pub(crate) struct RunningSearch {
    pub control: Arc<SearchControl>,
    pub thread: JoinHandle<()>,
}

/// Where book moves come from (`BookFile`).
enum BookSource {
    /// The book built into the binary for the current variant.
    BuiltIn,
    File(Book),
    /// The file set was rejected: no book moves until another is set.
    Rejected,
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
    /// Any other line: handled (`Session::handle`) once the search has ended; `stops` when the
    /// threaded loop ends the search for it (`go`, `quit`, `ucinewgame`, `bench`, `go perft`,
    /// and `setoption`, which it does for the options the engine holds: here for every one), so
    /// the search is stopped first.
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

/// Everything the protocol remembers between commands.
pub struct Session {
    variant: Variant,
    position: Position,
    show_wdl: bool,
    own_book: bool,
    analyse_mode: bool,
    play_level: PlayLevel,
    book: BookSource,
    /// The `EvalFile` path, if one is set: the network for the variant it was written for,
    /// read again whenever `UCI_Variant` changes.
    eval_file: Option<String>,
    engine: Arc<Mutex<Engine>>,
    search: Option<RunningSearch>,
    /// Set when searches run on the caller's thread (`inline`), which sees the lines that
    /// arrive meanwhile through these.
    interrupts: Option<Arc<dyn Interrupts>>,
}

/// Prints each search report as an `info` line.
struct InfoPrinter {
    show_wdl: bool,
}

impl Listener for InfoPrinter {
    fn info(&self, info: &Info) {
        send(&output::info_line(info, self.show_wdl));
    }

    /// Fairy-Stockfish's answer to a finished game: `info depth 0 score mate 0` (`cp 0` when
    /// drawn), then `bestmove (none)`.
    fn game_over(&self, score: Score) {
        send(&format!("info depth 0 score {}", output::score_text(score)));
    }
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A session whose searches run on a thread of their own, as the UCI loop runs them.
    pub fn new() -> Session {
        Session {
            variant: options::DEFAULT_VARIANT,
            position: Position::startpos(options::DEFAULT_VARIANT),
            show_wdl: false,
            own_book: true,
            analyse_mode: false,
            play_level: PlayLevel::default(),
            book: BookSource::BuiltIn,
            eval_file: None,
            engine: Arc::new(Mutex::new(Engine::new())),
            search: None,
            interrupts: None,
        }
    }

    /// A session whose searches run on the caller's thread: `handle` returns once a `go` has
    /// its `bestmove`, and the lines that arrive meanwhile reach the search through
    /// `interrupts`, which take them as `arrival` says.
    pub fn inline(interrupts: Arc<dyn Interrupts>) -> Session {
        Session {
            interrupts: Some(interrupts),
            ..Session::new()
        }
    }

    /// Handles one input line; false when the engine should exit.
    pub fn handle(&mut self, line: &str) -> bool {
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
                for note in options::set_option(self, &name, value.as_deref()) {
                    send_info_string(&note);
                }
            }
            Command::UciNewGame => {
                self.finish_search();
                self.engine().clear();
                self.position = Position::startpos(self.variant);
            }
            Command::Position { fen, moves } => self.set_position(fen.as_deref(), &moves),
            Command::Go(go) => self.go(&go),
            Command::Stop => {
                if let Some(search) = &self.search {
                    search.control.stop();
                }
            }
            Command::PonderHit => {
                if let Some(search) = &self.search {
                    search.control.ponderhit();
                }
            }
            Command::Quit => return false,
            Command::Display => {
                send(&self.position.to_string());
                let checkers: Vec<String> =
                    self.position.checkers().map(|sq| sq.to_string()).collect();
                send(&format!("Checkers: {}", checkers.join(" ")));
            }
            Command::Perft(depth) => self.perft(depth),
            Command::Eval => {
                for line in eval::report(&self.position).lines() {
                    send(line);
                }
                let variant = self.position.variant();
                let line = match self.engine.try_lock() {
                    Ok(engine) => eval::network_line(&self.position, engine.network(variant)),
                    Err(_) => "NNUE evaluation: not shown while a search runs".to_string(),
                };
                send(&line);
            }
            Command::Bench => {
                self.finish_search();
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

    /// The engine, once no search holds it.
    pub(crate) fn engine(&self) -> MutexGuard<'_, Engine> {
        self.engine
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The engine, after stopping a running search.
    pub(crate) fn idle_engine(&mut self) -> MutexGuard<'_, Engine> {
        self.finish_search();
        self.engine()
    }

    /// Stops a running search, if any, and waits for its `bestmove`.
    pub(crate) fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.control.stop();
            let _ = search.thread.join();
        }
    }

    /// The engine, for a search thread.
    pub(crate) fn shared_engine(&self) -> Arc<Mutex<Engine>> {
        Arc::clone(&self.engine)
    }

    /// Takes charge of a search started on its own thread, so that `finish_search` (and every
    /// option that needs the engine) stops it.
    pub(crate) fn set_search(&mut self, search: RunningSearch) {
        self.finish_search();
        self.search = Some(search);
    }

    /// The flags of the search under way, if any.
    pub(crate) fn search_control(&self) -> Option<&SearchControl> {
        self.search.as_ref().map(|search| &*search.control)
    }

    /// The book move to play for `go`, if the book is on, `go` plays a game (see the module
    /// header) and the book has a move.
    fn book_move(&self, go: &GoCommand, position: &Position, limits: &Limits) -> Option<Move> {
        let plays_a_game = limits.clock.is_some() || limits.movetime_ms.is_some();
        self.book_move_for(position, plays_a_game && !go.asks_for_analysis())
    }

    /// The book move to play in `position`, if the request is for a move in a game
    /// (`game_move`: on a clock or a fixed time, not analysis), the book is on, the engine is
    /// not in analysis mode or showing several lines, and the book has a move.
    pub(crate) fn book_move_for(&self, position: &Position, game_move: bool) -> Option<Move> {
        if !self.own_book || !game_move || self.analyse_mode || self.engine().multipv() > 1 {
            return None;
        }
        // The book knows nothing of repetitions, which decide games in Empire.
        if position.outcome().is_some() || position.repetitions() > 0 {
            return None;
        }
        let book = match &self.book {
            BookSource::BuiltIn => Book::built_in(position.variant())?,
            BookSource::File(book) => book,
            BookSource::Rejected => return None,
        };
        book.pick(position, &mut rand::thread_rng())
    }

    /// `position`: a bad FEN keeps the previous position; an illegal move keeps the position
    /// reached before it. Both are reported.
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) {
        let mut position = match fen {
            None => Position::startpos(self.variant),
            Some(fen) => match Position::from_fen(fen, self.variant) {
                Ok(position) => position,
                Err(error) => {
                    return send_info_string(&format!("Invalid FEN '{fen}': {error}"));
                }
            },
        };
        for text in moves {
            match position.parse_uci_move(text) {
                Some(m) => position.make_move(m),
                None => {
                    send_info_string(&format!(
                        "Illegal move '{text}' in {}; position kept before it",
                        position.fen()
                    ));
                    break;
                }
            }
        }
        self.position = position;
    }

    fn go(&mut self, go: &GoCommand) {
        self.finish_search();
        let position = self.position.clone();
        let limits = self.limits(go, &position);
        if let Some(m) = self.book_move(go, &position, &limits) {
            send_info_string(&format!("book move {m}"));
            send(&output::info_line(&book_info(&position, m), self.show_wdl));
            return send(&output::bestmove_line(Some(m), None));
        }
        let control = Arc::new(match &self.interrupts {
            Some(interrupts) => SearchControl::with_interrupts(Arc::clone(interrupts)),
            None => SearchControl::new(),
        });
        control.set_pondering(go.ponder);
        let engine = Arc::clone(&self.engine);
        let show_wdl = self.show_wdl;
        if self.interrupts.is_some() {
            return run_search(&engine, &position, &limits, &control, show_wdl);
        }
        let thread_control = Arc::clone(&control);
        let thread = thread::spawn(move || {
            run_search(&engine, &position, &limits, &thread_control, show_wdl)
        });
        self.search = Some(RunningSearch { control, thread });
    }

    /// The search limits of a `go` command, in this position.
    fn limits(&self, go: &GoCommand, position: &Position) -> Limits {
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
                None => {
                    send_info_string(&format!("searchmoves: '{text}' is not legal here; ignored"))
                }
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
        }
    }

    fn perft(&mut self, depth: u32) {
        self.finish_search();
        let mut position = self.position.clone();
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
}

/// Searches `position` with `engine`, printing the `info` lines as they come and the `bestmove`.
fn run_search(
    engine: &Mutex<Engine>,
    position: &Position,
    limits: &Limits,
    control: &SearchControl,
    show_wdl: bool,
) {
    let printer = InfoPrinter { show_wdl };
    let result = engine
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .search(position, limits, control, &printer);
    send(&output::bestmove_line(result.best, result.ponder));
}

/// The `info` line that comes with a book move: the book keeps weights, not scores, so the score
/// is the static evaluation after the move, from the mover's view.
pub(crate) fn book_info(position: &Position, m: Move) -> Info {
    let mut after = position.clone();
    after.make_move(m);
    let score = match to_score(-eval::evaluate(&after)) {
        // `cp 0` with a one-move line is how Fairy-Stockfish announces a move that draws, and
        // variantfishtest ends the game as a draw on it: a book move claims no draw.
        Score::Cp(0) => Score::Cp(1),
        score => score,
    };
    Info {
        depth: 1,
        seldepth: 1,
        multipv: 1,
        score,
        bound: Bound::Exact,
        wdl: Some(wdl(score)),
        nodes: 0,
        nps: 0,
        hashfull: 0,
        time_ms: 0,
        pv: vec![m],
    }
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
                    prop_assert!(session.handle(&line));
                }
            }
            prop_assert!(session.position.is_consistent());
        }
    }
}
