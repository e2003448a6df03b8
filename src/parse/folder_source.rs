//! A path given where a ruleset is expected: a file, a folder of rule files
//! (one rule per file), or Agora's source folder. Every command asks here
//! which it is and reads a folder through here, so they all take the same
//! folders in the same way; a file is read by the caller, which owns its
//! input (standard input, size limits, the dialect beside it).

use super::agora::{read_source, AgoraSource, SourceError, SourceFiles};
use super::dialect::{folder_ruleset, read_folder, FolderError, FolderRule};
use super::Parsed;
use crate::model::{Format, Ruleset};
use std::path::Path;

/// What a path given for a ruleset names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceKind {
    /// A ruleset file (or standard input, `-`, or a stream).
    File,
    /// A folder holding `rules_data/`: Agora's source (agora-yaml).
    AgoraSource,
    /// Any other folder: one rule per `.md` or `.txt` file in it.
    RuleFolder,
}

impl SourceKind {
    /// What `path` names.
    pub fn of(path: &Path) -> SourceKind {
        if !path.is_dir() {
            SourceKind::File
        } else if SourceFiles::is_source(path) {
            SourceKind::AgoraSource
        } else {
            SourceKind::RuleFolder
        }
    }
}

/// A ruleset read from a folder.
#[derive(Debug, Clone)]
pub struct FolderRead {
    /// The ruleset, as a file's read gives it. Its format is the one of its
    /// rule files (`md-rule`, `txt-rule`) or `agora-yaml`; `text` is empty.
    pub parsed: Parsed,
    /// The rule files it was read from, for writing rules back to them
    /// ([`write_folder`](super::dialect::write_folder)); empty for Agora's
    /// source, which nomic does not write.
    pub files: Vec<FolderRule>,
    /// What Agora's reader found and read past (empty for a rule folder).
    pub agora: Option<AgoraSource>,
}

/// A folder that cannot be read as a ruleset.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FolderSourceError {
    /// A folder of rule files that cannot be read.
    #[error(transparent)]
    Rules(#[from] FolderError),
    /// Agora's source whose files cannot be loaded.
    #[error("{dir}: {source}")]
    AgoraFiles {
        /// The source folder.
        dir: String,
        /// Why.
        source: SourceError,
    },
    /// Agora's source that cannot be read (the error names the file).
    #[error("{dir}/{source}")]
    Agora {
        /// The source folder.
        dir: String,
        /// Why.
        source: SourceError,
    },
}

/// Reads the folder `path` names as a ruleset: Agora's source, or one rule
/// per file (named after the folder). `None` when `path` is not a folder.
/// `limit` is the largest file Agora's reader takes.
pub fn read_folder_source(
    path: &Path,
    limit: u64,
) -> Result<Option<FolderRead>, FolderSourceError> {
    match SourceKind::of(path) {
        SourceKind::File => Ok(None),
        SourceKind::AgoraSource => {
            let dir = path.display().to_string();
            let files =
                SourceFiles::load(path, limit).map_err(|source| FolderSourceError::AgoraFiles {
                    dir: dir.clone(),
                    source,
                })?;
            let read =
                read_source(&files).map_err(|source| FolderSourceError::Agora { dir, source })?;
            Ok(Some(FolderRead {
                parsed: parsed(read.ruleset.clone(), Format::AgoraYaml),
                files: Vec::new(),
                agora: Some(read),
            }))
        }
        SourceKind::RuleFolder => {
            let files = read_folder(path)?;
            let ruleset = folder_ruleset(&folder_name(path), &files);
            // A folder of text files reads as text pages; any Markdown
            // file makes it Markdown.
            let text = files
                .iter()
                .all(|file| file.path.extension().is_some_and(|e| e == "txt"));
            let format = if text {
                Format::TxtRule
            } else {
                Format::MdRule
            };
            Ok(Some(FolderRead {
                parsed: parsed(ruleset, format),
                files,
                agora: None,
            }))
        }
    }
}

fn parsed(ruleset: Ruleset, format: Format) -> Parsed {
    Parsed {
        ruleset,
        format,
        text: String::new(),
        encoding: Vec::new(),
        confidence: None,
    }
}

/// The folder's own name (of its absolute path, so `.` is named too).
fn folder_name(path: &Path) -> String {
    path.canonicalize()
        .ok()
        .and_then(|path| {
            path.file_name()
                .map(|name| name.to_string_lossy().into_owned())
        })
        .unwrap_or_default()
}
