//! Agora's source folder on the command line: every command that takes a
//! ruleset file also takes the folder holding `rules_data/` (agora-yaml).

use super::io::Failure;
use crate::parse::agora::{read_source, AgoraSource, SourceFiles};
use std::path::Path;

/// Whether `path` is an Agora source folder.
pub fn is_source(path: &Path) -> bool {
    path.is_dir() && SourceFiles::is_source(path)
}

/// Reads an Agora source folder.
pub fn read(path: &Path) -> Result<AgoraSource, Failure> {
    let files = SourceFiles::load(path)
        .map_err(|err| Failure::message(format!("{}: {err}", path.display())))?;
    read_source(&files).map_err(|err| Failure::message(format!("{}/{err}", path.display())))
}
