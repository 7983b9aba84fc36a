//! `kaiser spsa` end to end: a short run against Kaiser itself writes its state, resumes from
//! it, shows it, and refuses a state file with other settings or a damaged one.

mod common;

use common::{kaiser, text};

#[test]
fn a_run_plays_saves_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("run.json");
    let state_arg = state.to_str().unwrap();
    let args = |iterations: &'static str| {
        vec![
            "spsa",
            "--state",
            state_arg,
            "--params",
            "rfp_margin,lmr_base_centi",
            "--iterations",
            iterations,
            "--pairs",
            "1",
            "--tc",
            "0.5+0.01",
        ]
    };
    let output = kaiser(&args("1"));
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{output:?}");
    assert!(stdout.contains("iteration 1/1: plus "), "{stdout}");
    assert!(stdout.contains("rfp_margin = "), "{stdout}");
    let saved = std::fs::read_to_string(&state).unwrap();
    assert!(saved.contains("\"done\": 1"), "{saved}");

    // Another length is another run: refused, the state kept.
    let output = kaiser(&args("5"));
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        text(&output.stderr).contains("other settings"),
        "{output:?}"
    );
    assert_eq!(std::fs::read_to_string(&state).unwrap(), saved);

    // Resumed as it was, by the same command or with its parameters in another order:
    // already finished, nothing more is played.
    let mut reordered = args("1");
    reordered[4] = "lmr_base_centi,rfp_margin";
    for command in [vec!["spsa", "--state", state_arg], args("1"), reordered] {
        let output = kaiser(&command);
        let stdout = text(&output.stdout);
        assert!(output.status.success(), "{command:?}: {output:?}");
        assert!(stdout.contains("resuming"), "{stdout}");
        assert!(!stdout.contains("iteration 2"), "{stdout}");
    }

    // Shown without playing, with the values as `kaiser match` options.
    let output = kaiser(&["spsa", "--state", state_arg, "--show"]);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{output:?}");
    assert!(stdout.contains("1 of 1 iterations"), "{stdout}");
    let options = stdout
        .lines()
        .find_map(|line| line.strip_prefix("as match options: "))
        .unwrap_or_else(|| panic!("no options line: {stdout}"));
    let names: Vec<&str> = options
        .split(' ')
        .map(|option| {
            option
                .strip_prefix("option.")
                .unwrap()
                .split('=')
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(names, ["rfp_margin", "lmr_base_centi"], "{options}");
    assert_eq!(std::fs::read_to_string(&state).unwrap(), saved);
    let output = kaiser(&["spsa", "--state", state_arg, "--show", "--iterations", "5"]);
    assert_eq!(
        output.status.code(),
        Some(2),
        "a run's setting with --show: {output:?}"
    );
    let missing = dir.path().join("none.json");
    let output = kaiser(&["spsa", "--state", missing.to_str().unwrap(), "--show"]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(!missing.exists());

    std::fs::write(&state, "{\"tunables\": [").unwrap();
    let output = kaiser(&["spsa", "--state", state_arg]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        text(&output.stderr).contains("not a saved SPSA run"),
        "{output:?}"
    );
}

#[test]
fn unknown_parameters_are_refused_with_the_known_ones() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("run.json");
    let output = kaiser(&[
        "spsa",
        "--state",
        state.to_str().unwrap(),
        "--params",
        "rfp_margin,warp_drive",
    ]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("'warp_drive'") && stderr.contains("lmr_base_centi"),
        "{stderr}"
    );
    assert!(!state.exists());
}
