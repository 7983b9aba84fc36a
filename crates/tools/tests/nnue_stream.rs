//! The trainer's data streamed from data files and its state kept as it goes: windows of any
//! size that hand on every training position once (the held-out games apart, as played), a
//! run broken inside an epoch and resumed from its checkpoint that ends where the unbroken run
//! does, and a checkpoint of the version before (epochs only) read as a run between epochs.

use anyhow::{bail, Result};
use kaiser_engine::eval::nnue::features::InputScheme;
use kaiser_engine::{Position, Variant};
use kaiser_testkit::nnue::small_run;
use kaiser_tools::data::{DataReader, Ending, GameRecord, GameResult, Header, PlyScore};
use kaiser_tools::data::{RandomPlies, Source};
use kaiser_tools::nnue::adam::Adam;
use kaiser_tools::nnue::checkpoint::Checkpoint;
use kaiser_tools::nnue::dataset::Dataset;
use kaiser_tools::nnue::model::Model;
use kaiser_tools::nnue::pool::{with_pool, Pool};
use kaiser_tools::nnue::stream::{self, Positions};
use kaiser_tools::nnue::train::{self, checkpoint_path, Settings};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Writes a data file of `games` random games of `variant`, every ply scored.
fn write_store(path: &Path, variant: Variant, games: u32, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let header = Header {
        variant,
        source: Source::SelfPlay,
        nodes: 1,
        seed,
        openings: 0,
        random_plies: RandomPlies::fixed(0),
    };
    let mut bytes = header.encode().to_vec();
    for index in 0..games {
        let mut pos = Position::startpos(variant);
        let mut plies = Vec::new();
        while pos.outcome().is_none() && plies.len() < rng.gen_range(10..60) {
            let m = *pos.legal_moves().choose(&mut rng).expect("a legal move");
            plies.push((m, PlyScore::Cp(rng.gen_range(-300..300))));
            pos.make_move(m);
        }
        let record = GameRecord {
            index,
            start_fen: None,
            opening_plies: 2,
            plies,
            result: [
                GameResult::WhiteWins,
                GameResult::Draw,
                GameResult::BlackWins,
            ][index as usize % 3],
            ending: Ending::PlyLimit,
        };
        record.encode(&mut bytes);
    }
    std::fs::write(path, bytes).expect("a data file");
}

/// A position as something to compare: its inputs in each view, sorted, and its labels.
type Key = ([Vec<u16>; 2], u32, u32, bool);

fn key(data: &Dataset, i: usize) -> Key {
    let sample = &data.samples[i];
    let views = data.views(sample, &InputScheme::PLAIN).map(|view| {
        let mut view = view.to_vec();
        view.sort_unstable();
        view
    });
    let labels = (sample.score.to_bits(), sample.result.to_bits());
    (views, labels.0, labels.1, sample.black_to_move)
}

/// The positions `data` hands on in an epoch shuffled by `seed`, in the order handed on.
fn streamed<'env>(data: &'env impl Positions, pool: &Pool<'env>, seed: u64) -> Vec<Key> {
    let mut keys = Vec::new();
    let mut rng = StdRng::seed_from_u64(seed);
    data.windows(pool, Some(&mut rng), &mut |window, order| {
        keys.extend(order.iter().map(|&i| key(window, i as usize)));
        Ok(())
    })
    .expect("the windows");
    keys
}

#[test]
fn windows_of_any_size_hand_on_every_position_once_and_hold_out_every_kth_game() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("games.kgd");
    let variant = Variant::Empire;
    write_store(&path, variant, 40, 3);
    // What the whole file gives, read game by game: every fifth game held out, as played.
    let (mut train, mut holdout) = (Dataset::new(variant), Dataset::new(variant));
    let mut reader = DataReader::open(&path).expect("the file");
    while let Some((offset, game)) = reader.next_game().expect("a game") {
        let (part, mirror) = match game.index % 5 {
            0 => (&mut holdout, false),
            _ => (&mut train, true),
        };
        part.push_game(&game, offset, mirror)
            .expect("a game replayed");
    }
    let sorted = |mut keys: Vec<Key>| {
        keys.sort();
        keys
    };
    let all = |data: &Dataset| sorted((0..data.len()).map(|i| key(data, i)).collect());
    let (train_keys, holdout_keys) = (all(&train), all(&holdout));
    assert!(train_keys.len() > 500 && holdout_keys.len() > 50);
    for window in [1, 37, 400, 1 << 22] {
        let split = stream::index(&path, variant, 5, true, window, 2).expect("indexed");
        assert_eq!(split.games, 40);
        assert_eq!(
            (split.train.len(), split.holdout.len()),
            (train.len(), holdout.len())
        );
        with_pool(2, |pool| {
            let first = streamed(&split.train, pool, 1);
            let again = streamed(&split.train, pool, 1);
            assert_eq!(
                first, again,
                "window {window}: an epoch's order is its seed's"
            );
            assert_ne!(first, streamed(&split.train, pool, 2), "window {window}");
            assert_eq!(sorted(first), train_keys, "window {window}");
            assert_eq!(sorted(streamed(&split.holdout, pool, 1)), holdout_keys);
        });
    }
}

/// Positions that fail after handing on `windows` windows: a run that is killed.
struct KilledAfter<'a, P> {
    positions: &'a P,
    windows: AtomicUsize,
}

impl<P: Positions> Positions for KilledAfter<'_, P> {
    fn len(&self) -> usize {
        self.positions.len()
    }

    fn windows<'env>(
        &'env self,
        pool: &Pool<'env>,
        shuffle: Option<&mut StdRng>,
        visit: &mut dyn FnMut(&Dataset, &[u32]) -> Result<()>,
    ) -> Result<()> {
        self.positions.windows(pool, shuffle, &mut |window, order| {
            if self.windows.load(Ordering::Relaxed) == 0 {
                bail!("killed");
            }
            self.windows.fetch_sub(1, Ordering::Relaxed);
            visit(window, order)
        })
    }
}

#[test]
fn a_run_killed_inside_an_epoch_resumes_from_its_checkpoint_and_ends_as_the_unbroken_run() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("games.kgd");
    let variant = Variant::Chess;
    write_store(&path, variant, 60, 5);
    let split = stream::index(&path, variant, 10, true, 300, 2).expect("indexed");
    let settings = |name: &str| Settings {
        save_every: 5,
        ..small_run(dir.path().join(name), 2)
    };
    let start = || Checkpoint::start(Model::random(variant, 128, 2, 1).unwrap());
    let unbroken_settings = settings("unbroken.nnue");
    let mut unbroken = start();
    train::train(
        &mut unbroken,
        &split.train,
        &split.holdout,
        &unbroken_settings,
        |_| {},
    )
    .expect("the unbroken run");
    assert_eq!((unbroken.epoch, unbroken.batches), (2, 0));

    // Killed in its second epoch, a few windows in: its checkpoint is from within the epoch.
    let killed_settings = settings("killed.nnue");
    let windows_per_epoch = with_pool(2, |pool| {
        let mut windows = 0;
        let mut count = |_: &Dataset, _: &[u32]| {
            windows += 1;
            Ok(())
        };
        split
            .train
            .windows(pool, None, &mut count)
            .expect("the windows");
        windows
    });
    assert!(windows_per_epoch >= 4, "{windows_per_epoch} windows");
    let killed = KilledAfter {
        positions: &split.train,
        windows: AtomicUsize::new(windows_per_epoch + 3),
    };
    let mut run = start();
    let error = train::train(&mut run, &killed, &split.holdout, &killed_settings, |_| {})
        .expect_err("killed");
    assert!(error.to_string().contains("killed"), "{error}");
    let mut resumed =
        Checkpoint::load(&checkpoint_path(&killed_settings.out), variant).expect("the checkpoint");
    assert_eq!(resumed.epoch, 1);
    assert!(
        resumed.batches > 0 && resumed.batches.is_multiple_of(5),
        "{}",
        resumed.batches
    );
    train::train(
        &mut resumed,
        &split.train,
        &split.holdout,
        &killed_settings,
        |_| {},
    )
    .expect("the resumed run");
    assert!(resumed == unbroken, "the resumed run ended elsewhere");
    let bytes = |path: &Path| std::fs::read(path).expect("a written net");
    assert_eq!(bytes(&killed_settings.out), bytes(&unbroken_settings.out));
}

#[test]
fn a_checkpoint_of_version_3_reads_as_a_run_between_epochs() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let variant = Variant::Orda;
    let mut state = Checkpoint::start(Model::random(variant, 256, 4, 2).unwrap());
    let len = state.model.params.len();
    let moments =
        |i: usize, value: f32| (0..len).map(|j| if j == i { value } else { 0.0 }).collect();
    state.adam = Adam::new(&state.model, moments(5, 0.25), moments(9, 0.5), 77);
    state.epoch = 3;
    let path = dir.path().join("run.ckpt");
    state.save(&path).expect("saved");
    let v4 = std::fs::read(&path).expect("read back");
    // Version 3 had no place within an epoch (16 bytes after the Adam steps).
    let place = 16 + 64 + 4 + 8;
    let mut v3 = [&v4[..place], &v4[place + 16..v4.len() - 4]].concat();
    v3[8..10].copy_from_slice(&3u16.to_le_bytes());
    let crc = crc32fast::hash(&v3);
    v3.extend_from_slice(&crc.to_le_bytes());
    std::fs::write(&path, &v3).expect("written");
    assert!(Checkpoint::load(&path, variant).expect("version 3 reads") == state);

    // Version 4 keeps the place within an epoch; other versions are refused with a message.
    state.batches = 12;
    state.loss_sum = 1.5;
    state.save(&path).expect("saved");
    assert!(Checkpoint::load(&path, variant).expect("version 4 reads") == state);
    let mut v2 = v3.clone();
    v2[8..10].copy_from_slice(&2u16.to_le_bytes());
    std::fs::write(&path, &v2).expect("written");
    let refused = Checkpoint::load(&path, variant).expect_err("version 2");
    assert!(refused.to_string().contains("version 2"), "{refused}");
}
