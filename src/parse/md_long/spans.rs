//! The Markdown forms read for `nomic check` ([`crate::parse::ReadDepth::Spans`]):
//! the layout without copies of the rules' sources, and without a list of
//! the whole file's lines.

use super::super::assemble::{assemble_kept, Piece, Sources};
use super::super::error::ParseError;
use super::super::markdown::{self, MdDocument, RuleHeadings};
use super::super::text::Line;
use super::super::ReadMode;
use super::{finish, read_rule};
use crate::model::{Format, Ruleset};
use rayon::prelude::*;

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

    proptest::proptest! {
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
        }
    }
}
