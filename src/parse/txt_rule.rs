//! `txt-rule`: one page per rule (`rules/txt/NNN.txt`): `Rule N/R
//! (IMMUTABLE)`, a blank line, the body as unwrapped text (one line per
//! paragraph, `* ` list items separated by blank lines); no final newline.
//! Several pages joined by blank lines read as one ruleset (titled "").

use super::assemble::{assemble, Document, Piece};
use super::error::ParseError;
use super::lines::{self, looks_like_txt_heading, Heading};
use super::markdown::quirk;
use super::text::{self, Line};
use super::wrapped::unwrapped_body;
use crate::model::{Format, QuirkKind, Rule, Ruleset};

pub fn parse(text: &str) -> Result<Ruleset, ParseError> {
    let format = Format::TxtRule;
    let error = |err: lines::HeadingError, line: &Line<'_>| {
        ParseError::new(
            err.message,
            line.start + err.span.start..line.start + err.span.end,
        )
        .expected(err.expected)
        .in_format(format)
    };
    let lines = text::lines(text, text::bom_len(text));
    let Some(first_at) = lines.iter().position(|l| !l.is_blank()) else {
        return Err(ParseError::new("the file is empty", 0..0)
            .expected("a rule heading such as `Rule 101/0 (IMMUTABLE)`")
            .in_format(format));
    };
    let first = lines[first_at];
    let mut headings: Vec<(usize, Heading)> = vec![(
        first_at,
        lines::txt_heading(first.text).map_err(|e| error(e, &first))?,
    )];
    for (k, line) in lines.iter().enumerate().skip(first_at + 1) {
        if looks_like_txt_heading(line.text) && lines[k - 1].is_blank() {
            match lines::txt_heading(line.text) {
                Ok(heading) => headings.push((k, heading)),
                Err(err) if err.overflow => return Err(error(err, line)),
                // `Rule 206 says ...` opening a paragraph is body text.
                Err(_) => {}
            }
        }
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
            title: String::new(),
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
    let expected = usize::from(!is_last);
    if blanks > expected && blanks < rest.len() {
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
            text: unwrapped_body(rest),
            history: Vec::new(),
            judgments: Vec::new(),
            layout: None,
        },
        quirks,
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
}
