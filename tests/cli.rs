//! The `kaiser` command line as a whole: `kaiser --help` names every tool, `kaiser <tool> --help`
//! (and `-h`) works the same way for each, and bad arguments are refused with a message and exit
//! code 2, never a panic.

mod common;

use common::{kaiser, text};

/// Every tool, and the subcommands of those that have them.
const TOOLS: &[&[&str]] = &[
    &["perft"],
    &["bench"],
    &["openings"],
    &["analyse"],
    &["analyze"],
    &["book"],
    &["book", "build"],
    &["book", "probe"],
    &["match"],
    &["sprt"],
    &["spsa"],
    &["datagen"],
    &["data"],
    &["data", "info"],
    &["data", "dump"],
    &["tune"],
    &["nnue"],
    &["nnue", "train"],
    &["nnue", "loss"],
];

#[test]
fn kaiser_help_names_every_tool_with_a_description() {
    for help in [&["--help"][..], &["-h"], &["help"]] {
        let output = kaiser(help);
        let stdout = text(&output.stdout);
        assert!(output.status.success(), "{help:?}: {output:?}");
        assert!(stdout.contains("Usage: kaiser [COMMAND]"), "{stdout}");
        for tool in TOOLS.iter().filter(|t| t.len() == 1 && t[0] != "analyze") {
            let described = stdout.lines().any(|line| {
                line.strip_prefix(&format!("  {} ", tool[0]))
                    .is_some_and(|rest| rest.trim().len() > 10)
            });
            assert!(described, "{help:?}: no line for {}:\n{stdout}", tool[0]);
        }
        assert!(stdout.contains("analyze"), "{stdout}");
    }
}

#[test]
fn every_tool_explains_itself() {
    for tool in TOOLS {
        let name = tool.join(" ").replace("analyze", "analyse");
        for flag in ["--help", "-h"] {
            let output = kaiser(&[tool, &[flag][..]].concat());
            let stdout = text(&output.stdout);
            assert!(output.status.success(), "{tool:?} {flag}: {output:?}");
            assert!(
                stdout.contains(&format!("Usage: kaiser {name}")),
                "{tool:?} {flag}:\n{stdout}"
            );
            assert!(output.stderr.is_empty(), "{tool:?} {flag}: {output:?}");
        }
    }
    // The long help keeps each tool's explanations and examples.
    for (tool, expected) in [
        ("analyse", "\"type\":\"info\""),
        ("match", "-sprt elo0=E0 elo1=E1"),
        ("datagen", "Runs\nresume"),
        ("tune", "kaiser tune --data"),
        ("sprt", "kaiser sprt elo0=0 elo1=10"),
        ("book", "book/README.md"),
        ("perft", "Nodes searched"),
        ("bench", "Bench: <nodes> nodes <nps> nps"),
    ] {
        let stdout = text(&kaiser(&[tool, "--help"]).stdout);
        assert!(stdout.contains(expected), "{tool}:\n{stdout}");
    }
}

#[test]
fn match_help_is_the_same_wherever_it_is_asked_for() {
    let help = text(&kaiser(&["match", "--help"]).stdout);
    for args in [
        &["match", "-help"][..],
        &["match", "-games", "4", "-help"],
        &["help", "match"],
    ] {
        let output = kaiser(args);
        assert!(output.status.success(), "{args:?}: {output:?}");
        assert_eq!(text(&output.stdout), help, "{args:?}");
    }
}

#[test]
fn bad_arguments_are_refused_with_a_message() {
    for (args, expected) in [
        (&["frobnicate"][..], "unrecognized subcommand 'frobnicate'"),
        (&["perft"], "<DEPTH>"),
        (&["perft", "x"], "invalid value 'x'"),
        (&["perft", "3", "--variant", "atomic"], "possible values"),
        (&["perft", "1", "--fen", "not a fen"], "bad --fen"),
        (
            &["bench", "--frobnicate"],
            "unexpected argument '--frobnicate'",
        ),
        (&["bench", "0"], "must be at least 1"),
        (&["openings", "--out", "x.epd"], "--count <N>"),
        (
            &[
                "openings", "--count", "2", "--out", "x.epd", "--plies", "9-3",
            ],
            "MIN is above MAX",
        ),
        (&["analyse", "--threads", "0"], "0 is not in 1..=256"),
        (&["book", "build"], "--out <FILE>"),
        (&["book", "shelve"], "unrecognized subcommand 'shelve'"),
        (&["match", "-games", "two"], "-games: bad value 'two'"),
        (&["sprt"], "required arguments"),
        (&["sprt", "elo0=0", "elo1=5", "1,2"], "expected five counts"),
        (&["datagen", "--threads", "0"], "0 is not in 1..=256"),
        (
            &["datagen", "--threads", "100000"],
            "100000 is not in 1..=256",
        ),
        (
            &["nnue", "train", "--out", "a", "--threads", "100000"],
            "100000 is not in 1..=256",
        ),
        (&["nnue", "loss", "--threads", "0"], "0 is not in 1..=256"),
        (
            &["datagen", "--out", "a", "--data-dir", "b"],
            "cannot be used with",
        ),
        (&["datagen", "--pgn", "games.pgn"], "--out <FILE>"),
        (&["data", "dump"], "<PATH>"),
        (&["data", "dump", "a", "b"], "unexpected argument 'b'"),
        (&["tune"], "--data <PATH>"),
        (
            &["tune", "--data", "x", "--epochs", "many"],
            "invalid value 'many'",
        ),
    ] {
        let output = kaiser(args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}: {output:?}");
    }
}

#[test]
fn a_tool_without_its_subcommand_shows_its_help() {
    for tool in ["book", "data", "nnue"] {
        let output = kaiser(&[tool]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{tool}: {stderr}");
        assert!(
            stderr.contains(&format!("Usage: kaiser {tool} <COMMAND>")),
            "{tool}: {stderr}"
        );
    }
}

#[test]
fn variant_names_ignore_case() {
    let output = kaiser(&["perft", "2", "--variant", "Chess"]);
    assert!(output.status.success(), "{output:?}");
    assert!(text(&output.stdout).contains("Nodes searched: 400"));
}

/// A reader that stops early (`kaiser perft 5 --divide | head -1`, the pipe closed before the
/// tool writes) ends the tool quietly, as it would any Unix tool: no panic on the closed pipe.
#[cfg(unix)]
#[test]
fn a_closed_output_pipe_ends_a_tool_quietly() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaiser"))
        .args(["perft", "5", "--divide", "--variant", "chess"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kaiser");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("wait for kaiser");
    let stderr = text(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.signal(), Some(libc::SIGPIPE), "{output:?}");
}
