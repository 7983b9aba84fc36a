//! The engine with a network over UCI: a net from `EvalFile` is searched with and a bad one
//! refused, the bare binary evaluates every variant with its built-in network, and an
//! `EvalFile` set before `UCI_Variant` is used once the variant is chosen. (The networks
//! themselves are tested in `crates/tools/tests/nnue.rs`.)

mod common;

use kaiser_engine::eval::nnue::network::max_file_len;
use kaiser_engine::Variant;
use kaiser_testkit::nnue::lively_model;

/// Writes a `variant` net of `lively_model(variant, seed)` into `dir`: its path and its bytes.
fn net_file(dir: &std::path::Path, variant: Variant, seed: u64) -> (std::path::PathBuf, Vec<u8>) {
    let path = dir.join(format!("{variant}.nnue"));
    let bytes = lively_model(variant, seed).quantise().to_bytes();
    std::fs::write(&path, &bytes).expect("write the net");
    (path, bytes)
}

#[test]
fn the_engine_searches_with_a_net_from_eval_file_and_refuses_bad_ones() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (net_path, bytes) = net_file(dir.path(), Variant::Empire, 2);
    let truncated = dir.path().join("truncated.nnue");
    std::fs::write(&truncated, &bytes[..bytes.len() - 100]).expect("write the truncated net");

    let mut engine = common::Engine::start();
    engine.send("uci");
    let options = engine.read_until(|l| l == "uciok");
    assert!(options
        .iter()
        .any(|l| l == "option name Use NNUE type check default true"));
    assert!(options
        .iter()
        .any(|l| l == "option name EvalFile type string default <built-in>"));
    engine.send("setoption name UCI_Variant value empire");
    engine.send(&format!(
        "setoption name EvalFile value {}",
        net_path.display()
    ));
    engine.send("isready");
    let lines = engine.read_until(|l| l == "readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("network for empire loaded")),
        "{lines:?}"
    );
    let line = nnue_eval_line(&mut engine);
    assert!(line.contains("the search uses it"), "{line}");
    let (_, best) = engine.bestmove("go depth 6");
    assert_ne!(best, "(none)");

    let oversized = dir.path().join("oversized.nnue");
    // A sparse file one byte longer than any net can be: nothing of it is read.
    std::fs::File::create(&oversized)
        .and_then(|file| file.set_len(max_file_len() as u64 + 1))
        .expect("write the oversized file");
    let mut bad_files = vec![
        (truncated, "truncated or damaged"),
        (oversized, "larger than such a file can be"),
        (dir.path().join("missing.nnue"), ""),
        (dir.path().to_path_buf(), "not a regular file"),
    ];
    // A device that never ends: reading it whole would never return.
    if std::path::Path::new("/dev/zero").exists() {
        bad_files.push(("/dev/zero".into(), "not a regular file"));
    }
    for (bad, reason) in bad_files {
        engine.send(&format!("setoption name EvalFile value {}", bad.display()));
        engine.send("isready");
        let lines = engine.read_until(|l| l == "readyok");
        let refusal = lines
            .iter()
            .find(|l| l.contains("refused"))
            .expect("a refusal");
        assert!(
            refusal.starts_with("info string EvalFile") && refusal.contains(reason),
            "{refusal}"
        );
    }
    // The loaded net still evaluates.
    let line = nnue_eval_line(&mut engine);
    assert!(line.contains("the search uses it"), "{line}");
    engine.send("setoption name Use NNUE value false");
    let line = nnue_eval_line(&mut engine);
    assert!(line.contains("none"), "{line}");
    engine.close();
}

#[test]
fn a_bare_binary_evaluates_every_variant_with_its_built_in_network() {
    for variant in Variant::ALL {
        let mut engine = common::Engine::start();
        engine.send("uci");
        engine.read_until(|l| l == "uciok");
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        let built_in = nnue_eval_line(&mut engine);
        assert!(
            built_in.contains("the search uses it"),
            "{variant}: {built_in}"
        );
        // A file replaces it, and `<built-in>` brings it back.
        let dir = tempfile::tempdir().expect("a temporary directory");
        let (net_path, _) = net_file(dir.path(), variant, 3);
        engine.send(&format!(
            "setoption name EvalFile value {}",
            net_path.display()
        ));
        assert_ne!(nnue_eval_line(&mut engine), built_in, "{variant}");
        engine.send("setoption name EvalFile value <built-in>");
        assert_eq!(nnue_eval_line(&mut engine), built_in, "{variant}");
        engine.close();
    }
}

/// The last `NNUE evaluation` line `eval` prints for the position in play.
fn nnue_eval_line(engine: &mut common::Engine) -> String {
    engine.send("eval");
    let lines = engine.read_until(|l| l.starts_with("NNUE evaluation"));
    lines.last().expect("an NNUE line").clone()
}

/// The `info string` lines up to `readyok`.
fn notes(engine: &mut common::Engine) -> Vec<String> {
    engine.send("isready");
    let lines = engine.read_until(|l| l == "readyok");
    lines
        .into_iter()
        .filter(|l| l.starts_with("info string"))
        .collect()
}

#[test]
fn eval_file_set_before_uci_variant_is_used_once_the_variant_is_chosen() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (net_path, _) = net_file(dir.path(), Variant::Empire, 4);

    let mut engine = common::Engine::start();
    engine.send("uci");
    engine.read_until(|l| l == "uciok");
    let chess_built_in = nnue_eval_line(&mut engine);
    engine.send("setoption name UCI_Variant value empire");
    let empire_built_in = nnue_eval_line(&mut engine);
    engine.send("setoption name UCI_Variant value chess");

    // As `kaiser match`, cutechess-cli and others send them: the options, then the variant.
    engine.send(&format!(
        "setoption name EvalFile value {}",
        net_path.display()
    ));
    let kept = notes(&mut engine);
    assert!(
        kept.iter()
            .any(|l| l.contains("a network for empire, used once UCI_Variant is empire")),
        "{kept:?}"
    );
    assert_eq!(nnue_eval_line(&mut engine), chess_built_in);
    engine.send("setoption name UCI_Variant value empire");
    let loaded = notes(&mut engine);
    assert!(
        loaded
            .iter()
            .any(|l| l.contains("network for empire loaded")),
        "{loaded:?}"
    );
    let from_file = nnue_eval_line(&mut engine);
    assert_ne!(from_file, empire_built_in);

    // Another variant plays with its own built-in network, and the file comes back with Empire.
    engine.send("setoption name UCI_Variant value chess");
    let not_used = notes(&mut engine);
    assert!(
        not_used
            .iter()
            .any(|l| l.contains("not used") && l.contains("chess plays with its built-in network")),
        "{not_used:?}"
    );
    assert_eq!(nnue_eval_line(&mut engine), chess_built_in);
    engine.send("setoption name UCI_Variant value empire");
    assert_eq!(nnue_eval_line(&mut engine), from_file);

    // `<built-in>` forgets the file for every variant.
    engine.send("setoption name UCI_Variant value chess");
    engine.send("setoption name EvalFile value <built-in>");
    engine.send("setoption name UCI_Variant value empire");
    assert_eq!(nnue_eval_line(&mut engine), empire_built_in);
    engine.close();
}
