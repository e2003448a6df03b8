//! What `md-long` and `md-short` share: the title, and finding the rule
//! headings. A `## N` line is a rule boundary only where Markdown makes it a
//! heading: pulldown-cmark tells which lines sit inside code blocks or raw
//! HTML blocks, so `## ` lines there stay part of a rule's body.

use super::error::ParseError;
use super::lines::{looks_like_md_heading, md_heading, Heading};
use super::text::{self, Line};
use crate::model::{Format, LayoutQuirk, QuirkKind};
use pulldown_cmark::{Event, Options, Parser, Tag};
use std::ops::Range;

/// A Markdown ruleset cut at its rule headings.
pub struct MdDocument<'a> {
    pub title: String,
    pub lines: Vec<Line<'a>>,
    /// Index in `lines` of each rule heading, with the parsed heading.
    pub headings: Vec<(usize, Heading)>,
    /// Quirks found while cutting, keyed by the index of the rule they fall in.
    pub rule_quirks: Vec<(usize, LayoutQuirk)>,
}

const TITLE_EXPECTED: &str = "a title line `# TITLE`";

/// Reads the title and finds the rule headings.
pub fn split(text: &str, format: Format) -> Result<MdDocument<'_>, ParseError> {
    let bom = text::bom_len(text);
    let lines = text::lines(text, bom);
    let Some(first) = lines.first() else {
        return Err(ParseError::new("the file is empty", 0..0)
            .expected(TITLE_EXPECTED)
            .in_format(format));
    };
    let Some(title) = first.text.strip_prefix("# ") else {
        return Err(
            ParseError::new("a Markdown ruleset starts with its title", line_span(first))
                .expected(TITLE_EXPECTED)
                .in_format(format),
        );
    };
    let hidden = hidden_blocks(text, bom);
    let mut hidden_at = 0;
    let mut headings = Vec::new();
    let mut rule_quirks = Vec::new();
    for (index, line) in lines.iter().enumerate().skip(1) {
        if !looks_like_md_heading(line.text) {
            continue;
        }
        while hidden_at < hidden.len() && hidden[hidden_at].end <= line.start {
            hidden_at += 1;
        }
        if let Some(block) = hidden.get(hidden_at).filter(|b| b.start <= line.start) {
            if block.end >= text.len() && !headings.is_empty() {
                // An unterminated fence or HTML block swallows every later
                // heading: legal Markdown, but worth a check.
                rule_quirks.push((
                    headings.len() - 1,
                    LayoutQuirk {
                        kind: QuirkKind::Other {
                            description: "a rule heading inside a code or HTML block that is \
                                          never closed"
                                .into(),
                        },
                        offset: line.start,
                        len: line.text.len(),
                    },
                ));
            }
            continue;
        }
        let heading = md_heading(line.text).map_err(|err| {
            ParseError::new(
                err.message,
                line.start + err.span.start..line.start + err.span.end,
            )
            .expected(err.expected)
            .in_format(format)
        })?;
        headings.push((index, heading));
    }
    if headings.is_empty() {
        if let Some(stray) = lines[1..]
            .iter()
            .find(|l| !l.is_blank() && l.text.trim() != "---")
        {
            return Err(
                ParseError::new("no rule heading before this text", line_span(stray))
                    .expected("a rule heading such as `## 101/0 (IMMUTABLE)`")
                    .in_format(format),
            );
        }
    }
    Ok(MdDocument {
        title: title.trim_end().to_string(),
        lines,
        headings,
        rule_quirks,
    })
}

/// Byte ranges of code blocks and raw HTML blocks, in order.
fn hidden_blocks(text: &str, bom: usize) -> Vec<Range<usize>> {
    let mut blocks: Vec<Range<usize>> = Vec::new();
    for (event, range) in Parser::new_ext(&text[bom..], Options::empty()).into_offset_iter() {
        if let Event::Start(Tag::CodeBlock(_) | Tag::HtmlBlock) = event {
            let range = range.start + bom..range.end + bom;
            // Nested blocks (a fence in a list) arrive in order; keep them sorted.
            if blocks.last().is_none_or(|last| last.end <= range.start) {
                blocks.push(range);
            }
        }
    }
    blocks
}

/// The span of a line's text (at least one byte where the line has any).
pub fn line_span(line: &Line<'_>) -> Range<usize> {
    line.start..line.text_end()
}

/// A quirk at a place in the file.
pub fn quirk(kind: QuirkKind, offset: usize, len: usize) -> LayoutQuirk {
    LayoutQuirk { kind, offset, len }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_inside_code_fences_are_not_rules() {
        let text = "# T\n\n## 1\n\n```\n## 2\n```\n\n## 3\n\nx\n";
        let doc = split(text, Format::MdShort).unwrap();
        let numbers: Vec<u32> = doc.headings.iter().map(|(_, h)| h.number).collect();
        assert_eq!(numbers, [1, 3]);
        assert!(doc.rule_quirks.is_empty());
    }

    #[test]
    fn an_unterminated_fence_is_a_result_with_a_quirk() {
        let text = "# T\n\n## 1\n\n```\n## 2\n\n## 3\n";
        let doc = split(text, Format::MdShort).unwrap();
        assert_eq!(doc.headings.len(), 1);
        assert_eq!(doc.rule_quirks.len(), 2);
    }

    #[test]
    fn title_is_required() {
        let err = split("## 1\n", Format::MdShort).err().unwrap();
        assert_eq!(err.span, 0..4);
        assert_eq!(err.expected.as_deref(), Some(TITLE_EXPECTED));
    }
}
