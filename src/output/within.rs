//! Writing inside a folder nomic owns, without ever leaving it.

use super::{holds, link_count, Kind, WriteError, WriteOutcome};
use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

/// What writing `contents` at `root/relative` would do, without writing and
/// without reading anything but a plain file with one name: a link, a pipe
/// or a device there would be replaced, so it counts as changed.
///
/// # Errors
/// A path that leaves `root`, a link on the way, or what the system refuses.
pub fn existing_within(
    root: &Path,
    relative: &Path,
    contents: &[u8],
) -> Result<WriteOutcome, WriteError> {
    let path = checked(root, relative)?;
    for folder in folders(root, relative) {
        match fs::symlink_metadata(&folder) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(WriteError::LinkInside {
                    link: folder,
                    root: root.to_path_buf(),
                })
            }
            Ok(_) => {}
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(WriteOutcome::Created),
            Err(err) => return Err(err.into()),
        }
    }
    match fs::symlink_metadata(&path) {
        Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(WriteOutcome::Created),
        Err(err) => Err(err.into()),
        Ok(meta) => match Kind::of(&meta) {
            Kind::Folder => Err(WriteError::Folder(path)),
            Kind::File if link_count(&meta) == 1 && holds(&path, &meta, contents)? => {
                Ok(WriteOutcome::Unchanged)
            }
            _ => Ok(WriteOutcome::Changed),
        },
    }
}

/// Where a write inside a folder goes and what it replaces.
pub(super) struct Target {
    /// `root/relative`.
    pub(super) path: PathBuf,
    /// `Created` or `Changed`.
    pub(super) outcome: WriteOutcome,
    /// The plain file being replaced, whose mode and owner the new one keeps.
    pub(super) previous: Option<fs::Metadata>,
}

/// Checks `root/relative` and creates the folders on the way; `None` when
/// the file already holds `contents`. A symbolic link, pipe, device or
/// hard-linked file already at that path is to be replaced by a plain file
/// (never followed or written through), and a folder on the way that is a
/// link is refused: nothing outside `root` is ever written.
/// `folders_seen` holds the folders already found to be folders (not
/// links) by earlier calls of the same batch, which are not looked at again;
/// the folders this call checks or creates join it.
pub(super) fn target_within(
    root: &Path,
    relative: &Path,
    contents: &[u8],
    folders_seen: &mut HashSet<PathBuf>,
) -> Result<Option<Target>, WriteError> {
    let path = checked(root, relative)?;
    for folder in folders(root, relative) {
        if folders_seen.contains(&folder) {
            continue;
        }
        match fs::symlink_metadata(&folder) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(WriteError::LinkInside {
                    link: folder,
                    root: root.to_path_buf(),
                })
            }
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => return Err(WriteError::Unwritable(folder)),
            Err(err) if err.kind() == io::ErrorKind::NotFound => fs::create_dir(&folder)?,
            Err(err) => return Err(err.into()),
        }
        folders_seen.insert(folder);
    }
    let (outcome, previous) = match fs::symlink_metadata(&path) {
        Err(err) if err.kind() == io::ErrorKind::NotFound => (WriteOutcome::Created, None),
        Err(err) => return Err(err.into()),
        Ok(meta) => match Kind::of(&meta) {
            Kind::Folder => return Err(WriteError::Folder(path)),
            Kind::File if link_count(&meta) == 1 => {
                if holds(&path, &meta, contents)? {
                    return Ok(None);
                }
                (WriteOutcome::Changed, Some(meta))
            }
            // A link, pipe, device or a name shared with a file elsewhere:
            // replaced, so nothing it leads to is touched.
            _ => (WriteOutcome::Changed, None),
        },
    };
    Ok(Some(Target {
        path,
        outcome,
        previous,
    }))
}

/// `root/relative`, when `relative` is plain names only.
pub(super) fn checked(root: &Path, relative: &Path) -> Result<PathBuf, WriteError> {
    let plain = relative.components().count() > 0
        && relative
            .components()
            .all(|part| matches!(part, Component::Normal(_)));
    if plain {
        Ok(root.join(relative))
    } else {
        Err(WriteError::Escapes(relative.to_path_buf()))
    }
}

/// The folders between `root` and the file, outermost first.
pub(super) fn folders(root: &Path, relative: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut current = root.to_path_buf();
    let parts: Vec<_> = relative.components().collect();
    for part in parts.iter().take(parts.len().saturating_sub(1)) {
        current.push(part);
        out.push(current.clone());
    }
    out
}
