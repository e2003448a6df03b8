//! `txt-plain`: word-processor exports. A title line, then `Rule 101
//! (Immutable)` / `Rule 201` headings, unwrapped paragraphs separated by a
//! blank line, `  • ` bullets, rules separated by two blank lines, no final
//! newline.

use super::error::ParseError;
use super::lines::looks_like_txt_heading;
use super::text::{self, txt_headings, Line, TxtHeadings};
use super::txt_rule::HeadedRules;
use super::wrapped::unwrapped_body;
use super::ReadMode;
use crate::model::{Format, Ruleset};

pub(crate) fn parse(text: &str) -> Result<Ruleset, ParseError> {
    read(text, ReadMode::Full)
}

/// [`parse`] in `mode`: a meaning read keeps no layout and takes no
/// fingerprints.
pub(crate) fn read(text: &str, mode: ReadMode) -> Result<Ruleset, ParseError> {
    let format = Format::TxtPlain;
    let lines = text::lines(text, text::bom_len(text));
    let title = match lines.first() {
        Some(line) if !line.is_blank() && !looks_like_txt_heading(line.text) => {
            line.text.trim_end().to_string()
        }
        // A ruleset without a title (read from a per-rule page) is written
        // with an empty title line before its first rule.
        Some(line)
            if line.is_blank()
                && lines
                    .iter()
                    .find(|l| !l.is_blank())
                    .is_some_and(|l| looks_like_txt_heading(l.text)) =>
        {
            String::new()
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
        body: unwrapped_body,
    };
    Ok(rules.assemble(text, &lines, &headings, mode))
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
            "Power Name: X  \nPower Cost: 5\n\n* one  \n  more\n* two"
        );
    }

    #[test]
    fn body_lines_that_read_as_markdown_stay_text() {
        // Found by the `fmt` fuzz target: `## 303/0` read as a heading and
        // the image as an image, which `txt-plain` writes as `303/0` and
        // `[image: chart (images/303.png)]`: `fmt` changed the rule.
        let text = "Title\n\n\nRule 101\n\n## 303/0\n\n![chart](images/303.png) and `x` & _y_";
        let ruleset = parse(text).unwrap();
        assert_eq!(
            ruleset.rules[0].text,
            "\\## 303/0\n\n!\\[chart](images/303.png) and \\`x` & \\_y_"
        );
        let canonical = crate::render::RenderOptions {
            canonical: true,
            templates: None,
        };
        let written = crate::render::render(&ruleset, Format::TxtPlain, &canonical).unwrap();
        assert_eq!(written, text);
        assert_eq!(
            parse(&written).unwrap().without_layout(),
            ruleset.without_layout()
        );
    }

    #[test]
    fn body_text_that_would_read_as_structure_is_written_so_it_reads_back() {
        // The shapes the `canonical` and `fmt` fuzz targets found: a
        // `Rule N` line under an item, `1.` after a line break, numbers
        // that do not count on, a nested list starting at 2, lone carriage
        // returns. `fmt` keeps the rules and is idempotent.
        let text = "Title\n\n\nRule 101\n\nBefore:\n  • It is the end\nRule 207\n\nMet:\n 1. The player is not\nsubject of it.\n\n  8. amend\n  5. retitle\n\n  • change:\n    type: x\n    2. The Polit\n  • next\n\n\nRule 102\n\n\r\rM\r\r\nOne.";
        let ruleset = parse(text).unwrap();
        assert_eq!(ruleset.rules.len(), 2);
        assert!(ruleset.rules[0].text.contains("\n\nRule 207\n\n"));
        let canonical = crate::render::RenderOptions {
            canonical: true,
            templates: None,
        };
        let once = crate::render::render(&ruleset, Format::TxtPlain, &canonical).unwrap();
        let back = parse(&once).unwrap();
        assert_eq!(back.without_layout(), ruleset.without_layout(), "{once}");
        let twice = crate::render::render(&back, Format::TxtPlain, &canonical).unwrap();
        assert_eq!(twice, once);
    }
}
