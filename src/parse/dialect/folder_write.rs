//! Writing a ruleset back into the folder of rule files it was read from:
//! an unchanged rule's file keeps its bytes, a changed one keeps its front
//! matter with the fields updated, a renumbered rule's file takes the new
//! number in its name where the name carries it, an enacted rule gets a
//! file named as its neighbours are, and a repealed rule's file goes.

use super::folder::{from_file_name, FolderRule};
use super::ident;
use crate::model::{Mutability, Rule, Ruleset};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What writing a ruleset into its folder does; paths are relative to the
/// folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FolderWrite {
    /// Every rule's file and its text, in the order the files were read,
    /// then the files of rules the folder did not have.
    pub files: Vec<(PathBuf, String)>,
    /// Files read that no rule is written to any more (a repealed rule, or
    /// a renumbered one whose file took another name).
    pub removed: Vec<PathBuf>,
}

/// The folder's files for `ruleset`, the files `read` from it matched to
/// its rules by number; `renumbered` maps a rule's number when read to its
/// number now (`nomic renumber`), the others keep theirs.
pub fn write_folder(
    read: &[FolderRule],
    ruleset: &Ruleset,
    renumbered: &BTreeMap<u32, u32>,
) -> FolderWrite {
    let mut files = Vec::new();
    let mut written = BTreeSet::new();
    for file in read {
        let was = file.rule.number;
        let number = renumbered.get(&was).copied().unwrap_or(was);
        let Some(rule) = ruleset.rule(number) else {
            continue;
        };
        written.insert(number);
        let path = renamed(&file.path, file.rule.id.as_deref(), rule);
        files.push((path, text_of(file, rule)));
    }
    for rule in &ruleset.rules {
        if !written.contains(&rule.number) {
            if let Some(file) = new_file(read, rule) {
                files.push(file);
            }
        }
    }
    let kept: BTreeSet<&PathBuf> = files.iter().map(|(path, _)| path).collect();
    let removed = read
        .iter()
        .map(|file| &file.path)
        .filter(|path| !kept.contains(path))
        .cloned()
        .collect();
    FolderWrite { files, removed }
}

/// The text of a rule's file: kept bytes while the rule means what it
/// meant when read, else its front matter updated and the new text.
fn text_of(file: &FolderRule, rule: &Rule) -> String {
    if let Some(source) = rule.unchanged_source() {
        return source.to_string();
    }
    let front = update_fields(&file.front_matter, file.rule.id.as_deref(), rule);
    let gap = if file.end_matter.is_empty() { "" } else { "\n" };
    format!("{front}{}\n{gap}{}", rule.text, file.end_matter)
}

/// The identifier a rule is written with.
fn id_of(rule: &Rule) -> String {
    ident::rewrite(rule.id.as_deref(), rule.number, Rule::FIRST_KEY)
}

/// `path` with the rule's identifier in its name where the name carries
/// the identifier it was read with (`rule101.md` → `rule150.md`).
fn renamed(path: &Path, read_id: Option<&str>, rule: &Rule) -> PathBuf {
    let (Some(read_id), Some(name)) = (read_id, path.file_name().and_then(|n| n.to_str())) else {
        return path.to_path_buf();
    };
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or(name);
    let carries = from_file_name(stem).is_some_and(|(id, _)| id == read_id);
    let id = id_of(rule);
    if !carries || id == read_id {
        return path.to_path_buf();
    }
    path.with_file_name(name.replacen(read_id, &id, 1))
}

/// A file for a rule the folder does not have, named and placed as the
/// folder's files of the same mutability are (the first file the folder
/// has otherwise): `rule340.md` beside `rule101.md`, `340_New_title.md`
/// beside `101_Title.md`, `340.md` where names carry no number; with the
/// model's front matter fields (`RULE: 340`) where it has them.
fn new_file(read: &[FolderRule], rule: &Rule) -> Option<(PathBuf, String)> {
    let model = read
        .iter()
        .find(|file| file.rule.mutability == rule.mutability)
        .or_else(|| read.first())?;
    let id = id_of(rule);
    let ext = model
        .path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("md");
    let stem = model
        .path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("");
    let named =
        from_file_name(stem).filter(|(read_id, _)| model.rule.id.as_deref() == Some(read_id));
    let name = match named {
        Some((read_id, title)) => {
            let prefix = &stem[..stem.find(&read_id).unwrap_or(0)];
            let titled = match (title, &rule.title) {
                (Some(_), Some(new)) => format!("_{}", new.trim().replace(' ', "_")),
                _ => String::new(),
            };
            format!("{prefix}{id}{titled}.{ext}")
        }
        None => format!("{id}.{ext}"),
    };
    // Of the model's front matter, only its frame, its label heading and
    // the fields nomic writes are taken: its other fields say things of
    // the model's rule.
    let frame: String = model
        .front_matter
        .split_inclusive('\n')
        .filter(|line| {
            let line = line.trim();
            line.is_empty()
                || line == "---"
                || line.starts_with('#')
                || line
                    .split_once(':')
                    .is_some_and(|(key, _)| written_field(key).is_some())
        })
        .collect();
    let front = update_fields(&frame, model.rule.id.as_deref(), rule);
    let path = model.path.with_file_name(name);
    Some((path, format!("{front}{}\n", rule.text)))
}

/// The fields a rule's file carries that nomic keeps up to date.
#[derive(Clone, Copy)]
enum Field {
    Id,
    Mutability,
    Title,
}

fn written_field(key: &str) -> Option<Field> {
    match key.trim().to_lowercase().as_str() {
        "rule" | "id" | "number" => Some(Field::Id),
        "type" | "mutability" => Some(Field::Mutability),
        "title" => Some(Field::Title),
        _ => None,
    }
}

/// The front matter with the rule's identifier, mutability and title in
/// its fields, and in a label heading that carries the identifier it was
/// read with (`# Rule 101`).
fn update_fields(front: &str, read_id: Option<&str>, rule: &Rule) -> String {
    let id = id_of(rule);
    front
        .split_inclusive('\n')
        .map(|line| {
            let newline = if line.ends_with('\n') { "\n" } else { "" };
            if let (Some(read_id), true) = (read_id, line.starts_with('#')) {
                let label = line.trim_end();
                if label.ends_with(&format!(" {read_id}")) {
                    let kept = &label[..label.len() - read_id.len()];
                    return format!("{kept}{id}{newline}");
                }
            }
            let Some((key, _)) = line.split_once(':') else {
                return line.to_string();
            };
            match written_field(key) {
                Some(Field::Id) => format!("{key}: {id}{newline}"),
                Some(Field::Mutability) => {
                    format!("{key}: {}{newline}", capitalised(&rule.mutability))
                }
                Some(Field::Title) => match &rule.title {
                    Some(title) => format!("{key}: {title}{newline}"),
                    None => line.to_string(),
                },
                None => line.to_string(),
            }
        })
        .collect()
}

fn capitalised(mutability: &Mutability) -> String {
    let mut chars = mutability.as_str().chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
