//! The citation grammar, in `nom`. See the module documentation of
//! [`crate::refs`] for what is taken and what is not, and why.
//!
//! The scanner tries the grammar at every word start; the parsers work on
//! suffixes of the text, so every span is found from the position of a
//! sub-slice in the whole text.

use super::{CitedNumber, Reference, ReferenceKind};
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while, take_while1, take_while_m_n};
use nom::character::complete::{alphanumeric1, char, digit1, satisfy};
use nom::combinator::{map_res, not, opt, recognize, verify};
use nom::error::{Error, ErrorKind};
use nom::multi::{many0, many1_count};
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};
use std::ops::Range;

type Res<'a, T> = IResult<&'a str, T>;

/// How a number was introduced, which decides what may follow its digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Intro {
    /// By `Rule`: `Rule 206's` is a possessive, `Rule 203/1` names a revision.
    Singular,
    /// By `Rules`: `Rules 600's` names the 600s, not a rule.
    Plural,
    /// By nothing but a list separator or `superseding`: only list-like
    /// followers are allowed (`24 hours` is not a rule).
    Bare,
}

/// Words that may follow the last bare number of a list of rules
/// (`Rules 201 and 212 are mutable`). Words that follow quantities
/// (`hours`, `points`, `of`, `in`, `each`) are deliberately absent.
const LIST_FOLLOWERS: &[&str] = &[
    "and", "or", "nor", "but", "are", "is", "was", "were", "be", "apply", "applies", "shall",
    "must", "may", "will", "can", "cannot", "do", "does", "did", "have", "has", "had", "take",
    "takes", "remain", "remains", "still", "also", "hold", "holds", "say", "says", "state",
    "states", "govern", "governs", "would", "should", "could", "might",
];

/// Citations are at most five digits long: longer numbers are not rule
/// numbers (and could not be renumbered back digit for digit).
pub(super) const MAX_DIGITS: usize = 5;

pub(super) fn extract(text: &str) -> Vec<Reference> {
    let mut found = Vec::new();
    let mut pos = 0;
    let mut previous: Option<char> = None;
    while let Some(c) = text[pos..].chars().next() {
        let word_start = previous.is_none_or(|p| !p.is_alphanumeric() && p != '-');
        if word_start && may_start_citation(c) {
            if let Ok((rest, reference)) = citation(text, &text[pos..]) {
                let end = text.len() - rest.len();
                previous = text[..end].chars().next_back();
                pos = end;
                found.push(reference);
                continue;
            }
        }
        previous = Some(c);
        pos += c.len_utf8();
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
fn span(text: &str, part: &str) -> Range<usize> {
    let start = part.as_ptr() as usize - text.as_ptr() as usize;
    start..start + part.len()
}

fn fail<T>(input: &str) -> Res<'_, T> {
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

/// A quick test before the full parse, which is slow to fail in debug
/// builds and would be tried at most words of a text.
fn starts_with_part_word(input: &str) -> bool {
    const WORDS: &[&str] = &[
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "last",
        "final",
        "paragraph",
        "subsection",
        "section",
        "sentence",
        "clause",
        "item",
        "bullet",
        "part",
    ];
    let word = input
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default();
    let ordinal = word.starts_with(|c: char| c.is_ascii_digit());
    ordinal
        || WORDS.iter().any(|known| {
            word.get(..known.len())
                .is_some_and(|start| start.eq_ignore_ascii_case(known))
        })
}

/// `rule` or `rules` as a whole word, and the colon of `Relevant Rules:`.
fn keyword(input: &str) -> Res<'_, Intro> {
    let (rest, word) = alt((tag_no_case("rules"), tag_no_case("rule"))).parse(input)?;
    let (rest, _) = not(satisfy(|c| c.is_alphanumeric() || c == '-')).parse(rest)?;
    let (rest, _) = opt(char(':')).parse(rest)?;
    let intro = if word.len() == 5 {
        Intro::Plural
    } else {
        Intro::Singular
    };
    Ok((rest, intro))
}

/// Any spelling of supersede found in rulesets: `supersedes`, `superseding`,
/// `supercede`, `superceeding`, `superseded`.
fn supersede_verb(input: &str) -> Res<'_, &str> {
    recognize((
        tag_no_case("super"),
        satisfy(|c| matches!(c, 's' | 'S' | 'c' | 'C')),
        take_while_m_n(1, 2, |c| c == 'e' || c == 'E'),
        satisfy(|c| c == 'd' || c == 'D'),
        opt(alt((
            tag_no_case("ing"),
            tag_no_case("es"),
            tag_no_case("ed"),
            tag_no_case("e"),
            tag_no_case("s"),
        ))),
        not(satisfy(char::is_alphanumeric)),
    ))
    .parse(input)
}

fn ordinal(input: &str) -> Res<'_, &str> {
    terminated(
        alt((
            tag_no_case("first"),
            tag_no_case("second"),
            tag_no_case("third"),
            tag_no_case("fourth"),
            tag_no_case("fifth"),
            tag_no_case("sixth"),
            tag_no_case("seventh"),
            tag_no_case("eighth"),
            tag_no_case("ninth"),
            tag_no_case("tenth"),
            tag_no_case("last"),
            tag_no_case("final"),
            recognize((
                digit1,
                alt((
                    tag_no_case("st"),
                    tag_no_case("nd"),
                    tag_no_case("rd"),
                    tag_no_case("th"),
                )),
            )),
        )),
        not(satisfy(char::is_alphanumeric)),
    )
    .parse(input)
}

fn part_word(input: &str) -> Res<'_, &str> {
    recognize((
        alt((
            tag_no_case("paragraph"),
            tag_no_case("subsection"),
            tag_no_case("section"),
            tag_no_case("sentence"),
            tag_no_case("clause"),
            tag_no_case("item"),
            tag_no_case("bullet"),
            tag_no_case("part"),
        )),
        opt(tag_no_case("s")),
        not(satisfy(char::is_alphanumeric)),
    ))
    .parse(input)
}

/// Whitespace between words, `&nbsp;` included; at most one line break, so
/// that a citation never spans paragraphs.
fn gap(input: &str) -> Res<'_, &str> {
    verify(
        recognize(many1_count(alt((
            take_while1(char::is_whitespace),
            tag("&nbsp;"),
            tag("&#160;"),
        )))),
        |gap: &str| gap.matches('\n').count() <= 1,
    )
    .parse(input)
}

fn spaces(input: &str) -> Res<'_, &str> {
    take_while(|c| c == ' ' || c == '\t' || c == '\u{a0}').parse(input)
}

/// What may stand between the introducing word and the digits: `#206`,
/// `**206**`, `[206](…)`.
fn lead(input: &str) -> Res<'_, &str> {
    recognize((
        opt(char('#')),
        take_while_m_n(0, 3, |c| c == '*' || c == '_' || c == '['),
    ))
    .parse(input)
}

/// The digits of a rule number, and its value.
fn digits(input: &str) -> Res<'_, (&str, u32)> {
    let (rest, found) = verify(digit1, |d: &str| {
        d.len() <= MAX_DIGITS && (d == "0" || !d.starts_with('0'))
    })
    .parse(input)?;
    let (_, number) = map_res(digit1, str::parse::<u32>).parse(found)?;
    Ok((rest, (found, number)))
}

/// The `-117` of `101-117`, `101–117`, `101 through 117`.
fn range_end(input: &str) -> Res<'_, (&str, u32)> {
    preceded(
        alt((
            recognize((spaces, alt((char('-'), char('–'), char('—'))), spaces)),
            recognize((gap, tag_no_case("through"), gap)),
        )),
        digits,
    )
    .parse(input)
}

/// One number or range, with the check of what follows it.
fn item<'a>(text: &'a str, input: &'a str, intro: Intro) -> Res<'a, CitedNumber> {
    let (rest, (first, number)) = preceded(lead, digits).parse(input)?;
    let cited = |end: Option<(&str, u32)>| CitedNumber {
        number,
        span: span(text, first),
        range_end: end.map(|(digits, last)| (last, span(text, digits))),
    };
    if let Ok((after, (last, end))) = range_end(rest) {
        if end > number && follower_ok(after, intro) {
            return Ok((after, cited(Some((last, end)))));
        }
    }
    if follower_ok(rest, intro) {
        Ok((rest, cited(None)))
    } else {
        fail(input)
    }
}

/// The first number after the introducing word, then the rest of the list.
fn numbers<'a>(text: &'a str, input: &'a str, intro: Intro) -> Res<'a, Vec<CitedNumber>> {
    let (rest, first) = item(text, input, intro)?;
    let (rest, more) = many0(|i| continuation(text, i)).parse(rest)?;
    let mut all = vec![first];
    all.extend(more);
    Ok((rest, all))
}

/// `, 212`, ` and 213`, `, and Rule 304`, ` (immutable) and 201-219`.
fn continuation<'a>(text: &'a str, input: &'a str) -> Res<'a, CitedNumber> {
    let conjunction = || {
        alt((
            tag_no_case("and/or"),
            tag_no_case("and"),
            tag_no_case("or"),
            tag("&amp;"),
            tag("&"),
        ))
    };
    let parenthetical = (
        spaces,
        delimited(
            char('('),
            take_while_m_n(1, 40, |c| c != '(' && c != ')' && c != '\n'),
            char(')'),
        ),
    );
    let separator = alt((
        recognize((spaces, char(','), opt(gap), opt((conjunction(), gap)))),
        recognize((gap, conjunction(), gap)),
    ));
    let (rest, (_, _, intro)) =
        (opt(parenthetical), separator, opt(terminated(keyword, gap))).parse(input)?;
    item(text, rest, intro.unwrap_or(Intro::Bare))
}

/// Whether the text after a number lets the number be a rule number.
fn follower_ok(rest: &str, intro: Intro) -> bool {
    let mut chars = rest.chars();
    let Some(next) = chars.next() else {
        return true;
    };
    let second = chars.next();
    let digit_follows = second.is_some_and(|c| c.is_ascii_digit());
    match next {
        c if c.is_alphanumeric() => false,
        '.' | ',' | '-' | '–' | '—' if digit_follows => false,
        '/' if digit_follows => intro != Intro::Bare,
        '\'' | '’' if matches!(second, Some('s' | 'S')) => {
            intro == Intro::Singular && !chars.next().is_some_and(char::is_alphanumeric)
        }
        '%' | '°' => false,
        _ => intro != Intro::Bare || list_follower(rest),
    }
}

/// After a bare number: punctuation, a line end or a list word.
fn list_follower(rest: &str) -> bool {
    let rest = rest.trim_start_matches(['*', '_']);
    let rest = rest.trim_start_matches([' ', '\t', '\u{a0}']);
    let Some(next) = rest.chars().next() else {
        return true;
    };
    if next.is_ascii_digit() {
        return false;
    }
    if !next.is_alphabetic() {
        return true;
    }
    let word: String = rest
        .chars()
        .take_while(|c| c.is_alphabetic())
        .flat_map(char::to_lowercase)
        .collect();
    LIST_FOLLOWERS.contains(&word.as_str())
}
