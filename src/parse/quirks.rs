//! The layout quirks every parser records the same way: around rule
//! headings, and in the blank lines that separate rules.

use super::text::Line;
use crate::model::{LayoutQuirk, QuirkKind};

/// A quirk at a place in the file.
pub(super) fn quirk(kind: QuirkKind, offset: usize, len: usize) -> LayoutQuirk {
    LayoutQuirk { kind, offset, len }
}

/// `count` trailing spaces at the end of `line`'s text.
pub(super) fn trailing_spaces(line: &Line<'_>, count: usize) -> Option<LayoutQuirk> {
    (count > 0).then(|| quirk(QuirkKind::TrailingSpaces, line.text_end() - count, count))
}

/// A heading (`line`) stands above a blank line: text right under it is a
/// missing blank line.
pub(super) fn blank_line_after(line: &Line<'_>, next: Option<&Line<'_>>) -> Option<LayoutQuirk> {
    next.is_some_and(|next| !next.is_blank())
        .then(|| quirk(QuirkKind::MissingBlankLine, line.end, 0))
}

/// The blank lines that close a rule's `lines`, against the `expected`
/// separator: fewer is a missing blank line at the end, more are extra blank
/// lines. Nothing is reported when `lines` are all blank (an empty body's
/// blank lines cannot be told apart from its separator).
pub(super) fn separator_quirks(lines: &[Line<'_>], expected: usize, quirks: &mut Vec<LayoutQuirk>) {
    let blanks = lines.iter().rev().take_while(|l| l.is_blank()).count();
    let Some(last) = lines.last().filter(|_| blanks < lines.len()) else {
        return;
    };
    if blanks < expected {
        quirks.push(quirk(QuirkKind::MissingBlankLine, last.end, 0));
    } else if blanks > expected {
        let start = lines[lines.len() - blanks + expected].start;
        quirks.push(quirk(QuirkKind::ExtraBlankLines, start, last.end - start));
    }
}
