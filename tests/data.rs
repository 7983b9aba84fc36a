//! Training data end to end: what `datagen` writes reads back as it was generated and as `kaiser
//! data dump` shows it, runs resume after a kill without losing or repeating a game, one seed
//! gives the same bytes, and damaged files are refused with the offset of the damage.

mod common;

use common::{kaiser, text};
use kaiser_engine::search::Engine;
use kaiser_engine::{Position, Variant};
use kaiser_rules::types::MoveKind;
use kaiser_tools::data::format::HEADER_BYTES;
use kaiser_tools::data::store::open_run;
use kaiser_tools::data::{DataError, DataReader, GameRecord, PlyScore};
use kaiser_tools::datagen::{play, Config, SearchTally};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn config(variant: Variant) -> Config {
    let mut config = Config::new(variant, vec![variant.start_fen().to_string()]);
    config.nodes = 150;
    config
}

/// The training positions of a game, worked out here from its plies: (FEN, score, result).
fn expected_positions(game: &GameRecord, variant: Variant) -> Vec<(String, PlyScore, f32)> {
    let mut pos = match &game.start_fen {
        Some(fen) => Position::from_fen(fen, variant).unwrap(),
        None => Position::startpos(variant),
    };
    let mut kept = Vec::new();
    for (ply, &(m, score)) in game.plies.iter().enumerate() {
        let quiet = pos.piece_at(m.to()).is_none() && m.kind() == MoveKind::Normal;
        let scored = matches!(score, PlyScore::Cp(_));
        if ply >= usize::from(game.opening_plies) && !pos.in_check() && quiet && scored {
            kept.push((pos.fen(), score, game.result.white_score()));
        }
        pos.make_move(m);
    }
    kept
}

fn datagen(out: &Path, games: u32, threads: u32) -> std::process::Output {
    kaiser(&[
        "datagen",
        "--out",
        out.to_str().unwrap(),
        "--games",
        &games.to_string(),
        "--nodes",
        "150",
        "--threads",
        &threads.to_string(),
        "--seed",
        "7",
    ])
}

#[test]
fn games_read_back_as_they_were_generated() {
    let dir = tempfile::tempdir().unwrap();
    for variant in Variant::ALL {
        let config = config(variant);
        let path = dir.path().join(format!("{variant}.kgd"));
        let mut run = open_run(&path, &config.header()).unwrap();
        let mut engine = Engine::new();
        let games: Vec<GameRecord> = (0..2)
            .map(|index| play(&config, index, &mut engine, &mut SearchTally::default()))
            .collect();
        for game in &games {
            let mut bytes = Vec::new();
            game.encode(&mut bytes);
            run.file.write_all(&bytes).unwrap();
        }
        drop(run);

        let mut reader = DataReader::open(&path).unwrap();
        assert_eq!(reader.header(), config.header());
        for game in &games {
            let (offset, read) = reader.next_game().unwrap().unwrap();
            assert_eq!(&read, game);
            let mut positions = Vec::new();
            read.training_positions(variant, offset, |p| {
                positions.push((p.pos.fen(), p.score, p.result.white_score()));
            })
            .unwrap();
            assert!(!positions.is_empty(), "{variant}");
            assert_eq!(positions, expected_positions(game, variant), "{variant}");
        }
        assert!(reader.next_game().unwrap().is_none());

        let dumped = kaiser(&["data", "dump", path.to_str().unwrap()]);
        let expected: Vec<String> = games
            .iter()
            .flat_map(|game| expected_positions(game, variant))
            .map(|(fen, score, result)| match score {
                PlyScore::Cp(cp) => format!("{fen} | {cp} | {result}"),
                _ => unreachable!("training positions are scored"),
            })
            .collect();
        assert_eq!(text(&dumped.stdout).lines().collect::<Vec<_>>(), expected);
    }
}

#[test]
fn one_seed_gives_the_same_bytes_whatever_the_threads() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one.kgd"), dir.path().join("two.kgd"));
    assert!(datagen(&one, 6, 1).status.success());
    assert!(datagen(&two, 6, 2).status.success());
    assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
}

#[test]
fn a_killed_run_resumes_without_losing_or_repeating_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.kgd");
    assert!(datagen(&whole, 12, 2).status.success());
    let expected = std::fs::read(&whole).unwrap();

    let killed = dir.path().join("killed.kgd");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaiser"))
        .args(["datagen", "--out", killed.to_str().unwrap()])
        .args(["--games", "12", "--nodes", "150", "--threads", "2"])
        .args(["--seed", "7"])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::fs::metadata(&killed).map_or(0, |m| m.len()) < (HEADER_BYTES + 1000) as u64
        && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    // A crash in the middle of writing a game leaves part of it.
    let partial = &expected[HEADER_BYTES..HEADER_BYTES + 37];
    std::fs::OpenOptions::new()
        .append(true)
        .open(&killed)
        .unwrap()
        .write_all(partial)
        .unwrap();

    let resumed = datagen(&killed, 12, 2);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(
        text(&resumed.stderr).contains("dropped a game cut off"),
        "{}",
        text(&resumed.stderr)
    );
    assert_eq!(std::fs::read(&killed).unwrap(), expected);

    // Asking for more games adds them; asking again changes nothing.
    assert!(datagen(&killed, 14, 2).status.success());
    assert!(datagen(&killed, 14, 1).status.success());
    let mut reader = DataReader::open(&killed).unwrap();
    let mut indices = Vec::new();
    while let Some((_, game)) = reader.next_game().unwrap() {
        indices.push(game.index);
    }
    assert_eq!(indices, (0..14).collect::<Vec<_>>());

    // A run with other settings is not appended to the file.
    let other_seed = kaiser(&["datagen", "--out", killed.to_str().unwrap(), "--seed", "8"]);
    assert_eq!(other_seed.status.code(), Some(2));
    assert!(text(&other_seed.stderr).contains("other settings"));
}

#[test]
fn damaged_files_are_refused_with_the_offset() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.kgd");
    assert!(datagen(&good, 3, 2).status.success());
    let bytes = std::fs::read(&good).unwrap();
    let first_len = GameRecord::len_at(&bytes[HEADER_BYTES..]).unwrap();
    let second = (HEADER_BYTES + first_len) as u64;

    let read_all = |bytes: &[u8]| -> Result<u32, DataError> {
        let mut reader = DataReader::new(bytes)?;
        while let Some((offset, game)) = reader.next_game()? {
            game.training_positions(Variant::Empire, offset, |_| {})?;
        }
        Ok(reader.games())
    };
    assert_eq!(read_all(&bytes), Ok(3));
    // Cut anywhere inside the second game: truncated, at the second game's offset.
    for cut in [second as usize + 1, second as usize + 9, bytes.len() - 1] {
        let cut = cut.min(bytes.len() - 1);
        match read_all(&bytes[..cut]) {
            Err(DataError::Truncated { offset, .. }) if cut < bytes.len() => {
                assert!(offset >= second, "cut at {cut}: offset {offset}")
            }
            other => panic!("cut at {cut}: {other:?}"),
        }
    }
    // A flipped byte in the second game's moves: corrupt, at the second game's offset.
    let mut flipped = bytes.clone();
    flipped[second as usize + 80] ^= 0x04;
    assert_eq!(
        read_all(&flipped).unwrap_err().offset(),
        second,
        "{:?}",
        read_all(&flipped)
    );
    // The command-line tools say so, without a panic.
    let damaged = dir.path().join("damaged.kgd");
    std::fs::write(&damaged, &flipped).unwrap();
    let truncated = dir.path().join("truncated.kgd");
    std::fs::write(&truncated, &bytes[..HEADER_BYTES - 3]).unwrap();
    let not_data = dir.path().join("notes.kgd");
    std::fs::write(&not_data, "FEN | 1\n").unwrap();
    for (file, expected) in [
        (&damaged, format!("corrupt at offset {second}")),
        (&truncated, "truncated at offset 0".to_string()),
        (&not_data, "not a Kaiser data file".to_string()),
    ] {
        for command in ["info", "dump"] {
            let output = kaiser(&["data", command, file.to_str().unwrap()]);
            let stderr = text(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{command}: {stderr}");
            assert!(stderr.contains(&expected), "{command}: {stderr}");
        }
    }
    // And datagen will not append to a file damaged before its end.
    let appended = datagen(&damaged, 5, 1);
    assert_eq!(appended.status.code(), Some(2));
    assert!(text(&appended.stderr).contains("not appended to"));
}

#[test]
fn data_info_counts_games_positions_and_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("empire").join("run.kgd");
    std::fs::create_dir_all(run.parent().unwrap()).unwrap();
    assert!(datagen(&run, 4, 2).status.success());
    let info = kaiser(&["data", "info", dir.path().to_str().unwrap()]);
    let report = text(&info.stdout);
    assert!(info.status.success(), "{}", text(&info.stderr));
    assert!(report.contains("empire:"), "{report}");
    assert!(report.contains("games      4"), "{report}");
    let bytes = std::fs::metadata(&run).unwrap().len();
    assert!(report.contains(&format!("bytes      {bytes} ")), "{report}");
    assert!(report.contains("scores (centipawns for White)"), "{report}");
    assert!(report.contains("game phase"), "{report}");
}
