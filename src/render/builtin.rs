//! The embedded templates of the Markdown and text forms, written in Rust.
//!
//! Each function here writes exactly what its template in `templates/`
//! writes (`builtin::tests` holds every form of every bundled ruleset to
//! the template's bytes), without a template engine's work per rule. The
//! renderer uses them only where the template is the embedded one: a
//! `--templates` folder that holds a file of that name is rendered with it.

use super::text;
use crate::model::{Format, Rule};

/// The forms written here, by the template they stand for.
pub(super) const FORMS: [Format; 7] = [
    Format::MdLong,
    Format::MdShort,
    Format::TxtLong,
    Format::TxtShort,
    Format::TxtPlain,
    Format::MdRule,
    Format::TxtRule,
];

/// The template's `header(title)`: everything before the first rule.
pub(super) fn header(format: Format, title: &str, out: &mut String) {
    match format {
        Format::MdLong | Format::MdShort => {
            out.push_str("# ");
            out.push_str(title);
            out.push_str("\n---\n");
        }
        Format::TxtLong | Format::TxtShort => {
            out.push_str(title);
            out.push_str("\n\n");
            ruler(out, '=');
            out.push('\n');
        }
        Format::TxtPlain => {
            out.push_str(title);
            out.push_str("\n\n\n");
        }
        _ => {}
    }
}

/// The template's `footer(title)`: everything after the last rule.
pub(super) fn footer(format: Format, out: &mut String) {
    if matches!(format, Format::TxtLong | Format::TxtShort) {
        ruler(out, '-');
    }
}

/// The template's `rule(r, last)`: one rule's region, separator included.
pub(super) fn rule(format: Format, rule: &Rule, last: bool, out: &mut String) {
    match format {
        Format::MdLong => md_long(rule, last, out),
        Format::MdShort | Format::MdRule => {
            out.push_str("## ");
            number(rule, format == Format::MdRule, out);
            marker(rule, out);
            if !rule.text.is_empty() {
                out.push_str("\n\n");
                out.push_str(&rule.text);
            }
            if !last {
                out.push_str("\n\n");
            }
        }
        Format::TxtLong | Format::TxtShort => txt_long(rule, format == Format::TxtLong, out),
        Format::TxtRule => {
            out.push_str("Rule ");
            number(rule, true, out);
            marker(rule, out);
            if !rule.text.is_empty() {
                out.push_str("\n\n");
                out.push_str(&text::markdown_to_text(&rule.text));
            }
            if !last {
                out.push_str("\n\n");
            }
        }
        Format::TxtPlain => {
            out.push_str("Rule ");
            number(rule, false, out);
            if rule
                .mutability
                .heading_marker()
                .is_some_and(|m| !m.is_empty())
            {
                out.push_str(" (");
                capitalized(rule.mutability.as_str(), out);
                out.push(')');
            }
            if !rule.text.is_empty() {
                out.push_str("\n\n");
                out.push_str(&text::markdown_to_export(&rule.text));
            }
            if !last {
                out.push_str("\n\n\n");
            }
        }
        _ => {}
    }
}

/// `md-long.md.j2`'s rule: heading, text, history and judgments.
fn md_long(rule: &Rule, last: bool, out: &mut String) {
    out.push_str("## ");
    number(rule, true, out);
    marker(rule, out);
    out.push('\n');
    if !rule.text.is_empty() {
        out.push('\n');
        out.push_str(&rule.text);
        out.push('\n');
    }
    if !rule.history.is_empty() {
        out.push_str("\n##### *History*\n\n");
        let count = rule.history.len();
        for (n, entry) in rule.history.iter().enumerate() {
            match entry.link.as_deref().filter(|link| !link.is_empty()) {
                Some(link) => {
                    out.push_str("[*");
                    out.push_str(&entry.source);
                    out.push_str("*](");
                    out.push_str(link);
                    out.push(')');
                }
                None => {
                    out.push('*');
                    out.push_str(&entry.source);
                    out.push('*');
                }
            }
            line_end(n + 1 == count, out);
        }
    }
    if !rule.judgments.is_empty() {
        out.push_str("\n##### *Judgments*\n\n");
        let count = rule.judgments.len();
        for (n, judgment) in rule.judgments.iter().enumerate() {
            out.push('*');
            out.push_str(&judgment.source);
            out.push('*');
            line_end(n + 1 == count, out);
        }
    }
    if !last {
        out.push('\n');
    }
}

/// `txt-long.txt.j2`'s rule (with its history and judgments when `long`)
/// and `txt-short.txt.j2`'s.
fn txt_long(rule: &Rule, long: bool, out: &mut String) {
    ruler(out, '-');
    out.push_str("\nRule ");
    number(rule, long, out);
    marker(rule, out);
    out.push_str("\n\n");
    if !rule.text.is_empty() {
        text::wrap_markdown_into(&rule.text, text::WIDTH, text::INDENT, out);
        out.push_str("\n\n");
    }
    if !long {
        return;
    }
    section(
        "History:",
        rule.history.iter().map(|entry| &entry.source),
        out,
    );
    section("Judgments:", rule.judgments.iter().map(|j| &j.source), out);
}

/// A `History:` or `Judgments:` section: its heading, one line per entry
/// as it was read, and a blank line; nothing without entries.
fn section<'a>(heading: &str, lines: impl ExactSizeIterator<Item = &'a String>, out: &mut String) {
    if lines.len() == 0 {
        return;
    }
    out.push_str(heading);
    out.push('\n');
    for line in lines {
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
}

/// `NNN`, or `NNN/R` with the revision (the number of amendments when the
/// source gave none).
fn number(rule: &Rule, revision: bool, out: &mut String) {
    use std::fmt::Write as _;
    let _ = write!(out, "{}", rule.number);
    if revision {
        let revision = rule.revision.unwrap_or_else(|| rule.amendment_count());
        let _ = write!(out, "/{revision}");
    }
}

/// ` (IMMUTABLE)` after a heading; nothing for a mutable rule.
fn marker(rule: &Rule, out: &mut String) {
    if let Some(marker) = rule.mutability.heading_marker().filter(|m| !m.is_empty()) {
        out.push_str(" (");
        out.push_str(&marker);
        out.push(')');
    }
}

/// A line of a Markdown list of lines: two spaces (a line break) after
/// every line but the last.
fn line_end(last: bool, out: &mut String) {
    if !last {
        out.push_str("  ");
    }
    out.push('\n');
}

/// The `ruler` function's line: [`text::WIDTH`] of `fill`.
fn ruler(out: &mut String, fill: char) {
    out.extend(std::iter::repeat_n(fill, text::WIDTH));
}

/// minijinja's `capitalize`: the first character upper case, the rest lower.
fn capitalized(word: &str, out: &mut String) {
    let mut chars = word.chars();
    if let Some(first) = chars.next() {
        out.extend(first.to_uppercase());
        out.push_str(&chars.as_str().to_lowercase());
    }
}

#[cfg(test)]
#[path = "builtin_tests.rs"]
mod tests;
