//! Writing a batch into a folder that does not exist yet: the whole tree is
//! written into a hidden folder beside it and renamed into place at once.
//!
//! With no old files to keep, a file-by-file replacement (a temporary file
//! and a rename each, after a look at what is there) is work for nothing:
//! here each file is created once, the tree is made durable with one sync,
//! and one rename publishes it. What survives a crash is simpler too: the
//! folder is absent (a hidden `.NAME.nomic-*.tmp` folder may be left beside
//! it) or complete.

use super::batch::{sync_folder, BatchError};
use super::within::{checked, folders};
use super::{folder_of, WriteOutcome};
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

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
    // The last contents of each path, in the batch's order.
    let mut last: HashMap<&Path, usize> = HashMap::with_capacity(files.len());
    for (index, (relative, _)) in files.iter().enumerate() {
        checked(root, relative).map_err(|source| BatchError {
            path: root.join(relative),
            source,
        })?;
        last.insert(relative, index);
    }
    let parent = folder_of(root);
    fs::create_dir_all(parent).map_err(at(root))?;
    let staging = staging_folder(root, parent).map_err(at(root))?;
    let written = write_tree(root, &staging, files, &last).and_then(|()| {
        let written = files.iter().map(|(relative, _)| staging.join(relative));
        sync_tree(&staging, written).map_err(at(root))?;
        fs::rename(&staging, root).map_err(at(root))?;
        sync_folder(parent).map_err(at(parent))
    });
    if written.is_err() && staging.exists() {
        // Ours alone: nothing else knows its name.
        let _ = fs::remove_dir_all(&staging);
    }
    written.map(|()| vec![WriteOutcome::Created; files.len()])
}

/// Creates the folders and files of the tree under `staging`; a failure
/// names the file's place under `root`, the first in the batch's order.
fn write_tree(
    root: &Path,
    staging: &Path,
    files: &[(&Path, &[u8])],
    last: &HashMap<&Path, usize>,
) -> Result<(), BatchError> {
    // Outermost first, so each folder's parent exists when it is made.
    let folders: BTreeSet<PathBuf> = files
        .iter()
        .flat_map(|(relative, _)| folders(Path::new(""), relative))
        .collect();
    for folder in &folders {
        fs::create_dir(staging.join(folder)).map_err(|err| BatchError {
            path: root.join(folder),
            source: err.into(),
        })?;
    }
    files
        .par_iter()
        .enumerate()
        .filter(|(index, (relative, _))| last[relative] == *index)
        .map(|(_, (relative, contents))| {
            create(&staging.join(relative), contents).map_err(|err| BatchError {
                path: root.join(relative),
                source: err.into(),
            })
        })
        .collect::<Vec<Result<(), BatchError>>>()
        .into_iter()
        .collect()
}

/// A new file holding `contents`, with the mode a new file gets (the
/// umask has its say).
fn create(path: &Path, contents: &[u8]) -> io::Result<()> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o666);
    }
    let mut file = options.open(path)?;
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
/// elsewhere one sync per file of `written`.
fn sync_tree(staging: &Path, written: impl Iterator<Item = PathBuf>) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        let _ = written;
        rustix::fs::syncfs(File::open(staging)?).map_err(io::Error::from)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = staging;
        written
            .into_iter()
            .try_for_each(|path| File::open(path)?.sync_data())
    }
}
