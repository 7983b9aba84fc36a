//! Writing a file whole: the bytes go to a temporary file beside it, synced to disk, which is
//! then renamed over it. A crash, a kill or a full disk leaves the old file or the new one,
//! never a part of either (a temporary left by a kill is overwritten by the next write).

use anyhow::{Context, Result};
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Replaces the file at `path` by `bytes`, all at once (see the module header).
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<()> {
    let temporary = temporary_path(path);
    let written = File::create(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    if let Err(error) = written {
        let _ = fs::remove_file(&temporary);
        return Err(error).with_context(|| format!("cannot write {}", path.display()));
    }
    fs::rename(&temporary, path).with_context(|| format!("cannot write {}", path.display()))
}

/// `path` with `.partial` added to its name.
fn temporary_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("kaiser-file-out-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_stays() {
        let dir = scratch("replace");
        let path = dir.join("book.bin");
        write_whole(&path, b"old").unwrap();
        write_whole(&path, b"new bytes").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new bytes");
        assert!(!temporary_path(&path).exists());
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_failed_write_names_the_file() {
        let path = std::env::temp_dir()
            .join("kaiser-no-such-dir")
            .join("net.nnue");
        let error = write_whole(&path, b"bytes").unwrap_err();
        assert!(format!("{error:#}").contains("net.nnue"), "{error:#}");
    }
}
