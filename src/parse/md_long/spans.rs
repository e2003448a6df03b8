//! The Markdown forms read for `nomic check` ([`crate::parse::ReadDepth::Spans`]):
//! the layout without copies of the rules' sources, and without a list of
//! the whole file's lines.

use super::super::assemble::{assemble_kept, line_ending, Piece, Sources};
use super::super::error::ParseError;
use super::super::markdown::{self, MdDocument, RuleHeadings};
use super::super::quirks::quirk;
use super::super::text::Line;
use super::super::ReadMode;
use super::{finish, read_rule};
use crate::model::{DocumentLayout, Format, QuirkKind, Rule, RuleLayout, Ruleset};
use rayon::prelude::*;
use std::ops::Range;

/// [`read_markdown`](super::read_markdown) with the layout but without
/// copies of the rules' sources ([`crate::parse::ReadDepth::Spans`]), and without a list of the whole
/// file's lines (32 bytes a line): the headings are found by a byte search
/// ([`markdown::headings`]) and each rule lists only its own lines, rules
/// read on every core. The rules, quirks and errors are those of
/// [`read_markdown`](super::read_markdown) in [`ReadMode::Layout`].
pub(crate) fn read_markdown_spans(text: &str, format: Format) -> Result<Ruleset, ParseError> {
    let cut = markdown::headings(text, format)?;
    // Each rule lists its own lines: the pieces are collected in place, in
    // file order, with no list of batches beside them.
    let pieces: Vec<Piece> = (0..cut.headings.len())
        .into_par_iter()
        .with_min_len(16)
        .map(|index| read_rule_of(text, format, &cut, index))
        .collect();
    let RuleHeadings {
        title,
        rule_quirks,
        header_quirks,
        ..
    } = cut;
    let document = finish(text, format, title, pieces, rule_quirks, header_quirks);
    Ok(assemble_kept(
        text,
        document,
        ReadMode::Layout,
        Sources::Empty,
    ))
}

/// A Markdown ruleset cut at its rule headings, whose rules are read a run
/// at a time (`nomic check` holds a run of rules, not all of them): the
/// runs, one after another, are the rules of [`read_markdown_spans`], and
/// [`SpanRuns::document_layout`] its layout.
pub(crate) struct SpanRuns<'t> {
    text: &'t str,
    format: Format,
    cut: RuleHeadings,
}

impl<'t> SpanRuns<'t> {
    /// The headings of `text` read as `format` (md-long, md-short or
    /// md-rule), or the error [`read_markdown_spans`] fails with.
    pub(crate) fn new(text: &'t str, format: Format) -> Result<SpanRuns<'t>, ParseError> {
        let cut = markdown::headings(text, format)?;
        Ok(SpanRuns { text, format, cut })
    }

    /// How many rules there are.
    pub(crate) fn len(&self) -> usize {
        self.cut.headings.len()
    }

    /// The ruleset's title.
    pub(crate) fn title(&self) -> &str {
        &self.cut.title
    }

    /// Where rule `index`'s source starts: its heading's line; the end of
    /// the text (the end of the rules) for `index` past the last rule.
    pub(crate) fn start(&self, index: usize) -> usize {
        self.cut
            .headings
            .get(index)
            .map_or(self.text.len(), |(at, _)| *at)
    }

    /// The rules at `range`, with the layout of a spans read: its offset
    /// and quirks, its source left empty. They are read on the caller's
    /// core from one list of the range's lines, as the whole document's
    /// are (a caller reads runs of rules on every core).
    ///
    /// # Panics
    /// When `range` is not within the rules.
    pub(crate) fn rules(&self, range: Range<usize>) -> Vec<Rule> {
        let cut = &self.cut;
        let (from, to) = (self.start(range.start), self.start(range.end));
        let first = cut.hidden.partition_point(|block| block.end <= from);
        let last = cut.hidden.partition_point(|block| block.start < to);
        let doc = MdDocument {
            format: self.format,
            title: String::new(),
            // Every line of the range and no other: a heading starts a
            // line, so the lines end where the text is cut.
            lines: rule_lines(&self.text[..to], from),
            headings: Vec::new(),
            rule_quirks: Vec::new(),
            header_quirks: Vec::new(),
            hidden: cut.hidden[first..last.max(first)].to_vec(),
        };
        let count = self.len();
        let mut rules = Vec::with_capacity(range.len());
        let mut line = 0;
        for index in range.clone() {
            let end = self.start(index + 1);
            let first_line = line;
            line += doc.lines[line..].partition_point(|l| l.start < end);
            let heading = &cut.headings[index].1;
            let mut piece = read_rule(&doc, first_line..line, heading, index + 1 == count, false);
            // The quirks found while cutting come after a rule's own, as
            // `finish` adds them.
            // They are listed by rule, in order.
            let quirks = &cut.rule_quirks[cut.rule_quirks.partition_point(|(at, _)| *at < index)..];
            let quirks = quirks.iter().take_while(|(at, _)| *at == index);
            piece.quirks.extend(quirks.map(|(_, quirk)| quirk.clone()));
            rules.push(Rule {
                layout: Some(RuleLayout {
                    source: String::new(),
                    offset: piece.start,
                    fingerprint: String::new(),
                    trailer: String::new(),
                    quirks: piece.quirks,
                }),
                ..piece.rule
            });
        }
        rules
    }

    /// The document's layout as [`read_markdown_spans`] gives it: the
    /// header, no footer (the last rule ends the text), and the quirks of
    /// the header and of the file's end.
    pub(crate) fn document_layout(&self) -> DocumentLayout {
        let text = self.text;
        let mut quirks = self.cut.header_quirks.clone();
        let ends_with_newline = text.ends_with('\n');
        if ends_with_newline != (self.format == Format::MdLong) && !text.is_empty() {
            quirks.push(quirk(QuirkKind::FinalNewline, text.len(), 0));
        }
        DocumentLayout {
            format: self.format,
            line_ending: line_ending(text),
            title: self.cut.title.clone(),
            header: text[..self.start(0)].to_string(),
            footer: String::new(),
            rules_end: Some(text.len()),
            quirks,
            dialect: None,
        }
    }
}

/// The encoding issues a read of decoded `text` without repair reports
/// ([`crate::parse::Parsed::encoding`]), for a reader of [`SpanRuns`].
pub(crate) fn encoding_issues(text: &str) -> Vec<crate::parse::EncodingIssue> {
    super::super::encoding::find_mojibake(text)
}

/// The rule of heading `index` of `cut`, read from its own lines as a read
/// of the whole document reads it.
fn read_rule_of(text: &str, format: Format, cut: &RuleHeadings, index: usize) -> Piece {
    let start = |index: usize| cut.headings.get(index).map_or(text.len(), |(at, _)| *at);
    let (from, to) = (start(index), start(index + 1));
    let first = cut.hidden.partition_point(|block| block.end <= from);
    let last = cut.hidden.partition_point(|block| block.start < to);
    let doc = MdDocument {
        format,
        title: String::new(),
        // Every line of the rule and no other: a heading starts a line, so
        // the lines end where the text is cut.
        lines: rule_lines(&text[..to], from),
        headings: Vec::new(),
        rule_quirks: Vec::new(),
        header_quirks: Vec::new(),
        hidden: cut.hidden[first..last.max(first)].to_vec(),
    };
    let is_last = index + 1 == cut.headings.len();
    read_rule(
        &doc,
        0..doc.lines.len(),
        &cut.headings[index].1,
        is_last,
        false,
    )
}

/// The lines of `text` from the line start `from` on, as
/// `text::lines_by(text, from, true)` lists them: one at a time (a rule's
/// few lines need no pieces on other cores), into a list of the right size.
fn rule_lines(text: &str, from: usize) -> Vec<Line<'_>> {
    let bytes = &text.as_bytes()[from..];
    let unended = bytes.last().is_some_and(|&last| last != b'\n');
    let count = memchr::memchr_iter(b'\n', bytes).count() + usize::from(unended);
    let mut lines = Vec::with_capacity(count);
    lines.extend(super::super::text::line_iter_by(text, from, true));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::md_long::read_markdown;
    use crate::render::{render, RenderOptions};

    /// The spans read of `text` is the layout read with each rule's source
    /// left empty (the text up to the next rule's start), or the same error.
    fn same_as_layout(text: &str, format: Format) {
        let whole = read_markdown(text, format, ReadMode::Layout);
        let spans = read_markdown_spans(text, format);
        let (whole, mut spans) = match (whole, spans) {
            (Ok(whole), Ok(spans)) => (whole, spans),
            (Err(whole), Err(spans)) => return assert_eq!(whole, spans, "{text:?}"),
            (whole, spans) => panic!("{text:?}: {whole:?} but {spans:?}"),
        };
        let ends: Vec<usize> = spans
            .rules
            .iter()
            .skip(1)
            .map(|rule| rule.layout.as_ref().map_or(0, |l| l.offset))
            .chain([text.len()])
            .collect();
        for (rule, end) in spans.rules.iter_mut().zip(ends) {
            let layout = rule.layout.as_mut().unwrap();
            assert!(layout.source.is_empty());
            layout.source = text[layout.offset..end].to_string();
        }
        assert_eq!(whole, spans, "{text:?}");
    }

    /// The rules read in runs of `size` are those of the spans read of the
    /// whole text, and the document's layout is its layout.
    fn same_in_runs(text: &str, format: Format, size: usize) {
        let (whole, batches) = match (
            read_markdown_spans(text, format),
            SpanRuns::new(text, format),
        ) {
            (Ok(whole), Ok(batches)) => (whole, batches),
            (Err(whole), Err(batches)) => return assert_eq!(whole, batches, "{text:?}"),
            (whole, batches) => panic!("{text:?}: {whole:?} but {:?}", batches.err()),
        };
        let mut rules = Vec::new();
        for start in (0..batches.len()).step_by(size) {
            rules.extend(batches.rules(start..(start + size).min(batches.len())));
        }
        let starts: Vec<usize> = (0..=batches.len()).map(|i| batches.start(i)).collect();
        let offsets = rules.iter().map(|r| r.layout.as_ref().unwrap().offset);
        assert!(
            offsets.eq(starts[..batches.len()].iter().copied()),
            "{text:?}"
        );
        assert_eq!(starts.last(), Some(&text.len()));
        let read = Ruleset {
            title: batches.title().to_string(),
            rules,
            layout: Some(batches.document_layout()),
            agora: None,
        };
        assert_eq!(read, whole, "{text:?} in runs of {size}");
    }

    proptest::proptest! {
        #[test]
        fn rules_read_in_runs_are_the_spans_read(
            text in "(# T\n(---\n)?)?(## 10[12]/[01]( \\(IMMUTABLE\\))?|#### \\*History\\*|```|<div>|x y|  |\r|\n\n|\n){0,32}",
            size in 1usize..4,
        ) {
            for format in [Format::MdLong, Format::MdShort, Format::MdRule] {
                same_in_runs(&text, format, size);
            }
        }

        #[test]
        fn a_spans_read_is_the_layout_read_without_copies(
            text in "(# T\n(---\n)?)?(## 10[12]/[01]( \\(IMMUTABLE\\))?|#### \\*History\\*|##### \\*Judgments\\*|\\*Amended\\(1\\) by Proposal 3, Jun 1, 2020\\*|```|<div>|x y|  |\r|\n\n|\n){0,32}"
        ) {
            for format in [Format::MdLong, Format::MdShort, Format::MdRule] {
                same_as_layout(&text, format);
            }
        }
    }

    #[test]
    fn a_rules_lines_are_the_lines_lines_by_lists_in_a_list_of_their_size() {
        for text in ["", "a", "a\n", "a\r\r\nb", "\n\nb\r", "x\ny\r\n\r\n"] {
            let lines = crate::parse::text::lines_by(text, 0, true);
            let listed = rule_lines(text, 0);
            assert_eq!(listed, lines, "{text:?}");
            assert_eq!(listed.capacity(), lines.len(), "{text:?}");
        }
    }

    #[test]
    fn every_bundled_markdown_ruleset_and_a_large_one_read_as_the_layout_read() {
        let mut files = 0;
        for path in crate::test_files::repository_files() {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            for format in [Format::MdLong, Format::MdShort, Format::MdRule] {
                same_as_layout(&text, format);
                for size in [1, 5, 4096] {
                    same_in_runs(&text, format, size);
                }
            }
            files += 1;
        }
        assert!(files >= 20, "only {files} files");
        // Many rules, on one core and on four.
        let ruleset = crate::model::synthetic_ruleset(600, 5);
        let text = render(&ruleset, Format::MdLong, &RenderOptions::default()).unwrap();
        for threads in [1, 4] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| same_as_layout(&text, Format::MdLong));
            pool.install(|| same_in_runs(&text, Format::MdLong, 64));
        }
    }
}
