//! What `md-long` and `md-short` share: the title, and finding the rule
//! headings. A `## N` line is a rule boundary only where Markdown makes it a
//! heading: pulldown-cmark tells which lines sit inside code blocks or raw
//! HTML blocks, so `## ` lines there stay part of a rule's body.

use super::error::ParseError;
use super::lines::{looks_like_md_heading, md_heading, Heading};
use super::quirks::quirk;
use super::text::{self, Line};
use crate::model::{Format, LayoutQuirk, QuirkKind};
use pulldown_cmark::{Event, Options, Parser, Tag};
use std::ops::Range;

/// A Markdown ruleset cut at its rule headings.
pub(super) struct MdDocument<'a> {
    /// The format the document is read as.
    pub format: Format,
    pub title: String,
    pub lines: Vec<Line<'a>>,
    /// Index in `lines` of each rule heading, with the parsed heading.
    pub headings: Vec<(usize, Heading)>,
    /// Quirks found while cutting, keyed by the index of the rule they fall in.
    pub rule_quirks: Vec<(usize, LayoutQuirk)>,
    /// Quirks of the header (the older dialect has no `---` under the title).
    pub header_quirks: Vec<LayoutQuirk>,
    /// Byte ranges of code blocks and raw HTML blocks, in order.
    pub hidden: Vec<Range<usize>>,
}

impl MdDocument<'_> {
    /// Whether a byte offset lies inside a code block or raw HTML block.
    pub(super) fn is_hidden(&self, offset: usize) -> bool {
        hidden_block(&self.hidden, offset).is_some()
    }
}

/// The code block or raw HTML block of `hidden` (in order) that holds a
/// byte offset.
fn hidden_block(hidden: &[Range<usize>], offset: usize) -> Option<&Range<usize>> {
    let after = hidden.partition_point(|block| block.end <= offset);
    hidden.get(after).filter(|block| block.start <= offset)
}

/// Reads the title and finds the rule headings. `md-rule` pages have no
/// title: their first non-blank line is a rule heading.
pub(super) fn split(text: &str, format: Format) -> Result<MdDocument<'_>, ParseError> {
    let bom = text::bom_len(text);
    // A carriage return left at the end of a line (`\r\r\n`) is a line
    // ending to Markdown, and one no canonical form keeps (written before
    // `\n`, it reads as part of `\r\n`): the line's text ends before it.
    let lines = text::lines_by(text, bom, true);
    let header = header(format, lines.iter().copied())?;
    let candidates = lines
        .iter()
        .copied()
        .enumerate()
        .skip(header.body_from)
        .filter(|(_, line)| looks_like_md_heading(line.text));
    let cut = cut(text, format, lines.iter().copied(), &header, candidates)?;
    Ok(MdDocument {
        format,
        title: cut.title,
        lines,
        headings: cut.headings,
        rule_quirks: cut.rule_quirks,
        header_quirks: cut.header_quirks,
        hidden: cut.hidden,
    })
}

/// What [`split`] finds besides the lines.
struct Cut {
    title: String,
    headings: Vec<(usize, Heading)>,
    rule_quirks: Vec<(usize, LayoutQuirk)>,
    header_quirks: Vec<LayoutQuirk>,
    hidden: Vec<Range<usize>>,
}

/// Where a document's title is and its body starts.
struct Header<'a> {
    title: &'a str,
    /// The title line (the first rule heading of a title-less page).
    first: Line<'a>,
    /// The index of the first line after the title.
    body_from: usize,
}

const TITLE_EXPECTED: &str = "a title line `# TITLE`";

/// The title of a document whose lines are `lines`.
fn header<'a>(
    format: Format,
    lines: impl Iterator<Item = Line<'a>> + Clone,
) -> Result<Header<'a>, ParseError> {
    let titled = format != Format::MdRule;
    // Blank lines before the title stay in the header.
    let first = lines
        .clone()
        .enumerate()
        .find(|(_, l)| !l.is_blank())
        .or_else(|| lines.clone().next().map(|l| (0, l)));
    let expected = if titled {
        TITLE_EXPECTED
    } else {
        "a rule heading such as `## 101/0 (IMMUTABLE)`"
    };
    let Some((first_at, first)) = first else {
        return Err(ParseError::new("the file is empty", 0..0)
            .expected(expected)
            .in_format(format));
    };
    let title = match first.text.strip_prefix("# ") {
        Some(title) if titled => title,
        None if !titled && looks_like_md_heading(first.text) => "",
        _ => {
            let what = if titled {
                "its title"
            } else {
                "a rule heading"
            };
            return Err(ParseError::new(
                format!("a {format} file starts with {what}"),
                first.span(),
            )
            .expected(expected)
            .in_format(format));
        }
    };
    // Rule headings are looked for after the title (from the first line of
    // a title-less page).
    let body_from = if titled { first_at + 1 } else { first_at };
    Ok(Header {
        title,
        first,
        body_from,
    })
}

/// The rule headings, quirks and hidden blocks of `text`, whose lines (from
/// its byte order mark on) are `lines` and whose lines after the title that
/// look like a rule heading are `candidates`, in order, each with the key
/// its heading is kept under.
fn cut<'a>(
    text: &'a str,
    format: Format,
    lines: impl Iterator<Item = Line<'a>> + Clone,
    header: &Header<'a>,
    candidates: impl Iterator<Item = (usize, Line<'a>)> + Clone,
) -> Result<Cut, ParseError> {
    let bom = text::bom_len(text);
    let titled = format != Format::MdRule;
    let body = lines.skip(header.body_from);
    let hidden = hidden_blocks(text, bom, candidates.clone().map(|(_, line)| line));
    // At most one heading a candidate: no room grown into.
    let mut headings = Vec::with_capacity(candidates.size_hint().0);
    let mut rule_quirks = Vec::new();
    for (key, line) in candidates {
        if let Some(block) = hidden_block(&hidden, line.start) {
            if block.end >= text.len() && !headings.is_empty() {
                // An unterminated fence or HTML block swallows every later
                // heading: legal Markdown, but worth a check.
                let kind = QuirkKind::SwallowedHeading { fence: block.start };
                rule_quirks.push((headings.len() - 1, quirk(kind, line.start, line.text.len())));
            }
            continue;
        }
        let heading =
            md_heading(line.text).map_err(|err| ParseError::heading(err, &line, format))?;
        headings.push((key, heading));
    }
    if headings.is_empty() {
        if let Some(stray) = body
            .clone()
            .find(|l| !l.is_blank() && l.text.trim() != "---")
        {
            return Err(
                ParseError::new("no rule heading before this text", stray.span())
                    .expected("a rule heading such as `## 101/0 (IMMUTABLE)`")
                    .in_format(format),
            );
        }
    }
    let mut header_quirks = Vec::new();
    if titled && body.clone().next().is_none_or(|l| l.text != "---") {
        let description = "no `---` line under the title".into();
        header_quirks.push(quirk(QuirkKind::Other { description }, header.first.end, 0));
    }
    Ok(Cut {
        title: header.title.trim_end().to_string(),
        headings,
        rule_quirks,
        header_quirks,
        hidden,
    })
}

/// How many bytes of the file pulldown-cmark reads at a time (at least):
/// it builds a tree of everything it reads, about three times its size.
const PIECE: usize = 64 * 1024;

/// Byte ranges of code blocks and raw HTML blocks, in order.
///
/// The file is read in pieces of about [`PIECE`] bytes, each starting at a
/// line that looks like a rule heading (`## ` and a digit at the start of
/// the line), so that pulldown-cmark never holds the whole file's tree. A
/// piece read alone has the blocks it has in the whole file: such a line
/// ends every paragraph, list and quote before it, unless it lies inside a
/// fence or an HTML block, and then that block is open when the piece
/// before it ends (it reaches that piece's end). So a piece whose last block
/// reaches its end is read again with the pieces after it (one, then three,
/// then seven more…) until no block reaches the end or the file ends.
fn hidden_blocks<'a>(
    text: &str,
    bom: usize,
    lines: impl IntoIterator<Item = Line<'a>>,
) -> Vec<Range<usize>> {
    hidden_blocks_by(text, bom, lines, PIECE)
}

/// [`hidden_blocks`] in pieces of at least `piece` bytes.
fn hidden_blocks_by<'a>(
    text: &str,
    bom: usize,
    lines: impl IntoIterator<Item = Line<'a>>,
    piece: usize,
) -> Vec<Range<usize>> {
    let mut bounds = vec![bom];
    for line in lines {
        let last = bounds[bounds.len() - 1];
        if line.start >= last.saturating_add(piece) && looks_like_md_heading(line.text) {
            bounds.push(line.start);
        }
    }
    bounds.push(text.len());
    let mut blocks: Vec<Range<usize>> = Vec::new();
    let mut first = 0;
    let mut step = 1;
    while first + 1 < bounds.len() {
        let last = (first + step).min(bounds.len() - 1);
        let (start, end) = (bounds[first], bounds[last]);
        let piece = blocks_in(text, start..end);
        if last + 1 < bounds.len() && piece.iter().any(|block| block.end >= end) {
            step = step * 2 + 1;
            continue;
        }
        blocks.extend(piece);
        first = last;
        step = 1;
    }
    blocks
}

/// The code blocks and raw HTML blocks of `text[range]` read as a Markdown
/// document of its own, in order, located in `text`.
fn blocks_in(text: &str, range: Range<usize>) -> Vec<Range<usize>> {
    if may_hold_blocks(&text[range.clone()]) {
        markdown_blocks(text, range)
    } else {
        Vec::new()
    }
}

/// Whether Markdown could find a code block or raw HTML block in `text`:
/// a fence needs three backticks or tildes, an indented code block four
/// columns of indentation past its container's markers (four spaces in a
/// row, or a tab), and an HTML block a `<`. Without any of them there is
/// none, and pulldown-cmark need not read the text (most rules have none).
fn may_hold_blocks(text: &str) -> bool {
    // A run of a repeated byte is the run's first bytes, so a search for the
    // shortest run that counts finds every longer one.
    let bytes = text.as_bytes();
    memchr::memchr2(b'<', b'\t', bytes).is_some()
        || memchr::memmem::find(bytes, b"```").is_some()
        || memchr::memmem::find(bytes, b"~~~").is_some()
        || memchr::memmem::find(bytes, b"    ").is_some()
}

/// [`blocks_in`] read by pulldown-cmark, whatever the text holds.
fn markdown_blocks(text: &str, range: Range<usize>) -> Vec<Range<usize>> {
    let offset = range.start;
    let mut blocks: Vec<Range<usize>> = Vec::new();
    for (event, found) in Parser::new_ext(&text[range], Options::empty()).into_offset_iter() {
        if let Event::Start(Tag::CodeBlock(_) | Tag::HtmlBlock) = event {
            let found = found.start + offset..found.end + offset;
            // Nested blocks (a fence in a list) arrive in order; keep them sorted.
            if blocks.last().is_none_or(|last| last.end <= found.start) {
                blocks.push(found);
            }
        }
    }
    blocks
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

    /// The blocks found piece by piece (a piece per rule heading) are the
    /// blocks of the whole file read at once.
    fn same_blocks_in_pieces(text: &str) {
        let bom = text::bom_len(text);
        let lines = text::lines(text, bom);
        let whole = markdown_blocks(text, bom..text.len());
        assert_eq!(
            hidden_blocks_by(text, bom, lines.iter().copied(), usize::MAX),
            whole
        );
        for piece in [0, 1, 20] {
            let pieces = hidden_blocks_by(text, bom, lines.iter().copied(), piece);
            assert_eq!(pieces, whole, "piece {piece} of {text:?}");
        }
    }

    #[test]
    fn blocks_read_in_pieces_are_the_blocks_of_the_whole_file() {
        let parts = [
            "## 1\n\nx\n\n",
            "## 2\n\n```\ncode\n```\n",
            "## 3\n\n```\nopen fence\n\n",
            "## 4\n\n<div>\nhtml\n",
            "## 5\n\n<!-- a comment\n\n",
            "## 6\n\n    indented code\n",
            "## 7\n\n- a list\n\n      code in it\n",
            "## 8\n\n> quoted\n> ```\n",
            "## 9\n\n~~~\n## 10\n~~~\n\n",
            "## 11\n\n-->\n",
            "## 12\n\n<pre>\n\n",
            "## 13\n\n</pre>\n\ntext\n",
            "## 14\n\n-     code after a marker\n",
            "## 15\n\n>     quoted code\n",
            "## 16\n\n\tcode after a tab\n",
            "## 17\n\n1.  a\n\n    b\n\n        code\n",
        ];
        // Every part after every other, and each part alone at the end.
        for (i, a) in parts.iter().enumerate() {
            for b in &parts {
                for c in &parts[i..] {
                    same_blocks_in_pieces(&format!("# T\n---\n{a}{b}{c}"));
                }
            }
        }
        same_blocks_in_pieces(&format!("\u{feff}# T\n\n{}", parts.concat()));
    }

    #[test]
    fn only_text_without_fences_indentation_or_html_skips_the_markdown_read() {
        for holds in ["a ``` b", "~~~", "a    b", "\tb", "<div>", "x`` ``` y"] {
            assert!(may_hold_blocks(holds), "{holds:?}");
        }
        for plain in ["a `` b ~~ c   d", "", "## 1\n\nx\n", "`~`~ ~ ~"] {
            assert!(!may_hold_blocks(plain), "{plain:?}");
        }
    }

    /// [`may_hold_blocks`] as it was first written: one pass counting runs.
    fn holds_by_runs(text: &str) -> bool {
        let (mut byte, mut run) = (0u8, 0usize);
        for &b in text.as_bytes() {
            let needed = match b {
                b'<' | b'\t' => return true,
                b'`' | b'~' => 3,
                b' ' => 4,
                _ => {
                    run = 0;
                    continue;
                }
            };
            run = if b == byte { run + 1 } else { 1 };
            byte = b;
            if run >= needed {
                return true;
            }
        }
        false
    }

    proptest::proptest! {
        #[test]
        fn the_searches_for_blocks_find_what_counting_runs_finds(text in "[ `~<\tx]{0,16}") {
            proptest::prop_assert_eq!(may_hold_blocks(&text), holds_by_runs(&text));
        }
    }

    #[test]
    fn blank_lines_before_the_title_are_header() {
        let text = "\n\n# T\n\n## 1\n\nx";
        let doc = split(text, Format::MdShort).unwrap();
        assert_eq!(doc.title, "T");
        assert_eq!(doc.headings.len(), 1);
        let parsed = crate::parse::read(text.as_bytes(), &Default::default()).unwrap();
        assert_eq!(parsed.ruleset.layout.unwrap().header, "\n\n# T\n\n");
    }

    #[test]
    fn title_is_required() {
        let err = split("## 1\n", Format::MdShort).err().unwrap();
        assert!(
            err.message.contains("starts with its title"),
            "{}",
            err.message
        );
        assert_eq!(err.span, 0..4);
        assert_eq!(err.expected.as_deref(), Some(TITLE_EXPECTED));
    }
}
