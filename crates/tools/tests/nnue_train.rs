//! The network trainer: its gradients against finite differences, a run broken after an epoch
//! and resumed from its checkpoint that ends where an unbroken run does, a net read back as
//! floats, training that lowers the loss on positions it never saw, and nets given buckets,
//! king buckets or width that evaluate as before. (`kaiser nnue train` and `loss` end to end are
//! the binary's `tests/nnue_train.rs`.)

use kaiser_engine::eval::nnue;
use kaiser_engine::eval::nnue::features::InputScheme;
use kaiser_engine::{Color, Variant};
use kaiser_testkit::nnue::{lively_model, lively_model_of, random_positions, small_run};
use kaiser_tools::nnue::checkpoint::Checkpoint;
use kaiser_tools::nnue::dataset::Dataset;
use kaiser_tools::nnue::model::Model;
use kaiser_tools::nnue::train::{self, checkpoint_path, Settings};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::Path;

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
    let settings = |name: &str| small_run(dir.path().join(name), 3);
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
            seed: 7,
            ..small_run(dir.path().join(format!("{variant}.nnue")), 4)
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
