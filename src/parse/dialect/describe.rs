//! What inference found, in words: how rules start, how many rules carry
//! each optional part, and the other choices a dialect makes (`nomic
//! dialect infer` prints them above the dialect file).

use super::reader::{self, Line};
use super::template::{Template, TextStart};
use crate::model::Dialect;

/// The findings of a dialect on a file's lines whose rules start at
/// `starts`, one sentence each.
pub(super) fn findings(
    lines: &[Line<'_>],
    starts: &[usize],
    dialect: &Dialect,
    template: &Template,
) -> Vec<String> {
    let total = starts.len();
    let fields: Vec<_> = starts
        .iter()
        .map(|&i| reader::start_fields(lines, i, dialect, template))
        .collect();
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
    let shapes: Vec<String> = dialect
        .ids
        .iter()
        .map(|s| format!("{s:?}").to_lowercase())
        .collect();
    out.push(format!("identifiers: {}", shapes.join(", ")));
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

/// A part's placeholder in words.
fn part_name(part: &str) -> &str {
    match part {
        "mutability" => "mutability marker",
        "text" => "text on the same line",
        other => other,
    }
}
