//! The whole published set of one ruleset, rendered in memory.

use super::{RenderError, Renderer};
use crate::model::{Format, Ruleset};
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
                path: PathBuf::from(folder).join(format!("{:03}.{extension}", rule.number)),
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

/// Agora's published set: `flr.txt`, `slr.txt`, then `full_rules/RNNN.txt`
/// and `short_rules/RNNN.txt` for each rule the index files.
pub fn agora_published_files(
    ruleset: &Ruleset,
    renderer: &Renderer,
) -> Result<Vec<PublishedFile>, RenderError> {
    let mut files = vec![
        PublishedFile {
            path: PathBuf::from("flr.txt"),
            contents: renderer.render(ruleset, Format::AgoraFlr)?,
        },
        PublishedFile {
            path: PathBuf::from("slr.txt"),
            contents: renderer.render(ruleset, Format::AgoraSlr)?,
        },
    ];
    for (folder, format) in [
        ("full_rules", Format::AgoraRule),
        ("short_rules", Format::AgoraShortRule),
    ] {
        for rule in &ruleset.rules {
            files.push(PublishedFile {
                path: PathBuf::from(folder).join(format!("R{}.txt", rule.number)),
                contents: renderer.render_rule(rule, format)?,
            });
        }
    }
    Ok(files)
}
