//! Writing files so that a reader never sees half of one.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// What writing a file did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteOutcome {
    Created,
    Changed,
    Unchanged,
}

/// Writes `contents` to `path` through a temporary file in the same folder
/// and a rename, so an interrupted write leaves the old file intact. A file
/// that already holds exactly `contents` is not touched.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<WriteOutcome> {
    let outcome = match fs::read(path) {
        Ok(existing) if existing == contents => return Ok(WriteOutcome::Unchanged),
        Ok(_) => WriteOutcome::Changed,
        Err(err) if err.kind() == io::ErrorKind::NotFound => WriteOutcome::Created,
        Err(err) => return Err(err),
    };
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    let mut temp = tempfile::Builder::new()
        .prefix(".nomic-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temp.write_all(contents)?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|err| err.error)?;
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn creates_changes_and_leaves_identical_files_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/out.md");
        assert_eq!(write_atomic(&path, b"one").unwrap(), WriteOutcome::Created);
        assert_eq!(
            write_atomic(&path, b"one").unwrap(),
            WriteOutcome::Unchanged
        );
        assert_eq!(write_atomic(&path, b"two").unwrap(), WriteOutcome::Changed);
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let leftovers: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
    }
}
