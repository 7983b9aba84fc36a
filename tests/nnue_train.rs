//! The network trainer: its gradients against finite differences, a run broken after an epoch
//! and resumed from its checkpoint that ends where an unbroken run does, a net read back as
//! floats, training that lowers the loss on positions it never saw, and `kaiser nnue train` and
//! `loss` end to end: on self-play training lowers its loss and writes a net the engine plays
//! with and `loss` measures as training did, and both refuse what they cannot do with a
//! message.

mod common;

use common::nnue::{lively_model, lively_model_of, random_positions};
use common::{kaiser, text};
use kaiser_engine::eval::nnue::features::InputScheme;
use kaiser_engine::eval::nnue::{self, Network};
use kaiser_engine::{Color, Variant};
use kaiser_tools::nnue::checkpoint::Checkpoint;
use kaiser_tools::nnue::dataset::Dataset;
use kaiser_tools::nnue::model::Model;
use kaiser_tools::nnue::train::{self, checkpoint_path, Settings};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};

/// `count` positions of `variant` from random games, with scores and results that vary.
fn labelled_positions(variant: Variant, count: usize, seed: u64) -> Dataset {
    let mut data = Dataset::new(variant);
    for (i, pos) in random_positions(variant, count, seed).iter().enumerate() {
        let cp = (i as i32 % 9 - 4) * 120;
        data.push(pos, cp, [0.0, 0.5, 1.0][i % 3]);
    }
    data
}

#[test]
fn gradients_match_finite_differences() {
    let target = 0.3;
    let step = 1e-3;
    for variant in Variant::ALL {
        let mut model = lively_model(variant, 5);
        let data = labelled_positions(variant, 5, 9);
        for sample in &data.samples {
            let mut grad = vec![0.0; model.params.len()];
            model.backward(&data, sample, target, &mut grad);
            // The parameters the sample moves most: every part of the network is among them.
            let mut indices: Vec<usize> = (0..grad.len()).filter(|&i| grad[i] != 0.0).collect();
            indices.sort_by(|&a, &b| grad[b].abs().total_cmp(&grad[a].abs()));
            assert!(
                indices.len() > 24,
                "{variant}: a sample moves few parameters"
            );
            for &i in indices.iter().take(24) {
                let mut loss_with = |delta: f32| {
                    let kept = model.params[i];
                    model.params[i] += delta;
                    let error = model.predict(&data, sample) - target;
                    model.params[i] = kept;
                    f64::from(error * error)
                };
                let numeric = (loss_with(step) - loss_with(-step)) / f64::from(2.0 * step);
                let analytic = f64::from(grad[i]);
                assert!(
                    (numeric - analytic).abs() <= 0.03 * analytic.abs() + 1e-6,
                    "{variant}: parameter {i}: backward {analytic}, finite differences {numeric}"
                );
            }
        }
    }
}

#[test]
fn a_run_broken_after_an_epoch_and_resumed_ends_where_an_unbroken_run_does() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let variant = Variant::Chess;
    let data = labelled_positions(variant, 600, 3);
    let holdout = labelled_positions(variant, 60, 4);
    let settings = |name: &str| Settings {
        epochs: 3,
        batch: 64,
        rate: 0.01,
        score_share: 0.75,
        threads: 2,
        seed: 4,
        out: dir.path().join(name),
        save_every: 0,
    };
    let start = || Checkpoint::start(Model::random(variant, 128, 2, 1).unwrap());

    let unbroken_settings = settings("unbroken.nnue");
    let mut unbroken = start();
    let mut losses = Vec::new();
    train::train(&mut unbroken, &data, &holdout, &unbroken_settings, |r| {
        losses.push(r.holdout_loss)
    })
    .expect("the unbroken run");
    assert_eq!(unbroken.epoch, 3);
    assert_eq!(losses.len(), 3);

    // The run that breaks: its checkpoint after the first epoch is what a run killed during the
    // second would have left.
    let broken_settings = settings("broken.nnue");
    let kept = dir.path().join("after-epoch-1.ckpt");
    let mut broken = start();
    train::train(&mut broken, &data, &holdout, &broken_settings, |r| {
        if r.epoch == 1 {
            std::fs::copy(checkpoint_path(&broken_settings.out), &kept).expect("keep it");
        }
    })
    .expect("the run that breaks");
    assert!(
        broken == unbroken,
        "two runs of the same settings ended apart"
    );

    let mut resumed = Checkpoint::load(&kept, variant).expect("the kept checkpoint");
    assert_eq!(resumed.epoch, 1);
    let resumed_settings = settings("resumed.nnue");
    train::train(&mut resumed, &data, &holdout, &resumed_settings, |_| {})
        .expect("the resumed run");
    assert!(resumed == unbroken, "the resumed run ended elsewhere");
    let bytes = |path: &Path| std::fs::read(path).expect("a written file");
    assert_eq!(bytes(&resumed_settings.out), bytes(&unbroken_settings.out));
    assert_eq!(
        Checkpoint::load(&checkpoint_path(&resumed_settings.out), variant).expect("it loads"),
        unbroken
    );
}

/// `count` positions of `variant`, each the last of a `random_positions` run of its own (a
/// random game cut at a random ply), scored by material alone: 150 centipawns for White per
/// piece more than Black has, and won by the side with more pieces. What a network can learn
/// from some positions and carry to others.
fn positions_scored_by_material(variant: Variant, count: usize, seed: u64) -> Dataset {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut data = Dataset::new(variant);
    for _ in 0..count {
        let plies = rng.gen_range(10..200);
        let pos = random_positions(variant, plies, rng.gen())
            .pop()
            .expect("a position");
        let pieces = |color| pos.pieces_of(color).count() as i32;
        let surplus = pieces(Color::White) - pieces(Color::Black);
        data.push(
            &pos,
            150 * surplus,
            [0.0, 0.5, 1.0][(surplus.signum() + 1) as usize],
        );
    }
    data
}

#[test]
fn training_lowers_the_loss_on_positions_it_never_saw() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for variant in Variant::ALL {
        let data = positions_scored_by_material(variant, 2000, 5);
        let holdout = positions_scored_by_material(variant, 300, 6);
        let settings = Settings {
            epochs: 4,
            batch: 64,
            rate: 0.01,
            score_share: 0.75,
            threads: 2,
            seed: 7,
            out: dir.path().join(format!("{variant}.nnue")),
            save_every: 0,
        };
        let mut run = Checkpoint::start(Model::random(variant, 128, 2, 7).unwrap());
        let untrained = train::loss(&run.model, &holdout, settings.score_share, 2).expect("a loss");
        let mut losses = Vec::new();
        train::train(&mut run, &data, &holdout, &settings, |r| {
            losses.push(r.holdout_loss)
        })
        .expect("a training run");
        // Each epoch beats the untrained net; four take off more than half its loss (63-82%,
        // on these seeds).
        assert!(
            losses.iter().all(|&loss| loss < untrained) && losses[3] < 0.5 * untrained,
            "{variant}: held-out loss {untrained} untrained, then {losses:?}"
        );
    }
}

#[test]
fn a_net_read_back_as_floats_quantises_to_itself() {
    for variant in Variant::ALL {
        let built_in = nnue::embedded(variant).expect("a built-in network");
        assert!(
            Model::from_network(&built_in).quantise() == *built_in,
            "{variant}"
        );
        let model = lively_model(variant, 8);
        let read_back = Model::from_network(&model.quantise());
        assert_eq!(read_back.params.len(), model.params.len());
        let layout = model.layout();
        for (i, (a, b)) in model.params.iter().zip(&read_back.params).enumerate() {
            // Half a step of the scale each part is rounded to (the output biases to the finest).
            let step = match i {
                i if i < layout.output_weights => 1.0 / nnue::QA as f32,
                i if i < layout.output_bias => 1.0 / nnue::QB as f32,
                _ => 1.0 / (nnue::QA * nnue::QB) as f32,
            };
            assert!(
                (a - b).abs() <= step / 2.0 + 1e-6,
                "{variant}: parameter {i}"
            );
        }
    }
}

#[test]
fn a_one_bucket_net_given_buckets_evaluates_as_before() {
    for variant in Variant::ALL {
        let data = labelled_positions(variant, 300, 21);
        let one = lively_model_of(variant, 128, 1, 4);
        let eight = one
            .clone()
            .with_buckets(8)
            .expect("one bucket grows to eight");
        assert_eq!(eight.buckets, 8);
        assert_eq!(eight.params.len(), eight.layout().len);
        for sample in &data.samples {
            assert_eq!(
                one.evaluate(&data, sample),
                eight.evaluate(&data, sample),
                "{variant}"
            );
        }
        // A net keeps the buckets it has: the same number is no change, another is refused.
        assert!(eight.clone().with_buckets(8).expect("eight stay eight") == eight);
        let refused = eight
            .with_buckets(4)
            .expect_err("eight buckets cannot become four");
        assert!(
            refused.to_string().contains("has 8 output buckets"),
            "{refused}"
        );
    }
}

#[test]
fn a_net_given_king_buckets_evaluates_as_before() {
    let map = std::array::from_fn(|i| (i / 4).min(3) as u8);
    let scheme = InputScheme::king_buckets(map);
    for variant in Variant::ALL {
        let data = labelled_positions(variant, 300, 29);
        let mut plain = lively_model_of(variant, 128, 8, 6);
        // Made symmetric left to right, as mirrored training data makes a net nearly.
        let first_layer = plain.layout().feature_bias;
        for at in 0..first_layer {
            let (input, neuron) = (at / 128, at % 128);
            if input % 8 >= 4 {
                plain.params[at] = plain.params[(input ^ 7) * 128 + neuron];
            }
        }
        let bucketed = plain
            .clone()
            .with_king_buckets(scheme)
            .expect("plain takes buckets");
        assert_eq!(bucketed.params.len(), bucketed.layout().len);
        for sample in &data.samples {
            let (a, b) = (
                plain.evaluate(&data, sample),
                bucketed.evaluate(&data, sample),
            );
            assert!(
                (a - b).abs() <= 1e-3 * a.abs().max(1.0),
                "{variant}: {a} against {b}"
            );
        }
        let twice = bucketed
            .with_king_buckets(scheme)
            .expect_err("buckets once");
        assert!(twice.to_string().contains("already"), "{twice}");
    }
}

#[test]
fn a_widened_net_evaluates_as_before_and_its_new_neurons_learn() {
    for variant in Variant::ALL {
        let data = labelled_positions(variant, 300, 23);
        let narrow = lively_model_of(variant, 128, 8, 5);
        let wide = narrow.clone().widened(384, 9).expect("128 widens to 384");
        assert_eq!((wide.hidden, wide.params.len()), (384, wide.layout().len));
        for sample in &data.samples {
            let (a, b) = (narrow.evaluate(&data, sample), wide.evaluate(&data, sample));
            assert!(
                (a - b).abs() <= 1e-3 * a.abs().max(1.0),
                "{variant}: {a} against {b}"
            );
        }
        // The new neurons' output weights get a gradient at once.
        let layout = wide.layout();
        let mut grad = vec![0.0; layout.len];
        for sample in &data.samples {
            wide.backward(&data, sample, 1.0, &mut grad);
        }
        let new_outputs = &grad[layout.bucket_weights(0)..layout.output_bias];
        let learning = new_outputs
            .chunks_exact(384)
            .any(|half| half[128..].iter().any(|&g| g != 0.0));
        assert!(learning, "{variant}: the new neurons learn nothing");
        // It quantises into an engine network of the new width.
        assert_eq!(wide.quantise().hidden, 384);
        let refused = wide.widened(256, 1).expect_err("384 cannot narrow to 256");
        assert!(refused.to_string().contains("more than 256"), "{refused}");
        let odd = narrow
            .widened(200, 1)
            .expect_err("200 is no width the engine reads");
        assert!(odd.to_string().contains("multiples of 128"), "{odd}");
    }
}

/// Self-play games for the command-line tests: a data file in `dir`.
fn self_play(dir: &Path) -> PathBuf {
    let data = dir.join("games.kgd");
    let path = data.to_str().unwrap();
    let output = kaiser(&[
        "datagen",
        "--out",
        path,
        "--games",
        "8",
        "--nodes",
        "150",
        "--threads",
        "2",
        "--seed",
        "7",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    data
}

/// `kaiser nnue loss` of the net `net` on `data`, two games in eight held out.
fn held_out_loss(data: &str, net: &str) -> std::process::Output {
    kaiser(&[
        "nnue",
        "loss",
        "--data",
        data,
        "--holdout",
        "4",
        "--net",
        net,
    ])
}

/// One epoch of `kaiser nnue train` on `data` from the net `init`, two games in eight held
/// out, with `extra` flags.
fn refine(data: &str, out: &str, init: &str, extra: &[&str]) -> std::process::Output {
    let args = [
        "nnue",
        "train",
        "--data",
        data,
        "--out",
        out,
        "--epochs",
        "1",
        "--holdout",
        "4",
        "--init",
        init,
    ];
    kaiser(&[&args[..], extra].concat())
}

/// The losses `kaiser nnue train` printed after `label`, in order.
fn losses_after(stdout: &str, label: &str) -> Vec<f64> {
    stdout
        .lines()
        .filter_map(|line| line.split(label).nth(1))
        .map(|rest| {
            let mut words = rest.split_whitespace();
            words.find_map(|w| w.parse().ok()).expect("a loss")
        })
        .collect()
}

/// The held-out losses `kaiser nnue train` printed: before training, then after each epoch.
fn held_out_losses(stdout: &str) -> Vec<f64> {
    losses_after(stdout, "held-out loss")
}

/// The training losses `kaiser nnue train` printed, one an epoch.
fn train_losses(stdout: &str) -> Vec<f64> {
    losses_after(stdout, "train loss")
}

#[test]
fn training_on_self_play_lowers_its_loss_and_writes_a_net_the_engine_plays() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let data = self_play(dir.path());
    let net = dir.path().join("trained.nnue");
    let output = kaiser(&[
        "nnue",
        "train",
        "--variant",
        "empire",
        "--data",
        data.to_str().unwrap(),
        "--out",
        net.to_str().unwrap(),
        "--epochs",
        "4",
        "--output-buckets",
        "2",
        "--holdout",
        "4",
        "--rate",
        "0.01",
    ]);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", text(&output.stderr));
    let losses = held_out_losses(&stdout);
    assert_eq!(losses.len(), 5, "{stdout}");
    // Six training games are too few for what is learnt from them to carry to the two held
    // out (whether it does depends on the games, which change with the search; that training
    // generalises is shown on positions scored by material above), but the loss on the
    // games trained on falls with every epoch.
    let train_losses = train_losses(&stdout);
    assert_eq!(train_losses.len(), 4, "{stdout}");
    assert!(
        train_losses.windows(2).all(|pair| pair[1] < pair[0]),
        "{train_losses:?}"
    );
    assert!(checkpoint_path(&net).is_file());

    let mut engine = common::Engine::start();
    engine.send("setoption name UCI_Variant value empire");
    engine.send(&format!("setoption name EvalFile value {}", net.display()));
    let lines = engine.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("network for empire loaded")),
        "{lines:?}"
    );
    let (_, best) = engine.bestmove("go depth 5");
    assert_ne!(best, "(none)");
    engine.close();

    // `loss` measures the written net as training did, to the rounding of its weights; without
    // --net it measures the built-in network.
    let data_arg = data.to_str().unwrap();
    let loss = held_out_loss(data_arg, net.to_str().unwrap());
    let stdout = text(&loss.stdout);
    assert!(loss.status.success(), "{stdout}{}", text(&loss.stderr));
    let measured = held_out_losses(&stdout);
    assert_eq!(measured.len(), 1, "{stdout}");
    assert!(
        (measured[0] - losses[4]).abs() < 0.001,
        "{stdout} after {losses:?}"
    );
    assert!(stdout.contains("loss on all"), "{stdout}");
    let built_in = kaiser(&["nnue", "loss", "--data", data_arg]);
    assert!(built_in.status.success(), "{}", text(&built_in.stderr));

    // A run started from the written net (--init) starts where that net's run ended, and keeps
    // its output buckets; `built-in` starts from the variant's own network.
    let refined = dir.path().join("refined.nnue");
    let refined_arg = refined.to_str().unwrap();
    for init in [net.to_str().unwrap(), "built-in"] {
        let output = refine(data_arg, refined_arg, init, &["--rate", "0.0001"]);
        let stdout = text(&output.stdout);
        assert!(output.status.success(), "{stdout}{}", text(&output.stderr));
        let refined_losses = held_out_losses(&stdout);
        assert_eq!(refined_losses.len(), 2, "{stdout}");
        if init != "built-in" {
            assert!(stdout.contains(", 2 output buckets)"), "{stdout}");
            assert!(
                (refined_losses[0] - losses[4]).abs() < 0.001,
                "{stdout} after {losses:?}"
            );
        }
    }

    // A net widened by --hidden starts where the narrow one ended and is written at its new
    // width.
    let wide = dir.path().join("wide.nnue");
    let output = refine(
        data_arg,
        wide.to_str().unwrap(),
        net.to_str().unwrap(),
        &["--rate", "0.0001", "--hidden", "256"],
    );
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", text(&output.stderr));
    assert!(stdout.contains("(256 hidden neurons a side"), "{stdout}");
    let wide_losses = held_out_losses(&stdout);
    assert!(
        (wide_losses[0] - losses[4]).abs() < 0.001,
        "{stdout} after {losses:?}"
    );
    let wide_net = Network::load(&wide, Variant::Empire).expect("the widened net loads");
    assert_eq!(wide_net.hidden, 256);
    let odd = refine(
        data_arg,
        wide.to_str().unwrap(),
        "built-in",
        &["--hidden", "100"],
    );
    assert!(!odd.status.success());
    assert!(
        text(&odd.stderr).contains("multiples of 128"),
        "{}",
        text(&odd.stderr)
    );

    // A one-bucket net given four by --init starts where that net is: `loss` measures it as
    // the run does before its first epoch.
    let one_bucket = dir.path().join("one-bucket.nnue");
    let bytes = lively_model_of(Variant::Empire, 128, 1, 6)
        .quantise()
        .to_bytes();
    std::fs::write(&one_bucket, bytes).expect("a one-bucket net");
    let one_bucket_arg = one_bucket.to_str().unwrap();
    let loss = held_out_loss(data_arg, one_bucket_arg);
    assert!(loss.status.success(), "{}", text(&loss.stderr));
    let measured = held_out_losses(&text(&loss.stdout));
    let output = refine(
        data_arg,
        refined_arg,
        one_bucket_arg,
        &["--output-buckets", "4"],
    );
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", text(&output.stderr));
    assert!(stdout.contains(", 4 output buckets)"), "{stdout}");
    let widened_losses = held_out_losses(&stdout);
    assert!(
        (widened_losses[0] - measured[0]).abs() < 1e-6,
        "{stdout} against {measured:?}"
    );

    // A finished run resumed for as many epochs has nothing to do, and says so.
    let resumed = kaiser(&[
        "nnue",
        "train",
        "--data",
        data.to_str().unwrap(),
        "--out",
        net.to_str().unwrap(),
        "--epochs",
        "4",
        "--resume",
    ]);
    assert!(!resumed.status.success());
    assert!(
        text(&resumed.stderr).contains("has already trained 4 epochs"),
        "{}",
        text(&resumed.stderr)
    );
}

#[test]
fn bad_training_requests_are_refused_with_a_message() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let data = self_play(dir.path());
    let data = data.to_str().unwrap();
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).expect("an empty directory");
    let junk = dir.path().join("junk.kgd");
    std::fs::write(&junk, [7u8; 300]).expect("a file of junk");
    let bad_checkpoint = dir.path().join("bad.nnue");
    std::fs::write(checkpoint_path(&bad_checkpoint), b"KAISERCK and then junk")
        .expect("a damaged checkpoint");
    let out = dir.path().join("out.nnue");
    let out = out.to_str().unwrap();
    // Each bad value of a flag is refused by a message that names the flag.
    let bad_values = [
        ("--epochs", "0"),
        ("--score-share", "1.5"),
        ("--batch", "0"),
        ("--rate", "-0.01"),
        ("--rate", "NaN"),
        ("--holdout", "1"),
        ("--output-buckets", "17"),
        ("--window", "0"),
    ];
    let mut cases: Vec<(Vec<&str>, &str)> = bad_values
        .iter()
        .map(|&(flag, value)| (vec!["--data", data, "--out", out, flag, value], flag))
        .collect();
    cases.extend([
        (vec!["--data", data], "--out"),
        (
            vec!["--data", "/no/such/data", "--out", out],
            "does not exist",
        ),
        (
            vec!["--data", empty.to_str().unwrap(), "--out", out],
            "no training positions",
        ),
        (
            vec!["--data", junk.to_str().unwrap(), "--out", out],
            "not a Kaiser data file",
        ),
        (
            vec!["--data", data, "--out", out, "--variant", "orda"],
            "not orda",
        ),
        (
            vec!["--data", data, "--out", out, "--resume"],
            "out.nnue.ckpt",
        ),
        (
            vec![
                "--data",
                data,
                "--out",
                out,
                "--resume",
                "--output-buckets",
                "2",
            ],
            "cannot be used with",
        ),
        (
            vec![
                "--data",
                data,
                "--out",
                bad_checkpoint.to_str().unwrap(),
                "--resume",
            ],
            "bad.nnue.ckpt",
        ),
        (
            vec![
                "--data",
                data,
                "--out",
                "/no/such/dir/net.nnue",
                "--epochs",
                "1",
            ],
            "cannot write /no/such/dir/net.nnue",
        ),
    ]);
    // Each bad --init is refused with a message that says why.
    let junk_net = junk.to_str().unwrap();
    let bad_inits: [(&[&str], &str); 4] = [
        (&["/no/such/net.nnue"], "/no/such/net.nnue"),
        (&[junk_net], "not a Kaiser network file"),
        (&["built-in", "--resume"], "cannot be used with"),
        (
            &["built-in", "--output-buckets", "4"],
            "has 8 output buckets, and only a one-bucket network can be given more",
        ),
    ];
    cases.extend(bad_inits.iter().map(|&(rest, reason)| {
        let init = ["--data", data, "--out", out, "--init"];
        ([&init[..], rest].concat(), reason)
    }));
    let cases = cases
        .into_iter()
        .map(|(args, reason)| ("train", args, reason));
    let loss_cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--data", data, "--net", junk_net],
            "not a Kaiser network file",
        ),
        (
            vec!["--data", data, "--net", "/no/such/net.nnue"],
            "/no/such/net.nnue",
        ),
        (vec!["--data", data, "--score-share", "-1"], "--score-share"),
        (vec!["--data", data, "--holdout", "0"], "--holdout"),
        (
            vec!["--data", empty.to_str().unwrap()],
            "no training positions",
        ),
    ];
    let loss_cases = loss_cases
        .into_iter()
        .map(|(args, reason)| ("loss", args, reason));
    for (tool, args, reason) in cases.chain(loss_cases) {
        let output = kaiser(&[&["nnue", tool][..], &args].concat());
        let stderr = text(&output.stderr);
        assert!(!output.status.success(), "{args:?} was accepted");
        assert!(
            stderr.contains("error") && stderr.contains(reason),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
