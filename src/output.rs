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
///
/// The rename must not change what the file is to its users: an existing
/// file keeps its permissions, a new one gets the usual `0666` less the
/// umask (not the temporary file's private `0600`), and a symbolic link is
/// followed, so the file it points to is replaced and the link stays.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<WriteOutcome> {
    let target = match fs::canonicalize(path) {
        Ok(resolved) => resolved,
        Err(err) if err.kind() == io::ErrorKind::NotFound => path.to_path_buf(),
        Err(err) => return Err(err),
    };
    let (outcome, permissions) = match fs::read(&target) {
        Ok(existing) if existing == contents => return Ok(WriteOutcome::Unchanged),
        Ok(_) => (
            WriteOutcome::Changed,
            Some(fs::metadata(&target)?.permissions()),
        ),
        Err(err) if err.kind() == io::ErrorKind::NotFound => (WriteOutcome::Created, None),
        Err(err) => return Err(err),
    };
    let dir = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    let mut builder = tempfile::Builder::new();
    builder.prefix(".nomic-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Applied at creation, so the umask still has its say.
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut temp = builder.tempfile_in(dir)?;
    temp.write_all(contents)?;
    if let Some(permissions) = permissions {
        temp.as_file().set_permissions(permissions)?;
    }
    temp.as_file().sync_all()?;
    temp.persist(&target).map_err(|err| err.error)?;
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

    #[cfg(unix)]
    #[test]
    fn keeps_permissions_and_follows_symbolic_links() {
        use std::os::unix::fs::{symlink, PermissionsExt};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rules.md");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o664)).unwrap();
        write_atomic(&path, b"new").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o664);

        let link = dir.path().join("link.md");
        symlink(&path, &link).unwrap();
        assert_eq!(
            write_atomic(&link, b"newer").unwrap(),
            WriteOutcome::Changed
        );
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&path).unwrap(), b"newer");

        // A new file gets what `File::create` gives: 0666 less the umask.
        let plain = dir.path().join("plain.md");
        fs::File::create(&plain).unwrap();
        let created = dir.path().join("created.md");
        write_atomic(&created, b"x").unwrap();
        let mode_of = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode_of(&created), mode_of(&plain));
    }
}
