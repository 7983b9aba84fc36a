//! The learned evaluation: the engine's integer network against the trainer's float one, the
//! accumulators kept move by move against ones built from scratch, and net files the engine
//! must refuse.

mod common;

use common::nnue::{lively_model, lively_model_of, random_positions};
use kaiser_engine::eval::nnue::features::InputScheme;
use kaiser_engine::eval::nnue::network::max_file_len;
use kaiser_engine::eval::nnue::{Accumulator, NetError, Network};
use kaiser_engine::{MoveKind, Position, Variant};
use kaiser_tools::nnue::dataset::Dataset;
use kaiser_tools::nnue::model::Model;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// The quantised net's value of a position differs from the float net's by at most this many
/// internal units plus this share of the value: rounding the first layer's weights to 1/255
/// and the output weights to 1/64. For a net of 128 neurons a side; the rounding errors of
/// more neurons add up as a random walk's steps, so the bounds grow with the root of the width.
const QUANTISATION_UNITS: f32 = 40.0;
const QUANTISATION_SHARE: f32 = 0.02;
/// On average over many positions the rounding errors mostly cancel: the mean error stays
/// below this.
const MEAN_QUANTISATION_UNITS: f32 = 10.0;

/// A lively model of `variant` with four king buckets whose first layers differ, so that the
/// trainer's and the engine's choice of bucket and mirroring must agree for their values to.
fn king_bucket_model(variant: Variant, hidden: usize, seed: u64) -> Model {
    let map = std::array::from_fn(|i| (i / 4).min(3) as u8);
    let mut model = lively_model_of(variant, hidden, 8, seed)
        .with_king_buckets(InputScheme::king_buckets(map))
        .expect("a plain model takes king buckets");
    let first_layer = model.layout().feature_bias;
    let mut rng = StdRng::seed_from_u64(seed);
    for w in &mut model.params[..first_layer] {
        *w += rng.gen_range(-0.02..0.02);
    }
    model
}

#[test]
fn the_engines_integer_net_matches_the_trainers_float_net() {
    let models = Variant::ALL
        .into_iter()
        .zip([128, 256, 512])
        .map(|(variant, hidden)| (variant, hidden, lively_model_of(variant, hidden, 8, 11)))
        .chain(Variant::ALL.map(|v| (v, 128, king_bucket_model(v, 128, 12))));
    for (variant, hidden, model) in models {
        let net = model.quantise();
        let mut data = Dataset::new(variant);
        let positions = random_positions(variant, 3000, 5);
        for pos in &positions {
            data.push(pos, 0, 0.5);
        }
        let widening = (hidden as f32 / 128.0).sqrt();
        let (mut worst, mut spread, mut total) = (0.0f32, 0.0f32, 0.0f32);
        for (pos, sample) in positions.iter().zip(&data.samples) {
            let float = model.evaluate(&data, sample);
            let integer = net.evaluate_position(pos) as f32;
            let error = (float - integer).abs();
            assert!(
                error <= widening * QUANTISATION_UNITS + QUANTISATION_SHARE * float.abs(),
                "{variant}, {hidden} hidden: float {float}, integer {integer} in {}",
                pos.fen()
            );
            worst = worst.max(error);
            total += error;
            spread = spread.max(float.abs());
        }
        assert!(
            spread > 300.0,
            "{variant}: values up to {spread} only: a weak test"
        );
        let mean = total / positions.len() as f32;
        assert!(
            mean <= widening * MEAN_QUANTISATION_UNITS,
            "{variant}: mean error {mean}"
        );
        eprintln!("{variant}, {hidden} hidden: quantisation error mean {mean:.1}, worst {worst:.1} units, values up to {spread:.0}");
    }
}

#[test]
fn accumulators_kept_move_by_move_equal_ones_built_from_scratch() {
    let mut seen = [false; 4]; // castling, en passant, promotion, campmate
    let nets = Variant::ALL
        .into_iter()
        .zip([128, 384, 1024])
        .map(|(variant, hidden)| (variant, lively_model_of(variant, hidden, 8, 3).quantise()))
        .chain(Variant::ALL.map(|v| (v, king_bucket_model(v, 256, 4).quantise())));
    for (variant, net) in nets {
        let mut rng = StdRng::seed_from_u64(variant as u64);
        for _ in 0..60 {
            let mut pos = Position::startpos(variant);
            let mut acc = Accumulator::refresh(&net, &pos);
            while pos.outcome().is_none() {
                let moves = pos.legal_moves();
                // Prefer the rarer move kinds, so every kind is met often.
                let special: Vec<_> = moves
                    .iter()
                    .filter(|m| m.kind() != MoveKind::Normal)
                    .collect();
                let m = match special.is_empty() || rng.gen_bool(0.5) {
                    true => *moves.choose(&mut rng).expect("a legal move"),
                    false => **special.choose(&mut rng).expect("a special move"),
                };
                let before = acc;
                let changes = pos.piece_changes(m);
                pos.make_move(m);
                acc.after_move(&before, &net, &changes, &pos);
                match m.kind() {
                    MoveKind::Castling => seen[0] = true,
                    MoveKind::EnPassant => seen[1] = true,
                    MoveKind::Promotion(_) => seen[2] = true,
                    MoveKind::Normal => {}
                }
                seen[3] |= pos.campmate_reached();
                assert_eq!(
                    acc,
                    Accumulator::refresh(&net, &pos),
                    "{variant} after {m} in {}",
                    pos.fen()
                );
            }
        }
    }
    assert_eq!(
        seen, [true; 4],
        "castling, en passant, promotion, campmate met"
    );
}

#[test]
fn damaged_or_foreign_net_files_are_refused() {
    let net = lively_model(Variant::Empire, 1).quantise();
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes, Variant::Empire), Ok(net));
    let refusals: Vec<(&str, Vec<u8>, Variant)> = vec![
        ("empty", vec![], Variant::Empire),
        (
            "text",
            b"not a net at all, just some text".to_vec(),
            Variant::Empire,
        ),
        (
            "truncated",
            bytes[..bytes.len() / 2].to_vec(),
            Variant::Empire,
        ),
        (
            "padded",
            [bytes.clone(), vec![0; 10]].concat(),
            Variant::Empire,
        ),
        ("another variant's", bytes.clone(), Variant::Orda),
        (
            "one byte changed",
            {
                let mut b = bytes.clone();
                b[1000] ^= 0x40;
                b
            },
            Variant::Empire,
        ),
        (
            "a future version",
            {
                let mut b = bytes.clone();
                b[8] = 9;
                b
            },
            Variant::Empire,
        ),
    ];
    for (what, file, variant) in refusals {
        let error: NetError = Network::from_bytes(&file, variant).expect_err(what);
        assert!(!error.to_string().is_empty(), "{what}");
    }
}

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
