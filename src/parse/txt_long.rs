//! `txt-long`: a title, a `=` ruler, then each rule as a `-` ruler, a
//! `Rule N/R (IMMUTABLE)` line, the wrapped body, `History:` and
//! `Judgments:` sections; a closing `-` ruler ends the file. `txt-short`
//! shares this reader without the sections.
//!
//! A rule's source starts at its `-` ruler (the ruler and the `Rule` line
//! form its heading); the closing ruler is the footer.

use super::assemble::{assemble_read, Document, Piece};
use super::error::ParseError;
use super::lines::{self, looks_like_txt_heading};
use super::quirks::{blank_line_after, quirk, separator_quirks, trailing_spaces};
use super::text::{self, Line};
use super::wrapped::{unwrap_body, unwrapped_meaning};
use super::ReadMode;
use crate::model::{Format, HistoryEntry, HistoryKind, QuirkKind, Rule, Ruleset};

pub(crate) fn parse(text: &str) -> Result<Ruleset, ParseError> {
    parse_wrapped(text, Format::TxtLong)
}

/// Reads `txt-long` or `txt-short`.
pub(crate) fn parse_wrapped(text: &str, format: Format) -> Result<Ruleset, ParseError> {
    read_wrapped(text, format, ReadMode::Full)
}

/// [`parse_wrapped`] in `mode`: a meaning read does not measure wrapping.
pub(crate) fn read_wrapped(
    text: &str,
    format: Format,
    mode: ReadMode,
) -> Result<Ruleset, ParseError> {
    let long = format == Format::TxtLong;
    let error = |message: &str, span, expected: &str| {
        ParseError::new(message, span)
            .expected(expected)
            .in_format(format)
    };
    let lines = text::lines(text, text::bom_len(text));
    let untitled = |line: &Line| {
        // A ruleset without a title (read from a per-rule page) is written
        // with an empty title line; the `=` ruler still follows.
        line.is_blank()
            && lines
                .iter()
                .skip(1)
                .find(|l| !l.is_blank())
                .is_some_and(|l| l.is_ruler('='))
    };
    let title = match lines.first() {
        Some(line) if !line.is_blank() => line.text.trim_end().to_string(),
        Some(line) if untitled(line) => String::new(),
        Some(line) => return Err(error("the title is missing", line.span(), "a title line")),
        None => return Err(error("the file is empty", 0..0, "a title line")),
    };
    let mut i = 1;
    while i < lines.len() && lines[i].is_blank() {
        i += 1;
    }
    match lines.get(i) {
        Some(line) if line.is_ruler('=') => i += 1,
        Some(line) => {
            return Err(error(
                "a text ruleset has a `=` ruler under its title",
                line.span(),
                "a line of `=`",
            ))
        }
        None => {
            return Err(error(
                "the file ends after its title",
                text.len()..text.len(),
                "a line of `=`",
            ))
        }
    }
    let (starts, footer) = rulers(&lines, i, format)?;
    match lines.get(i) {
        Some(first) if starts.first() != Some(&i) && footer != Some(i) => {
            return Err(error(
                "expected the first rule after the `=` ruler",
                first.span(),
                "a line of `-` then `Rule N`",
            ))
        }
        None => {
            return Err(error(
                "no rules after the `=` ruler",
                text.len()..text.len(),
                "a line of `-`",
            ))
        }
        _ => {}
    }
    let footer_line = footer.unwrap_or(lines.len());
    let mut pieces = Vec::with_capacity(starts.len());
    for (n, &k) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(footer_line);
        pieces.push(rule(&lines[k..end], long, format, mode)?);
    }
    let mut quirks = Vec::new();
    if footer.is_none() {
        let description = "no closing `-` ruler".into();
        quirks.push(quirk(QuirkKind::Other { description }, text.len(), 0));
    }
    if text.ends_with('\n') {
        quirks.push(quirk(QuirkKind::FinalNewline, text.len(), 0));
    }
    let footer_start = footer.map_or(text.len(), |k| lines[k].start);
    Ok(assemble_read(
        text,
        Document {
            format,
            title,
            pieces,
            footer_start,
            quirks,
        },
        mode,
    ))
}

/// From line `from` on: the `-` ruler that starts each rule (a rule heading
/// follows it), and the closing ruler (only blank lines follow it), if any.
fn rulers(
    lines: &[Line<'_>],
    from: usize,
    format: Format,
) -> Result<(Vec<usize>, Option<usize>), ParseError> {
    let mut starts = Vec::new();
    for k in from..lines.len() {
        if !lines[k].is_ruler('-') {
            continue;
        }
        match lines.get(k + 1) {
            Some(next) if looks_like_txt_heading(next.text) => starts.push(k),
            Some(next) if !lines[k + 1..].iter().all(Line::is_blank) => {
                return Err(ParseError::new(
                    "a `-` ruler must be followed by a rule heading",
                    next.span(),
                )
                .expected("`Rule N/R` or `Rule N (IMMUTABLE)`")
                .in_format(format))
            }
            _ => return Ok((starts, Some(k))),
        }
    }
    Ok((starts, None))
}

/// One rule: `lines[0]` is its ruler, `lines[1]` its heading.
fn rule(
    lines: &[Line<'_>],
    long: bool,
    format: Format,
    mode: ReadMode,
) -> Result<Piece, ParseError> {
    let head = lines[1];
    let heading =
        lines::txt_heading(head.text).map_err(|err| ParseError::heading(err, &head, format))?;
    let rest = &lines[2..];
    let mut quirks = Vec::new();
    if long && heading.revision.is_none() {
        quirks.push(quirk(
            QuirkKind::HeadingWithoutRevision,
            head.start,
            head.text.len(),
        ));
    }
    quirks.extend(trailing_spaces(&head, heading.trailing_spaces));
    quirks.extend(blank_line_after(&head, rest.first()));
    let section_at = |name: &str| rest.iter().position(|l| l.text.trim_end() == name);
    let (history_at, judgments_at) = if long {
        (section_at("History:"), section_at("Judgments:"))
    } else {
        (None, None)
    };
    let body_end = history_at
        .into_iter()
        .chain(judgments_at)
        .min()
        .unwrap_or(rest.len());
    let text = match mode {
        ReadMode::Full | ReadMode::Layout => unwrap_body(&rest[..body_end], &mut quirks),
        ReadMode::Meaning | ReadMode::Check => unwrapped_meaning(&rest[..body_end]),
    };
    let section = |at: Option<usize>| -> Vec<&str> {
        at.map(|at| {
            rest[at + 1..]
                .iter()
                .take_while(|l| {
                    !l.is_blank() && !matches!(l.text.trim_end(), "History:" | "Judgments:")
                })
                .map(|l| l.text.trim_end())
                .collect()
        })
        .unwrap_or_default()
    };
    // The safety re-read compares a history line by its source alone.
    let history = section(history_at)
        .into_iter()
        .map(|line| match mode {
            ReadMode::Check => HistoryEntry::new(HistoryKind::Other, line),
            _ => lines::history_entry(line),
        })
        .collect();
    let judgments = section(judgments_at)
        .into_iter()
        .map(lines::judgment)
        .collect();
    // One blank line ends each rule (the closing ruler follows the last).
    if rest.is_empty() {
        quirks.push(quirk(QuirkKind::MissingBlankLine, head.end, 0));
    } else {
        separator_quirks(rest, 1, &mut quirks);
    }
    Ok(Piece {
        start: lines[0].start,
        rule: Rule {
            history,
            judgments,
            ..heading.rule(text)
        },
        quirks,
    })
}
