//! Byte offsets of a text and the positions of the protocol (a line and a
//! column counted in UTF-16 code units): the one conversion between them.

use lsp_types::{Position, Range as LspRange};
use std::ops::Range;

/// Where each line of a text starts, to convert offsets and positions.
#[derive(Debug, Clone, Default)]
pub(crate) struct LineIndex {
    /// The byte offset of the first byte of each line; the first is 0.
    starts: Vec<usize>,
}

impl LineIndex {
    /// The index of `text`'s lines (a line ends after `\n`).
    pub(crate) fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|at| at + 1));
        LineIndex { starts }
    }

    /// The position of byte `offset` of `text` (the text this index was
    /// made of); an offset past the end, or inside a character, is taken
    /// back to the end or to the character's start.
    pub(crate) fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&start| start <= offset) - 1;
        let start = self.starts[line];
        let column: usize = text[start..offset].chars().map(char::len_utf16).sum();
        Position::new(line as u32, column as u32)
    }

    /// The range of a byte span of `text`.
    pub(crate) fn range(&self, text: &str, span: &Range<usize>) -> LspRange {
        LspRange::new(
            self.position(text, span.start),
            self.position(text, span.end.max(span.start)),
        )
    }

    /// The byte offset of `position` in `text`: a line past the last is the
    /// end of the text, a column past the line's end is the line's end (its
    /// line break excluded), as the protocol asks.
    pub(crate) fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(position.line as usize + 1)
            .map_or(text.len(), |&next| next);
        let line = text[start..end].trim_end_matches(['\n', '\r']);
        let mut units = 0;
        for (at, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + at;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }

    /// The 0-based line of byte `offset`.
    pub(crate) fn line(&self, offset: usize) -> u32 {
        (self.starts.partition_point(|&start| start <= offset) - 1) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_units_and_out_of_range_positions_are_clamped() {
        let text = "ab\n“é” 𝄞x\r\nend";
        let index = LineIndex::new(text);
        let x = text.find('x').unwrap();
        // “ é ” and the space are one unit each, 𝄞 is two.
        assert_eq!(index.position(text, x), Position::new(1, 6));
        assert_eq!(index.offset(text, Position::new(1, 6)), x);
        assert_eq!(index.offset(text, Position::new(1, 99)), x + 1);
        assert_eq!(index.offset(text, Position::new(9, 0)), text.len());
        assert_eq!(index.position(text, text.len() + 5), Position::new(2, 3));
        // Inside “ (three bytes): its start.
        assert_eq!(index.position(text, 4), Position::new(1, 0));
        assert_eq!(index.line(x), 1);
    }
}
