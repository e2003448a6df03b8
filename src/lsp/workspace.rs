//! The documents the editor has open, and the folder's other rule and
//! proposal files, read from disk when a request needs them.

use super::document::{Document, Kind};
use super::formatting::{self, Job};
use crossbeam_channel::Sender;
use lsp_types::Uri;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The files that may hold rulesets or proposals: their extensions.
const EXTENSIONS: [&str; 3] = ["md", "txt", "json"];

/// The open documents and the folder around them.
#[derive(Debug)]
pub(crate) struct Workspace {
    /// The folder the editor opened, if any.
    root: Option<PathBuf>,
    /// The open documents, by URI.
    open: HashMap<String, Document>,
    /// Files of the folder that are not open, as read from disk (`None`
    /// for a file that is neither a ruleset nor proposals).
    disk: BTreeMap<PathBuf, Option<Document>>,
    /// The worker that writes the open rulesets' canonical forms.
    canonical: Sender<Job>,
}

impl Workspace {
    /// A workspace of the folder `root`.
    pub(crate) fn new(root: Option<PathBuf>) -> Workspace {
        Workspace {
            root,
            open: HashMap::new(),
            disk: BTreeMap::new(),
            canonical: formatting::worker(),
        }
    }

    /// Reads an opened or changed document.
    pub(crate) fn set(&mut self, uri: &Uri, text: String) {
        let path = file_path(uri);
        if let Some(path) = &path {
            self.disk.remove(path);
        }
        let document = Document::read(uri.clone(), path, text, true);
        if let Some(file) = document.ruleset() {
            // The worker ends only with the workspace.
            let _ = self.canonical.send(Job::of(file));
        }
        self.open.insert(uri.as_str().to_string(), document);
    }

    /// Forgets a closed document (its file is read from disk again when
    /// needed).
    pub(crate) fn close(&mut self, uri: &Uri) {
        self.open.remove(uri.as_str());
    }

    /// Forgets what was read of a file on disk (it changed).
    pub(crate) fn forget(&mut self, uri: &Uri) {
        if let Some(path) = file_path(uri) {
            self.disk.remove(&path);
        }
    }

    /// An open document.
    pub(crate) fn get(&self, uri: &Uri) -> Option<&Document> {
        self.open.get(uri.as_str())
    }

    /// The URIs of the open documents.
    pub(crate) fn open_uris(&self) -> Vec<Uri> {
        self.open
            .keys()
            .filter_map(|uri| Uri::from_str(uri).ok())
            .collect()
    }

    /// The document of a file: open, else read from disk.
    pub(crate) fn at(&self, path: &Path) -> Option<&Document> {
        self.open
            .values()
            .find(|doc| doc.path.as_deref() == Some(path))
            .or_else(|| self.disk.get(path).and_then(Option::as_ref))
    }

    /// Reads (once) the files of `folders` that are not open.
    fn load(&mut self, folders: &[PathBuf]) {
        for folder in folders {
            let Ok(scan) = crate::input::scan(folder) else {
                continue;
            };
            for path in scan.files {
                let wanted = path
                    .extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| EXTENSIONS.contains(&e));
                let open = self.open.values().any(|d| d.path.as_ref() == Some(&path));
                if !wanted || open || self.disk.contains_key(&path) {
                    continue;
                }
                let document = file_uri(&path)
                    .zip(crate::input::read(&path, crate::input::DEFAULT_LIMIT).ok())
                    .and_then(|(uri, bytes)| Some((uri, String::from_utf8(bytes).ok()?)))
                    .map(|(uri, text)| Document::read(uri, Some(path.clone()), text, false))
                    .filter(|doc| !matches!(doc.kind, Kind::Unreadable(_)));
                self.disk.insert(path, document);
            }
        }
    }

    /// The folder and its subfolders (not hidden ones), or the folders of
    /// the open documents when no folder was opened.
    fn folders(&self) -> Vec<PathBuf> {
        let Some(root) = &self.root else {
            let mut folders: Vec<PathBuf> = self
                .open
                .values()
                .filter_map(|doc| doc.folder().map(Path::to_path_buf))
                .collect();
            folders.sort();
            folders.dedup();
            return folders;
        };
        let mut folders = vec![root.clone()];
        if let Ok(entries) = std::fs::read_dir(root) {
            let mut subfolders: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.is_dir())
                .filter(|path| {
                    path.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| !n.starts_with('.') && n != "target")
                })
                .collect();
            subfolders.sort();
            folders.extend(subfolders);
        }
        folders
    }

    /// Every document of the workspace: the open ones, and the folder's
    /// files that read as rulesets or proposals, by path.
    pub(crate) fn all(&mut self) -> Vec<&Document> {
        let folders = self.folders();
        self.load(&folders);
        let mut all: Vec<&Document> = self.open.values().collect();
        all.extend(self.disk.values().filter_map(Option::as_ref));
        all.sort_by(|a, b| a.path.cmp(&b.path));
        all
    }

    /// The ruleset a proposal file amends: the first ruleset (by name) in
    /// its folder, else in the folder above.
    pub(crate) fn ruleset_of(&mut self, proposal: &Path) -> Option<&Document> {
        let folder = proposal.parent()?.to_path_buf();
        let above = folder.parent().map(Path::to_path_buf);
        let folders: Vec<PathBuf> = std::iter::once(folder).chain(above).collect();
        self.load(&folders);
        let found = folders.iter().find_map(|folder| {
            self.rulesets()
                .into_iter()
                .find(|path| path.parent() == Some(folder.as_path()))
        })?;
        self.at(&found)
    }

    /// The paths of the rulesets known so far, sorted.
    fn rulesets(&self) -> Vec<PathBuf> {
        let open = self.open.values();
        let disk = self.disk.values().filter_map(Option::as_ref);
        let mut paths: Vec<PathBuf> = open
            .chain(disk)
            .filter(|doc| doc.ruleset().is_some())
            .filter_map(|doc| doc.path.clone())
            .collect();
        paths.sort();
        paths.dedup();
        paths
    }
}

/// The file a URI names, for a `file:` URI.
pub(crate) fn file_path(uri: &Uri) -> Option<PathBuf> {
    url::Url::parse(uri.as_str()).ok()?.to_file_path().ok()
}

/// The URI of a file.
pub(crate) fn file_uri(path: &Path) -> Option<Uri> {
    let url = url::Url::from_file_path(path).ok()?;
    Uri::from_str(url.as_str()).ok()
}
