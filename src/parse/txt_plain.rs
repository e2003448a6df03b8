//! `txt-plain`: word-processor exports. A title line, then `Rule 101
//! (Immutable)` / `Rule 201` headings, unwrapped paragraphs separated by a
//! blank line, `  • ` bullets, rules separated by two blank lines, no final
//! newline.

use super::assemble::{assemble, Document, Piece};
use super::error::ParseError;
use super::lines::{looks_like_txt_heading, Heading};
use super::quirks::{blank_line_after, quirk, separator_quirks, trailing_spaces};
use super::text::{self, rule_ranges, txt_headings, Line, TxtHeadings};
use crate::model::{Format, QuirkKind, Ruleset};

const BULLET: &str = "  • ";

pub fn parse(text: &str) -> Result<Ruleset, ParseError> {
    let format = Format::TxtPlain;
    let lines = text::lines(text, text::bom_len(text));
    let title = match lines.first() {
        Some(line) if !line.is_blank() && !looks_like_txt_heading(line.text) => {
            line.text.trim_end().to_string()
        }
        Some(line) => {
            return Err(ParseError::new("the title is missing", line.span())
                .expected("a title line")
                .in_format(format))
        }
        None => {
            return Err(ParseError::new("the file is empty", 0..0)
                .expected("a title line")
                .in_format(format))
        }
    };
    let TxtHeadings {
        headings,
        first_rejection,
    } = txt_headings(&lines, 1, format)?;
    let Some(&(first, _)) = headings.first() else {
        if let Some(rejection) = first_rejection {
            return Err(rejection);
        }
        let at = lines[1..].iter().find(|l| !l.is_blank());
        return Err(ParseError::new(
            "no rule heading found",
            at.map_or(text.len()..text.len(), Line::span),
        )
        .expected("a rule heading such as `Rule 101 (Immutable)`")
        .in_format(format));
    };
    if let Some(stray) = lines[1..first].iter().find(|l| !l.is_blank()) {
        return Err(
            ParseError::new("text between the title and the first rule", stray.span())
                .expected("a rule heading such as `Rule 101 (Immutable)`")
                .in_format(format),
        );
    }
    let pieces = rule_ranges(&headings, lines.len())
        .map(|(range, heading, is_last)| rule(&lines[range], heading, is_last))
        .collect();
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

/// One rule: `lines[0]` is its heading. Rules are separated by two blank
/// lines; the last one ends the file.
fn rule(lines: &[Line<'_>], heading: &Heading, is_last: bool) -> Piece {
    let head = lines[0];
    let rest = &lines[1..];
    let mut quirks = Vec::new();
    quirks.extend(trailing_spaces(&head, heading.trailing_spaces));
    quirks.extend(blank_line_after(&head, rest.first()));
    separator_quirks(rest, if is_last { 0 } else { 2 }, &mut quirks);
    Piece {
        start: head.start,
        rule: heading.rule(markdown_body(rest)),
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
