//! Building one ruleset's published set (forms and website) into a folder:
//! whether the folder is already current, what writing would create,
//! change and remove, the writing, and the manifest kept for the next build.

use super::manifest::Manifest;
use super::publish::{stale_rule_pages, Asset, Plan, PublishError, PublishedFile};
use crate::output::WriteOutcome;
use crate::site::SITE_FOLDERS;
use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

/// One published set planned against its output folder.
#[derive(Debug)]
pub struct Build {
    /// What writing the set would do (nothing when found current).
    pub plan: Plan,
    /// Damaged character sequences (mojibake) the set carries.
    pub damaged: usize,
    /// Files found current through the folder's manifest, without a render.
    found: Option<usize>,
    key: Option<String>,
    store: Option<PathBuf>,
}

/// What a build did (or, in a check, would do) to its folder, paths
/// relative to it.
#[derive(Debug)]
pub struct BuildReport {
    /// Files written that were not there.
    pub created: Vec<PathBuf>,
    /// Files written over other contents.
    pub changed: Vec<PathBuf>,
    /// Pages the set no longer has.
    pub removed: Vec<PathBuf>,
    /// Files already as the set has them.
    pub unchanged: usize,
}

impl Build {
    /// Plans the set into `dir`. `source` is the source's bytes when the
    /// set depends on them (and `repair_encoding`) alone; then a manifest
    /// in `store` that shows the folder current for them spares the render.
    /// Otherwise `render` gives the set (the website's files under `site/`)
    /// and its count of damaged characters, and the set is compared with
    /// the folder. `render` is handed the source's bytes back, so that the
    /// source is read once. Writes nothing.
    ///
    /// # Errors
    /// The render's, or a file of the folder that cannot be read.
    pub fn plan<E: From<PublishError>>(
        dir: PathBuf,
        source: Option<(Vec<u8>, bool)>,
        store: Option<PathBuf>,
        render: impl FnOnce(Option<Vec<u8>>) -> Result<(Vec<PublishedFile>, Vec<Asset>, usize), E>,
    ) -> Result<Build, E> {
        let key = source.as_ref().map(|(bytes, repair)| {
            let repair: &[u8] = if *repair { b"repair-encoding" } else { b"" };
            Manifest::key(&[
                env!("CARGO_PKG_VERSION").as_bytes(),
                b"build",
                repair,
                bytes,
            ])
        });
        let found = key
            .as_deref()
            .zip(store.as_deref())
            .and_then(|(key, store)| current(store, &dir, key));
        if let Some(manifest) = found {
            return Ok(Build {
                plan: Plan {
                    dir,
                    writes: Vec::new(),
                    copies: Vec::new(),
                    removals: Vec::new(),
                },
                damaged: manifest.note,
                found: Some(manifest.len()),
                key: None,
                store,
            });
        }
        let (files, assets, damaged) = render(source.map(|(bytes, _)| bytes))?;
        let mut plan = Plan::compare(dir, files)?.with_assets(assets)?;
        // Pages of the website that the new site no longer has (none when
        // the build does not write the website).
        let site_files: Vec<&Path> = plan
            .writes
            .iter()
            .filter_map(|(file, _)| file.path.strip_prefix("site").ok())
            .collect();
        let stale = if site_files.is_empty() {
            Vec::new()
        } else {
            stale_site_pages(&plan.dir.join("site"), site_files)
        };
        for stale in stale {
            if let Ok(relative) = stale.strip_prefix(&plan.dir) {
                plan.removals.push(relative.to_path_buf());
            }
        }
        plan.removals.sort();
        Ok(Build {
            plan,
            damaged,
            found: None,
            key,
            store,
        })
    }

    /// Whether the set was rendered (not found current by the manifest).
    #[must_use]
    pub fn rendered(&self) -> bool {
        self.found.is_none()
    }

    /// What the build does to the folder.
    #[must_use]
    pub fn report(&self) -> BuildReport {
        let plan = &self.plan;
        let group = |outcome| plan.with_outcome(outcome).map(Path::to_path_buf).collect();
        let created: Vec<PathBuf> = group(WriteOutcome::Created);
        let changed: Vec<PathBuf> = group(WriteOutcome::Changed);
        let written = plan.writes.len() + plan.copies.len();
        let unchanged = written - created.len() - changed.len() + self.found.unwrap_or(0);
        BuildReport {
            created,
            changed,
            removed: plan.removals.clone(),
            unchanged,
        }
    }

    /// Carries out the plan, calling `done` after each file written or
    /// removed ([`Plan::pending`] calls in all), then keeps a manifest of
    /// the folder for the next build. The manifest is a cache: when it
    /// cannot be kept, the next build compares the folder in full, so that
    /// is no failure of the build.
    ///
    /// # Errors
    /// A file that cannot be written or removed.
    pub fn execute_with(&self, done: impl FnMut()) -> Result<(), PublishError> {
        self.plan.execute_with(done)?;
        let Some(store) = &self.store else {
            return Ok(());
        };
        let dir = &self.plan.dir;
        match &self.key {
            Some(key) => {
                if let Ok(manifest) = Manifest::of_plan(&self.plan, key.clone(), self.damaged) {
                    if Manifest::read(store, dir).as_ref() != Some(&manifest) {
                        let _ = manifest.write(store, dir);
                    }
                }
            }
            // Built from more than the source: the next build compares in full.
            None if self.found.is_none() => {
                let _ = Manifest::remove(store, dir);
            }
            None => {}
        }
        Ok(())
    }
}

/// The manifest of `dir` in `store`, when it was built from inputs with
/// `key` and the folder holds exactly the set it records (no file changed
/// by hand, no stale page).
fn current(store: &Path, dir: &Path, key: &str) -> Option<Manifest> {
    let manifest = Manifest::read(store, dir)?;
    if !manifest.is_current(dir, key) {
        return None;
    }
    let files: Vec<PathBuf> = manifest
        .folders
        .iter()
        .flat_map(|folder| {
            folder
                .files
                .iter()
                .map(|stamp| folder.path.join(&stamp.name))
        })
        .collect();
    let site: Vec<&Path> = files
        .iter()
        .filter_map(|path| path.strip_prefix("site").ok())
        .collect();
    let stale = !stale_rule_pages(dir, files.iter().map(PathBuf::as_path)).is_empty()
        || !stale_site_pages(&dir.join("site"), site).is_empty();
    (!stale).then_some(manifest)
}

/// Numbered pages of the website (`rules/206.html`, `changes/3.html`) under
/// `dir` that are not among `files` (relative to `dir`), and its index of
/// versions when `files` has none; joined to `dir`, sorted.
pub fn stale_site_pages<'a>(dir: &Path, files: impl IntoIterator<Item = &'a Path>) -> Vec<PathBuf> {
    let files: HashSet<&Path> = files.into_iter().collect();
    let mut stale = Vec::new();
    for (folder, extension) in SITE_FOLDERS {
        let Ok(entries) = fs::read_dir(dir.join(folder)) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name().to_string_lossy().into_owned();
            let relative = Path::new(folder).join(&name);
            if super::publish::is_rule_page(&name, extension) && !files.contains(relative.as_path())
            {
                stale.push(dir.join(relative));
            }
        }
    }
    let changes_index = Path::new("changes").join("index.html");
    if dir.join(&changes_index).is_file() && !files.contains(changes_index.as_path()) {
        stale.push(dir.join(changes_index));
    }
    stale.sort();
    stale
}
