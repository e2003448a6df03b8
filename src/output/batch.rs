//! Writing many files inside a folder nomic owns with one durable sync.
//!
//! Syncing every file before its rename, one after another, would be most
//! of the time of a build's thousands of pages. [`write_batch_within`]
//! keeps each file's guarantee (the old file or the new one, never half of
//! either) with three passes instead:
//! every new content goes to a temporary file beside its target, the
//! temporary files are made durable together, then each is renamed over its
//! target and every folder that received a file is synced once.

use super::within::target_within;
use super::{stage_in_folder, WriteError, WriteOutcome};
use rayon::prelude::*;
use std::collections::{BTreeSet, HashSet};
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use tempfile::TempPath;

/// A write of a batch failed: the file, and why.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct BatchError {
    /// The file being written (or the folder being synced).
    pub path: PathBuf,
    /// Why.
    pub source: WriteError,
}

/// One file of the batch, written out but not yet in place.
struct Staged {
    temp: TempPath,
    target: PathBuf,
}

/// Writes each `(relative path, contents)` inside `root`, creating folders
/// as needed (links and other non-files replaced, never followed; nothing
/// outside `root`; a file that already holds its contents is not touched),
/// with one durable sync for the whole batch rather than one per file. Returns each file's outcome, in
/// order.
///
/// What survives a crash: until the renames begin, every target is as it
/// was (the temporary files, `.nomic-*.tmp`, may be left behind). The new
/// contents are on disk before the first rename, so from then on each target
/// is either its old file or its complete new one; once this returns, the
/// renames are durable too.
///
/// # Errors
/// The first file that cannot be written; the files staged so far are
/// removed, and no target has changed. A failure while renaming leaves the
/// files renamed before it new and the rest old.
pub fn write_batch_within<'a>(
    root: &Path,
    files: impl IntoIterator<Item = (&'a Path, &'a [u8])>,
) -> Result<Vec<WriteOutcome>, BatchError> {
    // First, in order: each target checked (a folder once per batch), its
    // folders created, its outcome known.
    let mut outcomes = Vec::new();
    let mut targets = Vec::new();
    let mut folders_seen = HashSet::new();
    for (relative, contents) in files {
        let failed = |source: WriteError| BatchError {
            path: root.join(relative),
            source,
        };
        if outcomes.is_empty() {
            fs::create_dir_all(root).map_err(|err| failed(err.into()))?;
        }
        let Some(target) =
            target_within(root, relative, contents, &mut folders_seen).map_err(failed)?
        else {
            outcomes.push(WriteOutcome::Unchanged);
            continue;
        };
        outcomes.push(target.outcome);
        targets.push((relative, contents, target));
    }
    if targets.is_empty() {
        return Ok(outcomes);
    }
    // Then the new contents are staged on every core. On a failure the
    // files staged are dropped, which removes them; the error is the first
    // in the batch's order.
    let staged = targets
        .par_iter()
        .map(|(relative, contents, target)| {
            let temp = stage_in_folder(&target.path, contents, target.previous.as_ref())
                .map_err(|err| BatchError {
                    path: root.join(relative),
                    source: err.into(),
                })?
                .into_temp_path();
            Ok(Staged {
                temp,
                target: target.path.clone(),
            })
        })
        .collect::<Vec<Result<Staged, BatchError>>>()
        .into_iter()
        .collect::<Result<Vec<Staged>, BatchError>>()?;
    let folders: BTreeSet<PathBuf> = staged
        .iter()
        .filter_map(|file| file.target.parent().map(Path::to_path_buf))
        .collect();
    sync_contents(root, &folders, &staged).map_err(|err| BatchError {
        path: root.to_path_buf(),
        source: err.into(),
    })?;
    for Staged { temp, target } in staged {
        temp.persist(&target).map_err(|err| BatchError {
            path: target.clone(),
            source: err.error.into(),
        })?;
    }
    for folder in folders {
        sync_folder(&folder).map_err(|err| BatchError {
            path: folder,
            source: err.into(),
        })?;
    }
    Ok(outcomes)
}

/// Makes every staged file's content durable: on Linux one `syncfs` of the
/// file system holding `root` when every folder the files were staged in
/// (`folders`) is on it (a file is on its folder's file system); elsewhere,
/// or when a folder inside `root` is mounted from another, one sync per file.
#[cfg(target_os = "linux")]
fn sync_contents(root: &Path, folders: &BTreeSet<PathBuf>, staged: &[Staged]) -> io::Result<()> {
    let devices: BTreeSet<u64> = std::iter::once(root)
        .chain(folders.iter().map(PathBuf::as_path))
        .filter_map(|folder| fs::metadata(folder).ok())
        .map(|meta| std::os::unix::fs::MetadataExt::dev(&meta))
        .collect();
    if devices.len() > 1 {
        // A folder inside `root` mounted from elsewhere: sync file by file.
        return staged.iter().try_for_each(|file| sync_file(&file.temp));
    }
    let folder = File::open(root)?;
    rustix::fs::syncfs(&folder).map_err(io::Error::from)
}

#[cfg(not(target_os = "linux"))]
fn sync_contents(_root: &Path, _folders: &BTreeSet<PathBuf>, staged: &[Staged]) -> io::Result<()> {
    staged.iter().try_for_each(|file| sync_file(&file.temp))
}

/// Syncs one file's data (a read-only descriptor is enough on Unix, and
/// works when the file's mode forbids writing).
fn sync_file(path: &Path) -> io::Result<()> {
    File::open(path)?.sync_data()
}

/// Makes the renames into `folder` durable.
pub(super) fn sync_folder(folder: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        File::open(folder)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = folder;
        Ok(())
    }
}
