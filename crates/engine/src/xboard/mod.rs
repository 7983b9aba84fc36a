//! XBoard's protocol (CECP, version 2), spoken when the GUI's first command is `xboard`: the
//! one desktop GUI that can show Empire and Orda, since Kaiser defines them for it (`variants`).
//!
//! The session keeps the game: its position with every move played (for `undo`, `remove` and
//! repetitions), which side the engine plays (none in `force` mode), the time control and the
//! clocks. Standard input arrives on one channel with the reports of the search thread, so the
//! loop answers `?`, `ping`, `.`, `time` and the like while a search runs, and carries out a
//! finished search's move (`move e1f2`) in the order of everything else. A search is tagged with
//! a number: one that was called off (`force`, `new`, `undo`, a different move than the one
//! pondered, ...) is stopped and its report ignored.
//!
//! The engine, its options and its book are a UCI session's (`uci::Session`), which the session
//! keeps for them: `option`, `memory` and `cores` go through UCI's options table, and searches run
//! on its engine, so that whatever stops UCI's searches stops these too. The engine plays from
//! its book on a clock or a fixed time per move, ponders on the move it expects after `hard`,
//! analyses after `analyze`, and shows its thinking after `post`.
//!
//! Results. XBoard knows neither campmate nor the kings' faceoff, and takes stalemate and
//! repetition for draws, so Kaiser claims the end of a game by its rules with `RESULT {reason}`:
//! whenever it is asked to move in a finished position (the side to move never wins, so this is
//! a loss or a draw, which XBoard accepts from the claimer), and right after a move of its own
//! that ends the game, unless the opponent is another engine (`computer`): XBoard forfeits an
//! engine whose win claim it cannot check, and the opponent, to move, claims it itself. A move
//! that only Kaiser's rules forbid (the faceoff) is answered `Illegal move`, and XBoard takes it
//! back.

mod command;
mod definitions;
mod output;

use crate::protocol::send;
use crate::search::{Clock, Info, Limits, Listener, SearchControl, SearchResult};
use crate::uci::options::{self, Kind, OPTIONS};
use crate::uci::{self, RunningSearch};
use crate::Position;
use command::Command;
use kaiser_rules::types::{Color, Move};
use kaiser_rules::variant::Variant;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Instant;

/// What the loop waits for.
enum Event {
    Line(String),
    /// The search numbered `id` ended.
    SearchDone {
        id: u64,
        result: SearchResult,
    },
    EndOfInput,
}

/// Runs the protocol on `lines` (standard input, after the `xboard` that chose it) until `quit`
/// or the end of input.
pub(crate) fn run(lines: Receiver<String>) {
    let (events_tx, events) = mpsc::channel();
    let input = events_tx.clone();
    thread::spawn(move || {
        for line in lines.iter() {
            if input.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = input.send(Event::EndOfInput);
    });
    let mut session = Session::new(events_tx);
    while let Ok(event) = events.recv() {
        let go_on = match event {
            Event::Line(line) => session.handle(&line),
            Event::SearchDone { id, result } => {
                session.search_done(id, result);
                true
            }
            Event::EndOfInput => false,
        };
        session.answer_pings();
        if !go_on {
            break;
        }
    }
    session.stop_thinking();
}

/// The time control (`level` or `st`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TimeControl {
    /// `level MPS BASE INC`: MPS moves (0: all) in BASE, INC added after each move.
    Clock { mps: u32, base_ms: u64, inc_ms: u64 },
    /// `st`: at most this long for every move.
    PerMove(u64),
}

/// XBoard's default, until a `level` or `st` arrives: 40 moves in 5 minutes.
const DEFAULT_TIME_CONTROL: TimeControl = TimeControl::Clock {
    mps: 40,
    base_ms: 300_000,
    inc_ms: 0,
};

/// Why the engine is searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// For its move in the game.
    Move,
    /// On the opponent's time, in the position after the move it expects (`guess`).
    Ponder { guess: Move },
    /// In analysis mode, until told otherwise.
    Analyze,
}

/// The search under way.
struct Thinking {
    id: u64,
    purpose: Purpose,
    started: Instant,
    /// The legal moves of the searched position (for `stat01`).
    legal_moves: usize,
}

/// Shows the search's progress as thinking output (after `post`) and keeps the last report
/// for `.`.
struct Thinker {
    post: Arc<AtomicBool>,
    last: Arc<Mutex<Option<Info>>>,
}

impl Listener for Thinker {
    fn info(&self, info: &Info) {
        if self.post.load(Relaxed) {
            send(&output::thinking_line(info));
        }
        if let Ok(mut last) = self.last.lock() {
            *last = Some(info.clone());
        }
    }
}

/// Everything the protocol remembers between commands.
struct Session {
    /// The engine, its options and its book, kept as UCI keeps them.
    host: uci::Session,
    events: Sender<Event>,
    variant: Variant,
    /// The game's position, with every move played since `new` or `setboard`.
    position: Position,
    /// Those moves, for `undo` and `remove`.
    moves: Vec<Move>,
    /// False after a `setboard` Kaiser could not read: moves are refused until a new position.
    valid: bool,
    /// The side the engine plays; `None` in force mode and analysis.
    engine_side: Option<Color>,
    analyzing: bool,
    time_control: TimeControl,
    depth_limit: Option<u32>,
    /// The engine's clock (`time`), in centiseconds. (The opponent's, `otim`, plays no part in
    /// the time management.)
    own_clock_cs: Option<i64>,
    post: Arc<AtomicBool>,
    ponder: bool,
    /// The opponent is an engine (`computer`): Kaiser then leaves claiming its own wins to it.
    computer_opponent: bool,
    thinking: Option<Thinking>,
    next_search_id: u64,
    last_info: Arc<Mutex<Option<Info>>>,
    /// `ping`s that arrived while the engine was thinking on its move: answered after it.
    pending_pings: Vec<String>,
    /// The reply the last search expected to the engine's move (`hint`).
    hint: Option<Move>,
}

impl Session {
    fn new(events: Sender<Event>) -> Session {
        Session {
            host: uci::Session::new(),
            events,
            variant: Variant::Chess,
            position: Position::startpos(Variant::Chess),
            moves: Vec::new(),
            valid: true,
            engine_side: Some(Color::Black),
            analyzing: false,
            time_control: DEFAULT_TIME_CONTROL,
            depth_limit: None,
            own_clock_cs: None,
            post: Arc::new(AtomicBool::new(false)),
            ponder: false,
            computer_opponent: false,
            thinking: None,
            next_search_id: 0,
            last_info: Arc::new(Mutex::new(None)),
            pending_pings: Vec::new(),
            hint: None,
        }
    }

    /// Handles one input line; false when the engine should exit.
    fn handle(&mut self, line: &str) -> bool {
        match command::parse(line) {
            Command::Nothing => {}
            Command::Protover(_) => output::features().iter().for_each(|l| send(l)),
            Command::New => {
                self.stop_thinking();
                self.host.idle_engine().clear();
                self.new_game(Variant::Chess);
                self.engine_side = (!self.analyzing).then_some(Color::Black);
                self.depth_limit = None;
                self.own_clock_cs = None;
                self.computer_opponent = false;
                self.resume_analysis();
            }
            Command::Variant(name) => match definitions::from_xboard_name(&name) {
                Some(variant) => {
                    self.stop_thinking();
                    self.set_variant(variant);
                    definitions::definition(variant)
                        .iter()
                        .for_each(|l| send(l));
                    self.resume_analysis();
                }
                None => send(&format!("Error (unsupported variant): {name}")),
            },
            Command::Force => {
                self.stop_thinking();
                self.engine_side = None;
            }
            Command::Go => {
                self.stop_thinking();
                self.analyzing = false;
                self.engine_side = Some(self.position.side_to_move());
                self.think();
            }
            Command::PlayOther => {
                self.stop_thinking();
                self.analyzing = false;
                self.engine_side = Some(!self.position.side_to_move());
            }
            Command::Move(text) => self.user_move(&text),
            Command::Level {
                mps,
                base_ms,
                inc_ms,
            } => {
                self.time_control = TimeControl::Clock {
                    mps,
                    base_ms,
                    inc_ms,
                }
            }
            Command::St(ms) => self.time_control = TimeControl::PerMove(ms),
            Command::Sd(depth) => self.depth_limit = Some(depth),
            Command::Time(cs) => self.own_clock_cs = Some(cs),
            Command::Otim(_) => {}
            Command::MoveNow => {
                if self.thinking_on_move() {
                    if let Some(control) = self.host.search_control() {
                        control.stop();
                    }
                }
            }
            Command::Ping(n) => self.pending_pings.push(n),
            Command::SetBoard(fen) => {
                self.stop_thinking();
                match Position::from_fen(&fen, self.variant) {
                    Ok(position) => {
                        self.position = position;
                        self.moves.clear();
                        self.valid = true;
                        self.hint = None;
                    }
                    Err(error) => {
                        self.valid = false;
                        send(&format!("tellusererror Illegal position: {error}"));
                    }
                }
                self.resume_analysis();
            }
            Command::Undo => self.take_back(1, line),
            Command::Remove => self.take_back(2, line),
            Command::Result => {
                self.stop_thinking();
                self.engine_side = None;
            }
            Command::Post(on) => self.post.store(on, Relaxed),
            Command::Ponder(on) => {
                self.ponder = on;
                if !on && matches!(self.purpose(), Some(Purpose::Ponder { .. })) {
                    self.stop_thinking();
                }
            }
            Command::Memory(mb) => self.set_option("Hash", Some(&mb.to_string()), line),
            Command::Cores(n) => self.set_option("Threads", Some(&n.to_string()), line),
            Command::Option { name, value } => self.set_option(&name, value.as_deref(), line),
            Command::Analyze => {
                self.stop_thinking();
                self.analyzing = true;
                self.engine_side = None;
                self.resume_analysis();
            }
            Command::Exit => {
                if self.analyzing {
                    self.stop_thinking();
                    self.analyzing = false;
                }
            }
            Command::Status => {
                if let Some(thinking) = &self.thinking {
                    let last = self.last_info.lock().ok().and_then(|last| last.clone());
                    send(&output::status_line(
                        thinking.started.elapsed().as_millis(),
                        last.as_ref(),
                        thinking.legal_moves,
                    ));
                }
            }
            Command::Hint => {
                if let Some(m) = self.hint {
                    send(&format!("Hint: {m}"));
                }
            }
            Command::Computer => self.computer_opponent = true,
            Command::Display => {
                self.position.to_string().lines().for_each(send);
            }
            Command::Quit => return false,
            Command::Error { kind, command } => send(&format!("Error ({kind}): {command}")),
        }
        true
    }

    /// Answers the `ping`s held back, unless the engine is thinking on its move: their `pong`
    /// must come after the move.
    fn answer_pings(&mut self) {
        if !self.thinking_on_move() {
            for n in self.pending_pings.drain(..) {
                send(&format!("pong {n}"));
            }
        }
    }

    fn purpose(&self) -> Option<Purpose> {
        self.thinking.as_ref().map(|t| t.purpose)
    }

    fn thinking_on_move(&self) -> bool {
        self.purpose() == Some(Purpose::Move)
    }

    /// `variant`: a new game of `variant`, forgetting what was learnt in another game (as
    /// UCI's `UCI_Variant` does, which this goes through; what it reports, such as the
    /// `EvalFile` network it reads for the variant, goes out as debug lines).
    fn set_variant(&mut self, variant: Variant) {
        for note in options::set_option(&mut self.host, "UCI_Variant", Some(variant.name())) {
            send(&format!("# {note}"));
        }
        self.new_game(variant);
    }

    /// A new game of `variant` from its start position.
    fn new_game(&mut self, variant: Variant) {
        self.variant = variant;
        self.position = Position::startpos(variant);
        self.moves.clear();
        self.valid = true;
        self.hint = None;
    }

    /// `option`, `memory` and `cores`: a change through UCI's options table. The value comes in
    /// XBoard's form (a check is 1 or 0) and is checked here, so that a bad one is answered with
    /// `Error`; what applying it reports goes out as debug lines (`#`). A search for the
    /// engine's move is cut short by changes that need the engine (it then moves at once);
    /// pondering and analysis are stopped, and analysis goes on after the change.
    fn set_option(&mut self, name: &str, value: Option<&str>, line: &str) {
        let error = |kind: &str| send(&format!("Error ({kind}): {line}"));
        let Some(option) = OPTIONS
            .iter()
            .find(|option| option.name.eq_ignore_ascii_case(name.trim()))
        else {
            return error("unknown option");
        };
        let value = value.map(str::trim).filter(|v| !v.is_empty());
        let value = match (&option.kind, value) {
            (Kind::Button { .. }, _) => None,
            (Kind::Check { .. }, Some("1" | "true")) => Some("true"),
            (Kind::Check { .. }, Some("0" | "false")) => Some("false"),
            (Kind::Check { .. }, _) => return error("a check takes 1 or 0"),
            (Kind::Spin { .. }, Some(v)) if v.parse::<i128>().is_ok() => Some(v),
            (Kind::Spin { .. }, _) => return error("a spin takes a whole number"),
            (Kind::Combo { choices, .. }, Some(v))
                if choices.iter().any(|c| c.eq_ignore_ascii_case(v)) =>
            {
                Some(v)
            }
            (Kind::Combo { .. }, _) => return error("not one of the choices"),
            (Kind::Text { .. }, v) => v,
        };
        if !self.thinking_on_move() {
            self.stop_thinking();
        }
        if option.name == "UCI_Variant" {
            if let Some(variant) = value.and_then(definitions::from_xboard_name) {
                self.set_variant(variant);
            }
        } else {
            for note in options::set_option(&mut self.host, option.name, value) {
                send(&format!("# {note}"));
            }
        }
        self.resume_analysis();
    }

    /// `undo` (one move) or `remove` (two).
    fn take_back(&mut self, count: usize, line: &str) {
        if self.moves.len() < count {
            return send(&format!("Error (command not legal now): {line}"));
        }
        self.stop_thinking();
        for _ in 0..count {
            let m = self.moves.pop().expect("counted");
            self.position.unmake_move(m);
        }
        self.hint = None;
        self.resume_analysis();
    }

    /// A move of the opponent (or, in force mode, of either side).
    fn user_move(&mut self, text: &str) {
        if let Some(Purpose::Ponder { guess }) = self.purpose() {
            if guess.to_string() == text {
                // Ponder hit: the search goes on, now on the clock, for the engine's move.
                self.make_move(guess);
                if let Some(thinking) = &mut self.thinking {
                    thinking.purpose = Purpose::Move;
                }
                if let Some(control) = self.host.search_control() {
                    control.ponderhit();
                }
                return;
            }
        }
        self.stop_thinking();
        if !self.valid {
            return send(&format!("Illegal move (no valid position): {text}"));
        }
        match self.position.parse_uci_move(text) {
            Some(m) => self.make_move(m),
            None => {
                if let Some(outcome) = self.position.outcome() {
                    // The game ended with the engine's last move and the opponent plays on:
                    // the claim the engine left to it.
                    return send(&output::claim(outcome, self.position.side_to_move()));
                }
                return send(&format!("Illegal move: {text}"));
            }
        }
        if self.analyzing {
            self.resume_analysis();
        } else if self.engine_side == Some(self.position.side_to_move()) {
            self.think();
        }
    }

    fn make_move(&mut self, m: Move) {
        self.position.make_move(m);
        self.moves.push(m);
        self.hint = None;
    }

    /// Starts thinking on the engine's move: claims the result of a finished game, plays a book
    /// move at once, or starts a search.
    fn think(&mut self) {
        if !self.valid {
            return send("Error (no valid position): go");
        }
        if let Some(outcome) = self.position.outcome() {
            self.engine_side = None;
            return send(&output::claim(outcome, self.position.side_to_move()));
        }
        if let Some(m) = self.host.book_move_for(&self.position, true) {
            if self.post.load(Relaxed) {
                let info = uci::book_info(&self.position, m);
                send(&format!(
                    "0 {} 0 0 0 0 0\t({m} from the book)",
                    output::score(info.score)
                ));
            }
            return self.play(m, None);
        }
        let limits = self.game_limits(0);
        self.start_search(self.position.clone(), limits, Purpose::Move);
    }

    /// Plays the engine's move `m`; `expected` is the reply the search expects.
    fn play(&mut self, m: Move, expected: Option<Move>) {
        self.make_move(m);
        send(&format!("move {m}"));
        if let Some(outcome) = self.position.outcome() {
            if !self.computer_opponent {
                send(&output::claim(outcome, self.position.side_to_move()));
            }
            return;
        }
        let expected = expected.filter(|&reply| self.position.is_legal(reply));
        self.hint = expected;
        if let (true, Some(guess)) = (self.ponder, expected) {
            let mut after = self.position.clone();
            after.make_move(guess);
            if after.outcome().is_none() {
                send(&format!("Hint: {guess}"));
                let limits = self.game_limits(1);
                self.start_search(after, limits, Purpose::Ponder { guess });
            }
        }
    }

    /// A search ended: for the engine's move, play it.
    fn search_done(&mut self, id: u64, result: SearchResult) {
        let Some(thinking) = &self.thinking else {
            return;
        };
        if thinking.id != id {
            return; // called off
        }
        let purpose = thinking.purpose;
        self.thinking = None;
        self.host.finish_search();
        if purpose == Purpose::Move {
            match result.best {
                Some(m) => self.play(m, result.ponder),
                None => {
                    if let Some(outcome) = self.position.outcome() {
                        send(&output::claim(outcome, self.position.side_to_move()));
                    }
                }
            }
        }
    }

    /// Starts analysing the current position, in analysis mode.
    fn resume_analysis(&mut self) {
        if !self.analyzing || self.thinking.is_some() || !self.valid {
            return;
        }
        if let Some(outcome) = self.position.outcome() {
            if self.post.load(Relaxed) {
                let score = match outcome.winner() {
                    None => 0,
                    Some(winner) if winner == self.position.side_to_move() => 100_000,
                    Some(_) => -100_000,
                };
                let claim = output::claim(outcome, self.position.side_to_move());
                send(&format!("0 {score} 0 0 0 0 0\t({claim})"));
            }
            return;
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.start_search(self.position.clone(), limits, Purpose::Analyze);
    }

    /// The limits of a search for the engine's move, `ahead` plies after the game's position
    /// (1 when pondering).
    fn game_limits(&self, ahead: usize) -> Limits {
        let mut limits = Limits {
            depth: self.depth_limit,
            ..Limits::default()
        };
        match self.time_control {
            TimeControl::PerMove(ms) => limits.movetime_ms = Some(ms.max(1)),
            TimeControl::Clock {
                mps,
                base_ms,
                inc_ms,
            } => {
                let time_ms = self
                    .own_clock_cs
                    .map_or(base_ms as i64, |cs| cs.saturating_mul(10));
                // The moves left in this session: the engine made every second ply of the game
                // before its turn now.
                let own_moves = (self.moves.len() + ahead) / 2;
                let movestogo = (mps > 0).then(|| mps - (own_moves as u32 % mps));
                limits.clock = Some(Clock {
                    time_ms,
                    inc_ms: inc_ms as i64,
                    movestogo,
                });
            }
        }
        limits
    }

    /// Starts a search of `position` on its own thread.
    fn start_search(&mut self, position: Position, limits: Limits, purpose: Purpose) {
        self.stop_thinking();
        let id = self.next_search_id;
        self.next_search_id += 1;
        if let Ok(mut last) = self.last_info.lock() {
            *last = None;
        }
        let control = Arc::new(SearchControl::new());
        control.set_pondering(matches!(purpose, Purpose::Ponder { .. }));
        let thinker = Thinker {
            post: Arc::clone(&self.post),
            last: Arc::clone(&self.last_info),
        };
        let engine = self.host.shared_engine();
        let events = self.events.clone();
        let legal_moves = position.legal_moves().len();
        let thread_control = Arc::clone(&control);
        let thread = thread::spawn(move || {
            let result = {
                let mut engine = engine.lock().unwrap_or_else(|p| p.into_inner());
                engine.search(&position, &limits, &thread_control, &thinker)
            };
            let _ = events.send(Event::SearchDone { id, result });
        });
        self.host.set_search(RunningSearch { control, thread });
        self.thinking = Some(Thinking {
            id,
            purpose,
            started: Instant::now(),
            legal_moves,
        });
    }

    /// Calls off the search under way, if any: its move is not played.
    fn stop_thinking(&mut self) {
        self.thinking = None;
        self.host.finish_search();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Commands and words GUIs send, and junk, for command-soup tests.
    const SOUP: [&str; 40] = [
        "new",
        "variant",
        "empire",
        "orda",
        "normal",
        "force",
        "go",
        "playother",
        "usermove",
        "e1f2",
        "e2e4",
        "e7e5",
        "b8c6",
        "a7a8h",
        "level",
        "0",
        "40",
        "0:30",
        "-3",
        "st",
        "sd",
        "time",
        "otim",
        "?",
        "ping",
        "setboard",
        "8/8/8/8/8/8/k7/4K3",
        "w",
        "b",
        "-",
        "undo",
        "remove",
        "result",
        "hard",
        "easy",
        "option",
        "MultiPV=2",
        "analyze",
        "exit",
        ".",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100))]

        /// Whatever lines arrive, the session survives and keeps a valid game.
        #[test]
        fn session_survives_command_soup(
            lines in prop::collection::vec(
                prop::collection::vec(prop::sample::select(SOUP.to_vec()), 0..8),
                1..12,
            )
        ) {
            let (mut session, _events) = session();
            session.handle("st 0.01");
            session.handle("sd 1");
            for words in lines {
                prop_assert!(session.handle(&words.join(" ")));
            }
            session.stop_thinking();
            prop_assert!(session.position.is_consistent());
            prop_assert_eq!(session.position.plies_played(), session.moves.len());
        }
    }

    fn session() -> (Session, Receiver<Event>) {
        kaiser_rules::attacks::init();
        let (tx, rx) = mpsc::channel();
        (Session::new(tx), rx)
    }

    #[test]
    fn moves_are_counted_for_the_session_clock() {
        let (mut session, _events) = session();
        session.handle("variant empire");
        session.handle("level 3 1 0");
        session.handle("force");
        for m in ["e1f2", "b8c6", "f2e1", "c6b8"] {
            session.handle(&format!("usermove {m}"));
        }
        // White to move after two moves of each side: the third of the session's three.
        let limits = session.game_limits(0);
        assert_eq!(limits.clock.and_then(|c| c.movestogo), Some(1));
        assert_eq!(session.moves.len(), 4);
        session.handle("undo");
        session.handle("remove");
        assert_eq!(session.moves.len(), 1);
        assert_eq!(
            session.position.fen(),
            "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/5K2/TECD1CET b kq - 1 1"
        );
    }

    #[test]
    fn a_rejected_setboard_refuses_moves_until_a_new_position() {
        let (mut session, _events) = session();
        session.handle("setboard 8/8/8 w - - 0 1");
        assert!(!session.valid);
        session.handle("new");
        assert!(session.valid);
        assert_eq!(session.variant, Variant::Chess);
    }
}
