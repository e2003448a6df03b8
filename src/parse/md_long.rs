//! `md-long`: `## N/R (IMMUTABLE)` headings, Markdown bodies, then
//! `##### *History*` and `##### *Judgments*` sections. `md-short` shares
//! this reader without the sections.

use super::assemble::{assemble_read, Document, Piece};
use super::error::ParseError;
use super::lines::{self, Heading};
use super::markdown::{self, MdDocument};
use super::quirks::{blank_line_after, quirk, separator_quirks, trailing_spaces};
use super::text::{join_trimmed, Line};
use super::ReadMode;
use crate::model::{
    Format, HistoryEntry, HistoryKind, Judgment, LayoutQuirk, QuirkKind, Rule, Ruleset,
};
use rayon::prelude::*;
use std::ops::Range;

pub(crate) fn parse(text: &str) -> Result<Ruleset, ParseError> {
    parse_markdown(text, Format::MdLong)
}

/// Reads `md-long` or `md-short` (`format` says which canonical form quirks
/// are measured against, and whether history sections are read).
pub(crate) fn parse_markdown(text: &str, format: Format) -> Result<Ruleset, ParseError> {
    read_markdown(text, format, ReadMode::Full)
}

/// [`parse_markdown`] in `mode`.
pub(crate) fn read_markdown(
    text: &str,
    format: Format,
    mode: ReadMode,
) -> Result<Ruleset, ParseError> {
    let doc = markdown::split(text, format)?;
    // The rules are independent once their headings are found: both cores
    // read them, and the pieces come back in file order.
    let pieces: Vec<Piece> = (0..doc.headings.len())
        .into_par_iter()
        .with_min_len(16)
        .map(|index| read_rule_at(&doc, index, mode == ReadMode::Check))
        .collect();
    // The pieces own what they read: the list of lines (32 bytes a line) and
    // of headings go now, not after the rules are assembled beside them.
    let MdDocument {
        title,
        lines,
        headings,
        rule_quirks,
        header_quirks,
        ..
    } = doc;
    drop((lines, headings));
    let document = finish(text, format, title, pieces, rule_quirks, header_quirks);
    Ok(assemble_read(text, document, mode))
}

/// The document of the rules read from `text`, with the quirks found while
/// cutting it at its headings and those of its end.
fn finish(
    text: &str,
    format: Format,
    title: String,
    mut pieces: Vec<Piece>,
    rule_quirks: Vec<(usize, LayoutQuirk)>,
    header_quirks: Vec<LayoutQuirk>,
) -> Document {
    for (k, q) in rule_quirks {
        pieces[k].quirks.push(q);
    }
    let mut quirks = header_quirks;
    let ends_with_newline = text.ends_with('\n');
    if ends_with_newline != (format == Format::MdLong) && !text.is_empty() {
        quirks.push(quirk(QuirkKind::FinalNewline, text.len(), 0));
    }
    Document {
        format,
        title,
        pieces,
        footer_start: text.len(),
        quirks,
    }
}

enum Section {
    Body,
    History,
    Judgments,
}

/// The rule of the document's heading number `index` (from 0); for the
/// safety re-read (`check`), each history entry holds only its source, which
/// is all that re-read compares.
fn read_rule_at(doc: &MdDocument<'_>, index: usize, check: bool) -> Piece {
    let (start, heading) = &doc.headings[index];
    let count = doc.headings.len();
    let end = doc
        .headings
        .get(index + 1)
        .map_or(doc.lines.len(), |(next, _)| *next);
    read_rule(doc, *start..end, heading, index + 1 == count, check)
}

/// One rule: `range` of the document's lines, from its heading on; with
/// `check`, history entries hold only their source.
pub(super) fn read_rule(
    doc: &MdDocument<'_>,
    range: Range<usize>,
    heading: &Heading,
    is_last: bool,
    check: bool,
) -> Piece {
    let long = doc.format == Format::MdLong;
    let lines = &doc.lines[range];
    let head = lines[0];
    let rest = &lines[1..];
    let mut quirks = Vec::new();
    quirks.extend(trailing_spaces(&head, heading.trailing_spaces));
    if long && heading.revision.is_none() {
        quirks.push(quirk(
            QuirkKind::HeadingWithoutRevision,
            head.start,
            head.text.len(),
        ));
    }
    quirks.extend(blank_line_after(&head, rest.first()));
    let mut section = Section::Body;
    let mut body_end = rest.len();
    let mut history: Vec<(HistoryEntry, Line<'_>, usize)> = Vec::new();
    let mut judgments: Vec<Judgment> = Vec::new();
    for (i, line) in rest.iter().enumerate() {
        // `\r\r\n`: the text ends before the carriage returns.
        let extra = (line.end - line.text_end()).saturating_sub(2);
        if extra > 0 {
            let description = "a carriage return before the line ending".into();
            quirks.push(quirk(
                QuirkKind::Other { description },
                line.text_end(),
                extra,
            ));
        }
        // `##### *History*` in a code block is body text.
        let section_heading = (long && !doc.is_hidden(line.start))
            .then(|| section_heading(line.text))
            .flatten();
        if let Some((level, next)) = section_heading {
            if matches!(section, Section::Body) {
                body_end = i;
            }
            if level != 5 {
                let kind = QuirkKind::HistoryHeadingLevel { level };
                quirks.push(quirk(kind, line.start, line.text.len()));
            }
            // A section heading stands between blank lines.
            if i > 0 && !rest[i - 1].is_blank() {
                quirks.push(quirk(QuirkKind::MissingBlankLine, line.start, 0));
            }
            quirks.extend(blank_line_after(line, rest.get(i + 1)));
            section = next;
            continue;
        }
        if line.is_blank() {
            continue;
        }
        match section {
            Section::Body => {}
            Section::History => {
                if lines::md_history_line(line.text).is_none() {
                    let description = "a history line without the italics".into();
                    quirks.push(quirk(QuirkKind::Other { description }, line.start, 0));
                }
                history.push(history_line(line, check));
            }
            Section::Judgments => {
                let inner = lines::italic(line.text).unwrap_or(line.text.trim_end());
                judgments.push(lines::judgment(inner));
            }
        }
    }
    history_quirks(&history, &mut quirks);
    // Rules are separated by one blank line; the last rule ends the file.
    // The heading counts, so a rule of blank lines is measured too.
    separator_quirks(lines, usize::from(!is_last), &mut quirks);
    // Exactly as many entries as were read: a collect in place would keep
    // the room of the larger tuples, more than twice the entries' own size.
    let mut entries = Vec::with_capacity(history.len());
    entries.extend(history.into_iter().map(|(entry, _, _)| entry));
    Piece {
        start: head.start,
        rule: Rule {
            history: entries,
            judgments,
            ..heading.rule(join_trimmed(&rest[..body_end]))
        },
        quirks,
    }
}

/// `##### *History*` or `##### *Judgments*` (levels 3 to 6): the level and
/// the section it opens.
fn section_heading(text: &str) -> Option<(u8, Section)> {
    lines::md_section_heading(text, "History")
        .map(|level| (level, Section::History))
        .or_else(|| {
            lines::md_section_heading(text, "Judgments").map(|level| (level, Section::Judgments))
        })
}

/// One line of a history section, with its line and trailing spaces.
/// A line without the italics means what it says all the same: it is read
/// as the entry it spells (`nomic fmt` writes it in italics, which must read
/// back as the same entry).
fn history_line<'a>(line: &Line<'a>, check: bool) -> (HistoryEntry, Line<'a>, usize) {
    let entry = |source: &str| {
        if check {
            HistoryEntry::new(HistoryKind::Other, source)
        } else {
            lines::history_entry(source)
        }
    };
    match lines::md_history_line(line.text) {
        Some((source, link, trailing)) => {
            let mut parsed = entry(source);
            parsed.link = link.map(str::to_string);
            (parsed, *line, trailing)
        }
        None => {
            let content = line.text.trim_end();
            (entry(content), *line, line.text.len() - content.len())
        }
    }
}

/// Every history line but the last ends in two spaces (a Markdown line
/// break); published files sometimes differ.
fn history_quirks(history: &[(HistoryEntry, Line<'_>, usize)], quirks: &mut Vec<LayoutQuirk>) {
    for (i, (_, line, trailing)) in history.iter().enumerate() {
        if i + 1 == history.len() {
            quirks.extend(trailing_spaces(line, *trailing));
        } else if *trailing != 2 {
            let description = "a history line without the two-space line break".into();
            let at = line.text_end() - trailing;
            quirks.push(quirk(QuirkKind::Other { description }, at, *trailing));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse;
    use crate::model::{Format, HistoryKind, QuirkKind};
    use crate::render::{render, RenderOptions};

    /// Every Markdown ruleset bundled or in a fixture, at every depth, reads
    /// the same (rules, quirks and their spans, fingerprints, errors) on
    /// one thread as on four: the rules read on every core come back in
    /// file order.
    #[test]
    fn a_read_on_every_core_is_the_read_on_one() {
        use crate::parse::ReadMode;
        let pool = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
        };
        let (one, four) = (pool(1), pool(4));
        let mut read = 0;
        for path in crate::test_files::repository_files() {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Ok(format) = crate::parse::detect(&text) else {
                continue;
            };
            if !matches!(format, Format::MdLong | Format::MdShort | Format::MdRule) {
                continue;
            }
            for mode in [ReadMode::Full, ReadMode::Layout, ReadMode::Meaning] {
                let alone = one.install(|| super::read_markdown(&text, format, mode));
                let shared = four.install(|| super::read_markdown(&text, format, mode));
                assert_eq!(alone, shared, "{}", path.display());
            }
            read += 1;
        }
        assert!(read >= 10, "only {read} Markdown rulesets");
        // And a generated ruleset of many rules.
        let ruleset = crate::model::synthetic_ruleset(500, 3);
        let text = render(&ruleset, Format::MdLong, &RenderOptions::default()).unwrap();
        let alone = one.install(|| parse(&text));
        assert_eq!(alone, four.install(|| parse(&text)));
    }

    #[test]
    fn a_history_line_without_italics_is_the_entry_it_spells() {
        let text = "# T\n---\n## 201/0\n\nPlayers alternate.\n\n##### *History*\n\n\
                    Initial mutable Rule 201, Jun 1, 2020  \n*Amended (1) by Proposal 301 (Sauce), Jun 3, 2020 (R1T1)*\n";
        let ruleset = parse(text).unwrap();
        let rule = &ruleset.rules[0];
        let kinds: Vec<&HistoryKind> = rule.history.iter().map(|e| &e.kind).collect();
        assert_eq!(kinds, [&HistoryKind::Initial, &HistoryKind::Amended]);
        assert_eq!(
            rule.history[0].source,
            "Initial mutable Rule 201, Jun 1, 2020"
        );
        // `nomic fmt` writes it in italics: a quirk, and the same entry.
        let quirks = &rule.layout.as_ref().unwrap().quirks;
        assert!(quirks.iter().any(
            |q| matches!(&q.kind, QuirkKind::Other { description } if description.contains("italics"))
        ));
        let canonical = RenderOptions {
            canonical: true,
            templates: None,
        };
        let written = render(&ruleset, Format::MdLong, &canonical).unwrap();
        assert!(written.contains("*Initial mutable Rule 201, Jun 1, 2020*  \n"));
        let again = parse(&written).unwrap();
        assert_eq!(again.rules[0].history, rule.history);
    }

    #[test]
    fn carriage_returns_before_a_line_feed_have_a_stable_canonical_form() {
        // A rule body line ending in carriage returns in a file of `\n`
        // endings (a canonical fuzz finding): written back before the `\n`,
        // they read as a `\r\n` ending and the second write differed.
        let text = "# T\n---\n## 202/1\n\r\rM\r\r\r\nOne turn.\n";
        let canonical = RenderOptions {
            canonical: true,
            templates: None,
        };
        let first = render(&parse(text).unwrap(), Format::MdLong, &canonical).unwrap();
        let second = render(&parse(&first).unwrap(), Format::MdLong, &canonical).unwrap();
        assert_eq!(first, second);
        assert!(!first.contains("\r\n"), "{first:?}");
    }

    #[test]
    fn a_carriage_return_before_the_line_ending_ends_the_text() {
        // To Markdown `\r\r\n` is two line endings: the section heading
        // is one, as it is once `fmt` writes it with one.
        let text = "# T\r\n---\r\n## 101/0\r\n\r\nBody.\r\r\n\r\n##### *History*\r\r\n\r\n\
                    *Initial immutable Rule 101, Jun 1, 2020*\r\n";
        let ruleset = parse(text).unwrap();
        let rule = &ruleset.rules[0];
        assert_eq!(rule.text, "Body.");
        assert_eq!(rule.history.len(), 1);
        let quirks = &rule.layout.as_ref().unwrap().quirks;
        let returns = quirks.iter().filter(|q| {
            matches!(&q.kind, QuirkKind::Other { description } if description.contains("carriage"))
        });
        assert_eq!(returns.count(), 2);
        let canonical = RenderOptions {
            canonical: true,
            templates: None,
        };
        let written = render(&ruleset, Format::MdLong, &canonical).unwrap();
        assert!(!written.contains('\r'), "{written:?}");
        assert_eq!(
            parse(&written).unwrap().without_layout(),
            ruleset.without_layout()
        );
    }
}
