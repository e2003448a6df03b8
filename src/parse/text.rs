//! Lines of a decoded file with their byte offsets, so every parser can
//! locate what it reads and slice exact layout pieces.

/// One line: `text` without its line ending; `end` is past the ending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    pub start: usize,
    pub text: &'a str,
    pub end: usize,
}

impl Line<'_> {
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// Byte offset just past the text (where the line ending starts).
    pub fn text_end(&self) -> usize {
        self.start + self.text.len()
    }
}

/// Splits `text[from..]` into lines; `\r\n` and `\n` both end a line. One
/// pass over the text.
pub fn lines(text: &str, from: usize) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut start = from;
    let bytes = text.as_bytes();
    while start < text.len() {
        let (content_end, end) = match text[start..].find('\n') {
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
        out.push(Line {
            start,
            text: &text[start..content_end],
            end,
        });
        start = end;
    }
    out
}

/// Length of a leading byte order mark.
pub fn bom_len(text: &str) -> usize {
    if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    }
}

/// Joins line texts with `\n` (meaning always uses LF), dropping leading and
/// trailing blank lines.
pub fn join_trimmed(lines: &[Line<'_>]) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
