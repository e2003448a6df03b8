//! The record a build keeps of an output folder, so that the next build of
//! unchanged sources can tell the folder is current without rendering and
//! re-reading every file.
//!
//! [`Manifest`] holds a key naming what the set was built from (the
//! caller's fingerprint of the source bytes and the build's options) and,
//! for every file of the set, its size, modification time and inode as the
//! build left them. The folder is current when the key is the same and every
//! file still has exactly those: a file edited, replaced or removed by hand
//! fails the comparison, and the build then compares contents as usual. A
//! missing or unreadable manifest only costs that full comparison. The
//! manifest is kept in a store folder the caller names (a cache), one file
//! per output folder, never in the output folder itself.

use super::publish::Plan;
use crate::output::{write_atomic, WriteError};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fs::{self, Metadata};
use std::io;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

/// What a build wrote into its output folder, and from what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// The caller's key for the inputs (see [`Manifest::key`]).
    pub key: String,
    /// A number the caller keeps with the set (`nomic build` keeps the count
    /// of damaged characters it reports).
    #[serde(default)]
    pub note: usize,
    /// Every file of the set, relative to the folder.
    pub files: Vec<Stamp>,
}

/// One file as the build left it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    /// Relative to the output folder.
    pub path: PathBuf,
    /// Size in bytes.
    pub len: u64,
    /// Modification time, nanoseconds since the epoch.
    pub modified: u128,
    /// Inode number (0 where the system has none).
    pub inode: u64,
}

impl Stamp {
    fn of(path: PathBuf, meta: &Metadata) -> Stamp {
        Stamp {
            path,
            len: meta.len(),
            modified: meta
                .modified()
                .ok()
                .and_then(|time| time.duration_since(UNIX_EPOCH).ok())
                .map_or(0, |since| since.as_nanos()),
            inode: inode(meta),
        }
    }
}

#[cfg(unix)]
fn inode(meta: &Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::ino(meta)
}

#[cfg(not(unix))]
fn inode(_: &Metadata) -> u64 {
    0
}

impl Manifest {
    /// A key for a build's inputs: a digest of `parts` (for example the
    /// program version, the options, and the source bytes), each one's
    /// length included so that no two lists give the same key.
    pub fn key(parts: &[&[u8]]) -> String {
        let mut hasher = Sha256::new();
        for part in parts {
            hasher.update((part.len() as u64).to_le_bytes());
            hasher.update(part);
        }
        hasher
            .finalize()
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect()
    }

    /// Where `store` keeps the manifest of the output folder `dir`: a file
    /// named by a digest of the folder's absolute path. None while the folder
    /// does not exist.
    pub fn location(store: &Path, dir: &Path) -> Option<PathBuf> {
        let absolute = fs::canonicalize(dir).ok()?;
        let digest = Manifest::key(&[absolute.as_os_str().as_encoded_bytes()]);
        Some(store.join(format!("{}.json", &digest[..32])))
    }

    /// The manifest `store` keeps for `dir`, if there is a readable one.
    pub fn read(store: &Path, dir: &Path) -> Option<Manifest> {
        let path = Manifest::location(store, dir)?;
        let meta = fs::symlink_metadata(&path).ok()?;
        if !meta.is_file() {
            return None;
        }
        serde_json::from_slice(&fs::read(path).ok()?).ok()
    }

    /// Stamps every file of `plan` as it is in the folder now (after the
    /// plan was executed).
    ///
    /// # Errors
    /// A file of the set that cannot be examined.
    pub fn of_plan(plan: &Plan, key: String, note: usize) -> io::Result<Manifest> {
        let files = plan
            .writes
            .iter()
            .map(|(file, _)| {
                let meta = fs::symlink_metadata(plan.dir.join(&file.path))?;
                Ok(Stamp::of(file.path.clone(), &meta))
            })
            .collect::<io::Result<_>>()?;
        Ok(Manifest { key, note, files })
    }

    /// Whether `dir` still holds exactly what this manifest records, built
    /// from inputs with `key`: every file a plain file with one name and the
    /// recorded size, time and inode.
    pub fn is_current(&self, dir: &Path, key: &str) -> bool {
        // One look at each file, on every core: for a build with nothing to
        // do, that is most of its work.
        self.key == key
            && self
                .files
                .chunk_by(|a, b| a.path.parent() == b.path.parent())
                .collect::<Vec<_>>()
                .par_iter()
                .all(|files| same_in_folder(dir, files))
    }

    /// The recorded files' paths, relative to the folder.
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.files.iter().map(|stamp| stamp.path.as_path())
    }

    /// Keeps the manifest of `dir` in `store` (created if needed), written
    /// atomically.
    ///
    /// # Errors
    /// What the system refuses.
    pub fn write(&self, store: &Path, dir: &Path) -> Result<(), WriteError> {
        let Some(path) = Manifest::location(store, dir) else {
            return Ok(());
        };
        fs::create_dir_all(store)?;
        let json = serde_json::to_vec(self).map_err(io::Error::from)?;
        write_atomic(&path, &json)?;
        Ok(())
    }

    /// Forgets the manifest of `dir`, if `store` has one: after a build whose
    /// inputs have no key (own templates), the folder is compared in full.
    ///
    /// # Errors
    /// What the system refuses, other than the file being absent.
    pub fn remove(store: &Path, dir: &Path) -> io::Result<()> {
        let Some(path) = Manifest::location(store, dir) else {
            return Ok(());
        };
        match fs::remove_file(path) {
            Err(err) if err.kind() != io::ErrorKind::NotFound => Err(err),
            _ => Ok(()),
        }
    }
}

/// Whether every file of `files` (all in one folder) is still as stamped:
/// a plain file with one name and the recorded size, time and inode. On
/// Linux each is looked up from the opened folder, not by its whole path
/// (the path's walk was most of the cost).
#[cfg(target_os = "linux")]
fn same_in_folder(dir: &Path, files: &[Stamp]) -> bool {
    use rustix::fs::{open, statat, AtFlags, FileType, Mode, OFlags};
    let Some(first) = files.first() else {
        return true;
    };
    let folder = dir.join(first.path.parent().unwrap_or(Path::new("")));
    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
    let Ok(fd) = open(&folder, flags, Mode::empty()) else {
        return false;
    };
    files.iter().all(|stamp| {
        let Some(name) = stamp.path.file_name() else {
            return false;
        };
        statat(&fd, name, AtFlags::SYMLINK_NOFOLLOW).is_ok_and(|stat| {
            // As `Stamp::of` counts a time: nanoseconds since the epoch,
            // 0 before it.
            #[allow(clippy::unnecessary_cast)] // the field's type differs by architecture
            let modified = u64::try_from(stat.st_mtime).map_or(0, |seconds| {
                u128::from(seconds) * 1_000_000_000 + u128::from(stat.st_mtime_nsec as u64)
            });
            FileType::from_raw_mode(stat.st_mode) == FileType::RegularFile
                && stat.st_nlink == 1
                && u64::try_from(stat.st_size).ok() == Some(stamp.len)
                && modified == stamp.modified
                && stat.st_ino == stamp.inode
        })
    })
}

#[cfg(not(target_os = "linux"))]
fn same_in_folder(dir: &Path, files: &[Stamp]) -> bool {
    files.iter().all(|stamp| {
        fs::symlink_metadata(dir.join(&stamp.path)).is_ok_and(|meta| {
            meta.is_file() && one_name(&meta) && Stamp::of(stamp.path.clone(), &meta) == *stamp
        })
    })
}

#[cfg(all(unix, not(target_os = "linux")))]
fn one_name(meta: &Metadata) -> bool {
    std::os::unix::fs::MetadataExt::nlink(meta) == 1
}

#[cfg(not(unix))]
fn one_name(_: &Metadata) -> bool {
    true
}
