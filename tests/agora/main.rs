//! Agora: the bundled source builds the published rulesets byte for byte,
//! and the published rulesets read back into the same model.

mod build;
mod readback;

use nomic::model::Ruleset;
use nomic::parse::agora::{read_source, AgoraSource, SourceFiles};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The repository's root folder.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The bundled source folder.
pub fn source_dir() -> PathBuf {
    root().join("rulesets/agora/source")
}

/// A file of the bundled published set.
pub fn published(path: &str) -> String {
    let path = root().join("tests/fixtures/agora/published").join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The bundled source, read once.
pub fn source() -> &'static AgoraSource {
    static SOURCE: OnceLock<AgoraSource> = OnceLock::new();
    SOURCE.get_or_init(|| {
        let files = SourceFiles::load(Path::new(&source_dir()), nomic::input::DEFAULT_LIMIT)
            .expect("the source loads");
        read_source(&files).expect("the source reads")
    })
}

/// The bundled source's ruleset, read once.
pub fn ruleset() -> &'static Ruleset {
    &source().ruleset
}
