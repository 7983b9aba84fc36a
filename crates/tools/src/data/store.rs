//! Where training data lives: the data directory outside the work tree (`--data-dir`, else
//! `$KAISER_DATA_DIR`, else `$XDG_DATA_HOME/kaiser`, else `~/.local/share/kaiser`), a file per
//! self-play run in it, and opening a run's file to append to it, repairing a game cut off by a
//! crash.

use super::format::{DataError, Header};
use super::reader::DataReader;
use anyhow::{bail, Context, Result};
use kaiser_engine::Variant;
use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The environment variable that names the data directory.
pub const DATA_DIR_ENV: &str = "KAISER_DATA_DIR";
/// The extension of data files.
pub const EXTENSION: &str = "kgd";

/// The data directory: `$KAISER_DATA_DIR`, else `$XDG_DATA_HOME/kaiser`, else
/// `$HOME/.local/share/kaiser`.
pub fn default_dir() -> Result<PathBuf> {
    let from_env = |name| std::env::var_os(name).filter(|value| !value.is_empty());
    if let Some(dir) = from_env(DATA_DIR_ENV) {
        return Ok(PathBuf::from(dir));
    }
    if let Some(dir) = from_env("XDG_DATA_HOME") {
        return Ok(Path::new(&dir).join("kaiser"));
    }
    match from_env("HOME") {
        Some(home) => Ok(Path::new(&home).join(".local/share/kaiser")),
        None => bail!("no data directory: set {DATA_DIR_ENV} or pass --data-dir"),
    }
}

/// The file of the self-play run of `variant` with these settings, in data directory `dir`.
pub fn run_file(dir: &Path, variant: Variant, nodes: u32, seed: u64) -> PathBuf {
    dir.join(variant.name())
        .join(format!("selfplay-n{nodes}-s{seed}.{EXTENSION}"))
}

/// The data files at `path`: the file itself, or every `.kgd` file under a directory, sorted.
pub fn data_files(path: &Path) -> Result<Vec<PathBuf>> {
    if !path.is_dir() {
        if !path.exists() {
            bail!("{} does not exist", path.display());
        }
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    let mut dirs = vec![path.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let entries =
            std::fs::read_dir(&dir).with_context(|| format!("cannot list {}", dir.display()))?;
        for entry in entries {
            let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
            let entry_path = entry.path();
            if entry_path.is_dir() {
                dirs.push(entry_path);
            } else if entry_path.extension().is_some_and(|e| e == EXTENSION) {
                files.push(entry_path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// A run's file opened for appending games.
pub struct RunFile {
    pub file: File,
    /// The number of games already in it: the index of the next game to write.
    pub games: u32,
    /// Bytes of an unfinished last game dropped when the file was opened (0 if none).
    pub repaired_bytes: u64,
}

impl RunFile {
    /// Appends one game record. A write that fails (a full disk) cuts the file back to the
    /// games before it, so that the file stays whole, and returns the error.
    pub fn append(&mut self, record: &[u8]) -> io::Result<()> {
        let end = self.file.stream_position()?;
        if let Err(error) = self.file.write_all(record) {
            let _ = self.file.set_len(end);
            let _ = self.file.seek(SeekFrom::Start(end));
            return Err(error);
        }
        Ok(())
    }
}

/// Opens the data file at `path` to append games of the run described by `header`: creates it
/// (and its directory) if need be; otherwise checks that it was made with the same settings
/// and that every game in it is whole, and cuts off a last game that a crash left unfinished.
/// A file damaged elsewhere is refused, naming the offset.
pub fn open_run(path: &Path, header: &Header) -> Result<RunFile> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    let len = file.metadata()?.len();
    if len == 0 {
        file.write_all(&header.encode())?;
        return Ok(RunFile {
            file,
            games: 0,
            repaired_bytes: 0,
        });
    }
    let name = path.display();
    let mut reader = DataReader::new(BufReader::new(&file)).with_context(|| format!("{name}"))?;
    let found = reader.header();
    if found != *header {
        bail!(
            "{name} holds a run with other settings ({} {:?}, {} nodes, seed {}): \
             resume it with those, or write elsewhere",
            found.variant,
            found.source,
            found.nodes,
            found.seed
        );
    }
    let (games, end) = loop {
        match reader.next_game() {
            Ok(Some(_)) => {}
            Ok(None) => break (reader.games(), reader.offset()),
            Err(DataError::Truncated { offset, .. }) => break (reader.games(), offset),
            Err(error) => bail!("{name}: {error}; the file is damaged, not appended to"),
        }
    };
    drop(reader);
    file.set_len(end)?;
    file.seek(SeekFrom::Start(end))?;
    Ok(RunFile {
        file,
        games,
        repaired_bytes: len - end,
    })
}
