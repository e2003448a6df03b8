//! The rulesets of a folder named to `nomic check`: every Markdown and text
//! file in it and in its subfolders (a game's whole forms and its per-rule
//! `rules/md` and `rules/txt` pages), every folder of rule files (one rule
//! per file, read as one ruleset) and every Agora source folder (one that
//! holds `rules_data/config/index`), which is checked as one source.
//! Hidden files and folders (`.git`) are passed over.
//!
//! A folder is a rule folder when it holds a rule file and nothing else
//! that is a ruleset: each of its `.md` and `.txt` files (but `README.md`)
//! has a rule identifier by a front matter field or its file name, as
//! `parse::dialect::read_folder` reads them, a name that names the rule
//! (`101_Title.md`, `rule101.md`, not `rules.2008-08-27.md`), is not a
//! proposal (`# Proposal 342`) and does not read on its own in a built-in
//! format (a published per-rule page, `rules/md/101.md`, reads as
//! md-rule; a whole ruleset named `rules-2020.md` as its form);
//! each of its subfolders is a rule folder or holds no ruleset file. The
//! largest such folder is the ruleset: `immutable_rules/` and
//! `mutable_rules/` under a folder with nothing else are one ruleset.

use crate::parse::agora::SourceFiles;
use crate::parse::dialect::{is_rule_file_name, rule_id};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// What a folder holds for `nomic check`, each list sorted.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Folder {
    /// The ruleset files (`.md`, `.txt`).
    pub files: Vec<PathBuf>,
    /// The folders of rule files, one rule per file: each is one ruleset.
    pub rule_folders: Vec<PathBuf>,
    /// The Agora source folders.
    pub agora: Vec<PathBuf>,
}

/// The rulesets of `dir` and its subfolders (`dir` itself, when it is a
/// folder of rule files).
///
/// # Errors
/// A folder that cannot be listed.
pub fn folder(dir: &Path) -> io::Result<Folder> {
    let mut found = match walk(dir)? {
        Walked::Rules => Folder {
            rule_folders: vec![dir.to_path_buf()],
            ..Folder::default()
        },
        Walked::Nothing => Folder::default(),
        Walked::Other(found) => found,
    };
    // `.` names its files as a person would: `rules-l.md`, not `./rules-l.md`.
    if dir == Path::new(".") {
        let lists = [&mut found.files, &mut found.rule_folders, &mut found.agora];
        for path in lists.into_iter().flatten() {
            if let Ok(relative) = path.strip_prefix(".") {
                if !relative.as_os_str().is_empty() {
                    *path = relative.to_path_buf();
                }
            }
        }
    }
    found.files.sort();
    found.rule_folders.sort();
    found.agora.sort();
    Ok(found)
}

/// What a folder turned out to hold.
enum Walked {
    /// No ruleset file at all.
    Nothing,
    /// Rule files only: the folder is (part of) one rule folder.
    Rules,
    /// Rulesets of other kinds, found.
    Other(Folder),
}

/// Whether a file found in a folder, read as `parsed` (`described` when a
/// dialect file describes it), is a ruleset to check. A page that only
/// inference reads and whose identifiers repeat (the numbered lists of a
/// documentation page) is none: it is passed over like a file with no
/// rules.
pub fn holds_a_found_ruleset(parsed: &crate::parse::Parsed, described: bool) -> bool {
    if described || parsed.format != crate::model::Format::Dialect {
        return true;
    }
    let mut seen = std::collections::HashSet::new();
    parsed
        .ruleset
        .rules
        .iter()
        .all(|rule| seen.insert(rule.label()))
}

fn walk(dir: &Path) -> io::Result<Walked> {
    if SourceFiles::is_source(dir) {
        return Ok(Walked::Other(Folder {
            agora: vec![dir.to_path_buf()],
            ..Folder::default()
        }));
    }
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<io::Result<_>>()?;
    entries.sort();
    let mut files = Vec::new();
    let mut rule_folders = Vec::new();
    let mut other = None::<Folder>;
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
            match walk(&path)? {
                Walked::Nothing => {}
                Walked::Rules => rule_folders.push(path),
                Walked::Other(found) => {
                    let all = other.get_or_insert_with(Folder::default);
                    all.files.extend(found.files);
                    all.rule_folders.extend(found.rule_folders);
                    all.agora.extend(found.agora);
                }
            }
        } else if path.is_file() && is_ruleset_name(&path) {
            files.push(path);
        }
    }
    // A folder that holds other rulesets below is no rule folder: its own
    // files are not read to find out.
    let rules_only = other.is_none() && files.iter().all(|path| is_rule_file(dir, path));
    let holds_rules = !rule_folders.is_empty() || files.iter().any(|p| is_rule_file_name(p));
    if rules_only && holds_rules {
        return Ok(Walked::Rules);
    }
    if other.is_none() && files.is_empty() && rule_folders.is_empty() {
        return Ok(Walked::Nothing);
    }
    let mut found = other.unwrap_or_default();
    found.files.extend(files);
    found.rule_folders.extend(rule_folders);
    Ok(Walked::Other(found))
}

fn is_ruleset_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("md") || ext.eq_ignore_ascii_case("txt"))
}

/// Whether the file at `path` in `dir` is a rule of a rule folder (a
/// `README.md` is passed over as the folder's reader passes it over).
fn is_rule_file(dir: &Path, path: &Path) -> bool {
    if !is_rule_file_name(path) {
        return path.file_name().is_some_and(|name| name == "README.md");
    }
    let Ok(text) = fs::read_to_string(path) else {
        return false;
    };
    let relative = path.strip_prefix(dir).unwrap_or(path);
    let Some(id) = rule_id(relative, &text) else {
        return false;
    };
    names_a_rule(path, &id)
        && !crate::amend::looks_like_proposals(&text)
        && !crate::parse::reads_in_a_built_in_format(&text)
}

/// Whether a file's name, where it holds the rule's identifier, names the
/// rule: the identifier first (`101_Title.md`, `101.md`), or after `rule`
/// (`rule101.md`, `Rule-101.md`); not `rules.2008-08-27.md` (a dated
/// ruleset) nor `proposal-340.md`. A name without the identifier leaves it
/// to the front matter (`RULE: 101`).
fn names_a_rule(path: &Path, id: &str) -> bool {
    let stem = path
        .file_stem()
        .map(|stem| stem.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let Some(at) = stem.find(&id.to_lowercase()) else {
        return true;
    };
    let prefix = stem[..at].trim_end_matches(['-', '_', ' ', '.']);
    prefix.is_empty() || prefix == "rule"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(root: &Path, paths: &[PathBuf]) -> Vec<String> {
        paths
            .iter()
            .map(|p| p.strip_prefix(root).unwrap().display().to_string())
            .collect()
    }

    #[test]
    fn a_folder_gives_its_rulesets_pages_and_rule_folders_and_no_hidden_or_other_files() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let page = "## 101/0 (IMMUTABLE)\n\nText.\n";
        let whole = "# RULES\n\n## 101/0 (Immutable)\n\nText.\n";
        for (file, text) in [
            ("rules-l.md", whole),
            ("rules-l.txt", "x"),
            // Published pages read alone: they are checked one by one.
            ("rules/md/101.md", page),
            ("rules/txt/101.txt", "Rule 101/0 (IMMUTABLE)\n\nText.\n"),
            // A whole ruleset with a number in its name is no rule file,
            // nor a proposal, nor a dated ruleset no form reads.
            ("history/rules-2020.md", whole),
            (
                "proposals/342.md",
                "# Proposal 342 (Ann)\n\nRepeal Rule 213.\n",
            ),
            ("dated/rules.2008-08-27.md", "Rules of B Nomic.\n"),
            // One rule per file, in two folders with nothing else: one ruleset.
            ("game/README.md", "# The game\n"),
            ("game/immutable_rules/101_Abide.md", "All players abide.\n"),
            ("game/mutable_rules/201_Turns.md", "Players take turns.\n"),
            // Beside a file that is no rule, the rule folder is its own.
            ("repo/notes.md", "Notes.\n"),
            (
                "repo/rules/rule101.md",
                "---\nRULE: 101\n---\nAll players abide.\n",
            ),
            ("images/1.png", "x"),
            (".git/HEAD.md", "x"),
            ("nomic.toml", "x"),
            ("agora/rules_data/config/index", "x"),
            ("agora/rules_data/rules/1", "x"),
        ] {
            let path = root.join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        let found = folder(root).unwrap();
        assert_eq!(
            names(root, &found.files),
            [
                "dated/rules.2008-08-27.md",
                "history/rules-2020.md",
                "proposals/342.md",
                "repo/notes.md",
                "rules/md/101.md",
                "rules/txt/101.txt",
                "rules-l.md",
                "rules-l.txt"
            ]
        );
        assert_eq!(names(root, &found.rule_folders), ["game", "repo/rules"]);
        assert_eq!(found.agora, [root.join("agora")]);
        // A rule folder named itself is the one ruleset.
        let game = folder(&root.join("game")).unwrap();
        assert_eq!(game.rule_folders, [root.join("game")]);
        assert!(game.files.is_empty());
    }
}
