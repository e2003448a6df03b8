//! Copying a folder of fixtures: the one copy that the test crates
//! (`tests/editor`) and the benches (`benches/history.rs`) include by
//! `#[path]`.

use std::path::Path;

/// Copies every file under `from` to the same place under `to`.
pub(crate) fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_folder(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}
