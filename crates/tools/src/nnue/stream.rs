//! Where the trainer's positions come from, a window at a time (`Positions`): a `Dataset` in
//! memory is one window; data files are streamed (`StoredGames`), so that a store of any size
//! trains in bounded memory. `index` reads the files once, checking and replaying every game,
//! and keeps for each game only where its record is and how many training positions it gives
//! (16 bytes a game, about a quarter of a byte a position). Then each epoch takes the games in
//! an order shuffled by the epoch's random numbers, reads them a window of about `window`
//! positions at a time, replays the window's games on the worker threads, and hands on the
//! window's positions in a shuffled order. Positions that fit one window are kept from the
//! index's replay instead, one window in every epoch, in the files' order shuffled as a set in
//! memory is (so a run on such a store takes its positions in the order the trainer took
//! before it streamed). Every `holdout`-th game (counted across the files) is held out.

use super::dataset::Dataset;
use super::pool::{with_pool, Pool};
use crate::data::{store, DataError, DataReader, GameRecord};
use anyhow::{bail, Context, Result};
use kaiser_engine::Variant;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Training positions that the trainer goes through a window at a time.
pub trait Positions: Sync {
    /// The positions of an epoch.
    fn len(&self) -> usize;

    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Calls `visit` with each window of the positions and the order in which to take its
    /// positions: shuffled by `shuffle`, or as stored if it is `None`.
    fn windows<'env>(
        &'env self,
        pool: &Pool<'env>,
        shuffle: Option<&mut StdRng>,
        visit: &mut dyn FnMut(&Dataset, &[u32]) -> Result<()>,
    ) -> Result<()>;
}

impl Positions for Dataset {
    fn len(&self) -> usize {
        self.samples.len()
    }

    /// One window: the whole set.
    fn windows<'env>(
        &'env self,
        _: &Pool<'env>,
        shuffle: Option<&mut StdRng>,
        visit: &mut dyn FnMut(&Dataset, &[u32]) -> Result<()>,
    ) -> Result<()> {
        visit(self, &order(self.samples.len(), shuffle))
    }
}

/// The numbers below `len`, shuffled by `shuffle` if given.
fn order(len: usize, shuffle: Option<&mut StdRng>) -> Vec<u32> {
    let mut order: Vec<u32> = (0..len as u32).collect();
    if let Some(rng) = shuffle {
        order.shuffle(rng);
    }
    order
}

/// A game in a data file.
#[derive(Clone, Copy, Debug)]
struct GameRef {
    /// Which of the files.
    file: u32,
    /// Its training positions (mirrored ones included).
    positions: u32,
    /// Where its record starts in the file.
    offset: u64,
}

/// Games of data files, streamed.
pub struct StoredGames {
    /// The positions of every game, kept when they fit one window (each epoch's window would
    /// be the same), from the index's replay.
    whole: Option<Dataset>,
    variant: Variant,
    files: Arc<Vec<PathBuf>>,
    games: Vec<GameRef>,
    positions: usize,
    mirror: bool,
    /// Positions a window holds at most (or one game's, if more).
    window: usize,
}

/// The games of data files, held out and not.
pub struct Split {
    pub train: StoredGames,
    pub holdout: StoredGames,
    /// Games in all.
    pub games: usize,
}

/// Games indexed a batch at a time while reading the files.
const INDEX_CHUNK: usize = 2048;

/// Indexes the data at `path` (a file of `kaiser datagen` or a directory of them) for
/// `variant`, replaying every game on `threads` threads to check it and count its training positions
/// (mirrored ones too, with `mirror`, in the training part; the held-out part as played).
/// A file still being written may end inside a game: the games before it are kept.
pub fn index(
    path: &Path,
    variant: Variant,
    holdout_every: usize,
    mirror: bool,
    window: usize,
    threads: usize,
) -> Result<Split> {
    with_pool(threads, |pool| {
        index_on(pool, path, variant, holdout_every, mirror, window)
    })
}

fn index_on(
    pool: &Pool,
    path: &Path,
    variant: Variant,
    holdout_every: usize,
    mirror: bool,
    window: usize,
) -> Result<Split> {
    let files = store::data_files(path)?;
    let files = Arc::new(files);
    let part = |mirror| StoredGames {
        whole: None,
        variant,
        files: Arc::clone(&files),
        games: Vec::new(),
        positions: 0,
        mirror,
        window: window.max(1),
    };
    let (mut train, mut holdout) = (part(mirror), part(false));
    let mut games = 0usize;
    // The positions replayed, training and held out, kept while they fit one window: each
    // epoch would replay the same.
    let mut kept = [Some(Dataset::new(variant)), Some(Dataset::new(variant))];
    for (file, file_path) in files.iter().enumerate() {
        let mut reader = DataReader::open(file_path)?;
        let found = reader.header().variant;
        if found != variant {
            bail!("{} holds {found} games, not {variant}", file_path.display());
        }
        loop {
            let mut chunk = Vec::with_capacity(INDEX_CHUNK);
            let mut end = false;
            while chunk.len() < INDEX_CHUNK {
                match reader.next_game() {
                    Ok(Some(game)) => chunk.push(game),
                    Ok(None) => end = true,
                    // A run still being written ends inside the game being appended.
                    Err(e @ DataError::Truncated { .. }) => {
                        eprintln!("{}: {e}; reading the games before it", file_path.display());
                        end = true;
                    }
                    Err(e) => bail!("{}: {e}", file_path.display()),
                }
                if end {
                    break;
                }
            }
            let (before, threads, chunk) = (games, pool.threads(), Arc::new(chunk));
            let held = move |i: usize| (before + i).is_multiple_of(holdout_every);
            let shares = {
                let chunk = Arc::clone(&chunk);
                pool.each(move |worker| {
                    // The positions of the share's games, training and held out.
                    let mut parts = [Dataset::new(variant), Dataset::new(variant)];
                    let counts = share(chunk.len(), worker, threads)
                        .map(|i| {
                            let (offset, record) = &chunk[i];
                            let part = &mut parts[usize::from(held(i))];
                            let before = part.len();
                            part.push_game(record, *offset, mirror && !held(i))?;
                            Ok((part.len() - before) as u32)
                        })
                        .collect::<Result<Vec<u32>, DataError>>()?;
                    Ok::<_, DataError>((counts, parts))
                })
            };
            let mut counts = Vec::with_capacity(chunk.len());
            for share in shares {
                let (share_counts, parts) =
                    share.with_context(|| file_path.display().to_string())?;
                counts.extend(share_counts);
                for (kept, part) in kept.iter_mut().zip(parts) {
                    keep(kept, part, window);
                }
            }
            for (i, (&positions, &(offset, _))) in counts.iter().zip(chunk.iter()).enumerate() {
                let part = if held(i) { &mut holdout } else { &mut train };
                part.games.push(GameRef {
                    file: file as u32,
                    positions,
                    offset,
                });
                part.positions += positions as usize;
            }
            games += chunk.len();
            if end {
                break;
            }
        }
    }
    [train.whole, holdout.whole] = kept;
    Ok(Split {
        train,
        holdout,
        games,
    })
}

/// Adds `part` to the positions `kept`, or drops them all once they would fill more than a
/// window.
fn keep(kept: &mut Option<Dataset>, part: Dataset, window: usize) {
    match kept {
        Some(data) if data.len() + part.len() <= window => data.append(&part),
        _ => *kept = None,
    }
}

/// The part of `len` items that worker `worker` of `threads` takes: contiguous, in order.
pub fn share(len: usize, worker: usize, threads: usize) -> std::ops::Range<usize> {
    let per = len.div_ceil(threads.max(1));
    (worker * per).min(len)..((worker + 1) * per).min(len)
}

impl Positions for StoredGames {
    fn len(&self) -> usize {
        self.positions
    }

    fn windows<'env>(
        &'env self,
        pool: &Pool<'env>,
        mut shuffle: Option<&mut StdRng>,
        visit: &mut dyn FnMut(&Dataset, &[u32]) -> Result<()>,
    ) -> Result<()> {
        if let Some(data) = &self.whole {
            return visit(data, &order(data.len(), shuffle));
        }
        let mut games = self.games.clone();
        if let Some(rng) = shuffle.as_deref_mut() {
            games.shuffle(rng);
        }
        let mut rest = &games[..];
        while !rest.is_empty() {
            let mut take = 0;
            let mut positions = 0;
            while take < rest.len()
                && (take == 0 || positions + rest[take].positions as usize <= self.window)
            {
                positions += rest[take].positions as usize;
                take += 1;
            }
            let (window, after) = rest.split_at(take);
            rest = after;
            let data = self.replay(window, pool)?;
            visit(&data, &order(data.len(), shuffle.as_deref_mut()))?;
        }
        Ok(())
    }
}

impl StoredGames {
    /// The positions of `games`, read from their files in file order and replayed on `pool`.
    fn replay(&self, games: &[GameRef], pool: &Pool) -> Result<Dataset> {
        let mut games = games.to_vec();
        games.sort_by_key(|g| (g.file, g.offset));
        let mut records = Vec::with_capacity(games.len());
        let mut open: Option<(u32, File)> = None;
        for game in &games {
            let path = &self.files[game.file as usize];
            if open.as_ref().is_none_or(|(file, _)| *file != game.file) {
                let file =
                    File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
                open = Some((game.file, file));
            }
            let (_, file) = open.as_mut().expect("a file open");
            let record =
                read_record(file, game.offset).with_context(|| format!("{}", path.display()))?;
            records.push((game.file, game.offset, record));
        }
        let (variant, mirror, threads) = (self.variant, self.mirror, pool.threads());
        let records = Arc::new(records);
        let files = Arc::clone(&self.files);
        let parts = {
            let records = Arc::clone(&records);
            pool.each(move |worker| {
                let mut data = Dataset::new(variant);
                for i in share(records.len(), worker, threads) {
                    let (file, offset, record) = &records[i];
                    data.push_game(record, *offset, mirror)
                        .with_context(|| format!("{}", files[*file as usize].display()))?;
                }
                Ok::<_, anyhow::Error>(data)
            })
        };
        let mut data = Dataset::new(self.variant);
        for part in parts {
            data.append(&part?);
        }
        let indexed: usize = games.iter().map(|g| g.positions as usize).sum();
        if data.len() != indexed {
            bail!(
                "the data changed while training: {} positions where {indexed} were indexed",
                data.len()
            );
        }
        Ok(data)
    }
}

/// The game record at `offset` of `file`, checked.
fn read_record(file: &mut File, offset: u64) -> Result<GameRecord, DataError> {
    let unreadable = |e: std::io::Error| DataError::Unreadable {
        offset,
        what: e.to_string(),
    };
    file.seek(SeekFrom::Start(offset)).map_err(unreadable)?;
    let mut bytes = Vec::new();
    let mut wanted = GameRecord::bytes_to_tell_len(&[]);
    let len = loop {
        let have = bytes.len();
        bytes.resize(wanted, 0);
        file.read_exact(&mut bytes[have..]).map_err(unreadable)?;
        match GameRecord::len_at(&bytes) {
            Some(len) => break len,
            None => wanted = GameRecord::bytes_to_tell_len(&bytes),
        }
    };
    let have = bytes.len();
    bytes.resize(len, 0);
    file.read_exact(&mut bytes[have..]).map_err(unreadable)?;
    GameRecord::decode(&bytes, offset)
}
