//! `md-long`: `## N/R (IMMUTABLE)` headings, Markdown bodies, then
//! `##### *History*` and `##### *Judgments*` sections. `md-short` shares
//! this reader without the sections.

use super::assemble::{assemble_read, Document, Piece};
use super::error::ParseError;
use super::lines::{self, Heading};
use super::markdown::{self, MdDocument};
use super::quirks::{blank_line_after, quirk, separator_quirks, trailing_spaces};
use super::text::{join_trimmed, rule_ranges, Line};
use super::ReadMode;
use crate::model::{
    Format, HistoryEntry, HistoryKind, Judgment, LayoutQuirk, QuirkKind, Rule, Ruleset,
};
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
    let long = format == Format::MdLong;
    let doc = markdown::split(text, format)?;
    let mut pieces: Vec<Piece> = rule_ranges(&doc.headings, doc.lines.len())
        .map(|(range, heading, is_last)| rule(&doc, range, heading, is_last))
        .collect();
    for (k, q) in doc.rule_quirks {
        pieces[k].quirks.push(q);
    }
    let mut quirks = doc.header_quirks;
    let ends_with_newline = text.ends_with('\n');
    if ends_with_newline != long && !text.is_empty() {
        quirks.push(quirk(QuirkKind::FinalNewline, text.len(), 0));
    }
    Ok(assemble_read(
        text,
        Document {
            format,
            title: doc.title,
            pieces,
            footer_start: text.len(),
            quirks,
        },
        mode,
    ))
}

enum Section {
    Body,
    History,
    Judgments,
}

fn rule(doc: &MdDocument<'_>, range: Range<usize>, heading: &Heading, is_last: bool) -> Piece {
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
            Section::History => history.push(history_line(line)),
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
    Piece {
        start: head.start,
        rule: Rule {
            history: history.into_iter().map(|(entry, _, _)| entry).collect(),
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
fn history_line<'a>(line: &Line<'a>) -> (HistoryEntry, Line<'a>, usize) {
    match lines::md_history_line(line.text) {
        Some((entry, link, trailing)) => {
            let mut parsed = lines::history_entry(entry);
            parsed.link = link.map(str::to_string);
            (parsed, *line, trailing)
        }
        None => {
            let content = line.text.trim_end();
            let entry = HistoryEntry::new(HistoryKind::Other, content);
            (entry, *line, line.text.len() - content.len())
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
