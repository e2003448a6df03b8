//! Contents-linked rules ([`Identifiers::Contents`]): a table of contents
//! (a nested list of links, `* [**1.1. Precedence**](#precedence)`) lists
//! the headings after it in order; each linked heading is a rule, its
//! identifier the number the entry gives (`1.1`) or else the link's target
//! (`meta-rules`). A link finds its heading by the heading's anchor tag
//! (`<a name='precedence'/>`) or by the heading's slug as GitHub computes
//! it (`## Meta rules` → `meta-rules`).

use super::body::blank_after_heading;
use super::infer::Candidate;
use super::reader::{heading_level, heading_text, Line};
use super::template::{Fields, Template};
use crate::model::{Dialect, Identifiers};
use std::collections::BTreeSet;

/// One entry of a table of contents.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    /// Its nesting, 1 for a top-level entry.
    depth: usize,
    /// The link's target, without `#`.
    target: String,
    /// The number the entry's text starts with (`1.1`, without its dot).
    number: Option<String>,
}

/// A heading a table of contents links to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Linked {
    /// The heading's line.
    pub line: usize,
    /// The rule's identifier: the entry's number, else its target.
    pub id: String,
}

/// The headings the file's table of contents links to, in order: the first
/// list of two links or more, each line one link, whose every entry links a
/// heading after the list, in the list's order. None when no list does.
pub(super) fn linked(lines: &[Line<'_>]) -> Option<Vec<Linked>> {
    let mut at = 0;
    while at < lines.len() {
        let run = (at..lines.len())
            .take_while(|&i| !lines[i].code && entry(lines[i].text).is_some())
            .count();
        if run >= 2 {
            if let Some(found) = link(lines, at, at + run) {
                return Some(found);
            }
        }
        at += run.max(1);
    }
    None
}

/// The headings after `end` that the entries on lines `start..end` link,
/// if every one links one, in order.
fn link(lines: &[Line<'_>], start: usize, end: usize) -> Option<Vec<Linked>> {
    let mut indents: Vec<usize> = Vec::new();
    let mut entries = Vec::new();
    for line in &lines[start..end] {
        let (indent, label, target) = entry(line.text)?;
        while indents.last().is_some_and(|&open| open > indent) {
            indents.pop();
        }
        if indents.last().is_none_or(|&open| open < indent) {
            indents.push(indent);
        }
        entries.push(Entry {
            depth: indents.len(),
            target: target.to_string(),
            number: number(label),
        });
    }
    let headings: Vec<usize> = (end..lines.len())
        .filter(|&i| lines[i].text.starts_with('#') && heading_level(lines, i).is_some())
        .collect();
    let mut next = 0;
    let mut found = Vec::new();
    for entry in &entries {
        let at = headings[next..].iter().position(|&i| {
            let text = heading_text(lines[i].text);
            anchor(text).is_some_and(|(_, name, _)| name == entry.target)
                || slug(text) == entry.target
        })?;
        let line = headings[next + at];
        next += at + 1;
        // Two entries linking one target (a slip: GitHub takes both to the
        // first heading) name the second by its own anchor (`polls-1`).
        let id = match &entry.number {
            Some(number) => number.clone(),
            None if found.iter().any(|l: &Linked| l.id == entry.target) => {
                github_anchor(lines, &headings, line)
            }
            None => entry.target.clone(),
        };
        found.push(Linked { line, id });
    }
    // Only a nested list or one with numbers is a table of contents of rules.
    let shaped = entries.iter().any(|e| e.depth > 1 || e.number.is_some());
    shaped.then_some(found)
}

/// A line that is one link list item: its indentation, the link's text and
/// its target (`#` removed; a word of letters, digits, `-` and `_`).
fn entry(line: &str) -> Option<(usize, &str, &str)> {
    let item = line.trim_start();
    let indent = line.len() - item.len();
    let link = item
        .strip_prefix(['*', '-', '+'])?
        .strip_prefix(' ')?
        .trim_end();
    let (label, target) = link.strip_prefix('[')?.rsplit_once("](")?;
    let target = target.strip_suffix(')')?;
    let target = target.strip_prefix('#').unwrap_or(target);
    let word = !target.is_empty()
        && target
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_'));
    word.then_some((indent, label, target))
}

/// The number an entry's text starts with: `**1.3.1. Errors**` → `1.3.1`.
fn number(label: &str) -> Option<String> {
    let label = label.trim_matches(|c| matches!(c, '*' | '_' | ' '));
    let token = label.split_whitespace().next()?;
    let number = token.strip_suffix('.').unwrap_or(token);
    let parts = number.split('.');
    let numeric = parts
        .clone()
        .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
    (numeric && label.len() > token.len()).then(|| number.to_string())
}

/// A heading text's leading anchor tag (`<a name='meta'/>`,
/// `<a id="meta"></a>`): the text before the name, the name, and the rest
/// of the tag after it.
fn anchor(text: &str) -> Option<(&str, &str, &str)> {
    let tag_end = text.strip_prefix("<a ").and(text.find('>'))? + 1;
    let tag_end = if text[tag_end..].starts_with("</a>") {
        tag_end + 4
    } else {
        tag_end
    };
    let tag = &text[..tag_end];
    let attribute = ["name=", "id="]
        .iter()
        .find_map(|attribute| tag.find(attribute).map(|at| at + attribute.len()))?;
    let quote = tag[attribute..]
        .chars()
        .next()
        .filter(|c| matches!(c, '\'' | '"'))?;
    let start = attribute + 1;
    let len = tag[start..].find(quote)?;
    let end = start + len;
    (len > 0).then(|| (&text[..start], &text[start..end], &text[end..tag_end]))
}

/// A heading's anchor as GitHub computes it: HTML tags left out, lower case,
/// every character but letters, digits, spaces, `-` and `_` dropped, spaces
/// written `-` (`## #general` → `general`, `Meta rules` → `meta-rules`).
pub(super) fn slug(text: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in text.trim().chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if in_tag => {}
            ' ' => out.push('-'),
            c if c.is_alphanumeric() || matches!(c, '-' | '_') => out.extend(c.to_lowercase()),
            _ => {}
        }
    }
    out.trim_matches('-').to_string()
}

/// The anchor GitHub gives the heading on `line`: its slug, with `-1`,
/// `-2` … when headings before it (the file's `headings` after the table
/// of contents, and any before) have the same slug.
fn github_anchor(lines: &[Line<'_>], headings: &[usize], line: usize) -> String {
    let own = slug(heading_text(lines[line].text));
    let before = (0..headings.first().copied().unwrap_or(0))
        .filter(|&i| lines[i].text.starts_with('#') && heading_level(lines, i).is_some())
        .chain(headings.iter().copied().take_while(|&i| i < line))
        .filter(|&i| slug(heading_text(lines[i].text)) == own)
        .count();
    match before {
        0 => own,
        n => format!("{own}-{n}"),
    }
}

/// The rules of a contents-linked file: each linked heading that fits the
/// template at any level (and is no section the dialect skips), with the
/// identifier its entry gives.
pub(super) fn rules(
    lines: &[Line<'_>],
    dialect: &Dialect,
    template: &Template,
    skipped: &[bool],
) -> Vec<(usize, Fields)> {
    linked(lines)
        .unwrap_or_default()
        .into_iter()
        .filter(|linked| !skipped[linked.line])
        .filter_map(|linked| {
            let mut fields =
                template.matches_at_any_level(lines[linked.line].text, &dialect.ids)?;
            fields.id = linked.id;
            Some((linked.line, fields))
        })
        .collect()
}

/// The dialect that reads the headings a table of contents links as rules:
/// the first top-level entry's heading level, and the anchor tag every
/// heading carries, if they all carry one, as a `{note}`.
pub(super) fn dialect(lines: &[Line<'_>], linked: &[Linked]) -> Option<Dialect> {
    let first = linked.first()?;
    let hashes = heading_level(lines, first.line)?;
    let tags: Vec<_> = linked
        .iter()
        .map(|l| anchor(heading_text(lines[l.line].text)))
        .collect();
    let tag = match tags.first() {
        Some(Some((before, _, after))) if tags.iter().all(Option::is_some) => {
            format!("{before}{{note}}{after} ")
        }
        _ => String::new(),
    };
    Some(Dialect {
        identifiers: Identifiers::Contents,
        ..Dialect::new(format!("{} {tag}{{title}}", "#".repeat(hashes)))
    })
}

/// The contents-linked reading of a file, when its table of contents
/// links two headings or more with distinct identifiers.
pub(super) fn candidate(lines: &[Line<'_>]) -> Option<Candidate> {
    let mut dialect = dialect(lines, &linked(lines)?)?;
    let template = Template::of(&dialect).ok()?;
    let found = rules(lines, &dialect, &template, &vec![false; lines.len()]);
    let distinct = found
        .iter()
        .map(|(_, f)| &f.id)
        .collect::<BTreeSet<_>>()
        .len();
    if distinct < 2 {
        return None;
    }
    let starts: Vec<usize> = found.iter().map(|(i, _)| *i).collect();
    dialect.blank_after_heading = blank_after_heading(lines, &starts, &dialect, &template);
    let id = |at: Option<&(usize, Fields)>| at.map(|(_, f)| f.id.clone()).unwrap_or_default();
    Some(Candidate {
        findings: super::describe::findings(lines, &found, &dialect, &template),
        opening: starts
            .iter()
            .take(3)
            .map(|&i| lines[i].text.trim_end().to_string())
            .collect(),
        confidence: 0,
        rules: found.len(),
        distinct,
        first: id(found.first()),
        last: id(found.last()),
        dialect,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::dialect::reader::lines;

    #[test]
    fn entries_give_their_target_and_number() {
        assert_eq!(
            entry("    * [**1.1. Precedence**](#precedence)"),
            Some((4, "**1.1. Precedence**", "precedence"))
        );
        assert_eq!(
            entry("* [Voting](voting-on-proposals)"),
            Some((0, "Voting", "voting-on-proposals"))
        );
        assert_eq!(entry("* [A site](https://example.org/)"), None);
        assert_eq!(entry("* plain words"), None);
        assert_eq!(number("**1.3.1. Errors**").as_deref(), Some("1.3.1"));
        assert_eq!(number("**15. Warp drive**").as_deref(), Some("15"));
        assert_eq!(number("Meta rules"), None);
        assert_eq!(number("2020"), None);
    }

    #[test]
    fn slugs_and_anchors_are_githubs() {
        assert_eq!(slug("Meta rules"), "meta-rules");
        assert_eq!(slug("#general"), "general");
        assert_eq!(
            slug("<a name='x'/> Disallowed by default"),
            "disallowed-by-default"
        );
        assert_eq!(
            anchor("<a name='meta'/> Meta rules"),
            Some(("<a name='", "meta", "'/>"))
        );
        assert_eq!(
            anchor("<a id=\"meta\"></a> Meta"),
            Some(("<a id=\"", "meta", "\"></a>"))
        );
        assert_eq!(anchor("Meta rules"), None);
    }

    #[test]
    fn a_nested_list_of_links_links_the_headings_in_order() {
        let text = "# Title\n\n* [One](#one)\n    * [Sub part](#sub-part)\n* [Two](two)\n\n\
                    ## One\n\nText.\n\n### Sub part\n\n## Aside\n\n## Two\n";
        let found = linked(&lines(text)).unwrap();
        let ids: Vec<(usize, &str)> = found.iter().map(|l| (l.line, l.id.as_str())).collect();
        assert_eq!(ids, [(6, "one"), (10, "sub-part"), (14, "two")]);
        // A target linked twice: the second heading is named by its own anchor.
        let twice = "* [Polls](#polls)\n    * [Polls](#polls)\n\n## Polls\n\n### Polls\n";
        let ids: Vec<String> = linked(&lines(twice))
            .unwrap()
            .into_iter()
            .map(|l| l.id)
            .collect();
        assert_eq!(ids, ["polls", "polls-1"]);
        // An entry that links no heading after the list: no table of contents.
        let broken = text.replace("## Two", "## Three");
        assert_eq!(linked(&lines(&broken)), None);
        // A flat list of links without numbers is a list, not a table of contents.
        let flat = text.replace("    * [Sub", "* [Sub");
        assert_eq!(linked(&lines(&flat)), None);
    }
}
