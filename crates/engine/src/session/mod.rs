//! The session: the one protocol-neutral owner of what an engine keeps between commands, as
//! Stockfish's `Engine` is: the game (`game`: variant, position, moves played), the settings with
//! their typed setters (`settings`) and the option table that names them (`options`), the book
//! (`book`), the networks (`networks`: the `EvalFile` a user names), and the engine with the
//! search running on it (`runner`). The protocols (`uci`, `xboard`) only read commands into calls
//! on a session and write what it answers in their own form: a change made through one protocol's
//! commands is the session's, which is all the other would look at.
//!
//! A search runs on a thread of its own, or, for a host without threads (the browser build,
//! `Session::inline`), on the caller's thread: `start_search` then returns once the result has
//! been reported, and the lines that arrive meanwhile reach the search through `Interrupts`.
//! Its clock starts at `Limits::start`, which a protocol sets to the instant it read the command
//! that asked for the search, so the time spent before the search starts is counted.
//!
//! Setting what the engine holds (hash, threads, networks, ...) stops a running search first,
//! and waits for its result to be reported.

mod book;
mod game;
mod networks;
pub mod options;
mod runner;
mod settings;
pub mod variant_path;

pub use book::book_info;
pub use game::{Game, PositionError};
pub use runner::{ResultSink, SearchId};
pub use settings::{PlayLevel, Settings};

use crate::search::{Engine, Interrupts, Limits, Listener};
use crate::Position;
use book::BookSource;
use kaiser_rules::types::Move;
use kaiser_rules::variant::Variant;
use kaiser_rules::FenError;
use networks::EvalFile;
use runner::Runner;
use std::sync::{Arc, MutexGuard};
use std::time::Duration;

/// What setting something has to tell the user, if anything.
pub type Note = Option<String>;

/// Everything the engine keeps between commands, whichever protocol brings them.
pub struct Session {
    game: Game,
    settings: Settings,
    book: BookSource,
    eval_file: EvalFile,
    runner: Runner,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A session of standard chess with every option at its default, whose searches run on a
    /// thread of their own.
    pub fn new() -> Session {
        Session::with_runner(Runner::threaded())
    }

    /// A session whose searches run on the caller's thread: `start_search` returns once the
    /// result has been reported, and the lines that arrive meanwhile reach the search through
    /// `interrupts`.
    pub fn inline(interrupts: Arc<dyn Interrupts>) -> Session {
        Session::with_runner(Runner::inline(interrupts))
    }

    fn with_runner(runner: Runner) -> Session {
        Session {
            game: Game::new(options::DEFAULT_VARIANT),
            settings: Settings::default(),
            book: BookSource::BuiltIn,
            eval_file: EvalFile::default(),
            runner,
        }
    }

    /// The game's variant.
    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// The game's position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// A new game of `variant`: its start position, the hash table and the histories
    /// forgotten, and, if the variant changes, its network (see `set_variant`).
    pub fn new_game(&mut self, variant: Variant) -> Note {
        let changed = variant != self.variant();
        self.runner.idle_engine().clear();
        self.start_game(variant, changed)
    }

    /// The game of `variant` from its start position; a `changed` variant gets its network.
    fn start_game(&mut self, variant: Variant, changed: bool) -> Note {
        self.game = Game::new(variant);
        match changed {
            true => self.eval_file.variant_chosen(variant, &mut self.runner),
            false => None,
        }
    }

    /// The position `fen` (the start position for `None`) of the game's variant, then `moves`
    /// (see `Game::set_position`).
    pub fn set_position(
        &mut self,
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<(), PositionError> {
        self.game.set_position(fen, moves)
    }

    /// The position `fen` of the game's variant, no moves played (see `Game::set_fen`).
    pub fn set_fen(&mut self, fen: &str) -> Result<(), FenError> {
        self.game.set_fen(fen)
    }

    /// Plays `m`, a legal move in the game's position.
    pub fn play(&mut self, m: Move) {
        self.game.play(m);
    }

    /// Takes back the last `count` moves; false (and nothing taken back) if fewer were played.
    pub fn take_back(&mut self, count: usize) -> bool {
        self.game.take_back(count)
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The book move to play in `position`, if the request is for a move in a game
    /// (`game_move`: on a clock or a fixed time, not analysis), the book is on, the engine is
    /// not in analysis mode or showing several lines, and the book has a move.
    pub fn book_move(&self, position: &Position, game_move: bool) -> Option<Move> {
        let settings = &self.settings;
        if !settings.own_book || !game_move || settings.analyse_mode || self.engine().multipv() > 1
        {
            return None;
        }
        // The book knows nothing of repetitions, which decide games in Empire.
        if position.outcome().is_some() || position.repetitions() > 0 {
            return None;
        }
        self.book.pick(position)
    }

    /// The engine, once no search holds it.
    pub fn engine(&self) -> MutexGuard<'_, Engine> {
        self.runner.engine()
    }

    /// The engine if no search holds it now.
    pub fn try_engine(&self) -> Option<MutexGuard<'_, Engine>> {
        self.runner.try_engine()
    }

    /// Ends the search before, then searches `position` within `limits`, pondering at first if
    /// `pondering`. `listener` hears the search's progress and `report` gets its result, on the
    /// thread that ran it (see the module header).
    pub fn start_search(
        &mut self,
        position: Position,
        limits: Limits,
        pondering: bool,
        listener: Box<dyn Listener>,
        report: ResultSink,
    ) -> SearchId {
        self.runner
            .start(position, limits, pondering, listener, report)
    }

    /// The search started last, unless it was ended (it may have finished).
    pub fn current_search(&self) -> Option<SearchId> {
        self.runner.current()
    }

    /// The time since the current search's clock started.
    pub fn search_elapsed(&self) -> Option<Duration> {
        self.runner.elapsed()
    }

    /// Asks the current search to finish as soon as it can (`stop`, XBoard's `?`).
    pub fn stop_search(&self) {
        self.runner.stop();
    }

    /// The opponent played the move pondered on: the current search's clock starts.
    pub fn ponderhit(&self) {
        self.runner.ponderhit();
    }

    /// Stops the current search, if any, and waits until it has reported its result; it stays
    /// the current search until ended.
    pub fn finish_search(&mut self) {
        self.runner.finish();
    }

    /// Finishes the current search and forgets it.
    pub fn end_search(&mut self) {
        self.runner.end();
    }
}
