//! The learned evaluation: the engine's integer network against the trainer's float one, the
//! accumulators kept move by move against ones built from scratch, and net files the engine
//! must refuse. (The binary's `tests/nnue.rs` searches with nets over UCI.)

use kaiser_engine::eval::nnue::features::InputScheme;
use kaiser_engine::eval::nnue::{Accumulator, NetError, Network};
use kaiser_engine::{MoveKind, Position, Variant};
use kaiser_testkit::nnue::{lively_model, lively_model_of, random_positions};
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
