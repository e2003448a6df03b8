//! Differences of whitespace alone: the same words with other line breaks,
//! paragraph breaks or spacing between them. A word diff of such texts has
//! nothing to mark, so the diff names what differs instead.

use super::words::{WordChange, WordOp};
use serde::{Serialize, Serializer};
use std::fmt;

/// Which kinds of whitespace differ between two texts whose words are the
/// same, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Spacing {
    /// A blank line (paragraph break) on one side where the other has none.
    pub paragraph_breaks: bool,
    /// A different number of line breaks, no paragraph break involved
    /// (re-wrapping).
    pub line_breaks: bool,
    /// Spaces or tabs only: indentation, runs of spaces, trailing spaces.
    pub spaces: bool,
    /// Whitespace between a word and the punctuation beside it, which a
    /// word diff cannot mark: a space moved into a link
    /// (`[Rule 1](a.md) says` to `[Rule 1 ](a.md)says`). See
    /// [`Spacing::around_punctuation`].
    pub around_punctuation: bool,
}

impl Spacing {
    /// Compares two texts: `None` when their words differ (or when nothing
    /// differs at all), else which kinds of whitespace differ.
    pub(crate) fn between(old: &str, new: &str) -> Option<Spacing> {
        if old == new {
            return None;
        }
        let (old_words, old_gaps) = split(old);
        let (new_words, new_gaps) = split(new);
        if old_words != new_words {
            return None;
        }
        let mut spacing = Spacing::default();
        for (a, b) in old_gaps.iter().zip(&new_gaps) {
            if a == b {
                continue;
            }
            let (breaks_a, breaks_b) = (a.matches('\n').count(), b.matches('\n').count());
            if (breaks_a >= 2) != (breaks_b >= 2) {
                spacing.paragraph_breaks = true;
            } else if breaks_a != breaks_b {
                spacing.line_breaks = true;
            } else {
                spacing.spaces = true;
            }
        }
        Some(spacing)
    }

    /// A word diff that marks nothing (every run it changes is whitespace)
    /// as the spacing it is; `None` when it changes a word.
    pub(crate) fn around_punctuation(runs: &[WordChange]) -> Option<Spacing> {
        runs.iter()
            .all(|run| run.op == WordOp::Equal || run.text.trim().is_empty())
            .then_some(Spacing {
                around_punctuation: true,
                ..Spacing::default()
            })
    }

    /// The kinds that differ, as words: `line breaks`, `paragraph breaks`,
    /// `spacing`, `spaces next to punctuation`.
    pub(crate) fn parts(self) -> Vec<&'static str> {
        [
            (self.line_breaks, "line breaks"),
            (self.paragraph_breaks, "paragraph breaks"),
            (self.spaces, "spacing"),
            (self.around_punctuation, "spaces next to punctuation"),
        ]
        .into_iter()
        .filter_map(|(set, name)| set.then_some(name))
        .collect()
    }
}

/// `line breaks only`, `paragraph breaks and spacing only`.
impl fmt::Display for Spacing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts = self.parts();
        match parts.split_last() {
            None => f.write_str("whitespace only"),
            Some((last, [])) => write!(f, "{last} only"),
            Some((last, rest)) => write!(f, "{} and {last} only", rest.join(", ")),
        }
    }
}

/// In JSON: the list of kinds, `["line breaks", "spacing"]`.
impl Serialize for Spacing {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.parts())
    }
}

/// A text's words and the whitespace around them (one more gap than words:
/// before the first, between each two, after the last).
fn split(text: &str) -> (Vec<&str>, Vec<&str>) {
    let mut words = Vec::new();
    let mut gaps = Vec::new();
    let mut rest = text;
    loop {
        let word_start = rest
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(rest.len());
        gaps.push(&rest[..word_start]);
        rest = &rest[word_start..];
        if rest.is_empty() {
            break;
        }
        let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        words.push(&rest[..word_end]);
        rest = &rest[word_end..];
    }
    (words, gaps)
}

#[cfg(test)]
mod tests {
    use super::Spacing;

    #[test]
    fn names_each_kind_of_whitespace_that_differs() {
        let wrapped = Spacing::between("one two\nthree", "one two three").unwrap();
        assert_eq!(wrapped.to_string(), "line breaks only");
        let split = Spacing::between("one two three", "one two\n\nthree").unwrap();
        assert_eq!(split.to_string(), "paragraph breaks only");
        let both = Spacing::between("one  two\nthree four", "one two three\n\nfour").unwrap();
        assert_eq!(
            both.to_string(),
            "line breaks, paragraph breaks and spacing only"
        );
        let trailing = Spacing::between("one two", "one two  ").unwrap();
        assert_eq!(trailing.to_string(), "spacing only");
    }

    #[test]
    fn other_words_or_no_difference_are_not_spacing() {
        assert_eq!(Spacing::between("one two", "one three"), None);
        assert_eq!(Spacing::between("one two", "one two"), None);
        assert_eq!(Spacing::between("one two", "onetwo"), None);
    }
}
