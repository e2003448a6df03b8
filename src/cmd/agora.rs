//! Agora's source folder on the command line: every command that takes a
//! ruleset file also takes the folder holding `rules_data/` (agora-yaml).

use super::io::Failure;
use nomic::parse::agora::{read_source, AgoraSource, SourceFiles};
use std::path::Path;

/// Whether `path` is an Agora source folder.
pub(super) fn is_source(path: &Path) -> bool {
    path.is_dir() && SourceFiles::is_source(path)
}

/// Reads an Agora source folder.
pub(super) fn read(path: &Path) -> Result<AgoraSource, Failure> {
    read_with_files(path).map(|(source, _)| source)
}

/// An Agora source folder as a parsed ruleset (format `agora-yaml`, no text).
pub(super) fn parsed(path: &Path) -> Result<nomic::parse::Parsed, Failure> {
    Ok(nomic::parse::Parsed {
        ruleset: read(path)?.ruleset,
        format: nomic::model::Format::AgoraYaml,
        text: String::new(),
        encoding: Vec::new(),
        confidence: None,
    })
}

/// An Agora source folder read, with the files it was read from (which
/// `nomic check`'s findings point into).
pub(super) fn read_with_files(path: &Path) -> Result<(AgoraSource, SourceFiles), Failure> {
    let files = SourceFiles::load(path, super::io::max_input_size())
        .map_err(|err| Failure::message(format!("{}: {err}", path.display())))?;
    let source =
        read_source(&files).map_err(|err| Failure::message(format!("{}/{err}", path.display())))?;
    Ok((source, files))
}
