//! The rulesets of a folder named to `nomic check`: every Markdown and text
//! file in it and in its subfolders (a game's whole forms and its per-rule
//! `rules/md` and `rules/txt` pages), and every Agora source folder (one
//! that holds `rules_data/config/index`), which is checked as one source.
//! Hidden files and folders (`.git`) are passed over.

use crate::parse::agora::SourceFiles;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// What a folder holds for `nomic check`, each list sorted.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Folder {
    /// The ruleset files (`.md`, `.txt`).
    pub files: Vec<PathBuf>,
    /// The Agora source folders.
    pub agora: Vec<PathBuf>,
}

/// The rulesets of `dir` and its subfolders.
///
/// # Errors
/// A folder that cannot be listed.
pub fn folder(dir: &Path) -> io::Result<Folder> {
    let mut found = Folder::default();
    walk(dir, &mut found)?;
    // `.` names its files as a person would: `rules-l.md`, not `./rules-l.md`.
    if dir == Path::new(".") {
        for path in found.files.iter_mut().chain(found.agora.iter_mut()) {
            if let Ok(relative) = path.strip_prefix(".") {
                *path = relative.to_path_buf();
            }
        }
    }
    found.files.sort();
    found.agora.sort();
    Ok(found)
}

fn walk(dir: &Path, found: &mut Folder) -> io::Result<()> {
    if SourceFiles::is_source(dir) {
        found.agora.push(dir.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<io::Result<_>>()?;
    entries.sort();
    for path in entries {
        let hidden = path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        // Links are followed only to files: a link to a folder could loop.
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            walk(&path, found)?;
        } else if path.is_file() && is_ruleset_name(&path) {
            found.files.push(path);
        }
    }
    Ok(())
}

fn is_ruleset_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("md") || ext.eq_ignore_ascii_case("txt"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_gives_its_rulesets_and_pages_and_no_hidden_or_other_files() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for file in [
            "rules-l.md",
            "rules-l.txt",
            "rules/md/101.md",
            "rules/txt/101.txt",
            "images/1.png",
            ".git/HEAD.md",
            "nomic.toml",
            "agora/rules_data/config/index",
            "agora/rules_data/rules/1",
        ] {
            let path = root.join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "x").unwrap();
        }
        let found = folder(root).unwrap();
        let names: Vec<String> = found
            .files
            .iter()
            .map(|p| p.strip_prefix(root).unwrap().display().to_string())
            .collect();
        assert_eq!(
            names,
            [
                "rules/md/101.md",
                "rules/txt/101.txt",
                "rules-l.md",
                "rules-l.txt"
            ]
        );
        assert_eq!(found.agora, [root.join("agora")]);
    }
}
