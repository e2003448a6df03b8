//! Lines of a decoded file with their byte offsets, so every parser can
//! locate what it reads and slice exact layout pieces.

use super::error::ParseError;
use super::lines::{self, looks_like_txt_heading, Heading};
use crate::model::Format;
use std::ops::Range;

/// One line: `text` without its line ending; `end` is past the ending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Line<'a> {
    pub start: usize,
    pub text: &'a str,
    pub end: usize,
}

impl Line<'_> {
    pub(crate) fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// Byte offset just past the text (where the line ending starts).
    pub(crate) fn text_end(&self) -> usize {
        self.start + self.text.len()
    }

    /// Whether the line is a ruler of `c` (three or more, nothing else), as
    /// the text forms draw under the title and between rules.
    pub(crate) fn is_ruler(&self, c: char) -> bool {
        self.text.len() >= 3 && self.text.chars().all(|x| x == c)
    }

    /// The span of the line's text, for errors about the whole line.
    pub(crate) fn span(&self) -> Range<usize> {
        self.start..self.text_end()
    }
}

/// Splits `text[from..]` into lines; `\r\n` and `\n` both end a line. One
/// pass over the text.
pub(super) fn lines(text: &str, from: usize) -> Vec<Line<'_>> {
    lines_by(text, from, false)
}

/// [`lines`], each line's text ending before every carriage return it ends
/// in (`\r\r\n`) when `all_returns`, not only before the one of `\r\n`.
///
/// A large text is cut into pieces at line starts, and the pieces' lines
/// are found on every core, each piece's into its own part of the list.
pub(super) fn lines_by(text: &str, from: usize, all_returns: bool) -> Vec<Line<'_>> {
    lines_in_pieces(text, from, all_returns, PIECE)
}

/// How many bytes of a text [`lines_by`] reads on one core at least.
const PIECE: usize = 512 * 1024;

/// [`lines_by`] in pieces of at least `piece` bytes.
fn lines_in_pieces(text: &str, from: usize, all_returns: bool, piece: usize) -> Vec<Line<'_>> {
    use rayon::prelude::*;
    let bytes = text.as_bytes();
    let from = from.min(text.len());
    // Each piece ends after a line feed (the last at the end of the text).
    let mut pieces: Vec<Range<usize>> = Vec::new();
    let mut start = from;
    while start < text.len() {
        let cut = start.saturating_add(piece.max(1)).min(text.len());
        let end = memchr::memchr(b'\n', &bytes[cut - 1..]).map_or(text.len(), |i| cut + i);
        pieces.push(start..end);
        start = end;
    }
    // One allocation of the right size: counting line feeds is far cheaper
    // than growing (and copying) the list of a file's lines.
    let counts: Vec<usize> = pieces
        .par_iter()
        .map(|range| {
            let feeds = memchr::memchr_iter(b'\n', &bytes[range.clone()]).count();
            feeds + usize::from(bytes[range.end - 1] != b'\n')
        })
        .collect();
    let empty = Line {
        start: 0,
        text: "",
        end: 0,
    };
    let mut lines = vec![empty; counts.iter().sum()];
    let mut slots = Vec::with_capacity(pieces.len());
    let mut rest = lines.as_mut_slice();
    for count in counts {
        let (slot, after) = rest.split_at_mut(count);
        slots.push(slot);
        rest = after;
    }
    pieces
        .into_par_iter()
        .zip(slots)
        .for_each(|(range, slot)| fill_lines(text, range, all_returns, slot));
    lines
}

/// Writes the lines of `text[range]` (which starts a line and ends after a
/// line feed or at the end of the text) into `slot`, one a line.
fn fill_lines<'a>(text: &'a str, range: Range<usize>, all_returns: bool, slot: &mut [Line<'a>]) {
    let bytes = text.as_bytes();
    let mut start = range.start;
    let mut slots = slot.iter_mut();
    for found in memchr::memchr_iter(b'\n', &bytes[range.clone()]) {
        let newline = range.start + found;
        let mut content_end = newline;
        if content_end > start && bytes[content_end - 1] == b'\r' {
            content_end -= 1;
            while all_returns && content_end > start && bytes[content_end - 1] == b'\r' {
                content_end -= 1;
            }
        }
        if let Some(line) = slots.next() {
            *line = Line {
                start,
                text: &text[start..content_end],
                end: newline + 1,
            };
        }
        start = newline + 1;
    }
    if start < range.end {
        let mut content_end = range.end;
        while all_returns && content_end > start && bytes[content_end - 1] == b'\r' {
            content_end -= 1;
        }
        if let Some(line) = slots.next() {
            *line = Line {
                start,
                text: &text[start..content_end],
                end: range.end,
            };
        }
    }
}

/// The lines of `text` from byte `from`, one at a time, as [`lines`] gives
/// them.
pub(super) fn line_iter(text: &str, from: usize) -> LineIter<'_> {
    line_iter_by(text, from, false)
}

/// The lines of `text` from byte `from`, one at a time, as [`lines_by`]
/// gives them (a list of a file's lines is 32 bytes a line; this keeps
/// none).
pub(super) fn line_iter_by(text: &str, from: usize, all_returns: bool) -> LineIter<'_> {
    LineIter {
        text,
        start: from,
        all_returns,
    }
}

/// The iterator of [`line_iter`].
#[derive(Clone)]
pub(super) struct LineIter<'a> {
    text: &'a str,
    start: usize,
    all_returns: bool,
}

impl<'a> Iterator for LineIter<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        let (text, start) = (self.text, self.start);
        if start >= text.len() {
            return None;
        }
        let bytes = text.as_bytes();
        let (mut content_end, end) = match memchr::memchr(b'\n', &bytes[start..]) {
            Some(i) => {
                let newline = start + i;
                let content_end = if newline > start && bytes[newline - 1] == b'\r' {
                    newline - 1
                } else {
                    newline
                };
                (content_end, newline + 1)
            }
            None => (text.len(), text.len()),
        };
        while self.all_returns && content_end > start && bytes[content_end - 1] == b'\r' {
            content_end -= 1;
        }
        self.start = end;
        Some(Line {
            start,
            text: &text[start..content_end],
            end,
        })
    }
}

/// Length of a leading byte order mark.
pub(super) fn bom_len(text: &str) -> usize {
    if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    }
}

/// `text` with every line ending in `\n` alone: the carriage returns
/// before a line feed (`\r\n`, and `\r\r\n`, whose text ends before all
/// of them, as [`lines_by`] with `all_returns` has it) are dropped. Dropping
/// only the one of `\r\n` would leave the others in the text, and the next
/// read would drop one more of them.
pub(super) fn lf_endings(text: &str) -> std::borrow::Cow<'_, str> {
    if memchr::memmem::find(text.as_bytes(), b"\r\n").is_none() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        match line.strip_suffix('\n') {
            Some(content) => {
                out.push_str(content.trim_end_matches('\r'));
                out.push('\n');
            }
            None => out.push_str(line),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Joins line texts with `\n` (meaning always uses LF), dropping leading and
/// trailing blank lines.
pub(super) fn join_trimmed(lines: &[Line<'_>]) -> String {
    let first = lines.iter().position(|l| !l.is_blank());
    let last = lines.iter().rposition(|l| !l.is_blank());
    match (first, last) {
        (Some(first), Some(last)) => lines[first..=last]
            .iter()
            .map(|l| l.text)
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

/// Each rule's range of lines, from its heading's line to the next
/// heading's (the last rule's to `end`), with its heading and whether it is
/// the last rule.
pub(super) fn rule_ranges<T>(
    headings: &[(usize, T)],
    end: usize,
) -> impl Iterator<Item = (Range<usize>, &T, bool)> {
    headings
        .iter()
        .enumerate()
        .map(move |(n, (start, heading))| {
            let next = headings.get(n + 1).map_or(end, |(next, _)| *next);
            (*start..next, heading, n + 1 == headings.len())
        })
}

/// The text-form rule headings found in a file.
pub(super) struct TxtHeadings {
    /// Index in the lines of each heading, with the parsed heading.
    pub headings: Vec<(usize, Heading)>,
    /// The first heading-shaped line the grammar rejected (kept as body
    /// text), for a caller that finds no heading at all.
    pub first_rejection: Option<ParseError>,
}

/// The text-form rule headings from `lines[from..]`: a `Rule N` line after
/// a blank line. A heading-shaped line whose number is too large is an
/// error; other lines the heading grammar rejects (`Rule 206 says ...`
/// opening a paragraph) are body text.
pub(super) fn txt_headings(
    lines: &[Line<'_>],
    from: usize,
    format: Format,
) -> Result<TxtHeadings, ParseError> {
    let mut headings = Vec::new();
    let mut first_rejection = None;
    for (k, line) in lines.iter().enumerate().skip(from.max(1)) {
        if !looks_like_txt_heading(line.text) || !lines[k - 1].is_blank() {
            continue;
        }
        match lines::txt_heading(line.text) {
            Ok(heading) => headings.push((k, heading)),
            Err(err) if err.overflow => return Err(ParseError::heading(err, line, format)),
            Err(err) => {
                first_rejection.get_or_insert_with(|| ParseError::heading(err, line, format));
            }
        }
    }
    Ok(TxtHeadings {
        headings,
        first_rejection,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lf_endings_drop_every_return_before_a_line_feed() {
        assert_eq!(lf_endings("a\r\r\r\nb\r\nc\rd\r"), "a\nb\nc\rd\r");
        assert!(matches!(
            lf_endings("a\nb\rc"),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    proptest::proptest! {
        /// Reading a text's endings twice is reading them once: what the
        /// first read keeps is what a file written from it reads as.
        #[test]
        fn lf_endings_are_idempotent(text in "[a\r\n]{0,16}") {
            let once = lf_endings(&text).into_owned();
            proptest::prop_assert_eq!(lf_endings(&once), once.as_str());
            proptest::prop_assert!(!once.contains("\r\n"));
        }
    }

    #[test]
    fn lines_keep_offsets_and_strip_both_endings() {
        let text = "a\r\nb\n\nc";
        let ls = lines(text, 0);
        let texts: Vec<_> = ls.iter().map(|l| l.text).collect();
        assert_eq!(texts, ["a", "b", "", "c"]);
        assert_eq!((ls[0].start, ls[0].end), (0, 3));
        assert_eq!((ls[3].start, ls[3].end), (6, 7));
        assert_eq!(join_trimmed(&ls), "a\nb\n\nc");
    }

    proptest::proptest! {
        /// The lines found with `memchr` are the lines found one at a time,
        /// and Markdown's lines end before every carriage return.
        #[test]
        fn lines_are_the_lines_found_one_at_a_time(text in "[a\r\n]{0,12}", from in 0usize..3) {
            let from = from.min(text.len());
            let one_by_one: Vec<Line<'_>> = line_iter(&text, from).collect();
            proptest::prop_assert_eq!(&lines(&text, from), &one_by_one);
            let trimmed: Vec<Line<'_>> = one_by_one
                .iter()
                .map(|line| Line { text: line.text.trim_end_matches('\r'), ..*line })
                .collect();
            proptest::prop_assert_eq!(&lines_by(&text, from, true), &trimmed);
            // Read in pieces of a few bytes, on every core.
            for piece in [1, 2, 5] {
                proptest::prop_assert_eq!(&lines_in_pieces(&text, from, false, piece), &one_by_one);
                proptest::prop_assert_eq!(&lines_in_pieces(&text, from, true, piece), &trimmed);
            }
            let trimmed_one_by_one: Vec<Line<'_>> = line_iter_by(&text, from, true).collect();
            proptest::prop_assert_eq!(trimmed_one_by_one, trimmed);
        }
    }
}
