//! Rule headings: `## 203/1`, `## 101 (IMMUTABLE)`, `Rule 101 (Immutable)`.

use crate::model::{Mutability, Rule};
use nom::bytes::complete::take_while1;
use nom::character::complete::{char, digit1, space0};
use nom::combinator::{cut, eof, opt};
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};
use std::ops::Range;

/// A rule heading: `## 203/1`, `## 101 (IMMUTABLE)`, `Rule 101 (Immutable)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Heading {
    /// The rule's number.
    pub number: u32,
    /// The revision after `/` (`203/1`), when the heading gives one.
    pub revision: Option<u32>,
    /// `IMMUTABLE` or another marker in parentheses; mutable without one.
    pub mutability: Mutability,
    /// Bytes of trailing whitespace after the heading (a quirk when non-zero).
    pub trailing_spaces: usize,
}

impl Heading {
    /// The rule this heading opens, with `text` as its body and no history
    /// or judgments yet.
    pub(crate) fn rule(&self, text: String) -> Rule {
        Rule {
            number: self.number,
            id: None,
            title: None,
            revision: self.revision,
            mutability: self.mutability.clone(),
            text,
            history: Vec::new(),
            judgments: Vec::new(),
            layout: None,
            agora: None,
        }
    }
}

/// Why a line is not a rule heading, located in the line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} (expected {expected})")]
pub(crate) struct HeadingError {
    /// Byte range in the line.
    pub span: Range<usize>,
    /// What is wrong, for people to read.
    pub message: String,
    /// What the heading grammar expected at `span`.
    pub expected: String,
    /// The line has a heading's shape but a number too large for a u32.
    pub overflow: bool,
}

/// `## N[/R][ (MARKER)]`, the Markdown rule heading.
pub(crate) fn md_heading(line: &str) -> Result<Heading, HeadingError> {
    heading_after(line, "## ", "`## N/R` or `## N (IMMUTABLE)`")
}

/// `Rule N[/R][ (MARKER)]`, the text-form rule heading.
pub(crate) fn txt_heading(line: &str) -> Result<Heading, HeadingError> {
    heading_after(line, "Rule ", "`Rule N/R` or `Rule N (Immutable)`")
}

/// Whether a line starts like a Markdown rule heading (`## ` and a digit),
/// so that failing to parse it is an error rather than body text.
pub(crate) fn looks_like_md_heading(line: &str) -> bool {
    line.strip_prefix("## ")
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
}

/// Whether a line starts like a text rule heading (`Rule ` and a digit).
pub(crate) fn looks_like_txt_heading(line: &str) -> bool {
    line.strip_prefix("Rule ")
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
}

type Raw<'a> = (&'a str, Option<&'a str>, Option<&'a str>, &'a str);

fn heading_shape(input: &str) -> IResult<&str, Raw<'_>> {
    // After `/` or `(` the heading is committed (`cut`): failing there
    // reports that place rather than backtracking to an earlier one.
    let marker = preceded(
        (space0, char('(')),
        cut(terminated(
            take_while1(|c: char| c.is_alphabetic() || c == ' ' || c == '-'),
            char(')'),
        )),
    );
    terminated(
        (
            digit1,
            opt(preceded(char('/'), cut(digit1))),
            opt(marker),
            space0,
        ),
        eof,
    )
    .parse(input)
}

fn heading_after(line: &str, prefix: &str, expected: &str) -> Result<Heading, HeadingError> {
    let Some(rest) = line.strip_prefix(prefix) else {
        return Err(HeadingError {
            span: 0..line.len().min(prefix.len()),
            message: "not a rule heading".into(),
            expected: expected.into(),
            overflow: false,
        });
    };
    let base = prefix.len();
    let (number, revision, marker, trailing) = match heading_shape(rest) {
        Ok((_, raw)) => raw,
        Err(nom::Err::Error(err) | nom::Err::Failure(err)) => {
            let at = base + rest.len() - err.input.len();
            let end = line[at..].chars().next().map_or(at, |c| at + c.len_utf8());
            let before = &line[..at];
            let expected = if before.ends_with('/') {
                "a revision number after `/`".to_string()
            } else if before
                .rfind('(')
                .is_some_and(|i| !before[i..].contains(')'))
            {
                "a marker such as `IMMUTABLE` closed by `)`".to_string()
            } else {
                format!("the end of the heading: {expected}")
            };
            return Err(HeadingError {
                span: at..end,
                message: "malformed rule heading".into(),
                expected,
                overflow: false,
            });
        }
        Err(nom::Err::Incomplete(_)) => unreachable!("complete parsers never ask for more"),
    };
    let offset_of = |part: &str| part.as_ptr() as usize - line.as_ptr() as usize;
    let number_value = to_u32(number, offset_of(number), "rule number")?;
    let revision = revision
        .map(|digits| to_u32(digits, offset_of(digits), "revision"))
        .transpose()?;
    Ok(Heading {
        number: number_value,
        revision,
        mutability: marker.map_or(Mutability::Mutable, Mutability::from_marker),
        trailing_spaces: trailing.len(),
    })
}

fn to_u32(digits: &str, at: usize, what: &str) -> Result<u32, HeadingError> {
    digits.parse().map_err(|_| HeadingError {
        span: at..at + digits.len(),
        message: format!("{what} {digits} is too large"),
        expected: format!("a {what} up to {}", u32::MAX),
        overflow: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_of_both_families() {
        let h = md_heading("## 101/0 (IMMUTABLE)").unwrap();
        assert_eq!((h.number, h.revision), (101, Some(0)));
        assert_eq!(h.mutability, Mutability::Immutable);
        let h = md_heading("## 205").unwrap();
        assert_eq!(
            (h.number, h.revision, h.mutability),
            (205, None, Mutability::Mutable)
        );
        let h = txt_heading("Rule 101 (Immutable)").unwrap();
        assert_eq!(h.mutability, Mutability::Immutable);
        let h = txt_heading("Rule 7/2 (TRANSIENT)").unwrap();
        assert_eq!(h.mutability, Mutability::Other("transient".into()));
        assert_eq!(h.revision, Some(2));
        assert_eq!(md_heading("## 203/1  ").unwrap().trailing_spaces, 2);
    }

    #[test]
    fn heading_errors_are_located() {
        let err = md_heading("## 99999999999/0").unwrap_err();
        assert_eq!(err.span, 3..14);
        assert!(err.message.contains("too large"), "{}", err.message);
        let err = md_heading("## 12/x").unwrap_err();
        assert_eq!(err.span, 6..7);
        assert_eq!(err.expected, "a revision number after `/`");
        let err = txt_heading("Rule 12 (Immutable").unwrap_err();
        assert_eq!(err.span, 18..18);
        assert!(err.expected.contains("closed by `)`"), "{}", err.expected);
        let err = md_heading("## 12 x").unwrap_err();
        assert_eq!(err.span, 6..7);
        assert!(err.expected.starts_with("the end of the heading"));
        let err = txt_heading("Rule 5/99999999999").unwrap_err();
        assert_eq!(err.span, 7..18);
    }
}
