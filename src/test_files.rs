//! The repository's own ruleset files, for tests that hold a reader or a
//! writer to something on every one of them.

use std::path::{Path, PathBuf};

/// Every file under `rulesets/` and `tests/fixtures/`, at any depth, in
/// path order.
pub(crate) fn repository_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["rulesets", "tests/fixtures"] {
        files_under(&root.join(dir), &mut files);
    }
    files.sort();
    files
}

fn files_under(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(&path, files);
        } else {
            files.push(path);
        }
    }
}
