//! A rule's body: the separators and history lines that close it (read),
//! and how most bodies are laid out (inferred).

use super::end_matter::{self, Bodies};
use super::reader::{self, underline_char, Line};
use super::template::{Fields, Template, TextStart};
use crate::model::{Dialect, HistoryEntry, HistoryKind, Identifiers};
use std::ops::Range;

/// The lines of each rule's body (`found`, from `reader::rules`): from the
/// line after its first line (and underline) to where its trailer starts,
/// so without the separators that close it, the sections that are not
/// rules after it, or, for the last rule, the end matter that closes the
/// file (see `end_matter`).
pub(super) fn bodies(
    lines: &[Line<'_>],
    found: &[(usize, Fields)],
    dialect: &Dialect,
    template: &Template,
) -> Vec<Range<usize>> {
    let skipped = reader::not_rule_lines(lines, dialect);
    let ends = found.iter().skip(1).map(|(i, _)| *i).chain([lines.len()]);
    let mut closed = Vec::new();
    let mut bodies: Vec<Range<usize>> = found
        .iter()
        .zip(ends)
        .map(|((start, _), end)| {
            let level = own_level(lines, *start, dialect, template);
            let first = start + 1 + usize::from(dialect.underline.is_some());
            let end = reader::body_end(lines, first..end, dialect, level, &skipped);
            let text_end = separators_start(lines, first, end);
            closed.push(text_end < end);
            first..text_end
        })
        .collect();
    let last_text_on_first_line = found
        .last()
        .is_some_and(|(_, fields)| matches!(fields.text, Some(TextStart::At(_))));
    let end_matter = end_matter::start(
        lines,
        &Bodies {
            lines: &bodies,
            closed_by_separators: &closed,
            last_text_on_first_line,
        },
    );
    if let Some(last) = bodies.last_mut() {
        last.end = end_matter.clamp(last.start, last.end);
    }
    bodies
}

/// The level of the heading of the rule starting at `start`: contents-
/// linked rules' headings vary in level, and each ends at its own.
pub(super) fn own_level(
    lines: &[Line<'_>],
    start: usize,
    dialect: &Dialect,
    template: &Template,
) -> usize {
    let level = reader::rule_level(dialect, template);
    match dialect.identifiers {
        Identifiers::Contents => reader::heading_level(lines, start).unwrap_or(level),
        Identifiers::Written => level,
    }
}

/// Where a run of separator lines (`----`, `***`, each after a blank line)
/// closing a body starts: separators between rules are layout, kept in
/// the rule's trailer, not its text. `end` when the body ends otherwise, or
/// holds nothing else.
pub(super) fn separators_start(lines: &[Line<'_>], first: usize, end: usize) -> usize {
    let mut start = end;
    let mut at = end;
    while at > first {
        let line = &lines[at - 1];
        if line.is_blank() {
            at -= 1;
        } else if is_separator(line.text) && at - 1 > first && lines[at - 2].is_blank() {
            at -= 1;
            start = at;
        } else {
            break;
        }
    }
    // A body that is nothing but such lines keeps them as its text.
    if lines[first..start]
        .iter()
        .all(|line| line.is_blank() || is_separator(line.text))
    {
        return end;
    }
    start
}

/// A thematic break: three or more `-`, `*` or `_`, nothing else but spaces.
pub(super) fn is_separator(text: &str) -> bool {
    let marks: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    marks.len() >= 3
        && ['-', '*', '_']
            .iter()
            .any(|&mark| marks.chars().all(|c| c == mark))
}

/// The body's text and the history lines (from the dialect's marker on).
pub(super) fn split_history(body: &str, dialect: &Dialect) -> (String, Vec<HistoryEntry>) {
    let body = crate::parse::text::lf_endings(body);
    let marker = dialect.history.as_deref().filter(|m| !m.is_empty());
    let at = marker.and_then(|marker| {
        let mut offset = 0;
        for line in body.split_inclusive('\n') {
            if line.trim_start().starts_with(marker) {
                return Some(offset);
            }
            offset += line.len();
        }
        None
    });
    let (text, history) = match at {
        Some(at) => (&body[..at], &body[at..]),
        None => (&*body, ""),
    };
    let history = history
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| HistoryEntry::new(HistoryKind::Other, line.trim_end()))
        .collect();
    (text.trim_matches('\n').trim_end().to_string(), history)
}

/// Whether most rules with a body have a blank line between their heading
/// and the body. Only a rule with a body shows it: after a rule without
/// one, the blank line is the separator before what follows (the next rule,
/// or the trailer of sections that are not rules, which is no body either:
/// the reader ends the body where it starts).
pub(super) fn blank_after_heading(
    lines: &[Line<'_>],
    starts: &[usize],
    dialect: &Dialect,
    template: &Template,
) -> bool {
    let after = usize::from(dialect.underline.is_some()) + 1;
    let level = reader::rule_level(dialect, template);
    let skipped = reader::not_rule_lines(lines, dialect);
    let ends = starts.iter().skip(1).copied().chain([lines.len()]);
    let with_body: Vec<usize> = starts
        .iter()
        .zip(ends)
        .filter(|&(&i, end)| {
            let first = i + after;
            let body_end = reader::body_end(lines, first..end, dialect, level, &skipped);
            // A body opening with a `---`/`===` line has no say: it is
            // written after a blank line in every dialect (or it would read
            // as an underline), so it would sway the next reading.
            let opening = lines
                .get(first..body_end)
                .and_then(|body| body.iter().find(|line| !line.is_blank()));
            opening.is_some_and(|line| underline_char(line.text).is_none())
        })
        .map(|(&i, _)| i)
        .collect();
    let blank = with_body
        .iter()
        .filter(|&&i| lines.get(i + after).is_some_and(Line::is_blank))
        .count();
    blank * 2 > with_body.len()
}

/// Whether most rules have a `History:` line.
pub(super) fn history_marked(lines: &[Line<'_>], starts: &[usize]) -> bool {
    let with = starts
        .iter()
        .enumerate()
        .filter(|(n, &start)| {
            let end = starts.get(n + 1).copied().unwrap_or(lines.len());
            lines[start + 1..end]
                .iter()
                .any(|l| l.text.trim_start().starts_with("History:"))
        })
        .count();
    with * 2 > starts.len()
}
