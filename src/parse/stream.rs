//! The rules of a Markdown ruleset read one at a time, for a caller that
//! passes each on and keeps none (`nomic parse` printing JSON): at most one
//! rule is in memory besides the text and its lines.

use super::encoding::find_mojibake;
use super::lines::Heading;
use super::markdown::{self, MdDocument};
use super::{detect, md_long, text, EncodingIssue};
use crate::model::{json, Format, Rule};
use rayon::prelude::*;
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;
use std::cell::Cell;
use std::io;
use std::ops::Range;

/// A Markdown ruleset (md-long, md-short, md-rule) whose headings were
/// found, its rules still to be read. It serializes as the [`Ruleset`]
/// a meaning read gives without its layout
/// ([`read_rules_with`](super::read_rules_with), then
/// [`Ruleset::into_without_layout`]), reading each rule as it is written;
/// it serializes once (a second time gives no rules).
///
/// [`Ruleset`]: crate::model::Ruleset
/// [`Ruleset::into_without_layout`]: crate::model::Ruleset::into_without_layout
pub struct RuleStream<'t> {
    /// The format read.
    pub format: Format,
    /// The mojibake found in the text.
    pub encoding: Vec<EncodingIssue>,
    title: String,
    rules: Cell<Option<Rules<'t>>>,
}

/// The rules of a document, read one at a time. The file's lines are not
/// kept: a rule's (or a batch's) are found from its headings' offsets.
struct Rules<'t> {
    text: &'t str,
    format: Format,
    /// The byte offset of each rule heading's line, with the heading.
    headings: Vec<(usize, Heading)>,
    /// Code blocks and raw HTML blocks, in order.
    hidden: Vec<Range<usize>>,
    next: usize,
}

impl Iterator for Rules<'_> {
    type Item = Rule;

    fn next(&mut self) -> Option<Rule> {
        let index = self.next;
        if index >= self.headings.len() {
            return None;
        }
        self.next += 1;
        self.batch(index..index + 1).pop()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.headings.len() - self.next;
        (left, Some(left))
    }
}

impl Rules<'_> {
    /// Where the rule of heading `index` starts in the text (the end of the
    /// text past the last rule).
    fn start(&self, index: usize) -> usize {
        self.headings
            .get(index)
            .map_or(self.text.len(), |(start, _)| *start)
    }

    /// The rules of headings `range`, without their layout: their lines
    /// found and read as the whole document's (`md_long::read_rule`).
    fn batch(&self, range: Range<usize>) -> Vec<Rule> {
        let (from, to) = (self.start(range.start), self.start(range.end));
        let first = self.hidden.partition_point(|block| block.end <= from);
        let last = self.hidden.partition_point(|block| block.start < to);
        let doc = MdDocument {
            format: self.format,
            title: String::new(),
            // Every line of the range and no other: a heading starts a line,
            // so the lines end where the text is cut.
            lines: text::lines_by(&self.text[..to], from, true),
            headings: Vec::new(),
            rule_quirks: Vec::new(),
            header_quirks: Vec::new(),
            hidden: self.hidden[first..last.max(first)].to_vec(),
        };
        let count = self.headings.len();
        let mut line = 0;
        range
            .map(|index| {
                let (start, heading) = &self.headings[index];
                let end = self.start(index + 1);
                let first_line = line;
                while line < doc.lines.len() && doc.lines[line].start < end {
                    line += 1;
                }
                debug_assert_eq!(doc.lines[first_line].start, *start);
                md_long::read_rule(&doc, first_line..line, heading, index + 1 == count, false)
                    .rule
                    .into_without_layout()
            })
            .collect()
    }
}

/// How many bytes of the file a batch of rules read on one core holds (at
/// least, and one rule at most beyond it).
const BATCH: usize = 32 * 1024;

impl RuleStream<'_> {
    /// Writes the JSON it serializes as (pretty, as
    /// `serde_json::to_writer_pretty` writes it) to `writer`, reading the
    /// rules on every core: batches of rules are read and written into
    /// buffers of their own, two batches a core at a time, and the buffers
    /// written in file order. At most those batches' lines, rules and JSON
    /// are in memory at once.
    ///
    /// # Errors
    /// The writer's.
    pub fn write_json(self, writer: &mut impl io::Write) -> io::Result<()> {
        let mut out = Vec::new();
        json::write_ruleset_head(&mut out, &self.title);
        writer.write_all(&out)?;
        let rules = self.rules.take();
        let count = rules.as_ref().map_or(0, |rules| rules.headings.len());
        if let Some(rules) = &rules {
            let batches = batches(&rules.headings);
            let window = 2 * rayon::current_num_threads().max(1);
            for group in batches.chunks(window) {
                let written: Vec<io::Result<Vec<u8>>> = group
                    .par_iter()
                    .map(|range| {
                        let mut buf = Vec::with_capacity(3 * BATCH);
                        for (rule, index) in rules.batch(range.clone()).iter().zip(range.clone()) {
                            json::write_rule_item(&mut buf, rule, index == 0)?;
                        }
                        Ok(buf)
                    })
                    .collect();
                for buf in written {
                    writer.write_all(&buf?)?;
                }
            }
        }
        out.clear();
        json::write_ruleset_tail(&mut out, count > 0);
        writer.write_all(&out)
    }
}

/// A Markdown ruleset (as [`RuleStream`]) whose rules are read a batch at
/// a time, on any core, for a caller that passes each batch on and lets it
/// go (`nomic render` to another form). Each batch's rules are those a
/// meaning read of the whole file gives at the same places (`read_meaning`
/// reads them with the same batches).
pub struct RuleBatches<'t> {
    /// The format read.
    pub format: Format,
    title: String,
    rules: Rules<'t>,
}

impl<'t> RuleStream<'t> {
    /// The same rules, to read a batch at a time; `None` once serialized.
    #[must_use]
    pub fn into_batches(self) -> Option<RuleBatches<'t>> {
        Some(RuleBatches {
            format: self.format,
            title: self.title,
            rules: self.rules.take()?,
        })
    }
}

impl RuleBatches<'_> {
    /// The ruleset's title.
    #[must_use]
    pub fn title(&self) -> &str {
        &self.title
    }

    /// How many rules there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rules.headings.len()
    }

    /// Whether there are no rules.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rules.headings.is_empty()
    }

    /// The rules in batches of about 32 KiB of the file, in order, as
    /// ranges of their indices.
    #[must_use]
    pub fn ranges(&self) -> Vec<Range<usize>> {
        batches(&self.rules.headings)
    }

    /// The rules at `range` (indices in file order), without their layout.
    ///
    /// # Panics
    /// When `range` is not within the rules.
    #[must_use]
    pub fn read(&self, range: Range<usize>) -> Vec<Rule> {
        self.rules.batch(range)
    }
}

/// The headings (by the offsets their lines start at) in batches of about
/// [`BATCH`] bytes of text.
fn batches(headings: &[(usize, Heading)]) -> Vec<Range<usize>> {
    let mut batches = Vec::new();
    let mut first = 0;
    let mut from = 0;
    for (index, (start, _)) in headings.iter().enumerate() {
        let start = *start;
        if index > first && start >= from + BATCH {
            batches.push(first..index);
            first = index;
            from = start;
        }
        if index == 0 {
            from = start;
        }
    }
    if first < headings.len() {
        batches.push(first..headings.len());
    }
    batches
}

/// The ruleset of a Markdown `text` in `format` as a meaning read gives it
/// ([`md_long::read_markdown`] with [`ReadMode::Meaning`](super::ReadMode)),
/// read in batches on every core, each batch listing only its own lines:
/// the file's whole list of lines (32 bytes a line, more than the text
/// itself) is never made. `None` when a heading does not read: the whole
/// read then gives the error.
pub(super) fn read_meaning(text: &str, format: Format) -> Option<crate::model::Ruleset> {
    let (title, rules) = unread_rules(text, format)?;
    let mut all = Vec::with_capacity(rules.headings.len());
    // A few batches a core at a time, moved into the list as they come:
    // the batches' own lists of rules are never all held beside it.
    let window = 4 * rayon::current_num_threads().max(1);
    for group in batches(&rules.headings).chunks(window) {
        let read: Vec<Vec<Rule>> = group
            .par_iter()
            .map(|range| rules.batch(range.clone()))
            .collect();
        for batch in read {
            all.extend(batch);
        }
    }
    Some(crate::model::Ruleset::new(title, all))
}

/// The title and the rules still to read of a Markdown `text` in `format`,
/// when its headings all read.
fn unread_rules(text: &str, format: Format) -> Option<(String, Rules<'_>)> {
    // The file's lines are not listed: each batch finds its own.
    let cut = markdown::headings(text, format).ok()?;
    Some((
        cut.title,
        Rules {
            text,
            format,
            headings: cut.headings,
            hidden: cut.hidden,
            next: 0,
        },
    ))
}

/// The rules of `text` (decoded, not repaired) to read one at a time, when
/// it is a Markdown ruleset (in the format `from`, else the one detected)
/// whose headings all read. `None` for every other text: a read with
/// [`read_rules_with`](super::read_rules_with) then gives its rules, or the
/// error, or the dialect it is read in. A Markdown ruleset whose headings
/// read cannot fail later, so nothing is half-written when a rule is read
/// after the first ones were passed on.
pub fn stream_rules(text: &str, from: Option<Format>) -> Option<RuleStream<'_>> {
    let format = match from {
        Some(format) => format,
        None => detect(text).ok()?,
    };
    if !matches!(format, Format::MdLong | Format::MdShort | Format::MdRule) {
        return None;
    }
    let (title, rules) = unread_rules(text, format)?;
    Some(RuleStream {
        format,
        encoding: find_mojibake(text),
        title,
        rules: Cell::new(Some(rules)),
    })
}

impl Serialize for RuleStream<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let rules = RulesOnce(Cell::new(self.rules.take()));
        let mut ruleset = serializer.serialize_struct("Ruleset", 2)?;
        ruleset.serialize_field("title", &self.title)?;
        ruleset.serialize_field("rules", &rules)?;
        ruleset.end()
    }
}

/// The rules as a sequence, read as they are written.
struct RulesOnce<'t>(Cell<Option<Rules<'t>>>);

impl Serialize for RulesOnce<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.take().into_iter().flatten())
    }
}

#[cfg(test)]
mod tests {
    use super::{md_long, read_meaning, stream_rules};
    use crate::model::Format;
    use crate::parse::ReadMode;
    use crate::parse::{read_rules_with, ReadOptions};

    /// The JSON of a stream is the JSON of the meaning read without layout,
    /// and a meaning read in batches is the whole document's meaning read.
    fn same_json(text: &str, from: Option<Format>) {
        let stream = stream_rules(text, from).expect("a Markdown ruleset");
        let options = ReadOptions {
            from,
            ..ReadOptions::default()
        };
        let parsed = read_rules_with(text.as_bytes(), &options, None).unwrap();
        assert_eq!(stream.format, parsed.format);
        assert_eq!(stream.encoding, parsed.encoding);
        // The reference: the whole document read at once (its lines listed
        // whole), not the batches `read_rules_with` now reads it in.
        let read_whole = md_long::read_markdown(text, parsed.format, ReadMode::Meaning).unwrap();
        assert_eq!(parsed.ruleset, read_whole);
        assert_eq!(read_meaning(text, parsed.format).unwrap(), read_whole);
        let streamed = serde_json::to_string_pretty(&stream).unwrap();
        let whole = serde_json::to_string_pretty(&read_whole.into_without_layout()).unwrap();
        assert_eq!(streamed, whole);
        // Written on every core, in batches, by the direct writer.
        let mut written = Vec::new();
        let stream = stream_rules(text, from).unwrap();
        stream.write_json(&mut written).unwrap();
        assert_eq!(String::from_utf8(written).unwrap(), whole);
    }

    #[test]
    fn every_bundled_markdown_ruleset_streams_to_the_json_of_its_read() {
        let files = crate::test_files::repository_files();
        let mut streamed = 0;
        for path in files {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            if stream_rules(&text, None).is_some() {
                same_json(&text, None);
                streamed += 1;
            }
        }
        assert!(streamed >= 10, "only {streamed} Markdown rulesets streamed");
    }

    #[test]
    fn every_markdown_form_streams_including_an_empty_ruleset() {
        let long = "# T\n---\n## 201/0\n\nPlayers alternate.\n\n##### *History*\n\n\
                    *Initial mutable Rule 201, Jun 1, 2020*\n\n## 202/1 (IMMUTABLE)\n\nx\n";
        same_json(long, None);
        same_json(long, Some(Format::MdLong));
        same_json(
            "# T\n\n## 1\n\n```\n## 2\n```\n\n## 3\n\nx\n",
            Some(Format::MdShort),
        );
        same_json(
            "## 203/1 (IMMUTABLE)\n\nA rule-change.",
            Some(Format::MdRule),
        );
        same_json("# Only a title\n---\n", Some(Format::MdLong));
    }

    #[test]
    fn a_ruleset_of_many_batches_writes_its_rules_in_file_order() {
        let ruleset = crate::model::synthetic_ruleset(3_000, 7);
        let options = crate::render::RenderOptions::default();
        let text = crate::render::render(&ruleset, Format::MdLong, &options).unwrap();
        assert!(text.len() > 4 * super::BATCH, "{} bytes", text.len());
        same_json(&text, None);
    }

    #[test]
    fn batches_read_their_own_lines_as_the_whole_file_reads_them() {
        let ruleset = crate::model::synthetic_ruleset(2_000, 11);
        let options = crate::render::RenderOptions::default();
        let text = crate::render::render(&ruleset, Format::MdLong, &options).unwrap();
        // Code blocks (one holding a heading-shaped line, one left open at
        // the end), HTML, and CRLF or `\r\r\n` line endings, in rules of
        // every batch.
        let mut marked = String::new();
        for (k, rule) in text.split("\n## ").enumerate() {
            if k > 0 {
                match k % 97 {
                    5 => marked.push_str("\n```\n## 77 in a fence\n```\n"),
                    9 => marked.push_str("\n<div>\n## 78 in html\n</div>\n"),
                    _ => {}
                }
                marked.push_str("\n## ");
            }
            marked.push_str(rule);
        }
        marked.push_str("\n```\n## 79 never closed\n");
        for text in [
            marked.clone(),
            marked.replace('\n', "\r\n"),
            marked.replace('\n', "\r\r\n"),
        ] {
            same_json(&text, None);
            // One thread writes what several write.
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .build()
                .unwrap();
            let mut one = Vec::new();
            pool.install(|| stream_rules(&text, None).unwrap().write_json(&mut one))
                .unwrap();
            let mut several = Vec::new();
            stream_rules(&text, None)
                .unwrap()
                .write_json(&mut several)
                .unwrap();
            assert_eq!(one, several);
        }
    }

    #[test]
    fn what_a_stream_cannot_read_is_left_to_the_whole_read() {
        // A heading that does not read, another format, not a ruleset.
        assert!(stream_rules("# T\n---\n## 20x1/0\n\nx\n", Some(Format::MdLong)).is_none());
        assert!(stream_rules("{\"title\": \"T\", \"rules\": []}", None).is_none());
        assert!(stream_rules("", None).is_none());
    }
}
