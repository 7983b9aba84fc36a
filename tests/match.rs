//! `kaiser match`: whole matches through the command line, Kaiser against Kaiser and the
//! scripted fake engine `tests/tools/fake_engine.py` with an SPRT, and bad input. (The runner's
//! arbitration and terminal rules are tested in `crates/tools/tests/match.rs`.)

mod common;

use common::text;
use kaiser_engine::notation::parse_pgn;
use kaiser_engine::Variant;
use std::process::Output;

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tools/fake_engine.py");

fn kaiser_match(args: &[&str]) -> Output {
    common::kaiser(&[&["match"], args].concat())
}

#[test]
fn kaiser_plays_kaiser_from_openings_with_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.epd");
    let pgn = dir.path().join("games.pgn");
    std::fs::write(
        &book,
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/5K2/TECD1CET b kq - hmvc 1; fmvn 1; c0 \"Kf2\";\n\
         r1bqkbnr/pppppppp/2n5/8/8/PPPSSPPP/5K2/TECD1CET w kq - 2 2\n",
    )
    .unwrap();
    let kaiser = env!("CARGO_BIN_EXE_kaiser");
    let output = kaiser_match(&[
        "-variant",
        "empire",
        "-engine",
        &format!("cmd={kaiser}"),
        "name=first",
        "-engine",
        &format!("cmd={kaiser}"),
        "name=second",
        "-each",
        "depth=2",
        "option.Hash=8",
        "-games",
        "4",
        "-concurrency",
        "2",
        "-maxmoves",
        "40",
        "-openings",
        &format!("file={}", book.display()),
        "format=epd",
        "-pgnout",
        pgn.to_str().unwrap(),
    ]);
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("Score of first vs second"), "{stdout}");
    assert!(stdout.contains("Ptnml(0-2)"), "{stdout}");
    let by_colour = stdout
        .lines()
        .find_map(|line| line.strip_prefix("first as White: "))
        .unwrap_or_else(|| panic!("no score by colour: {stdout}"));
    let games_by_colour: Vec<u32> = by_colour
        .split(", as Black: ")
        .map(|w_l_d| w_l_d.split(" - ").map(|n| n.parse::<u32>().unwrap()).sum())
        .collect();
    assert_eq!(games_by_colour, [2, 2], "{by_colour}");
    assert_eq!(stderr.matches("Finished game").count(), 4, "{stderr}");
    let games = parse_pgn(&std::fs::read_to_string(&pgn).unwrap()).expect("the PGN replays");
    assert_eq!(games.len(), 4);
    for game in &games {
        assert_eq!(game.variant(), Variant::Empire);
        assert_eq!(
            game.tag("SetUp"),
            None,
            "SetUp and FEN are written from the start"
        );
        assert!(game.tag("Termination").is_some());
        assert_eq!(game.tag("TimeControl"), Some("-"));
        let round: usize = game.tag("Round").unwrap().parse().unwrap();
        let first_white = round % 2 == 1;
        let expected = if first_white { "first" } else { "second" };
        assert_eq!(game.tag("White"), Some(expected));
        let opening = ((round - 1) / 2) % 2;
        let fen = game.start().fen();
        assert_eq!(
            fen.starts_with("r1bq"),
            opening == 1,
            "round {round}: {fen}"
        );
        assert!(game
            .moves()
            .iter()
            .all(|m| m.comment.as_deref().is_some_and(|c| c.ends_with('s'))));
    }
}

#[test]
fn what_an_engine_says_of_its_options_is_shown() {
    let kaiser = format!("cmd={}", env!("CARGO_BIN_EXE_kaiser"));
    let output = kaiser_match(&[
        "-engine",
        &kaiser,
        "name=first",
        "option.Hsh=8",
        "option.EvalFile=/nonexistent/net.nnue",
        "-engine",
        &kaiser,
        "name=second",
        "-each",
        "depth=1",
        "-games",
        "2",
        "-maxmoves",
        "4",
    ]);
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stderr.contains("first: No such option: Hsh"), "{stderr}");
    assert!(
        stderr.contains("first: EvalFile /nonexistent/net.nnue refused"),
        "{stderr}"
    );
    assert!(
        !stderr.lines().any(|line| line.starts_with("second: ")),
        "{stderr}"
    );
}

#[test]
fn the_sprt_stops_a_lopsided_match() {
    let output = kaiser_match(&[
        "-engine",
        "cmd=python3",
        &format!("arg={FAKE}"),
        "arg=--moves",
        "arg=e1f2",
        "name=good",
        "-engine",
        "cmd=python3",
        &format!("arg={FAKE}"),
        "arg=--fault",
        "arg=illegal=a1a1",
        "name=bad",
        "-each",
        "nodes=1",
        "-rounds",
        "500",
        "-concurrency",
        "2",
        "-sprt",
        "elo0=0",
        "elo1=10",
    ]);
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    assert!(stdout.contains("illegal move"), "{stdout}");
    let played = stderr.matches("Finished game").count();
    assert!(played < 1000, "{played} games");
}

#[test]
fn bad_command_lines_are_explained() {
    let kaiser = format!("cmd={}", env!("CARGO_BIN_EXE_kaiser"));
    for (args, message) in [
        (vec!["-engine", &kaiser], "exactly two -engine"),
        (
            vec!["-engine", &kaiser, "-engine", &kaiser],
            "no time control",
        ),
        (
            vec!["-engine", &kaiser, "-engine", &kaiser, "-tc", "fast"],
            "bad time control",
        ),
        (
            vec!["-engine", "name=x", "-engine", &kaiser, "-st", "1"],
            "needs cmd=PATH",
        ),
        (vec!["-frobnicate"], "unknown option -frobnicate"),
        (vec!["-engine", "cmd"], "expected key=value"),
        (vec!["-games", "-3"], "-games needs a value"),
        (vec!["-variant", "xiangqi"], "unknown variant"),
        (vec!["-sprt", "elo0=5", "elo1=0"], "elo0 must be below elo1"),
        (
            vec![
                "-engine",
                &kaiser,
                "-engine",
                &kaiser,
                "-depth",
                "1",
                "-openings",
                "file=/no.epd",
            ],
            "cannot read openings file",
        ),
        (vec!["stray"], "expected an option"),
    ] {
        let output = kaiser_match(&args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    let output = kaiser_match(&[
        "-engine",
        "cmd=/nonexistent/engine",
        "-engine",
        &kaiser,
        "-depth",
        "1",
    ]);
    assert!(text(&output.stderr).contains("cannot start engine engine"));
    let help = kaiser_match(&["--help"]);
    assert!(help.status.success());
    assert!(text(&help.stdout).contains("-sprt elo0="));
}
