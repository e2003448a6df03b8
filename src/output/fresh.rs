//! Writing into a folder that does not exist yet: the whole tree is written
//! into a hidden folder beside it and renamed into place at once.
//!
//! With no old files to keep, a file-by-file replacement (a temporary file
//! and a rename each, after a look at what is there) is work for nothing:
//! here each file is created once, the tree is made durable with one sync,
//! and one rename publishes it. What survives a crash is simpler too: the
//! folder is absent (a hidden `.NAME.nomic-*.tmp` folder may be left beside
//! it) or complete.
//!
//! [`FreshTree`] lets a caller write the tree in pieces as they are made
//! (`build` writes the forms while the website is still being rendered):
//! nothing is visible until [`FreshTree::publish`], and a tree dropped
//! unpublished removes its staging folder.

use super::batch::{sync_folder, BatchError};
use super::within::{checked, folders};
use super::{folder_of, WriteOutcome};
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// How many names a staging folder tries before giving up.
const ATTEMPTS: u32 = 100;

/// Writes `files` (relative paths, contents) as a new folder `root`, which
/// must not exist: every file is created in a staging folder beside
/// `root`, the files are made durable together, and the staging folder is
/// renamed to `root`. Every file's outcome is `Created`. A path named twice
/// gets its last contents, as writing one after another would leave it.
///
/// # Errors
/// A path that leaves the folder, or what the system refuses (also when
/// `root` appears meanwhile); the staging folder is removed and `root` is
/// not created.
pub(super) fn write_fresh(
    root: &Path,
    files: &[(&Path, &[u8])],
) -> Result<Vec<WriteOutcome>, BatchError> {
    // Every path is checked before anything is created.
    last_of_each(root, files)?;
    let tree = FreshTree::begin(root)?;
    tree.write(files)?;
    tree.publish()?;
    Ok(vec![WriteOutcome::Created; files.len()])
}

/// A folder that does not exist yet, being written in a staging folder
/// beside it: [`FreshTree::write`] adds files (from several threads at
/// once if need be), [`FreshTree::publish`] makes them durable with one
/// sync and renames the staging folder into place. Dropped unpublished (a
/// failure elsewhere, a panic), it removes the staging folder, and the
/// folder is never created.
#[derive(Debug)]
pub struct FreshTree {
    /// The folder the tree becomes.
    root: PathBuf,
    /// The hidden folder beside `root` that holds the tree until published.
    staging: PathBuf,
    /// The folders made so far inside `staging`, relative to it.
    made: Mutex<HashSet<PathBuf>>,
    /// The folders made for `staging` to be put in (`root`'s parents that
    /// did not exist), outermost first: removed again if never published.
    parents: Vec<PathBuf>,
    /// Whether the staging folder became `root` (nothing left to remove).
    published: bool,
    /// A sync started ahead of [`FreshTree::publish`] ([`FreshTree::sync_ahead`]).
    ahead: Mutex<Option<std::thread::JoinHandle<()>>>,
}

impl FreshTree {
    /// Starts a tree that becomes `root` when published: creates `root`'s
    /// parent folders if need be and an empty staging folder beside it.
    /// Nothing is looked at inside `root`; [`FreshTree::publish`] fails if
    /// `root` exists by then (unless it is an empty folder, which a rename
    /// replaces).
    ///
    /// # Errors
    /// What the system refuses, at `root`.
    pub fn begin(root: &Path) -> Result<FreshTree, BatchError> {
        let parent = folder_of(root);
        let parents: Vec<PathBuf> = parent
            .ancestors()
            .take_while(|folder| !folder.as_os_str().is_empty() && !folder.exists())
            .map(Path::to_path_buf)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let mut tree = FreshTree {
            root: root.to_path_buf(),
            staging: PathBuf::new(),
            made: Mutex::new(HashSet::new()),
            parents,
            published: false,
            ahead: Mutex::new(None),
        };
        // Dropped on a failure here, the tree removes what was made.
        fs::create_dir_all(parent).map_err(at(root))?;
        tree.staging = staging_folder(root, parent).map_err(at(root))?;
        Ok(tree)
    }

    /// Writes `files` (paths relative to the tree, contents) into the
    /// staging folder on every core, creating their folders. A path named
    /// twice gets its last contents; a path an earlier call wrote is
    /// overwritten (calls made at the same time should name different
    /// paths, or which contents stay is not said).
    ///
    /// # Errors
    /// A path that leaves the folder (then nothing of this call is
    /// written), or what the system refuses; the error names the file's
    /// place under `root`, the first in `files`' order.
    pub fn write(&self, files: &[(&Path, &[u8])]) -> Result<(), BatchError> {
        let last = last_of_each(&self.root, files)?;
        self.make_folders(files)?;
        files
            .par_iter()
            .enumerate()
            .filter(|(index, (relative, _))| last[relative] == *index)
            .map(|(_, (relative, contents))| {
                create(&self.staging.join(relative), contents).map_err(|err| BatchError {
                    path: self.root.join(relative),
                    source: err.into(),
                })
            })
            .collect::<Vec<Result<(), BatchError>>>()
            .into_iter()
            .collect()
    }

    /// Makes every file written durable (one sync), then renames the
    /// staging folder to `root` and makes the rename durable.
    ///
    /// # Errors
    /// What the system refuses (also when `root` appeared meanwhile); the
    /// staging folder is removed and `root` is not created.
    pub fn publish(self) -> Result<(), BatchError> {
        self.publish_beside(|_| ()).0
    }

    /// [`FreshTree::publish`], with `beside` run on another core while the
    /// sync waits for the disk; it is given the staging folder, which holds
    /// every file written, and the rename waits until it returns (so it
    /// never sees the tree half moved). Its result is returned whether the
    /// publishing failed or not.
    ///
    /// # Errors
    /// As [`FreshTree::publish`].
    pub fn publish_beside<R: Send>(
        mut self,
        beside: impl FnOnce(&Path) -> R + Send,
    ) -> (Result<(), BatchError>, R) {
        let staging = self.staging.clone();
        let (synced, made) = rayon::join(
            || {
                self.wait_for_sync_ahead();
                sync_tree(&self.staging).map_err(at(&self.root))
            },
            || beside(&staging),
        );
        let published = synced.and_then(|()| {
            let parent = folder_of(&self.root).to_path_buf();
            fs::rename(&self.staging, &self.root).map_err(at(&self.root))?;
            self.published = true;
            sync_folder(&parent).map_err(at(&parent))
        });
        (published, made)
    }

    /// Starts making what was written so far durable on a thread of its
    /// own, unless a sync was started already, so that the disk writes it
    /// while the caller makes the rest; [`FreshTree::publish`] still syncs
    /// everything after it, and only that sync's success counts. On Linux
    /// only (one `syncfs`); elsewhere nothing.
    pub fn sync_ahead(&self) {
        #[cfg(target_os = "linux")]
        {
            let mut ahead = self.ahead.lock().unwrap_or_else(PoisonError::into_inner);
            if ahead.is_none() {
                let staging = self.staging.clone();
                // A failure here shows again in publish's own sync.
                *ahead = std::thread::Builder::new()
                    .name("nomic-sync".into())
                    .spawn(move || {
                        let _ = sync_tree(&staging);
                    })
                    .ok();
            }
        }
        #[cfg(not(target_os = "linux"))]
        let _ = self;
    }

    /// Waits for a sync started by [`FreshTree::sync_ahead`], if any.
    fn wait_for_sync_ahead(&self) {
        let ahead = self
            .ahead
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(ahead) = ahead {
            let _ = ahead.join();
        }
    }

    /// Creates the folders `files` need that are not made yet, outermost
    /// first, so each folder's parent exists when it is made.
    fn make_folders(&self, files: &[(&Path, &[u8])]) -> Result<(), BatchError> {
        // Files come grouped by folder: a file in the same folder as the
        // one before it needs no folder of its own (equal parents have the
        // same components, so the same folders).
        let mut wanted = BTreeSet::new();
        let mut last_parent = None;
        for (relative, _) in files {
            let parent = relative.parent();
            if parent.is_some() && parent == last_parent {
                continue;
            }
            last_parent = parent;
            wanted.extend(folders(Path::new(""), relative));
        }
        let mut made = self.made.lock().unwrap_or_else(PoisonError::into_inner);
        for folder in wanted {
            if made.contains(&folder) {
                continue;
            }
            fs::create_dir(self.staging.join(&folder)).map_err(|err| BatchError {
                path: self.root.join(&folder),
                source: err.into(),
            })?;
            made.insert(folder);
        }
        Ok(())
    }
}

impl Drop for FreshTree {
    fn drop(&mut self) {
        // The staging folder is not removed under a sync still running.
        self.wait_for_sync_ahead();
        if self.published {
            return;
        }
        if !self.staging.as_os_str().is_empty() && self.staging.exists() {
            // Ours alone: nothing else knows its name.
            let _ = fs::remove_dir_all(&self.staging);
        }
        // The parents made for it, innermost first, unless something else
        // was put in them meanwhile (then removing fails and they stay).
        for folder in self.parents.iter().rev() {
            let _ = fs::remove_dir(folder);
        }
    }
}

/// Checks that every path of `files` stays inside `root`; the index of
/// each path's last appearance (the contents it gets).
fn last_of_each<'a>(
    root: &Path,
    files: &[(&'a Path, &[u8])],
) -> Result<HashMap<&'a Path, usize>, BatchError> {
    let mut last: HashMap<&Path, usize> = HashMap::with_capacity(files.len());
    for (index, (relative, _)) in files.iter().enumerate() {
        checked(root, relative).map_err(|source| BatchError {
            path: root.join(relative),
            source,
        })?;
        last.insert(relative, index);
    }
    Ok(last)
}

/// A new file holding `contents`, with the mode a new file gets (the
/// umask has its say). A file already there (written by an earlier call
/// into the same staging folder) is overwritten.
fn create(path: &Path, contents: &[u8]) -> io::Result<()> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o666);
    }
    let mut file = match options.open(path) {
        Err(err) if err.kind() == io::ErrorKind::AlreadyExists && path.is_file() => {
            OpenOptions::new().write(true).truncate(true).open(path)?
        }
        opened => opened?,
    };
    file.write_all(contents)
}

/// A new, empty folder beside `root` named after it (`.NAME.nomic-PID-N.tmp`),
/// created with the mode a new folder gets, since it becomes `root`.
fn staging_folder(root: &Path, parent: &Path) -> io::Result<PathBuf> {
    let name = root
        .file_name()
        .map_or_else(|| "out".into(), |name| name.to_string_lossy().into_owned());
    let pid = std::process::id();
    for attempt in 0..ATTEMPTS {
        let staging = parent.join(format!(".{name}.nomic-{pid}-{attempt}.tmp"));
        match fs::create_dir(&staging) {
            Ok(()) => return Ok(staging),
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {}
            Err(err) => return Err(err),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("no free name for a staging folder in {}", parent.display()),
    ))
}

/// A system error at `path`, as the batch reports it.
fn at(path: &Path) -> impl Fn(io::Error) -> BatchError + '_ {
    move |err| BatchError {
        path: path.to_path_buf(),
        source: err.into(),
    }
}

/// Makes every file under `staging` durable: on Linux one `syncfs` (the
/// folder was just made, so nothing inside it is mounted from elsewhere);
/// elsewhere one sync per file found in it.
fn sync_tree(staging: &Path) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        rustix::fs::syncfs(File::open(staging)?).map_err(io::Error::from)
    }
    #[cfg(not(target_os = "linux"))]
    {
        sync_files_under(staging)
    }
}

/// Syncs every file under `folder`, and each folder (where the system
/// allows), so that their entries are durable too.
#[cfg(not(target_os = "linux"))]
fn sync_files_under(folder: &Path) -> io::Result<()> {
    for entry in fs::read_dir(folder)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            sync_files_under(&entry.path())?;
        } else {
            File::open(entry.path())?.sync_data()?;
        }
    }
    sync_folder(folder)
}

#[cfg(test)]
#[path = "fresh_tests.rs"]
mod tests;
