//! Writes a ruleset in the dialect it was read in: kept bytes for unchanged
//! rules (with the group headings after them), the dialect's rule template
//! and the rule's text for changed ones.

use super::RenderError;
use crate::model::{Dialect, Identifiers, LineEnding, Rule, Ruleset};
use crate::parse::dialect::{ident, tree, underline_char, Fields, Template, TextStart};

/// Renders `ruleset` in its dialect; `canonical` writes every rule from the
/// template (keeping the header, group headings and footer).
pub(super) fn render(ruleset: &Ruleset, canonical: bool) -> Result<String, RenderError> {
    let layout = ruleset.layout.as_ref().ok_or(RenderError::NoDialect)?;
    let dialect = layout.dialect.as_ref().ok_or(RenderError::NoDialect)?;
    let template = Template::of(dialect).map_err(|err| RenderError::Dialect(err.to_string()))?;
    let newline = layout.line_ending;
    // Canonical writes every rule anew from the template; what is not a
    // rule (the header, group headings, the footer) is kept either way.
    let mut out = layout.header.clone();
    let count = ruleset.rules.len();
    for (index, rule) in ruleset.rules.iter().enumerate() {
        let last = index + 1 == count;
        match rule.unchanged_source().filter(|_| !canonical) {
            Some(source) => out.push_str(source),
            None => {
                let place = Place {
                    last: last && layout.footer.is_empty(),
                    children: ruleset.rules.get(index + 1).is_some_and(|next| {
                        next.label().starts_with(&format!("{}.", rule.label()))
                    }),
                };
                let written = write_rule(rule, dialect, &template, place);
                out.push_str(&with_line_ending(&written, newline));
                if let Some(kept) = &rule.layout {
                    out.push_str(&kept.trailer);
                }
            }
        }
    }
    out.push_str(&layout.footer);
    Ok(out)
}

/// Where a rule written anew sits among the others.
#[derive(Debug, Clone, Copy)]
struct Place {
    /// It ends the file.
    last: bool,
    /// The next rule is one of its sub-rules (`2.2` after `2`).
    children: bool,
}

/// One rule in the dialect: its first line, the underline, the text, the
/// history lines, and a blank line unless it ends the file; in a tree
/// drawing, every line after the first in the gutter of its place.
fn write_rule(rule: &Rule, dialect: &Dialect, template: &Template, place: Place) -> String {
    let kept = rule.layout.as_ref();
    // A rule is written in the form its first line was read in.
    let form = kept
        .and_then(|kept| template.matches(kept.source.lines().next()?, &dialect.ids))
        .map_or(0, |fields| fields.form);
    let template = template.form(form);
    // Text that starts on the first line (`{text}`) puts its first line there.
    let (first_line, rest) = if template.has_text() {
        rule.text.split_once('\n').unwrap_or((&rule.text, ""))
    } else {
        ("", rule.text.as_str())
    };
    let fields = Fields {
        id: match &dialect.implied_numbers {
            Some(written) => written.clone(),
            None => ident::rewrite(rule.id.as_deref(), rule.number, Rule::FIRST_KEY),
        },
        // A rule enacted without a title still needs one where the
        // template has one, or the line would not read back.
        title: if template.requires_title() {
            Some(rule.title.clone().unwrap_or_else(|| "Untitled".to_string()))
        } else {
            rule.title.clone()
        },
        revision: rule.revision,
        mutability: rule
            .mutability
            .heading_marker()
            .map(|m| capitalized(&m.to_lowercase())),
        note: kept.and_then(|layout| layout.note.clone()),
        text: Some(TextStart::Line(first_line.to_string())),
        form: 0,
        tree: kept.and_then(|layout| layout.tree.clone()),
    };
    let mut first = template.write(&fields);
    // Under a table of contents, a rule's heading keeps the level it was
    // read at; a new one is one level deeper per part of its number
    // (`1.3.1` under `## {title}`: `####`).
    if dialect.identifiers == Identifiers::Contents {
        let marker = template.heading_marker().unwrap_or(0);
        let depth = fields.id.split('.').count();
        let level = kept
            .and_then(|layout| layout.heading_level)
            .map_or(marker + depth - 1, usize::from);
        first = format!("{}{}", "#".repeat(level), &first[marker..]);
    }
    let mut out = first.clone();
    out.push('\n');
    if let Some(c) = dialect.underline {
        out.push_str(&c.to_string().repeat(first.chars().count().max(3)));
        out.push('\n');
    }
    // The blank line parts the heading from the text: a rule without text
    // has none, or its blank line would read as the separator's (and a
    // dialect inferred from the output would gain a blank line per write).
    // Text that opens with a `---`/`===` line gets one in any dialect: right
    // under the heading (or its underline) it would read as an underline.
    let opens_with_underline = rest.lines().next().is_some_and(reads_as_underline);
    let blank = dialect.blank_after_heading && first_line.is_empty();
    if (blank || (opens_with_underline && first_line.is_empty())) && !rest.is_empty() {
        out.push('\n');
    }
    if !rest.is_empty() {
        out.push_str(rest);
        out.push('\n');
    }
    if !rule.history.is_empty() && dialect.history.is_some() {
        out.push('\n');
        for (index, entry) in rule.history.iter().enumerate() {
            // History entries were read across blank lines, which are not
            // kept; an entry that is a run of `-` or `=` gets its blank line
            // back, or it would underline the entry above into a heading
            // (which ends the rule).
            if index > 0 && reads_as_underline(&entry.source) {
                out.push('\n');
            }
            out.push_str(&entry.source);
            out.push('\n');
        }
    }
    if !place.last {
        out.push('\n');
    }
    let column = first
        .find(fields.id.as_str())
        .filter(|_| template.has_tree());
    match column {
        Some(column) => {
            let gutter = tree::gutter(&first, column, place.children);
            let body = out.split_off(first.len() + 1);
            out + &tree::in_gutter(&body, &gutter)
        }
        None => out,
    }
}

/// A line the dialect reader takes for a setext underline when it follows
/// a line of text.
fn reads_as_underline(line: &str) -> bool {
    underline_char(line).is_some()
}

fn with_line_ending(text: &str, ending: LineEnding) -> String {
    match ending {
        LineEnding::Lf => text.to_string(),
        LineEnding::Crlf => text.replace("\r\n", "\n").replace('\n', "\r\n"),
    }
}

/// `immutable` → `Immutable`.
pub(crate) fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
