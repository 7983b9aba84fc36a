//! Whole XBoard (CECP) sessions against the built `kaiser` binary: the feature handshake, the
//! definitions of Empire and Orda sent on `variant`, games played through to a claimed campmate,
//! a stalemate loss and a repetition loss, time controls, `?` and `ping`, pondering, analysis
//! mode, and bad input, answered with `Illegal move` or `Error` and survived.

mod common;

use common::Engine;
use kaiser_engine::{Position, Variant};
use std::time::{Duration, Instant};

/// Starts Kaiser and opens XBoard's protocol as XBoard does; returns the engine and the
/// `feature` lines.
fn start() -> (Engine, Vec<String>) {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until(|l| l == "feature done=1");
    (engine, features)
}

/// Sends `ping n` and returns what came before the `pong`.
fn ping(engine: &mut Engine, n: u32) -> Vec<String> {
    engine.send(&format!("ping {n}"));
    let pong = format!("pong {n}");
    let mut lines = engine.read_until(|l| l == pong);
    lines.pop();
    lines
}

/// A new game of `variant` in force mode, from `fen` if given.
fn game(variant: &str, fen: Option<&str>) -> Engine {
    let (mut engine, _) = start();
    engine.send("new");
    engine.send(&format!("variant {variant}"));
    engine.send("force");
    if let Some(fen) = fen {
        engine.send(&format!("setboard {fen}"));
    }
    ping(&mut engine, 0);
    engine
}

fn is_result(line: &str) -> bool {
    ["1-0 {", "0-1 {", "1/2-1/2 {"]
        .iter()
        .any(|start| line.starts_with(start))
}

/// The engine's FEN, from `d` (the board, `Fen: ...`, `Key: ...`).
fn fen(engine: &mut Engine) -> String {
    engine.send("d");
    let lines = engine.read_until(|l| l.starts_with("Key: "));
    let fen = lines.iter().find_map(|l| l.strip_prefix("Fen: "));
    fen.expect("a Fen line").to_string()
}

#[test]
fn handshake_lists_the_features_and_options() {
    let (mut engine, features) = start();
    let text = features.join("\n");
    for feature in [
        "setboard=1",
        "usermove=1",
        "time=1",
        "memory=1",
        "smp=1",
        "ping=1",
        "colors=0",
        "sigint=0",
        "analyze=1",
        "myname=\"Kaiser ",
        "variants=\"normal,empire,orda\"",
    ] {
        assert!(features[0].contains(feature), "{feature} missing:\n{text}");
    }
    for option in [
        "feature option=\"Clear Hash -button\"",
        "feature option=\"MultiPV -spin 1 1 256\"",
        "feature option=\"Skill Level -spin 20 -20 20\"",
        "feature option=\"Move Overhead -spin 10 0 5000\"",
        "feature option=\"UCI_Elo -spin 1350 500 2850\"",
        "feature option=\"UCI_LimitStrength -check 0\"",
        "feature option=\"OwnBook -check 1\"",
        "feature option=\"BookFile -string <built-in>\"",
        "feature option=\"VariantPath -string <empty>\"",
    ] {
        assert!(features.iter().any(|l| l == option), "{option}:\n{text}");
    }
    // Hash, Threads and the variant are set by `memory`, `cores` and `variant`.
    assert!(!text.contains("option=\"Hash") && !text.contains("UCI_Variant"));
    assert_eq!(features.last().unwrap(), "feature done=1");
    // XBoard's answers to the features need no reply; `memory`, `cores` and options are read.
    engine.send("accepted setboard");
    engine.send("rejected highlight");
    engine.send("memory 32");
    engine.send("cores 1");
    engine.send("option Skill Level=20");
    engine.send("option OwnBook=0");
    engine.send("option Clear Hash");
    assert_eq!(ping(&mut engine, 1), Vec::<String>::new());
    engine.close();
}

#[test]
fn the_first_command_decides_the_protocol() {
    // Blank lines before `xboard` do not count.
    let mut engine = Engine::start();
    engine.send("");
    engine.send("xboard");
    engine.send("protover 2");
    engine.read_until(|l| l == "feature done=1");
    engine.close();
    // Anything else is UCI, the first line included.
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until(|l| l == "uciok");
    engine.send("xboard");
    assert!(engine.sync().join("\n").contains("Unknown command"));
    engine.close();
}

#[test]
fn variant_empire_defines_the_game() {
    let (mut engine, _) = start();
    engine.send("new");
    engine.send("variant empire");
    assert_eq!(
        ping(&mut engine, 1),
        [
            "setup (PNBRQ........C.D.E.......T..........SKpnbrq........c.d.e.......t..........sk) \
             8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1",
            "piece P fmWfceF",
            "piece p fmWfceFifmnD",
            "piece N& N",
            "piece B& B",
            "piece R& R",
            "piece Q& Q",
            "piece K& K",
            "piece S& fsW",
            "piece E& mQcN",
            "piece C& mQcB",
            "piece T& mQcR",
            "piece D& mQcK",
        ]
    );
    assert_eq!(
        fen(&mut engine),
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1"
    );
    engine.close();
}

#[test]
fn variant_orda_defines_the_game() {
    let (mut engine, _) = start();
    engine.send("new");
    engine.send("variant orda");
    assert_eq!(
        ping(&mut engine, 1),
        [
            "setup (PNBRQ..AH.Y.........LKpnbrq..ah.y.........lk) 8x8+0_fairy \
             lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            "piece P fmWfceFifmnD",
            "piece p fmWfceF",
            "piece N& N",
            "piece B& B",
            "piece R& R",
            "piece Q& Q",
            "piece K& K",
            "piece H& KN",
            "piece L& mNcR",
            "piece A& mNcB",
            "piece Y& FfW",
        ]
    );
    // Orda's Kheshig promotion is read.
    engine.send("force");
    engine.send("setboard 4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    engine.send("usermove a7a8h");
    assert_eq!(fen(&mut engine), "H3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // Standard chess is XBoard's own: nothing to define.
    engine.send("new");
    engine.send("variant normal");
    assert_eq!(ping(&mut engine, 2), Vec::<String>::new());
    engine.send("variant atomic");
    assert_eq!(
        ping(&mut engine, 3),
        ["Error (unsupported variant): atomic"]
    );
    engine.close();
}

/// Two engines play from `fen` as XBoard plays them against each other (each told `computer`),
/// each move relayed to the other, until one claims a result. Returns the moves and the claim,
/// with the colour of the engine that made it.
fn play_out(variant: &str, fen: &str, max_plies: usize) -> (Vec<String>, String, char) {
    let mut engines = [start().0, start().0];
    for engine in &mut engines {
        engine.send("new");
        engine.send(&format!("variant {variant}"));
        engine.send("force");
        engine.send(&format!("setboard {fen}"));
        engine.send("st 1");
        engine.send("sd 6");
        engine.send("computer");
        ping(engine, 0);
    }
    let white_first = fen.split_whitespace().nth(1) == Some("w");
    // engines[0] plays the side to move, engines[1] the other.
    engines[1].send("playother");
    engines[0].send("go");
    let mut moves = Vec::new();
    let mut on_move = 0;
    loop {
        assert!(moves.len() < max_plies, "no result after {moves:?}");
        let lines = engines[on_move].read_until(|l| l.starts_with("move ") || is_result(l));
        let last = lines.last().unwrap().clone();
        if is_result(&last) {
            let side_to_move_is_white = (moves.len() % 2 == 0) == white_first;
            let colour = if side_to_move_is_white { 'w' } else { 'b' };
            return (moves, last, colour);
        }
        let m = last["move ".len()..].to_string();
        engines[1 - on_move].send(&format!("usermove {m}"));
        moves.push(m);
        on_move = 1 - on_move;
    }
}

#[test]
fn a_game_played_through_to_a_claimed_campmate() {
    // The Kaiser (White) walks to the eighth rank before the Kingdom's king reaches the first.
    let fen = "8/8/4K3/8/k7/8/8/8 w - - 0 1";
    let (moves, claim, claimer) = play_out("empire", fen, 12);
    assert_eq!(claim, "1-0 {White wins by campmate}", "{moves:?}");
    // The loser, on move, claimed: XBoard accepts a claimed loss without checking it.
    assert_eq!(claimer, 'b');
    let mut position = Position::from_fen(fen, Variant::Empire).unwrap();
    for m in &moves {
        let m = position.parse_uci_move(m).expect("legal");
        position.make_move(m);
    }
    assert!(position.campmate_reached());
    assert_eq!(moves.len(), 3, "{moves:?}");
}

#[test]
fn campmate_is_claimed_by_the_mover_when_the_opponent_is_human() {
    let mut engine = game("empire", Some("8/4K3/8/8/8/8/k7/8 w - - 0 1"));
    engine.send("sd 4");
    engine.send("go");
    let lines = engine.read_until(is_result);
    let moved = lines
        .iter()
        .find(|l| l.starts_with("move "))
        .expect("a move");
    assert!(
        ["move e7d8", "move e7e8", "move e7f8"].contains(&moved.as_str()),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "1-0 {White wins by campmate}");
    // The opponent's king reaching its far rank: the engine, on move, claims its loss.
    let mut engine = game("empire", Some("8/8/4K3/8/8/8/k7/8 b - - 0 1"));
    engine.send("playother");
    engine.send("usermove a2b1");
    assert_eq!(
        engine.read_until(is_result).last().unwrap(),
        "0-1 {Black wins by campmate}"
    );
    engine.close();
}

#[test]
fn stalemate_loses_in_empire() {
    // The Soldier steps to b7, a6 or c6: the Kingdom's king has no move and loses (after
    // c6, a7 would face the Empire's king along the open seventh rank).
    let mut engine = game("empire", Some("k7/2K5/1S6/8/8/8/8/8 w - - 0 1"));
    engine.send("sd 3");
    engine.send("go");
    let lines = engine.read_until(is_result);
    let stalemating = ["move b6b7", "move b6a6", "move b6c6"];
    assert!(
        lines.iter().any(|l| stalemating.contains(&l.as_str())),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "1-0 {Black is stalemated and loses}");
    // Stalemated on move, the engine claims its loss.
    let mut engine = game("empire", Some("k7/1SK5/8/8/8/8/8/8 b - - 0 1"));
    engine.send("go");
    assert_eq!(
        engine.read_until(is_result).last().unwrap(),
        "1-0 {Black is stalemated and loses}"
    );
    // In Orda stalemate is a draw.
    let mut engine = game("orda", Some("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"));
    engine.send("go");
    assert_eq!(
        engine.read_until(is_result).last().unwrap(),
        "1/2-1/2 {Stalemate}"
    );
    engine.close();
}

#[test]
fn repetition_loses_in_empire() {
    // RULES.md's example: the start position a third time, White to move: White has lost.
    let moves = [
        "e1f2", "b8c6", "f2e1", "c6b8", "e1f2", "b8c6", "f2e1", "c6b8",
    ];
    // The engine, Black, completes the repetition: a win it takes, and claims.
    let mut engine = game("empire", None);
    for m in &moves[..7] {
        engine.send(&format!("usermove {m}"));
    }
    engine.send("st 1");
    engine.send("sd 4");
    engine.send("go");
    let lines = engine.read_until(is_result);
    assert!(lines.iter().any(|l| l == "move c6b8"), "{lines:?}");
    assert_eq!(
        lines.last().unwrap(),
        "0-1 {White loses by threefold repetition}"
    );
    // The engine, White, on move in the repeated position: it claims its loss.
    let mut engine = game("empire", None);
    for m in moves {
        engine.send(&format!("usermove {m}"));
    }
    engine.send("go");
    assert_eq!(
        engine.read_until(is_result).last().unwrap(),
        "0-1 {White loses by threefold repetition}"
    );
    // After `undo` the game goes on.
    engine.send("undo");
    engine.send("sd 2");
    engine.send("go");
    let lines = engine.read_until(|l| l.starts_with("move ") || is_result(l));
    assert!(lines.last().unwrap().starts_with("move "), "{lines:?}");
    engine.close();
}

#[test]
fn moves_come_in_time_and_pings_after_them() {
    let mut engine = game("empire", None);
    engine.send("level 0 0:02 0");
    engine.send("time 200");
    engine.send("otim 200");
    engine.send("post");
    let start = Instant::now();
    engine.send("go");
    let lines = engine.read_until(|l| l.starts_with("move "));
    assert!(start.elapsed() < Duration::from_millis(1500), "{lines:?}");
    // `?` moves now; a `ping` sent while thinking is answered after the move.
    engine.send("option OwnBook=0");
    engine.send("st 60");
    engine.send("usermove e7e5");
    engine.send("?");
    engine.send("ping 7");
    let lines = engine.read_until(|l| l == "pong 7");
    let moved = lines
        .iter()
        .position(|l| l.starts_with("move "))
        .expect("a move");
    assert!(moved < lines.len() - 1);
    // Thinking output: depth, score, time, nodes, then the line after a tab.
    let thinking = lines
        .iter()
        .find(|l| l.contains('\t'))
        .expect("thinking output");
    let (numbers, pv) = thinking.split_once('\t').unwrap();
    assert!(
        numbers.split(' ').all(|n| n.parse::<i64>().is_ok()),
        "{thinking}"
    );
    assert!(!pv.is_empty(), "{thinking}");
    engine.close();
}

#[test]
fn pondering_on_the_expected_reply() {
    let mut engine = game("orda", None);
    engine.send("hard");
    engine.send("option OwnBook=0");
    engine.send("level 0 0:10 0");
    engine.send("time 1000");
    engine.send("otim 1000");
    engine.send("go");
    let lines = engine.read_until(|l| l.starts_with("Hint: "));
    assert!(lines.iter().any(|l| l.starts_with("move ")), "{lines:?}");
    // The reply expected: the search goes on, now for the engine's move.
    let hint = lines.last().unwrap()["Hint: ".len()..].to_string();
    engine.send(&format!("usermove {hint}"));
    engine.read_until(|l| l.starts_with("move "));
    // Another reply: the pondering is called off and a new search starts.
    engine.send("easy");
    engine.send("force");
    engine.send("undo");
    engine.send("undo");
    engine.send("hard");
    engine.send("playother");
    let fen_before = fen(&mut engine);
    let position = Position::from_fen(&fen_before, Variant::Orda).unwrap();
    let reply = position
        .legal_moves()
        .into_iter()
        .next()
        .unwrap()
        .to_string();
    engine.send(&format!("usermove {reply}"));
    engine.read_until(|l| l.starts_with("move "));
    engine.send("easy");
    ping(&mut engine, 1);
    engine.close();
}

#[test]
fn analysis_mode() {
    let mut engine = game("orda", None);
    engine.send("post");
    engine.send("analyze");
    engine.read_until(|l| l.starts_with("5 "));
    engine.send(".");
    let status = engine.read_until(|l| l.starts_with("stat01: "));
    let fields: Vec<&str> = status.last().unwrap().split(' ').collect();
    // stat01: time nodes depth moves-left moves-total (20 legal moves at the start).
    assert_eq!(fields.len(), 6, "{status:?}");
    assert_eq!(fields[5], "20");
    // A move: the analysis goes on in the new position.
    engine.send("usermove e2e4");
    engine.read_until(|l| l.starts_with("5 "));
    assert_eq!(
        fen(&mut engine),
        "lhaykahl/8/pppppppp/8/4P3/8/PPPP1PPP/RNBQKBNR b KQ - 0 1"
    );
    engine.send("undo");
    engine.read_until(|l| l.starts_with("5 "));
    engine.send("new");
    engine.send("variant empire");
    engine.read_until(|l| l.starts_with("5 "));
    // A finished game is not searched: the line says why.
    engine.send("setboard 8/8/8/7K/8/8/k7/8 b - - 0 1");
    engine.send("usermove a2a1");
    let lines = engine.read_until(|l| l.contains("campmate"));
    assert_eq!(
        lines.last().unwrap(),
        "0 -100000 0 0 0 0 0\t(0-1 {Black wins by campmate})"
    );
    engine.send("exit");
    // Analysis never plays a move.
    let lines = ping(&mut engine, 1);
    assert!(!lines.iter().any(|l| l.starts_with("move ")), "{lines:?}");
    engine.close();
}

#[test]
fn illegal_and_malformed_input_is_answered() {
    let mut engine = game("empire", None);
    for (line, answer) in [
        ("usermove e2e4", "Illegal move: e2e4"),
        ("usermove zz", "Illegal move: zz"),
        ("usermove", "Error (usermove needs one move): usermove"),
        ("frobnicate", "Error (unknown command): frobnicate"),
        ("level 40", "Error (level needs MPS BASE INC): level 40"),
        ("sd deep", "Error (sd needs a depth of at least 1): sd deep"),
        ("memory lots", "Error (memory needs MiB): memory lots"),
        ("undo", "Error (command not legal now): undo"),
        (
            "option Colour=red",
            "Error (unknown option): option Colour=red",
        ),
        (
            "option MultiPV=many",
            "Error (a spin takes a whole number): option MultiPV=many",
        ),
        (
            "option OwnBook=yes",
            "Error (a check takes 1 or 0): option OwnBook=yes",
        ),
        ("variant", "Error (variant needs a name): variant"),
    ] {
        engine.send(line);
        assert_eq!(ping(&mut engine, 1), [answer], "{line}");
    }
    // A move only the faceoff forbids (XBoard does not know the rule): the kings would face
    // each other on the e-file.
    engine.send("setboard 4k3/8/8/8/8/8/8/3K4 w - - 0 1");
    engine.send("usermove d1e1");
    assert_eq!(ping(&mut engine, 2), ["Illegal move: d1e1"]);
    // A position Kaiser cannot read: reported, and moves are refused until a new one.
    engine.send("setboard 8/8/8 w - - 0 1");
    let lines = ping(&mut engine, 3);
    assert!(
        lines[0].starts_with("tellusererror Illegal position"),
        "{lines:?}"
    );
    engine.send("usermove e1e2");
    assert_eq!(
        ping(&mut engine, 4),
        ["Illegal move (no valid position): e1e2"]
    );
    engine.send("go");
    assert_eq!(ping(&mut engine, 5), ["Error (no valid position): go"]);
    engine.send("new");
    engine.send("variant empire");
    engine.send("force");
    engine.send("usermove e1f2");
    ping(&mut engine, 6);
    assert_eq!(
        fen(&mut engine),
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/5K2/TECD1CET b kq - 1 1"
    );
    // Empire pawns never double-step; bare moves (without `usermove`) are read too.
    engine.send("e7e5");
    engine.send("f3f5");
    assert_eq!(ping(&mut engine, 7), ["Illegal move: f3f5"]);
    engine.send("quit");
    engine.close();
}
