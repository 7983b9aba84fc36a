//! Reading a file a user names (`EvalFile`, `BookFile`, `VariantPath`, the tools' networks,
//! openings, games and saved runs): only a regular file, and only up to the most bytes such a
//! file can hold, so that a device (`/dev/zero`), a named pipe or a huge file is refused with a
//! reason instead of hanging the engine or exhausting its memory.

use std::io::{self, Read};
use std::path::Path;

/// The limit for a file that holds a collection (a book, openings, games, a training
/// checkpoint): 1 GiB, beyond any such file Kaiser has a use for.
pub const COLLECTION_LIMIT: u64 = 1 << 30;

/// The limit for a settings file (a `variants.ini`, a saved tuning run): 16 MiB.
pub const SETTINGS_LIMIT: u64 = 16 << 20;

/// The text of the regular file at `path`, which may hold at most `max_len` bytes of UTF-8.
pub fn read_text(path: &Path, max_len: u64) -> io::Result<String> {
    String::from_utf8(read(path, max_len)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))
}

/// The bytes of the regular file at `path`, which may hold at most `max_len` bytes.
pub fn read(path: &Path, max_len: u64) -> io::Result<Vec<u8>> {
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    let too_long = || {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than such a file can be ({max_len} bytes)"),
        )
    };
    if metadata.len() > max_len {
        return Err(too_long());
    }
    // The file may have grown since: read one byte past the limit to notice.
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    std::fs::File::open(path)?
        .take(max_len + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_len {
        return Err(too_long());
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_files_within_the_limit_are_read_and_others_refused() {
        let dir = std::env::temp_dir().join(format!("kaiser-user-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("ten");
        std::fs::write(&file, [7u8; 10]).unwrap();
        assert_eq!(read(&file, 10).unwrap(), vec![7u8; 10]);
        let error = read(&file, 9).unwrap_err().to_string();
        assert_eq!(error, "larger than such a file can be (9 bytes)");
        let error = read(&dir, 100).unwrap_err().to_string();
        assert_eq!(error, "not a regular file");
        if Path::new("/dev/zero").exists() {
            let error = read(Path::new("/dev/zero"), 100).unwrap_err().to_string();
            assert_eq!(error, "not a regular file");
        }
        assert!(read(&dir.join("missing"), 100).is_err());
        assert_eq!(read_text(&file, 10).unwrap(), "\u{7}".repeat(10));
        std::fs::write(&file, [0xff, 0xfe]).unwrap();
        assert_eq!(
            read_text(&file, 10).unwrap_err().to_string(),
            "not UTF-8 text"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
