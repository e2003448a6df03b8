//! Where input comes from: every file a command reads goes through here.
//!
//! An explicit input may be a plain file, a FIFO (`<(git show HEAD:rules.md)`)
//! or a device; it is refused, before anything is read into memory, when it
//! is larger than the limit (for a stream: as soon as more than the limit
//! has arrived). A folder scan takes plain files only and says what it
//! skipped.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The default limit: far above the largest real ruleset (tens of KiB).
/// The caller passes the limit to every read (the command line's
/// `--max-input-size`); the library keeps no setting of its own.
pub const DEFAULT_LIMIT: u64 = 256 * 1024 * 1024;

/// Why an input was not read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The system refused.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The path names a folder.
    #[error("it is a folder; name a ruleset file")]
    Folder,
    /// The input is larger than the limit.
    #[error(
        "it is larger than the limit of {limit} bytes; \
         raise it with --max-input-size BYTES if the file is really a ruleset"
    )]
    TooLarge {
        /// The limit in force.
        limit: u64,
    },
}

/// Reads a whole input (file, FIFO, device) of at most `limit` bytes.
///
/// # Errors
/// A folder, an input over the limit, or what the system refuses.
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, InputError> {
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(InputError::Folder);
    }
    if meta.is_file() && meta.len() > limit {
        return Err(InputError::TooLarge { limit });
    }
    // A plain file's size is known: one allocation of that size instead of
    // doubling to as much as twice it (the stream may still grow or shrink).
    let expected = if meta.is_file() { meta.len() } else { 0 };
    read_within(file, limit, usize::try_from(expected).unwrap_or(0))
}

/// Reads a stream (standard input, a pipe) of at most `limit` bytes.
///
/// # Errors
/// More than the limit, or what the system refuses.
pub fn read_stream(stream: impl Read, limit: u64) -> Result<Vec<u8>, InputError> {
    read_within(stream, limit, 0)
}

fn read_within(stream: impl Read, limit: u64, expected: usize) -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::with_capacity(expected);
    stream
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > limit {
        return Err(InputError::TooLarge { limit });
    }
    Ok(bytes)
}

/// The plain files of a folder (links to plain files included), sorted,
/// and what was skipped: FIFOs, devices, sockets, folders, broken links.
///
/// # Errors
/// The folder cannot be listed.
pub fn scan(dir: &Path) -> io::Result<Scan> {
    let mut scan = Scan::default();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        // Only a plain file is ever opened: a FIFO would block the scan.
        match fs::metadata(&path) {
            Ok(meta) if meta.is_file() => scan.files.push(path),
            Ok(meta) if meta.is_dir() => {}
            _ => scan.skipped.push(path),
        }
    }
    scan.files.sort();
    scan.skipped.sort();
    Ok(scan)
}

/// What [`scan`] found.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Scan {
    /// Plain files.
    pub files: Vec<PathBuf>,
    /// Entries that are neither plain files nor folders.
    pub skipped: Vec<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    #[test]
    fn a_fifo_is_read_like_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        assert!(Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        let writer = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::write(fifo, "# RULES\n").unwrap())
        };
        assert_eq!(read(&fifo, DEFAULT_LIMIT).unwrap(), b"# RULES\n");
        writer.join().unwrap();
    }

    #[test]
    fn inputs_over_the_limit_are_refused_before_reading() {
        assert!(matches!(
            read_within(&b"12345"[..], 4, 0),
            Err(InputError::TooLarge { limit: 4 })
        ));
        assert_eq!(read_within(&b"1234"[..], 4, 0).unwrap(), b"1234");
        // A sparse file far larger than memory: refused from its size alone.
        let dir = tempfile::tempdir().unwrap();
        let huge = dir.path().join("huge.md");
        File::create(&huge)
            .unwrap()
            .set_len(DEFAULT_LIMIT + 1)
            .unwrap();
        assert!(matches!(
            read(&huge, DEFAULT_LIMIT),
            Err(InputError::TooLarge { .. })
        ));
        assert!(matches!(
            read(dir.path(), DEFAULT_LIMIT),
            Err(InputError::Folder)
        ));
    }

    #[test]
    fn a_scan_takes_plain_files_and_names_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("b.md"), "b").unwrap();
        fs::write(dir.path().join("a.md"), "a").unwrap();
        fs::create_dir(dir.path().join("folder")).unwrap();
        let fifo = dir.path().join("pipe.md");
        assert!(Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        #[cfg(unix)]
        std::os::unix::fs::symlink("nowhere.md", dir.path().join("broken.md")).unwrap();
        let scan = scan(dir.path()).unwrap();
        assert_eq!(
            scan.files,
            vec![dir.path().join("a.md"), dir.path().join("b.md")]
        );
        assert_eq!(scan.skipped, vec![dir.path().join("broken.md"), fifo]);
    }
}
