//! `kaiser nnue train` and `loss` end to end: on self-play training lowers its loss and writes a
//! net the engine plays with and `loss` measures as training did, and both refuse what they
//! cannot do with a message. (The trainer itself is tested in `crates/tools/tests/nnue_train.rs`.)

mod common;

use common::{kaiser, text};
use kaiser_engine::eval::nnue::Network;
use kaiser_engine::Variant;
use kaiser_testkit::nnue::lively_model_of;
use kaiser_tools::nnue::train::checkpoint_path;
use std::path::{Path, PathBuf};

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

    // `loss` measures the written net as training did, to the rounding of its weights (a tenth:
    // this net's weights, four epochs from random ones on eight games, are small, and their
    // rounding moved the loss 3.4% on the games of Empire's generation 14); without --net it
    // measures the built-in network.
    let data_arg = data.to_str().unwrap();
    let loss = held_out_loss(data_arg, net.to_str().unwrap());
    let stdout = text(&loss.stdout);
    assert!(loss.status.success(), "{stdout}{}", text(&loss.stderr));
    let measured = held_out_losses(&stdout);
    assert_eq!(measured.len(), 1, "{stdout}");
    assert!(
        (measured[0] - losses[4]).abs() < 0.1 * losses[4],
        "{stdout} after {losses:?}"
    );
    assert!(stdout.contains("loss on all"), "{stdout}");
    let built_in = kaiser(&["nnue", "loss", "--data", data_arg]);
    assert!(built_in.status.success(), "{}", text(&built_in.stderr));

    // A run started from the written net (--init) starts where `loss` measured it, and keeps
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
                (refined_losses[0] - measured[0]).abs() < 0.0002,
                "{stdout} after {measured:?}"
            );
        }
    }

    // A net widened by --hidden starts where `loss` measured the narrow one and is written at
    // its new width.
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
        (wide_losses[0] - measured[0]).abs() < 0.0002,
        "{stdout} after {measured:?}"
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
