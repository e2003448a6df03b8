//! The edits that turn a document's text into another text: the changed
//! lines only, so that an editor keeps its marks on the lines that stay.

use super::position::LineIndex;
use lsp_types::TextEdit;
use similar::{DiffTag, TextDiff};
use std::ops::Range;

/// A stretch of lines that changes: the bytes of the old text it replaces
/// and what replaces them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Hunk {
    /// Whole lines of the old text (empty for an insertion).
    pub old: Range<usize>,
    /// The new lines.
    pub new: String,
}

/// The hunks that turn `old` into `new`, in order.
pub(crate) fn hunks(old: &str, new: &str) -> Vec<Hunk> {
    let diff = TextDiff::configure()
        .timeout(std::time::Duration::from_millis(200))
        .diff_lines(old, new);
    // Where each line starts, as the diff splits lines (a lone `\r` ends
    // one too), and the end of the text.
    let starts = |lines: &mut dyn Iterator<Item = usize>| -> Vec<usize> {
        std::iter::once(0)
            .chain(lines.scan(0, |at, len| {
                *at += len;
                Some(*at)
            }))
            .collect()
    };
    let old_lines = starts(&mut (0..diff.old_len()).filter_map(|i| Some(diff.old_slice(i)?.len())));
    let new_lines = starts(&mut (0..diff.new_len()).filter_map(|i| Some(diff.new_slice(i)?.len())));
    diff.ops()
        .iter()
        .filter(|op| op.tag() != DiffTag::Equal)
        .map(|op| {
            let (from, to) = (op.old_range(), op.new_range());
            Hunk {
                old: old_lines[from.start]..old_lines[from.end],
                new: new[new_lines[to.start]..new_lines[to.end]].to_string(),
            }
        })
        .collect()
}

/// Hunks of `old` (indexed by `index`) as edits.
pub(crate) fn text_edits(old: &str, index: &LineIndex, hunks: Vec<Hunk>) -> Vec<TextEdit> {
    hunks
        .into_iter()
        .map(|hunk| TextEdit {
            range: index.range(old, &hunk.old),
            new_text: hunk.new,
        })
        .collect()
}

/// The edits that turn `old` into `new`.
pub(crate) fn between(old: &str, index: &LineIndex, new: &str) -> Vec<TextEdit> {
    text_edits(old, index, hunks(old, new))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_changed_lines_are_edited() {
        let old = "a\nb\nc\nd";
        let new = "a\nB\nc\nd\ne\n";
        let found = hunks(old, new);
        assert_eq!(
            found[0],
            Hunk {
                old: 2..4,
                new: "B\n".into()
            }
        );
        // The last line gains a line break and a line follows.
        assert_eq!(
            found[1],
            Hunk {
                old: 6..7,
                new: "d\ne\n".into()
            }
        );
        let mut applied = old.to_string();
        for hunk in found.iter().rev() {
            applied.replace_range(hunk.old.clone(), &hunk.new);
        }
        assert_eq!(applied, new);
        // A lone carriage return ends a line for the diff.
        let found = hunks("a\rb\n", "a\rc\n");
        assert_eq!(
            found,
            [Hunk {
                old: 2..4,
                new: "c\n".into()
            }]
        );
    }
}
