//! The "changes" pages: one per committed version of the source, saying what
//! changed since the version before, rule by rule and word by word (from
//! [`crate::diff`]), and an index of the versions.
//!
//! A changed rule keeps its structure: the new text, with the changed words
//! marked `<ins>`/`<del>` inside it, is rendered from Markdown like a rule
//! page (headings, lists, paragraphs). Marks never cross a line, so they
//! never cross a block, and a list item's or heading's marker stays in front
//! of its mark; whitespace alone (a re-wrap beside a changed word) is never
//! marked.

use super::html::RuleText;
use super::plan::{Frame, Site};
use crate::diff::{self, Change, DiffOptions, WordChange, WordOp};
use crate::model::{Rule, Ruleset};
use serde::Serialize;

/// One committed version of the source, as the caller read it (from git).
#[derive(Debug, Clone)]
pub struct Version {
    /// A short name for the version: an abbreviated commit id.
    pub label: String,
    /// The commit date, `YYYY-MM-DD`.
    pub date: String,
    /// The first line of the commit message.
    pub subject: String,
    /// The ruleset as it stood in that version.
    pub ruleset: Ruleset,
}

/// A version as the index of versions lists it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct VersionLine<'a> {
    /// 1 for the oldest version; the page is `changes/N.html`.
    pub number: usize,
    pub label: &'a str,
    pub date: &'a str,
    pub subject: &'a str,
    /// How many rules changed since the version before.
    pub rules_changed: usize,
    pub rules: usize,
}

#[derive(Debug, Serialize)]
pub(crate) struct ChangesIndex<'a> {
    #[serde(flatten)]
    pub frame: Frame<'a>,
    /// Newest first.
    pub versions: Vec<VersionLine<'a>>,
}

/// One change, and whether its rule has a page in the site.
#[derive(Debug, Serialize)]
pub(crate) struct ChangeView {
    #[serde(flatten)]
    pub change: Change,
    pub linked: bool,
    /// The text as HTML: an enacted or repealed rule's text, or an amended
    /// rule's new text with its changed words marked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
}

#[derive(Debug, Serialize)]
pub(crate) struct VersionPage<'a> {
    #[serde(flatten)]
    pub frame: Frame<'a>,
    #[serde(flatten)]
    pub version: VersionLine<'a>,
    /// Whether a version comes before this one.
    pub first: bool,
    /// For the first version: its rules, all of them new.
    pub initial: Vec<u32>,
    pub changes: Vec<ChangeView>,
    pub previous: Option<usize>,
    pub next: Option<usize>,
}

pub(crate) struct Pages<'a> {
    pub index: ChangesIndex<'a>,
    pub versions: Vec<VersionPage<'a>>,
}

/// The changes pages of `versions` (oldest first).
pub(crate) fn pages<'a>(versions: &'a [Version], site: &Site<'a>, text: &RuleText) -> Pages<'a> {
    let mut pages = Vec::with_capacity(versions.len());
    for (index, version) in versions.iter().enumerate() {
        let changes: Vec<Change> = match index.checked_sub(1) {
            Some(before) => {
                diff::diff(
                    &versions[before].ruleset,
                    &version.ruleset,
                    &DiffOptions::default(),
                )
                .changes
            }
            None => Vec::new(),
        };
        let mut rules_changed: Vec<u32> = changes.iter().filter_map(Change::rule).collect();
        rules_changed.dedup();
        let line = VersionLine {
            number: index + 1,
            label: &version.label,
            date: &version.date,
            subject: &version.subject,
            rules_changed: rules_changed.len(),
            rules: version.ruleset.rules.len(),
        };
        pages.push(VersionPage {
            frame: site.frame("../"),
            version: line,
            first: index == 0,
            initial: if index == 0 {
                version
                    .ruleset
                    .rules
                    .iter()
                    .map(|rule: &Rule| rule.number)
                    .collect()
            } else {
                Vec::new()
            },
            changes: changes
                .into_iter()
                .filter(|change| !matches!(change, Change::Layout { .. }))
                .map(|change| ChangeView {
                    linked: change
                        .rule()
                        .is_some_and(|rule| site.in_force.contains(&rule)),
                    html: match &change {
                        Change::Enacted { text: body, .. }
                        | Change::Repealed { text: body, .. } => {
                            Some(text.render(body, &site.in_force))
                        }
                        Change::Amended { words, .. } => {
                            Some(text.render(&marked(words), &site.in_force))
                        }
                        _ => None,
                    },
                    change,
                })
                .collect(),
            previous: index.checked_sub(1).map(|i| i + 1),
            next: (index + 1 < versions.len()).then_some(index + 2),
        });
    }
    let lines = pages
        .iter()
        .rev()
        .map(|page| page.version.clone())
        .collect();
    Pages {
        index: ChangesIndex {
            frame: site.frame("../"),
            versions: lines,
        },
        versions: pages,
    }
}

/// The new text as Markdown with the changed words marked: added words in
/// `<ins>`, removed words in `<del>` where they stood. Whitespace alone is
/// never marked (the new text's spacing stands), removed text is kept on
/// one line, and each mark closes at the end of its line, after any list,
/// heading or quote marker that starts it.
pub(crate) fn marked(words: &[WordChange]) -> String {
    let mut out = String::new();
    for run in words {
        let blank = run.text.trim().is_empty();
        match run.op {
            WordOp::Equal => out.push_str(&run.text),
            WordOp::Added if blank => out.push_str(&run.text),
            WordOp::Removed if blank => {}
            WordOp::Added => mark_lines(&run.text, "ins", &mut out),
            WordOp::Removed => {
                let inline: String = run.text.split_whitespace().collect::<Vec<&str>>().join(" ");
                let lead = if run.text.starts_with(char::is_whitespace) {
                    " "
                } else {
                    ""
                };
                let trail = if run.text.ends_with(char::is_whitespace) {
                    " "
                } else {
                    ""
                };
                out.push_str(&format!("{lead}<del>{inline}</del>{trail}"));
            }
        }
    }
    out
}

/// `text` with each line's words inside `<tag>`: the line's whitespace and
/// a block marker at its start (`1. `, `- `, `#### `, `> `) stay outside.
fn mark_lines(text: &str, tag: &str, out: &mut String) {
    for (index, line) in text.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        let at_line_start = index > 0 || out.is_empty() || out.ends_with('\n');
        let body = line.trim();
        if body.is_empty() {
            out.push_str(line);
            continue;
        }
        let start = line.trim_start();
        let lead = &line[..line.len() - start.len()];
        let marker = if at_line_start {
            block_marker(start)
        } else {
            ""
        };
        let rest = &start[marker.len()..];
        let words = rest.trim();
        out.push_str(lead);
        out.push_str(marker);
        if words.is_empty() {
            out.push_str(rest);
            continue;
        }
        out.push_str(&rest[..rest.len() - rest.trim_start().len()]);
        out.push_str(&format!("<{tag}>{words}</{tag}>"));
        out.push_str(&rest[rest.trim_end().len()..]);
    }
}

/// The Markdown block marker a line starts with, its space included.
fn block_marker(line: &str) -> &str {
    let bytes = line.as_bytes();
    let end = match bytes.first() {
        Some(b'#') => bytes.iter().take_while(|&&b| b == b'#').count(),
        Some(b'-' | b'*' | b'+' | b'>') => 1,
        Some(b'0'..=b'9') => {
            let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            match bytes.get(digits) {
                Some(b'.' | b')') => digits + 1,
                _ => return "",
            }
        }
        _ => return "",
    };
    match bytes.get(end) {
        Some(b' ') => &line[..=end],
        None if bytes[0] == b'>' => &line[..end],
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::marked;
    use crate::diff::word_diff;

    #[test]
    fn a_changed_list_keeps_its_items_and_headings() {
        let old = "#### Battleship:\n\n1. Carrier\n2. Battleship";
        let new = "#### Battleships:\n\n1. Carrier\n2. Cruiser\n3. Battleship";
        let text = marked(&word_diff(old, new));
        assert!(text.starts_with("#### "), "{text}");
        assert!(text.contains("\n1. Carrier\n"), "{text}");
        assert!(
            text.lines()
                .all(|line| line.matches("<ins>").count() == line.matches("</ins>").count()),
            "{text}"
        );
        assert!(text.contains("3. "), "{text}");
    }

    #[test]
    fn whitespace_alone_is_never_marked() {
        let old = "A turn lasts\na day.";
        let new = "A turn lasts a day. Really.";
        let text = marked(&word_diff(old, new));
        assert!(!text.contains("<del>"), "{text}");
        assert!(
            !text.contains("<ins> </ins>") && !text.contains("<ins>\n"),
            "{text}"
        );
        assert!(text.contains("<ins>Really.</ins>"), "{text}");
    }
}
