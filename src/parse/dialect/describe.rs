//! What inference found, in words: how rules start, how many rules carry
//! each optional part, and the other choices a dialect makes (`nomic
//! dialect infer` prints them above the dialect file).

use super::ident;
use super::reader::Line;
use super::template::{Fields, Template, TextStart};
use crate::model::{Dialect, IdShape, Identifiers};

/// The findings of a dialect on a file's lines whose rules start as
/// `found` says (`reader::rules`), one sentence each.
pub(super) fn findings(
    lines: &[Line<'_>],
    found: &[(usize, Fields)],
    dialect: &Dialect,
    template: &Template,
) -> Vec<String> {
    let total = found.len();
    let starts: Vec<usize> = found.iter().map(|(i, _)| *i).collect();
    let starts = starts.as_slice();
    let fields: Vec<&Fields> = found.iter().map(|(_, fields)| fields).collect();
    let mut start = format!("rule starts: `{}` ({})", dialect.rule, dialect.start_kind());
    if let Some(c) = dialect.underline {
        start.push_str(&format!(", underlined with `{c}`"));
    }
    let mut carried = Vec::new();
    for (named, part) in template.optional_parts() {
        let with = fields
            .iter()
            .zip(starts)
            .filter(|(f, &i)| match part.as_str() {
                _ if !named => {
                    // Punctuation alone: the rules whose line has it
                    // right after the identifier.
                    let line = lines[i].text;
                    line.find(f.id.as_str())
                        .is_some_and(|at| line[at + f.id.len()..].starts_with(part.as_str()))
                }
                "title" => f.title.is_some(),
                "revision" => f.revision.is_some(),
                "mutability" => f.mutability.is_some(),
                "note" => f.note.is_some(),
                _ => matches!(f.text, Some(TextStart::At(_))),
            })
            .count();
        carried.push(if named {
            format!("{with} of {total} rules carry a {}", part_name(&part))
        } else {
            format!("{with} of {total} rules write the `{part}`")
        });
    }
    if template.requires_title() {
        carried.insert(0, "every rule carries a title".to_string());
    }
    if !carried.is_empty() {
        start.push_str(&format!(" — {}", carried.join(", ")));
    }
    let mut out = vec![start];
    if !dialect.alternatives.is_empty() {
        let forms: Vec<String> = dialect
            .alternatives
            .iter()
            .enumerate()
            .map(|(n, form)| {
                let with = fields.iter().filter(|f| f.form == n + 1).count();
                format!("`{form}` ({with} of {total} rules)")
            })
            .collect();
        out.push(format!(
            "other rule starts, continuing the same identifiers: {}",
            forms.join(", ")
        ));
    }
    let shapes: Vec<String> = dialect
        .ids
        .iter()
        .map(|s| format!("{s:?}").to_lowercase())
        .collect();
    match dialect.identifiers {
        Identifiers::Written => out.push(format!("identifiers: {}", shapes.join(", "))),
        Identifiers::Contents => out.extend(contents(&fields, dialect)),
    }
    if let Some(written) = &dialect.implied_numbers {
        out.push(format!(
            "numbers implied by position: every rule writes `{written}`, rules are numbered 1 to {total}"
        ));
    }
    if dialect.unmarked_headings {
        let unmarked: Vec<String> = starts
            .iter()
            .filter(|&&i| template.matches(lines[i].text, &dialect.ids).is_none())
            .map(|&i| format!("`{}`", lines[i].text.trim_end()))
            .collect();
        let heading = if unmarked.len() == 1 {
            "heading lacks"
        } else {
            "headings lack"
        };
        out.push(format!(
            "{} rule {heading} the heading marker: {}",
            unmarked.len(),
            unmarked.join(", ")
        ));
    }
    if dialect.titles_above_sub_points {
        out.push("a few words over indented sub-points are the rule's title".to_string());
    }
    if let Some(section) = &dialect.rules_within {
        out.push(format!(
            "rules only under the heading `{section}` (numbers restart in each of its sections)"
        ));
    }
    for group in &dialect.groups {
        out.push(format!(
            "group heading `{}`: the rules after it are {}",
            group.heading,
            format!("{:?}", group.mutability).to_lowercase()
        ));
    }
    for name in &dialect.not_rules {
        out.push(format!("not rules: the section `{name}`"));
    }
    if let Some(end_matter) = end_matter(lines, found, dialect, template) {
        out.push(end_matter);
    }
    if let Some(marker) = &dialect.history {
        out.push(format!("history: from a line starting `{marker}`"));
    }
    out.push(format!(
        "a blank line after a rule's first line: {}",
        if dialect.blank_after_heading {
            "yes"
        } else {
            "no"
        }
    ));
    out
}

/// Where the end matter after the last rule starts, in words: what the
/// reader keeps as the file's footer (headed or not).
fn end_matter(
    lines: &[Line<'_>],
    found: &[(usize, Fields)],
    dialect: &Dialect,
    template: &Template,
) -> Option<String> {
    let end = super::body::bodies(lines, found, dialect, template)
        .last()?
        .end;
    let first = (end..lines.len()).find(|&i| !lines[i].is_blank())?;
    // A separator closing the last rule, as it closes the others, is no
    // end matter of its own.
    if lines[first..]
        .iter()
        .all(|line| line.is_blank() || super::body::is_separator(line.text))
    {
        return None;
    }
    let count = lines.len() - first;
    let noun = if count == 1 { "line" } else { "lines" };
    Some(format!(
        "end matter: from `{}` on ({count} {noun}), the file's footer, not a rule",
        lines[first].text.trim_end()
    ))
}

/// What a contents-linked reading found: where the identifiers come from,
/// how sub-rules nest, and the anchor tags kept as notes.
fn contents(fields: &[&Fields], dialect: &Dialect) -> Vec<String> {
    let (Some(first), Some(last)) = (fields.first(), fields.last()) else {
        return Vec::new();
    };
    let numbered = fields
        .iter()
        .all(|f| ident::shape_of(&f.id, &IdShape::ALL).is_some());
    let source = if numbered {
        "the numbers the table of contents gives its entries"
    } else {
        "the targets of the table of contents' links (it gives no numbers)"
    };
    let mut out = vec![
        format!("identifiers: {source}, {} to {}", first.id, last.id),
        "every heading the table of contents links to is a rule, in its order, \
         one level deeper per level of nesting"
            .to_string(),
    ];
    if dialect.rule.contains("{note}") {
        out.push("the anchor tag's name in each heading is kept as the rule's note".to_string());
    }
    out
}

/// A part's placeholder in words.
fn part_name(part: &str) -> &str {
    match part {
        "mutability" => "mutability marker",
        "text" => "text on the same line",
        other => other,
    }
}
