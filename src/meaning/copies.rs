//! Published copies beside their source: where a copy that a build keeps
//! says other than the source (a hand slip, or what only that form
//! carries), and where a rule written anew loses what its copy held.

use crate::model::{Format, Rule, Ruleset};
use crate::render::{Existing, Published};
use std::path::{Path, PathBuf};

/// A rule whose copy in a file of the folder, carried over, does not say
/// what the source says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The file, relative to the folder.
    pub path: PathBuf,
    /// The line of the file where the rule's copy starts.
    pub line: usize,
    /// The rule's number.
    pub rule: u32,
    /// What differs, in words.
    pub what: String,
}

/// The rules `published` carries over whose copy disagrees with `ruleset`
/// (a hand slip in the copy, or what only that form carries, such as a
/// table drawn where the source has an image).
pub fn disagreements(
    ruleset: &Ruleset,
    existing: &Existing,
    published: &Published,
) -> Vec<Disagreement> {
    let mut found = Vec::new();
    let mut paths: Vec<&PathBuf> = published.carried.keys().collect();
    paths.sort();
    for path in paths {
        let carried = &published.carried[path];
        let Some(format) = super::published_format(path) else {
            continue;
        };
        for rule in &ruleset.rules {
            if !carried.contains(&rule.number) {
                continue;
            }
            let Some((copy, line)) = copy_of(existing, path, rule) else {
                continue;
            };
            let meant = if existing.pages.contains_key(path) {
                crate::render::page_rule(rule).into_owned()
            } else {
                rule.clone()
            };
            if let Some(err) = super::copy_disagrees(&meant, copy, format) {
                let what = match err {
                    super::MeaningError::Changed {
                        aspect,
                        expected,
                        found,
                        ..
                    } => format!("its {aspect} reads \u{201c}{found}\u{201d} where the source has \u{201c}{expected}\u{201d}"),
                    other => other.to_string(),
                };
                found.push(Disagreement {
                    path: path.clone(),
                    line,
                    rule: rule.number,
                    what,
                });
            }
        }
    }
    found
}

/// Forgets the copies of the `disagreeing` rules, so that they are written
/// anew.
pub fn forget(existing: &mut Existing, disagreeing: &[Disagreement]) {
    for found in disagreeing {
        if existing.pages.remove(&found.path).is_some() {
            continue;
        }
        if let Some(copy) = existing.whole.get_mut(&found.path) {
            if let Some(rule) = copy.rule_mut(found.rule) {
                rule.layout = None;
            }
        }
    }
}

/// The copy of `rule` in the file of the folder at `path` (a page holds
/// only its own rule), with the line where it starts.
fn copy_of<'e>(existing: &'e Existing, path: &Path, rule: &Rule) -> Option<(&'e Rule, usize)> {
    match existing.pages.get(path) {
        Some((_, copy)) => (copy.number == rule.number).then_some((copy, 1)),
        None => {
            let whole = existing.whole.get(path)?;
            Some((whole.rule(rule.number)?, line_of(whole, rule.number)))
        }
    }
}

/// The line where rule `number`'s copy starts in the file `copy` was read
/// from: its header's lines and those of the rules before it, plus one.
fn line_of(copy: &Ruleset, number: u32) -> usize {
    let Some(layout) = &copy.layout else {
        return 1;
    };
    let mut rules: Vec<&Rule> = copy
        .rules
        .iter()
        .filter(|rule| rule.layout.is_some())
        .collect();
    rules.sort_by_key(|rule| rule.layout.as_ref().map(|kept| kept.offset));
    let mut line = 1 + layout.header.matches('\n').count();
    for rule in rules {
        if rule.number == number {
            return line;
        }
        line += rule
            .layout
            .as_ref()
            .map_or(0, |kept| kept.source.matches('\n').count());
    }
    line
}

/// The rules written anew over a copy that held what the source did not
/// (a drawing where the source has an image, a hand-set formula): their
/// copies, as the folder's Markdown copy of the rule's last version shows,
/// said more than the form writes, and that is not carried over.
pub fn not_carried_over(
    ruleset: &Ruleset,
    existing: &Existing,
    published: &Published,
) -> Vec<Disagreement> {
    let mut lost = Vec::new();
    let mut paths: Vec<&PathBuf> = published.carried.keys().collect();
    paths.sort();
    for path in paths {
        let Some(format) = super::published_format(path) else {
            continue;
        };
        if !matches!(format, Format::TxtLong | Format::TxtShort | Format::TxtRule) {
            continue;
        }
        for rule in &ruleset.rules {
            if published.carried[path].contains(&rule.number) {
                continue;
            }
            let Some((_, old)) = existing.pages.get(&crate::render::md_page_path(rule)) else {
                continue;
            };
            let Some((copy, line)) = copy_of(existing, path, rule) else {
                continue;
            };
            // Only the text is asked about: the copy with the old text.
            let with_text = Rule {
                text: old.text.clone(),
                layout: None,
                ..copy.clone()
            };
            let Some(super::MeaningError::Changed {
                aspect: "text",
                expected,
                found,
                ..
            }) = super::copy_disagrees(&with_text, copy, format)
            else {
                continue;
            };
            lost.push(Disagreement {
                path: path.clone(),
                line,
                rule: rule.number,
                what: format!(
                    "it read \u{201c}{found}\u{201d} where the rule's Markdown had \u{201c}{expected}\u{201d}"
                ),
            });
        }
    }
    lost
}
