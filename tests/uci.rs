//! Whole UCI sessions against the built `kaiser` binary: the protocol, bad input, threading
//! (isready and stop mid-search, infinite and ponder), terminal positions, and the traps of the
//! `vampirc-uci` parser (Empire and Orda FEN letters, promotion letters such as Orda's `h`).

mod common;

use common::Engine;
use kaiser::{Position, Variant};
use std::time::{Duration, Instant};

const EMPIRE_START: &str = "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1";

fn empire() -> Engine {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value empire");
    engine
}

#[test]
fn uci_handshake_lists_options() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until(|l| l == "uciok");
    let text = lines.join("\n");
    assert!(lines[0].starts_with("id name Kaiser"), "{text}");
    assert!(lines.iter().any(|l| l.starts_with("id author")), "{text}");
    for option in [
        "option name Hash type spin default 16 min 1 max 65536",
        "option name Threads type spin default 1 min 1 max 256",
        "option name Clear Hash type button",
        "option name Ponder type check default false",
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name Move Overhead type spin default 10",
        "option name UCI_Variant type combo default chess var chess var empire var orda",
        "option name UCI_ShowWDL type check default false",
        "option name OwnBook type check default true",
        "option name BookFile type string default <built-in>",
    ] {
        let whole_line = lines.iter().any(|l| l.starts_with(option));
        assert!(whole_line, "no line starts with '{option}' in:\n{text}");
    }
    engine.sync();
    engine.close();
}

#[test]
fn default_variant_is_chess_and_go_before_position_uses_the_start() {
    let mut engine = Engine::start();
    assert_eq!(
        engine.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let (infos, best) = engine.bestmove("go depth 4");
    assert!(infos
        .iter()
        .any(|l| l.starts_with("info depth 4") && l.contains(" pv ")));
    let best_move = best.split_whitespace().nth(1).expect("a move");
    assert!(
        Position::startpos(Variant::Chess)
            .parse_uci_move(best_move)
            .is_some(),
        "{best}"
    );
    engine.close();
}

#[test]
fn empire_fen_letters_and_moves_are_read() {
    let mut engine = empire();
    engine.send(&format!("position fen {EMPIRE_START} moves e1f2 b8c6"));
    assert_eq!(
        engine.fen(),
        "r1bqkbnr/pppppppp/2n5/8/8/PPPSSPPP/5K2/TECD1CET w kq - 2 2"
    );
    engine.send("position startpos moves e1f2");
    assert_eq!(
        engine.fen(),
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/5K2/TECD1CET b kq - 1 1"
    );
    engine.close();
}

#[test]
fn promotion_letters_are_never_dropped() {
    let mut engine = Engine::start();
    engine.send("position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8n");
    assert_eq!(engine.fen(), "N7/7k/8/8/8/8/8/K7 b - - 0 1");
    // `a7a8h` is no move of chess: reported, not played as a7a8 or a7a8q.
    engine.send("position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8h");
    let report = engine.sync().join("\n");
    assert!(
        report.contains("info string") && report.contains("a7a8h"),
        "{report}"
    );
    assert_eq!(engine.fen(), "8/P6k/8/8/8/8/8/K7 w - - 0 1");
    // In Empire only the queen promotion exists.
    engine.send("setoption name UCI_Variant value empire");
    engine.send("position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8r");
    assert!(engine.sync().join("\n").contains("a7a8r"));
    engine.send("position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8q");
    assert_eq!(engine.fen(), "Q7/7k/8/8/8/8/8/K7 b - - 0 1");
    engine.close();
}

#[test]
fn orda_kheshig_promotions_are_read_for_both_sides() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value orda");
    engine.send("position startpos moves e2e4 b8d7");
    assert_eq!(
        engine.fen(),
        "l1aykahl/3h4/pppppppp/8/4P3/8/PPPP1PPP/RNBQKBNR w KQ - 1 2"
    );
    engine.send("position fen 4k3/1P6/8/8/8/8/p7/4K3 w - - 0 1 moves b7b8h a2a1h");
    assert_eq!(engine.fen(), "1H2k3/8/8/8/8/8/8/h3K3 w - - 0 2");
    // A rook is no promotion piece of Orda.
    engine.send("position fen 4k3/1P6/8/8/8/8/p7/4K3 w - - 0 1 moves b7b8r");
    assert!(engine.sync().join("\n").contains("b7b8r"));
    assert_eq!(engine.fen(), "4k3/1P6/8/8/8/8/p7/4K3 w - - 0 1");
    let (_, best) = engine.bestmove("go depth 3");
    assert!(best.starts_with("bestmove b7b8"), "{best}");
    engine.close();
}

#[test]
fn illegal_moves_and_bad_fens_are_reported_and_survived() {
    let mut engine = empire();
    engine.send("position startpos moves e1f2 e7e5 f2g2 a7a1");
    let report = engine.sync().join("\n");
    assert!(
        report.contains("info string") && report.contains("'a7a1'"),
        "{report}"
    );
    assert_eq!(
        engine.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/8/PPPSSPPP/6K1/TECD1CET b kq - 1 2"
    );
    engine.send("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let report = engine.sync().join("\n");
    assert!(report.contains("info string Invalid FEN"), "{report}");
    assert_eq!(
        engine.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/8/PPPSSPPP/6K1/TECD1CET b kq - 1 2"
    );
    for junk in [
        "position",
        "position fen",
        "position banana",
        "go depth x",
        "flibbertigibbet",
        "setoption name Hash value lots",
        "setoption name Nonsense value 3",
    ] {
        engine.send(junk);
        let report = engine.sync().join("\n");
        assert!(
            report.contains("info string"),
            "no report for '{junk}': {report}"
        );
    }
    engine.send("setoption name Threads value 9999");
    assert!(engine.sync().join("\n").contains("info string"));
    let (_, best) = engine.bestmove("go depth 2");
    assert!(best.starts_with("bestmove "), "{best}");
    engine.close();
}

#[test]
fn isready_and_stop_during_an_infinite_search() {
    let mut engine = empire();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.quiet_for(Duration::from_millis(300), |l| l.starts_with("bestmove"));
    let asked = Instant::now();
    engine.send("isready");
    engine.read_until(|l| l == "readyok");
    assert!(
        asked.elapsed() < Duration::from_millis(500),
        "isready took {:?}",
        asked.elapsed()
    );
    engine.quiet_for(Duration::from_millis(200), |l| l.starts_with("bestmove"));
    let stopped = Instant::now();
    engine.send("stop");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    assert!(
        stopped.elapsed() < Duration::from_millis(500),
        "stop took {:?}",
        stopped.elapsed()
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info") && l.contains("score")),
        "{lines:?}"
    );
    engine.close();
}

#[test]
fn ponder_waits_for_ponderhit() {
    let mut engine = empire();
    engine.send("position startpos moves e1f2");
    engine.send("go ponder wtime 1000 btime 1000");
    engine.quiet_for(Duration::from_millis(1500), |l| l.starts_with("bestmove"));
    engine.send("ponderhit");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    assert!(lines.last().unwrap().split_whitespace().count() >= 2);
    engine.close();
}

#[test]
fn clocks_at_zero_or_below_still_give_a_move() {
    let mut engine = empire();
    engine.send("position startpos");
    let started = Instant::now();
    let (_, best) = engine.bestmove("go wtime -50 btime 0 winc 0 binc 0");
    assert!(
        best.starts_with("bestmove ") && !best.contains("(none)"),
        "{best}"
    );
    assert!(started.elapsed() < Duration::from_secs(2));
    let (_, best) = engine.bestmove("go movetime 100");
    assert!(!best.contains("(none)"));
    engine.close();
}

#[test]
fn finished_games_answer_bestmove_none() {
    let mut engine = Engine::start();
    // Fool's mate: White is checkmated.
    engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    let (infos, best) = engine.bestmove("go depth 5");
    assert_eq!(best, "bestmove (none)");
    assert!(
        infos.iter().any(|l| l == "info depth 0 score mate 0"),
        "{infos:?}"
    );
    // Chess stalemate is a draw.
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let (infos, best) = engine.bestmove("go depth 5");
    assert_eq!(best, "bestmove (none)");
    assert!(
        infos.iter().any(|l| l == "info depth 0 score cp 0"),
        "{infos:?}"
    );
    // Empire: the Kaiser has reached rank 8, Black has lost by campmate.
    engine.send("setoption name UCI_Variant value empire");
    engine.send("position fen 3K4/8/8/8/8/8/8/7k b - - 0 1");
    let (infos, best) = engine.bestmove("go depth 5");
    assert_eq!(best, "bestmove (none)");
    assert!(
        infos.iter().any(|l| l == "info depth 0 score mate 0"),
        "{infos:?}"
    );
    engine.close();
}

#[test]
fn forced_mate_is_found() {
    let mut engine = Engine::start();
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
    let (infos, best) = engine.bestmove("go depth 4");
    assert_eq!(best.split_whitespace().nth(1), Some("e1e8"), "{best}");
    assert!(
        infos.iter().any(|l| l.contains("score mate 1")),
        "{infos:?}"
    );
    engine.close();
}

#[test]
fn multipv_and_searchmoves() {
    let mut engine = empire();
    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos");
    let (infos, _) = engine.bestmove("go depth 3");
    let last_lines: Vec<&String> = infos
        .iter()
        .filter(|l| l.starts_with("info depth 3 "))
        .collect();
    for k in 1..=3 {
        assert!(
            last_lines
                .iter()
                .any(|l| l.contains(&format!(" multipv {k} "))),
            "{infos:?}"
        );
    }
    engine.send("setoption name MultiPV value 1");
    let (_, best) = engine.bestmove("go depth 3 searchmoves a3a4 h3h4");
    let best = best.split_whitespace().nth(1).unwrap().to_string();
    assert!(best == "a3a4" || best == "h3h4", "{best}");
    engine.close();
}

#[test]
fn fairy_stockfish_extras() {
    let mut engine = Engine::start();
    engine.send("go perft 3");
    let lines = engine.read_until(|l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    assert!(lines.iter().any(|l| l == "e2e4: 600"), "{lines:?}");
    engine.send("setoption name UCI_Variant value empire");
    engine.send("position startpos");
    engine.send("d");
    let lines = engine.read_until(|l| l.starts_with("Checkers:"));
    let text = lines.join("\n");
    assert!(text.contains(&format!("Fen: {EMPIRE_START}")), "{text}");
    assert!(text.contains("Key: "), "{text}");
    engine.send("eval");
    let lines = engine.read_until(|l| l.contains("evaluation"));
    assert!(!lines.is_empty());
    engine.close();
}

#[test]
fn eof_mid_search_exits_cleanly() {
    let mut engine = empire();
    engine.send("go infinite");
    engine.quiet_for(Duration::from_millis(200), |l| l.starts_with("bestmove"));
    engine.close();
}

#[test]
fn quit_ends_the_engine() {
    let mut engine = Engine::start();
    engine.send("quit");
    engine.close();
}
