//! The protocol-neutral session (`kaiser_engine::session`), through its public API: the game and
//! the options either protocol sets, the `EvalFile` network following the variant, and a
//! search's clock starting when the command that asked for it was read.

use kaiser_engine::clock::Instant;
use kaiser_engine::search::{Info, Limits, Listener, SearchResult};
use kaiser_engine::session::{options, PositionError, Session};
use kaiser_engine::{Position, Variant};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Sets the option `name` to `value` as both protocols do, returning the notes.
fn set(session: &mut Session, name: &str, value: &str) -> Vec<String> {
    let setting = options::read(name, Some(value)).expect("a valid value");
    session.apply(setting)
}

/// The built-in network of `variant`, as a file.
fn net_file(variant: Variant) -> String {
    format!("{}/nets/{variant}.nnue", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_new_game_of_another_variant_takes_the_next_network_file() {
    kaiser_rules::attacks::init();
    let mut session = Session::new();
    assert_eq!(
        set(&mut session, "UCI_Variant", "empire"),
        Vec::<String>::new()
    );
    assert_eq!(session.new_game(Variant::Chess), None);
    assert_eq!(session.variant(), Variant::Chess);
    let notes = set(&mut session, "EvalFile", &net_file(Variant::Chess));
    assert!(notes[0].contains("network for chess loaded"), "{notes:?}");
    // A network for another variant waits for it, and the variant's own is read again on
    // every change of variant.
    let notes = set(&mut session, "EvalFile", &net_file(Variant::Orda));
    assert!(
        notes[0].contains("used once UCI_Variant is orda"),
        "{notes:?}"
    );
    let note = session
        .new_game(Variant::Orda)
        .expect("a note on the network");
    assert!(note.contains("network for orda loaded"), "{note}");
}

#[test]
fn the_game_is_set_and_played_through_the_session() {
    kaiser_rules::attacks::init();
    let mut session = Session::new();
    set(&mut session, "UCI_Variant", "orda");
    assert_eq!(session.position().variant(), Variant::Orda);
    let moves = ["e2e4".to_string()];
    assert_eq!(session.set_position(None, &moves), Ok(()));
    assert_eq!(session.game().moves().len(), 1);
    let bad = session.set_position(None, &["e2e5".to_string()]);
    assert!(
        matches!(bad, Err(PositionError::IllegalMove { .. })),
        "{bad:?}"
    );
    assert!(session.set_fen("8/8/8 w - - 0 1").is_err());
    assert_eq!(
        session.position().fen(),
        Position::startpos(Variant::Orda).fen()
    );
    set(&mut session, "Hash", "2");
    set(&mut session, "Threads", "3");
    let engine = session.engine();
    assert_eq!((engine.hash_mb(), engine.threads()), (2, 3));
}

/// Keeps the reports of a search.
struct Reports(Arc<Mutex<Vec<Info>>>);

impl Listener for Reports {
    fn info(&self, info: &Info) {
        self.0.lock().unwrap().push(info.clone());
    }
}

/// Searches the session's position within `limits` on the session's search thread, returning
/// the reports, the result and how long the search took from its start.
fn search(session: &mut Session, limits: Limits) -> (Vec<Info>, SearchResult, Duration) {
    let reports = Arc::new(Mutex::new(Vec::new()));
    let (done_tx, done) = mpsc::channel();
    let started = std::time::Instant::now();
    session.start_search(
        session.position().clone(),
        limits,
        false,
        Box::new(Reports(Arc::clone(&reports))),
        Box::new(move |_, result| done_tx.send(result).unwrap()),
    );
    let result = done.recv().expect("a result");
    let took = started.elapsed();
    session.end_search();
    let infos = reports.lock().unwrap().clone();
    (infos, result, took)
}

/// The clock of a search starts when its command was read (`Limits::start`), not when the
/// search starts: the time already gone counts against the move time, and in the reports.
#[test]
fn the_clock_starts_when_the_command_was_read() {
    kaiser_rules::attacks::init();
    let mut session = Session::new();
    let read_at = Instant::now() - Duration::from_millis(2000);
    let limits = Limits {
        movetime_ms: Some(1000),
        start: Some(read_at),
        ..Limits::default()
    };
    let (infos, result, took) = search(&mut session, limits);
    assert!(result.best.is_some());
    // The move time was over before the search began: it stops after its first iteration,
    // instead of searching for a second.
    assert!(took < Duration::from_millis(900), "searched {took:?}");
    let last = infos.last().expect("a report");
    assert!(last.time_ms >= 2000, "{last:?}");
    // Without a start, the clock starts with the search.
    let (infos, _, _) = search(
        &mut session,
        Limits {
            depth: Some(2),
            ..Limits::default()
        },
    );
    assert!(infos.last().expect("a report").time_ms < 2000);
}
