//! The match runner: every arbitration path and every terminal rule, with the scripted fake
//! engine `tests/tools/fake_engine.py` (run with python3) playing set-up lines. (Whole matches
//! through `kaiser match` are the binary's `tests/match.rs`.)

use kaiser_engine::{Color, Variant};
use kaiser_rules::position::EndReason;
use kaiser_tools::matches::adjudication::{Adjudication, DrawRule, ResignRule, Verdict};
use kaiser_tools::matches::engine::{Engine, EngineConfig, Fault};
use kaiser_tools::matches::game::{self, GameRecord, GameResult, GameSettings, Termination};
use kaiser_tools::matches::time_control::{ClockSpec, TimeControl};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const FAKE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/tools/fake_engine.py"
);
/// Generous, for waits that are not under test: the machine may be busy.
const PATIENT: Duration = Duration::from_secs(30);
const EMPIRE_START: &str = "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1";
const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The fake engine with `args`, searching `nodes 1` (no clock, so no time forfeit).
fn fake(name: &str, args: &[&str]) -> EngineConfig {
    EngineConfig {
        name: name.to_string(),
        command: PathBuf::from("python3"),
        args: std::iter::once(FAKE)
            .chain(args.iter().copied())
            .map(String::from)
            .collect(),
        time_control: TimeControl {
            nodes: Some(1),
            ..TimeControl::default()
        },
        time_margin: Duration::from_millis(50),
        ..EngineConfig::default()
    }
}

fn settings(variant: Variant) -> GameSettings {
    GameSettings {
        variant,
        adjudication: Adjudication::default(),
        stall_timeout: PATIENT,
    }
}

fn play_with(
    settings: &GameSettings,
    fen: &str,
    white: EngineConfig,
    black: EngineConfig,
) -> GameRecord {
    let mut white = Engine::start(&white, settings.variant, PATIENT).expect("white starts");
    let mut black = Engine::start(&black, settings.variant, PATIENT).expect("black starts");
    game::play(
        settings,
        fen,
        &mut white,
        &mut black,
        &AtomicBool::new(false),
    )
}

/// Both sides play `line` from `fen`.
fn scripted(variant: Variant, fen: &str, line: &str) -> GameRecord {
    let engine = |name| fake(name, &["--moves", line]);
    play_with(&settings(variant), fen, engine("white"), engine("black"))
}

fn assert_end(record: &GameRecord, result: GameResult, termination: Termination, plies: usize) {
    assert_eq!(record.result, result, "{}", record.description());
    assert_eq!(record.termination, termination);
    assert_eq!(record.moves.len(), plies);
}

// The arbitration paths: each fault loses for the engine that commits it.

#[test]
fn an_illegal_move_loses() {
    let white = fake("white", &["--moves", "e1f2"]);
    let black = fake("black", &["--fault", "illegal=e7e4"]);
    let record = play_with(&settings(Variant::Empire), EMPIRE_START, white, black);
    let illegal = Termination::IllegalMove("e7e4".to_string());
    assert_end(&record, GameResult::Win(Color::White), illegal, 1);
    assert_eq!(record.termination_tag(), "illegal move e7e4");
    assert_eq!(record.description(), "Black makes an illegal move: e7e4");
}

#[test]
fn a_crash_loses() {
    let line = ["--moves", "e1f2 b8c6 f2e1 c6b8"];
    let white = fake(
        "white",
        &[&line[..], &["--fault", "crash", "--at", "2"]].concat(),
    );
    let record = play_with(
        &settings(Variant::Empire),
        EMPIRE_START,
        white,
        fake("black", &line),
    );
    assert_eq!(record.result, GameResult::Win(Color::Black));
    assert!(
        matches!(&record.termination, Termination::Fault(Fault::Crash(how)) if how.contains('3')),
        "{:?}",
        record.termination
    );
    assert_eq!(record.moves.len(), 2);
    assert_eq!(record.termination_tag(), "crash");
}

#[test]
fn no_bestmove_is_a_stall() {
    let stall_timeout = Duration::from_secs(1);
    let settings = GameSettings {
        stall_timeout,
        ..settings(Variant::Empire)
    };
    let white = fake("white", &["--moves", "e1f2"]);
    let black = fake("black", &["--fault", "hang"]);
    let record = play_with(&settings, EMPIRE_START, white, black);
    let stall = Termination::Fault(Fault::Stall("bestmove"));
    assert_end(&record, GameResult::Win(Color::White), stall, 1);
    assert_eq!(record.description(), "Black's engine stalled (no bestmove)");
}

#[test]
fn no_readyok_is_a_stall() {
    let settings = GameSettings {
        stall_timeout: Duration::from_millis(500),
        ..settings(Variant::Chess)
    };
    let white = fake("white", &["--fault", "mute"]);
    let record = play_with(&settings, CHESS_START, white, fake("black", &[]));
    let stall = Termination::Fault(Fault::Stall("readyok"));
    assert_end(&record, GameResult::Win(Color::Black), stall, 0);
    assert_eq!(record.termination_tag(), "stall");
}

/// `config` with a clock of `base` seconds and no increment.
fn with_clock(mut config: EngineConfig, base: &str) -> EngineConfig {
    config.time_control = TimeControl {
        clock: Some(ClockSpec::parse(base).unwrap()),
        ..TimeControl::default()
    };
    config
}

#[test]
fn answering_after_the_clock_runs_out_loses_on_time() {
    let white = with_clock(fake("white", &["--moves", "e1f2"]), "60");
    let black = with_clock(
        fake("black", &["--fault", "sleep=0.8", "--moves", "e1f2 b8c6"]),
        "0.3",
    );
    let record = play_with(&settings(Variant::Empire), EMPIRE_START, white, black);
    assert_end(
        &record,
        GameResult::Win(Color::White),
        Termination::TimeForfeit,
        1,
    );
    assert_eq!(record.description(), "Black loses on time");
}

#[test]
fn answering_after_the_move_time_loses_on_time() {
    let mut white = fake("white", &["--fault", "sleep=0.8", "--moves", "e1f2"]);
    white.time_control = TimeControl {
        movetime: Some(Duration::from_millis(200)),
        ..TimeControl::default()
    };
    let record = play_with(
        &settings(Variant::Empire),
        EMPIRE_START,
        white,
        fake("black", &[]),
    );
    assert_end(
        &record,
        GameResult::Win(Color::Black),
        Termination::TimeForfeit,
        0,
    );
}

// Every terminal rule, from scripted lines.

#[test]
fn checkmate_ends_the_game() {
    let record = scripted(Variant::Chess, CHESS_START, "f2f3 e7e5 g2g4 d8h4");
    let mate = Termination::Rules(EndReason::Checkmate);
    assert_end(&record, GameResult::Win(Color::Black), mate.clone(), 4);
    let record = scripted(Variant::Empire, "6k1/5ppp/8/8/8/8/8/T3K3 w - - 0 1", "a1a8");
    assert_end(&record, GameResult::Win(Color::White), mate, 1);
    assert_eq!(record.description(), "White wins by checkmate");
}

#[test]
fn stalemate_loses_in_empire_and_draws_in_chess() {
    let fen = "7k/5K2/8/6Q1/8/8/8/8 w - - 0 1";
    let stalemate = Termination::Rules(EndReason::Stalemate);
    let record = scripted(Variant::Empire, fen, "g5g6");
    assert_end(&record, GameResult::Win(Color::White), stalemate.clone(), 1);
    let record = scripted(Variant::Chess, fen, "g5g6");
    assert_end(&record, GameResult::Draw, stalemate, 1);
}

#[test]
fn campmate_wins() {
    let record = scripted(
        Variant::Empire,
        "8/8/3K4/8/7k/8/8/8 w - - 0 1",
        "d6d7 h4h5 d7d8",
    );
    let campmate = Termination::Rules(EndReason::Campmate);
    assert_end(&record, GameResult::Win(Color::White), campmate, 3);
}

#[test]
fn repetition_loses_in_empire_and_draws_in_chess() {
    let repetition = Termination::Rules(EndReason::Repetition);
    let line = "e1f2 b8c6 f2e1 c6b8 e1f2 b8c6 f2e1 c6b8 e1f2";
    let record = scripted(Variant::Empire, EMPIRE_START, line);
    assert_end(
        &record,
        GameResult::Win(Color::Black),
        repetition.clone(),
        8,
    );
    let line = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3";
    let record = scripted(Variant::Chess, CHESS_START, line);
    assert_end(&record, GameResult::Draw, repetition, 8);
}

#[test]
fn fifty_moves_draw() {
    let record = scripted(
        Variant::Empire,
        "3k4/8/8/8/8/8/5K2/7T w - - 99 80",
        "h1h2 d8d7",
    );
    let fifty = Termination::Rules(EndReason::FiftyMoves);
    assert_end(&record, GameResult::Draw, fifty, 1);
}

#[test]
fn a_capture_that_leaves_no_mating_material_draws_in_chess_only() {
    // The rooks come off: king and bishop against king can mate no more.
    let fen = "3k4/3r4/8/8/8/2B1K3/3R4/8 b - - 0 1";
    let dead = Termination::Rules(EndReason::InsufficientMaterial);
    let record = scripted(Variant::Chess, fen, "d7d2 e3d2");
    assert_end(&record, GameResult::Draw, dead, 2);
    assert_eq!(record.description(), "Draw by insufficient material");
    // In Empire bare kings play on (a Kaiser can still walk to rank eight): the game goes on
    // until the scripted engine has no move left.
    let record = scripted(
        Variant::Empire,
        "3k4/3r4/8/8/8/8/5K2/3T4 w - - 0 1",
        "d1d7 d8d7",
    );
    let no_move = Termination::IllegalMove("0000".to_string());
    assert_end(&record, GameResult::Win(Color::Black), no_move, 2);
}

// Adjudication.

fn adjudicated(adjudication: Adjudication, scores: [&str; 2]) -> GameRecord {
    let line = "e1f2 b8c6 f2e1 c6b8 e1f2 b8c6";
    let engine = |name, score| fake(name, &["--moves", line, "--score", score]);
    let settings = GameSettings {
        adjudication,
        ..settings(Variant::Empire)
    };
    play_with(
        &settings,
        EMPIRE_START,
        engine("white", scores[0]),
        engine("black", scores[1]),
    )
}

#[test]
fn adjudication_ends_games_by_resign_draw_and_move_limit() {
    let resign = Adjudication {
        resign: Some(ResignRule {
            move_count: 2,
            score: 500,
            two_sided: true,
        }),
        ..Adjudication::default()
    };
    let record = adjudicated(resign, ["600", "-600"]);
    let verdict = Termination::Adjudication(Verdict::Resign {
        loser: Color::Black,
    });
    assert_end(&record, GameResult::Win(Color::White), verdict, 4);
    assert_eq!(record.description(), "Black resigns (adjudication)");

    let draw = Adjudication {
        draw: Some(DrawRule {
            move_number: 1,
            move_count: 1,
            score: 10,
        }),
        ..Adjudication::default()
    };
    let record = adjudicated(draw, ["5", "-5"]);
    assert_end(
        &record,
        GameResult::Draw,
        Termination::Adjudication(Verdict::Draw),
        2,
    );

    let max_moves = Adjudication {
        max_moves: Some(2),
        ..Adjudication::default()
    };
    let record = adjudicated(max_moves, ["900", "-900"]);
    assert_end(
        &record,
        GameResult::Draw,
        Termination::Adjudication(Verdict::MaxMoves),
        4,
    );
}

// What the engines are sent.

#[test]
fn engines_get_the_variant_positions_and_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("white.log");
    let fen = "8/8/3K4/8/7k/8/8/8 w - - 0 1";
    let mut white = fake(
        "white",
        &["--moves", "d6d7 h4h5 d7d8", "--log", log.to_str().unwrap()],
    );
    white.options = vec![("Hash".to_string(), "16".to_string())];
    let white = with_clock(white, "40/60+0.5");
    let black = fake("black", &["--moves", "d6d7 h4h5 d7d8"]);
    let record = play_with(&settings(Variant::Empire), fen, white, black);
    assert_eq!(record.termination, Termination::Rules(EndReason::Campmate));
    let sent = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = sent.lines().collect();
    let position = |moves: &str| format!("position fen {fen}{moves}");
    for expected in [
        "uci",
        "setoption name Hash value 16",
        "setoption name UCI_Variant value empire",
        "ucinewgame",
        "isready",
        &position(""),
        &position(" moves d6d7 h4h5"),
    ] {
        assert!(lines.contains(&expected), "'{expected}' not in:\n{sent}");
    }
    let hash = lines
        .iter()
        .position(|&l| l == "setoption name Hash value 16");
    let variant = lines.iter().position(|&l| l.contains("UCI_Variant"));
    assert!(hash < variant, "user options go first:\n{sent}");
    let go: Vec<&&str> = lines.iter().filter(|l| l.starts_with("go")).collect();
    assert_eq!(go.len(), 2, "{sent}");
    assert_eq!(*go[0], "go wtime 60000 winc 500 movestogo 40", "{sent}");
    assert!(go[1].contains("movestogo 39"), "{sent}");
}

#[test]
fn the_start_position_is_sent_as_startpos() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("black.log");
    let black = fake(
        "black",
        &["--moves", "e1f2 b8c6", "--log", log.to_str().unwrap()],
    );
    let white = fake(
        "white",
        &["--moves", "e1f2", "--fault", "illegal=x", "--at", "2"],
    );
    play_with(&settings(Variant::Empire), EMPIRE_START, white, black);
    let sent = std::fs::read_to_string(&log).unwrap();
    assert!(
        sent.lines().any(|l| l == "position startpos moves e1f2"),
        "{sent}"
    );
}

#[test]
fn engine_start_failures_are_explained() {
    let no_variant = fake("plain", &["--no-variant"]);
    let error = Engine::start(&no_variant, Variant::Empire, PATIENT)
        .err()
        .unwrap();
    assert!(
        format!("{error:#}").contains("no UCI_Variant option"),
        "{error:#}"
    );
    assert!(Engine::start(&no_variant, Variant::Chess, PATIENT).is_ok());
    let silent = fake("silent", &["--fault", "nouci"]);
    let error = Engine::start(&silent, Variant::Chess, Duration::from_millis(300))
        .err()
        .unwrap();
    assert!(format!("{error:#}").contains("no uciok"), "{error:#}");
    let missing = EngineConfig {
        command: PathBuf::from("/nonexistent/engine"),
        ..fake("missing", &[])
    };
    let error = Engine::start(&missing, Variant::Chess, PATIENT)
        .err()
        .unwrap();
    assert!(
        format!("{error:#}").contains("cannot start engine missing"),
        "{error:#}"
    );
}

// Whole matches through the command line.
