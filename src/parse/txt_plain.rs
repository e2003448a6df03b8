//! `txt-plain`: word-processor exports. A title line, then `Rule 101
//! (Immutable)` / `Rule 201` headings, unwrapped paragraphs separated by a
//! blank line, `  • ` bullets, rules separated by two blank lines, no final
//! newline.

use super::error::ParseError;
use super::lines::looks_like_txt_heading;
use super::text::{self, txt_headings, Line, TxtHeadings};
use super::txt_rule::HeadedRules;
use crate::model::{Format, Ruleset};

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
    let rules = HeadedRules {
        format,
        title,
        separator: 2,
        body: markdown_body,
    };
    Ok(rules.assemble(text, &lines, &headings))
}

/// Paragraphs keep their lines: the export is not wrapped, so a new line
/// inside a paragraph is a line break, written as a Markdown hard break
/// (`  \n`). Bullets become Markdown list items, and their indented
/// continuation lines stay in the item (after a hard break too).
fn markdown_body(lines: &[Line<'_>]) -> String {
    let mut paragraphs: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut in_item = false;
    for line in lines {
        if line.is_blank() {
            if !current.is_empty() {
                paragraphs.push(std::mem::take(&mut current));
            }
            in_item = false;
            continue;
        }
        let content = line.text.trim_end();
        let (text, starts_item) = if let Some(item) = content.strip_prefix(BULLET) {
            (format!("* {}", item.trim_start()), true)
        } else if in_item && content.starts_with("    ") {
            (format!("  {}", content.trim_start()), false)
        } else {
            in_item = false;
            (content.to_string(), false)
        };
        if !current.is_empty() {
            // A new item starts its own line; any other line is a break.
            current.push_str(if starts_item { "\n" } else { "  \n" });
        }
        current.push_str(&text);
        in_item |= starts_item;
    }
    if !current.is_empty() {
        paragraphs.push(current);
    }
    paragraphs.join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_break_inside_a_paragraph_is_a_hard_break() {
        let text = "Title\n\nRule 101\n\nPower Name: X\nPower Cost: 5\n  • one\n    more\n  • two";
        let rule = &parse(text).unwrap().rules[0];
        assert_eq!(
            rule.text,
            "Power Name: X  \nPower Cost: 5\n* one  \n  more\n* two"
        );
    }
}
