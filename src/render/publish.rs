//! The whole published set of one ruleset, rendered in memory.

use super::{RenderError, Renderer};
use crate::model::{Format, Rule, Ruleset};
use std::path::PathBuf;

/// One file of the published set, its path relative to the output folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishedFile {
    pub path: PathBuf,
    pub contents: String,
}

/// The four whole-ruleset forms and the folders of per-rule pages.
pub const WHOLE_FORMS: [(&str, Format); 4] = [
    ("rules-l.md", Format::MdLong),
    ("rules-l.txt", Format::TxtLong),
    ("rules-s.md", Format::MdShort),
    ("rules-s.txt", Format::TxtShort),
];

/// Folders holding one page per rule: `rules/md/NNN.md`, `rules/txt/NNN.txt`.
pub const RULE_FOLDERS: [(&str, &str, Format); 2] = [
    ("rules/md", "md", Format::MdRule),
    ("rules/txt", "txt", Format::TxtRule),
];

/// Renders every published file of `ruleset`: `rules-l.md`, `rules-l.txt`,
/// `rules-s.md`, `rules-s.txt`, then `rules/md/NNN.md` and `rules/txt/NNN.txt`
/// for each rule. Nothing is written; a template error fails the whole set.
pub fn published_files(
    ruleset: &Ruleset,
    renderer: &Renderer,
) -> Result<Vec<PublishedFile>, RenderError> {
    let mut files = Vec::with_capacity(4 + 2 * ruleset.rules.len());
    for (name, format) in WHOLE_FORMS {
        files.push(PublishedFile {
            path: PathBuf::from(name),
            contents: renderer.render(ruleset, format)?,
        });
    }
    for (folder, extension, format) in RULE_FOLDERS {
        let mut page_of = std::collections::HashMap::new();
        for rule in &ruleset.rules {
            let file = PublishedFile {
                path: PathBuf::from(folder).join(format!("{}.{extension}", page_stem(rule))),
                contents: renderer.render_rule(rule, format)?,
            };
            // A number used twice (a defect `check` reports) gets one page:
            // the rule that comes last in the ruleset.
            match page_of.get(&rule.number) {
                Some(&index) => files[index] = file,
                None => {
                    page_of.insert(rule.number, files.len());
                    files.push(file);
                }
            }
        }
    }
    Ok(files)
}

/// A per-rule page's file name: `NNN`, or the identifier as written for
/// rules whose identifier is not a number (`UC1`, `-216`).
fn page_stem(rule: &Rule) -> String {
    match &rule.id {
        Some(id) if rule.number >= Rule::FIRST_KEY => id.clone(),
        _ => format!("{:03}", rule.number),
    }
}
