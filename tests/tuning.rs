//! The tuner's command lines, end to end: `datagen` plays and imports games, `tune` fits them and
//! writes a weights file, and bad input is refused with a message.

mod common;

use common::{kaiser, text};

#[test]
fn datagen_then_tune_writes_a_weights_file() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("empire.kgd");
    let weights = dir.path().join("empire.rs");
    let played = kaiser(&[
        "datagen",
        "--out",
        data.to_str().unwrap(),
        "--games",
        "6",
        "--nodes",
        "150",
        "--threads",
        "2",
    ]);
    assert!(played.status.success(), "{}", text(&played.stderr));
    let tuned = kaiser(&[
        "tune",
        "--data",
        data.to_str().unwrap(),
        "--epochs",
        "20",
        "--holdout",
        "3",
        "--out",
        weights.to_str().unwrap(),
    ]);
    let log = text(&tuned.stderr);
    assert!(tuned.status.success(), "{log}");
    assert!(
        log.contains("loss before") && log.contains("held out"),
        "{log}"
    );
    let source = std::fs::read_to_string(&weights).unwrap();
    assert!(
        source.contains("pub const WEIGHTS: Weights = expand(Variant::Empire, &GAME_WEIGHTS);"),
        "{source}"
    );
    assert!(source.contains("// Material, by piece type"), "{source}");
    // Empire's pieces and tables only.
    assert!(
        source.contains("// Eagle\n") && !source.contains("// Kheshig\n"),
        "{source}"
    );
    assert!(source.contains("// Knight/Eagle table, rank 1"), "{source}");
}

#[test]
fn datagen_imports_the_positions_of_a_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    std::fs::write(
        &pgn,
        "[Result \"1-0\"]\n[Variant \"Empire\"]\n\n1. Cb2 d5 2. Ec1 e5 3. f4 Nc6 1-0\n",
    )
    .unwrap();
    let data = dir.path().join("data.kgd");
    let imported = kaiser(&[
        "datagen",
        "--pgn",
        pgn.to_str().unwrap(),
        "--out",
        data.to_str().unwrap(),
    ]);
    assert!(imported.status.success(), "{}", text(&imported.stderr));
    let dumped = kaiser(&["data", "dump", data.to_str().unwrap()]);
    let lines = text(&dumped.stdout);
    assert_eq!(lines.lines().count(), 6, "{lines}");
    assert!(
        lines.lines().all(|line| line.ends_with(" | - | 1")),
        "{lines}"
    );
}

#[test]
fn the_tuner_reads_the_earlier_text_format() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("old.txt");
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1 | 1",
        "rnbqkbnr/pppp1ppp/8/4p3/8/PPPSSPPP/8/TECDKCET w kq - 0 2 | 0",
    ];
    let mut lines = String::new();
    for game in 0..4 {
        lines += &format!("# game {game} 1-0\n{}\n{}\n", fens[0], fens[1]);
    }
    std::fs::write(&data, lines).unwrap();
    let out = dir.path().join("w.rs");
    let tuned = kaiser(&[
        "tune",
        "--data",
        data.to_str().unwrap(),
        "--epochs",
        "2",
        "--holdout",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(tuned.status.success(), "{}", text(&tuned.stderr));
}

#[test]
fn bad_tuner_input_is_refused_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let bad_data = dir.path().join("bad.txt");
    std::fs::write(&bad_data, "# game 1 1-0\nnot a fen | 1\n").unwrap();
    for (args, expected) in [
        (vec!["tune"], "--data"),
        (
            vec!["tune", "--data", "/nonexistent/data.txt"],
            "does not exist",
        ),
        (vec!["tune", "--data", bad_data.to_str().unwrap()], "line 2"),
        (vec!["tune", "--data", "x", "--rate", "-1"], "--rate"),
        (vec!["tune", "--data", "x", "--holdout", "1"], "--holdout"),
        (
            vec!["tune", "--data", "x", "--freeze", "nonsense"],
            "no section 'nonsense'",
        ),
        (
            vec!["tune", "--data", "x", "--variant", "xiangqi"],
            "xiangqi",
        ),
        (
            vec!["datagen", "--out", "x", "--pgn", "/nonexistent.pgn"],
            "cannot read",
        ),
    ] {
        let output = kaiser(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            text(&output.stderr).contains(expected),
            "{args:?}: {}",
            text(&output.stderr)
        );
    }
}
