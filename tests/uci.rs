//! Whole UCI sessions against the built `kaiser` binary: the protocol, bad input, threading
//! (isready and stop mid-search, infinite and ponder), terminal positions, the traps of the
//! `vampirc-uci` parser (Empire and Orda FEN letters, promotion letters such as Orda's `h`), and
//! the sessions real clients send, replayed verbatim: fairyfishnet's analysis and its nine play
//! levels, variantfishtest's games, a GUI switching variants without `ucinewgame`.

mod common;

use common::Engine;
use kaiser_engine::{Position, Variant};
use std::path::PathBuf;
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
        "option name Skill Level type spin default 20 min -20 max 20",
        "option name UCI_Chess960 type check default false",
        "option name UCI_AnalyseMode type check default false",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 1350 min 500 max 2850",
        "option name VariantPath type string default <empty>",
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
    // Empire: the Kaiser has reached rank 8, Black has lost by campmate. Set up with the winner
    // to move, the game is as decided, and Fairy-Stockfish answers `mate 0` too.
    engine.send("setoption name UCI_Variant value empire");
    for fen in [
        "3K4/8/8/8/8/8/8/7k b - - 0 1",
        "3K4/8/8/8/8/8/8/7k w - - 0 1",
    ] {
        engine.send(&format!("position fen {fen}"));
        let (infos, best) = engine.bestmove("go depth 5");
        assert_eq!(best, "bestmove (none)");
        assert_eq!(infos, ["info depth 0 score mate 0"]);
    }
    engine.close();
}

#[test]
fn finished_games_hold_their_answer_until_stop_or_ponderhit() {
    let mut engine = Engine::start();
    engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    let bestmove = |l: &str| l.starts_with("bestmove");
    engine.send("go infinite");
    let lines = engine.quiet_for(Duration::from_millis(300), bestmove);
    assert_eq!(lines, ["info depth 0 score mate 0"]);
    engine.send("stop");
    assert_eq!(engine.read_until(bestmove), ["bestmove (none)"]);
    engine.send("go ponder wtime 1000 btime 1000");
    let lines = engine.quiet_for(Duration::from_millis(300), bestmove);
    assert_eq!(lines, ["info depth 0 score mate 0"]);
    engine.send("ponderhit");
    assert_eq!(engine.read_until(bestmove), ["bestmove (none)"]);
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

/// Checks the answer to a `go` as fairyfishnet and variantfishtest read it: an `info` line with a
/// score before `bestmove`, the last one's line starting with the move played, and a legal move
/// in `pos` (or `(none)` when there is none). Returns the last scored `info` line.
fn scored_answer(pos: &Position, lines: &[String], best: &str) -> String {
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info") && l.contains(" score "))
        .unwrap_or_else(|| panic!("no scored info before {best}: {lines:?}"))
        .clone();
    let played = best.split_whitespace().nth(1).expect("a move");
    if pos.legal_moves().is_empty() {
        assert_eq!(played, "(none)");
    } else {
        assert!(
            pos.parse_uci_move(played).is_some(),
            "{best} in {}",
            pos.fen()
        );
        assert!(
            last.contains(&format!(" pv {played}")),
            "{last} before {best}"
        );
    }
    last
}

/// The score of a scored `info` line: `("cp", -31)` or `("mate", 2)`.
fn score(info: &str) -> (String, i32) {
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "score").expect("a score");
    (
        words[at + 1].to_string(),
        words[at + 2].parse().expect("a number"),
    )
}

/// Sends `lines` and then `isready`; returns what came back, checking that no option was refused
/// as unknown.
fn replay(engine: &mut Engine, lines: &[&str]) -> Vec<String> {
    for line in lines {
        engine.send(line);
    }
    let answers = engine.sync();
    assert!(
        !answers.iter().any(|l| l.contains("No such option")),
        "{answers:?}"
    );
    answers
}

/// A Fairy-Stockfish variants file: the shared one next to the repository if there is one, else
/// a small one written to `dir`.
fn variants_ini(dir: &tempfile::TempDir) -> PathBuf {
    let shared = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/variants.ini"
    ));
    if shared.is_file() {
        return shared;
    }
    let path = dir.path().join("variants.ini");
    let text = "[empire:chess]\ncastling = false\n[orda:chess]\n[shinobi:chess]\n";
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn fairyfishnet_analysis_session() {
    let dir = tempfile::tempdir().unwrap();
    let ini = variants_ini(&dir);
    let start = Position::startpos(Variant::Empire);
    // The brief form, then fairyfishnet's own: its config keys arrive lower-cased.
    for names in [
        ["VariantPath", "Threads", "Hash"],
        ["variantpath", "threads", "hash"],
    ] {
        let mut engine = Engine::start();
        engine.send("uci");
        engine.read_until(|l| l == "uciok");
        let answers = replay(
            &mut engine,
            &[
                &format!("setoption name {} value {}", names[0], ini.display()),
                "setoption name UCI_Variant value empire",
                &format!("setoption name {} value 1", names[1]),
                &format!("setoption name {} value 16", names[2]),
                "setoption name UCI_Chess960 value false",
                "setoption name Skill Level value 20",
                "setoption name UCI_AnalyseMode value true",
                "ucinewgame",
            ],
        );
        let report = answers.join("\n");
        assert!(
            report.contains("Kaiser plays, with its built-in rules: ") && report.contains("empire"),
            "{report}"
        );
        // fairyfishnet sends `moves` with nothing after it at the start of a game.
        engine.send(&format!("position fen {EMPIRE_START} moves "));
        let (lines, best) = engine.bestmove("go movetime 4000 nodes 500000");
        scored_answer(&start, &lines, &best);
        assert!(!lines.iter().any(|l| l.contains("book move")), "{lines:?}");
        engine.close();
    }
}

#[test]
fn fairyfishnet_play_levels_keep_their_time_and_depth() {
    const LEVELS: [(i32, u64, u32); 9] = [
        (-4, 50, 1),
        (0, 50, 1),
        (3, 100, 1),
        (6, 150, 2),
        (10, 200, 3),
        (14, 300, 5),
        (16, 400, 8),
        (18, 500, 13),
        (20, 1000, 22),
    ];
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until(|l| l == "uciok");
    let mut pos = Position::startpos(Variant::Empire);
    let mut moves: Vec<String> = Vec::new();
    for (skill, movetime, depth) in LEVELS {
        replay(
            &mut engine,
            &[
                "setoption name UCI_Chess960 value false",
                "setoption name UCI_Variant value empire",
                &format!("setoption name Skill Level value {skill}"),
                "setoption name UCI_AnalyseMode value false",
                "ucinewgame",
            ],
        );
        engine.send(&format!(
            "position fen {EMPIRE_START} moves {}",
            moves.join(" ")
        ));
        let asked = Instant::now();
        let (lines, best) = engine.bestmove(&format!("go movetime {movetime} depth {depth}"));
        let elapsed = asked.elapsed();
        let last = scored_answer(&pos, &lines, &best);
        assert!(
            elapsed < Duration::from_millis(movetime + 500),
            "level {skill}: {elapsed:?} for movetime {movetime}"
        );
        let reached: u32 = last.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert!(reached <= depth, "level {skill}: {last}");
        // The game goes on with the level's move, as on pychess.
        let played = best.split_whitespace().nth(1).unwrap();
        pos.make_move(pos.parse_uci_move(played).unwrap());
        moves.push(played.to_string());
    }
    engine.close();
}

#[test]
fn variantfishtest_game_start_and_moves() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until(|l| l == "uciok");
    // The session as the issue gives it: the start position is in Kaiser's book.
    replay(
        &mut engine,
        &[
            "setoption name UCI_Variant value empire",
            "setoption name clear hash",
            "ucinewgame",
        ],
    );
    engine.send("position startpos");
    let go = "go wtime 10000 btime 10000 winc 100 binc 100";
    let (lines, best) = engine.bestmove(go);
    let start = Position::startpos(Variant::Empire);
    scored_answer(&start, &lines, &best);
    // Then a game as variantfishtest plays it: `ucinewgame`, its options (a button with a
    // value), and `position startpos moves ...` before each `go`, one engine playing both sides.
    replay(
        &mut engine,
        &[
            "ucinewgame",
            "setoption name clear hash value true",
            "setoption name UCI_Variant value empire",
        ],
    );
    let mut pos = start;
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..8 {
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        let (lines, best) = engine.bestmove(go);
        let last = scored_answer(&pos, &lines, &best);
        // variantfishtest takes `cp 0` with a one-move line for a drawing move and ends the game.
        let one_move = last
            .split(" pv ")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .count()
            == 1;
        assert!(!(score(&last) == ("cp".into(), 0) && one_move), "{last}");
        let played = best.split_whitespace().nth(1).unwrap();
        pos.make_move(pos.parse_uci_move(played).unwrap());
        moves.push(played.to_string());
    }
    engine.close();
}

/// The score and node count of the last scored `info` line before `bestmove`, after `go` from
/// `fen`: the search's signature.
fn search_signature(engine: &mut Engine, variant: Variant, fen: &str, go: &str) -> String {
    let pos = Position::from_fen(fen, variant).unwrap();
    engine.send(&format!("position fen {fen}"));
    let (lines, best) = engine.bestmove(go);
    let last = scored_answer(&pos, &lines, &best);
    let from = last.find(" score ").unwrap();
    let to = last.find(" nps ").unwrap();
    last[from..to].to_string()
}

/// The signature of a chess search by a fresh engine (chess is the default variant).
fn fresh_chess_signature(fen: &str, go: &str) -> String {
    let mut fresh = Engine::start();
    let signature = search_signature(&mut fresh, Variant::Chess, fen, go);
    fresh.close();
    signature
}

#[test]
fn switching_variants_without_ucinewgame_forgets_the_other_variant() {
    // The Kaiser steps onto the far rank next move: a campmate win in Empire, two bare kings in
    // chess. Each chess search after an Empire one is a fresh engine's, node for node: no
    // campmate, and no correction carried over to feed on itself (it once drifted to cp -87).
    let fen = "8/4K3/8/8/8/k7/8/8 w - - 0 1";
    let expected = fresh_chess_signature(fen, "go depth 8");
    assert_eq!(score(&expected).0, "cp", "{expected}");
    let mut engine = Engine::start();
    for _ in 0..2 {
        engine.send("setoption name UCI_Variant value empire");
        let empire = search_signature(&mut engine, Variant::Empire, fen, "go depth 8");
        assert!(empire.starts_with(" score mate 1 "), "{empire}");
        engine.send("setoption name UCI_Variant value chess");
        let chess = search_signature(&mut engine, Variant::Chess, fen, "go depth 8");
        assert_eq!(chess, expected);
    }
    engine.close();
    // A chess opening is legal in Empire too (its evaluation differs): searched in chess after
    // an Empire search, it gets exactly the search of a fresh engine, node for node.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 2 3";
    let expected = fresh_chess_signature(fen, "go depth 9");
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value empire");
    search_signature(&mut engine, Variant::Empire, fen, "go depth 9");
    engine.send("setoption name UCI_Variant value chess");
    let after_switch = search_signature(&mut engine, Variant::Chess, fen, "go depth 9");
    assert_eq!(after_switch, expected);
    engine.close();
}

#[test]
fn every_option_clients_send_is_known() {
    let mut engine = Engine::start();
    let answers = replay(
        &mut engine,
        &[
            "setoption name threads value 1",
            "setoption name hash value 16",
            "setoption name variantpath value <empty>",
            "setoption name UCI_Chess960 value false",
            "setoption name UCI_AnalyseMode value false",
            "setoption name Skill Level value -4",
            "setoption name clear hash",
            "setoption name Clear Hash value true",
            "setoption name UCI_LimitStrength value true",
            "setoption name UCI_Elo value 1000",
            "setoption name UCI_ShowWDL value false",
            "setoption name Ponder value false",
            "setoption name MultiPV value 1",
            "setoption name Move Overhead value 10",
        ],
    );
    assert!(answers.is_empty(), "{answers:?}");
    // A weak Elo still plays a legal move with a score.
    engine.send("position startpos moves e2e4");
    let mut pos = Position::startpos(Variant::Chess);
    pos.make_move(pos.parse_uci_move("e2e4").unwrap());
    let (lines, best) = engine.bestmove("go movetime 200 depth 10");
    scored_answer(&pos, &lines, &best);
    // Fischer-random chess is refused, clearly; a missing or endless variants file is reported.
    for (line, expected) in [
        ("setoption name UCI_Chess960 value true", "stays false"),
        (
            "setoption name VariantPath value /nonexistent/variants.ini",
            "cannot read it",
        ),
        // A device that never ends: reading it whole would never return.
        (
            "setoption name VariantPath value /dev/zero",
            "not a regular file",
        ),
    ] {
        engine.send(line);
        let answer = engine.sync().join("\n");
        assert!(
            answer.starts_with("info string") && answer.contains(expected),
            "{line}: {answer}"
        );
    }
    engine.close();
}

#[test]
fn every_bestmove_follows_a_scored_info() {
    let mut engine = empire();
    let start = Position::startpos(Variant::Empire);
    engine.send("position startpos");
    for go in [
        "go movetime 1",
        "go nodes 1",
        "go depth 1",
        "go wtime 1 btime 1",
        "go movetime 1 depth 1",
    ] {
        let (lines, best) = engine.bestmove(go);
        scored_answer(&start, &lines, &best);
    }
    // Stopped at once.
    engine.send("go infinite");
    engine.send("stop");
    let mut lines = engine.read_until(|l| l.starts_with("bestmove"));
    let best = lines.pop().unwrap();
    scored_answer(&start, &lines, &best);
    // A single legal move: the rook on the second rank leaves the king on h1 only g1.
    let fen = "7k/8/8/8/8/8/r7/7K w - - 0 1";
    let only = Position::from_fen(fen, Variant::Chess).unwrap();
    engine.send("setoption name UCI_Variant value chess");
    engine.send(&format!("position fen {fen}"));
    assert_eq!(only.legal_moves().len(), 1);
    for go in ["go movetime 1", "go wtime 100 btime 100", "go depth 5"] {
        let (lines, best) = engine.bestmove(go);
        scored_answer(&only, &lines, &best);
    }
    engine.close();
}
