//! Agora's source folder for `nomic check`, whose findings point into its
//! files (every other command reads it as a folder, `io::read_folder`).

use super::io::Failure;
use nomic::parse::agora::{read_source, AgoraSource, SourceFiles};
use std::path::Path;

/// An Agora source folder read, with the files it was read from (which
/// `nomic check`'s findings point into).
pub(super) fn read_with_files(path: &Path) -> Result<(AgoraSource, SourceFiles), Failure> {
    let files = SourceFiles::load(path, super::io::max_input_size())
        .map_err(|err| Failure::message(format!("{}: {err}", path.display())))?;
    let source =
        read_source(&files).map_err(|err| Failure::message(format!("{}/{err}", path.display())))?;
    Ok((source, files))
}
