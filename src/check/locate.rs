//! From a place in a rule (its heading, a history line, a phrase of its
//! text) to a byte span of the file, through the rule's kept source.
//!
//! Rules read from a file carry their exact source and its offset; the model
//! text is normalised (unwrapped, without indentation), so phrases are found
//! in the source with any run of whitespace matching any other. Rules without
//! a layout (built in memory) have no place in the file: their findings
//! point at the start of the file.

use crate::model::{Format, Rule, RuleLayout, Ruleset};
use std::ops::Range;

/// A rule's kept source and the offset in the file it starts at
/// ([`super::Input::kept`]): the rule's place in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Kept<'s> {
    /// Where the source starts in the file.
    pub offset: usize,
    /// The rule's source exactly as in the file.
    pub source: &'s str,
}

impl<'s> Kept<'s> {
    /// The source a rule's layout holds (`None` without a layout).
    pub(crate) fn of(rule: &'s Rule) -> Option<Kept<'s>> {
        let layout = rule.layout.as_ref()?;
        Some(Kept {
            offset: layout.offset,
            source: &layout.source,
        })
    }
}

/// The span of the rule's heading line, without its line break. A text
/// form's source starts with the ruler above the heading; that is skipped.
pub(super) fn heading(kept: Option<Kept<'_>>) -> Range<usize> {
    let Some(layout) = kept else {
        return 0..0;
    };
    let mut start = 0;
    for line in layout.source.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let ruler = content
            .chars()
            .all(|c| c == '-' || c == '=' || c.is_whitespace());
        if !ruler {
            return layout.offset + start..layout.offset + start + content.len();
        }
        start += line.len();
    }
    let line = first_line(layout.source);
    layout.offset..layout.offset + line.len()
}

/// The span of the `nth` (0-based) line of the rule's source that contains
/// `needle`, without indentation and line break.
pub(super) fn line_containing(
    kept: Option<Kept<'_>>,
    needle: &str,
    nth: usize,
) -> Option<Range<usize>> {
    let layout = kept?;
    let mut seen = 0;
    let mut start = 0;
    for line in layout.source.split_inclusive('\n') {
        if line.contains(needle) {
            if seen == nth {
                let content = line.trim_end_matches(['\n', '\r']);
                let trimmed = content.trim_start();
                let from = start + content.len() - trimmed.len();
                return Some(layout.offset + from..layout.offset + start + content.len());
            }
            seen += 1;
        }
        start += line.len();
    }
    None
}

/// The span of the `nth` (0-based) occurrence of `phrase` in the rule's
/// source, where whitespace runs in either match any whitespace run.
pub(super) fn phrase(kept: Option<Kept<'_>>, phrase: &str, nth: usize) -> Option<Range<usize>> {
    let layout = kept?;
    find_flexible(layout.source, phrase, nth)
        .map(|r| r.start + layout.offset..r.end + layout.offset)
}

/// Like [`phrase`], falling back to the heading.
pub(super) fn phrase_or_heading(kept: Option<Kept<'_>>, text: &str, nth: usize) -> Range<usize> {
    phrase(kept, text, nth).unwrap_or_else(|| heading(kept))
}

/// The first line of a span of the file: a long paragraph is marked on its
/// first line only.
pub(super) fn first_line_of(text: &str, span: Range<usize>) -> Range<usize> {
    let slice = text.get(span.clone()).unwrap_or("");
    span.start..span.start + first_line(slice).len()
}

fn first_line(text: &str) -> &str {
    let line = text.split('\n').next().unwrap_or("");
    line.strip_suffix('\r').unwrap_or(line)
}

/// The `nth` occurrence of `needle` in `haystack`, whitespace-insensitive.
pub(super) fn find_flexible(haystack: &str, needle: &str, nth: usize) -> Option<Range<usize>> {
    let words: Vec<&str> = needle.split_whitespace().collect();
    let first = *words.first()?;
    let mut seen = 0;
    let mut from = 0;
    while let Some(found) = haystack[from..].find(first) {
        let start = from + found;
        if let Some(end) = match_rest(haystack, start + first.len(), &words[1..]) {
            if seen == nth {
                return Some(start..end);
            }
            seen += 1;
            from = end;
        } else {
            from = start + first.len();
        }
    }
    None
}

/// Matches whitespace then each word in turn from `at`; the end of the match.
fn match_rest(haystack: &str, mut at: usize, words: &[&str]) -> Option<usize> {
    for word in words {
        let rest = &haystack[at..];
        let trimmed = rest.trim_start();
        if trimmed.len() == rest.len() || !trimmed.starts_with(word) {
            return None;
        }
        at += rest.len() - trimmed.len() + word.len();
    }
    Some(at)
}

/// A ruleset read from JSON has no kept layout; to point into the JSON
/// file, each rule gets as its "source" the stretch of JSON from its
/// `"number"` key to the next rule's, so that its heading is the
/// `"number": 203,` line. `None` when the file is not JSON or the keys
/// cannot be matched to the rules one for one.
pub(super) fn json_layout(ruleset: &Ruleset, text: &str, format: Format) -> Option<Ruleset> {
    if format != Format::Json || ruleset.rules.iter().any(|r| r.layout.is_some()) {
        return None;
    }
    // Keys inside JSON strings are escaped (`\"number\"`), so every match
    // is a key; only rules have a `number`.
    let starts: Vec<usize> = text.match_indices("\"number\"").map(|(i, _)| i).collect();
    if starts.len() != ruleset.rules.len() {
        return None;
    }
    let mut located = ruleset.clone();
    for (index, rule) in located.rules.iter_mut().enumerate() {
        let start = starts[index];
        let end = starts.get(index + 1).copied().unwrap_or(text.len());
        rule.layout = Some(RuleLayout {
            source: text[start..end].to_string(),
            offset: start,
            fingerprint: String::new(),
            trailer: String::new(),
            note: None,
            heading_level: None,
            tree: None,
            quirks: Vec::new(),
        });
    }
    Some(located)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::testing::with_layout;

    #[test]
    fn headings_lines_and_wrapped_phrases_map_to_file_spans() {
        let source = "Rule 203/1\n\n      Players may\n      vote twice.\n\nHistory:\nInitial mutable Rule 203, Jun 1, 2020\n";
        let rule = with_layout(Rule::new(203, "Players may vote twice."), source, 100);
        assert_eq!(heading(Kept::of(&rule)), 100..110);
        let ruled = with_layout(
            Rule::new(203, "Text."),
            "-----\nRule 203/1\n\n      Text.\n",
            7,
        );
        assert_eq!(heading(Kept::of(&ruled)), 13..23);
        let line = line_containing(Kept::of(&rule), "Initial mutable", 0).unwrap();
        assert_eq!(
            &source[line.start - 100..line.end - 100],
            "Initial mutable Rule 203, Jun 1, 2020"
        );
        let span = phrase(Kept::of(&rule), "may vote twice.", 0).unwrap();
        assert_eq!(
            &source[span.start - 100..span.end - 100],
            "may\n      vote twice."
        );
        assert_eq!(phrase(Kept::of(&rule), "may vote twice.", 1), None);
        assert_eq!(
            phrase_or_heading(Kept::of(&rule), "absent words", 0),
            100..110
        );
    }

    #[test]
    fn json_rules_point_at_their_number_key() {
        let ruleset = Ruleset::new("T", vec![Rule::new(101, "A."), Rule::new(102, "B.")]);
        let text = serde_json::to_string_pretty(&ruleset).unwrap();
        let located = json_layout(&ruleset, &text, Format::Json).unwrap();
        let span = heading(Kept::of(&located.rules[1]));
        assert_eq!(&text[span], "\"number\": 102,");
        assert!(json_layout(&ruleset, &text, Format::MdLong).is_none());
        assert!(json_layout(&ruleset, "{}", Format::Json).is_none());
    }

    #[test]
    fn flexible_search_counts_occurrences_and_needs_whitespace_between_words() {
        let text = "a b\na  b ab";
        assert_eq!(find_flexible(text, "a b", 0), Some(0..3));
        assert_eq!(find_flexible(text, "a b", 1), Some(4..8));
        assert_eq!(find_flexible(text, "a b", 2), None);
        assert_eq!(find_flexible(text, "", 0), None);
    }
}
