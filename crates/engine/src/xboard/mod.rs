//! XBoard's protocol (CECP, version 2), spoken when the GUI's first command is `xboard`: the
//! one desktop GUI that can show Empire and Orda, since Kaiser defines them for it (`variants`).
//!
//! The game (variant, position, every move played, for `undo`, `remove` and repetitions), the
//! engine, its options, its book and the search are the `Session`'s, the same as UCI's: `new`,
//! `variant`, `setboard` and the moves set its game, `option`, `memory` and `cores` go through
//! its option table. What this module keeps is its protocol's own: which side the engine plays
//! (none in `force` mode), the time control and the clocks, what the search under way is for,
//! pings and result claims. Standard input arrives on one channel with the results of the
//! searches, so the loop answers `?`, `ping`, `.`, `time` and the like while a search runs, and
//! carries out a finished search's move (`move e1f2`) in the order of everything else. A search
//! that was called off (`force`, `new`, `undo`, a different move than the one pondered, ...) is
//! ended, and its result, if already on its way, ignored: it is no longer the session's current
//! search. The clock of a search for the engine's move starts when the command that asked for it
//! (`go`, the opponent's move) was read.
//!
//! The engine plays from its book on a clock or a fixed time per move, ponders on the move it
//! expects after `hard`, analyses after `analyze`, and shows its thinking after `post`.
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

use crate::clock::Instant;
use crate::console::send;
use crate::search::{Clock, Info, Limits, Listener, SearchResult};
use crate::session::options::{self, Kind};
use crate::session::{book_info, Note, SearchId, Session};
use crate::Position;
use command::Command;
use kaiser_rules::types::{Color, Move};
use kaiser_rules::variant::Variant;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

/// What the loop waits for.
enum Event {
    Line(String),
    /// The search numbered `id` ended.
    SearchDone {
        id: SearchId,
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
    let mut xboard = Xboard::new(events_tx);
    while let Ok(event) = events.recv() {
        let go_on = match event {
            Event::Line(line) => xboard.handle(&line),
            Event::SearchDone { id, result } => {
                xboard.search_done(id, result);
                true
            }
            Event::EndOfInput => false,
        };
        xboard.answer_pings();
        if !go_on {
            break;
        }
    }
    xboard.stop_thinking();
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

/// What a search this protocol started is for.
struct Thinking {
    /// The session's number for it: it is under way while it is the session's current search.
    id: SearchId,
    purpose: Purpose,
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

/// The engine's session, and what the protocol remembers besides.
struct Xboard {
    /// The game, the engine, its options, its book and the search.
    session: Session,
    events: Sender<Event>,
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
    /// The last search started, and what for (see `thinking`).
    thinking: Option<Thinking>,
    last_info: Arc<Mutex<Option<Info>>>,
    /// `ping`s that arrived while the engine was thinking on its move: answered after it.
    pending_pings: Vec<String>,
    /// The reply the last search expected to the engine's move (`hint`).
    hint: Option<Move>,
}

impl Xboard {
    fn new(events: Sender<Event>) -> Xboard {
        Xboard {
            session: Session::new(),
            events,
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
            last_info: Arc::new(Mutex::new(None)),
            pending_pings: Vec::new(),
            hint: None,
        }
    }

    /// Handles one input line; false when the engine should exit.
    fn handle(&mut self, line: &str) -> bool {
        let read_at = Instant::now();
        match command::parse(line) {
            Command::Nothing => {}
            Command::Protover(_) => output::features().iter().for_each(|l| send(l)),
            Command::New => {
                self.stop_thinking();
                let note = self.session.new_game(Variant::Chess);
                self.game_restarted(note);
                self.engine_side = (!self.analyzing).then_some(Color::Black);
                self.depth_limit = None;
                self.own_clock_cs = None;
                self.computer_opponent = false;
                self.resume_analysis();
            }
            Command::Variant(name) => match definitions::from_xboard_name(&name) {
                Some(variant) => {
                    self.stop_thinking();
                    let note = self.session.set_variant(variant);
                    self.game_restarted(note);
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
                self.engine_side = Some(self.session.position().side_to_move());
                self.think(read_at);
            }
            Command::PlayOther => {
                self.stop_thinking();
                self.analyzing = false;
                self.engine_side = Some(!self.session.position().side_to_move());
            }
            Command::Move(text) => self.user_move(&text, read_at),
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
                    self.session.stop_search();
                }
            }
            Command::Ping(n) => self.pending_pings.push(n),
            Command::SetBoard(fen) => {
                self.stop_thinking();
                match self.session.set_fen(&fen) {
                    Ok(()) => self.game_restarted(None),
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
                if let Some(thinking) = self.thinking() {
                    let elapsed = self.session.search_elapsed().unwrap_or_default();
                    let last = self.last_info.lock().ok().and_then(|last| last.clone());
                    send(&output::status_line(
                        elapsed.as_millis(),
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
                self.session.position().to_string().lines().for_each(send);
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

    /// The search under way for this protocol: the session's current search, if this protocol
    /// started it.
    fn thinking(&self) -> Option<&Thinking> {
        let current = self.session.current_search()?;
        self.thinking
            .as_ref()
            .filter(|thinking| thinking.id == current)
    }

    fn purpose(&self) -> Option<Purpose> {
        self.thinking().map(|thinking| thinking.purpose)
    }

    fn thinking_on_move(&self) -> bool {
        self.purpose() == Some(Purpose::Move)
    }

    /// The session's game started again (`new`, `variant`, `setboard`): what it reported, such
    /// as the `EvalFile` network read for a new variant, goes out as a debug line.
    fn game_restarted(&mut self, note: Note) {
        if let Some(note) = note {
            send(&format!("# {note}"));
        }
        self.valid = true;
        self.hint = None;
    }

    /// `option`, `memory` and `cores`: a change through the session's option table. The value
    /// comes in XBoard's form (a check is 1 or 0) and is checked first, so that a bad one is
    /// answered with `Error`; what applying it reports goes out as debug lines (`#`). A search
    /// for the engine's move is cut short by changes that need the engine (it then moves at
    /// once; a new variant calls it off); pondering and analysis are stopped, and analysis goes
    /// on after the change.
    fn set_option(&mut self, name: &str, value: Option<&str>, line: &str) {
        let Some(option) = options::find(name) else {
            return send(&format!("Error (unknown option): {line}"));
        };
        let value = match (&option.kind, value.map(str::trim)) {
            (Kind::Check { .. }, Some("1")) => Some("true"),
            (Kind::Check { .. }, Some("0")) => Some("false"),
            (_, value) => value,
        };
        let setting = match option.read(value) {
            Ok(setting) => setting,
            Err(_) => {
                let kind = match option.kind {
                    Kind::Check { .. } => "a check takes 1 or 0",
                    Kind::Spin { .. } => "a spin takes a whole number",
                    Kind::Combo { .. } | Kind::Button { .. } | Kind::Text { .. } => {
                        "not one of the choices"
                    }
                };
                return send(&format!("Error ({kind}): {line}"));
            }
        };
        // A new variant is a new game: no move of the old one is played in it.
        let restarts_game = option.name == "UCI_Variant";
        if restarts_game || !self.thinking_on_move() {
            self.stop_thinking();
        }
        let notes = self.session.apply(setting);
        if restarts_game {
            self.game_restarted(None);
        }
        notes.iter().for_each(|note| send(&format!("# {note}")));
        self.resume_analysis();
    }

    /// `undo` (one move) or `remove` (two).
    fn take_back(&mut self, count: usize, line: &str) {
        if self.session.game().moves().len() < count {
            return send(&format!("Error (command not legal now): {line}"));
        }
        self.stop_thinking();
        self.session.take_back(count);
        self.hint = None;
        self.resume_analysis();
    }

    /// A move of the opponent (or, in force mode, of either side), read at `read_at`.
    fn user_move(&mut self, text: &str, read_at: Instant) {
        if let Some(Purpose::Ponder { guess }) = self.purpose() {
            if guess.to_string() == text {
                // Ponder hit: the search goes on, now on the clock, for the engine's move.
                self.make_move(guess);
                if let Some(thinking) = &mut self.thinking {
                    thinking.purpose = Purpose::Move;
                }
                self.session.ponderhit();
                return;
            }
        }
        self.stop_thinking();
        if !self.valid {
            return send(&format!("Illegal move (no valid position): {text}"));
        }
        let position = self.session.position();
        match position.parse_uci_move(text) {
            Some(m) => self.make_move(m),
            None => {
                if let Some(outcome) = position.outcome() {
                    // The game ended with the engine's last move and the opponent plays on:
                    // the claim the engine left to it.
                    return send(&output::claim(outcome, position.side_to_move()));
                }
                return send(&format!("Illegal move: {text}"));
            }
        }
        if self.analyzing {
            self.resume_analysis();
        } else if self.engine_side == Some(self.session.position().side_to_move()) {
            self.think(read_at);
        }
    }

    fn make_move(&mut self, m: Move) {
        self.session.play(m);
        self.hint = None;
    }

    /// Starts thinking on the engine's move, asked for at `read_at`: claims the result of a
    /// finished game, plays a book move at once, or starts a search whose clock starts then.
    fn think(&mut self, read_at: Instant) {
        if !self.valid {
            return send("Error (no valid position): go");
        }
        let position = self.session.position();
        if let Some(outcome) = position.outcome() {
            self.engine_side = None;
            return send(&output::claim(outcome, position.side_to_move()));
        }
        if let Some(m) = self.session.book_move(position, true) {
            if self.post.load(Relaxed) {
                let info = book_info(position, m);
                send(&format!(
                    "0 {} 0 0 0 0 0\t({m} from the book)",
                    output::score(info.score)
                ));
            }
            return self.play(m, None);
        }
        let limits = Limits {
            start: Some(read_at),
            ..self.game_limits(0)
        };
        self.start_search(position.clone(), limits, Purpose::Move);
    }

    /// Plays the engine's move `m`; `expected` is the reply the search expects.
    fn play(&mut self, m: Move, expected: Option<Move>) {
        self.make_move(m);
        send(&format!("move {m}"));
        let position = self.session.position();
        if let Some(outcome) = position.outcome() {
            if !self.computer_opponent {
                send(&output::claim(outcome, position.side_to_move()));
            }
            return;
        }
        let expected = expected.filter(|&reply| position.is_legal(reply));
        self.hint = expected;
        if let (true, Some(guess)) = (self.ponder, expected) {
            let mut after = position.clone();
            after.make_move(guess);
            if after.outcome().is_none() {
                send(&format!("Hint: {guess}"));
                let limits = self.game_limits(1);
                self.start_search(after, limits, Purpose::Ponder { guess });
            }
        }
    }

    /// A search ended: for the engine's move, play it. A search called off meanwhile is no
    /// longer the session's current one, and its result is ignored.
    fn search_done(&mut self, id: SearchId, result: SearchResult) {
        let Some(purpose) = self.purpose() else {
            return;
        };
        if self.session.current_search() != Some(id) {
            return; // called off
        }
        self.session.end_search();
        if purpose == Purpose::Move {
            match result.best {
                Some(m) => self.play(m, result.ponder),
                None => {
                    let position = self.session.position();
                    if let Some(outcome) = position.outcome() {
                        send(&output::claim(outcome, position.side_to_move()));
                    }
                }
            }
        }
    }

    /// Starts analysing the current position, in analysis mode.
    fn resume_analysis(&mut self) {
        if !self.analyzing || self.thinking().is_some() || !self.valid {
            return;
        }
        let position = self.session.position();
        if let Some(outcome) = position.outcome() {
            if self.post.load(Relaxed) {
                let score = match outcome.winner() {
                    None => 0,
                    Some(winner) if winner == position.side_to_move() => 100_000,
                    Some(_) => -100_000,
                };
                let claim = output::claim(outcome, position.side_to_move());
                send(&format!("0 {score} 0 0 0 0 0\t({claim})"));
            }
            return;
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.start_search(position.clone(), limits, Purpose::Analyze);
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
                let own_moves = (self.session.game().moves().len() + ahead) / 2;
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

    /// Starts a search of `position` (the search before ends), whose result comes back as an
    /// event.
    fn start_search(&mut self, position: Position, limits: Limits, purpose: Purpose) {
        if let Ok(mut last) = self.last_info.lock() {
            *last = None;
        }
        let thinker = Thinker {
            post: Arc::clone(&self.post),
            last: Arc::clone(&self.last_info),
        };
        let events = self.events.clone();
        let legal_moves = position.legal_moves().len();
        let pondering = matches!(purpose, Purpose::Ponder { .. });
        let id = self.session.start_search(
            position,
            limits,
            pondering,
            Box::new(thinker),
            Box::new(move |id, result| {
                let _ = events.send(Event::SearchDone { id, result });
            }),
        );
        self.thinking = Some(Thinking {
            id,
            purpose,
            legal_moves,
        });
    }

    /// Calls off the search under way, if any: its move is not played.
    fn stop_thinking(&mut self) {
        self.session.end_search();
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
            let (mut xboard, _events) = xboard();
            xboard.handle("st 0.01");
            xboard.handle("sd 1");
            for words in lines {
                prop_assert!(xboard.handle(&words.join(" ")));
            }
            xboard.stop_thinking();
            let game = xboard.session.game();
            prop_assert!(game.position().is_consistent());
            prop_assert_eq!(game.position().plies_played(), game.moves().len());
        }
    }

    fn xboard() -> (Xboard, Receiver<Event>) {
        kaiser_rules::attacks::init();
        let (tx, rx) = mpsc::channel();
        (Xboard::new(tx), rx)
    }

    #[test]
    fn moves_are_counted_for_the_session_clock() {
        let (mut xboard, _events) = xboard();
        xboard.handle("variant empire");
        xboard.handle("level 3 1 0");
        xboard.handle("force");
        for m in ["e1f2", "b8c6", "f2e1", "c6b8"] {
            xboard.handle(&format!("usermove {m}"));
        }
        // White to move after two moves of each side: the third of the session's three.
        let limits = xboard.game_limits(0);
        assert_eq!(limits.clock.and_then(|c| c.movestogo), Some(1));
        assert_eq!(xboard.session.game().moves().len(), 4);
        xboard.handle("undo");
        xboard.handle("remove");
        assert_eq!(xboard.session.game().moves().len(), 1);
        assert_eq!(
            xboard.session.position().fen(),
            "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/5K2/TECD1CET b kq - 1 1"
        );
    }

    #[test]
    fn a_rejected_setboard_refuses_moves_until_a_new_position() {
        let (mut xboard, _events) = xboard();
        xboard.handle("setboard 8/8/8 w - - 0 1");
        assert!(!xboard.valid);
        xboard.handle("new");
        assert!(xboard.valid);
        assert_eq!(xboard.session.variant(), Variant::Chess);
    }

    /// The path of a network file for `variant`: the one built in, as a file.
    fn net_file(variant: Variant) -> String {
        format!("{}/nets/{variant}.nnue", env!("CARGO_MANIFEST_DIR"))
    }

    /// Whether `variant` evaluates with a network read from a file rather than its built-in one.
    fn plays_a_file_network(session: &Session, variant: Variant) -> bool {
        let engine = session.engine();
        let built_in = crate::eval::nnue::embedded(variant).expect("a built-in network");
        let in_use = engine.network(variant).expect("a network");
        !std::ptr::eq(in_use, &*built_in)
    }

    /// Issue 77: after Empire, `new` (standard chess) must make chess the session's variant, so
    /// that a chess network set next is loaded, not kept for a later `UCI_Variant`.
    #[test]
    fn new_then_a_chess_network_loads_it() {
        let (mut xboard, _events) = xboard();
        xboard.handle("variant empire");
        xboard.handle("new");
        assert_eq!(xboard.session.variant(), Variant::Chess);
        assert!(!plays_a_file_network(&xboard.session, Variant::Chess));
        xboard.handle(&format!("option EvalFile={}", net_file(Variant::Chess)));
        assert!(plays_a_file_network(&xboard.session, Variant::Chess));
        assert!(!plays_a_file_network(&xboard.session, Variant::Empire));
    }

    /// One session under both protocols: what XBoard's commands change is what UCI's read, and
    /// the other way round (the variant, the position, options, a new game).
    #[test]
    fn both_protocols_see_one_session() {
        let (mut xboard, _events) = xboard();
        let handle_uci =
            |xboard: &mut Xboard, line: &str| crate::uci::handle(&mut xboard.session, line);

        xboard.handle("variant empire");
        xboard.handle("force");
        xboard.handle("usermove e1f2");
        let session = &xboard.session;
        assert_eq!(session.variant(), Variant::Empire);
        assert_eq!(
            session.position().fen(),
            "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/5K2/TECD1CET b kq - 1 1"
        );
        xboard.handle("memory 2");
        xboard.handle("cores 2");
        xboard.handle("option MultiPV=3");
        xboard.handle("option OwnBook=0");
        xboard.handle("option UCI_ShowWDL=1");
        {
            let engine = xboard.session.engine();
            assert_eq!(
                (engine.hash_mb(), engine.threads(), engine.multipv()),
                (2, 2, 3)
            );
        }
        let settings = xboard.session.settings();
        assert!(!settings.own_book && settings.show_wdl);
        xboard.handle("new");
        assert_eq!(xboard.session.variant(), Variant::Chess);
        assert_eq!(
            xboard.session.position().fen(),
            Position::startpos(Variant::Chess).fen()
        );
        assert!(xboard.session.game().moves().is_empty());

        handle_uci(&mut xboard, "setoption name UCI_Variant value orda");
        handle_uci(&mut xboard, "position startpos moves e2e4");
        handle_uci(&mut xboard, "setoption name Hash value 4");
        handle_uci(&mut xboard, "setoption name Threads value 1");
        handle_uci(
            &mut xboard,
            &format!("setoption name EvalFile value {}", net_file(Variant::Orda)),
        );
        assert_eq!(
            xboard.game_limits(0).clock.and_then(|c| c.movestogo),
            Some(40)
        );
        xboard.handle("undo");
        assert_eq!(
            xboard.session.position().fen(),
            Position::startpos(Variant::Orda).fen()
        );
        assert!(plays_a_file_network(&xboard.session, Variant::Orda));
        {
            let engine = xboard.session.engine();
            assert_eq!((engine.hash_mb(), engine.threads()), (4, 1));
        }
        handle_uci(&mut xboard, "ucinewgame");
        xboard.handle("usermove e2e4");
        assert_eq!(xboard.session.game().moves().len(), 1);
        // A variant set through the option table is a new game for XBoard too.
        xboard.handle("setboard 8/8/8 w - - 0 1");
        assert!(!xboard.valid);
        xboard.handle("option UCI_Variant=empire");
        assert!(xboard.valid);
        assert_eq!(xboard.session.variant(), Variant::Empire);
    }

    /// A search for the engine's move counts its time from when the command asking for it was
    /// read, and its result comes back as an event of the session's current search.
    #[test]
    fn the_move_search_is_the_sessions_current_search() {
        let (mut xboard, events) = xboard();
        xboard.handle("variant empire");
        xboard.handle("option OwnBook=0");
        xboard.handle("sd 2");
        xboard.handle("go");
        let current = xboard.session.current_search();
        assert!(current.is_some() && xboard.thinking_on_move());
        let Ok(Event::SearchDone { id, result }) = events.recv() else {
            panic!("no search result");
        };
        assert_eq!(Some(id), current);
        xboard.search_done(id, result);
        assert_eq!(xboard.session.current_search(), None);
        assert_eq!(xboard.session.game().moves().len(), 1);

        // A new variant calls the search for a move off: its result is not played in the game.
        xboard.handle("sd 64");
        xboard.handle("st 30");
        xboard.handle("go");
        assert!(xboard.thinking_on_move());
        xboard.handle("option UCI_Variant=orda");
        assert_eq!(xboard.session.current_search(), None);
        let Ok(Event::SearchDone { id, result }) = events.recv() else {
            panic!("no search result");
        };
        xboard.search_done(id, result);
        assert_eq!(xboard.session.variant(), Variant::Orda);
        assert!(xboard.session.game().moves().is_empty());
    }
}
