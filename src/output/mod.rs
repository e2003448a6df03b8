//! Where output goes: the one module every command writes through.
//!
//! A regular file is replaced atomically (a temporary file in the same
//! folder and a rename, so an interrupted write leaves the old file or the
//! new one), keeping its permissions and, where the system allows, its
//! owner. A file with more than one name (hard links) is written through
//! instead, so every name keeps seeing the same content; that write is not
//! atomic, and [`WriteOutcome::WrittenThrough`] says so. A symbolic link
//! stays a link: the file it points to is what changes. A FIFO, a terminal
//! or another character device, and `/dev/stdout`-like names of open
//! descriptors, are written into as a stream and never replaced.
//!
//! [`write_batch_within`] is for a folder nomic owns (`build`'s output, the rule
//! pages `apply` writes): nothing outside the folder is ever written, and a
//! link inside it is replaced by a file, not followed.

mod batch;
mod within;

#[cfg(test)]
mod tests;

pub use batch::{write_batch_within, BatchError};
pub use within::existing_within;

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Component, Path, PathBuf};

/// What writing a file did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteOutcome {
    /// A new file.
    Created,
    /// A file replaced by the new content.
    Changed,
    /// The file already held exactly this content and was not touched.
    Unchanged,
    /// A file with `names` hard links was rewritten in place, so that every
    /// name sees the new content (not atomically: an interruption can leave
    /// a partial file).
    WrittenThrough {
        /// How many names the file has.
        names: u64,
    },
    /// A FIFO, terminal or other character device was written into.
    Streamed,
}

/// Why a write was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The system refused an operation.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The path names a folder.
    #[error("{} is a folder; name a file", .0.display())]
    Folder(PathBuf),
    /// Block devices are disks: nomic does not write to them.
    #[error("{} is a block device; nomic writes files, pipes and character devices only", .0.display())]
    BlockDevice(PathBuf),
    /// A socket or another kind of file nomic cannot write.
    #[error("{} is neither a file, a pipe nor a character device", .0.display())]
    Unwritable(PathBuf),
    /// Following the links never reached a file.
    #[error("{}: too many levels of symbolic links", .0.display())]
    LinkLoop(PathBuf),
    /// A link inside a folder nomic owns would lead outside it.
    #[error("{} is a symbolic link; nomic does not follow links inside {} (remove it, or build into another folder)", link.display(), root.display())]
    LinkInside {
        /// The link.
        link: PathBuf,
        /// The folder written into.
        root: PathBuf,
    },
    /// A path inside a folder nomic owns that is not a plain relative path.
    #[error("{} leaves the folder it is written into", .0.display())]
    Escapes(PathBuf),
}

/// The most symbolic links followed to reach a file (Linux's own limit).
const MAX_LINKS: usize = 40;

/// Writes `contents` to `path` as the module documentation describes:
/// atomic replacement of a regular file, a stream into a FIFO or character
/// device, the target of a symbolic link.
///
/// # Errors
/// A folder, a block device, a link loop, or what the system refuses.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<WriteOutcome, WriteError> {
    if names_descriptor(path) {
        return stream(path, contents);
    }
    let mut target = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = match fs::symlink_metadata(&target) {
            Ok(meta) => meta,
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                replace(&target, contents, None)?;
                return Ok(WriteOutcome::Created);
            }
            Err(err) => return Err(err.into()),
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let next = fs::read_link(&target)?;
            target = match target.parent() {
                Some(parent) => parent.join(next),
                None => next,
            };
            if names_descriptor(&target) {
                return stream(path, contents);
            }
            continue;
        }
        return write_existing(&target, &meta, contents);
    }
    Err(WriteError::LinkLoop(path.to_path_buf()))
}

/// Writes an existing file (not a link) by its kind.
fn write_existing(
    target: &Path,
    meta: &Metadata,
    contents: &[u8],
) -> Result<WriteOutcome, WriteError> {
    match Kind::of(meta) {
        Kind::Folder => Err(WriteError::Folder(target.to_path_buf())),
        Kind::Stream => stream(target, contents),
        Kind::Block => Err(WriteError::BlockDevice(target.to_path_buf())),
        Kind::Other => Err(WriteError::Unwritable(target.to_path_buf())),
        Kind::File => {
            if holds(target, meta, contents)? {
                return Ok(WriteOutcome::Unchanged);
            }
            let names = link_count(meta);
            if names > 1 {
                write_through(target, contents)?;
                return Ok(WriteOutcome::WrittenThrough { names });
            }
            replace(target, contents, Some(meta))?;
            Ok(WriteOutcome::Changed)
        }
    }
}

/// What a path is, as far as writing goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    File,
    Folder,
    /// A FIFO or character device: written into, never replaced.
    Stream,
    Block,
    Other,
}

impl Kind {
    fn of(meta: &Metadata) -> Kind {
        let kind = meta.file_type();
        if kind.is_file() {
            return Kind::File;
        }
        if kind.is_dir() {
            return Kind::Folder;
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if kind.is_fifo() || kind.is_char_device() {
                return Kind::Stream;
            }
            if kind.is_block_device() {
                return Kind::Block;
            }
        }
        Kind::Other
    }
}

/// `/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/1`: names of a descriptor
/// that is already open. Whatever it is (a pipe, a terminal, a file the
/// shell redirected to), it is written into, never replaced: replacing it
/// would take the output away from whoever holds the descriptor.
fn names_descriptor(path: &Path) -> bool {
    let parts: Vec<Component<'_>> = path.components().collect();
    let names: Vec<&str> = parts
        .iter()
        .filter_map(|part| match part {
            Component::Normal(name) => name.to_str(),
            _ => None,
        })
        .collect();
    if !matches!(parts.first(), Some(Component::RootDir)) {
        return false;
    }
    matches!(
        names.as_slice(),
        ["dev", "stdout" | "stderr"] | ["dev", "fd", _] | ["proc", _, "fd", _]
    )
}

/// Whether a regular file already holds `contents` (read only when the
/// sizes match).
fn holds(path: &Path, meta: &Metadata, contents: &[u8]) -> io::Result<bool> {
    if meta.len() != contents.len() as u64 {
        return Ok(false);
    }
    let mut held = Vec::with_capacity(contents.len());
    File::open(path)?.read_to_end(&mut held)?;
    Ok(held == contents)
}

#[cfg(unix)]
fn link_count(meta: &Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    meta.nlink()
}

#[cfg(not(unix))]
fn link_count(_: &Metadata) -> u64 {
    1
}

/// Appends `contents` to a pipe, device or open descriptor.
fn stream(path: &Path, contents: &[u8]) -> Result<WriteOutcome, WriteError> {
    let mut file = OpenOptions::new().append(true).open(path)?;
    file.write_all(contents)?;
    Ok(WriteOutcome::Streamed)
}

/// Rewrites a file with several names in place: every name sees the new
/// content. The content is written before the file is cut to its length,
/// so a reader never sees the file empty.
fn write_through(path: &Path, contents: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).open(path)?;
    file.write_all(contents)?;
    file.set_len(contents.len() as u64)?;
    file.sync_all()
}

/// Puts a new file at `path` through a temporary file in the same folder
/// and a rename. `previous` (the file being replaced) lends its permissions
/// and owner; a new file gets what `File::create` gives, `0666` less the
/// umask.
fn replace(path: &Path, contents: &[u8], previous: Option<&Metadata>) -> io::Result<()> {
    let temp = stage(path, contents, previous)?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|err| err.error)?;
    Ok(())
}

/// Writes `contents` to a temporary file in `path`'s folder, with the
/// permissions and owner [`replace`] gives, neither synced nor renamed.
fn stage(
    path: &Path,
    contents: &[u8],
    previous: Option<&Metadata>,
) -> io::Result<tempfile::NamedTempFile> {
    fs::create_dir_all(folder_of(path))?;
    stage_in_folder(path, contents, previous)
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// [`stage`] into a folder known to exist.
fn stage_in_folder(
    path: &Path,
    contents: &[u8],
    previous: Option<&Metadata>,
) -> io::Result<tempfile::NamedTempFile> {
    let dir = folder_of(path);
    let mut builder = tempfile::Builder::new();
    builder.prefix(".nomic-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Applied at creation, so the umask still has its say.
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut temp = builder.tempfile_in(dir)?;
    temp.as_file_mut().write_all(contents)?;
    if let Some(previous) = previous {
        keep_owner(temp.as_file(), previous);
        temp.as_file().set_permissions(previous.permissions())?;
    }
    Ok(temp)
}

/// Gives the new file the old one's owner and group where the system
/// allows it (root may; others may keep a group they belong to).
#[cfg(unix)]
fn keep_owner(file: &File, previous: &Metadata) {
    use std::os::unix::fs::{fchown, MetadataExt};
    if fchown(file, Some(previous.uid()), Some(previous.gid())).is_err() {
        // Not allowed to give the file away: keep at least the group.
        let _ = fchown(file, None, Some(previous.gid()));
    }
}

#[cfg(not(unix))]
fn keep_owner(_: &File, _: &Metadata) {}
