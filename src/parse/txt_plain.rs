//! `txt-plain`: word-processor exports. A title line, then `Rule 101
//! (Immutable)` / `Rule 201` headings, unwrapped paragraphs separated by a
//! blank line, `  • ` bullets, rules separated by two blank lines, no final
//! newline.

use super::assemble::{assemble, Document, Piece};
use super::error::ParseError;
use super::lines::{self, looks_like_txt_heading, Heading};
use super::markdown::{line_span, quirk};
use super::text::{self, Line};
use crate::model::{Format, QuirkKind, Rule, Ruleset};

const BULLET: &str = "  • ";

pub fn parse(text: &str) -> Result<Ruleset, ParseError> {
    let format = Format::TxtPlain;
    let lines = text::lines(text, text::bom_len(text));
    let title = match lines.first() {
        Some(line) if !line.is_blank() && !looks_like_txt_heading(line.text) => {
            line.text.trim_end().to_string()
        }
        Some(line) => {
            return Err(ParseError::new("the title is missing", line_span(line))
                .expected("a title line")
                .in_format(format))
        }
        None => {
            return Err(ParseError::new("the file is empty", 0..0)
                .expected("a title line")
                .in_format(format))
        }
    };
    let mut headings: Vec<(usize, Heading)> = Vec::new();
    let mut first_failure = None;
    for (k, line) in lines.iter().enumerate().skip(1) {
        if !looks_like_txt_heading(line.text) || !lines[k - 1].is_blank() {
            continue;
        }
        match lines::txt_heading(line.text) {
            Ok(heading) => headings.push((k, heading)),
            // `Rule 206 says ...` opening a paragraph is body text; a
            // heading-shaped line with a number out of range is an error.
            Err(err) if err.overflow => {
                return Err(ParseError::new(
                    err.message,
                    line.start + err.span.start..line.start + err.span.end,
                )
                .expected(err.expected)
                .in_format(format))
            }
            Err(err) => {
                first_failure.get_or_insert_with(|| {
                    ParseError::new(
                        err.message,
                        line.start + err.span.start..line.start + err.span.end,
                    )
                    .expected(err.expected)
                    .in_format(format)
                });
            }
        }
    }
    let Some(&(first, _)) = headings.first() else {
        if let Some(failure) = first_failure {
            return Err(failure);
        }
        let at = lines[1..].iter().find(|l| !l.is_blank());
        return Err(ParseError::new(
            "no rule heading found",
            at.map_or(text.len()..text.len(), line_span),
        )
        .expected("a rule heading such as `Rule 101 (Immutable)`")
        .in_format(format));
    };
    if let Some(stray) = lines[1..first].iter().find(|l| !l.is_blank()) {
        return Err(ParseError::new(
            "text between the title and the first rule",
            line_span(stray),
        )
        .expected("a rule heading such as `Rule 101 (Immutable)`")
        .in_format(format));
    }
    let mut pieces = Vec::with_capacity(headings.len());
    for (n, (k, heading)) in headings.iter().enumerate() {
        let end = headings.get(n + 1).map_or(lines.len(), |h| h.0);
        pieces.push(rule(&lines[*k..end], heading, n + 1 == headings.len()));
    }
    let mut quirks = Vec::new();
    if text.ends_with('\n') {
        quirks.push(quirk(QuirkKind::FinalNewline, text.len(), 0));
    }
    Ok(assemble(
        text,
        Document {
            format,
            title,
            pieces,
            footer_start: text.len(),
            quirks,
        },
    ))
}

fn rule(lines: &[Line<'_>], heading: &Heading, is_last: bool) -> Piece {
    let head = lines[0];
    let rest = &lines[1..];
    let mut quirks = Vec::new();
    if heading.trailing_spaces > 0 {
        let at = head.text_end() - heading.trailing_spaces;
        quirks.push(quirk(
            QuirkKind::TrailingSpaces,
            at,
            heading.trailing_spaces,
        ));
    }
    if rest.first().is_some_and(|l| !l.is_blank()) {
        quirks.push(quirk(QuirkKind::MissingBlankLine, head.end, 0));
    }
    let blanks = rest.iter().rev().take_while(|l| l.is_blank()).count();
    let expected = if is_last { 0 } else { 2 };
    if blanks < expected && blanks < rest.len() {
        let end = lines[lines.len() - 1].end;
        quirks.push(quirk(QuirkKind::MissingBlankLine, end, 0));
    } else if blanks > expected && blanks < rest.len() {
        let first = rest[rest.len() - blanks + expected].start;
        let end = rest[rest.len() - 1].end;
        quirks.push(quirk(QuirkKind::ExtraBlankLines, first, end - first));
    }
    Piece {
        start: head.start,
        rule: Rule {
            number: heading.number,
            revision: heading.revision,
            mutability: heading.mutability.clone(),
            text: markdown_body(rest),
            history: Vec::new(),
            judgments: Vec::new(),
            layout: None,
        },
        quirks,
    }
}

/// Paragraphs stay as written (their lines kept); bullets become Markdown
/// list items, and their indented continuation lines stay in the item.
fn markdown_body(lines: &[Line<'_>]) -> String {
    let mut paragraphs: Vec<String> = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut in_item = false;
    for line in lines {
        if line.is_blank() {
            if !current.is_empty() {
                paragraphs.push(current.join("\n"));
                current.clear();
            }
            in_item = false;
            continue;
        }
        let content = line.text.trim_end();
        if let Some(item) = content.strip_prefix(BULLET) {
            current.push(format!("* {}", item.trim_start()));
            in_item = true;
        } else if in_item && content.starts_with("    ") {
            current.push(format!("  {}", content.trim_start()));
        } else {
            current.push(content.to_string());
            in_item = false;
        }
    }
    if !current.is_empty() {
        paragraphs.push(current.join("\n"));
    }
    paragraphs.join("\n\n")
}
