//! A rule's body: the separators and history lines that close it (read),
//! and how most bodies are laid out (inferred).

use super::reader::{self, underline_char, Line};
use super::template::Template;
use crate::model::{Dialect, HistoryEntry, HistoryKind};

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
fn is_separator(text: &str) -> bool {
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
