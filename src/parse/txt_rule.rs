//! `txt-rule`: one page per rule (`rules/txt/NNN.txt`): `Rule N/R
//! (IMMUTABLE)`, a blank line, the body as unwrapped text (one line per
//! paragraph, `* ` list items separated by blank lines); no final newline.
//! Nothing is wrapped, so a new line inside a paragraph is a line break
//! (read as a Markdown hard break).
//! Several pages joined by blank lines read as one ruleset (titled "").

use super::assemble::{assemble_read, Document, Piece};
use super::error::ParseError;
use super::lines::{self, Heading};
use super::quirks::{blank_line_after, quirk, separator_quirks, trailing_spaces};
use super::text::{self, rule_ranges, txt_headings, Line};
use super::wrapped::unwrapped_body;
use super::ReadMode;
use crate::model::{Format, QuirkKind, Ruleset};

pub(crate) fn parse(text: &str) -> Result<Ruleset, ParseError> {
    read(text, ReadMode::Full)
}

/// [`parse`] in `mode`: a meaning read keeps no layout and takes no
/// fingerprints.
pub(crate) fn read(text: &str, mode: ReadMode) -> Result<Ruleset, ParseError> {
    let format = Format::TxtRule;
    let lines = text::lines(text, text::bom_len(text));
    let Some(first_at) = lines.iter().position(|l| !l.is_blank()) else {
        return Err(ParseError::new("the file is empty", 0..0)
            .expected("a rule heading such as `Rule 101/0 (IMMUTABLE)`")
            .in_format(format));
    };
    // A page starts with its heading; later `Rule N` lines that are not
    // headings are body text.
    let first = &lines[first_at];
    let first_heading =
        lines::txt_heading(first.text).map_err(|err| ParseError::heading(err, first, format))?;
    let more = txt_headings(&lines, first_at + 1, format)?.headings;
    let headings: Vec<(usize, Heading)> = std::iter::once((first_at, first_heading))
        .chain(more)
        .collect();
    // Pages joined into one file are separated by one blank line.
    let rules = HeadedRules {
        format,
        title: String::new(),
        separator: 1,
        body: unwrapped_body,
    };
    Ok(rules.assemble(text, &lines, &headings, mode))
}

/// How the text forms without rulers (`txt-plain`, `txt-rule`) lay out a
/// file: each rule is its heading line, a blank line and its body, rules
/// are separated by `separator` blank lines, and the last one ends the file
/// without a final newline.
pub(super) struct HeadedRules {
    pub format: Format,
    pub title: String,
    pub separator: usize,
    /// The rule's body (the lines after its heading) as Markdown.
    pub body: fn(&[Line<'_>]) -> String,
}

impl HeadedRules {
    /// The ruleset of `lines` cut at `headings`, read in `mode`.
    pub(super) fn assemble(
        self,
        text: &str,
        lines: &[Line<'_>],
        headings: &[(usize, Heading)],
        mode: ReadMode,
    ) -> Ruleset {
        let pieces = rule_ranges(headings, lines.len())
            .map(|(range, heading, is_last)| self.rule(&lines[range], heading, is_last))
            .collect();
        let mut quirks = Vec::new();
        if text.ends_with('\n') {
            quirks.push(quirk(QuirkKind::FinalNewline, text.len(), 0));
        }
        assemble_read(
            text,
            Document {
                format: self.format,
                title: self.title,
                pieces,
                footer_start: text.len(),
                quirks,
            },
            mode,
        )
    }

    /// One rule: `lines[0]` is its heading.
    fn rule(&self, lines: &[Line<'_>], heading: &Heading, is_last: bool) -> Piece {
        let head = lines[0];
        let rest = &lines[1..];
        let mut quirks = Vec::new();
        quirks.extend(trailing_spaces(&head, heading.trailing_spaces));
        quirks.extend(blank_line_after(&head, rest.first()));
        let separator = if is_last { 0 } else { self.separator };
        separator_quirks(rest, separator, &mut quirks);
        Piece {
            start: head.start,
            rule: heading.rule((self.body)(rest)),
            quirks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_page_unwraps_into_markdown() {
        let text = "Rule 207/0\n\nAn active player becomes inactive if:\n\n* It is their turn\n\n* They said so\n\nAfter.";
        let ruleset = parse(text).unwrap();
        let rule = &ruleset.rules[0];
        assert_eq!((rule.number, rule.revision), (207, Some(0)));
        assert_eq!(
            rule.text,
            "An active player becomes inactive if:\n\n* It is their turn\n* They said so\n\nAfter."
        );
        assert!(rule.layout.as_ref().unwrap().quirks.is_empty());
        assert!(ruleset.layout.unwrap().quirks.is_empty());
        let two = parse("Rule 1/0\n\nOne.\n\nRule 2/0 (IMMUTABLE)\n\nTwo.").unwrap();
        assert_eq!(two.rules.len(), 2);
        let err = parse("Title\n\nRule 1/0\n").unwrap_err();
        assert_eq!(err.span, 0..5);
    }

    #[test]
    fn a_line_break_inside_a_paragraph_is_a_hard_break() {
        // The page is not wrapped: each line was written as a line.
        let page = "Rule 101/0\n\nPower Name: X\nPower Cost: 5\n\n* first\n  second\n\nfn main() {\n    go();\n}";
        let rule = &parse(page).unwrap().rules[0];
        assert_eq!(
            rule.text,
            "Power Name: X  \nPower Cost: 5\n\n* first  \n  second\n\nfn main() {  \ngo();  \n}"
        );
    }
}
