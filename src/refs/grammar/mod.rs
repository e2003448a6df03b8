//! The citation grammar, in `nom`. See the module documentation of
//! [`crate::refs`] for what is taken and what is not, and why.
//!
//! The scanner tries the grammar at every word start; the parsers work on
//! suffixes of the text, so every span is found from the position of a
//! sub-slice in the whole text. `words` holds the words that introduce a
//! citation, `numbers` the numbers, lists and ranges that follow them.

mod candidates;
mod numbers;
mod words;

use super::{CitedNumber, Reference, ReferenceKind};
use nom::branch::alt;
use nom::bytes::complete::tag_no_case;
use nom::character::complete::{alphanumeric1, char, digit1};
use nom::combinator::{opt, recognize};
use nom::error::{Error, ErrorKind};
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};
use numbers::numbers;
use std::ops::Range;
use words::{gap, keyword, ordinal, part_word, starts_with_part_word, supersede_verb};

pub(super) use numbers::MAX_DIGITS;

type Res<'a, T> = IResult<&'a str, T>;

/// How a number was introduced, which decides what may follow its digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Intro {
    /// By `Rule`: `Rule 206's` is a possessive, `Rule 203/1` names a revision.
    Singular,
    /// By `Rules`: `Rules 600's` names the 600s, not a rule.
    Plural,
    /// By nothing but a list separator or `superseding`: only list-like
    /// followers are allowed (`24 hours` is not a rule).
    Bare,
}

pub(super) fn extract(text: &str) -> Vec<Reference> {
    scan(text, candidates::windows(text))
}

/// The grammar tried at every word start of `text`: what [`extract`] must
/// find with its windows.
#[cfg(test)]
pub(super) fn extract_everywhere(text: &str) -> Vec<Reference> {
    scan(text, std::iter::once(0..text.len()))
}

/// Tries the grammar at each word start inside the ascending `windows` (of
/// start positions), as a scan of the whole text would meet them: a
/// citation found is skipped whole, even where it runs into later windows.
fn scan(text: &str, windows: impl Iterator<Item = Range<usize>>) -> Vec<Reference> {
    let mut found = Vec::new();
    let mut pos = 0;
    for window in windows {
        pos = pos.max(window.start);
        while pos < window.end {
            let Some(c) = text[pos..].chars().next() else {
                break;
            };
            let previous = text[..pos].chars().next_back();
            let word_start = previous.is_none_or(|p| !p.is_alphanumeric() && p != '-');
            if word_start && may_start_citation(c) {
                if let Ok((rest, reference)) = citation(text, &text[pos..]) {
                    pos = text.len() - rest.len();
                    found.push(reference);
                    continue;
                }
            }
            pos += c.len_utf8();
        }
    }
    found
}

/// Whether a citation can begin with `c`: the first letters of `rule`,
/// `supersede`, the ordinals and the part words, or a digit (`2nd`). Saves
/// trying the grammar at most words.
fn may_start_citation(c: char) -> bool {
    c.is_ascii_digit()
        || matches!(
            c.to_ascii_lowercase(),
            'r' | 's' | 'f' | 't' | 'e' | 'n' | 'l' | 'p' | 'c' | 'i' | 'b'
        )
}

/// Where `part` (a sub-slice of `text`) lies in `text`.
pub(super) fn span(text: &str, part: &str) -> Range<usize> {
    let start = part.as_ptr() as usize - text.as_ptr() as usize;
    start..start + part.len()
}

pub(super) fn fail<T>(input: &str) -> Res<'_, T> {
    Err(nom::Err::Error(Error::new(input, ErrorKind::Verify)))
}

fn citation<'a>(text: &'a str, input: &'a str) -> Res<'a, Reference> {
    let mut part = (|i| part(text, i)).map(|n| (ReferenceKind::Part, n));
    let superseding = (|i| superseding(text, i)).map(|n| (ReferenceKind::Superseding, n));
    let mut rule = (|i| rule(text, i)).map(|n| (ReferenceKind::Rule, n));
    // Dispatch on the first letter: only `rule` starts with r, and no
    // ordinal or part word does.
    let (rest, (kind, numbers)) = match input.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('r') => rule.parse(input)?,
        Some('s') => alt((superseding, part)).parse(input)?,
        _ => part.parse(input)?,
    };
    let start = span(text, input).start;
    let end = text.len() - rest.len();
    let reference = Reference {
        span: start..end,
        numbers,
        kind,
    };
    Ok((rest, reference))
}

/// `Rule 206`, `Rules 101-117 (immutable) and 201-219 (mutable)`.
fn rule<'a>(text: &'a str, input: &'a str) -> Res<'a, Vec<CitedNumber>> {
    let (rest, intro) = terminated(keyword, gap).parse(input)?;
    numbers(text, rest, intro)
}

/// `superseding 203`, `superseding Rule 215`.
fn superseding<'a>(text: &'a str, input: &'a str) -> Res<'a, Vec<CitedNumber>> {
    let (rest, _) = (supersede_verb, gap).parse(input)?;
    let (rest, intro) = opt(terminated(keyword, gap)).parse(rest)?;
    numbers(text, rest, intro.unwrap_or(Intro::Bare))
}

/// `first paragraph of rule 301`, `paragraph 2 of Rule 206`.
fn part<'a>(text: &'a str, input: &'a str) -> Res<'a, Vec<CitedNumber>> {
    if !starts_with_part_word(input) {
        return fail(input);
    }
    let (rest, _) = (
        opt(terminated(ordinal, gap)),
        part_word,
        opt(preceded(
            gap,
            alt((digit1, recognize((char('('), alphanumeric1, char(')'))))),
        )),
        gap,
        tag_no_case("of"),
        gap,
    )
        .parse(input)?;
    rule(text, rest)
}
