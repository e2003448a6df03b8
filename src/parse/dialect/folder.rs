//! One rule per file: a folder of rule files read as one ruleset, and
//! written back to the same files. The identifier comes from a front matter
//! field (`RULE: 101`) or the file name (`rule101.md`, `101_Title.md`); the
//! mutability from a field (`Type: Immutable`) or the folder
//! (`immutable_rules/`). An unchanged rule's file is written back byte for
//! byte; a changed one keeps its front matter with the fields updated.

use super::ident;
use crate::model::{Mutability, Rule, RuleLayout, Ruleset};

pub use super::folder_write::{write_folder, FolderWrite};
use std::path::{Path, PathBuf};

/// A rule file of a folder layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FolderRule {
    /// The file, relative to the folder.
    pub path: PathBuf,
    /// The front matter as written (empty when there is none), up to the
    /// body, with a section label that opens the body (`# Rule`).
    pub front_matter: String,
    /// What follows the rule's text and is no part of it: a copyright or
    /// licence section at the end of the file (empty when there is none).
    pub end_matter: String,
    /// The rule read from it; its layout keeps the file's bytes.
    pub rule: Rule,
}

/// A folder that cannot be read as a ruleset.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    /// A file or folder cannot be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// Why it cannot be read.
        source: std::io::Error,
    },
    /// A file with neither a `RULE:` field nor an identifier in its name.
    #[error("{path}: no rule identifier in a `RULE:` field or in the file name")]
    NoId {
        /// The rule file.
        path: PathBuf,
    },
    /// The folder holds no rule file.
    #[error(
        "cannot read {0}: a folder with no rule files in it (`.md` or `.txt`, one rule per file)"
    )]
    Empty(PathBuf),
}

/// Reads every `.md` and `.txt` file under `dir` (sorted by path) as one rule.
pub fn read_folder(dir: &Path) -> Result<Vec<FolderRule>, FolderError> {
    let mut files = Vec::new();
    collect(dir, dir, &mut files)?;
    files.sort();
    if files.is_empty() {
        return Err(FolderError::Empty(dir.to_path_buf()));
    }
    // The folder's own name counts for mutability: `immutable_rules/`
    // given itself holds immutable rules, as when its parent is given.
    let own_name = dir
        .canonicalize()
        .ok()
        .and_then(|dir| dir.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let mut next_key = Rule::FIRST_KEY;
    files
        .into_iter()
        .map(|path| {
            let full = dir.join(&path);
            let text = std::fs::read_to_string(&full).map_err(|source| FolderError::Io {
                path: full.clone(),
                source,
            })?;
            read_file(&path, &own_name, &text, &mut next_key)
                .ok_or(FolderError::NoId { path: full })
        })
        .collect()
}

/// The rules of a folder as a ruleset (in path order).
pub fn folder_ruleset(title: &str, rules: &[FolderRule]) -> Ruleset {
    Ruleset::new(title, rules.iter().map(|r| r.rule.clone()).collect())
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), FolderError> {
    let io = |source| FolderError::Io {
        path: dir.to_path_buf(),
        source,
    };
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let path = entry.map_err(io)?.path();
        if path.is_dir() {
            collect(root, &path, out)?;
        } else if is_rule_file_name(&path) {
            out.push(path.strip_prefix(root).unwrap_or(&path).to_path_buf());
        }
    }
    Ok(())
}

/// The identifier a rule file of a folder has, by a front matter field or
/// its file name, as [`read_folder`] reads it (`path` relative to the
/// folder); `None` when it has none, so the folder is not read as one.
pub(crate) fn rule_id(path: &Path, text: &str) -> Option<String> {
    let mut next_key = Rule::FIRST_KEY;
    read_file(path, "", text, &mut next_key)?.rule.id
}

/// Whether [`read_folder`] reads the file `path` names as a rule: a `.md`
/// or `.txt` file other than `README.md`.
pub(crate) fn is_rule_file_name(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "md" || e == "txt")
        && path.file_name().is_some_and(|n| n != "README.md")
}

/// One rule file: front matter fields, or the file name and folder
/// (`path` relative to the folder read, whose own name is `within`).
fn read_file(path: &Path, within: &str, text: &str, next_key: &mut u32) -> Option<FolderRule> {
    let (front, body) = split_front_matter(text);
    let label = body_label(body);
    let (front, body) = text.split_at(front.len() + label);
    let end = end_matter(body);
    let (body, end_matter) = body.split_at(end);
    let field = |names: &[&str]| {
        front.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            names
                .iter()
                .any(|n| key.trim().eq_ignore_ascii_case(n))
                .then(|| value.trim().to_string())
        })
    };
    let stem = path.file_stem()?.to_str()?;
    let (id, title) = match field(&["rule", "id", "number"]) {
        Some(id) => (id, field(&["title"])),
        None => from_file_name(stem)?,
    };
    ident::shape_of(&id, &crate::model::IdShape::ALL)?;
    let parent = path.parent().and_then(|p| p.to_str()).unwrap_or("");
    let folder_mutability = Some(format!("{within}/{parent}")).and_then(|folder| {
        let folder = folder.to_lowercase();
        if folder.contains("immutable") {
            Some(Mutability::Immutable)
        } else if folder.contains("mutable") {
            Some(Mutability::Mutable)
        } else {
            None
        }
    });
    let mutability = field(&["type", "mutability"])
        .filter(|v| v.eq_ignore_ascii_case("immutable") || v.eq_ignore_ascii_case("mutable"))
        .map(|v| Mutability::from_marker(&v))
        .or(folder_mutability)
        .unwrap_or_default();
    let number = ident::number(&id).unwrap_or_else(|| {
        *next_key += 1;
        *next_key - 1
    });
    let mut rule = Rule {
        id: Some(id),
        title,
        mutability,
        ..Rule::new(
            number,
            crate::parse::text::lf_endings(body).trim().to_string(),
        )
    };
    rule.layout = Some(RuleLayout {
        source: text.to_string(),
        offset: 0,
        fingerprint: rule.fingerprint(),
        quirks: Vec::new(),
        trailer: String::new(),
        note: None,
        heading_level: None,
        tree: None,
    });
    Some(FolderRule {
        path: path.to_path_buf(),
        front_matter: front.to_string(),
        end_matter: end_matter.to_string(),
        rule,
    })
}

/// The length of a heading that only labels the body (`# Rule`, `# Rule
/// 101`) with the blank lines after it; 0 when the body opens otherwise.
fn body_label(body: &str) -> usize {
    let blank: usize = body
        .split_inclusive('\n')
        .take_while(|l| l.trim().is_empty())
        .map(str::len)
        .sum();
    let Some(line) = body[blank..].split_inclusive('\n').next() else {
        return 0;
    };
    let heading = line.trim_start_matches('#');
    let is_label = heading.len() < line.len()
        && heading.starts_with([' ', '\t'])
        && heading
            .split_whitespace()
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("rule"))
        && heading.split_whitespace().count() <= 2;
    if !is_label {
        return 0;
    }
    let after = blank + line.len();
    let more: usize = body[after..]
        .split_inclusive('\n')
        .take_while(|l| l.trim().is_empty())
        .map(str::len)
        .sum();
    after + more
}

/// Where the end matter starts: a `Copyright` or `License` heading, from
/// which on nothing is rule text; the body's length when there is none.
fn end_matter(body: &str) -> usize {
    let mut offset = 0;
    for line in body.split_inclusive('\n') {
        let heading = line.trim_start_matches('#');
        let word = heading.trim().to_lowercase();
        if heading.len() < line.len()
            && matches!(word.as_str(), "copyright" | "license" | "licence")
        {
            return offset;
        }
        offset += line.len();
    }
    body.len()
}

/// `101_Title` → (`101`, `Title`); `rule101` → (`101`, none).
pub(super) fn from_file_name(stem: &str) -> Option<(String, Option<String>)> {
    let start = stem.find(|c: char| c.is_ascii_digit())?;
    let start = if stem[..start].ends_with('-') && start == 1 {
        0
    } else {
        start
    };
    let end = stem[start + 1..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(stem.len(), |i| start + 1 + i);
    let title = stem[end..]
        .trim_start_matches(['_', '-', ' ', '.'])
        .replace('_', " ");
    Some((
        stem[start..end].to_string(),
        Some(title).filter(|t| !t.is_empty()),
    ))
}

/// The front matter (`---` fenced, or leading `Key: value` lines) with the
/// blank line after it, and the body.
fn split_front_matter(text: &str) -> (&str, &str) {
    if let Some(rest) = text.strip_prefix("---\n") {
        if let Some(end) = rest.find("\n---\n") {
            let split = 4 + end + 5;
            return (&text[..split], &text[split..]);
        }
    }
    let mut split = 0;
    for line in text.split_inclusive('\n') {
        let is_field = line.split_once(':').is_some_and(|(key, _)| {
            !key.is_empty() && key.chars().all(|c| c.is_ascii_alphabetic() || c == '_')
        });
        if !is_field {
            break;
        }
        split += line.len();
    }
    if split == 0 {
        return ("", text);
    }
    let blank = text[split..]
        .split_inclusive('\n')
        .take_while(|l| l.trim().is_empty())
        .map(str::len)
        .sum::<usize>();
    (&text[..split + blank], &text[split + blank..])
}
