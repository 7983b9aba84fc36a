//! Real clients driving the `kaiser` binary as they drive any UCI engine: python-chess's engine
//! module (PyPI `chess`, `tests/tools/python_chess_client.py`) plays a game of standard chess,
//! analyses, and sets the play-level options. Without python3 and python-chess the test says so
//! and passes, unless `KAISER_REQUIRE_CLIENTS` is set (as `.ci/run` sets it, after installing
//! `tests/tools/requirements.txt`).

use std::process::Command;

#[test]
fn python_chess_plays_analyses_and_sets_levels() {
    let available = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|output| output.status.success());
    if !available {
        let required = std::env::var_os("KAISER_REQUIRE_CLIENTS").is_some();
        assert!(!required, "python3 with python-chess is required here");
        eprintln!("skipped: python3 with python-chess is not installed");
        return;
    }
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/tools/python_chess_client.py"
    );
    let output = Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_kaiser")])
        .output()
        .expect("run python3");
    assert!(
        output.status.success(),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
